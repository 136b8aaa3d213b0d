# sorted() with key and reverse over every iterable; reversed() on sequences.
print(sorted([3, 1, 2]), sorted((3, 1, 2)), sorted("bca"), sorted({3: 0, 1: 0}), sorted({5, 3, 4}))
print(sorted(["b", "A", "c"]), sorted(["b", "A", "c"], key=str.lower), sorted(["b", "A", "c"], reverse=True))
print(sorted([(1, "b"), (1, "a"), (0, "z")]), sorted([-3, 2, -1], key=abs, reverse=True))
words = ["kiwi", "fig", "banana", "apple", "date"]
print(sorted(words, key=len), sorted(words, key=lambda w: (len(w), w)))
print(sorted(words, key=len, reverse=True))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed((1, 2))), list(reversed(range(3))))
r = reversed([1, 2, 3])
print(type(r).__name__, next(r), list(r))
class Countdown:
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return ["x", "y", "z"][i]
print(list(reversed(Countdown())))
class CustomRev:
    def __reversed__(self):
        return iter("reversed!")
print("".join(reversed(CustomRev())))
try:
    reversed({1, 2})
except TypeError as e:
    print("TypeError:", e)
try:
    sorted([1, 2], 5)
except TypeError as e:
    print("TypeError:", e)
original = [3, 1, 2]
result = sorted(original)
print(original, result, result is original)
