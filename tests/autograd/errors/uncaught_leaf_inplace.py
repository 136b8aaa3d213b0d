# An in-place op on a leaf that requires grad, uncaught: the script dies with
# PyTorch's RuntimeError at that line.
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    w.mul_(2)
print(w)
w.add_(1)
print("not reached")
