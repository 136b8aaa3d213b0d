# next() on an exhausted iterator, uncaught.
it = iter([1])
print(next(it))
print(next(it))
