# return: none, bare, multiple values, early exits, from nested loops.
def nothing():
    pass
def bare():
    return
def many():
    return 1, "two", [3]
def early(n):
    for i in range(n):
        for j in range(n):
            if i * j > 5:
                return i, j
    return None
print(nothing(), bare(), many(), early(5), early(2))
a, b, c = many()
print(a, b, c)
def classify(x):
    if x < 0:
        return "negative"
    if x == 0:
        return "zero"
    return "positive"
print([classify(x) for x in (-1, 0, 1)])
def returns_function():
    def inner():
        return "inner result"
    return inner
print(returns_function()())
def in_while():
    n = 0
    while True:
        n += 1
        if n * n > 50:
            return n
print(in_while())
def first_negative(values):
    for v in values:
        if v < 0:
            return v
print(first_negative([3, 1, -4, -1]), first_negative([]))
