# Operator precedence and associativity.
print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 ** 2, -2 ** 2, (-2) ** 2, 2 ** -1)
print(2 ** 3 ** 2, (2 ** 3) ** 2, 100 / 10 / 5, 100 // 7 % 3, 2 * 7 % 4)
print(1 + 2 << 3, 1 + (2 << 3), 6 & 3 | 8, 6 & (3 | 8), 5 ^ 3 & 1, 1 | 2 ^ 3)
print(not 1 == 2, not (1 == 2), (not 1) == 2, True or False and False, (True or False) and False)
print(1 < 2 == 2, 1 < 2 and 2 < 3, 3 > 2 > 1 == 1, 1 == 1 in [True])
print(~1 + 1, -~3, - - 3, +-3, 2 * -3, 10 - -2)
print(1 if 0 else 2 if 1 else 3, (1 if 0 else 2) + 10, [x for x in range(5) if x % 2 or x == 0])
print(3 & 5 == 1, (3 & 5) == 1, 8 >> 1 + 1, (8 >> 1) + 1)
f = lambda x: x + 1 if x > 0 else x - 1
print(f(1), f(-1))
print("a" + "b" * 3, ("a" + "b") * 3, "x" in "xy" == True, ("x" in "xy") == True)
print(2 + 3 == 5 and 4 < 5, 7 - 3 - 2, 2 ** 2 ** 0, -3 % 5, -(3 % 5))
