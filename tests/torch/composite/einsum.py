# kiln-float-tolerance: 1e-4
# torch.einsum: matrix products, batched products, traces of contractions,
# outer products (-0 kept: a broadcast product, not a BLAS call), sums over
# a label, transposes, implicit outputs (labels appearing once, in
# alphabetical order, capitals first), ellipses (broadcast), three
# operands, the list form, spaces; and its errors.
import torch

a = torch.arange(6.0).reshape(2, 3) - 2
b = torch.arange(12.0).reshape(3, 4) / 4
c = torch.arange(8.0).reshape(4, 2) - 3
print(torch.einsum("ij,jk->ik", a, b))
print(torch.einsum("ij,jk", a, b))
print(torch.einsum("ij,jk,kl->il", a, b, c))
print(torch.einsum("ij,jk,kl", [a, b, c]))
print(torch.einsum("ij->ji", a), torch.einsum("ij->", a), torch.einsum("ij->j", a))
print(torch.einsum("i,j->ij", a[0], b[0]))
print(torch.einsum("ij,ij->i", a, a), torch.einsum("ij,ij->", a, a))
print(torch.einsum(" b i j , b j k -> b i k ", torch.ones(2, 2, 3), torch.arange(24.0).reshape(2, 3, 4)))
q = torch.arange(24.0).reshape(1, 2, 3, 4) / 10
k = torch.arange(24.0).reshape(1, 2, 3, 4) / 7 - 1
print(torch.einsum("bhqd,bhkd->bhqk", q, k))
print(torch.einsum("...ij,...jk->...ik", torch.ones(2, 1, 2, 3), torch.arange(18.0).reshape(3, 3, 2)).shape)
print(torch.einsum("...ij,...jk", torch.ones(2, 1, 2, 3), torch.arange(18.0).reshape(3, 3, 2))[1, 2])
print(torch.einsum("i...->...", torch.arange(6.0).reshape(2, 3)))
print(torch.einsum("Ba,aB->B", torch.ones(2, 3), torch.ones(3, 2)))
print(torch.einsum("ba", torch.arange(6.0).reshape(2, 3)))

for eq, ops in [("ij,jk->ik", [a]), ("ij->ik", [a]), ("ijk->i", [a]), ("ij,jk->ii", [a, b]), ("i$->i", [a])]:
    try:
        torch.einsum(eq, *ops)
        print(eq, "no error")
    except RuntimeError as e:
        print(eq, "RuntimeError", e)
