# clone copies the data; detach shares it.
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
c = x.clone()
c[0, 0] = 100.0
print(x)
print(c)
d = x.detach()
d[1, 1] = -1.0
print(x)
print(torch.equal(x.clone(), x))
t = x.t()
tc = t.clone()
print(tc, tc.shape)
tc[0, 1] = 50.0
print(x[1, 0])
print(x.clone().dtype, torch.tensor([1, 2], dtype=torch.int32).clone().dtype)
print(torch.clone(x) is x, x.clone() is x)
# clone keeps the strides of a (dense) non-contiguous tensor
print(t.clone().stride(), t.clone().is_contiguous(), t.contiguous().stride())
