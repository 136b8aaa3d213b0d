# __getattr__ for missing attributes, __setattr__ interception, and
# __class__/__name__ introspection.
class Dynamic:
    def __init__(self):
        self.real = "real value"
    def __getattr__(self, name):
        if name.startswith("auto_"):
            return name[5:].upper()
        raise AttributeError(f"no attribute {name!r}")
d = Dynamic()
print(d.real, d.auto_thing, getattr(d, "auto_x"), hasattr(d, "other"), hasattr(d, "auto_y"))
try:
    d.other
except AttributeError as e:
    print("AttributeError:", e)
class Logged:
    def __setattr__(self, name, value):
        print(f"set {name} = {value!r}")
        object.__setattr__(self, name, value)
l = Logged()
l.x = 1
l.y = [2]
print(l.x, l.y)
print(type(l).__name__, l.__class__.__name__, Logged.__name__, Logged.__qualname__)
