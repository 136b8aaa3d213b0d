# One training step — zero_grad, forward, loss, backward, optimizer step — of
# an MLP 784-256-10 (Linear, ReLU, Linear, CrossEntropyLoss) at batch 64 and
# batch 1, with SGD (momentum 0.9) and with Adam. Issue 4's targets: Kiln
# within 1.2x of PyTorch at batch 64, at least 3x faster at batch 1 (where
# per-op overhead dominates).
import torch
import torch.nn as nn
from _timing import measure

torch.manual_seed(0)
for batch, n in [(1, 1000), (64, 200)]:
    for name in ["sgd", "adam"]:
        model = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 10))
        if name == "sgd":
            opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        else:
            opt = torch.optim.Adam(model.parameters(), lr=0.001)
        loss_fn = nn.CrossEntropyLoss()
        x = torch.rand(batch, 784)
        y = (torch.arange(batch) * 7) % 10

        def step(k):
            for i in range(k):
                opt.zero_grad()
                loss = loss_fn(model(x), y)
                loss.backward()
                opt.step()

        measure(f"train/mlp 784-256-10 {name} batch {batch}", step, n)
