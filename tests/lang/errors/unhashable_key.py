# Using a list as a dict key.
seen = {}
seen[(1, 2)] = True
print(len(seen))
seen[[3, 4]] = True
