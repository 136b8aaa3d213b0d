# from module import name, ... as alias, and star import (which skips _names).
from geometry import area, PI as pi_value
from geometry import Square as Sq, describe
print(area(1), pi_value, Sq(2).area(), describe(1))
from geometry import *
print(unit, PI)
try:
    _private
except NameError as e:
    print("NameError:", e)
import geometry as geo
print(geo.PI == pi_value, geo.area is area)
try:
    from geometry import not_there
except ImportError as e:
    print(type(e).__name__, str(e).startswith("cannot import name 'not_there' from 'geometry'"))
