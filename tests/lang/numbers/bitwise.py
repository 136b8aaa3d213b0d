# Bitwise operators, shifts, and bit-level helpers on ints.
a, b = 0b1100, 0b1010
print(a & b, a | b, a ^ b, ~a, ~0, ~-1)
print(bin(a & b), bin(a | b), bin(a ^ b))
print(1 << 10, 1 << 62, 1024 >> 3, -1024 >> 3, -1 >> 10, 5 >> 100)
print(-8 & 0xff, -8 | 1, -8 ^ 3, 0xffff & -256)
print((1 << 40) | 1, (1 << 40) & ((1 << 41) - 1))
print((255).bit_length(), (256).bit_length(), (0).bit_length(), (-5).bit_length())
print(True & False, True | False, True ^ True, type(True & True).__name__)
mask = 0
for bit in (0, 3, 5, 7):
    mask |= 1 << bit
print(mask, bin(mask), hex(mask))
bits = [i for i in range(8) if mask >> i & 1]
print(bits)
x = 0xf0
x &= 0x3c; print(x)
x |= 0x01; print(x)
x ^= 0xff; print(x)
x <<= 4; print(x)
x >>= 2; print(x)
try:
    1 << -1
except ValueError as e:
    print("ValueError:", e)
try:
    1.0 | 2
except TypeError as e:
    print("TypeError:", e)
