# time.sleep() waits at least the requested time.
import time
start = time.perf_counter()
time.sleep(0.05)
elapsed = time.perf_counter() - start
print(elapsed >= 0.045, elapsed < 5)
time.sleep(0)
print("slept zero")
try:
    time.sleep(-1)
except ValueError as e:
    print("ValueError:", e)
