# Floor division and modulo follow Python's sign rules (round toward -inf).
pairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (6, 3), (-6, 3), (1, 7), (-1, 7)]
for a, b in pairs:
    print(a, b, a // b, a % b, divmod(a, b), (a // b) * b + a % b == a)
fpairs = [(7.5, 2), (-7.5, 2), (7.5, -2), (-7.5, -2.0), (0.5, 0.25), (1.0, 0.1)]
for a, b in fpairs:
    print(a, b, a // b, a % b, divmod(a, b))
print(-0.0 % 5, 0.0 % -5, 5 % 5.0, -5 % 5.0)
print(2 ** 62 // 3, -(2 ** 62) // 3, (2 ** 62) % 7, -(2 ** 62) % 7)
for bad in [(1, 0), (1.0, 0), (1, 0.0), (0, 0)]:
    for op in ("//", "%", "divmod"):
        try:
            if op == "//":
                bad[0] // bad[1]
            elif op == "%":
                bad[0] % bad[1]
            else:
                divmod(*bad)
        except ZeroDivisionError as e:
            print(op, bad, "->", e)
