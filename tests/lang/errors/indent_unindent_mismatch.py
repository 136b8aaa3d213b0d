# IndentationError: a dedent to a column that matches no outer block.
print("never printed")
if True:
        x = 1
    y = 2
