# kiln-expect: manual
# An int result beyond 64 bits that nobody catches ends the program with an
# OverflowError traceback pointing at the line of the operation (Kiln-specific;
# the message is Kiln's own, so only the type is checked).
def factorial(n):
    result = 1
    for i in range(2, n + 1):
        result = result * i
    return result


for n in (5, 10, 20):
    print(n, factorial(n))
print(factorial(21))
print("not reached")
