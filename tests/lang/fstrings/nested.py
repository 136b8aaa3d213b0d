# Nested f-strings and f-strings inside other expressions.
rows = [("apple", 1.5, 3), ("kiwi", 0.25, 12), ("melon", 3.0, 1)]
width = 8
for name, price, qty in rows:
    print(f"{name:<{width}}|{price:>6.2f}|{qty:>3}|{f'{price * qty:.2f}':>8}")
print(f"{', '.join(f'{x}:{x * x}' for x in range(4))}")
labels = {k: f"<{k}>" for k in ("a", "b")}
print(labels)
def greet(who, punct="!"):
    return f"Hello, {who}{punct}"
print(f"{greet('you')} {greet(f'{1 + 1} people', '?')}")
matrix = [[1, 2], [3, 4]]
print("\n".join(f"{' '.join(f'{v:3}' for v in row)}" for row in matrix))
total = sum(q for _, _, q in rows)
print(f"total={total} avg={total / len(rows):.3f}")
print(f"{'yes' if total > 10 else 'no'}")
print(f"""{f'{f"{1}"}'}""")
