# int(), hex/oct/bin, and string forms of ints.
print(int("42"), int("-42"), int(" 7 "), int("1_000"), int("+0"))
print(int("ff", 16), int("FF", 16), int("777", 8), int("1010", 2), int("zz", 36))
print(int("0xff", 16), int("0b11", 0), int("0o10", 0), int("10", 0))
print(int(3.99), int(-3.99), int(True), int(1e18), int(-0.5))
print(hex(255), hex(-255), oct(8), oct(-8), bin(5), bin(-5), bin(0), hex(0))
print(str(-0), repr(10 ** 15), str(2 ** 60))
for bad in ["", "abc", "1.5", "12a", "0x", "1__0", "_1", "1_"]:
    try:
        int(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    int("9", 8)
except ValueError as e:
    print("ValueError:", e)
try:
    int("10", 1)
except ValueError as e:
    print("ValueError:", e)
try:
    int(None)
except TypeError as e:
    print("TypeError:", e)
try:
    int([1])
except TypeError as e:
    print("TypeError:", e)
try:
    int(float("inf"))
except OverflowError as e:
    print("OverflowError:", e)
try:
    int(float("nan"))
except ValueError as e:
    print("ValueError:", e)
print(int(), float(), str(), bool())
