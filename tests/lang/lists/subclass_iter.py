# list(), tuple(), sorted(), [*x] and list.extend() of a list or tuple
# subclass that defines __iter__ call it (only the builtin classes and
# subclasses without __iter__ are read directly).
class Doubled(list):
    def __iter__(self):
        for x in super().__iter__():
            yield x * 10
d = Doubled([1, 2])
print(list(d), tuple(d), sorted(d), [*d])
n = []; n.extend(d); print(n)
class T(tuple):
    def __iter__(self): return iter([9])
print(list(T((1, 2))), sorted(T((1, 2))))
