# with open(...) closes the file even when the body raises.
# kiln-lock: tmpfiles
path = "/tmp/kiln_test_files_with_files_with.txt"
with open(path, "w") as f:
    f.write("line 1\nline 2\n")
    print("closed inside?", f.closed)
print("closed after?", f.closed)
try:
    with open(path) as f:
        print(f.readline().rstrip())
        raise ValueError("stop reading")
except ValueError as e:
    print("error:", e, "closed:", f.closed)
with open(path) as a, open(path) as b:
    print(a.read() == b.read())
print(a.closed, b.closed)
with open(path, "w") as f:
    pass
with open(path) as f:
    print(repr(f.read()))
