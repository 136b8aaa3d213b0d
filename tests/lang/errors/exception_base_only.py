# Raising Exception with several arguments: the last line shows their tuple.
print("raising")
raise Exception("several", "arguments", 3)
