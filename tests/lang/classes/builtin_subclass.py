# Subclassing builtin types (list, dict, Exception) and adding methods.
class Builtin(list):
    def total(self):
        return sum(self)
b = Builtin([1, 2, 3])
b.append(4)
print(b, b.total(), len(b), isinstance(b, list))
class Registry(dict):
    def register(self, key, value):
        self[key] = value
        return self
r = Registry()
r.register("a", 1).register("b", 2)
print(r, len(r), r.get("a"), isinstance(r, dict), type(r).__name__)
class Stack(list):
    def push(self, v):
        self.append(v)
    def peek(self):
        return self[-1]
s = Stack()
s.push(1)
s.push(2)
print(s.peek(), s.pop(), s, len(s))
class AppError(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
try:
    raise AppError(404, "not found")
except Exception as e:
    print(type(e).__name__, e.code, e, e.args)
