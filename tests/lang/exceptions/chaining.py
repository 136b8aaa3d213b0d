# raise ... from ..., implicit chaining (__context__), from None, and how
# __cause__/__context__/__suppress_context__ are set.
def parse(text):
    try:
        return int(text)
    except ValueError as e:
        raise RuntimeError(f"cannot parse {text!r}") from e
try:
    parse("abc")
except RuntimeError as e:
    print(type(e).__name__, e)
    print("cause:", type(e.__cause__).__name__, e.__cause__)
    print("context is cause:", e.__context__ is e.__cause__, e.__suppress_context__)
try:
    try:
        {}["k"]
    except KeyError:
        raise ValueError("during handling")
except ValueError as e:
    print("implicit context:", type(e.__context__).__name__, e.__context__, e.__cause__)
try:
    try:
        [][0]
    except IndexError:
        raise TypeError("no context shown") from None
except TypeError as e:
    print("from None:", e.__cause__, type(e.__context__).__name__, e.__suppress_context__)
try:
    raise ValueError("plain")
except ValueError as e:
    print("plain:", e.__cause__, e.__context__, e.__suppress_context__)
def chain3():
    try:
        try:
            raise KeyError("a")
        except KeyError as e1:
            raise ValueError("b") from e1
    except ValueError as e2:
        raise RuntimeError("c") from e2
try:
    chain3()
except RuntimeError as e:
    names = []
    cur = e
    while cur is not None:
        names.append(f"{type(cur).__name__}({cur})")
        cur = cur.__cause__
    print(" <- ".join(names))
try:
    raise ValueError("x") from KeyError("y")
except ValueError as e:
    print(repr(e.__cause__))
try:
    raise ValueError("x") from 5
except TypeError as e:
    print("TypeError:", e)
