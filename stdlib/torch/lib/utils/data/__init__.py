# torch.utils.data: datasets, samplers and a single-process DataLoader.
#
# Provides Dataset, IterableDataset, TensorDataset, ConcatDataset, Subset,
# random_split, Sampler, SequentialSampler, RandomSampler, BatchSampler,
# DataLoader, default_collate and default_convert. Left out: worker
# processes (num_workers is accepted and ignored: loading always runs in
# the main process), pin_memory, DistributedSampler, WeightedRandomSampler,
# ChainDataset, datapipes, numpy arrays in default_collate. Differences:
# shuffling and random_split draw from Kiln's RNG (torch.randperm), whose
# streams differ from PyTorch's, so the orders differ; a generator argument
# is passed on to torch.randperm when given.
from torch.utils.data.dataset import (Dataset, IterableDataset, TensorDataset,
                                      ConcatDataset, Subset, random_split)
from torch.utils.data.sampler import (Sampler, SequentialSampler, RandomSampler,
                                      BatchSampler)
from torch.utils.data.dataloader import DataLoader, default_collate, default_convert

__all__ = ['Dataset', 'IterableDataset', 'TensorDataset', 'ConcatDataset', 'Subset',
           'random_split', 'Sampler', 'SequentialSampler', 'RandomSampler',
           'BatchSampler', 'DataLoader', 'default_collate', 'default_convert']
