# Random doubles and ints through f-string number specs, checked against
# CPython's formatting by a hash of every output (and the first few lines).
import random
random.seed(7)
out = []
for k in range(5000):
    e = random.randint(-30, 30)
    x = (random.random() - 0.5) * 10.0 ** e
    p = random.randint(0, 20)
    w = random.randint(0, 30)
    out.append(f"{x:.{p}f}|{x:0{w}.{p}f}|{x:{w}.{p}e}|{x:.{p}E}")
    n = random.randint(-10**15, 10**15)
    out.append(f"{n:0{w}d}|{n:{w}x}|{n:0{w}b}")
h = 0
for s in out:
    for ch in s:
        h = (h * 131 + ord(ch)) % 1000000007
print(len(out), h)
print(out[:3])
