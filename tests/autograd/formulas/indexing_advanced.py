# Gradients through advanced indexing: int tensors and lists (repeated
# indices accumulate), boolean masks, mixed basic and advanced indices.
import torch

def leaf():
    return torch.arange(1.0, 13.0).view(3, 4).requires_grad_()

x = torch.tensor([10.0, 20.0, 30.0, 40.0], requires_grad=True)
x[torch.tensor([0, 2, 0, 0, 3])].backward(torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0]))
print(x.grad)

x = torch.tensor([10.0, 20.0, 30.0, 40.0], requires_grad=True)
x[[1, 1, -1]].sum().backward()
print(x.grad)

m = leaf()
m[[0, 2, 0]].backward(torch.arange(1.0, 13.0).view(3, 4))
print(m.grad)

m = leaf()
m[torch.tensor([0, 1, 1]), torch.tensor([3, 0, 0])].backward(torch.tensor([1.0, 2.0, 3.0]))
print(m.grad)

m = leaf()
m[:, [1, 3, 1]].backward(torch.ones(3, 3))
print(m.grad)

m = leaf()
m[1:, torch.tensor([0, 0])].backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(m.grad)

m = leaf()
mask = torch.tensor([True, False, True])
m[mask].backward(torch.arange(1.0, 9.0).view(2, 4))
print(m.grad)

m = leaf()
(m[m > 6.5] * m[m > 6.5]).sum().backward()
print(m.grad)

# an index tensor of shape (2, 2) picks rows into a (2, 2, 4) result
m = leaf()
m[torch.tensor([[0, 1], [1, 2]])].sum(dim=2).backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(m.grad)

# embedding-style lookup, then a weighted sum
table = torch.tensor([[0.5, 1.0], [1.5, 2.0], [2.5, 3.0]], requires_grad=True)
tokens = torch.tensor([2, 0, 2, 2])
(table[tokens] * torch.tensor([[1.0, 0.0]])).sum().backward()
print(table.grad)
