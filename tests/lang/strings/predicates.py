# str predicates on ASCII strings (a byte loop) and on non-ASCII ones
# (decoded code points), including empty strings and mixed content.
samples = ["", "abc", "ABC", "aBc", "ab1", "123", "12.5", " \t\n", "x y", "Hello World",
           "é", "naïve", "ÀÉÎ", "٣٤", "½", "Ⅻ", "a\u00a0b", "\u2003", "日本", "abc日"]
preds = ["isalpha", "isdigit", "isdecimal", "isnumeric", "isalnum", "isspace", "isupper", "islower",
         "istitle", "isprintable", "isascii", "isidentifier"]
for s in samples:
    print(repr(s), "".join("1" if getattr(s, p)() else "0" for p in preds))
try:
    str.isalpha(5)
except TypeError as e:
    print("TypeError:", e)
try:
    "a".isalpha(1)
except TypeError as e:
    print("TypeError:", e)
d = {1: 2}
print(d.get(1), d.get(3), d.get(3, 4))
for call in [lambda: d.get(), lambda: d.get(1, 2, 3), lambda: dict.get([], 1), lambda: d.get(1, default=2)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
