# Matching handlers: tuples of types, base classes, order, bare except,
# re-raise with bare raise, and the name unbound after the handler.
def classify(fn):
    try:
        fn()
    except (KeyError, IndexError) as e:
        return f"lookup: {type(e).__name__}"
    except ArithmeticError as e:
        return f"arith: {type(e).__name__}"
    except Exception as e:
        return f"other: {type(e).__name__}: {e}"
    return "no error"
print(classify(lambda: {}["x"]))
print(classify(lambda: [][0]))
print(classify(lambda: 1 / 0))
print(classify(lambda: int("z")))
print(classify(lambda: None))
print(classify(lambda: undefined_name))
def reraise():
    try:
        raise ValueError("original")
    except ValueError:
        print("handling, then re-raising")
        raise
try:
    reraise()
except ValueError as e:
    print("re-raised:", e)
try:
    raise KeyError("k")
except:
    print("bare except caught it")
try:
    raise ValueError("v")
except ValueError as err:
    pass
try:
    err
except NameError as ne:
    print("NameError:", ne)
def first_match():
    try:
        raise IndexError("i")
    except LookupError:
        return "LookupError handler first"
    except IndexError:
        return "never"
print(first_match())
try:
    try:
        raise TypeError("inner")
    except ValueError:
        print("not this")
except TypeError as e:
    print("outer handler got", e)
def raise_class():
    raise IndexError
try:
    raise_class()
except IndexError as e:
    print("instance made from class:", type(e).__name__, repr(str(e)))
try:
    raise 42
except TypeError as e:
    print("TypeError:", e)
exc_types = (ValueError, TypeError)
try:
    raise TypeError("t")
except exc_types as e:
    print("tuple variable matched", e)
