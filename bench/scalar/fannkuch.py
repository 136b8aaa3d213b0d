# fannkuch: the Computer Language Benchmarks Game fannkuch-redux.
# Measures list indexing, element swaps, small while loops and list copying
# (`perm[:]`) over every permutation of 0..n-1. Prints the checksum and the
# maximum number of pancake flips, as the Benchmarks Game does.
# quick-size: 7

import sys


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    sign = 1
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1

        perm = perm1[:]
        flips = 0
        k = perm[0]
        while k != 0:
            # Reverse the first k+1 elements in place.
            i = 0
            j = k
            while i < j:
                t = perm[i]
                perm[i] = perm[j]
                perm[j] = t
                i += 1
                j -= 1
            flips += 1
            k = perm[0]
        if flips > max_flips:
            max_flips = flips
        checksum += flips * sign

        # Next permutation in the Benchmarks Game's order.
        while True:
            if r == n:
                return checksum, max_flips
            perm0 = perm1[0]
            for i in range(r):
                perm1[i] = perm1[i + 1]
            perm1[r] = perm0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1
        sign = -sign


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    checksum, flips = fannkuch(n)
    print("fannkuch", n, checksum, flips)


main()
