# Reading a local variable before it is assigned.
counter = 0


def increment():
    counter = counter + 1
    return counter


print("calling")
increment()
