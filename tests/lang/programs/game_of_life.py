# Conway's game of life on a small torus, with sets of tuples and grids.
def step(live, w, h):
    counts = {}
    for (x, y) in live:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    key = ((x + dx) % w, (y + dy) % h)
                    counts[key] = counts.get(key, 0) + 1
    return {cell for cell, n in counts.items() if n == 3 or (n == 2 and cell in live)}


def show(live, w, h):
    for y in range(h):
        print("".join("#" if (x, y) in live else "." for x in range(w)))


glider = {(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)}
w, h = 8, 6
state = glider
for gen in range(4):
    print("generation", gen, "population", len(state))
    show(state, w, h)
    state = step(state, w, h)
for _ in range(20):
    state = step(state, w, h)
print("after 24 generations:", sorted(state))
blinker = {(1, 0), (1, 1), (1, 2)}
print(sorted(step(blinker, 5, 5)), step(step(blinker, 5, 5), 5, 5) == blinker)
