# bisect: Kiln's bisect module, written in Kiln's Python.
# Provides bisect_left, bisect_right (= bisect), insort_left, insort_right
# (= insort) with lo, hi and key= (3.10+: key applies to the elements of a;
# insort applies it to x too). Elements are compared with < only.

__all__ = ['bisect_left', 'bisect_right', 'bisect', 'insort_left', 'insort_right', 'insort']


def _bounds(a, lo, hi):
    if lo < 0:
        raise ValueError('lo must be non-negative')
    if hi is None:
        hi = len(a)
    return lo, hi


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        v = a[mid] if key is None else key(a[mid])
        if x < v:
            hi = mid
        else:
            lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        v = a[mid] if key is None else key(a[mid])
        if v < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, *, key=None):
    i = bisect_right(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(i, x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    i = bisect_left(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(i, x)


bisect = bisect_right
insort = insort_right
