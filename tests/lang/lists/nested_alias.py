# Aliasing, shallow copies and nested lists (the classic grid trap).
grid = [[0] * 3 for _ in range(3)]
grid[1][1] = 5
print(grid)
trap = [[0] * 3] * 3
trap[0][0] = 1
print(trap, trap[0] is trap[1])
a = [1, [2, 3]]
b = a.copy()
c = list(a)
d = a[:]
a[1].append(4)
a[0] = 99
print(a, b, c, d)
def add_item(lst, item):
    lst.append(item)
    return lst
orig = []
res = add_item(orig, 1)
print(orig, res is orig)
def rebind(lst):
    lst = [0]
    return lst
print(rebind(orig), orig)
matrix = [[i * 3 + j for j in range(3)] for i in range(3)]
transposed = [[row[i] for row in matrix] for i in range(3)]
print(matrix)
print(transposed)
flat = [x for row in matrix for x in row]
print(flat, sum(flat))
stack = []
for ch in "([]{})":
    if ch in "([{":
        stack.append(ch)
    else:
        stack.pop()
print("balanced", stack == [])
queue = [1, 2, 3]
queue.append(queue.pop(0))
print(queue)
