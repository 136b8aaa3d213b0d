# User-defined exception hierarchies, extra attributes, args, str and repr.
class AppError(Exception):
    pass
class NotFound(AppError):
    def __init__(self, key):
        super().__init__(f"{key} not found")
        self.key = key
class Invalid(AppError):
    def __init__(self, field, reason):
        self.field = field
        self.reason = reason
    def __str__(self):
        return f"{self.field}: {self.reason}"
for exc in [NotFound("user"), Invalid("age", "negative"), AppError("generic"), AppError(), AppError(1, 2)]:
    try:
        raise exc
    except NotFound as e:
        print("NotFound", e, e.key, e.args)
    except AppError as e:
        print(type(e).__name__, str(e), repr(e.args))
print(repr(AppError("x")), repr(NotFound("k")), repr(ValueError()), repr(KeyError("a", 1)))
print(issubclass(NotFound, AppError), issubclass(NotFound, Exception), issubclass(AppError, BaseException))
print(isinstance(Invalid("a", "b"), Exception), NotFound.__name__, NotFound.__bases__[0].__name__)
e = AppError("msg")
print(e.args, str(e), len(e.args))
class WithDefault(Exception):
    def __init__(self, msg="default message"):
        super().__init__(msg)
try:
    raise WithDefault
except WithDefault as err:
    print("raised class, got instance:", err)
print(str(KeyError("k")), str(KeyError()), str(IndexError("i")), repr(StopIteration(3)))
