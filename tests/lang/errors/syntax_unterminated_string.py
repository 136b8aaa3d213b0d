# SyntaxError: a string literal that runs off the end of its line.
print("never printed")
message = "hello
print(message)
