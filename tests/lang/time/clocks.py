# time.time() and time.perf_counter(): only properties that hold on every run
# are printed (never the values themselves).
import time
t0 = time.time()
p0 = time.perf_counter()
total = 0
for i in range(10000):
    total += i
t1 = time.time()
p1 = time.perf_counter()
print(type(t0).__name__, type(p0).__name__)
print(t0 > 1.6e9, t1 >= t0, t1 - t0 < 60)
print(p1 >= p0, p1 - p0 < 60, total)
stamps = [time.perf_counter() for _ in range(100)]
print(all(a <= b for a, b in zip(stamps, stamps[1:])))
