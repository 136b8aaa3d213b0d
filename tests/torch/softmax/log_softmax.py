# kiln-float-tolerance: 1e-4
# log_softmax equals log(softmax) but is computed stably.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]])
print(torch.log_softmax(x, dim=1))
print(x.log_softmax(dim=1))
print(torch.log_softmax(x, dim=0))
print(torch.allclose(torch.log_softmax(x, dim=1), torch.log(torch.softmax(x, dim=1))))
print(torch.log_softmax(torch.tensor([1000.0, 0.0]), dim=0))
print(torch.log_softmax(torch.tensor([2.0, 2.0], dtype=torch.float64), dim=0))
