# The graph behind a result: next_functions link a node to the nodes of its
# inputs; leaves appear as AccumulateGrad, inputs without grad as None.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
c = torch.tensor([5.0, 6.0])
s = (a * b + c).sum()

def names(node):
    return [None if fn is None else fn.name() for fn, _ in node.next_functions]

print(s.grad_fn.name(), names(s.grad_fn))
add = s.grad_fn.next_functions[0][0]
print(add.name(), names(add))
mul = add.next_functions[0][0]
print(mul.name(), names(mul))
leaf_node = mul.next_functions[0][0]
print(leaf_node.variable is a, mul.next_functions[1][0].variable is b)
print(type(s.grad_fn.next_functions).__name__, len(mul.next_functions))
