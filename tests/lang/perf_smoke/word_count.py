# Dict and string work: build a text deterministically, count words, rank them.
words = ["kiln", "fire", "clay", "glaze", "pot", "wheel", "heat", "ash"]
text_parts = []
state = 12345
for i in range(20000):
    state = (state * 1103515245 + 12345) % 2147483648
    text_parts.append(words[state % len(words)])
text = " ".join(text_parts)
counts = {}
for w in text.split():
    counts[w] = counts.get(w, 0) + 1
ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
for w, c in ranked:
    print(f"{w:>6} {c}")
print(len(text), text.count("kiln"), text[:30])
lengths = {}
for w in text_parts:
    lengths.setdefault(len(w), set()).add(w)
print(sorted((k, sorted(v)) for k, v in lengths.items()))
