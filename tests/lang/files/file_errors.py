# FileNotFoundError, bad modes, closed files and wrong-direction operations.
# kiln-lock: tmpfiles
try:
    open("/tmp/kiln_test_files_definitely_missing/none.txt")
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
    print(isinstance(e, OSError), e.errno if hasattr(e, "errno") else 2)
try:
    open("/tmp/kiln_test_files_definitely_missing.txt", "r")
except OSError as e:
    print(type(e).__name__, e)
path = "/tmp/kiln_test_files_file_errors.txt"
with open(path, "w") as f:
    f.write("data")
f = open(path)
f.close()
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
try:
    open(path, "q")
except ValueError as e:
    print("ValueError:", e)
with open(path) as f:
    try:
        f.write("x")
    except OSError as e:
        print("OSError subclass:", isinstance(e, OSError), e)
with open(path, "w") as f:
    try:
        f.read()
    except OSError as e:
        print("OSError subclass:", isinstance(e, OSError), e)
with open(path, "w") as f:
    try:
        f.write(5)
    except TypeError as e:
        print("TypeError:", e)
