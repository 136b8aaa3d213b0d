# Decorators: plain, stacked, with arguments, wrapping with *args/**kwargs,
# on methods, and decorators that register rather than wrap.
def shout(fn):
    def wrapper(*args, **kwargs):
        return str(fn(*args, **kwargs)).upper() + "!"
    return wrapper
@shout
def greet(name, punct=""):
    return f"hello {name}{punct}"
print(greet("kiln"), greet("you", punct="?"))
def trace(label):
    def deco(fn):
        def wrapper(*args):
            print(f"[{label}] calling {fn.__name__}{args}")
            result = fn(*args)
            print(f"[{label}] {fn.__name__} returned {result}")
            return result
        return wrapper
    return deco
@trace("outer")
@trace("inner")
def add(a, b):
    return a + b
print(add(2, 3))
registry = {}
def register(fn):
    registry[fn.__name__] = fn
    return fn
@register
def alpha():
    return "a"
@register
def beta():
    return "b"
print(sorted(registry), registry["beta"]())
def count_calls(fn):
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return fn(*args, **kwargs)
    wrapper.calls = 0
    return wrapper
@count_calls
def square(x):
    return x * x
print([square(i) for i in range(4)], square.calls)
class Greeter:
    def __init__(self, name):
        self.name = name
    @shout
    def hi(self):
        return "hi " + self.name
print(Greeter("bob").hi())
def memo(fn):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    return wrapper
@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80))
decorated_order = []
def mark(tag):
    decorated_order.append("factory " + tag)
    def deco(fn):
        decorated_order.append("apply " + tag)
        return fn
    return deco
@mark("1")
@mark("2")
def nothing():
    pass
print(decorated_order)
