# torch.utils.data: IterableDataset through a DataLoader, Subset,
# ConcatDataset (dataset + dataset), random_split (lengths and fractions,
# checked by sizes and sets, not order), samplers and errors.
import torch
import torch.utils.data as data
from torch.utils.data import (DataLoader, IterableDataset, TensorDataset, Subset,
                              random_split)


class Count(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        for i in range(self.n):
            yield torch.tensor([i, i * 10])


loader = DataLoader(Count(7), batch_size=3)
for b in loader:
    print(b)
print([tuple(b.shape) for b in DataLoader(Count(7), batch_size=3, drop_last=True)])
print([int(b.sum()) for b in DataLoader(Count(3), batch_size=None)])
try:
    len(loader)
except TypeError as e:
    print('TypeError')


class Sized(Count):
    def __len__(self):
        return self.n


print(len(DataLoader(Sized(7), batch_size=3)), len(DataLoader(Sized(7), batch_size=3, drop_last=True)))
try:
    DataLoader(Count(3), shuffle=True)
except ValueError as e:
    print('ValueError:', e)

ds = TensorDataset(torch.arange(10.0), torch.arange(10) * 2)
sub = Subset(ds, [1, 3, 5, 7])
print(len(sub), sub[0], sub[3])
for xb, yb in DataLoader(sub, batch_size=3):
    print(xb, yb)

cat = Subset(ds, [0, 1]) + Subset(ds, [8, 9, 2])
print(type(cat).__name__, len(cat), cat[0], cat[2], cat[4], cat[-1], cat.cumulative_sizes)
print([xb.tolist() for xb, yb in DataLoader(cat, batch_size=2)])

parts = random_split(ds, [3, 7])
print([len(p) for p in parts], [type(p).__name__ for p in parts])
allidx = sorted(parts[0].indices + parts[1].indices)
print(allidx)
vals = sorted(int(p[i][0]) for p in parts for i in range(len(p)))
print(vals)
parts = random_split(range(10), [0.5, 0.3, 0.2])
print([len(p) for p in parts], sorted(v for p in parts for v in p))
parts = random_split(range(11), [0.5, 0.5])
print([len(p) for p in parts])
try:
    random_split(ds, [3, 3])
except ValueError as e:
    print('ValueError:', e)

# samplers
print(list(data.SequentialSampler(range(4))))
rs = data.RandomSampler(range(6))
print(len(rs), sorted(rs))
bs = data.BatchSampler(data.SequentialSampler(range(7)), batch_size=3, drop_last=False)
print(list(bs), len(bs))
bs = data.BatchSampler(data.SequentialSampler(range(7)), batch_size=3, drop_last=True)
print(list(bs), len(bs))
loader = DataLoader(ds, batch_sampler=data.BatchSampler(data.SequentialSampler(range(5)), 2, False))
print(len(loader), [yb.tolist() for xb, yb in loader])
loader = DataLoader(ds, sampler=[9, 0, 4], batch_size=2)
print(len(loader), [xb.tolist() for xb, yb in loader])
print(type(DataLoader(ds).sampler).__name__, type(DataLoader(ds, shuffle=True).sampler).__name__)
print(isinstance(ds, data.Dataset), isinstance(Count(1), data.Dataset))
try:
    data.Dataset()[0]
except NotImplementedError:
    print('NotImplementedError')
