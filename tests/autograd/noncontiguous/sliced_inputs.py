# Gradients through strided slices, expanded tensors and column views used
# as operands of further ops.
import torch

base = torch.arange(1.0, 13.0).view(3, 4).requires_grad_()
col = base[:, 1]
every_other = base[:, ::2]
print(col.is_contiguous(), every_other.is_contiguous())
out = (col.unsqueeze(1) * every_other).sum()
out.backward()
print(base.grad)

v = torch.arange(1.0, 9.0).requires_grad_()
odd = v[1::2]
even = v[::2]
(odd * even).sum().backward()
print(v.grad)

# an expanded operand: its gradient sums over the expansion
e = torch.tensor([1.0, 2.0], requires_grad=True)
ex = e.unsqueeze(0).expand(3, 2)
m = torch.arange(1.0, 7.0).view(3, 2).requires_grad_()
(ex * m).sum().backward()
print(e.grad)
print(m.grad)

# matmul with a sliced matrix
w = torch.arange(1.0, 17.0).view(4, 4).requires_grad_()
sub = w[1:3, ::2]
x = torch.tensor([[1.0, -1.0], [2.0, 0.5]], requires_grad=True)
(x @ sub).backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(x.grad)
print(w.grad)
