# string: the character-class constants (lengths, contents, relations between
# them) and capwords with and without a separator.
import string

names = ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits",
         "hexdigits", "octdigits", "punctuation", "whitespace", "printable"]
for name in names:
    value = getattr(string, name)
    print(name, len(value), repr(value))

print(string.ascii_letters == string.ascii_lowercase + string.ascii_uppercase)
print(all(c in string.printable for c in string.punctuation + string.digits))
print(sorted(set(string.hexdigits.lower())) == sorted("0123456789abcdef"))
print([c for c in "a1 B2_!\t" if c in string.ascii_letters])
print([c for c in "a1 B2_!\t" if c in string.whitespace])

print(repr(string.capwords("hello world")))
print(repr(string.capwords("  hello   wORLD  again ")))
print(repr(string.capwords("a-b--c", "-")))
print(repr(string.capwords("one, two, three", ", ")))
print(repr(string.capwords("")))
print(repr(string.capwords("ÉTÉ été")))
print(repr(string.capwords("x\ty\nz")))


def is_identifier_like(s):
    first = string.ascii_letters + "_"
    rest = first + string.digits
    return len(s) > 0 and s[0] in first and all(c in rest for c in s[1:])


for s in ["abc", "_x1", "1abc", "a-b", ""]:
    print(repr(s), is_identifier_like(s))
