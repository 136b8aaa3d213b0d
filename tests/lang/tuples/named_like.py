# Tuples as lightweight records: sorting, grouping, dict keys, returning many values.
people = [("ann", 31, "oslo"), ("bob", 25, "rome"), ("cid", 31, "lima"), ("dee", 19, "oslo")]
by_age = sorted(people, key=lambda p: (p[1], p[0]))
for name, age, city in by_age:
    print(f"{name:>4} {age:3d} {city}")
cities = {}
for name, _, city in people:
    cities.setdefault(city, []).append(name)
print(cities)
def stats(values):
    n = len(values)
    mean = sum(values) / n
    return min(values), max(values), mean
lo, hi, mean = stats([p[1] for p in people])
print(lo, hi, mean)
coords = {(0, 0): "origin", (1, 0): "east", (0, 1): "north"}
for (x, y), label in sorted(coords.items()):
    print(x, y, label)
print((0, 1) in coords, (2, 2) in coords)
points = [(3, 4), (1, 1), (0, 5)]
print(max(points, key=lambda p: p[0] ** 2 + p[1] ** 2))
print(sorted(points, key=lambda p: p[1]))
print(list(zip(*points)))
