# TypeErrors from argument unpacking and from calling non-callables.
def f(x):
    return x
nothing = None
class Thing:
    pass
for bad in [lambda: f(*5), lambda: f(**[1]), lambda: f(*None), lambda: Thing()(),
            lambda: f(**{1: 2}), lambda: nothing()]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
print(f(*[7]), f(**{"x": 8}), f(*(), x=9))
