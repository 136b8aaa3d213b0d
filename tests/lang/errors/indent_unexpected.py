# IndentationError: a line indented for no reason.
print("never printed")
x = 1
    y = 2
