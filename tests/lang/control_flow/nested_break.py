# break and continue apply to the innermost loop only; flags and else for
# breaking out of several levels.
for i in range(3):
    for j in range(3):
        if j == 2:
            break
        if i == 1:
            continue
        print("pair", i, j)
    print("end of outer", i)
found = None
for i in range(5):
    for j in range(5):
        if i * j == 6:
            found = (i, j)
            break
    else:
        continue
    break
print("found", found)
count = 0
i = 0
while i < 4:
    i += 1
    j = 0
    while True:
        j += 1
        if j > i:
            break
        if j % 2:
            continue
        count += 1
print("count", count)
for a in range(3):
    for b in range(3):
        for c in range(3):
            if c > b:
                break
            if (a + b + c) % 2:
                continue
            print(a, b, c, end="; ")
    print()
def first_dup(rows):
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if v in row[c + 1:]:
                return r, c, v
    return None
print(first_dup([[1, 2], [3, 4, 3], [5, 5]]), first_dup([[1]]))
