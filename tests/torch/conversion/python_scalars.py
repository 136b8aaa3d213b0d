# bool(), int(), float() of one-element tensors and tensors as Python indices.
import torch

print(bool(torch.tensor([1.0])), bool(torch.tensor(0)), bool(torch.tensor([[False]])))
print(int(torch.tensor(3.9)), int(torch.tensor(-3.9)), int(torch.tensor([7])))
print(float(torch.tensor(2)), float(torch.tensor([[0.5]])))
print(int(torch.tensor(True)), float(torch.tensor(False)))
x = torch.tensor([1.0, 2.0, 3.0])
if x.sum() > 5:
    print("sum > 5")
if (x > 2).any():
    print("some > 2")
if not (x < 0).any():
    print("none negative")
n = 0
while x[n] < 3:
    n += 1
print(n)
words = ["a", "b", "c", "d"]
print(words[torch.tensor(2)], words[x.argmax()])
print(round(float(torch.tensor(2.75)), 1), abs(int(torch.tensor(-4))))
