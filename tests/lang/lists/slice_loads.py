# a[i:j] and a[i:j:k] loads (BINARY_SLICE): str (ASCII and not), list, tuple,
# subclasses with and without __getitem__, range, __index__ and bool bounds,
# huge bounds, and the errors of the general path.
s = "hello, world"
u = "héllo wörld ✓"
l = list(range(10))
t = tuple(range(10))
class S(str):
    def __getitem__(self, k): return ("S", type(k.start).__name__, k.stop, k.step)
class L(list): pass
class I:
    def __index__(self): return 2
for obj in (s, u, l, t, S("abc"), L([1, 2, 3]), range(10), "x"):
    print(obj[1:3], obj[:], obj[::-1], obj[-3:], obj[:-2], obj[::2], obj[5:1:-1], obj[100:], obj[-100:2], obj[1:8:3])
    print(obj[I():], obj[True:], obj[:False], obj[None:None:None])
for bad in (lambda: s[::0], lambda: l["a":], lambda: s[1.5:], lambda: t[::0], lambda: int(5)[1:2], lambda: {}[1:2]):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
d = {slice(1, 2): 3} if False else None
big = 2**60
print(l[big:], l[-big:2], s[:big], s[big::-1])
def f(a, i):
    return a[i:i + 2], a[i:], a[:i], a[::i]
print(f("abcdef", 2), f([1, 2, 3, 4], 1), f((1, 2, 3), -1))
