# SyntaxError: assigning to None.
print("never printed")
None = 5
