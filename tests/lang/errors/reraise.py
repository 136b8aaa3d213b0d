# A bare `raise` re-raises the exception being handled, with its traceback.
def risky():
    return [][0]


try:
    risky()
except IndexError:
    print("logging the error, then re-raising")
    raise
