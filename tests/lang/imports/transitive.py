# A user module importing another: each body runs once, in dependency order.
import chain_a
import chain_b
print(chain_a.quadruple(3), chain_b.double(5), chain_a.chain_b is chain_b)
from chain_a import quadruple, double
print(quadruple(1), double(1))
