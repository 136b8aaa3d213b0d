# Polynomial regression by hand-written SGD: features x^k built every step,
# a global step counter, a learning rate decayed every step (a float that
# changes each call), and an evaluation under no_grad every 50 steps.
import math

import torch

torch.manual_seed(0)
DEG = 4
N = 256
xs = torch.linspace(-1.0, 1.0, N).reshape(N, 1)
ys = torch.sin(3.0 * xs) + 0.1 * torch.randn(N, 1)

w = torch.zeros(DEG + 1, 1, requires_grad=True)
step = 0


def features(x):
    return torch.cat([x ** k for k in range(DEG + 1)], dim=1)


def predict(x):
    return features(x) @ w


def train_step(x, y, lr):
    global step
    loss = ((predict(x) - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w.sub_(lr * w.grad)
        w.grad.zero_()
    step += 1
    return loss


def evaluate(x, y):
    with torch.no_grad():
        return ((predict(x) - y) ** 2).mean()


lr = 0.5
for epoch in range(8000):
    for b in range(0, N, 64):
        loss = train_step(xs[b:b + 64], ys[b:b + 64], lr)
    lr = 0.5 * math.exp(-epoch / 4000.0)
    if epoch % 1000 == 0:
        print(epoch, step, round(float(evaluate(xs, ys)), 4))
print("final", round(float(evaluate(xs, ys)), 4))
