# SyntaxError: continue outside a loop (inside a function that has no loop).
def f():
    continue


print("never printed")
