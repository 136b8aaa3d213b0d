# The shape of the result for many index forms.
import torch

x = torch.zeros(5, 6, 7)
i2 = torch.tensor([0, 1])
for name, r in [
    ("x[0]", x[0]), ("x[0, 0]", x[0, 0]), ("x[:, 0]", x[:, 0]), ("x[..., 0]", x[..., 0]),
    ("x[1:3]", x[1:3]), ("x[:, ::2]", x[:, ::2]), ("x[None]", x[None]),
    ("x[:, None, :, None]", x[:, None, :, None]), ("x[i2]", x[i2]),
    ("x[:, i2]", x[:, i2]), ("x[i2, i2]", x[i2, i2]), ("x[i2, :, i2]", x[i2, :, i2]),
    ("x[i2[:, None], i2]", x[i2[:, None], i2]), ("x[0, i2]", x[0, i2]),
    ("x[1:4, i2, 2:]", x[1:4, i2, 2:]), ("x[x[:, 0, 0] == 0]", x[x[:, 0, 0] == 0]),
    ("x[x == 0]", x[x == 0]),
]:
    print(name, r.shape)
