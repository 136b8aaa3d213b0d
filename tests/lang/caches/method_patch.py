# Methods replaced on the class after many calls, methods shadowed by instance
# attributes, and calls through bound-method objects kept across the patch.
class Greeter:
    def greet(self):
        return "hello"


g = Greeter()
print([g.greet() for _ in range(100)].count("hello"))
bound = g.greet
Greeter.greet = lambda self: "patched"
print(g.greet(), bound())
g.greet = lambda: "instance attribute"
print(g.greet(), Greeter().greet())
del g.greet
print(g.greet())


class Base:
    def value(self):
        return 1


class Child(Base):
    pass


def call(o):
    return o.value()


print(sum(call(Child()) for _ in range(100)))
Child.value = lambda self: 10
print(call(Child()), call(Base()))
Base.value = lambda self: 100
print(call(Child()), call(Base()))
del Child.value
print(call(Child()))
