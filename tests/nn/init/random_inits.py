# uniform_, normal_, xavier_uniform_, xavier_normal_, kaiming_uniform_,
# kaiming_normal_: shapes, bounds and rough statistics only (the generator
# differs from PyTorch's, so no values are printed).
import math
import torch
from torch import nn

torch.manual_seed(0)

def stats(t):
    return t.mean().item(), t.std().item()

w = torch.empty(200, 300)
nn.init.uniform_(w, a=-0.5, b=1.5)
m, s = stats(w)
print(tuple(w.shape), w.min().item() >= -0.5, w.max().item() <= 1.5)
print(abs(m - 0.5) < 0.02, abs(s - 2.0 / math.sqrt(12.0)) < 0.02)

nn.init.normal_(w, mean=2.0, std=0.5)
m, s = stats(w)
print(abs(m - 2.0) < 0.02, abs(s - 0.5) < 0.02)

nn.init.uniform_(w)
print(w.min().item() >= 0.0, w.max().item() <= 1.0)

fan_in, fan_out = 300, 200
nn.init.xavier_uniform_(w)
bound = math.sqrt(6.0 / (fan_in + fan_out))
print(w.abs().max().item() <= bound, w.abs().max().item() > 0.9 * bound)
print(abs(w.std().item() - bound / math.sqrt(3.0)) < 0.01 * bound)

nn.init.xavier_normal_(w, gain=2.0)
print(abs(w.std().item() - 2.0 * math.sqrt(2.0 / (fan_in + fan_out))) < 0.01)

nn.init.kaiming_uniform_(w, nonlinearity="relu")
kb = math.sqrt(2.0) * math.sqrt(3.0 / fan_in)
print(w.abs().max().item() <= kb, w.abs().max().item() > 0.9 * kb)

nn.init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu")
print(abs(w.std().item() - math.sqrt(2.0 / fan_out)) < 0.01)

print(round(nn.init.calculate_gain("relu"), 6), nn.init.calculate_gain("linear"),
      round(nn.init.calculate_gain("tanh"), 6), round(nn.init.calculate_gain("leaky_relu", 0.2), 6))
