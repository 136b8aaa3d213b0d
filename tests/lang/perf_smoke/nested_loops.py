# Nested int and float loops.
total = 0
for i in range(300):
    for j in range(300):
        total += (i * j) % 7
print(total)
acc = 0.0
for i in range(1, 50001):
    acc += 1.0 / (i * i)
print(f"{acc:.12f}")
count = 0
i = 0
while i < 100000:
    if i % 3 == 0 or i % 5 == 0:
        count += i
    i += 1
print(count)
