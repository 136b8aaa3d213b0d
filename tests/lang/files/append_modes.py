# Append mode, overwrite with "w", unicode content, and line endings.
# kiln-lock: tmpfiles
path = "/tmp/kiln_test_files_append_modes.txt"
with open(path, "w") as f:
    f.write("one\n")
with open(path, "a") as f:
    f.write("two\n")
    f.write("three\n")
with open(path) as f:
    print(f.read().splitlines())
with open(path, "w") as f:
    f.write("replaced\n")
with open(path, "r") as f:
    print(f.readlines())
text = "héllo wörld ✓ 中文\n"
with open(path, "w", encoding="utf-8") as f:
    f.write(text)
with open(path, encoding="utf-8") as f:
    back = f.read()
print(back == text, len(back), back.strip())
with open(path, "w") as f:
    for i in range(5):
        f.write(f"{i},{i * i}\n")
rows = []
with open(path) as f:
    for line in f:
        a, b = line.strip().split(",")
        rows.append((int(a), int(b)))
print(rows, sum(b for _, b in rows))
