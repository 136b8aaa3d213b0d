# F.pad in constant mode: 1-D and 2-D pads, a value, negative pads (crop),
# and the gradient that crops back to the input.
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(F.pad(x, (1, 2)))
print(F.pad(x, (0, 1), value=-1.0))
print(F.pad(x, (1, 1, 2, 0)))
print(F.pad(x, (1, 0, 0, 1), mode="constant", value=9.0))
print(F.pad(x, (-1, 1)))
print(F.pad(torch.tensor([1, 2]), (2, 0)))
print(F.pad(x.unsqueeze(0), (0, 0, 0, 0, 1, 0)))

t = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
p = F.pad(t, (1, 1, 1, 0), value=5.0)
print(p.shape)
p.backward(torch.arange(12.0).view(3, 4))
print(t.grad)
