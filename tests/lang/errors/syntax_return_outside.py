# SyntaxError: return at module level.
print("never printed")
x = 5
return x
