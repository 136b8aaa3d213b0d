# kiln-float-tolerance: 1e-4
# float64 matmul: result stays float64 and keeps double precision.
import torch

a = torch.tensor([[0.1, 0.2], [0.3, 0.4]], dtype=torch.float64)
b = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64)
r = a @ b
print(r, r.dtype)
print(r.tolist())
v = torch.tensor([1.0, 1.0], dtype=torch.float64)
print(torch.mv(a, v), torch.dot(v, v).dtype)
print(torch.bmm(a.unsqueeze(0), b.unsqueeze(0)).dtype)
print(torch.allclose(a @ torch.eye(2, dtype=torch.float64), a))
