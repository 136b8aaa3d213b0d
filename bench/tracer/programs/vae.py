# A small variational autoencoder on synthetic data: encoder and decoder
# MLPs, the reparameterisation trick, a KL term weighted by a factor that
# changes every epoch, Adam, and reconstruction checks under no_grad.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
D, Z, H = 24, 4, 64
centers = torch.randn(6, D)
data = torch.cat([c + 0.3 * torch.randn(100, D) for c in centers])


class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(D, H), nn.ReLU(), nn.Linear(H, H), nn.ReLU())
        self.mu = nn.Linear(H, Z)
        self.logvar = nn.Linear(H, Z)
        self.dec = nn.Sequential(nn.Linear(Z, H), nn.ReLU(), nn.Linear(H, D))

    def encode(self, x):
        h = self.enc(x)
        return self.mu(h), self.logvar(h)

    def forward(self, x):
        mu, logvar = self.encode(x)
        z = mu + torch.exp(0.5 * logvar) * torch.randn_like(mu)
        return self.dec(z), mu, logvar


def loss_fn(recon, x, mu, logvar, beta):
    rec = F.mse_loss(recon, x, reduction="sum") / x.shape[0]
    kl = -0.5 * torch.sum(1 + logvar - mu ** 2 - logvar.exp()) / x.shape[0]
    return rec + beta * kl


model = VAE()
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
for epoch in range(200):
    beta = min(1.0, epoch / 80.0)
    perm = torch.randperm(data.shape[0])
    for b in range(0, data.shape[0], 50):
        xb = data[perm[b:b + 50]]
        recon, mu, logvar = model(xb)
        loss = loss_fn(recon, xb, mu, logvar, beta)
        opt.zero_grad()
        loss.backward()
        opt.step()
    if epoch % 40 == 0:
        with torch.no_grad():
            mu, _ = model.encode(data)
            err = F.mse_loss(model.dec(mu), data)
        print(epoch, round(float(loss), 2), round(float(err), 3))
