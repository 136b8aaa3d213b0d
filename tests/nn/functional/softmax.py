# kiln-float-tolerance: 1e-4
# F.softmax and F.log_softmax along different dims, with gradients.
import torch
import torch.nn.functional as F

x0 = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, 0.0, -2.0, 1.0]])
up = torch.tensor([[0.5, -1.0, 2.0, 1.0], [1.0, 1.0, -3.0, 0.0]])
for dim in [1, 0, -1]:
    x = x0.clone().requires_grad_()
    s = F.softmax(x, dim=dim)
    s.backward(up)
    print("softmax", dim)
    print(s.detach())
    print(x.grad)
    x = x0.clone().requires_grad_()
    ls = F.log_softmax(x, dim=dim)
    ls.backward(up)
    print("log_softmax", dim)
    print(ls.detach())
    print(x.grad)

# large logits stay finite
big = torch.tensor([1000.0, 1001.0, 1002.0], requires_grad=True)
F.log_softmax(big, dim=0)[0].backward()
print(F.softmax(big.detach(), dim=0), big.grad)
