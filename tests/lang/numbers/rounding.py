# round() with banker's rounding, ndigits, and negative ndigits.
for v in [0.5, 1.5, 2.5, -0.5, -1.5, 3.7, -3.7, 2.675, 0.125, 1e16]:
    print(v, round(v), round(v, 1), round(v, 2), type(round(v)).__name__)
print(round(1234.5678, -1), round(1234.5678, -2), round(1250, -2), round(1350, -2), round(-1250, -2))
print(round(15, -1), round(25, -1), round(5), round(-7), round(7, 2), type(round(7, 2)).__name__)
print(round(2.5, 0), round(3.14159, 3), round(-0.0001, 2), round(0.0), round(1 / 3, 5))
print(round(123456789, -3), round(5e-324, 300), round(1.005, 2))
