# Single inheritance: overriding, super(), attribute lookup through bases,
# isinstance/issubclass, and a three-level chain.
class Animal:
    kind = "animal"
    def __init__(self, name):
        self.name = name
    def speak(self):
        return "..."
    def intro(self):
        return f"{self.name} the {self.kind} says {self.speak()}"
class Dog(Animal):
    kind = "dog"
    def speak(self):
        return "woof"
class Puppy(Dog):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
    def speak(self):
        return super().speak() + " (squeaky)"
    def intro(self):
        base = super().intro()
        return base + f", aged {self.age}"
class Cat(Animal):
    kind = "cat"
for a in [Animal("generic"), Dog("rex"), Puppy("bit", 1), Cat("tom")]:
    print(a.intro())
p = Puppy("bit", 1)
print(isinstance(p, Puppy), isinstance(p, Dog), isinstance(p, Animal), isinstance(p, Cat), isinstance(p, object))
print(issubclass(Puppy, Animal), issubclass(Animal, Puppy), issubclass(Dog, Dog), issubclass(Cat, object))
print(isinstance(p, (Cat, Dog)), issubclass(Puppy, (int, Animal)))
print(Puppy.__bases__[0].__name__, Dog.__base__.__name__ if hasattr(Dog, "__base__") else "Animal")
print(type(p).__name__, p.kind, Puppy.kind, Cat.kind)
class Base:
    def template(self):
        return f"[{self.hook()}]"
    def hook(self):
        return "base"
class Derived(Base):
    def hook(self):
        return "derived"
print(Base().template(), Derived().template())
class Shape:
    def __init__(self, sides):
        self.sides = sides
    def area(self):
        raise NotImplementedError("subclasses implement area")
class Square(Shape):
    def __init__(self, side):
        super().__init__(4)
        self.side = side
    def area(self):
        return self.side ** 2
print(Square(3).area(), Square(3).sides)
try:
    Shape(3).area()
except NotImplementedError as e:
    print("NotImplementedError:", e)
