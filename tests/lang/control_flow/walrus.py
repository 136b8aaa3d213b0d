# Assignment expressions (:=) in conditions, comprehensions and loops.
data = [3, 8, 1, 9, 4]
if (n := len(data)) > 3:
    print("long list of", n)
i = 0
while (v := data[i]) != 9:
    print("value", v)
    i += 1
print("stopped at", v, "index", i)
print([y for x in data if (y := x * 2) > 6], y)
total = 0
print([total := total + x for x in data], total)
def f(x):
    return x * 3
print([(r := f(x), r + 1) for x in range(3)])
print((a := 5) + a, a)
