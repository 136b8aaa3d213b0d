# SyntaxError: a parameter without a default after one with a default.
print("never printed")


def f(a=1, b):
    return a + b
