# Annotated assignments: annotations are accepted and do not change values.
x: int = 5
y: str
name: "forward ref" = "n"
print(x, name)
try:
    print(y)
except NameError as e:
    print("NameError:", e)
def f(a: int, b: "str" = "d", *args: int, c: float = 1.5, **kw: dict) -> list:
    result: list = [a, b, args, c, kw]
    return result
print(f(1), f(1, "z", 3, 4, c=2.0, k=1))
class P:
    size: int = 3
    label: str
    def __init__(self):
        self.value: float = 1.5
p = P()
print(P.size, p.value, hasattr(P, "label"))
lst = [0, 0]
lst[0]: int = 9
print(lst)
