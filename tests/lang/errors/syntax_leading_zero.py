# SyntaxError: decimal literals may not have leading zeros.
print("never printed")
x = 007
