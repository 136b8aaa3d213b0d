# maximum, minimum (ties split the gradient), remainder, fmod, atan2.
import torch

def grads(fn, av, bv):
    a = torch.tensor(av, requires_grad=True)
    b = torch.tensor(bv, requires_grad=True)
    fn(a, b).backward(torch.tensor([1.0, 2.0, 4.0, 8.0]))
    return a.grad, b.grad

av = [1.0, 5.0, 3.0, -2.0]
bv = [2.0, 4.0, 3.0, -3.0]
print(grads(torch.maximum, av, bv))
print(grads(torch.minimum, av, bv))
print(grads(torch.max, av, bv))
print(grads(torch.min, av, bv))
print(grads(torch.remainder, [5.5, -5.5, 7.0, 2.0], [2.0, 2.0, -3.0, 0.75]))
print(grads(lambda a, b: a % b, [5.5, -5.5, 7.0, 2.0], [2.0, 2.0, -3.0, 0.75]))
print(grads(torch.fmod, [5.5, -5.5, 7.0, 2.0], [2.0, 2.0, -3.0, 0.75]))

# remainder by a Python number: the gradient passes through unchanged
x = torch.tensor([5.5, -1.5, 7.25], requires_grad=True)
(x % 2).sum().backward()
print(x.grad)
