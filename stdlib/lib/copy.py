# copy: Kiln's copy module, written in Kiln's Python.
# Provides copy(x) and deepcopy(x, memo=None), and the exception Error.
# Handled: atomic values (None, numbers, str, types, functions, ranges...)
# returned as they are; list, dict, set, frozenset, tuple, slice; the
# __copy__ / __deepcopy__(memo) hooks; __reduce_ex__(4) / __reduce__ when a
# class defines one in Python (callable, args[, state[, listitems[,
# dictitems]]]); other objects by making cls.__new__(cls) and copying
# __dict__ (calling __setstate__ when the class has one; a __getstate__
# of the class is used for the state), plus the items of list and dict
# subclasses. deepcopy keeps a memo (id -> copy), so shared references
# stay shared and cycles are reproduced.
# Tensors: a torch tensor (type(x).__module__ starting with 'torch') with
# no __deepcopy__ of its own is deep-copied as x.detach().clone() with
# requires_grad_ set as before (PyTorch also keeps .grad and the
# Parameter type: a Parameter is rebuilt with torch.nn.Parameter when its
# class has one). copy.copy of a tensor returns a new tensor object
# sharing nothing only through its own __copy__; otherwise it is returned
# as is (PyTorch's shallow copy shares storage too).
# Not provided: copyreg (dispatch tables) and the copy of objects whose
# state lives in native slots Kiln does not expose.

__all__ = ['Error', 'copy', 'deepcopy']


class Error(Exception):
    pass


error = Error


def _is_atomic(x):
    cls = type(x)
    if x is None or x is NotImplemented or x is Ellipsis:
        return True
    if cls in (int, float, bool, str, range, type, slice):
        return True
    if isinstance(x, type):
        return True
    name = cls.__name__
    if name in ('function', 'builtin_function_or_method', 'method_descriptor',
                'wrapper_descriptor', 'property', 'code',
                'NoneType', 'ellipsis', 'NotImplementedType', 'complex', 'bytes'):
        return cls.__module__ == 'builtins'
    return False


def _is_tensor(x):
    module = getattr(type(x), '__module__', None)
    return (isinstance(module, str) and (module == 'torch' or module.startswith('torch.'))
            and hasattr(x, 'clone') and hasattr(x, 'detach'))


def _class_reduce(cls):
    # A __reduce_ex__ / __reduce__ written in Python by the class (or a base
    # other than object), else None.
    for name in ('__reduce_ex__', '__reduce__'):
        method = getattr(cls, name, None)
        if method is not None and method is not getattr(object, name, None):
            return name
    return None


# ---------------------------------------------------------------- copy
def _check_picklable(x, cls):
    # CPython copies other objects through pickling's __reduce_ex__, which
    # refuses modules (and generators, frames...).
    if cls.__name__ in ('module', 'generator') and cls.__module__ == 'builtins':
        raise TypeError("cannot pickle '" + cls.__name__ + "' object")


def copy(x):
    cls = type(x)
    _check_picklable(x, cls)
    if _is_atomic(x):
        return x
    if cls is list:
        return list(x)
    if cls is dict:
        return dict(x)
    if cls is set:
        return set(x)
    if cls is tuple or cls is frozenset:
        return x
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    if _is_tensor(x):
        return x
    rv = _reduce(x, cls)
    if rv is not None:
        return _reconstruct(x, None, rv)
    return _copy_object(x, cls, None)


# ---------------------------------------------------------------- deepcopy
def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    _check_picklable(x, cls)
    if _is_atomic(x):
        y = x
    elif cls is list:
        y = []
        memo[d] = y
        for item in x:
            y.append(deepcopy(item, memo))
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is tuple:
        y = _deepcopy_tuple(x, memo)
    elif cls is set or cls is frozenset:
        items = [deepcopy(item, memo) for item in x]
        y = cls(items)
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None and not isinstance(x, type):
            y = copier(memo)
        elif _is_tensor(x):
            y = _deepcopy_tensor(x)
        else:
            rv = _reduce(x, cls)
            if rv is not None:
                y = _reconstruct(x, memo, rv)
            else:
                y = _copy_object(x, cls, memo)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _deepcopy_tuple(x, memo):
    items = [deepcopy(a, memo) for a in x]
    # a cycle through x may have copied it already
    try:
        return memo[id(x)]
    except KeyError:
        pass
    for a, b in zip(x, items):
        if a is not b:
            return tuple(items)
    return x


def _deepcopy_tensor(x):
    y = x.detach().clone()
    if x.requires_grad:
        y.requires_grad_(True)
    if type(x) is not type(y):
        try:
            y = type(x)(y, x.requires_grad)
        except Exception:
            pass
    return y


def _keep_alive(x, memo):
    # Keep x alive as long as the memo, so that its id is not reused by a
    # temporary during the same deepcopy.
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


# ---------------------------------------------------------------- objects
def _reduce(x, cls):
    name = _class_reduce(cls)
    if name is None:
        return None
    if name == '__reduce_ex__':
        rv = getattr(x, name)(4)
    else:
        rv = getattr(x, name)()
    if isinstance(rv, str):
        return None
    if not isinstance(rv, tuple):
        raise Error('un(deep)copyable object of type ' + str(cls))
    return rv


def _reconstruct(x, memo, rv):
    func = rv[0]
    args = rv[1] if len(rv) > 1 else ()
    state = rv[2] if len(rv) > 2 else None
    listiter = rv[3] if len(rv) > 3 else None
    dictiter = rv[4] if len(rv) > 4 else None
    deep = memo is not None
    if deep and args:
        args = tuple(deepcopy(a, memo) for a in args)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        _set_state(y, state)
    if listiter is not None:
        if deep:
            for item in listiter:
                y.append(deepcopy(item, memo))
        else:
            for item in listiter:
                y.append(item)
    if dictiter is not None:
        if deep:
            for key, value in dictiter:
                y[deepcopy(key, memo)] = deepcopy(value, memo)
        else:
            for key, value in dictiter:
                y[key] = value
    return y


def _set_state(y, state):
    setstate = getattr(type(y), '__setstate__', None)
    if setstate is not None:
        setstate(y, state)
        return
    slotstate = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slotstate = state
    if state:
        y.__dict__.update(state)
    if slotstate:
        for key, value in slotstate.items():
            setattr(y, key, value)


def _copy_object(x, cls, memo):
    # cls.__new__(cls), then the state (__dict__ or __getstate__()), then the
    # items of a list / dict subclass.
    deep = memo is not None
    args = ()
    getnewargs = getattr(cls, '__getnewargs__', None)
    if getnewargs is not None:
        args = getnewargs(x)
    elif isinstance(x, tuple):
        args = (tuple(x),)
    if deep and args:
        args = tuple(deepcopy(a, memo) for a in args)
    try:
        y = cls.__new__(cls, *args)
    except TypeError:
        raise Error('un(deep)copyable object of type ' + str(cls)) from None
    if deep:
        memo[id(x)] = y
    getstate = getattr(cls, '__getstate__', None)
    if getstate is not None and getstate is not getattr(object, '__getstate__', None):
        state = getstate(x)
    else:
        state = getattr(x, '__dict__', None)
    if state:
        if deep:
            state = deepcopy(state, memo)
        elif isinstance(state, dict):
            state = dict(state)
        _set_state(y, state)
    if isinstance(x, list):
        for item in list.__iter__(x):
            y.append(deepcopy(item, memo) if deep else item)
    elif isinstance(x, dict):
        for key, value in dict.items(x):
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            dict.__setitem__(y, key, value)
    return y
