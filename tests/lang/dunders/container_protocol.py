# __len__, __getitem__, __setitem__, __delitem__, __contains__ and the
# sequence iteration fallback through __getitem__.
class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = {}
    def __len__(self):
        return self.w * self.h
    def __getitem__(self, key):
        x, y = key
        if not (0 <= x < self.w and 0 <= y < self.h):
            raise IndexError(f"cell {key} out of range")
        return self.cells.get(key, ".")
    def __setitem__(self, key, value):
        self.cells[key] = value
    def __delitem__(self, key):
        del self.cells[key]
    def __contains__(self, value):
        return value in self.cells.values()
g = Grid(3, 2)
g[0, 0] = "#"
g[2, 1] = "@"
print(len(g), g[0, 0], g[1, 1], "#" in g, "?" in g)
del g[0, 0]
print(g[0, 0], "#" in g)
try:
    g[5, 5]
except IndexError as e:
    print("IndexError:", e)
for y in range(g.h):
    print("".join(g[x, y] for x in range(g.w)))
class Squares:
    def __getitem__(self, i):
        if i >= 5:
            raise IndexError
        return i * i
print(list(Squares()), 9 in Squares(), 10 in Squares())
for v in Squares():
    print(v, end=" ")
print()
class Sliceable:
    def __getitem__(self, item):
        return item
s = Sliceable()
print(s[1], s[1:2], s[::2], s[1, 2:3], s["k"])
class Zero:
    def __len__(self):
        return 0
print(len(Zero()), bool(Zero()), not Zero())
class BadLen:
    def __len__(self):
        return -1
try:
    len(BadLen())
except ValueError as e:
    print("ValueError:", e)
