# heapq (heappush / heappop / heapify / heapreplace / heappushpop,
# nlargest / nsmallest with key=, merge with key= / reverse=, the heap
# layout) and bisect (bisect_left / bisect_right / bisect, insort_left /
# insort_right / insort, lo / hi, key=), with their errors.
import heapq
import bisect
from heapq import heappush, heappop, heapify, heapreplace, heappushpop, nlargest, nsmallest, merge

h = []
for x in [5, 1, 8, 3, 9, 2, 7]:
    heappush(h, x)
print(h, h[0])
print([heappop(h) for _ in range(len(h))], h)
data = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]
heapify(data)
print(data)
print(heapreplace(data, 10), data)
print(heappushpop(data, -1), heappushpop(data, 4), data)
tasks = []
heappush(tasks, (2, 'write'))
heappush(tasks, (1, 'plan'))
heappush(tasks, (3, 'test'))
heappush(tasks, (1, 'coffee'))
print([heappop(tasks)[1] for _ in range(4)])
for f, args in [(heappop, ([],)), (heapreplace, ([], 1))]:
    try:
        f(*args)
    except IndexError as e:
        print('IndexError', e)
try:
    heappush((), 1)
except TypeError as e:
    print('TypeError', e)

nums = [5, 1, 8, 3, 9, 2, 7, 3]
print(nlargest(3, nums), nsmallest(3, nums), nlargest(0, nums), nsmallest(20, nums), nlargest(1, []))
people = [('ann', 31), ('bob', 25), ('cid', 31), ('dan', 19)]
print(nlargest(2, people, key=lambda p: p[1]), nsmallest(2, people, key=lambda p: p[1]))
print(list(merge([1, 4, 7], [2, 5, 8], [3, 6, 9])), list(merge()), list(merge([], [1])))
print(list(merge(['a', 'ccc'], ['bb', 'dddd'], key=len)))
print(list(merge([9, 5, 1], [8, 2], reverse=True)))
print(list(merge([(1, 'x'), (2, 'x')], [(1, 'y'), (2, 'y')], key=lambda t: t[0])))

a = [1, 2, 2, 2, 3, 5, 8]
print(bisect.bisect_left(a, 2), bisect.bisect_right(a, 2), bisect.bisect(a, 2), bisect.bisect(a, 0), bisect.bisect(a, 9))
print(bisect.bisect_left(a, 2, 2), bisect.bisect_right(a, 2, 0, 3), bisect.bisect_left(a, 5, hi=4), bisect.bisect_right(a, 4, lo=1, hi=6))
def grade(score, breakpoints=[60, 70, 80, 90], grades='FDCBA'):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])
b = []
for x in [5, 1, 4, 1, 3]:
    bisect.insort(b, x)
print(b)
bisect.insort_left(b, 4)
bisect.insort_right(b, 1.0)
print(b)
recs = [('a', 1), ('b', 3), ('c', 5)]
print(bisect.bisect_left(recs, 3, key=lambda r: r[1]), bisect.bisect_right(recs, 3, key=lambda r: r[1]))
bisect.insort(recs, ('x', 4), key=lambda r: r[1])
bisect.insort_left(recs, ('y', 1), key=lambda r: r[1])
bisect.insort_right(recs, ('z', 5), key=lambda r: r[1])
print(recs)
words = ['apple', 'fig', 'banana']
words.sort(key=len)
bisect.insort(words, 'kiwi', key=len)
print(words)
try:
    bisect.bisect(a, 1, -1)
except ValueError as e:
    print('ValueError', e)
try:
    bisect.insort(a, 1, lo=-2)
except ValueError as e:
    print('ValueError', e)
