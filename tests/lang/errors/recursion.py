# Unbounded recursion ends in RecursionError, not a crash.
def forever(n):
    return forever(n + 1)


print("start")
forever(0)
