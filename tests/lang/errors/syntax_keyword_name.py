# SyntaxError: a keyword used as a variable name.
print("never printed")
class = "first"
