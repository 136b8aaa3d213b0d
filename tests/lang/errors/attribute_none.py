# Uncaught AttributeError on None (a function that forgot to return).
def build():
    items = [1, 2]
    items.append(3)


result = build()
print(result)
result.append(4)
