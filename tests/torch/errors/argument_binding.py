# Calls that do not fit an op's parameters: a tensor parameter given a
# number (its position counted as PyTorch does: from 1, after self in a
# method call; none when given by keyword), a method called on a non-tensor,
# and the same ops called every way that binds: positionally, by keyword,
# through an alias and as a method whose receiver is not the first parameter.
import torch
import torch.nn.functional as F

x = torch.tensor([1.0, -2.0, 3.0])
y = torch.tensor([0.5, 0.5, -0.5])
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
calls = [
    "x.atan2(1)", "x.maximum(other=2.0)", "torch.addcmul(x, 3, y)", "torch.addcmul(x, y, tensor2=3)",
    "x.where(1, y)", "torch.Tensor.exp(3)", "torch.Tensor.clamp([1.0], 0)", "torch.sum(input=3)",
    "torch.clamp(x, min=-1, max=1)", "torch.clamp(input=x, max=1)", "x.clip(None, 1.5)", "torch.clamp_min(x, min=0)",
    "x.where(x > 0, y)", "torch.where(condition=x > 0, input=x, other=y)", "x.where(other=y, condition=x < 0)",
    "torch.sum(x, dim=0, keepdim=True)", "x.max(dim=0, keepdim=True)", "torch.softmax(x, 0)", "x.softmax(dim=-1)",
    "torch.add(x, y, alpha=2)", "torch.sub(2, x)", "torch.mul(x, other=3)", "torch.multiply(x, y)", "x.greater(0)",
    "x.masked_fill(x < 0, value=0.0)", "torch.lerp(x, y, weight=0.25)", "torch.var(x, 0, unbiased=False)",
    # counts and missing arguments, in PyTorch's words
    "torch.mul(x)", "torch.exp(x, y)", "x.exp(y)", "x.add(y, 2)",
    # products and nn.functional.linear
    "torch.mm(m)", "torch.mm(m, m, m)", "m.mm()", "m.mm(m, m)", "torch.mm(m, mat2=m)", "m.matmul(other=m)",
    "torch.dot(x)", "torch.mv(m, 1)", "m.mv(vec=1)", "torch.mv(m, x[:2])", "torch.Tensor.mm(3, m)",
    "F.linear(3, m)", "F.linear(m, m, 3)", "F.linear(m, m, None)", "F.linear(m, m, x[:2])",
    # views: separate ints or one sequence in a method call, a sequence in the function
    "x.view(3, 1)", "x.view((1, 3))", "x.reshape(-1)", "torch.reshape(x, (3, 1))",
    "m.permute(1, 0)", "torch.permute(m, (1, 0))", "m.transpose(dim0=1, dim1=0)",
    "torch.swapaxes(m, axis0=0, axis1=1)", "m.flatten(start_dim=0)", "x.unsqueeze(dim=0)", "x.expand(2, 3)",
]
for c in calls:
    try:
        print(c, eval(c))
    except TypeError as e:
        print(c, "TypeError:", e)
