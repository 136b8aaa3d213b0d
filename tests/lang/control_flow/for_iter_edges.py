print(list(range(2**47 - 2, 2**47 + 2)), list(range(-2**47 + 1, -2**47 - 3, -1)))
for i in range(9223372036854775805, 9223372036854775807):
    print(i)
l = [1, 2, 3]
for x in l:
    if x < 5:
        l.append(x + 3)
    print(x, end=" ")
print()
l = [1, 2, 3, 4]
for x in l:
    l.pop()
    print(x, end=" ")
print()
it = iter([1, 2])
for x in it:
    pass
print(list(it), next(iter(range(0)), "empty"))
