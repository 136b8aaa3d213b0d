# vmrun-flags: --logs=jit --jit-threshold=1 --verify
# Golden test: a small language model's forward (nn.Embedding lookups,
# LayerNorm, a Linear head) under no_grad is one graph per module call,
# with no graph break: Embedding looks up with index_select (whose
# IndexError is embedding's own) instead of a data-dependent range check,
# and layer_norm's shape check is decided while tracing. Results must be
# eager's; an index outside the table raises IndexError at every tier.
import torch
import torch.nn as nn

torch.manual_seed(0)


class LM(nn.Module):
    def __init__(self, V, C, T):
        super().__init__()
        self.tok = nn.Embedding(V, C)
        self.pos = nn.Embedding(T, C)
        self.ln = nn.LayerNorm(C)
        self.head = nn.Linear(C, V, bias=False)

    def forward(self, idx):
        B, T = idx.shape
        x = self.tok(idx) + self.pos(torch.arange(T))
        return self.head(self.ln(x))


m = LM(20, 8, 6).eval()
idx = torch.tensor([[1, 5, 7, 19, 0, 3], [2, 2, 4, 6, 8, 10]])
with torch.no_grad():
    for _ in range(3):
        logits = m(idx)
    print(logits.shape, logits[0, 0, :4])
    try:
        m(torch.tensor([[1, 20, 3, 4, 5, 6]]))
    except IndexError as e:
        print("IndexError:", e)
