# SyntaxError: an opening parenthesis that is never closed. Nothing runs: the
# whole file is compiled before the first line executes.
print("never printed")
total = (1 +
         2
print(total)
