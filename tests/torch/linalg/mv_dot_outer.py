# mv, dot and outer.
import torch

m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
v = torch.tensor([1.0, 0.0, -1.0])
print(torch.mv(m, v), m.mv(v))
a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, -5.0, 6.0])
print(torch.dot(a, b), a.dot(b), torch.dot(a, b).shape)
print(torch.outer(a, b))
print(a.outer(torch.tensor([1.0, 10.0])))
i = torch.tensor([1, 2, 3])
print(torch.dot(i, i), torch.outer(i, i).dtype)
print(torch.outer(torch.tensor([1.0, 2.0]), torch.tensor([3.0])).shape)
