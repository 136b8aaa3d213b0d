# kiln-helper: a user module for tests/tracer/guards.py
def shift(t):
    return t - 1
