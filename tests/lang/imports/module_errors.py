# Exceptions raised inside an imported module's function reach the caller.
import failing_mod
print(failing_mod.divide(6, 3))
try:
    failing_mod.divide(1, 0)
except ZeroDivisionError as e:
    print("caught from module:", e)
try:
    failing_mod.explode(3)
except ValueError as e:
    print("caught from module recursion:", e)
