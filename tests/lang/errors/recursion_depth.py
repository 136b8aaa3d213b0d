# The default recursion limit is 1000 (Kiln's --recursion-limit, as in
# CPython): a depth of 900 is fine; unbounded recursion raises RecursionError
# with CPython's message somewhere between 900 and 1000 frames deep.
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


print(depth(900))
reached = 0


def probe(n):
    global reached
    reached = n
    probe(n + 1)


try:
    probe(1)
except RecursionError as e:
    print("RecursionError:", e)
print(900 < reached <= 1000)
