# Reseeding restarts the sequence; different seeds give different sequences;
# randint bounds are inclusive.
import random
def draw(seed, n=6):
    random.seed(seed)
    return [random.randint(0, 9) for _ in range(n)]
print(draw(1), draw(2), draw(1) == draw(1), draw(1) != draw(2))
random.seed(100)
vals = [random.randint(1, 3) for _ in range(300)]
print(min(vals), max(vals), sorted(set(vals)))
print(all(0 <= random.random() < 1 for _ in range(1000)))
random.seed(4)
print(random.randint(-5, -5), random.uniform(2, 2), random.randrange(1))
random.seed("a string seed")
x = random.random()
random.seed("a string seed")
print(x == random.random())
random.seed(2 ** 40)
print(random.randint(0, 10 ** 6))
