# with A() as a, B() as b: entered left to right, exited right to left, also
# when the body raises or when a later __enter__ fails.
class CM:
    def __init__(self, name, fail_enter=False):
        self.name = name
        self.fail_enter = fail_enter
    def __enter__(self):
        if self.fail_enter:
            print("enter", self.name, "fails")
            raise RuntimeError(f"cannot enter {self.name}")
        print("enter", self.name)
        return self.name
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else "-")
        return False
with CM("a") as a, CM("b") as b, CM("c"):
    print("body", a, b)
try:
    with CM("x"), CM("y"):
        raise ValueError("body failed")
except ValueError as e:
    print("caught", e)
try:
    with CM("p"), CM("q", fail_enter=True), CM("r"):
        print("not reached")
except RuntimeError as e:
    print("caught", e)
with CM("outer"):
    with CM("inner") as i:
        print("nested body", i)
