# no_grad, enable_grad and set_grad_enabled used as function decorators.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)

@torch.no_grad()
def predict(t):
    return t * 2, torch.is_grad_enabled()

@torch.enable_grad()
def tracked(t):
    return t * 2, torch.is_grad_enabled()

@torch.set_grad_enabled(False)
def untracked(t):
    return t * 2, torch.is_grad_enabled()

out, mode = predict(x)
print(out, out.requires_grad, mode, torch.is_grad_enabled())
out, mode = tracked(x)
print(out.requires_grad, mode)
with torch.no_grad():
    out, mode = tracked(x)
    print(out.requires_grad, mode, torch.is_grad_enabled())
out, mode = untracked(x)
print(out.requires_grad, mode, torch.is_grad_enabled())

# a decorated method and the function's name survive
class Model:
    def __init__(self):
        self.w = torch.tensor([0.5, -0.5], requires_grad=True)

    @torch.no_grad()
    def step(self, lr):
        self.w -= lr * torch.tensor([1.0, 1.0])
        return self.w.requires_grad

m = Model()
print(m.step(0.25), m.w, m.w.is_leaf)
print(predict.__name__)
