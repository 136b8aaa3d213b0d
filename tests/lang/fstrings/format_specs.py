# Format specs inside f-strings: alignment, width, precision, sign, grouping,
# type codes, and nested replacement fields in the spec.
pi = 3.14159265
n = 1234567
print(f"{pi:.2f} {pi:.0f} {pi:8.3f}| {pi:<8.1f}| {pi:+.3f}")
print(f"{n:,} {n:_} {n:>12,}| {n:012d}")
print(f"{255:x} {255:#X} {8:o} {5:08b} {255:#010x}")
print(f"{0.000123:e} {0.5:%} {0.125:.1%} {1e10:g} {123.456:g}")
print(f"{'s':>5}|{'s':<5}|{'s':^5}|{'s':_^5}|")
print(f"{-3:5}|{-3:<5}|{-3:=5}|{-3:05}|{3: }|")
for width in (4, 6):
    for prec in (1, 2):
        print(f"[{pi:{width}.{prec}f}]")
values = [1.5, -22.25, 333.125]
for v in values:
    print(f"{v:>10.2f}{v:>10.1e}")
print(f"{True:d} {True} {False!r}")
print(f"{12:c}{65:c}" == "\x0cA")
print(f"{'abc':.2} {'abcdef':>8.3}|")
print(f"{1e-7} {1e16} {1.0} {100.0:.3g}")
