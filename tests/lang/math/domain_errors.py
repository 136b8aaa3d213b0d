# ValueError "math domain error" and OverflowError "math range error", and
# the TypeErrors for non-numbers.
import math
cases = [
    ("sqrt(-1)", lambda: math.sqrt(-1)),
    ("log(0)", lambda: math.log(0)),
    ("log(-1)", lambda: math.log(-1)),
    ("log10(-5)", lambda: math.log10(-5)),
    ("acos(2)", lambda: math.acos(2)),
    ("asin(-1.5)", lambda: math.asin(-1.5)),
    ("exp(1000)", lambda: math.exp(1000)),
    ("pow(10, 400)", lambda: math.pow(10.0, 400)),
    ("fmod(1, 0)", lambda: math.fmod(1, 0)),
    ("sqrt('x')", lambda: math.sqrt("x")),
    ("floor(None)", lambda: math.floor(None)),
    ("floor(inf)", lambda: math.floor(math.inf)),
    ("ceil(nan)", lambda: math.ceil(math.nan)),
    ("sin(inf)", lambda: math.sin(math.inf)),
]
for label, fn in cases:
    try:
        print(label, "->", fn())
    except (ValueError, OverflowError, TypeError) as e:
        print(label, "->", type(e).__name__, e)
print(math.sqrt(math.inf), math.exp(-1000), math.log(math.inf), math.isnan(math.sqrt(math.nan)))
