# Writing and reading a text file: write() return values, read(), read(n),
# kiln-lock: tmpfiles
# readline(), readlines(), iteration, and tell-free re-opening.
path = "/tmp/kiln_test_files_write_read.txt"
f = open(path, "w")
print(f.write("first line\n"), f.write("second line\n"), f.write("third"))
f.close()
print(f.closed)
f = open(path)
print(repr(f.read()))
f.close()
f = open(path, "r")
print(repr(f.read(5)), repr(f.read(6)), repr(f.readline()), repr(f.readline()), repr(f.readline()), repr(f.readline()))
f.close()
f = open(path)
print(f.readlines())
f.close()
with open(path) as f:
    for n, line in enumerate(f, 1):
        print(n, repr(line))
with open(path) as f:
    print([line.rstrip("\n") for line in f])
with open(path) as f:
    print(list(f) == open(path).readlines())
with open(path, "w") as f:
    f.writelines(["a\n", "b\n", "c"])
with open(path) as f:
    print(f.read().split("\n"))
with open(path, "w") as f:
    f.write("")
print(repr(open(path).read()))
