# torch.is_tensor and isinstance checks.
import torch

x = torch.tensor([1, 2])
print(torch.is_tensor(x), torch.is_tensor(x[0]), torch.is_tensor(x.sum()))
print(torch.is_tensor([1, 2]), torch.is_tensor(3), torch.is_tensor(2.5), torch.is_tensor(None))
print(torch.is_tensor(x.shape), torch.is_tensor(x.tolist()), torch.is_tensor(x[0].item()))
print(isinstance(x, torch.Tensor), isinstance(1, torch.Tensor))
print(torch.is_tensor(torch.zeros(0)), torch.is_tensor(x > 1))
print(type(x).__name__, type(x.dtype).__name__)
