# The list methods everyday code uses.
xs = [5, 3, 8]
xs.append(1)
print(xs)
xs.extend([9, 2])
xs.extend(range(2))
print(xs)
xs.insert(0, -1)
xs.insert(100, 99)
xs.insert(-2, 42)
print(xs)
print(xs.pop(), xs.pop(0), xs.pop(-3), xs)
xs.remove(8)
print(xs, xs.index(9), xs.index(42), xs.count(3), xs.count(7))
ys = xs.copy()
ys.reverse()
print(ys, xs)
ys.sort()
print(ys)
ys.sort(reverse=True)
print(ys)
ys.clear()
print(ys, len(ys))
words = ["banana", "Apple", "cherry", "date"]
words.sort(key=len)
print(words)
words.sort(key=str.lower)
print(words)
words.sort(key=lambda w: w[-1], reverse=True)
print(words)
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
try:
    [1].pop(5)
except IndexError as e:
    print("IndexError:", e)
try:
    [1, 2].remove(3)
except ValueError as e:
    print("ValueError:", e)
try:
    [1, 2].index(3)
except ValueError as e:
    print("ValueError:", e)
print([1, 2, 3, 2, 1].index(2, 2), [3, 1, 2].__len__())
r = [4, 1, 3]
print(r.sort(), r.append(0), r)
