# Assignment expressions (:=) in if and while conditions and expressions.
# (Kiln rejects := inside comprehensions: see errors/unsupported_walrus_comprehension.py.)
data = [3, 8, 1, 9, 4]
if (n := len(data)) > 3:
    print("long list of", n)
i = 0
while (v := data[i]) != 9:
    print("value", v)
    i += 1
print("stopped at", v, "index", i)
def f(x):
    return x * 3
print((a := 5) + a, a)
results = []
for x in data:
    if (doubled := x * 2) > 6:
        results.append(doubled)
print(results, doubled)
print(f(b := 4), b, [c := 1, c + 1])
