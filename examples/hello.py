# examples/hello.py — a first Kiln program: functions, classes,
# comprehensions and f-strings. `vmrun examples/hello.py` prints exactly
# what `python3 examples/hello.py` prints (examples/hello.expected).


def greet(name, punctuation="!"):
    return f"Hello, {name}{punctuation}"


class Shape:
    def __init__(self, name):
        self.name = name

    def area(self):
        raise NotImplementedError

    def __repr__(self):
        return f"{type(self).__name__}({self.name!r}, area={self.area():.2f})"


class Rectangle(Shape):
    def __init__(self, width, height):
        super().__init__("rectangle")
        self.width = width
        self.height = height

    def area(self):
        return self.width * self.height


class Circle(Shape):
    PI = 3.141592653589793

    def __init__(self, radius):
        super().__init__("circle")
        self.radius = radius

    def area(self):
        return Circle.PI * self.radius ** 2


def primes_below(n):
    sieve = [True] * n
    for i in range(2, int(n ** 0.5) + 1):
        if sieve[i]:
            for j in range(i * i, n, i):
                sieve[j] = False
    return [i for i in range(2, n) if sieve[i]]


print(greet("Kiln"))
print(greet("world", punctuation="?"))

shapes = [Rectangle(3, 4), Circle(1.5), Rectangle(2.5, 2)]
for shape in sorted(shapes, key=lambda s: s.area()):
    print(shape)
print(f"total area: {sum(s.area() for s in shapes):.3f}")

squares = {n: n * n for n in range(1, 6)}
print("squares:", squares)
print("odd squares:", [v for v in squares.values() if v % 2])
print("primes below 50:", primes_below(50))

words = "the quick brown fox jumps over the lazy dog the end".split()
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print("most common:", ", ".join(f"{w}={c}" for w, c in top))
print(f"{len(set(words))} distinct words, {0.1 + 0.2!r}, {2 ** 40:_}, {255:#x}")
