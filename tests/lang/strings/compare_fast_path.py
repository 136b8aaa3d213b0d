# String comparisons through the interpreter's str fast path and around it:
# every operator, prefixes, non-ASCII text (code point order), chained
# comparisons, str subclasses that override the operators, and mixed types.

words = ["", "a", "ab", "abc", "b", "B", "Z", "é", "ée", "z", "€", "😀", "a\x00", "ab"]
for op_name, op in [("<", lambda x, y: x < y), ("<=", lambda x, y: x <= y), ("==", lambda x, y: x == y),
                    ("!=", lambda x, y: x != y), (">", lambda x, y: x > y), (">=", lambda x, y: x >= y)]:
    row = "".join("1" if op(x, y) else "0" for x in words for y in words)
    print(op_name, row.count("1"), row[:40])

count = 0
for ch in "Hello, World! ünïcode 123":
    if "a" <= ch <= "z":
        count += 1
    elif "A" <= ch <= "Z":
        count += 10
    if ch == " " or ch != ch:
        count += 100
print(count)


class Loud(str):
    def __lt__(self, other):
        return "custom lt"

    def __eq__(self, other):
        return "custom eq"

    __hash__ = str.__hash__


s = Loud("m")
print(s < "z", s == "m", "z" > s, "m" == s, s != "m", s <= "z")

try:
    print("a" < 1)
except TypeError as e:
    print("TypeError:", e)
print("a" == 1, "a" != 1, 1 == "a")
print(sorted(words) == sorted(words, key=lambda w: [ord(c) for c in w]))
