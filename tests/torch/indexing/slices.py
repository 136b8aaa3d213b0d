# Slices with start, stop, step; out-of-range bounds are clipped.
import torch

x = torch.arange(10)
print(x[2:5], x[:3], x[7:], x[:])
print(x[::2], x[1::3], x[2:9:4])
print(x[-3:], x[:-7], x[-5:-2])
print(x[5:100], x[20:], x[8:2], x[-100:2])
m = torch.arange(20).reshape(4, 5)
print(m[1:3])
print(m[:, 1:4:2])
print(m[::3, ::2])
print(m[-2:, -2:])
print(m[1:2, 4:5], m[1:2, 4:5].shape)
print(m[:0].shape, m[:, 5:].shape)
