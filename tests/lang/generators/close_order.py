# Dropping or clearing a list of suspended generators closes them last to
# first, as CPython releases a list's items.
def gen(name):
    try:
        yield 1
    finally:
        print("close", name)
gs = [gen("a"), gen("b"), gen("c")]
for g in gs: next(g)
del g
del gs          # CPython: close c, close b, close a   Kiln: close a, close b, close c
hs = [gen("x"), gen("y")]
for h in hs:
    next(h)
del h
hs.clear()
print("end")
