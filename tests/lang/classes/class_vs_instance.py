# Class attributes are shared until an instance shadows them; mutable class
# attributes are shared by everyone.
class Config:
    level = 1
    tags = []
    def __init__(self, name):
        self.name = name
a, b = Config("a"), Config("b")
print(a.level, b.level, Config.level)
a.level = 5
print(a.level, b.level, Config.level)
Config.level = 9
print(a.level, b.level, Config.level)
del a.level
print(a.level)
a.tags.append("shared")
print(b.tags, Config.tags)
b.tags = ["own"]
print(a.tags, b.tags)
class Counted:
    instances = 0
    def __init__(self):
        Counted.instances += 1
        self.id = Counted.instances
objs = [Counted() for _ in range(3)]
print([o.id for o in objs], Counted.instances)
class WithDict:
    x = 1
    def __init__(self):
        self.y = 2
w = WithDict()
print(w.__dict__, "x" in w.__dict__, WithDict.x)
w.__dict__["z"] = 3
print(w.z)
print(type(w).__name__, w.__class__.__name__, w.__class__ is WithDict)
