# Tensor methods written over the native ops: nonzero, masked_select,
# diff, frac, tile, repeat_interleave, hypot, diag, the new_* constructors
# (dtype kept or given), cpu() (the tensor itself), type() (names and
# conversions), cuda() without CUDA; torch.cuda on a machine without it.
import torch

x = torch.tensor([[0.0, 1.5, -2.0], [3.0, 0.0, 0.5]])
print(x.nonzero(), x.masked_select(x > 0), x.diff(), x.frac(), x.tile((2,)).shape)
print(x.new_zeros(2, 3), x.new_ones((2,)), x.new_full((2, 2), 7), x.new_empty(3).shape, x.new_tensor([1, 2]))
print(x.long().new_zeros(2).dtype, x.new_ones(2, dtype=torch.int64), x.cpu() is x)
print(x.type(), x.long().type(), x.type(torch.float64).dtype, x.type('torch.LongTensor'))
print(x.repeat_interleave(2, 0).shape, x.hypot(x), x[0].diag(), x.trace())
print(torch.cuda.is_available(), torch.cuda.device_count())
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, x.to(device).sum(), torch.zeros(2, device=device))
try:
    x.cuda()
except AssertionError as e:
    print("AssertionError", e)
