# generator.throw() raises inside the generator at the paused yield;
# close() raises GeneratorExit there; a generator may handle either.
def worker():
    while True:
        try:
            value = yield "ready"
            print("got", value)
        except ValueError as e:
            print("worker handled", e)
            yield "recovered"
g = worker()
print(next(g))
print(g.send(1))
print(g.throw(ValueError("bad input")))
print(next(g))
def fragile():
    yield 1
    yield 2
f = fragile()
next(f)
try:
    f.throw(KeyError("boom"))
except KeyError as e:
    print("propagated out:", e)
print(next(f, "finished after throw"))
def closing():
    try:
        yield 1
        yield 2
    except GeneratorExit:
        print("GeneratorExit seen")
        raise
c = closing()
next(c)
c.close()
c.close()
print("closed twice is fine")
def never_started():
    print("never runs")
    yield
n = never_started()
n.close()
print("closing an unstarted generator runs nothing")
