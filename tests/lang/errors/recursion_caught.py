# RecursionError can be caught; the program continues normally afterwards.
def down(n):
    return down(n + 1) + 1


try:
    down(0)
except RecursionError as e:
    print("RecursionError:", e)


def fine(n):
    return 0 if n == 0 else 1 + fine(n - 1)


print(fine(500))
try:
    down(0)
except RuntimeError as e:
    print("caught as RuntimeError:", type(e).__name__)
print("done")
