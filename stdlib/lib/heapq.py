# heapq: Kiln's heapq module (a binary min-heap kept in a list, heap[0] the
# smallest), written in Kiln's Python.
# Provides heappush, heappop, heapify, heapreplace, heappushpop, nlargest,
# nsmallest (key=) and merge (key=, reverse=). Items are compared with < only,
# as in CPython, and the heap layout after each operation is CPython's.
# Not provided: the private max-heap helpers (_heappop_max, ...).

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge',
           'nlargest', 'nsmallest', 'heappushpop']


def _check_list(heap):
    if not isinstance(heap, list):
        raise TypeError('heap argument must be a list')


def _sift_down(heap, startpos, pos):
    # Move heap[pos] up towards startpos while it is smaller than its parent.
    item = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if item < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = item


def _sift_up(heap, pos):
    # Move the smaller child up until a leaf is reached, then place the
    # item and bubble it into place (CPython's order of comparisons).
    endpos = len(heap)
    startpos = pos
    item = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[childpos] < heap[rightpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = item
    _sift_down(heap, startpos, pos)


def heappush(heap, item):
    if not isinstance(heap, list):
        raise TypeError('heappush() argument 1 must be list, not ' + type(heap).__name__)
    heap.append(item)
    _sift_down(heap, 0, len(heap) - 1)


def heappop(heap):
    _check_list(heap)
    if not heap:
        raise IndexError('index out of range')
    last = heap.pop()
    if heap:
        result = heap[0]
        heap[0] = last
        _sift_up(heap, 0)
        return result
    return last


def heapreplace(heap, item):
    _check_list(heap)
    if not heap:
        raise IndexError('index out of range')
    result = heap[0]
    heap[0] = item
    _sift_up(heap, 0)
    return result


def heappushpop(heap, item):
    _check_list(heap)
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_up(heap, 0)
    return item


def heapify(x):
    _check_list(x)
    for i in reversed(range(len(x) // 2)):
        _sift_up(x, i)


def nsmallest(n, iterable, key=None):
    # Same result as sorted(iterable, key=key)[:n] (stable for equal keys).
    if n <= 0:
        return []
    return sorted(iterable, key=key)[:n]


def nlargest(n, iterable, key=None):
    # Same result as sorted(iterable, key=key, reverse=True)[:n].
    if n <= 0:
        return []
    return sorted(iterable, key=key, reverse=True)[:n]


class _MergeEntry:
    # An entry of merge's heap: ordered by (key, index of its iterable),
    # so equal keys come out in the order of the iterables.
    __slots__ = ('key', 'order', 'value', 'it', 'reverse')

    def __init__(self, key, order, value, it, reverse):
        self.key = key
        self.order = order
        self.value = value
        self.it = it
        self.reverse = reverse

    def __lt__(self, other):
        if self.reverse:
            if other.key < self.key:
                return True
            if self.key < other.key:
                return False
        else:
            if self.key < other.key:
                return True
            if other.key < self.key:
                return False
        return self.order < other.order


def _merge(iterables, key, reverse):
    heap = []
    for order, iterable in enumerate(iterables):
        it = iter(iterable)
        for value in it:
            heap.append(_MergeEntry(value if key is None else key(value), order, value, it, reverse))
            break
    heapify(heap)
    while heap:
        entry = heap[0]
        yield entry.value
        try:
            value = next(entry.it)
        except StopIteration:
            heappop(heap)
            continue
        entry.value = value
        entry.key = value if key is None else key(value)
        heapreplace(heap, entry)


def merge(*iterables, key=None, reverse=False):
    return _merge(iterables, key, reverse)
