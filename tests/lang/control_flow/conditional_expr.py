# Conditional expressions, boolean operators returning operands, short-circuit.
for n in range(-2, 3):
    print(n, "neg" if n < 0 else "zero" if n == 0 else "pos")
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, None or [] or "last", "" and "x")
print(not 0, not 1, not [], not [0], not None)
calls = []
def t(v):
    calls.append(v)
    return v
print(t(0) and t(1), calls)
calls.clear()
print(t(1) or t(2), calls)
calls.clear()
print(t(1) and t(0) and t(2), calls)
calls.clear()
print(t(0) or t(None) or t(3) or t(4), calls)
x = 5
y = x if x > 3 else x * 10
z = (lambda v: "even" if v % 2 == 0 else "odd")(x)
print(y, z)
print([("big" if v > 2 else "small") for v in range(5)])
val = None
name = val or "default"
print(name, val is None and "was None")
print((1 if True else 2) + (3 if False else 4))
