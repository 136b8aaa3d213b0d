# loops: nested int and float loops.
# Measures the interpreter's fast paths for small-int and float arithmetic,
# comparisons, local variable access and `for ... in range(...)` / `while`
# loops, with no calls in the hot loops. A matrix product over lists of lists
# and a Mandelbrot escape-time count are the float parts.
# quick-size: 40

import sys


def int_loops(n):
    # Integer arithmetic with modular reduction keeps values well below 2**63.
    total = 0
    for i in range(n):
        for j in range(n):
            x = i * j + (i ^ j) - (i & j) + (j | 3)
            if x % 3 == 0:
                total += x >> 1
            elif x % 3 == 1:
                total -= x // 7
            else:
                total += (x << 2) % 1009
        total %= 1000000007
    return total


def while_loops(n):
    count = 0
    i = 0
    while i < n * 20:
        j = i
        while j > 0:
            j = j // 2
            count += 1
        i += 1
    return count


def matmul(n):
    a = [[(i * n + j) % 17 * 0.25 for j in range(n)] for i in range(n)]
    b = [[(i + 2 * j) % 13 * 0.5 - 1.0 for j in range(n)] for i in range(n)]
    c = [[0.0] * n for _ in range(n)]
    for i in range(n):
        ai = a[i]
        ci = c[i]
        for k in range(n):
            aik = ai[k]
            bk = b[k]
            for j in range(n):
                ci[j] += aik * bk[j]
    trace = 0.0
    for i in range(n):
        trace += c[i][i] + c[i][n - 1 - i] * 0.5
    return trace


def mandelbrot(size):
    inside = 0
    iters = 0
    for py in range(size):
        ci = py * 2.0 / size - 1.0
        for px in range(size):
            cr = px * 3.0 / size - 2.0
            zr = 0.0
            zi = 0.0
            k = 0
            while k < 50:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                k += 1
            iters += k
            if k == 50:
                inside += 1
    return inside, iters


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    a = int_loops(n * 8)
    b = while_loops(n * 40)
    c = matmul(n)
    d = mandelbrot(n * 2)
    print("loops", n, a, b, f"{c:.6f}", d[0], d[1])


main()
