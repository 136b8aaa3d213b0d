# An exception from a while loop's test after an iteration (the copy of the
# test at the bottom of the loop) is reported at the while line.
def f():
    n = 0
    while n < 3:
        n += 1
        if n == 2:
            n = "two"
    return n


f()
