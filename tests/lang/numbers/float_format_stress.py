# format() of floats with f/e/g/% and precision over many magnitudes,
# including ties at the rounding digit (formatting is exactly rounded).
import math
specs = [".0f", ".1f", ".3f", ".10f", "e", ".2e", ".12e", "g", ".3g", ".10g", ".1%", "+.2f", "10.4f", "<12.3e", "^14g"]
values = [0.0, -0.0, 0.5, 1.5, 2.5, 0.125, 0.375, 1 / 3, 2 / 3, math.sqrt(2), 123456.789, 1e-7, 1.5e-5, 9.995, 9.9999995, 1e16, 123456789012.0, -42.4242]
for v in values:
    print(repr(v), " ".join(format(v, s) for s in specs))
for n in [0, 7, -7, 1000, 123456789, -987654321, 2 ** 53]:
    print(n, format(n, ","), format(n, "_"), format(n, "+,"), format(n, "e"), format(n, ".2f"), format(n, "g"), format(n, "x"))
print(f"{1e300 * 10:f} {-1e300 * 10:e} {math.nan:g} {math.inf:.2f}")
