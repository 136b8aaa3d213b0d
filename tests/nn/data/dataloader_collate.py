# torch.utils.data.default_collate: tensors are stacked, Python floats and
# ints become float64 / int64 tensors, strings stay lists, tuples and lists
# are transposed (tuples come back as lists), dicts collate per key,
# namedtuples keep their type; custom collate_fn and map-style datasets.
import collections
import torch
from torch.utils.data import DataLoader, Dataset, default_collate

print(default_collate([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]))
print(default_collate([1, 2, 3]))
print(default_collate([1.5, 2.5]))
print(default_collate([True, False]))
print(default_collate(['a', 'b']))
print(default_collate([(1, 2.0, 'x'), (3, 4.0, 'y')]))
print(default_collate([[torch.tensor(1), 2], [torch.tensor(3), 4]]))
print(default_collate([{'a': 1, 'b': torch.tensor([1.0])}, {'a': 2, 'b': torch.tensor([2.0])}]))
print(default_collate([{'x': (1, 2)}, {'x': (3, 4)}]))
Point = collections.namedtuple('Point', ['x', 'y'])
p = default_collate([Point(1, 2.0), Point(3, 4.0)])
print(type(p).__name__, p.x, p.y)
try:
    default_collate([[1, 2], [3]])
except RuntimeError as e:
    print('RuntimeError:', e)


class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return {'i': i, 'sq': torch.tensor([float(i * i)]), 'name': 'item%d' % i}


ds = Squares(7)
for batch in DataLoader(ds, batch_size=3):
    print(batch['i'], batch['sq'], batch['name'])
print(len(DataLoader(ds, batch_size=3)), len(DataLoader(ds, batch_size=3, drop_last=True)))


def my_collate(samples):
    return [s['i'] for s in samples], len(samples)


for b in DataLoader(ds, batch_size=4, collate_fn=my_collate):
    print(b)
for b in DataLoader(ds, batch_size=None, collate_fn=lambda s: s['name']):
    print(b, end=' ')
print()


class Pairs(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return torch.full((2,), float(i)), i % 2


for xb, yb in DataLoader(Pairs(), batch_size=2):
    print(xb, yb, yb.dtype)
