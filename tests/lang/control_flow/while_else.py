# while loops with else, break, continue.
n = 0
while n < 5:
    n += 1
else:
    print("while finished normally, n =", n)
n = 0
while True:
    n += 1
    if n == 3:
        break
else:
    print("not printed")
print("broke at", n)
i = 0
odds = []
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    odds.append(i)
else:
    print("else after continue-heavy loop")
print(odds)
def find(items, target):
    i = 0
    while i < len(items):
        if items[i] == target:
            print("found", target, "at", i)
            break
        i += 1
    else:
        print(target, "not found")
find([4, 5, 6], 5)
find([4, 5, 6], 7)
count = 3
while count:
    count -= 1
    print("countdown", count)
while False:
    print("never")
else:
    print("else of a loop that never ran")
a, b = 0, 1
fibs = []
while a < 100:
    fibs.append(a)
    a, b = b, a + b
print(fibs)
