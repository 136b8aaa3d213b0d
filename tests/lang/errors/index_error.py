# Uncaught IndexError from a loop that runs one step too far.
values = [10, 20, 30]
for i in range(4):
    print(values[i])
