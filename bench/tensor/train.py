# One training step — zero_grad, forward, loss, backward, optimizer step — of
# an MLP 784-256-10 (Linear, ReLU, Linear, CrossEntropyLoss) at batch 64 and
# batch 1, with SGD (momentum 0.9) and with Adam, on 32 batches of random
# inputs and labels taken in turn. Issue 4's targets: Kiln
# within 1.2x of PyTorch at batch 64, at least 3x faster at batch 1 (where
# per-op overhead dominates).
import torch
import torch.nn as nn
from _timing import measure

torch.manual_seed(0)
for batch, n in [(1, 500), (64, 200)]:
    for name in ["sgd", "adam"]:
        model = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 10))
        params = list(model.parameters())
        start = [p.detach().clone() for p in params]
        if name == "sgd":
            opt = torch.optim.SGD(params, lr=0.01, momentum=0.9)
        else:
            opt = torch.optim.Adam(params, lr=0.001)
        loss_fn = nn.CrossEntropyLoss()
        data = [(torch.rand(batch, 784), torch.randint(0, 10, (batch,))) for j in range(32)]

        def step(k):
            # Each timed loop starts from the same weights and an empty
            # optimizer state (one copy per loop, not per step). Trained for
            # longer, units that die under ReLU leave zero gradients whose
            # momentum decays into subnormal floats, which slow every engine
            # down by different amounts: that would time the CPU's subnormal
            # arithmetic, not a training step.
            with torch.no_grad():
                for p, p0 in zip(params, start):
                    p.copy_(p0)
            opt.state.clear()
            for i in range(k):
                x, y = data[i % 32]
                opt.zero_grad()
                loss = loss_fn(model(x), y)
                loss.backward()
                opt.step()

        measure(f"train/mlp 784-256-10 {name} batch {batch}", step, n)
