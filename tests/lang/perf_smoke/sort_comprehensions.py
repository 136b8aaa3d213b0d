# Sorting and comprehensions over a few thousand records.
state = 7
records = []
for i in range(5000):
    state = (state * 48271) % 2147483647
    records.append((state % 1000, f"name{state % 97}", i))
by_key = sorted(records)
by_name = sorted(records, key=lambda r: (r[1], -r[0]))
print(by_key[:3], by_key[-2:])
print(by_name[:2])
evens = [r for r in records if r[0] % 2 == 0]
buckets = {k: len([r for r in records if r[0] // 100 == k]) for k in range(10)}
print(len(evens), buckets)
uniq = sorted({r[1] for r in records})
print(len(uniq), uniq[:5])
matrix = [[(i * j) % 10 for j in range(100)] for i in range(100)]
print(sum(sum(row) for row in matrix), sorted(set(v for row in matrix for v in row)))
