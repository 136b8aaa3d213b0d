# f-string number specs of the common [0][width][.precision][type] form (Kiln formats
# them on a fast path), next to forms that take the general path, and str repr
# through !r (a fast path for plain ASCII text) and concatenation of parts.
for v in [0, 5, -5, 123456, -123456, 2**40, -2**62, True, False]:
    print(f"{v:06d}|{v:6}|{v:0}|{v:x}|{v:08X}|{v:o}|{v:b}|{v:012b}|{v:3}|{v:00}|{v:1d}")
for v in [0.0, -0.0, 1.5, -2.25, 12.3456789, 1e20, -1e-7, 123456789.125, 2.5, 1e300]:
    print(f"{v:.3f}|{v:010.2f}|{v:.0f}|{v:f}|{v:12.4e}|{v:E}|{v:08.1F}|{v:.2e}|{v:20.10f}|{v:3.1f}")
for v in [float('inf'), float('-inf'), float('nan')]:
    print(f"{v:.3f}|{v:010.2f}|{v:08.1F}|{v:E}")
for s in ["abc", "it's", 'say "hi"', "back\\slash", "tab\t", "é", "", "x"]:
    print(f"{s!r}", repr(s), f"<{s!r}>{s}{s!r:>10}")
print(f"{'a'}{''}{'b'}", f"{''}{''}", f"{'é'}{'x'}", len(f"{'é'}{'x'}"), f"{3}{'é'}", f"{''}{'q'}")
try:
    print(f"{5:.2d}")
except ValueError as e: print("ValueError", e)
try:
    print(f"{5.0:d}")
except ValueError as e: print("ValueError", e)
print(f"{7:c}", f"{255:#x}", f"{-3:+05d}", f"{1234567:,}", f"{3.5:%}", f"{42:<6}|", f"{42:^7}|", f"{2.0:g}")
# Widths and precisions too long for the fast path (and for an int64).
for spec in ("065d", "0100d", "10000000000000000000d", "99999999999999999999999.2f", ".99999999999999999999999f", "5.65f"):
    try:
        print(spec, len(format(12, spec)) if "d" in spec else len(format(1.5, spec)))
    except (ValueError, OverflowError, MemoryError) as e:
        print(spec, type(e).__name__, e)
