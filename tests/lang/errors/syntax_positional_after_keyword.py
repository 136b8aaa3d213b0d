# SyntaxError: a positional argument after a keyword argument.
print("never printed")
print(sep="-", "a")
