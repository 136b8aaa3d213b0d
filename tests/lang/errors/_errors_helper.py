# Helper module for errors/error_in_module.py (not a test: its name starts with _).
def safe_div(a, b):
    if b == 0:
        raise ZeroDivisionError(f"cannot divide {a} by zero")
    return a / b
