# @property with getters, setters (validation) and deleters; computed attributes.
class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self._balance = balance
        self.log = []
    @property
    def balance(self):
        self.log.append("get")
        return self._balance
    @balance.setter
    def balance(self, value):
        if value < 0:
            raise ValueError("balance cannot be negative")
        self.log.append(f"set {value}")
        self._balance = value
    @balance.deleter
    def balance(self):
        self.log.append("del")
        self._balance = 0
    @property
    def summary(self):
        return f"{self.owner}: {self._balance}"
a = Account("ann", 10)
print(a.balance)
a.balance = 25
a.balance += 5
print(a.balance, a.summary)
try:
    a.balance = -1
except ValueError as e:
    print("ValueError:", e)
del a.balance
print(a.summary, a.log)
try:
    a.summary = "x"
except AttributeError as e:
    print("AttributeError:", e)
class Circle:
    def __init__(self, r):
        self.r = r
    @property
    def area(self):
        return round(3.14159 * self.r ** 2, 3)
    @property
    def diameter(self):
        return self.r * 2
    @diameter.setter
    def diameter(self, d):
        self.r = d / 2
c = Circle(2)
print(c.area, c.diameter)
c.diameter = 10
print(c.r, c.area)
print(type(Circle.area).__name__)
class Sub(Circle):
    @property
    def area(self):
        return "overridden"
print(Sub(1).area, Sub(1).diameter)
