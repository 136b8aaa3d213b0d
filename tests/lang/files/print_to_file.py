# print(..., file=f) writes to a file.
# kiln-lock: tmpfiles
path = "/tmp/kiln_test_files_print_to_file.txt"
with open(path, "w") as f:
    print("hello", "file", file=f)
    print(1, 2, 3, sep=",", file=f)
    print("no newline", end="", file=f)
with open(path) as f:
    print(repr(f.read()))
