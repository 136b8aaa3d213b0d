# SyntaxError: a triple-quoted string that never ends (reported at its start).
print("never printed")
doc = """starts here
and goes on
