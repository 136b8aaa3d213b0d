# List slicing: read, assignment (including resizing), deletion, steps.
xs = list(range(10))
print(xs[2:5], xs[:3], xs[7:], xs[-3:], xs[::3], xs[::-1], xs[8:1:-3], xs[5:2])
ys = xs[:]
ys[2:5] = ["a", "b"]
print(ys)
ys[:0] = [-2, -1]
print(ys)
ys[len(ys):] = [100]
print(ys)
ys[1:3] = []
print(ys)
ys[::2] = [0] * len(ys[::2])
print(ys)
zs = list(range(10))
del zs[::3]
print(zs)
del zs[1:3]
print(zs)
del zs[-1]
print(zs)
del zs[:]
print(zs)
w = [1, 2, 3]
w[1:2] = range(5)
print(w)
w[:] = "xy"
print(w)
try:
    w[::2] = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
s = slice(1, 8, 2)
print(xs[s], s.start, s.stop, s.step, s)
print(slice(3), slice(None, 5, None), slice(1, 2).indices(10) if hasattr(slice, "indices") else (1, 2, 1))
print(xs[-100:100], xs[100:], xs[3:3])
