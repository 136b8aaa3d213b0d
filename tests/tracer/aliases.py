# vmrun-flags: --logs=jit,kernels --jit-threshold=1 --verify
# Golden test of conversions that return their input itself: x.float() and
# x.type_as(y) of float32 tensors are the same tensor object eagerly, so in
# a kernel they are x's value and, like views, never stored. LLaMA's
# RMSNorm (self._norm(x.float()).type_as(x) * weight) is one kernel. When
# such an alias is used after the run (returned), the run ends before it
# and the executor returns x itself: `is` holds as eagerly. Results must
# be eager's.
import torch


def rms_norm(x, w):
    xf = x.float()
    out = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)
    return out.type_as(x) * w


def returns_alias(x):
    y = (x * 2.0).float()
    return y, y.type_as(x)


x = torch.arange(12.0).reshape(3, 4) / 7.0 - 0.5
w = torch.tensor([1.0, 0.5, 2.0, -1.0])
for _ in range(2):
    r = rms_norm(x, w)
    a, b = returns_alias(x)
print(r)
print(a, b, a is b)
