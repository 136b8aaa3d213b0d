# kiln-float-tolerance: 1e-4
# The other losses of torch.nn.functional: l1_loss, smooth_l1_loss (beta),
# huber_loss (delta), binary_cross_entropy (weights; inputs at 0 and 1,
# where the log is clamped at -100), binary_cross_entropy_with_logits
# (weight, pos_weight, large logits), kl_div (batchmean, sum, none,
# log_target): values, reductions, gradients and errors; one_hot and
# cosine_similarity.
import torch
import torch.nn.functional as F

x = torch.tensor([[0.5, -1.5, 2.0], [3.0, 0.1, -0.2]])
y = torch.tensor([[0.0, -1.0, 4.0], [2.5, 0.1, 1.0]])
for red in ["mean", "sum", "none"]:
    print(red, F.l1_loss(x, y, reduction=red))
    print(red, F.smooth_l1_loss(x, y, reduction=red), F.smooth_l1_loss(x, y, reduction=red, beta=0.5))
    print(red, F.huber_loss(x, y, reduction=red), F.huber_loss(x, y, reduction=red, delta=2.0))
print(F.smooth_l1_loss(x, y, beta=0.0))

for name, fn in [("l1", lambda a: F.l1_loss(a, y)), ("smooth_l1", lambda a: F.smooth_l1_loss(a, y)),
                 ("huber", lambda a: F.huber_loss(a, y, delta=0.7))]:
    a = x.clone().requires_grad_()
    fn(a).backward()
    print(name, a.grad)

p = torch.tensor([[0.9, 0.2, 0.5], [0.0, 1.0, 0.3]])
t = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.5]])
w = torch.tensor([1.0, 2.0, 0.5])
print(F.binary_cross_entropy(p, t), F.binary_cross_entropy(p, t, reduction="none"))
print(F.binary_cross_entropy(p, t, weight=w, reduction="sum"))
print(F.binary_cross_entropy(torch.tensor([0.0, 1.0]), torch.tensor([1.0, 0.0]), reduction="none"))
pg = torch.tensor([[0.9, 0.2, 0.5], [0.1, 0.7, 0.3]], requires_grad=True)
F.binary_cross_entropy(pg, t).backward()
print(pg.grad)

z = torch.tensor([[2.0, -1.0, 0.0], [-50.0, 50.0, 0.5]])
print(F.binary_cross_entropy_with_logits(z, t), F.binary_cross_entropy_with_logits(z, t, reduction="none"))
print(F.binary_cross_entropy_with_logits(z, t, weight=w, reduction="sum"))
print(F.binary_cross_entropy_with_logits(z, t, pos_weight=torch.tensor([3.0, 1.0, 0.5]), reduction="none"))
zg = (z / 10).requires_grad_()  # (moderate logits: PyTorch's fused backward is exactly 0 where sigmoid saturates)
F.binary_cross_entropy_with_logits(zg, t, pos_weight=torch.tensor([3.0, 1.0, 0.5])).backward()
print(zg.grad)

logq = torch.log_softmax(torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]]), 1)
pt = torch.tensor([[0.2, 0.3, 0.5], [0.0, 0.6, 0.4]])
print(F.kl_div(logq, pt, reduction="batchmean"), F.kl_div(logq, pt, reduction="sum"))
print(F.kl_div(logq, pt, reduction="none"))
print(F.kl_div(logq, torch.log(pt + 0.1), reduction="batchmean", log_target=True))

print(F.one_hot(torch.tensor([0, 2, 1, 2])))
print(F.one_hot(torch.tensor([[0, 1], [3, 2]]), 5))
a = torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0], [-1.0, 0.5, 2.0]])
b = torch.tensor([[1.0, 2.0, 3.5], [1.0, 0.0, 0.0], [1.0, -0.5, 2.0]])
print(F.cosine_similarity(a, b), F.cosine_similarity(a, b, dim=0))

for name, fn in [("bce out of range", lambda: F.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.0]))),
                 ("bce sizes", lambda: F.binary_cross_entropy(p, t[0])),
                 ("bce logits sizes", lambda: F.binary_cross_entropy_with_logits(z, t[0])),
                 ("one_hot negative", lambda: F.one_hot(torch.tensor([-1, 0]))),
                 ("one_hot too few classes", lambda: F.one_hot(torch.tensor([0, 3]), 3)),
                 ("one_hot float", lambda: F.one_hot(torch.tensor([0.0]))),
                 ("huber delta", lambda: F.huber_loss(x, y, delta=0.0))]:
    try:
        fn()
        print(name, "no error")
    except (RuntimeError, ValueError) as e:
        print(name, type(e).__name__, e)
