# kiln-float-tolerance: 1e-4
# A tiny next-token language model (Embedding -> Linear) trained for a few
# steps with cross-entropy; then greedy decoding of a few tokens.
import torch
from torch import nn
import torch.nn.functional as F


class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        return self.head(torch.tanh(self.embed(tokens)))


vocab, dim = 6, 4
model = TinyLM(vocab, dim)
with torch.no_grad():
    model.embed.weight.copy_(torch.sin(torch.arange(vocab * dim, dtype=torch.float32)).view(vocab, dim))
    model.head.weight.copy_(torch.cos(torch.arange(vocab * dim, dtype=torch.float32) * 0.7).view(vocab, dim) * 0.5)
    model.head.bias.zero_()

data = torch.tensor([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5])
inputs, targets = data[:-1], data[1:]
opt = torch.optim.AdamW(model.parameters(), lr=0.1, weight_decay=0.0)
for step in range(30):
    logits = model(inputs)
    loss = F.cross_entropy(logits, targets)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 5 == 0:
        print(step, round(loss.item(), 6))

print(tuple(logits.shape))
print(model.embed.weight.grad.abs().sum(dim=1) > 0)
tok = torch.tensor([2])
seq = [2]
with torch.no_grad():
    for _ in range(6):
        nxt = model(tok).argmax(dim=-1)
        seq.append(nxt.item())
        tok = nxt
print(seq)
