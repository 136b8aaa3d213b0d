# A generator dropped while suspended inside try/finally or a with block is
# closed, as in CPython: GeneratorExit at its yield runs the finally blocks
# and __exit__s (a `for` loop left by break, a partly consumed generator,
# del); one never started or already finished has nothing to run.


def numbers(tag):
    try:
        yield 1
        yield 2
        yield 3
    finally:
        print("finally", tag)


class Resource:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("open", self.name)
        return self

    def __exit__(self, *exc):
        print("close", self.name, exc[0].__name__ if exc[0] else None)
        return False


def lines(name):
    with Resource(name):
        for i in range(5):
            yield i


for x in numbers("loop"):
    if x == 2:
        break
print("after loop")

g = numbers("del")
print(next(g))
del g
print("after del")

print(sum(x for x in lines("genexp") if x < 10), "full run")
for i in lines("partial"):
    if i == 1:
        break
print("after partial")


def outer():
    try:
        yield from numbers("inner")
    finally:
        print("finally outer")


o = outer()
print(next(o))
o = None
print("after yield from")

never = numbers("never started")
del never
done = numbers("finished")
print(list(done))
del done


def swallow():
    try:
        yield 1
    except GeneratorExit:
        print("saw GeneratorExit")
        raise


s = swallow()
next(s)
s = None
print("end")
