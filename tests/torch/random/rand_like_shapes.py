# Random creation with dtype= and every size spelling.
import torch

torch.manual_seed(9)
for t in [torch.rand(2, 3), torch.rand((2, 3)), torch.rand([2, 3]),
          torch.randn(2, 3, dtype=torch.float64), torch.randint(0, 4, (2, 3)),
          torch.randint(10, (2, 3), dtype=torch.int32), torch.rand(1)]:
    print(t.shape, t.dtype, t.device)
print(torch.rand(3).numel())
