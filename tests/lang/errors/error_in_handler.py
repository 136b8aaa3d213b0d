# An exception raised while handling another: the new one ends the program.
data = {}
try:
    value = data["key"]
except KeyError:
    print("handling KeyError")
    value = undefined_fallback_name
