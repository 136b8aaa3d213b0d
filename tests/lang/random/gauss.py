# gauss with a fixed seed (rounded: they go through
# log/sqrt/cos of the platform libm).
import random
random.seed(10)
print([round(random.gauss(0, 1), 9) for _ in range(6)])
random.seed(10)
print([round(random.gauss(100, 15), 6) for _ in range(3)])
random.seed(8)
samples = [random.gauss(5, 2) for _ in range(2000)]
mean = sum(samples) / len(samples)
print(round(mean, 1), 4.5 < mean < 5.5)
