# Gradients of matmul in its 1-D/2-D/batched forms, mm, bmm, mv, dot, outer.
import torch

def leaf(shape, start=1.0):
    n = 1
    for s in shape:
        n *= s
    return (torch.arange(n, dtype=torch.float32).view(shape) * 0.5 + start).requires_grad_()

def show(name, *ts):
    print(name)
    for t in ts:
        print(" ", t.grad)

a, b = leaf((2, 3)), leaf((3, 2), -1.0)
torch.mm(a, b).backward(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
show("mm", a, b)

a, b = leaf((2, 3)), leaf((3, 2), -1.0)
(a @ b).sum().backward()
show("2-D @ 2-D", a, b)

u, v = leaf((3,)), leaf((3,), 2.0)
torch.dot(u, v).backward()
show("dot", u, v)

u, v = leaf((3,)), leaf((3,), 2.0)
torch.matmul(u, v).backward(torch.tensor(2.0))
show("1-D @ 1-D", u, v)

m, v = leaf((2, 3)), leaf((3,), -0.75)
torch.mv(m, v).backward(torch.tensor([1.0, -1.0]))
show("mv", m, v)

m, v = leaf((2, 3)), leaf((3,), -0.75)
(m @ v).backward(torch.tensor([1.0, -1.0]))
show("2-D @ 1-D", m, v)

v, m = leaf((2,), 1.0), leaf((2, 3))
(v @ m).backward(torch.tensor([1.0, 2.0, 3.0]))
show("1-D @ 2-D", v, m)

u, v = leaf((2,)), leaf((3,), -1.0)
torch.outer(u, v).backward(torch.arange(6.0).view(2, 3))
show("outer", u, v)

p, q = leaf((2, 2, 3)), leaf((2, 3, 2), -2.0)
torch.bmm(p, q).sum().backward()
show("bmm", p, q)

# batched matmul with a broadcast batch dim: the (3, 2) operand's gradient
# sums over the batch
p, w = leaf((2, 2, 3)), leaf((3, 2), -1.0)
torch.matmul(p, w).backward(torch.ones(2, 2, 2))
show("batched @ 2-D", p, w)

p, w = leaf((1, 2, 3)), leaf((2, 3, 2), -1.0)
(p @ w).sum().backward()
show("(1,2,3) @ (2,3,2)", p, w)
