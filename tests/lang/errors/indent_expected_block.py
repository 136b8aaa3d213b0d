# IndentationError: a compound statement with no indented body.
print("never printed")
for i in range(3):
print(i)
