# kiln-float-tolerance: 1e-4
# Functional layers' values beyond the common case: pad with negative pads
# (cropping) and on int tensors, embedding with int32 indices, padding_idx
# and max_norm (rows renormalised in place), layer_norm over two dims,
# dropout in eval mode and with p=0 / p=1, softmax with dtype, Flatten,
# Identity and Softmax modules.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(12.0).reshape(3, 4)
print(F.pad(x, (-1, 2, 1, -2), value=-3.0))
print(F.pad(x, (-1, -1)), F.pad(x, (0, 0, -1, 0)).shape)
print(F.pad(torch.tensor([[1, 2], [3, 4]]), (1, 0, 0, 1), value=7))
print(F.pad(x.reshape(1, 3, 4), (1, 1)).shape)

w = torch.tensor([[3.0, 4.0], [0.3, 0.4], [6.0, 8.0], [1.0, 0.0]])
print(F.embedding(torch.tensor([[2, 0], [1, 3]], dtype=torch.int32), w))
print(F.embedding(torch.tensor([0, 2, 1]), w, padding_idx=1))
w2 = w.clone()
print(F.embedding(torch.tensor([0, 2, 2]), w2, max_norm=2.0))
print(w2)
e = nn.Embedding(4, 2, padding_idx=-1)
print(e.padding_idx, e.weight[3].detach(), e)
print(nn.Embedding(5, 3, max_norm=1.0, norm_type=1.0))

print(F.layer_norm(x, (3, 4)))
print(F.layer_norm(x, [4], weight=torch.tensor([1.0, 2.0, 0.5, 1.0]), bias=torch.tensor([0.0, 1.0, 0.0, -1.0]), eps=0.1))
print(nn.LayerNorm([3, 4], eps=1e-3, elementwise_affine=False), nn.LayerNorm(4))

print(F.dropout(x, 0.5, training=False) is x, F.dropout(x, 0.0).equal(x), F.dropout(x, 1.0))
torch.manual_seed(0)
d = F.dropout(torch.ones(1000), 0.25)
print(sorted(set(round(v, 4) for v in d.tolist())), abs(float((d != 0).float().mean()) - 0.75) < 0.06)
y = torch.ones(6)
F.dropout(y, 0.5, inplace=True)
print(sorted(set(y.tolist())) in ([0.0, 2.0], [0.0], [2.0]))
drop = nn.Dropout(0.3)
drop.eval()
print(drop(x).equal(x), drop)

print(F.softmax(x, dim=1, dtype=torch.float64).dtype, F.log_softmax(x, 0).dtype)
print(nn.Softmax(dim=0)(torch.tensor([1.0, 2.0])), nn.LogSoftmax(dim=1)(torch.tensor([[0.0, 0.0]])), nn.Softmax(1))
print(nn.Flatten()(torch.ones(2, 3, 4)).shape, nn.Flatten(0, 1)(torch.ones(2, 3, 4)).shape, nn.Flatten())
print(nn.Identity(3, k=4)(x) is x, nn.Identity())
print(nn.GELU(), nn.GELU(approximate='tanh'), nn.ReLU(inplace=True), nn.SiLU(), nn.Tanh(), nn.Sigmoid())
print(nn.MSELoss(reduction='sum'), nn.CrossEntropyLoss(weight=torch.ones(3)).state_dict())
