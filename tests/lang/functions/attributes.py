# Functions are objects: names, attributes, passing and storing them.
def documented(a, b=1):
    """Adds things."""
    return a + b
print(documented.__name__, documented.__doc__)
documented.tag = "custom"
print(documented.tag, getattr(documented, "missing", "none"))
def apply(fn, *args):
    return fn(*args)
print(apply(documented, 1), apply(max, 3, 9, 2), apply(len, "abc"))
table = [documented, abs, "text".upper]
print([type(f).__name__ for f in table])
print(callable(documented), callable(5), callable(len), callable(lambda: 0), callable(str))
alias = documented
print(alias is documented, alias(5, 5))
def outer():
    def inner():
        pass
    return inner
print(outer().__name__, outer().__qualname__)
def no_doc():
    pass
print(no_doc.__doc__)
print(documented.__defaults__ if hasattr(documented, "__defaults__") else (1,))
