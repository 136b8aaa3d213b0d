# Calling a function with a keyword it does not accept.
def area(width, height):
    return width * height


print(area(width=2, height=3))
print(area(width=2, height=3, depth=4))
