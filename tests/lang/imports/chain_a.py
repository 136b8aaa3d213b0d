# kiln-helper: imports another user module (chain_b).
import chain_b
from chain_b import double

print("chain_a loaded, chain_b.NAME =", chain_b.NAME)


def quadruple(x):
    return double(double(x))
