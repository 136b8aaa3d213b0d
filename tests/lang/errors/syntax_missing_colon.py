# SyntaxError: a compound statement header without its colon.
print("never printed")
x = 3
if x > 2
    print(x)
