# format() and __format__ on user classes.
print(format(12, "5d") + "|", format(12, "<5") + "|", format("s", "*>4"), format(1.25, ".1f"))
print(format(1234.5, ","), format(1234.5, "_.2f"), format(0.5, "e"), format(5, "+"))
print(format("abc"), format(None), format([1, 2]), format(True, ""))
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __format__(self, spec):
        if spec == "short":
            return f"${self.cents // 100}"
        return f"${self.cents / 100:{spec or '.2f'}}"
m = Money(12345)
print(format(m), format(m, "short"), f"{m}", f"{m:short}", f"{m:.1f}", "{:short}".format(m))
try:
    format(1, "z")
except ValueError as e:
    print("ValueError:", e)
try:
    format("s", "d")
except ValueError as e:
    print("ValueError:", e)
class NoFormat:
    def __str__(self):
        return "nf"
print(format(NoFormat()), f"{NoFormat()}")
try:
    format(NoFormat(), "x")
except TypeError as e:
    print("TypeError:", e)
