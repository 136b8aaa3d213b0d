# Uncaught AssertionError without a message: the last line is just the name.
x = 5
assert x == 5
print("first assertion held")
assert x > 10
