# Odd arguments to shape ops, indexing, reductions and factories: each call
# either succeeds or raises PyTorch's exception type and message (first 100
# characters), never crashes.
import torch
x = torch.arange(12.).reshape(3, 4)
i = torch.tensor([[0, 5], [1, 2]])
cases = [
    lambda: x.gather(1, i), lambda: x.gather(1, -i), lambda: x.scatter(1, i, 1.0), lambda: x.scatter_add(0, i, x),
    lambda: x.index_select(0, torch.tensor([-1])), lambda: x.index_select(1, torch.tensor([7])),
    lambda: x.narrow(1, 3, 5), lambda: x.narrow(1, -1, 1), lambda: x.split([1, 1], 0), lambda: x.split(0, 1),
    lambda: x.chunk(0), lambda: x.repeat(-1, 2), lambda: x.repeat(2 ** 31, 2 ** 31), lambda: x.expand(-2, 4),
    lambda: x.view(-1, 0), lambda: x.reshape(5, -1), lambda: x.roll(2 ** 62, 0), lambda: x.roll(-(2 ** 62), 1),
    lambda: x.unflatten(1, (2, -1)), lambda: x.unflatten(1, (3, -1)), lambda: torch.tril(torch.arange(3.)),
    lambda: x[torch.tensor([3])], lambda: x[torch.tensor([[True]])], lambda: x[[0, 1], [0, 1, 2]],
    lambda: x.permute(0, 0), lambda: x.transpose(0, 5), lambda: x.flatten(1, 0), lambda: torch.cat([x, x.t()]),
    lambda: torch.stack([]), lambda: torch.cat([]), lambda: x.max(dim=5), lambda: x.topk(10), lambda: x.sort(dim=3),
    lambda: x.cumsum(2), lambda: x.norm(p='x'), lambda: x.masked_fill(torch.ones(5, dtype=torch.bool), 0),
    lambda: torch.arange(0, 10, -1), lambda: torch.linspace(0, 1, -1), lambda: torch.eye(-1), lambda: torch.randint(5, 2, (2,)),
    lambda: torch.full((2,), 'a'), lambda: torch.tensor([[1, 2], [3]]), lambda: torch.tensor([[1, 2], 3]),
    lambda: x @ torch.ones(5), lambda: torch.bmm(x, x), lambda: torch.ones(2, 3, 4) @ torch.ones(5, 4, 2),
    lambda: x.squeeze(7), lambda: x.unsqueeze(-4), lambda: x.mT.mT.contiguous().stride(), lambda: x.t()[::2, 1:].clone().stride(),
    lambda: x.expand(2, 3, 4).sum(0), lambda: x.expand(2, 3, 4).add_(1), lambda: torch.zeros(0).max(),
    lambda: torch.zeros(0, 3).argmax(1), lambda: torch.zeros(3, 0).argmax(1), lambda: torch.zeros(3, 0).softmax(1),
    lambda: torch.tensor([float('nan'), 1.]).sort(), lambda: x.std(dim=(0, 0)),
]
for k, f in enumerate(cases):
    try:
        r = f()
        print(k, 'ok', r if not isinstance(r, tuple) else len(r))
    except Exception as e:
        print(k, type(e).__name__, str(e)[:100])
