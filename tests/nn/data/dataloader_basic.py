# torch.utils.data: TensorDataset and DataLoader over it: batch_size,
# drop_last, len(loader), iteration, batch_size=None, shuffle (checked by
# the set of samples only: Kiln's RNG streams differ from PyTorch's).
import torch
import torch.utils.data
from torch.utils.data import DataLoader, TensorDataset

x = torch.arange(20.0).reshape(10, 2)
y = torch.arange(10) % 3
ds = TensorDataset(x, y)
print(len(ds), ds[3], type(ds[3]).__name__)
print(ds[-1])
print(ds[2:4])

for bs, drop in [(1, False), (3, False), (3, True), (5, False), (4, True), (10, False), (12, False), (12, True)]:
    loader = DataLoader(ds, batch_size=bs, drop_last=drop)
    shapes = [tuple(xb.shape) for xb, yb in loader]
    print('batch_size', bs, 'drop_last', drop, 'len', len(loader), shapes)

loader = DataLoader(ds, batch_size=4)
for i, (xb, yb) in enumerate(loader):
    print(i, xb, yb)
batch = next(iter(loader))
print(type(batch).__name__, len(batch))
print(loader.batch_size, loader.drop_last, loader.dataset is ds)

# default batch_size=1 keeps a leading dimension of 1
first = next(iter(DataLoader(ds)))
print(first)

# batch_size=None: no batching, samples as they are (tuples become lists)
nb = DataLoader(ds, batch_size=None)
print(len(nb), next(iter(nb)))

# shuffle: every sample once per epoch, in batches of the same shapes
loader = DataLoader(ds, batch_size=3, shuffle=True)
for epoch in range(2):
    seen = []
    sizes = []
    for xb, yb in loader:
        sizes.append(xb.shape[0])
        seen.extend(int(v) for v in xb[:, 0].tolist())
        print(torch.equal(yb, (xb[:, 0] / 2).long() % 3), end=' ')
    print()
    print('epoch', epoch, sizes, sorted(seen), len(loader))

# a training loop over the loader
torch.manual_seed(0)
w = torch.zeros(2, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.01)
target = torch.tensor([0.5, -0.25])
reg = TensorDataset(x / 10, (x / 10) @ target)
for epoch in range(3):
    total = 0.0
    for xb, yb in DataLoader(reg, batch_size=5):
        opt.zero_grad()
        loss = ((xb @ w - yb) ** 2).mean()
        loss.backward()
        opt.step()
        total += loss.item()
    print(epoch, round(total, 6))
print(w.detach())
