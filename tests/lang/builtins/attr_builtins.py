# getattr/setattr/hasattr/delattr on instances, classes and modules.
import math
class Cfg:
    debug = False
c = Cfg()
print(getattr(c, "debug"), getattr(c, "missing", "fallback"), hasattr(c, "debug"), hasattr(c, "nope"))
setattr(c, "debug", True)
setattr(c, "level", 3)
print(c.debug, c.level, Cfg.debug)
delattr(c, "level")
print(hasattr(c, "level"))
setattr(Cfg, "shared", "on class")
print(c.shared, getattr(Cfg, "shared"))
print(getattr(math, "pi") == math.pi, hasattr(math, "sqrt"), getattr("abc", "upper")())
names = ["alpha", "beta"]
for n in names:
    setattr(c, n, n.upper())
print([getattr(c, n) for n in names])
try:
    getattr(c, "missing")
except AttributeError as e:
    print("AttributeError:", e)
try:
    getattr(c, 5)
except TypeError as e:
    print("TypeError:", e)
try:
    delattr(c, "never_set")
except AttributeError as e:
    print("AttributeError:", e)
try:
    setattr(5, "x", 1)
except AttributeError as e:
    print("AttributeError:", e)
