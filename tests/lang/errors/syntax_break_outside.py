# SyntaxError: break outside a loop.
print("never printed")
if True:
    break
