# kiln-float-tolerance: 1e-4
# The activation and loss layers over the functions of
# tests/nn/functional/activations_more.py and losses_more.py: their
# reprs, forwards, and PReLU's learnable slope; BatchNorm1d / BatchNorm2d in
# training mode (batch statistics, running statistics updated with
# momentum, num_batches_tracked) and eval mode, with gradients.
import torch
import torch.nn as nn

x = torch.tensor([[-3.0, -0.5, 0.0, 0.5, 3.0], [1.0, -1.0, 2.0, -2.0, 10.0]])
layers = [nn.LeakyReLU(), nn.LeakyReLU(0.2, inplace=True), nn.ELU(), nn.ELU(0.5), nn.SELU(), nn.CELU(),
          nn.Softplus(), nn.Softplus(2, 10), nn.Hardtanh(), nn.Hardtanh(-2.0, 2.0), nn.ReLU6(), nn.Hardswish(),
          nn.Hardsigmoid(), nn.Mish(), nn.LogSigmoid(), nn.Softsign(), nn.Tanhshrink(), nn.Threshold(0.1, 20.0),
          nn.Hardshrink(), nn.Softshrink(0.25), nn.GLU(0), nn.Softmin(dim=1), nn.PReLU()]
for layer in layers:
    print(layer, layer(x.clone()).detach())

prelu = nn.PReLU(3, init=0.1)
print(prelu, list(prelu.parameters())[0].detach())
c = torch.tensor([[[-1.0, 2.0], [-3.0, 4.0], [-5.0, 6.0]]])
prelu(c).sum().backward()
print(prelu.weight.grad)

y = torch.tensor([[0.0, 0.0, 1.0, 1.0, 2.0], [1.0, 1.0, 1.0, -2.0, 8.0]])
for loss in [nn.L1Loss(), nn.L1Loss(reduction="sum"), nn.SmoothL1Loss(), nn.SmoothL1Loss(beta=2.0), nn.HuberLoss(),
             nn.HuberLoss(delta=0.5, reduction="none")]:
    print(loss, loss(x, y))
prob = torch.sigmoid(x)
target = (y > 0.5).float()
print(nn.BCELoss()(prob, target), nn.BCELoss(weight=torch.tensor([1.0, 2.0, 1.0, 2.0, 1.0]))(prob, target))
print(nn.BCEWithLogitsLoss()(x, target), nn.BCEWithLogitsLoss(pos_weight=torch.full((5,), 2.0))(x, target))
print(nn.KLDivLoss(reduction="batchmean")(torch.log_softmax(x, 1), torch.softmax(y, 1)))

torch.manual_seed(0)
bn = nn.BatchNorm1d(3)
print(bn, sorted(bn.state_dict().keys()))
data = torch.tensor([[1.0, 2.0, 0.5], [3.0, -1.0, 0.5], [2.0, 0.0, 1.5], [6.0, 3.0, -0.5]])
xb = data.clone().requires_grad_()
out = bn(xb)
print(out.detach())
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
(out * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(xb.grad, bn.weight.grad, bn.bias.grad)
bn(data * 2)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
print(bn(data).detach())

bn2 = nn.BatchNorm2d(2, momentum=None, affine=False)
print(bn2)
img = torch.arange(24.0).reshape(3, 2, 2, 2) / 5 - 2
print(bn2(img).detach())
bn2(img * 3)
print(bn2.running_mean, bn2.running_var, bn2.num_batches_tracked)
bn2.eval()
print(bn2(img)[0])

nostats = nn.BatchNorm1d(2, track_running_stats=False)
print(nostats, nostats.running_mean)
nostats.eval()
print(nostats(torch.tensor([[1.0, 2.0], [3.0, 6.0]])).detach())

for name, fn in [("bn1d dims", lambda: nn.BatchNorm1d(3)(torch.ones(2, 3, 4, 5))),
                 ("bn2d dims", lambda: nn.BatchNorm2d(3)(torch.ones(2, 3))),
                 ("one value per channel", lambda: nn.BatchNorm1d(3)(torch.ones(1, 3)))]:
    try:
        fn()
        print(name, "no error")
    except (RuntimeError, ValueError) as e:
        print(name, type(e).__name__, e)
