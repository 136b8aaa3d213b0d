# divmod, abs, min/max across ints and floats, numeric tower mixing.
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(17.5, 5), divmod(-17.5, 5))
print(abs(-3), abs(3.5), abs(-0.0), abs(True), abs(-2 ** 62))
print(max(1, 2.5), min(1, 2.5), max(-1, -1.0), min(2, 2.0))
print(1 + 2.0, 2 * 3.0, type(1 + 2.0).__name__, 5 - True, 2.0 ** 2)
print(10 == 10.0, hash(10) == hash(10.0), 10 < 10.5, 2 ** 53 == 2.0 ** 53)
print(int(2.5) + float(3), bool(0.0), bool(-0.0), bool(0.1), bool(0), bool(-1))
print(sum([1, 2.5, 3]), sum([True, True, False]), sum([], 10), sum([0.5, 0.25], 1))
print(7 // 2.0, 7 % 2.5, -7 // 2.0, 1 / 8)
