# Indexing in Python loops with ints and with 0-dim tensors.
import torch

m = torch.tensor([[3, 1, 2], [9, 7, 8], [6, 5, 4]])
total = 0
for i in range(3):
    for j in range(3):
        if i == j:
            total += m[i, j].item()
print(total)
best = m.argmax(dim=1)
for i in range(3):
    print(i, m[i, best[i]].item(), m[i][best[i]].item())
order = torch.tensor([0, 2, 1])
print(m[order])
rows = [m[i].sum().item() for i in range(len(m))]
print(rows)
