# kiln-float-tolerance: 1e-4
# Method calls chain; each returns a new tensor and leaves the original alone.
import torch

x = torch.tensor([[-1.5, 2.0], [0.25, -4.0]])
print(x.abs().sqrt())
print(x.neg().relu())
print(x.square().sum())
print(x.abs().log().exp())
print(x.floor().abs().long())
print(x)
print(torch.exp(torch.zeros(2, 2)))
print(torch.sigmoid(torch.zeros(3)))
