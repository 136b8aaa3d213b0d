# spectral_norm: the Computer Language Benchmarks Game spectral-norm.
# Measures small function calls in the innermost loop (eval_A is called
# n*n times per product) mixed with int and float arithmetic, plus list
# building with comprehensions. Prints the spectral norm of the infinite
# matrix A(i, j) = 1 / ((i + j) * (i + j + 1) / 2 + i + 1) truncated to n.
# quick-size: 40

import sys
import math


def eval_A(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def eval_A_times_u(u):
    n = len(u)
    result = []
    for i in range(n):
        partial = 0.0
        for j in range(n):
            partial += eval_A(i, j) * u[j]
        result.append(partial)
    return result


def eval_At_times_u(u):
    n = len(u)
    result = []
    for i in range(n):
        partial = 0.0
        for j in range(n):
            partial += eval_A(j, i) * u[j]
        result.append(partial)
    return result


def eval_AtA_times_u(u):
    return eval_At_times_u(eval_A_times_u(u))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    u = [1.0] * n
    v = u
    for _ in range(10):
        v = eval_AtA_times_u(u)
        u = eval_AtA_times_u(v)
    vBv = 0.0
    vv = 0.0
    for ue, ve in zip(u, v):
        vBv += ue * ve
        vv += ve * ve
    print("spectral_norm", n, f"{math.sqrt(vBv / vv):.9f}")


main()
