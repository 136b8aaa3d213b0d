# The argument checks of torch.nn.functional and their PyTorch messages.
import torch
import torch.nn.functional as F


def attempt(label, f):
    try:
        r = f()
        print(label, 'ok', r.shape)
    except Exception as e:
        print(label, type(e).__name__, e)


x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 0.0, -1.0]])
t = torch.tensor([2, 0])
attempt('reduction', lambda: F.cross_entropy(x, t, reduction='avg'))
attempt('mse reduction', lambda: F.mse_loss(x, x, reduction='bogus'))
attempt('nll 0-d', lambda: F.nll_loss(torch.tensor(1.0), torch.tensor(0)))
attempt('nll batch', lambda: F.nll_loss(x, torch.tensor([0, 1, 2])))
attempt('nll 2-d target', lambda: F.nll_loss(x, torch.zeros(2, 3, dtype=torch.long)))
attempt('nll 1-d sizes', lambda: F.nll_loss(x[0], torch.tensor([0, 1])))
attempt('nll weight', lambda: F.nll_loss(x, t, weight=torch.ones(4)))
attempt('nll weight 2-d', lambda: F.nll_loss(x, t, weight=torch.ones(1, 3)))
attempt('nll float target', lambda: F.nll_loss(x, torch.tensor([1.0, 0.0])))
attempt('nll int32 target', lambda: F.nll_loss(x, torch.tensor([1, 0], dtype=torch.int32)))
attempt('nll bounds', lambda: F.nll_loss(x, torch.tensor([0, 3])))
attempt('nll negative', lambda: F.nll_loss(x, torch.tensor([-2, 0])))
attempt('nll bounds ignored', lambda: F.nll_loss(x, torch.tensor([5, 0]), ignore_index=5))
attempt('nll 3-d target', lambda: F.nll_loss(torch.zeros(2, 3, 4), torch.zeros(2, 5, dtype=torch.long)))
attempt('nll 4-d target', lambda: F.nll_loss(torch.zeros(2, 3, 4, 5), torch.zeros(2, 4, dtype=torch.long)))
attempt('nll 3-d bounds', lambda: F.nll_loss(torch.zeros(2, 3, 4), torch.full((2, 4), 3)))
attempt('ce prob int', lambda: F.cross_entropy(x, torch.zeros(2, 3, dtype=torch.long)))
attempt('ce prob ignore', lambda: F.cross_entropy(x, torch.zeros(2, 3), ignore_index=1))
attempt('linear', lambda: F.linear(x, torch.ones(4, 2)))
attempt('linear 3-d', lambda: F.linear(torch.ones(2, 2, 3), torch.ones(5, 4)))
attempt('linear 1-d', lambda: F.linear(torch.ones(3), torch.ones(5, 4)))
attempt('linear bias', lambda: F.linear(torch.ones(2, 4), torch.ones(5, 4), torch.ones(3)))
attempt('layer_norm shape', lambda: F.layer_norm(x, (4,)))
attempt('layer_norm 2 dims', lambda: F.layer_norm(x, [3, 3]))
attempt('layer_norm weight', lambda: F.layer_norm(x, (2, 3), weight=torch.ones(3)))
attempt('layer_norm bias', lambda: F.layer_norm(x, (3,), bias=torch.ones(2)))
attempt('dropout p', lambda: F.dropout(x, 1.5))
attempt('dropout negative', lambda: F.dropout(x, -0.1))
attempt('embedding float', lambda: F.embedding(torch.tensor([1.0]), torch.ones(4, 2)))
attempt('embedding bool', lambda: F.embedding(torch.tensor([True]), torch.ones(4, 2)))
attempt('embedding range', lambda: F.embedding(torch.tensor([4]), torch.ones(4, 2)))
attempt('embedding negative', lambda: F.embedding(torch.tensor([[0, -1]]), torch.ones(4, 2)))
attempt('gelu', lambda: F.gelu(x, approximate='fast'))
attempt('pad odd', lambda: F.pad(x, (1,)))
attempt('pad long', lambda: F.pad(x, (1, 1, 1, 1, 1, 1)))
attempt('pad crop', lambda: F.pad(x, (-2, -2)))
attempt('pad mode', lambda: F.pad(x, (1, 1), mode='bogus'))
attempt('Embedding padding_idx', lambda: torch.nn.Embedding(3, 2, padding_idx=3))
attempt('Dropout p', lambda: torch.nn.Dropout(2))
# A bad reduction is reported before the other checks (PyTorch checks it in Python).
attempt('reduction first', lambda: F.nll_loss(torch.tensor(1.0), torch.tensor(0), reduction='x'))
attempt('ce reduction first', lambda: F.cross_entropy(x, torch.tensor([5, 0]), reduction='x'))
attempt('ce prob reduction', lambda: F.cross_entropy(x, torch.zeros(2, 3), reduction='x'))
