# kiln-float-tolerance: 1e-4
# cross_entropy and nll_loss beyond the common case: class weights with and
# without ignore_index (the mean divides by the weights kept), every target
# ignored (nan / 0), K-dimensional inputs (N, C, d1, ...), a 1-d input with
# a 0-d target, class-probability targets (with weights), and mse_loss.
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 2.0], [3.0, 1.0, 1.0], [0.5, 0.5, -0.5]])
t = torch.tensor([1, 2, 0, 2])
w = torch.tensor([0.5, 2.0, 1.0])
for red in ['mean', 'sum', 'none']:
    print(red)
    print(F.cross_entropy(x, t, weight=w, reduction=red))
    print(F.cross_entropy(x, t, ignore_index=2, reduction=red))
    print(F.cross_entropy(x, t, weight=w, ignore_index=0, reduction=red))
    print(F.nll_loss(torch.log_softmax(x, 1), t, weight=w, ignore_index=7, reduction=red))
print(F.cross_entropy(x, torch.full((4,), -100)), F.cross_entropy(x, torch.full((4,), -100), reduction='sum'))
print(F.cross_entropy(x, torch.tensor([1, 5, 0, 5]), ignore_index=5))
print(F.nll_loss(x, torch.tensor([2, 9, 0, 9]), ignore_index=9, reduction='none'))

x3 = (torch.arange(24.0).reshape(2, 3, 4) - 10.0) / 7.0
t3 = torch.tensor([[0, 1, 2, 1], [2, 2, 0, -100]])
print(F.cross_entropy(x3, t3))
print(F.cross_entropy(x3, t3, reduction='none'))
print(F.cross_entropy(x3, t3, weight=w, reduction='sum'))
x4 = x3.reshape(2, 3, 2, 2)
print(F.cross_entropy(x4, t3.reshape(2, 2, 2)))

print(F.cross_entropy(x[0], torch.tensor(2)), F.nll_loss(x[1], torch.tensor(0), reduction='none'))

p = torch.softmax(torch.tensor([[0.0, 1.0, 2.0], [2.0, 2.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 5.0]]), 1)
print(F.cross_entropy(x, p))
print(F.cross_entropy(x, p, reduction='none'))
print(F.cross_entropy(x, p, weight=w, reduction='sum'))
print(F.cross_entropy(x[0], p[0]))
print(F.cross_entropy(x3, torch.softmax(x3 * 2, 1)))

a = torch.tensor([[1.0, -2.0], [0.5, 4.0]])
b = torch.tensor([[0.0, 1.0], [2.5, 4.0]])
print(F.mse_loss(a, b), F.mse_loss(a, b, reduction='sum'), F.mse_loss(a, b, reduction='none'))
print(F.mse_loss(a.double(), b.double()))
