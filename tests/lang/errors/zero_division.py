# Uncaught ZeroDivisionError inside a function: traceback ends at the division.
def average(values):
    total = sum(values)
    return total / len(values)


print(average([1, 2, 3]))
print(average([]))
print("not reached")
