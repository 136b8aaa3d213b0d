# Calling a function with too many positional arguments.
def pair(a, b):
    return (a, b)


print(pair(1, 2))
print(pair(1, 2, 3))
