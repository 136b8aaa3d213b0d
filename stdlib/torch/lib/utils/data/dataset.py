# torch.utils.data.dataset: Dataset, IterableDataset, TensorDataset,
# ConcatDataset, Subset and random_split (see torch/utils/data/__init__.py
# for what is left out and how it differs from PyTorch).
import math
import bisect
import torch

__all__ = ['Dataset', 'IterableDataset', 'TensorDataset', 'ConcatDataset', 'Subset',
           'random_split']


class Dataset:
    def __getitem__(self, index):
        raise NotImplementedError

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    def __iter__(self):
        raise NotImplementedError

    def __add__(self, other):
        raise TypeError("IterableDataset does not support '+' in Kiln (ChainDataset is left out)")


class TensorDataset(Dataset):
    def __init__(self, *tensors):
        for tensor in tensors:
            if tensors[0].size(0) != tensor.size(0):
                raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(tensor[index] for tensor in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class ConcatDataset(Dataset):
    def __init__(self, datasets):
        self.datasets = list(datasets)
        if len(self.datasets) == 0:
            raise AssertionError('datasets should not be an empty iterable')
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = []
        total = 0
        for d in self.datasets:
            total += len(d)
            self.cumulative_sizes.append(total)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        dataset_idx = bisect.bisect_right(self.cumulative_sizes, idx)
        if dataset_idx == 0:
            sample_idx = idx
        else:
            sample_idx = idx - self.cumulative_sizes[dataset_idx - 1]
        return self.datasets[dataset_idx][sample_idx]


class Subset(Dataset):
    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def random_split(dataset, lengths, generator=None):
    lengths = list(lengths)
    total = sum(lengths)
    if math.isclose(total, 1) and total <= 1:
        subset_lengths = []
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError("Fraction at index {} is not between 0 and 1".format(i))
            subset_lengths.append(int(math.floor(len(dataset) * frac)))
        remainder = len(dataset) - sum(subset_lengths)
        for i in range(remainder):
            subset_lengths[i % len(subset_lengths)] += 1
        lengths = subset_lengths
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    if generator is None:
        perm = torch.randperm(sum(lengths))
    else:
        perm = torch.randperm(sum(lengths), generator=generator)
    indices = perm.tolist()
    result = []
    offset = 0
    for length in lengths:
        result.append(Subset(dataset, indices[offset:offset + length]))
        offset += length
    return result
