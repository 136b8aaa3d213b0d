# A second backward through the same graph without retain_graph raises RuntimeError.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
y.backward()
print(x.grad)
try:
    y.backward()
    print("no error")
except RuntimeError as e:
    msg = str(e)
    print(type(e).__name__)
    print(msg.split(" (")[0])
    print("retain_graph=True" in msg)
print(x.grad)

# a fresh graph from the same leaves works again
(x * x).sum().backward()
print(x.grad)
