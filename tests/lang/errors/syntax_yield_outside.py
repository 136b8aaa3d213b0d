# SyntaxError: yield outside a function.
print("never printed")
x = yield 5
