# Calling something that is not callable.
total = 10
print(total)
print(total(5))
