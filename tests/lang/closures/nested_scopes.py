# Closures over several levels, closures over parameters, and cell sharing
# between sibling closures.
def level1(a):
    def level2(b):
        def level3(c):
            return a + b + c
        return level3
    return level2
print(level1(1)(10)(100))
def shared():
    state = {"n": 0}
    hits = []
    def hit():
        state["n"] += 1
        hits.append(state["n"])
    def report():
        return state["n"], hits
    return hit, report
hit, report = shared()
hit(); hit(); hit()
print(report())
def compose(*fns):
    def run(x):
        for f in reversed(fns):
            x = f(x)
        return x
    return run
print(compose(lambda x: x + 1, lambda x: x * 2, abs)(-5))
def partial(fn, *bound, **kwbound):
    def call(*args, **kwargs):
        merged = dict(kwbound)
        merged.update(kwargs)
        return fn(*bound, *args, **merged)
    return call
def volume(l, w, h, unit="m"):
    return f"{l * w * h}{unit}3"
print(partial(volume, 2, 3)(4), partial(volume, unit="cm")(1, 2, 3))
class Holder:
    def __init__(self, v):
        self.v = v
    def getter(self):
        def get():
            return self.v
        return get
h = Holder(3)
g = h.getter()
h.v = 4
print(g())
