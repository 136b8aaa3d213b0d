# choice and shuffle with a fixed seed.
import random
random.seed(3)
items = ["red", "green", "blue", "cyan", "magenta"]
print([random.choice(items) for _ in range(6)])
deck = list(range(10))
random.shuffle(deck)
print(deck)
random.shuffle(deck)
print(deck)
print(random.choice("abc"), random.choice((1, 2, 3)))
random.seed(99)
letters = list("kiln")
for _ in range(3):
    random.shuffle(letters)
    print("".join(letters))
try:
    random.choice([])
except IndexError as e:
    print("IndexError:", e)
