# Indexing and slicing of strings, including negative indices and steps.
s = "abcdefghij"
print(s[0], s[-1], s[3], s[-4])
print(s[2:5], s[:3], s[7:], s[:], s[-3:], s[:-3])
print(s[::2], s[1::2], s[::-1], s[::-2], s[8:2:-2])
print(s[5:2], s[100:], s[-100:3], s[3:100], repr(s[10:]))
print(s[slice(1, 4)], s[slice(None, None, 3)])
for i in range(-3, 3):
    print(i, s[i], s[i:], s[:i])
try:
    s[10]
except IndexError as e:
    print("IndexError:", e)
try:
    s["1"]
except TypeError as e:
    print("TypeError:", e)
try:
    s[0] = "z"
except TypeError as e:
    print("TypeError:", e)
u = "héllo wörld"
print(len(u), u[1], u[-4], u[::-1], u.upper())
