# abs, round, divmod, pow, int, float, bool, hex, bin, oct, chr, ord.
print(abs(-7), abs(7.5), abs(-0.0), abs(False))
print(round(3.14159, 2), round(2.5), round(3.5), round(-2.5), round(17, -1), round(0.1 + 0.2, 2))
print(divmod(20, 6), divmod(-20, 6), divmod(20.5, 6))
print(pow(2, 8), pow(2, -1), pow(7, 2, 5), pow(2.0, 0.5))
print(int("42"), int(4.9), int("-0"), int("101", 2), float("2.5e2"), float(7), float("-inf"))
print(bool(0), bool(1), bool(""), bool("0"), bool([]), bool([[]]), bool(None), bool(0.0))
print(hex(0), hex(4096), hex(-1), bin(10), bin(-10), oct(64), oct(-1))
print(chr(65), chr(955), chr(0x1F600) == "\U0001F600", ord("A"), ord("λ"), ord(chr(300)))
print([chr(c) for c in range(ord("a"), ord("f"))])
print(int("  12  "), float("  3.5\n"), int(-12.0), float(True))
print(str(10), str(-2.5), str(1e-9), repr(1e-9), str(123456789.0))
print(format(255, "x"), format(255, "08b"), format(3.14159, ".3f"), format(42, ">5"), format(0.1, ".1%"))
try:
    chr(0x110000)
except ValueError as e:
    print("ValueError:", e)
try:
    ord("")
except TypeError as e:
    print("TypeError:", e)
try:
    float("abc")
except ValueError as e:
    print("ValueError:", e)
try:
    hex(1.5)
except TypeError as e:
    print("TypeError:", e)
