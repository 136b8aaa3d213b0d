# & | ^ ~ on bool tensors stay bool.
import torch

a = torch.tensor([True, True, False, False])
b = torch.tensor([True, False, True, False])
for r in [a & b, a | b, a ^ b, ~a, torch.bitwise_not(b), torch.bitwise_xor(a, b)]:
    print(r, r.dtype)
print(a & True, a | True, a ^ True)
print(True & a, False | b, True ^ b)
m = torch.tensor([[True, False], [False, True]])
print(m & torch.tensor([True, True]), ~m)
