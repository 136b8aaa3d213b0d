# kiln-float-tolerance: 1e-4
# sigmoid and relu.
import torch

x = torch.tensor([-3.0, -1.0, 0.0, 0.5, 2.0, 50.0, -50.0])
print(torch.sigmoid(x))
print(x.sigmoid())
print(torch.relu(x))
print(x.relu())
i = torch.tensor([-2, 0, 3])
print(torch.relu(i), torch.relu(i).dtype)
r = torch.sigmoid(i)
print(r, r.dtype)
print(torch.relu(torch.tensor([[1.5, -2.5], [-0.5, 4.0]])))
print(torch.sigmoid(torch.tensor([0.0, 1.0], dtype=torch.float64)))
