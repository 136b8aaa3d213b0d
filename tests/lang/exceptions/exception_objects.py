# Exception objects are ordinary values: stored, compared, re-raised later,
# created without raising, inspected with isinstance.
errors = []
for text in ["1", "x", "3", "", "5"]:
    try:
        errors.append(int(text))
    except ValueError as e:
        errors.append(e)
print([type(x).__name__ for x in errors])
print([str(x) for x in errors if isinstance(x, Exception)])
saved = ValueError("saved for later")
print(type(saved).__name__, saved.args)
try:
    raise saved
except ValueError as e:
    print(e is saved)
def checker(v):
    if v < 0:
        return ValueError(f"negative: {v}")
    return None
problems = [p for p in map(checker, [1, -2, 3, -4]) if p]
print([str(p) for p in problems])
e1 = KeyError("k")
print(e1.args, e1.args[0], isinstance(e1, LookupError), isinstance(e1, Exception))
try:
    raise problems[0]
except ValueError as e:
    print("raised stored:", e)
print(ValueError("a") == ValueError("a"), str(ValueError("a")) == str(ValueError("a")))
ex = RuntimeError("multi", "args", 3)
print(ex, ex.args, len(ex.args))
print(str(Exception()), repr(Exception()), str(Exception(None)))
print(isinstance(StopIteration(), Exception), isinstance(KeyboardInterrupt(), Exception), isinstance(SystemExit(), BaseException))
print(issubclass(RecursionError, RuntimeError), issubclass(NotImplementedError, RuntimeError), issubclass(ZeroDivisionError, ArithmeticError), issubclass(FileNotFoundError, OSError), issubclass(ModuleNotFoundError, ImportError), issubclass(UnboundLocalError, NameError))
