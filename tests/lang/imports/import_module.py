# `import module` of a user module beside the script: attributes, functions,
# classes, the module's __name__, and module globals read at call time.
import geometry
print(geometry.PI, geometry.area(2), geometry.Square(3).area())
print(geometry.__name__, __name__, type(geometry).__name__)
print(geometry.describe(5))
geometry.unit = "cm"
print(geometry.describe(5))
print(hasattr(geometry, "area"), hasattr(geometry, "nothing"), getattr(geometry, "PI"))
print(geometry.__doc__)
sq = geometry.Square(4)
print(type(sq).__name__, isinstance(sq, geometry.Square))
try:
    geometry.missing_attr
except AttributeError as e:
    print("AttributeError:", e)
