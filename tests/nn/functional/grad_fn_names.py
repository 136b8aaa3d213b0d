# The grad_fn names of torch.nn.functional's composite ops are PyTorch's
# (grad_fn=<NllLossBackward0> when a loss is printed), though Kiln computes
# them with several autograd nodes: the losses, activations (and their
# in-place forms), normalisations, convolutions, pooling, pad and embedding;
# each called twice, so that the tracer captures it.
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[0.2, -1.0, 0.5, 2.0], [1.5, 0.3, -0.7, 0.1]], requires_grad=True)
p = torch.tensor([[0.2, 0.9, 0.5, 0.4], [0.5, 0.3, 0.7, 0.1]], requires_grad=True)
t = torch.tensor([[0.0, 1.0, 0.5, 2.0], [1.0, 0.0, -1.0, 0.5]])
tb = torch.tensor([[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 1.0, 1.0]])
cls = torch.tensor([1, 3])
w = torch.ones(4, requires_grad=True)
b = torch.zeros(4, requires_grad=True)
W = torch.ones(3, 4, requires_grad=True)
img = torch.arange(2 * 3 * 5 * 5.0).reshape(2, 3, 5, 5).requires_grad_()
seq = torch.arange(2 * 3 * 7.0).reshape(2, 3, 7).requires_grad_()
cases = {
    "mse_loss": lambda: F.mse_loss(x, t),
    "mse_loss_none": lambda: F.mse_loss(x, t, reduction='none'),
    "l1_loss": lambda: F.l1_loss(x, t),
    "smooth_l1_loss": lambda: F.smooth_l1_loss(x, t),
    "huber_loss": lambda: F.huber_loss(x, t),
    "bce": lambda: F.binary_cross_entropy(p, tb),
    "bce_logits": lambda: F.binary_cross_entropy_with_logits(x, tb),
    "cross_entropy": lambda: F.cross_entropy(x, cls),
    "cross_entropy_none": lambda: F.cross_entropy(x, cls, reduction='none'),
    "nll_loss": lambda: F.nll_loss(x, cls),
    "kl_div": lambda: F.kl_div(x, p, reduction='batchmean'),
    "log_softmax": lambda: F.log_softmax(x, 1),
    "softmax": lambda: F.softmax(x, 1),
    "gelu": lambda: F.gelu(x),
    "gelu_tanh": lambda: F.gelu(x, approximate='tanh'),
    "silu": lambda: F.silu(x),
    "mish": lambda: F.mish(x),
    "elu": lambda: F.elu(x),
    "selu": lambda: F.selu(x),
    "celu": lambda: F.celu(x),
    "leaky_relu": lambda: F.leaky_relu(x),
    "softplus": lambda: F.softplus(x),
    "hardtanh": lambda: F.hardtanh(x),
    "relu6": lambda: F.relu6(x),
    "hardswish": lambda: F.hardswish(x),
    "hardsigmoid": lambda: F.hardsigmoid(x),
    "logsigmoid": lambda: F.logsigmoid(x),
    "softsign": lambda: F.softsign(x),
    "tanhshrink": lambda: F.tanhshrink(x),
    "threshold": lambda: F.threshold(x, 0.1, 20.0),
    "glu": lambda: F.glu(x, 1),
    "layer_norm": lambda: F.layer_norm(x, (4,), w, b),
    "layer_norm_nw": lambda: F.layer_norm(x, (4,)),
    "batch_norm": lambda: nn.BatchNorm1d(4)(x),
    "linear2d": lambda: F.linear(x, W),
    "linear3d": lambda: F.linear(x.unsqueeze(0), W),
    "linear_bias": lambda: nn.Linear(4, 3)(x),
    "conv1d": lambda: nn.Conv1d(3, 2, 3)(seq),
    "conv2d": lambda: nn.Conv2d(3, 2, 3)(img),
    "max_pool2d": lambda: F.max_pool2d(img, 2),
    "avg_pool2d": lambda: F.avg_pool2d(img, 2),
    "adaptive_avg_pool2d": lambda: F.adaptive_avg_pool2d(img, 1),
    "dropout_eval": lambda: F.dropout(x, 0.5, training=False),
    "pad": lambda: F.pad(x, (1, 1)),
    "embedding": lambda: F.embedding(cls, W.t()),
    "pow": lambda: x ** 2,
    "sqrt": lambda: p.sqrt(),
    "norm": lambda: x.norm(),
    "var": lambda: x.var(),
    "std": lambda: x.std(),
    "mean": lambda: x.mean(),
    "sum": lambda: x.sum(),
    "max": lambda: x.max(),
    "amax": lambda: x.amax(1),
    "logsumexp": lambda: x.logsumexp(1),
    "cumsum": lambda: x.cumsum(1),
    "clamp": lambda: x.clamp(-0.5, 0.5),
    "where": lambda: torch.where(x > 0, x, p),
    "matmul": lambda: x @ W.t(),
    "bmm": lambda: torch.bmm(x.unsqueeze(0), W.t().unsqueeze(0)),
    "cat": lambda: torch.cat([x, p]),
    "stack": lambda: torch.stack([x, p]),
    "t": lambda: x.t(),
    "view": lambda: x.view(8),
    "reshape": lambda: x.reshape(8),
    "flatten": lambda: x.flatten(),
    "transpose": lambda: x.transpose(0, 1),
    "permute": lambda: x.permute(1, 0),
    "unsqueeze": lambda: x.unsqueeze(0),
    "squeeze": lambda: x.unsqueeze(0).squeeze(0),
    "expand": lambda: x[:1].expand(3, 4),
    "index": lambda: x[:, 1],
    "slice": lambda: x[:, 1:3],
    "adv_index": lambda: x[cls // 2],
    "mask": lambda: x[x > 0],
    "chunk": lambda: x.chunk(2, 1)[0],
    "split": lambda: x.split(2, 1)[1],
    "mul_scalar": lambda: x * 2,
    "div_scalar": lambda: x / 2,
    "add_scalar": lambda: x + 2,
    "neg": lambda: -x,
    "abs": lambda: x.abs(),
    "sigmoid": lambda: x.sigmoid(),
    "tanh": lambda: x.tanh(),
    "relu": lambda: x.relu(),
    "exp": lambda: x.exp(),
    "log": lambda: p.log(),
}


def grad_fn_of(f):
    return type(f().grad_fn).__name__


for k, f in cases.items():
    print(k, grad_fn_of(f), grad_fn_of(f))
with torch.no_grad():
    print("no_grad", F.mse_loss(x, t).grad_fn, F.gelu(x).grad_fn)
print(F.cross_entropy(x, cls))
print(F.mse_loss(x, t, reduction='none'))
base = torch.tensor([[0.2, -1.0, 0.5, 2.0], [1.5, 0.3, -0.7, 0.1]], requires_grad=True)
for name, f in [("leaky_relu", lambda x: F.leaky_relu(x, inplace=True)), ("elu", lambda x: F.elu(x, inplace=True)),
                ("selu", lambda x: F.selu(x, inplace=True)), ("celu", lambda x: F.celu(x, inplace=True)),
                ("hardtanh", lambda x: F.hardtanh(x, inplace=True)), ("relu6", lambda x: F.relu6(x, inplace=True)),
                ("hardswish", lambda x: F.hardswish(x, inplace=True)), ("hardsigmoid", lambda x: F.hardsigmoid(x, inplace=True)),
                ("mish", lambda x: F.mish(x, inplace=True)), ("silu", lambda x: F.silu(x, inplace=True)),
                ("threshold", lambda x: F.threshold(x, 0.1, 2.0, inplace=True)), ("relu", lambda x: F.relu(x, inplace=True)),
                ("bn_eval", lambda x: nn.BatchNorm1d(4).eval()(x)), ("bn_eval_noaffine", lambda x: nn.BatchNorm1d(4, affine=False).eval()(x)),
                ("bn_noaffine", lambda x: nn.BatchNorm1d(4, affine=False)(x)),
                ("ln_module", lambda x: nn.LayerNorm(4)(x)),
                ("nll3d", lambda x: F.nll_loss(x.reshape(1, 2, 4), torch.tensor([[0, 1, 1, 0]]))),
                                                ("nll_sum", lambda x: F.nll_loss(x, torch.tensor([1, 3]), reduction='sum')),
                ("nll_1d", lambda x: F.nll_loss(x[0], torch.tensor(1))),
                ("bce_none", lambda x: F.binary_cross_entropy(x.sigmoid(), torch.ones(2, 4), reduction='none')),
                ("bce_w", lambda x: F.binary_cross_entropy_with_logits(x, torch.ones(2, 4), pos_weight=torch.ones(4))),
                ("mse_sum", lambda x: F.mse_loss(x, torch.ones(2, 4), reduction='sum')),
                ("smooth_beta0", lambda x: F.smooth_l1_loss(x, torch.ones(2, 4), beta=0.0)),
                ("conv_nobias", lambda x: F.conv1d(x.unsqueeze(0), torch.ones(3, 2, 2))),
                ("conv2d_fn", lambda x: F.conv2d(x.reshape(1, 1, 2, 4), torch.ones(1, 1, 2, 2))),
                ("maxpool1d", lambda x: F.max_pool1d(x.unsqueeze(0), 2)),
                ("avgpool1d", lambda x: F.avg_pool1d(x.unsqueeze(0), 2)),
                ("pad_reflect?", lambda x: F.pad(x, (1, 2), value=3.0)),
                ("emb_module", lambda x: nn.Embedding(3, 2)(torch.tensor([0, 2]))),
                ("gelu_noreq", lambda x: F.gelu(x.detach())),
                ]:
    x = base.clone()
    try:
        r = f(x)
        print(name, type(r.grad_fn).__name__)
    except Exception as e:
        print(name, "ERR", type(e).__name__, str(e)[:60])
