# Every operator and delimiter token, including the two- and three-character ones.
a, b = 17, 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(a << 2, a >> 1, a & b, a | b, a ^ b, ~a)
print(a < b, a > b, a <= b, a >= b, a == b, a != b)
x = 10
x += 1; print(x)
x -= 2; print(x)
x *= 3; print(x)
x //= 4; print(x)
x %= 4; print(x)
x **= 3; print(x)
x <<= 2; print(x)
x >>= 1; print(x)
x &= 6; print(x)
x |= 9; print(x)
x ^= 5; print(x)
y = 7.0
y /= 2; print(y)
print(-a, +a, - -a, not a)
print(1 if a else 0)
print([1, 2, 3][::-1], [1, 2, 3][1:], (1,), {1: 2}, {3})
f = lambda: ...
print(f())
print(a.__class__.__name__)
print(2**-1, 2 ** 3 ** 2, -2 ** 2, (-2) ** 2)
print(7 // -2, -7 // 2, 7 % -3, -7 % 3)
print(1 < 2 < 3, 3 > 2 > 2, 1 == 1.0 != 2)
print(a if a > b else b)
def g(*args, **kwargs):
    return args, kwargs
print(g(*[1, 2], **{"k": 3}))
z: int = 3
print(z)
print((n := 5) + n)
