# kiln-helper: a function that raises, for the traceback tests.
def divide(a, b):
    return a / b


def explode(depth):
    if depth == 0:
        raise ValueError("exploded in failing_mod")
    return explode(depth - 1)
