# Uncaught NameError for a name defined nowhere.
def report():
    print("reporting")
    return completely_undefined_qqq + 1


report()
