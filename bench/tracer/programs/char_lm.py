# A character-level language model trainer with several model kinds (a
# bigram table, an MLP over a context window, a small recurrent net), each
# trained with AdamW on batches drawn by a DataLoader, evaluated under
# no_grad every few steps, with a global step counter and a learning-rate
# warm-up.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
text = ("the quick brown fox jumps over the lazy dog and then it sleeps " * 40)
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
V = len(chars)
data = torch.tensor([stoi[c] for c in text])
CTX = 4
xs = torch.stack([data[i:i + CTX] for i in range(len(data) - CTX)])
ys = data[CTX:]
split = int(0.9 * len(xs))
train_ds = TensorDataset(xs[:split], ys[:split])
val_x, val_y = xs[split:], ys[split:]


class Bigram(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Embedding(V, V)

    def forward(self, idx):
        return self.table(idx[:, -1])


class MLP(nn.Module):
    def __init__(self, emb=16, hidden=64):
        super().__init__()
        self.emb = nn.Embedding(V, emb)
        self.fc1 = nn.Linear(CTX * emb, hidden)
        self.fc2 = nn.Linear(hidden, V)

    def forward(self, idx):
        e = self.emb(idx).view(idx.shape[0], -1)
        return self.fc2(torch.tanh(self.fc1(e)))


class RNN(nn.Module):
    def __init__(self, emb=16, hidden=48):
        super().__init__()
        self.emb = nn.Embedding(V, emb)
        self.wx = nn.Linear(emb, hidden)
        self.wh = nn.Linear(hidden, hidden, bias=False)
        self.out = nn.Linear(hidden, V)
        self.hidden = hidden

    def forward(self, idx):
        e = self.emb(idx)
        h = torch.zeros(idx.shape[0], self.hidden)
        for t in range(CTX):
            h = torch.tanh(self.wx(e[:, t]) + self.wh(h))
        return self.out(h)


step = 0


def train_step(model, opt, xb, yb):
    global step
    logits = model(xb)
    loss = F.cross_entropy(logits, yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
    step += 1
    return loss


def evaluate(model):
    model.eval()
    with torch.no_grad():
        loss = F.cross_entropy(model(val_x), val_y)
    model.train()
    return loss


for kind in [Bigram, MLP, RNN]:
    model = kind()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    loader = DataLoader(train_ds, batch_size=64, shuffle=True)
    for epoch in range(12):
        for xb, yb in loader:
            for g in opt.param_groups:
                g["lr"] = 1e-2 * min(1.0, (step + 1) / 50)
            loss = train_step(model, opt, xb, yb)
        print(kind.__name__, epoch, step, round(float(evaluate(model)), 3))
