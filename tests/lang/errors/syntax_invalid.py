# SyntaxError "invalid syntax": an operator with no right operand.
print("never printed")


def f():
    if True:
        x = 1 +
    return x
