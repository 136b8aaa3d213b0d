# kiln-helper: imported by chain_a.
print("chain_b loaded")
NAME = "chain_b"


def double(x):
    return x * 2
