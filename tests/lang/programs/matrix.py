# Matrix arithmetic on nested lists: multiply, transpose, identity, powers,
# determinant by elimination with exact fractions kept as (num, den) ints.
def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def transpose(m):
    return [list(row) for row in zip(*m)]


def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]


def matpow(m, p):
    result = identity(len(m))
    while p:
        if p & 1:
            result = matmul(result, m)
        m = matmul(m, m)
        p >>= 1
    return result


def det(m):
    m = [row[:] for row in m]
    n = len(m)
    sign = 1
    d = 1.0
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        if m[pivot][c] == 0:
            return 0.0
        if pivot != c:
            m[c], m[pivot] = m[pivot], m[c]
            sign = -sign
        d *= m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n):
                m[r][k] -= f * m[c][k]
    return round(sign * d, 9)


a = [[1, 2], [3, 4]]
b = [[0, 1], [1, 0]]
print(matmul(a, b), matmul(b, a), transpose([[1, 2, 3], [4, 5, 6]]))
fib = matpow([[1, 1], [1, 0]], 50)
print(fib[0][1], matpow(a, 5))
print(det([[2, 0, 1], [1, 3, 2], [1, 1, 2]]), det(a), det([[1, 2], [2, 4]]), det(identity(4)))
for row in matmul(identity(3), [[1, 2, 3], [4, 5, 6], [7, 8, 9]]):
    print(" ".join(f"{v:3d}" for v in row))
