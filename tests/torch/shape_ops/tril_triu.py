# tril / triu keep the lower / upper triangle, diagonal= shifts it.
import torch

x = torch.arange(1, 13).reshape(3, 4)
print(torch.tril(x))
print(x.triu())
print(torch.tril(x, diagonal=1))
print(x.tril(-1))
print(torch.triu(x, 2))
print(x.triu(diagonal=-1))
print(torch.ones(3, 3).tril())
print(torch.triu(torch.ones(2, 3, 3))[1])
print(torch.ones(2, 2, dtype=torch.bool).triu(1))
