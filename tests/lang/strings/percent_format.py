# printf-style formatting with %.
print("%d items" % 5)
print("%s and %s" % ("a", "b"))
print("%5d|%-5d|%05d" % (42, 42, 42))
print("%.2f %10.3f %-8.1f|" % (3.14159, 2.71828, 1.5))
print("%x %X %o %e" % (255, 255, 8, 12345.678))
print("%r %s" % ("q", "q"))
print("%c%c" % (72, "i"))
print("100%%")
print("%(name)s is %(age)d" % {"name": "Ann", "age": 30})
print("%s" % [1, 2], "%s" % (1,))
print("%+d %+d" % (5, -5))
print("%g %g" % (0.0001, 123456789.0))
try:
    "%d" % "x"
except TypeError as e:
    print("TypeError:", e)
try:
    "%s %s" % ("a",)
except TypeError as e:
    print("TypeError:", e)
