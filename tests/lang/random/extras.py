# The rest of random's everyday API: getrandbits, sample, choices,
# normalvariate, expovariate, with fixed seeds.
import random
random.seed(1)
print(random.getrandbits(8), random.getrandbits(32), random.getrandbits(1))
random.seed(3)
items = ["red", "green", "blue", "cyan", "magenta"]
print(random.sample(range(100), 5), random.sample(items, 2))
print(random.choices(items, k=4))
random.seed(5)
print([round(random.normalvariate(0, 1), 9) for _ in range(3)])
random.seed(11)
print([round(random.expovariate(1.5), 9) for _ in range(3)])
try:
    random.sample([1, 2], 3)
except ValueError as e:
    print("ValueError:", e)
