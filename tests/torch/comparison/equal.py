# torch.equal: same shape and same values.
import torch

a = torch.tensor([1.0, 2.0, 3.0])
print(torch.equal(a, torch.tensor([1.0, 2.0, 3.0])))
print(torch.equal(a, torch.tensor([1.0, 2.0, 3.5])))
print(torch.equal(a, torch.tensor([[1.0, 2.0, 3.0]])))
print(torch.equal(a, a[:2]))
print(a.equal(a.clone()))
print(torch.equal(torch.zeros(0), torch.zeros(0)))
print(torch.equal(torch.arange(6).reshape(2, 3), torch.arange(6).reshape(3, 2)))
print(torch.equal(torch.arange(6).reshape(2, 3).t(), torch.tensor([[0, 3], [1, 4], [2, 5]])))
print(torch.equal(torch.tensor([True, False]), torch.tensor([True, False])))
print(torch.equal(torch.tensor(3), torch.tensor([3])))
print(torch.equal(torch.tensor([0.0]), torch.tensor([-0.0])))
# values are compared across dtypes
print(torch.equal(torch.tensor([1, 2]), torch.tensor([1.0, 2.0])))
print(torch.equal(torch.tensor([1, 2]), torch.tensor([1.0, 2.5])))
