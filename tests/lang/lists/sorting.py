# sorted() and list.sort(): stability, key, reverse, mixed numeric types.
data = [("bob", 25), ("alice", 30), ("carol", 25), ("dave", 30), ("eve", 22)]
print(sorted(data))
print(sorted(data, key=lambda p: p[1]))
print(sorted(data, key=lambda p: p[1], reverse=True))
print(sorted(data, key=lambda p: (-p[1], p[0])))
nums = [3, -1, 4.5, -1.5, 9, 2, 6, 5, 3, 5]
print(sorted(nums), sorted(nums, reverse=True), sorted(nums, key=abs))
print(sorted("the quick brown fox".split(), key=len))
print(sorted([[2, 1], [1, 2], [1], []]))
print(sorted([True, False, 2, -1]))
big = [(i * 7919) % 1000 for i in range(200)]
srt = sorted(big)
print(srt[:10], srt[-5:], all(srt[i] <= srt[i + 1] for i in range(len(srt) - 1)))
records = [{"n": "x", "v": 3}, {"n": "y", "v": 1}, {"n": "z", "v": 2}]
records.sort(key=lambda r: r["v"])
print([r["n"] for r in records])
print(sorted([]), sorted(()), sorted({3: 1, 1: 2}), sorted("cba"))
try:
    sorted([1, "a"])
except TypeError as e:
    print("TypeError:", e)
stable = sorted(["bb", "a", "cc", "b", "aa"], key=len)
print(stable)
print(sorted([5, 2, 8], key=None), sorted(range(5), key=lambda x: x % 2))
