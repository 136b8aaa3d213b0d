# Globals read inside hot functions must see rebinding, deletion and
# shadowing of builtins (inline caches of global lookups must be invalidated).
SCALE = 2


def scaled(x):
    return x * SCALE


out = []
for i in range(200):
    if i == 100:
        SCALE = 3
    out.append(scaled(1))
print(out.count(2), out.count(3))


def length(v):
    return len(v)


print([length("abc") for _ in range(3)])
len = lambda v: -1
print(length("abc"))
del len
print(length("abc"))


def uses_later():
    return defined_later * 2


try:
    uses_later()
except NameError as e:
    print("NameError:", e)
defined_later = 21
print(uses_later())
del defined_later
try:
    uses_later()
except NameError as e:
    print("NameError:", e)
total = 0
for i in range(1000):
    total += scaled(i)
print(total)
