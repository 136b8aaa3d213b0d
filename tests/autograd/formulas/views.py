# Gradients through view operations: each upstream entry lands on the
# element of the input it came from.
import torch

up6 = torch.arange(1.0, 7.0)

def leaf():
    return torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)

x = leaf(); x.view(6).backward(up6); print("view", x.grad)
x = leaf(); x.view(3, 2).backward(up6.view(3, 2)); print("view(3, 2)", x.grad)
x = leaf(); x.reshape(-1).backward(up6); print("reshape", x.grad)
x = leaf(); x.transpose(0, 1).backward(up6.view(3, 2)); print("transpose", x.grad)
x = leaf(); x.t().backward(up6.view(3, 2)); print("t", x.grad)
x = leaf(); x.T.backward(up6.view(3, 2)); print("T", x.grad)
x = leaf(); x.t().reshape(6).backward(up6); print("t().reshape", x.grad)
x = leaf(); x.unsqueeze(0).backward(up6.view(1, 2, 3)); print("unsqueeze", x.grad)
x = leaf(); x.unsqueeze(2).squeeze(-1).backward(up6.view(2, 3)); print("squeeze", x.grad)
x = leaf(); x.flatten().backward(up6); print("flatten", x.grad)
x = leaf(); x.narrow(1, 1, 2).backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]])); print("narrow", x.grad)
x = leaf(); x.select(1, 2).backward(torch.tensor([7.0, 8.0])); print("select", x.grad)
x = leaf(); x.select(0, -1).backward(torch.tensor([7.0, 8.0, 9.0])); print("select(0, -1)", x.grad)

y = torch.arange(24.0).view(2, 3, 4).requires_grad_()
y.permute(2, 0, 1).backward(torch.arange(24.0).view(4, 2, 3))
print("permute", y.grad[1])

# expand: the gradient sums over the expanded dims
e = torch.tensor([[1.0], [2.0]], requires_grad=True)
e.expand(2, 3).backward(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print("expand", e.grad)
e = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
e.expand(2, 3).backward(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print("expand new dim", e.grad)
e = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
e.expand_as(torch.zeros(4, 3)).sum().backward()
print("expand_as", e.grad)
