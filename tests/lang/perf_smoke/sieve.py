# Sieve of Eratosthenes over list indexing.
def sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = is_prime[1] = False
    p = 2
    while p * p <= n:
        if is_prime[p]:
            for m in range(p * p, n + 1, p):
                is_prime[m] = False
        p += 1
    return [i for i, v in enumerate(is_prime) if v]


primes = sieve(100000)
print(len(primes), primes[:10], primes[-3:], sum(primes))
