# kiln-expect: manual
# Kiln rejects assignment expressions (:=) inside comprehensions (their
# binding in the enclosing scope is not supported): the file is refused at
# compile time with a NotImplementedError naming the feature and the line,
# before anything runs, as other unsupported features are. (CPython would run
# it; the expectation is hand-written. Where CPython itself rejects a := in a
# comprehension, Kiln raises CPython's SyntaxError: tests/unit/test_compiler.cpp.)
print("never printed")
data = [3, 8, 1]
print([y for x in data if (y := x * 2) > 5])
