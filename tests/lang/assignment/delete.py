# del of names, items, slices and attributes, and what is left afterwards.
x = 1
del x
try:
    x
except NameError as e:
    print("NameError:", e)
lst = list(range(10))
del lst[0]
del lst[-1]
print(lst)
del lst[2:4]
print(lst)
del lst[::2]
print(lst)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
class C:
    cls_attr = 1
o = C()
o.x = 1
o.y = 2
del o.x
print(hasattr(o, "x"), o.y)
try:
    del o.x
except AttributeError as e:
    print("AttributeError:", e)
del C.cls_attr
print(hasattr(C, "cls_attr"))
a, b = 1, 2
del a, b
try:
    print(a)
except NameError as e:
    print("NameError:", e)
nested = {"k": [1, 2, 3]}
del nested["k"][1]
print(nested)
def f():
    v = 5
    del v
    try:
        return v
    except UnboundLocalError as e:
        return "UnboundLocalError: " + str(e)
print(f())
try:
    del lst[100]
except IndexError as e:
    print("IndexError:", e)
t = (1, 2)
try:
    del t[0]
except TypeError as e:
    print("TypeError:", e)
