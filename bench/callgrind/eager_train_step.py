# 100 training steps of a small MLP (Linear, ReLU, Linear, cross entropy,
# SGD with momentum): forward, backward through linear/relu/log_softmax, step.
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
loss_fn = nn.CrossEntropyLoss()
x = torch.rand(32, 64)
y = torch.randint(0, 10, (32,))
for i in range(100):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
print(round(loss.item(), 4))
