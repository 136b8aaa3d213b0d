# random with a seed reproduces CPython's Mersenne Twister sequences exactly.
import random
random.seed(42)
print([random.random() for _ in range(5)])
random.seed(42)
print(random.random())
random.seed(0)
print([random.randint(1, 100) for _ in range(10)])
random.seed(12345)
print([random.randrange(10) for _ in range(10)], random.randrange(5, 50, 5))
random.seed(7)
print([round(random.uniform(-1, 1), 12) for _ in range(4)])
random.seed(2023)
a = [random.random() for _ in range(3)]
random.seed(2023)
b = [random.random() for _ in range(3)]
print(a == b)
