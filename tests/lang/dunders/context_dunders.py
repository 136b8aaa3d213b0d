# __enter__ / __exit__ called by with, including the exception arguments.
class Tracker:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return self.suppress
with Tracker("a") as value:
    print("body with", value)
with Tracker("b", suppress=True):
    raise KeyError("k")
print("after suppressed")
try:
    with Tracker("c"):
        1 / 0
except ZeroDivisionError as e:
    print("propagated:", e)
class Resource:
    opened = 0
    def __enter__(self):
        Resource.opened += 1
        return self
    def __exit__(self, *args):
        Resource.opened -= 1
def use():
    with Resource() as r:
        print("inside, open =", Resource.opened)
        return "returned from inside with"
print(use(), "open =", Resource.opened)
for i in range(3):
    with Resource():
        if i == 1:
            continue
        if i == 2:
            break
print("open after loop =", Resource.opened)
