# An error inside a list comprehension.
values = [4, 2, 0, 1]
print([10 // v for v in values if v > 1])
print([10 // v for v in values])
