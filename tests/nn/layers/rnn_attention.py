# kiln-float-tolerance: 1e-4
# nn.RNN / LSTM / GRU (reprs, parameter names and shapes, one and two
# layers, bidirectional, batch_first, unbatched input, a given initial
# state, gradients) and nn.MultiheadAttention (self- and cross-attention,
# bool and float masks, key padding, batch_first, per-head weights,
# gradients), with weights set from sin / cos of arange (Kiln's random
# draws differ from PyTorch's), against PyTorch.
import torch
import torch.nn as nn


def fill(module, scale):
    with torch.no_grad():
        for i, (name, p) in enumerate(module.named_parameters()):
            p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * (0.37 + 0.11 * i)) * scale)


x = torch.cos(torch.arange(5 * 2 * 3, dtype=torch.float32).reshape(5, 2, 3) * 0.7)
for layer in [nn.RNN(3, 4), nn.RNN(3, 4, nonlinearity='relu', num_layers=2), nn.LSTM(3, 4),
              nn.LSTM(3, 4, num_layers=2, bidirectional=True), nn.GRU(3, 4), nn.GRU(3, 4, bias=False, bidirectional=True)]:
    fill(layer, 0.5)
    out, h = layer(x)
    print(layer, [n for n, p in layer.named_parameters()][:4], out.shape)
    print(out[-1].detach())
    if isinstance(h, tuple):
        print(h[0].detach(), h[1].detach())
    else:
        print(h.detach())

lstm = nn.LSTM(3, 4, batch_first=True)
fill(lstm, 0.4)
xb = x.transpose(0, 1).contiguous().requires_grad_()
h0 = torch.full((1, 2, 4), 0.1)
c0 = torch.full((1, 2, 4), -0.2)
out, (hn, cn) = lstm(xb, (h0, c0))
print(out.shape, hn.detach(), cn.detach())
out.pow(2).sum().backward()
print(xb.grad[0], lstm.weight_hh_l0.grad[:2])
gru = nn.GRU(3, 4)
fill(gru, 0.3)
o, h = gru(x[:, 0])
print(o.shape, h.shape, h.detach())

mha = nn.MultiheadAttention(8, 2)
fill(mha, 0.3)
print(mha, [n for n, p in mha.named_parameters()])
q = torch.sin(torch.arange(4 * 2 * 8, dtype=torch.float32).reshape(4, 2, 8) * 0.3)
kv = torch.cos(torch.arange(6 * 2 * 8, dtype=torch.float32).reshape(6, 2, 8) * 0.2)
out, w = mha(q, q, q)
print(out[0].detach(), w[0].detach())
causal = torch.triu(torch.ones(4, 4, dtype=torch.bool), 1)
out, w = mha(q, q, q, attn_mask=causal)
print(out[3].detach(), w[1].detach())
pad = torch.tensor([[False, False, False, False, True, True], [False, False, False, False, False, True]])
out, w = mha(q, kv, kv, key_padding_mask=pad, average_attn_weights=False)
print(out[1].detach(), w.shape, w[1, 0].detach())
fm = torch.zeros(4, 6)
fm[:, 0] = -1.0
out, w = mha(q, kv, kv, attn_mask=fm, need_weights=False)
print(out[2].detach(), w)
mb = nn.MultiheadAttention(8, 4, batch_first=True)
fill(mb, 0.2)
qb = q.transpose(0, 1).contiguous().requires_grad_()
out, w = mb(qb, qb, qb)
print(out.shape, w.shape)
out.sum().backward()
print(qb.grad[0, 0], mb.in_proj_weight.grad[0])
