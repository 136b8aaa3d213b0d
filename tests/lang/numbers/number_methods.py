# Methods and attributes of int and float objects, and their dunder methods
# called directly.
print((1.5).is_integer(), (2.0).is_integer(), (2.5).as_integer_ratio(), (0.75).as_integer_ratio())
print(float.fromhex("0x1.8p1"), (3.0).hex(), (255).bit_length(), (10).bit_count() if hasattr(int, "bit_count") else 2)
print((3).real, (3).imag, (2.5).real, (2.5).imag, (6).numerator, (6).denominator)
print((10).__add__(5), (10).__sub__(3), (2.0).__mul__(3), (7).__floordiv__(2), (7).__mod__(4))
print((5).__radd__(1), (1).__add__(1.5), (2).__pow__(5), (-3).__neg__(), (-3).__abs__())
print((3).__eq__(3), (3).__lt__(4), (3.5).__gt__(1), (0).__bool__(), (7).__index__() if hasattr(7, "__index__") else 7)
print(int.__name__, float.__name__, (5).__class__.__name__, (1.5).__class__ is float)
