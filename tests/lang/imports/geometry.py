# kiln-helper: a user module imported by the tests in this folder.
"""Shapes and constants for the import tests."""
PI = 3.14159
_private = "hidden from star imports"
unit = "m"


def area(r):
    return round(PI * r * r, 4)


def describe(r):
    # Reads the module global `unit` at call time.
    return f"circle of radius {r}{unit}"


class Square:
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2


if __name__ == "__main__":
    print("geometry run as a script: not when imported")
