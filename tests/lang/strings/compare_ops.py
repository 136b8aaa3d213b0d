# String comparison, concatenation, repetition, iteration, conversion.
print("a" < "b", "abc" < "abd", "ab" < "abc", "B" < "a", "" < "a")
print("abc" == "abc", "abc" != "ABC", "b" > "abc", "Z" >= "Z")
print(sorted(["pear", "Apple", "banana", "apple", "Banana"]))
print(max("hello"), min("hello"), sorted("kiln"))
print("ab" + "cd", "ab" * 3, 3 * "x", "ab" * 0, "ab" * -1 == "")
s = ""
for ch in "abc":
    s = ch + s
print(s)
print(list("abc"), tuple("ab"), [c * 2 for c in "xyz"])
print(str(12), str(-3.5), str([1, "a"]), str((1,)), str({"k": [1]}))
print(repr("x"), repr(12), repr([1, "a"]), repr(None))
print(ord("a"), chr(97), chr(0x4e2d), ord("€"))
print(len("abc" * 1000))
t = "kiln"
t += " vm"
t *= 2
print(t)
try:
    "a" + 1
except TypeError as e:
    print("TypeError:", e)
try:
    "a" < 1
except TypeError as e:
    print("TypeError:", e)
try:
    "a" * "b"
except TypeError as e:
    print("TypeError:", e)
