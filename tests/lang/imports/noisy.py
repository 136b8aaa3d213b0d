# kiln-helper: prints at import time, to check that a module runs once.
print("noisy: executing module body")
counter = 0


def bump():
    global counter
    counter += 1
    return counter
