# print(): several arguments, sep, end, no arguments, and str() of each value.
print()
print("a", "b", "c")
print("a", "b", "c", sep="")
print("a", "b", sep=", ", end=".\n")
print("no newline", end="")
print(" <- continued")
print(1, 2.5, None, True, [1, "x"], (1,), {"k": None}, sep=" | ")
print(*range(5), sep="-")
print("x", end="")
print("y", end="")
print()
print("", "")
print(sep="ignored with no args")
print("multi\nline")
print("tab\tsep", "end", end="!\n")
print(*"abc", sep="\n")
print(None, sep=None, end=None)
lines = ["first", "second"]
for l in lines:
    print(l, end=" / " if l != lines[-1] else "\n")
try:
    print("x", sep=5)
except TypeError as e:
    print("TypeError:", e)
