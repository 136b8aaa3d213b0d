# Generator send(): the value of a yield expression, priming with next().
def echo():
    received = None
    while True:
        received = yield received
        if received == "stop":
            return
g = echo()
print(next(g))
print(g.send("a"), g.send("b"), g.send(3))
try:
    g.send("stop")
except StopIteration:
    print("generator returned")
def averager():
    total = 0
    count = 0
    average = None
    while True:
        value = yield average
        total += value
        count += 1
        average = total / count
avg = averager()
next(avg)
for v in [10, 20, 30, 5]:
    print(avg.send(v))
def accumulate():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
    return total
acc = accumulate()
print(acc.send(None))
print(acc.send(5), acc.send(7))
try:
    acc.send(None)
except StopIteration as e:
    print("final value", e.value)
fresh = echo()
try:
    fresh.send("too early")
except TypeError as e:
    print("TypeError:", e)
