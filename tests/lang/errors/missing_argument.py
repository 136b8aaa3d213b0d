# Calling a function without a required argument.
def greet(name, greeting):
    return f"{greeting}, {name}"


print(greet("ann", "hi"))
print(greet("bob"))
