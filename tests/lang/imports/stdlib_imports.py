# Imports of the standard modules Kiln provides, in every form.
import math
import math as m
from math import sqrt, pi as PI, floor
import random, time, sys
print(m is math, sqrt(16), PI == math.pi, floor(2.7))
print(type(math).__name__, math.__name__, random.__name__, time.__name__, sys.__name__)
def uses_import():
    from math import factorial
    return factorial(5)
print(uses_import())
try:
    import module_that_does_not_exist
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e)
try:
    import module_that_does_not_exist
except ImportError as e:
    print("also an ImportError:", type(e).__name__)
try:
    from math import not_a_function
except ImportError as e:
    print("ImportError:", str(e).startswith("cannot import name 'not_a_function' from 'math'"))
