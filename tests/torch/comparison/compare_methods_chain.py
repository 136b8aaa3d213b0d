# kiln-float-tolerance: 1e-4
# Comparison results feed into masks, sums and conversions.
import torch

scores = torch.tensor([55, 72, 90, 38, 64, 81])
passed = scores >= 60
print(passed)
print(passed.sum().item(), passed.float().mean().item())
print(scores[passed])
print((scores > 50) & (scores < 80))
print(passed.long())
print(torch.where(passed, scores, torch.zeros_like(scores)))
print(passed.any().item(), passed.all().item())
