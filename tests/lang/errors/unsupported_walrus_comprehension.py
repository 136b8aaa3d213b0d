# kiln-expect: manual
# Kiln rejects assignment expressions (:=) inside comprehensions (their
# binding in the enclosing scope is not supported): the file is refused at
# compile time with an error naming the feature and the line, before anything
# runs. (CPython would run it; the expectation is hand-written.)
print("never printed")
data = [3, 8, 1]
print([y for x in data if (y := x * 2) > 5])
