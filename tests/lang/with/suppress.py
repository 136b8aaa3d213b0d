# __exit__ returning a true value swallows the exception; a false one lets it
# propagate; exceptions inside __exit__ replace the original.
class Suppress:
    def __init__(self, *types):
        self.types = types
        self.caught = None
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        if et is not None and issubclass(et, self.types):
            self.caught = ev
            return True
        return False
with Suppress(KeyError, IndexError) as s:
    {}["missing"]
print("suppressed", type(s.caught).__name__, s.caught)
with Suppress(IndexError) as s:
    [][1]
    print("not reached")
print("suppressed", s.caught)
try:
    with Suppress(KeyError):
        int("x")
except ValueError as e:
    print("propagated", e)
class Replacer:
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        raise RuntimeError(f"replaced {et.__name__}")
try:
    with Replacer():
        1 / 0
except RuntimeError as e:
    print("got", e, "context:", type(e.__context__).__name__)
def returns_from_with():
    with Suppress(ZeroDivisionError):
        return 1 / 0
    return "fell through after suppression"
print(returns_from_with())
count = 0
for i in range(5):
    with Suppress(ValueError):
        if i % 2:
            raise ValueError(i)
        count += 1
print("count", count)
class Truthy:
    def __enter__(self):
        return None
    def __exit__(self, *a):
        return "non-empty string counts as true"
with Truthy():
    raise TypeError("swallowed")
print("after truthy exit")
