# kiln-float-tolerance: 1e-4
# softmax subtracts the max first: huge inputs give no nan.
import torch

x = torch.tensor([1000.0, 1001.0, 1002.0])
print(torch.softmax(x, dim=0))
print(torch.softmax(x - 1000.0, dim=0))
y = torch.tensor([-1000.0, 0.0, 1000.0])
print(torch.softmax(y, dim=0))
print(torch.softmax(torch.tensor([-float('inf'), 0.0, 0.0]), dim=0))
print(torch.isnan(torch.softmax(torch.tensor([1e30, -1e30]), dim=0)).any())
print(torch.log_softmax(torch.tensor([1000.0, 1001.0]), dim=0))
