# SyntaxError: nonlocal at module level.
print("never printed")
nonlocal x
