# kiln-expect: manual
# Kiln does not support the match statement: the parser rejects the file with
# NotImplementedError naming the feature and the line, before anything runs.
# (CPython would run it; the expectation is hand-written.)
print("never printed")
command = "go"
match command:
    case "go":
        print("going")
    case _:
        print("unknown")
