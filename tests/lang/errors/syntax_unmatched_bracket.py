# SyntaxError: a closing bracket with no opening one.
print("never printed")
x = [1, 2]]
