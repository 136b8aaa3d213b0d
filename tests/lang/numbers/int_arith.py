# Integer arithmetic, including the ranges where small ints become boxed.
a, b = 1234567, 89
print(a + b, a - b, a * b, a // b, a % b, -a // b, -a % b)
print(a / b, 10 / 5, 7 / 2, -7 / 2, type(10 / 5).__name__)
print(2 ** 10, 2 ** 0, 0 ** 0, (-3) ** 3, 10 ** 18, 3 ** 39)
big = 2 ** 47
print(big, big - 1, big + big, -big - big, big * 1000)
print(big * 65535 - big * 65534, big * 65535)
x = 1
for i in range(62):
    x *= 2
print(x, x - 1 + x)
print(9223372036854775807 - 1, -9223372036854775807 - 1 + 1)
print(3037000499 * 3037000499)
print(abs(-5), abs(5), -(-5), +(-5))
print(1000000007 * 1000000007 % 998244353)
print(sum(range(1, 1000001)))
acc = 0
for i in range(1, 21):
    acc = acc * 3 + i
print(acc)
print(int(7.9), int(-7.9), int("  -12  "), int("+5"))
print(17 * -1, -17 * -1, 0 * -5, -0)
print(12345678901234 // 1000, 12345678901234 % 1000, -12345678901234 // 1000)
