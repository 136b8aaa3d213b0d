# Reprs of nested modules (multi-line extra_repr, indentation), and the list
# operations of Sequential and ModuleList: slices, negative indices, del,
# insert, extend, pop, +, *, and their errors.
import torch
import torch.nn as nn
print(nn.ModuleList([nn.Linear(2, 2) for _ in range(3)]))
print(nn.Sequential(*[nn.ReLU() for _ in range(3)]))
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 2), nn.GELU(approximate='tanh')])
        self.norm = nn.LayerNorm((2,), elementwise_affine=False)
        self.emb = nn.Embedding(3, 2, padding_idx=1)
    def extra_repr(self):
        return 'custom=1\nsecond line'
print(Block())
print(nn.Sequential(Block(), nn.Dropout()), nn.Flatten(), nn.Identity())
s = nn.Sequential(nn.ReLU(), nn.Tanh(), nn.Sigmoid(), nn.SiLU())
print(s[1:], s[-1], s[::2], len(s), [type(m).__name__ for m in s])
s.append(nn.ReLU())
del s[0]
print(s)
s.insert(1, nn.GELU())
s.extend([nn.Tanh()])
print(s, s.pop(0))
ml = nn.ModuleList([nn.ReLU()])
ml.extend([nn.Tanh(), nn.Sigmoid()])
ml.insert(0, nn.SiLU())
ml.append(nn.GELU())
ml[1] = nn.Identity()
del ml[2]
print(ml, len(ml), ml[-1], ml[1:3])
print(ml + nn.ModuleList([nn.ReLU()]))
for bad in [lambda: s[10], lambda: ml[9], lambda: s + 3, lambda: nn.Sequential(3)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(s * 2)
