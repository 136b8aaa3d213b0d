# Uncaught ValueError from int() on bad text.
inputs = ["12", "7", "abc"]
total = 0
for text in inputs:
    total += int(text)
    print("running total", total)
