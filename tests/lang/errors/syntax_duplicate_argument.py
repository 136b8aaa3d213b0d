# SyntaxError: the same parameter name twice.
print("never printed")


def f(a, b, a):
    return a
