# torch.utils.data.dataloader: DataLoader (single process), default_collate
# and default_convert. Map-style datasets go through a sampler (sequential,
# or random when shuffle=True) and a BatchSampler; iterable datasets are
# batched in the order they yield. num_workers, pin_memory, timeout,
# worker_init_fn, prefetch_factor and persistent_workers are accepted and
# ignored; numpy arrays are not converted.
import torch
from torch.utils.data.dataset import IterableDataset
from torch.utils.data.sampler import (Sampler, SequentialSampler, RandomSampler,
                                      BatchSampler)

__all__ = ['DataLoader', 'default_collate', 'default_convert']


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(x, '_fields')


def default_convert(data):
    # PyTorch converts numpy arrays here; Kiln has none, so only containers
    # are rebuilt and everything else is returned as is.
    if isinstance(data, torch.Tensor):
        return data
    if isinstance(data, dict):
        return {key: default_convert(data[key]) for key in data}
    if _is_namedtuple(data):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, list):
        return [default_convert(d) for d in data]
    return data


def default_collate(batch):
    elem = batch[0]
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, str):  # (Kiln has no bytes)
        return batch
    if isinstance(elem, dict):
        return {key: default_collate([d[key] for d in batch]) for key in elem}
    if _is_namedtuple(elem):
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, tuple) or isinstance(elem, list):
        size = len(elem)
        for e in batch:
            if len(e) != size:
                raise RuntimeError('each element in list of batch should be of equal size')
        # tuples become lists, as in PyTorch
        return [default_collate(samples) for samples in zip(*batch)]
    raise TypeError("default_collate: batch must contain tensors, numpy arrays, numbers, "
                    "dicts or lists; found {}".format(type(elem)))


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None,
                 batch_sampler=None, num_workers=0, collate_fn=None,
                 pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None,
                 prefetch_factor=2, persistent_workers=False, pin_memory_device=""):
        if num_workers < 0:
            raise ValueError('num_workers option should be non-negative; '
                             'use num_workers=0 to disable multiprocessing.')
        if timeout < 0:
            raise ValueError('timeout option should be non-negative')
        self.dataset = dataset
        self.num_workers = num_workers
        self.pin_memory = pin_memory
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.generator = generator
        self.prefetch_factor = prefetch_factor
        self.persistent_workers = persistent_workers

        if isinstance(dataset, IterableDataset):
            self._dataset_kind = 1
            if shuffle not in (None, False):
                raise ValueError(
                    "DataLoader with IterableDataset: expected unspecified "
                    "shuffle option, but got shuffle={}".format(shuffle))
            if sampler is not None:
                raise ValueError(
                    "DataLoader with IterableDataset: expected unspecified "
                    "sampler option, but got sampler={}".format(sampler))
            if batch_sampler is not None:
                raise ValueError(
                    "DataLoader with IterableDataset: expected unspecified "
                    "batch_sampler option, but got batch_sampler={}".format(batch_sampler))
        else:
            self._dataset_kind = 0
            shuffle = bool(shuffle)

        if sampler is not None and shuffle:
            raise ValueError('sampler option is mutually exclusive with shuffle')
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError('batch_sampler option is mutually exclusive '
                                 'with batch_size, shuffle, sampler, and drop_last')
            batch_size = None
            drop_last = False
        elif batch_size is None:
            if drop_last:
                raise ValueError('batch_size=None option disables auto-batching '
                                 'and is mutually exclusive with drop_last')

        if sampler is None and self._dataset_kind == 0:
            if shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None and self._dataset_kind == 0:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)

        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        if collate_fn is None:
            if self._auto_collation:
                collate_fn = default_collate
            else:
                collate_fn = default_convert
        self.collate_fn = collate_fn

    @property
    def _auto_collation(self):
        if self._dataset_kind == 1:
            return self.batch_size is not None
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        if self._auto_collation:
            return self.batch_sampler
        return self.sampler

    def __iter__(self):
        if self._dataset_kind == 1:
            return self._iter_iterable()
        return self._iter_map()

    def _iter_map(self):
        dataset = self.dataset
        collate_fn = self.collate_fn
        if self._auto_collation:
            for indices in self.batch_sampler:
                yield collate_fn([dataset[i] for i in indices])
        else:
            for i in self.sampler:
                yield collate_fn(dataset[i])

    def _iter_iterable(self):
        collate_fn = self.collate_fn
        if not self._auto_collation:
            for sample in self.dataset:
                yield collate_fn(sample)
            return
        batch = []
        for sample in self.dataset:
            batch.append(sample)
            if len(batch) == self.batch_size:
                yield collate_fn(batch)
                batch = []
        if len(batch) > 0 and not self.drop_last:
            yield collate_fn(batch)

    def __len__(self):
        if self._dataset_kind == 1:
            length = len(self.dataset)
            if self.batch_size is not None:
                if self.drop_last:
                    length = length // self.batch_size
                else:
                    length = (length + self.batch_size - 1) // self.batch_size
            return length
        return len(self._index_sampler)
