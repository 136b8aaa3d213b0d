#!/usr/bin/env python3
"""The tracer's differential soundness tester: random programs that change
Python state between calls of hot functions.

Where tests/jit/random_graphs.py draws tensor programs to check the
compilers, this draws *Python* programs to check the tracer's guards and
side effects: each program builds some state (globals, closures and their
cells, classes and instances, properties and descriptors, subclasses of
list/dict/tuple, default arguments, containers, context managers,
generators, partials, monkeypatched module attributes, tensor buffers and
views at offsets, nn.Modules, grad mode, graph breaks inside blocks and
ops raising after them, dicts keyed by enum members and objects, classes
with their own __new__, bound methods passed in), defines a hot function over a
tensor that reads and writes that state (each "feature" below adds a block
to its body), and calls it several times, changing the state between some
calls (each feature's "mutations"; in some programs the batch size too,
so graphs go dynamic). After each call it prints the result
(every float's repr), the Python state the features expose, or the
exception raised.

Every script runs three ways, which must print exactly the same:
  --tier=0                                          the interpreter (the oracle)
  (defaults)                                        traced on its second call
  --hot-threshold=1 --jit-threshold=1 --verify      traced on its first call, every graph compiled
A difference is reduced to a minimal program (features, then state
changes, then calls dropped while it still fails) and printed: a
reproducer to paste into a file.

    random_programs.py path/to/vmrun [--seed S] [--programs N] [--per-script K] [--minutes M] [--feature NAME]

--minutes M runs fresh seeds (S, S+1, ...) until M minutes have passed;
--feature NAME puts that feature (f_NAME) in every program.
The programs are plain Python 3.11 and PyTorch (CPython runs them too; its
output differs where Kiln's random numbers and last float digits do).
"""
import argparse
import random
import os
import subprocess
import sys
import tempfile
import time

MODES = [
    ("tier0", ["--tier=0"]),
    ("defaults", []),
    ("hot1", ["--hot-threshold=1", "--jit-threshold=1", "--verify"]),
]

PRELUDE = '''import functools
import math
import enum
import torch


def _show(v):
    if isinstance(v, torch.Tensor):
        return ("T", str(v.dtype), tuple(v.shape), v.requires_grad, [repr(e) for e in v.detach().reshape(-1).tolist()])
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, [_show(e) for e in v])
    if isinstance(v, dict):
        return ("dict", [(repr(k), _show(e)) for k, e in v.items()])
    if isinstance(v, float):
        return repr(v)
    return repr(v)


def _x(n):
    return (torch.arange(float(n * 3)).reshape(n, 3) - 2.5) / 4.0
'''


def num(rng):
    return rng.choice(["0.5", "1.5", "2.0", "-1.25", "3.0", "0.25", "-0.75", "4.0"])


def small_int(rng):
    return str(rng.randint(0, 5))


class Feature:
    """One kind of outside state a hot function reads or writes.

    setup: module-level lines; decls: names the hot function declares
    `global`; params / args: extra parameters and the expression passed for
    each (may use the call index `_i`); body: lines of the hot function
    (they read and update the tensor `acc`); mutations: statements run
    between calls; after: lines run after each call (its result is `_r`);
    state: expressions printed after each call; teardown:
    lines run when the program ends (restoring what it monkeypatched).
    """

    def __init__(self, name):
        self.name = name
        self.setup, self.decls, self.params, self.args = [], [], [], []
        self.body, self.mutations, self.state, self.teardown = [], [], [], []
        self.after = []  # lines run after each call, its result `_r` (before printing)


def f_global_float(rng, p):
    f = Feature("global float")
    f.setup = [f"{p}k = {num(rng)}"]
    f.body = [rng.choice([f"acc = acc * {p}k + {p}k", f"acc = acc - {p}k", f"acc = acc * ({p}k > 1.0)"])]
    f.mutations = [f"{p}k = {num(rng)}", f"{p}k = {small_int(rng)}", f"{p}k = {num(rng)}"]
    return f


def f_global_counter(rng, p):
    f = Feature("global counter stored by the hot function")
    f.setup = [f"{p}n = 0"]
    f.decls = [f"{p}n"]
    f.body = [f"{p}n += 1", rng.choice([f"acc = acc + {p}n", f"acc = acc * ({p}n % 3)"])]
    f.mutations = [f"{p}n = {small_int(rng)}"]
    f.state = [f"{p}n"]
    return f


def f_closure_rebound(rng, p):
    f = Feature("closure cell rebound through nonlocal by another function")
    f.setup = [f"def {p}make():",
               f"    s = {num(rng)}",
               "    def get(t):",
               "        return t * s",
               "    def set_(v):",
               "        nonlocal s",
               "        s = v",
               "    return get, set_",
               f"{p}get, {p}set = {p}make()"]
    f.body = [f"acc = {p}get(acc)"]
    f.mutations = [f"{p}set({num(rng)})", f"{p}set({num(rng)})", f"{p}get, {p}set = {p}make()"]
    return f


def f_nonlocal_counter(rng, p):
    f = Feature("nonlocal counter inside an inlined call")
    f.setup = [f"def {p}counter():",
               "    n = 0",
               "    def inc(t):",
               "        nonlocal n",
               "        n += 1",
               "        return t + n",
               "    def get():",
               "        return n",
               "    def reset(v):",
               "        nonlocal n",
               "        n = v",
               "    return inc, get, reset",
               f"{p}inc, {p}getn, {p}reset = {p}counter()"]
    f.body = [f"acc = {p}inc(acc)"]
    f.mutations = [f"{p}reset({small_int(rng)})"]
    f.state = [f"{p}getn()"]
    return f


def f_inner_closure(rng, p):
    f = Feature("closure made in the hot function, writing its cell")
    f.body = [f"{p}c = {small_int(rng)}",
              f"def {p}bump(t):",
              f"    nonlocal {p}c",
              f"    {p}c += 1",
              f"    return t + {p}c",
              f"acc = {p}bump({p}bump(acc)) * {p}c"]
    return f


def f_class_attr(rng, p):
    f = Feature("class attributes, classmethods, staticmethods")
    f.setup = [f"class {p}C:",
               f"    k = {num(rng)}",
               "    @classmethod",
               "    def cm(cls, t):",
               "        return t * cls.k",
               "    @staticmethod",
               "    def sm(t):",
               "        return t + 1",
               f"{p}obj = {p}C()"]
    f.body = [rng.choice([f"acc = acc * {p}C.k", f"acc = {p}C.cm(acc)", f"acc = {p}C.sm(acc)",
                          f"acc = {p}obj.cm(acc) + {p}obj.k", f"acc = {p}obj.sm(acc)"])]
    f.mutations = [f"{p}C.k = {num(rng)}", f"{p}C.sm = staticmethod(lambda t: t - 2)",
                   f"{p}obj.k = {num(rng)}", f"{p}C.cm = classmethod(lambda cls, t: t * 10)"]
    return f


def f_instance_attr(rng, p):
    f = Feature("instance attributes read and written")
    f.setup = [f"class {p}O:",
               "    def __init__(self):",
               f"        self.w = {num(rng)}",
               "        self.calls = 0",
               "    def scaled(self, t):",
               "        return t * self.w",
               f"{p}o = {p}O()"]
    f.body = [rng.choice([f"acc = acc * {p}o.w", f"acc = {p}o.scaled(acc)"]), f"{p}o.calls += 1"]
    f.mutations = [f"{p}o.w = {num(rng)}", f"{p}o = {p}O()", f"{p}o.scaled = lambda t: t * 100",
                   f"{p}O.scaled = lambda self, t: t - self.w"]
    f.state = [f"{p}o.calls"]
    return f


def f_property(rng, p):
    f = Feature("property and a descriptor of its own")
    f.setup = [f"class {p}Desc:",
               "    def __get__(self, obj, cls):",
               "        return self if obj is None else obj._v * 3",
               f"class {p}P:",
               "    d = " + f"{p}Desc()",
               "    def __init__(self):",
               f"        self._v = {num(rng)}",
               "    @property",
               "    def v(self):",
               "        return self._v * 2",
               f"{p}po = {p}P()"]
    f.body = [rng.choice([f"acc = acc + {p}po.v", f"acc = acc * {p}po.d", f"acc = acc + {p}po.v * {p}po.d"])]
    f.mutations = [f"{p}po._v = {num(rng)}", f"{p}P.v = property(lambda self: self._v + 100)"]
    return f


def f_list_subclass(rng, p):
    f = Feature("list subclass with its own dunders")
    over = rng.sample(["getitem", "len", "iter", "contains", "bool", "add"], rng.randint(0, 3))
    lines = [f"class {p}L(list):"]
    if "getitem" in over:
        lines += ["    def __getitem__(self, i):", "        return 3.0"]
    if "len" in over:
        lines += ["    def __len__(self):", "        return 9"]
    if "iter" in over:
        lines += ["    def __iter__(self):", "        return iter([5.0, 6.0])"]
    if "contains" in over:
        lines += ["    def __contains__(self, x):", "        return True"]
    if "bool" in over:
        lines += ["    def __bool__(self):", "        return False"]
    if "add" in over:
        lines += ["    def __add__(self, o):", "        return [100.0]"]
    lines += ["    def total(self):", "        return sum(self)"]
    f.setup = lines + [f"{p}l = {p}L([1.0, 2.0, 4.0])"]
    f.body = [rng.choice([f"acc = acc * {p}l[0] + len({p}l)", f"acc = acc + (1.0 in {p}l)",
                          f"acc = acc + (1 if {p}l else 2)", f"acc = acc + ({p}l + [1.0])[0]",
                          f"acc = acc + {p}l.total()"])]
    f.body.append(rng.choice([f"for {p}v in {p}l:\n    acc = acc + {p}v", f"acc = acc + sum({p}l)", "pass"]))
    f.mutations = [f"{p}L.__getitem__ = lambda self, i: 7.0", f"{p}L.__len__ = lambda self: 2",
                   f"{p}l.append({num(rng)})", f"{p}L.__iter__ = lambda self: iter([0.5])"]
    return f


def f_dict_subclass(rng, p):
    f = Feature("dict subclass with its own methods")
    over = rng.sample(["getitem", "get", "len", "contains", "keys"], rng.randint(0, 3))
    lines = [f"class {p}D(dict):"]
    if "getitem" in over:
        lines += ["    def __getitem__(self, k):", "        return 10.0"]
    if "get" in over:
        lines += ["    def get(self, k, d=None):", "        return 20.0"]
    if "len" in over:
        lines += ["    def __len__(self):", "        return 7"]
    if "contains" in over:
        lines += ["    def __contains__(self, k):", "        return True"]
    if "keys" in over:
        lines += ["    def keys(self):", "        return ['a']"]
    lines += ["    pass"]
    f.setup = lines + [f"{p}d = {p}D(a={num(rng)}, b={num(rng)})"]
    f.body = [rng.choice([f"acc = acc * {p}d['a']", f"acc = acc + {p}d.get('b', 0.0)", f"acc = acc + len({p}d)",
                          f"acc = acc + ('zz' in {p}d)", f"acc = acc + len(list({p}d.keys()))"])]
    f.mutations = [f"{p}d['a'] = {num(rng)}", f"{p}D.get = lambda self, k, d=None: -1.0", f"{p}d['c'] = 1.0",
                   f"{p}D.__getitem__ = lambda self, k: 0.5"]
    return f


def f_tuple_subclass(rng, p):
    f = Feature("tuple subclass and a named tuple")
    f.setup = [f"class {p}T(tuple):",
               "    def first(self):",
               "        return self[0]",
               f"{p}t = {p}T(({num(rng)}, {num(rng)}))",
               "import collections",
               f"{p}NT = collections.namedtuple('{p}NT', ['a', 'b'])",
               f"{p}nt = {p}NT({num(rng)}, {num(rng)})"]
    f.body = [rng.choice([f"for {p}v in {p}t:\n    acc = acc + {p}v", f"acc = acc * {p}t.first()",
                          f"acc = acc * {p}nt.a + {p}nt[1]", f"acc = acc + len({p}t) + sum({p}nt)"])]
    f.mutations = [f"{p}T.__iter__ = lambda self: iter([10.0])", f"{p}t = {p}T(({num(rng)},))",
                   f"{p}nt = {p}nt._replace(a={num(rng)})", f"{p}T.first = lambda self: -self[0]"]
    return f


def f_defaults(rng, p):
    f = Feature("defaults of an inlined function")
    f.setup = [f"def {p}helper(t, s={num(rng)}, d={{'k': {num(rng)}}}, *, kw={num(rng)}):",
               "    return t * s + d['k'] + kw",
               f"def {p}rem(t, seen=[]):",
               "    seen.append(1)",
               "    return t + len(seen)"]
    f.body = [rng.choice([f"acc = {p}helper(acc)", f"acc = {p}rem(acc)", f"acc = {p}helper(acc, kw=1.0)"])]
    f.mutations = [f"{p}helper.__defaults__ = ({num(rng)}, {{'k': {num(rng)}}})",
                   f"{p}helper.__defaults__[1]['k'] = {num(rng)}",
                   f"{p}helper.__kwdefaults__ = {{'kw': {num(rng)}}}",
                   f"{p}helper.__kwdefaults__['kw'] = {num(rng)}",
                   f"{p}rem.__defaults__[0].clear()"]
    f.state = [f"len({p}rem.__defaults__[0])"]
    return f


def f_loop_mutation(rng, p):
    f = Feature("a list changed while a loop iterates over it")
    kind = rng.randint(0, 3)
    if kind == 0:
        f.body = [f"{p}lst = [1.0, 2.0]",
                  f"for {p}v in {p}lst:",
                  f"    acc = acc + {p}v",
                  f"    if len({p}lst) < {rng.randint(3, 6)}:",
                  f"        {p}lst.append({num(rng)})"]
    elif kind == 1:
        f.params = [f"{p}arg"]
        f.args = ["[1.0, float(_i)]"]
        f.body = [f"for {p}j, {p}v in enumerate({p}arg):",
                  f"    acc = acc * {p}v + {p}j",
                  f"    if {p}j == 0:",
                  f"        {p}arg.append({num(rng)})",
                  f"        {p}arg[1] = {num(rng)}"]
    elif kind == 2:
        f.setup = [f"{p}G = [0.5]"]
        f.body = [f"{p}G.append(float(len({p}G)))", f"for {p}v in {p}G:", f"    acc = acc + {p}v"]
        f.mutations = [f"{p}G.clear()", f"{p}G.append(2.0)"]
        f.state = [f"len({p}G)"]
    else:
        f.setup = [f"{p}gd = {{'a': 1.0}}"]
        f.body = [f"for {p}key in {p}gd:", f"    acc = acc + {p}gd[{p}key]", f"    {p}gd['b'] = 2.0"]
        f.mutations = [f"{p}gd.pop('b', None)"]
    return f


def f_exceptions(rng, p):
    f = Feature("try/except/finally in the hot function")
    f.setup = [f"{p}d = {{'a': {num(rng)}}}", f"{p}log = []", f"{p}flag = False"]
    kind = rng.randint(0, 2)
    if kind == 0:
        f.body = ["try:", f"    acc = acc + {p}d['a']", "except KeyError:", "    acc = acc - 1"]
    elif kind == 1:
        f.body = ["try:", f"    acc = acc * 2", "finally:", f"    {p}log.append(1)"]
    else:
        f.body = [f"if {p}flag:", f"    raise ValueError('boom {p}')", "acc = acc + 1"]
    f.mutations = [f"{p}d.pop('a', None)", f"{p}d['a'] = {num(rng)}", f"{p}flag = True", f"{p}flag = False"]
    f.state = [f"len({p}log)"]
    return f


def f_with_blocks(rng, p):
    f = Feature("with blocks: a user context manager and torch.no_grad")
    f.setup = [f"class {p}CM:",
               "    def __init__(self):",
               "        self.entered = 0",
               "        self.exited = 0",
               f"        self.factor = {num(rng)}",
               "    def __enter__(self):",
               "        self.entered += 1",
               "        return self.factor",
               "    def __exit__(self, *a):",
               "        self.exited += 1",
               "        return False",
               f"{p}cm = {p}CM()"]
    f.body = [rng.choice([f"with {p}cm as {p}fac:\n    acc = acc * {p}fac",
                          "with torch.no_grad():\n    acc = acc * 2",
                          f"with {p}cm:\n    acc = acc + 1\n    acc = acc * 3"])]
    f.mutations = [f"{p}cm.factor = {num(rng)}", f"{p}cm = {p}CM()"]
    f.state = [f"({p}cm.entered, {p}cm.exited)"]
    return f


def f_generators(rng, p):
    f = Feature("generators consumed in the hot function")
    f.setup = [f"def {p}gen(t, n):", "    for i in range(n):", "        yield t * i",
               f"{p}n = {rng.randint(1, 4)}"]
    f.body = [rng.choice([f"for {p}g in {p}gen(acc, {p}n):\n    acc = acc + {p}g",
                          f"acc = acc + sum({p}gen(acc, {p}n))",
                          f"acc = acc + len(list({p}gen(acc, {p}n)))"])]
    f.mutations = [f"{p}n = {rng.randint(0, 4)}"]
    return f


def f_varargs(rng, p):
    f = Feature("*args, **kwargs and functools.partial")
    f.setup = [f"def {p}va(*ts, scale=1.0, **kw):",
               "    return sum(ts) * scale + kw.get('b', 0.0)",
               f"{p}kw = {{'b': {num(rng)}}}",
               f"def {p}fn(t, s=1.0):",
               "    return t * s",
               f"{p}part = functools.partial({p}fn, s={num(rng)})"]
    f.body = [rng.choice([f"acc = {p}va(acc, acc, scale={num(rng)}, b={num(rng)})",
                          f"acc = {p}va(acc, **{p}kw)",
                          f"acc = {p}part(acc)",
                          f"acc = {p}va(*[acc, acc * 2])"])]
    f.mutations = [f"{p}kw['b'] = {num(rng)}", f"{p}kw['c'] = 1.0",
                   f"{p}part = functools.partial({p}fn, s={num(rng)})"]
    return f


def f_monkeypatch(rng, p):
    f = Feature("monkeypatched attributes of torch and math")
    which = rng.choice(["tanh", "relu", "sigmoid"])
    f.setup = [f"{p}orig = torch.{which}", f"{p}pi = math.pi"]
    f.body = [rng.choice([f"acc = torch.{which}(acc)", f"acc = acc * math.pi", f"acc = torch.{which}(acc) + math.pi"])]
    f.mutations = [f"torch.{which} = lambda t: t * 10", f"torch.{which} = {p}orig", f"math.pi = 3.0",
                   f"math.pi = {p}pi"]
    f.teardown = [f"torch.{which} = {p}orig", f"math.pi = {p}pi"]
    return f


def f_views(rng, p):
    f = Feature("tensor views at offsets, changed in place")
    f.setup = [f"{p}buf = torch.arange(12.0)"]
    f.params = [f"{p}v"]
    f.args = [f"{p}buf[_i % 4: _i % 4 + 3]"]
    f.body = [rng.choice([f"acc = acc + {p}v.sum() * {p}v.storage_offset()",
                          f"{p}v.add_(1.0)\nacc = acc + {p}v[0]",
                          f"acc = acc * (2 if {p}v.storage_offset() > 1 else 3)",
                          f"{p}v.mul_(0.5)\nacc = acc + {p}v.sum()"])]
    f.mutations = [f"{p}buf.fill_(1.0)", f"{p}buf = torch.arange(12.0) * 2"]
    f.state = [f"_show({p}buf)"]
    return f


def f_dict_keys(rng, p):
    f = Feature("dicts keyed by ints, tuples and enum members")
    f.setup = [f"class {p}E(enum.Enum):", "    A = 1", "    B = 2",
               f"{p}D = {{1: {num(rng)}, (2, 3): {num(rng)}, {p}E.A: {num(rng)}}}"]
    f.body = [rng.choice([f"acc = acc + {p}D[1] + {p}D[(2, 3)]", f"acc = acc * {p}D[{p}E.A]",
                          f"acc = acc + len({p}D) + (4 in {p}D)"])]
    f.mutations = [f"{p}D[1] = {num(rng)}", f"{p}D[4] = 1.0", f"{p}D[{p}E.A] = {num(rng)}", f"{p}D.pop(4, None)"]
    return f


def f_identity_keys(rng, p):
    f = Feature("a dict keyed by enum members and plain objects, indexed by an argument")
    f.setup = [f"class {p}E(enum.Enum):", "    A = 1", "    B = 2", "    C = 3",
               f"class {p}Tag:", "    def __repr__(self):", "        return 'Tag'",
               f"{p}t1, {p}t2 = {p}Tag(), {p}Tag()",
               f"{p}D = {{{p}E.A: {num(rng)}, {p}E.B: {num(rng)}, {p}t1: {num(rng)}, 5: {num(rng)}}}"]
    f.params = [f"{p}key"]
    f.args = [rng.choice([f"({p}E.A, {p}E.B, {p}t1)[_i % 3]", f"({p}E.A if _i % 2 else {p}E.C)",
                          f"({p}t1, {p}t2)[_i % 2]"])]
    f.body = [rng.choice([f"acc = acc * {p}D[{p}key]",
                          f"acc = acc + {p}D.get({p}key, -1.0)",
                          f"acc = acc + ({p}key in {p}D) + len({p}D)",
                          f"if {p}key in {p}D:\n    acc = acc - {p}D[{p}key]"])]
    f.mutations = [f"{p}D[{p}E.C] = {num(rng)}", f"{p}D.pop({p}E.A, None)", f"{p}D[{p}t2] = {num(rng)}",
                   f"{p}D[{p}E.A] = {num(rng)}", f"{p}D = dict({p}D)"]
    return f


def f_constructors(rng, p):
    f = Feature("objects made in the hot function: a __new__ of their own, partials")
    f.setup = [f"class {p}Cached:",
               "    cache = {}",
               "    def __new__(cls, k):",
               "        if k not in cls.cache:",
               "            o = object.__new__(cls)",
               "            o.hits = 0",
               "            cls.cache[k] = o",
               "        return cls.cache[k]",
               "    def __init__(self, k):",
               "        self.k = k",
               "        self.hits += 1",
               f"class {p}Maybe:",
               "    def __new__(cls, v):",
               "        if isinstance(v, float):",
               "            return v * 2",
               "        return object.__new__(cls)",
               "    def __init__(self, v):",
               "        self.v = v",
               f"def {p}scale(t, s, shift=0.0):",
               "    return t * s + shift",
               f"{p}s = {num(rng)}"]
    f.body = [rng.choice([f"{p}c = {p}Cached({small_int(rng)})\nacc = acc + {p}c.k + {p}c.hits",
                          f"acc = acc * {p}Maybe({p}s)",
                          f"{p}m = {p}Maybe(acc)\nacc = {p}m.v + 1",
                          f"acc = functools.partial({p}scale, s={p}s)(acc, shift=1.0)"])]
    f.mutations = [f"{p}Cached.cache.clear()", f"{p}s = {num(rng)}", f"{p}s = {small_int(rng)}"]
    f.state = [f"sorted((k, o.hits) for k, o in {p}Cached.cache.items())"]
    return f


def f_bound_methods(rng, p):
    f = Feature("bound methods passed to the hot function")
    f.setup = [f"class {p}Op:",
               "    def __init__(self, k):",
               "        self.k = k",
               "    def scale(self, t):",
               "        return t * self.k",
               "    def shift(self, t):",
               "        return t + self.k",
               f"{p}o1, {p}o2 = {p}Op({num(rng)}), {p}Op({num(rng)})"]
    f.params = [f"{p}fn"]
    f.args = [rng.choice([f"{p}o1.scale", f"({p}o1, {p}o2)[_i % 2].scale", f"({p}o1.scale, {p}o1.shift)[_i % 2]",
                          f"{p}Op(0.5 * _i).shift"])]
    f.body = [f"acc = {p}fn(acc)"]
    f.mutations = [f"{p}o1.k = {num(rng)}", f"{p}Op.scale = lambda self, t: t - self.k", f"{p}o2 = {p}Op({num(rng)})"]
    return f


def f_varying_numbers(rng, p):
    f = Feature("a float and an int that change every call")
    f.params = [f"{p}lr", f"{p}step"]
    f.args = ["0.1 * (_i + 1)", "_i"]
    f.body = [rng.choice([f"acc = acc * {p}lr + {p}step", f"acc = acc - {p}lr * acc",
                          f"acc = -acc if {p}step % 2 else acc * {p}lr"])]
    return f


def f_rebound_function(rng, p):
    f = Feature("a global function rebound, and identity tests")
    f.setup = [f"{p}act = torch.relu", f"{p}a = [1]", f"{p}b = {p}a"]
    f.body = [rng.choice([f"acc = {p}act(acc)", f"acc = acc + ({p}a is {p}b)", f"acc = {p}act(acc) * len({p}b)"])]
    f.mutations = [f"{p}act = torch.tanh", f"{p}act = lambda t: t * 2", f"{p}b = [1, 2]", f"{p}b = {p}a"]
    return f


def f_modules(rng, p):
    f = Feature("nn.Module instances")
    n = rng.randint(1, 3)
    f.setup = ["torch.manual_seed(0)",
               f"class {p}Block(torch.nn.Module):",
               "    def __init__(self):",
               "        super().__init__()",
               "        self.lin = torch.nn.Linear(3, 3)",
               f"        self.scale = {num(rng)}",
               "    def forward(self, t):",
               "        return torch.tanh(self.lin(t)) * self.scale",
               f"{p}blocks = [{p}Block() for _ in range({n})]"]
    f.body = [f"for {p}blk in {p}blocks:", f"    acc = {p}blk(acc)"]
    f.mutations = [f"{p}blocks[0].scale = {num(rng)}", f"{p}blocks[-1].eval()",
                   f"{p}blocks[0].lin.weight.data.mul_(0.5)", f"{p}blocks.append({p}Block())",
                   f"{p}blocks[0].forward = lambda t: t * 3"]
    return f


def f_grad_mode(rng, p):
    f = Feature("grad mode changing between calls")
    f.setup = [f"{p}w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)", f"{p}nograd = False"]
    f.body = [f"acc = acc * {p}w", "if torch.is_grad_enabled():", "    acc = acc + 1"]
    f.mutations = [f"{p}nograd = True", f"{p}nograd = False"]
    f.grad_toggle = f"{p}nograd"
    return f


def f_break(rng, p):
    f = Feature("a graph break (print, .item()) in the hot function, in a block or not")
    f.setup = [f"class {p}Ctx:",
               "    def __init__(self):",
               "        self.depth = 0",
               "        self.last = None",
               "    def __enter__(self):",
               "        self.depth += 1",
               "        return self",
               "    def __exit__(self, *a):",
               "        self.depth -= 1",
               "        self.last = a[0].__name__ if a[0] is not None else None",
               "        return False",
               f"{p}ctx = {p}Ctx()",
               f"{p}idx = torch.tensor([0])",
               f"{p}boom = False"]
    brk = rng.choice([f"print('{p}', round(float(acc.sum()), 4))", f"{p}s = acc.sum().item()\nacc = acc + {p}s"])
    kind = rng.randint(0, 5)
    if kind == 0:
        body = [brk]
    elif kind == 1:
        body = ["with torch.no_grad():"] + ["    " + b for b in brk.split("\n")] + ["    acc = acc * 2"]
    elif kind == 2:
        body = ["try:"] + ["    " + b for b in brk.split("\n")] + ["    acc = acc - 1", "except ValueError:", "    acc = acc + 1"]
    elif kind == 3:
        body = [f"with {p}ctx:"] + ["    " + b for b in brk.split("\n")] + ["    acc = acc + {p}ctx.depth".format(p=p)]
    elif kind == 4:
        body = [f"for {p}i in range(2):"] + ["    " + b for b in brk.split("\n")] + [f"    acc = acc + {p}i"]
    else:
        # After the break, inside the block: an op that raises when the
        # graph runs (an index out of range) or a raise, once mutated.
        body = ([rng.choice([f"with {p}ctx:", "with torch.no_grad():", "try:"])] + ["    " + b for b in brk.split("\n")] +
                [f"    acc = acc + acc.reshape(-1).index_select(0, {p}idx).sum()",
                 f"    if {p}boom:", f"        raise ValueError('boom {p}')"])
        if body[0] == "try:":
            body += ["except IndexError:", "    acc = acc - 2"]
        f.mutations = [f"{p}idx = torch.tensor([5000])", f"{p}idx = torch.tensor([0])", f"{p}boom = True", f"{p}boom = False"]
    f.body = ["acc = acc * 1.5"] + ["\n".join(body)]
    f.state = [f"{p}ctx.depth", f"{p}ctx.last"]
    return f


def f_aliasing(rng, p):
    f = Feature("two arguments that are sometimes one list, changed in the hot function")
    f.setup = [f"{p}shared = [1.0, 2.0]"]
    f.params = [f"{p}a", f"{p}b"]
    f.args = [f"{p}shared", f"({p}shared if _i % 2 else [3.0, 4.0])"]
    f.body = [f"{p}a.append(float(len({p}b)))", f"acc = acc * {p}b[-1] + len({p}a)", f"{p}b[0] = {num(rng)}"]
    f.mutations = [f"{p}shared = [0.5]"]
    f.state = [f"list({p}shared)"]
    return f


def f_dropout(rng, p):
    f = Feature("dropout in training and eval, the generator reseeded")
    f.setup = [f"{p}drop = torch.nn.Dropout({rng.choice(['0.5', '0.25'])})"]
    f.body = [f"acc = {p}drop(acc) + torch.rand(acc.shape)"]
    f.mutations = [f"{p}drop.eval()", f"{p}drop.train()", "torch.manual_seed(3)"]
    return f


def f_param_replace(rng, p):
    f = Feature("module parameters replaced and changed in place between calls")
    f.setup = ["torch.manual_seed(1)", f"{p}lin = torch.nn.Linear(3, 3)"]
    f.body = [f"with torch.no_grad():", f"    acc = {p}lin(acc) + {p}lin.weight.sum()"]
    f.mutations = [f"{p}lin.weight = torch.nn.Parameter(torch.ones(3, 3))", f"{p}lin.bias.data.fill_(0.5)",
                   f"{p}lin.weight.data.mul_(2.0)", f"{p}lin.bias = None"]
    return f


def f_backward(rng, p):
    f = Feature("a loss whose gradient is read outside the hot function")
    f.setup = [f"{p}w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)"]
    f.body = [f"acc = (acc * {p}w).tanh() * {num(rng)}"]
    f.mutations = [f"{p}w.grad = None", f"{p}w.data.add_(0.25)"]
    f.after = ["if isinstance(_r, torch.Tensor) and _r.requires_grad:", "    _r.sum().backward()"]
    f.state = [f"_show({p}w.grad)"]
    return f


def f_arg_view_writes(rng, p):
    f = Feature("writes through views of tensor arguments (a KV cache)")
    f.setup = [f"{p}cache = torch.zeros(4, 3)", f"{p}pos = 1"]
    f.params = [f"{p}c", f"{p}k", f"{p}r"]
    f.args = [rng.choice([f"{p}cache", f"{p}cache", f"{p}cache[1:]", f"{p}cache.t()"]),
              rng.choice([f"{p}pos", "_i % 3", "2"]),
              rng.choice([f"{p}cache[0]", "torch.ones(3)", "x[0]"])]  # (r: a view of the cache, or not)
    # (The values written are detached: Kiln's eager autograd refuses an
    # in-place op that makes a base of live views require grad, and a
    # traced function drops dead locals' views sooner than the interpreter.)
    writes = [f"{p}c[{p}k] = acc.detach().sum()", f"{p}c[:, {p}k % 3] = acc.detach().mean()", f"{p}c[{p}k] += acc.detach().sum()",
              f"{p}c[0].mul_(0.5)", f"{p}c[1:, ::2] -= 1.0", f"{p}c[-1] = {num(rng)}",
              f"{p}c[{p}k, 1:] = {p}r[:2] * 2"]
    reads = [f"acc = acc + {p}c.sum()", f"acc = acc * {p}c[0, 0]", f"acc = acc + {p}c[{p}k].sum()",
             f"acc = acc + {p}r.sum()", f"{p}row = {p}c[1]\nacc = acc + {p}row[0]"]
    body = [rng.choice(writes) for _ in range(rng.randint(1, 3))]
    for _ in range(rng.randint(0, 2)):
        body.insert(rng.randint(0, len(body)), rng.choice(reads))
    f.body = body
    f.mutations = [f"{p}pos = 2", f"{p}cache = torch.ones(4, 3)", f"{p}cache.mul_(2.0)", f"{p}pos = 0"]
    f.state = [f"_show({p}cache)", f"{p}cache._version"]
    return f


FEATURES = [f_global_float, f_global_counter, f_closure_rebound, f_nonlocal_counter, f_inner_closure,
            f_class_attr, f_instance_attr, f_property, f_list_subclass, f_dict_subclass, f_tuple_subclass,
            f_defaults, f_loop_mutation, f_exceptions, f_with_blocks, f_generators, f_varargs, f_monkeypatch,
            f_views, f_dict_keys, f_varying_numbers, f_rebound_function, f_modules, f_grad_mode, f_break,
            f_aliasing, f_dropout, f_param_replace, f_backward, f_identity_keys, f_constructors, f_bound_methods,
            f_arg_view_writes]


FORCED = None  # a feature every program draws (--feature)


class Program:
    """Features combined into one hot function, and a schedule of calls."""

    def __init__(self, rng, idx):
        # (features, schedule, rounds) must be drawn in this order: a seed names a program
        self.p = f"p{idx}_"
        nfeat = rng.randint(1, 3)
        picks = rng.sample(FEATURES, nfeat)
        if FORCED and FORCED not in picks:
            picks[0] = FORCED
        self.features = [make(rng, f"{self.p}f{j}_") for j, make in enumerate(picks)]
        self.rounds = rng.randint(4, 8)
        self.rows = rng.choice([1, 2, 2, 3])
        # (call index, feature index, mutation index): state changes before a call
        self.schedule = []
        for fi, f in enumerate(self.features):
            for mi in range(len(f.mutations)):
                if rng.random() < 0.6:
                    self.schedule.append((rng.randint(1, self.rounds - 1), fi, mi))
        self.schedule.sort()
        self.reshape_at = rng.randint(1, self.rounds - 1) if rng.random() < 0.2 else -1
        # A batch size that changes at every call (automatic dynamic shapes:
        # the graph goes dynamic, its symbolic sizes checked at each call)
        self.row_cycle = rng.sample([1, 2, 3, 4, 5, 7], rng.randint(2, 4)) if rng.random() < 0.25 else []

    def render(self, features=None, schedule=None, rounds=None):
        fs = list(range(len(self.features))) if features is None else features
        sched = self.schedule if schedule is None else schedule
        rounds = self.rounds if rounds is None else rounds
        p = self.p
        out = [f"# ---- program {p[:-1]}: " + "; ".join(self.features[i].name for i in fs)]
        for i in fs:
            out += self.features[i].setup
        params = [q for i in fs for q in self.features[i].params]
        out.append(f"def {p}hot(x{''.join(', ' + q for q in params)}):")
        decls = [d for i in fs for d in self.features[i].decls]
        if decls:
            out.append("    global " + ", ".join(decls))
        out.append("    acc = x * 1.0")
        for i in fs:
            for line in self.features[i].body:
                out += ["    " + part for part in line.split("\n")]
        out.append("    return acc")
        out.append(f"{p}x = _x({self.rows})")
        args = [a for i in fs for a in self.features[i].args]
        state = [s for i in fs for s in self.features[i].state]
        toggles = [getattr(self.features[i], "grad_toggle", None) for i in fs]
        toggles = [t for t in toggles if t]
        out.append(f"for _i in range({rounds}):")
        for (c, fi, mi) in sched:
            if fi in fs and c < rounds:
                out.append(f"    if _i == {c}:")
                out.append(f"        {self.features[fi].mutations[mi]}")
        if self.row_cycle:
            out.append(f"    {p}x = _x({self.row_cycle}[_i % {len(self.row_cycle)}])")
        elif self.reshape_at >= 0 and self.reshape_at < rounds:
            out.append(f"    if _i == {self.reshape_at}:")
            out.append(f"        {p}x = _x({self.rows + 2})")
        call = f"{p}hot({p}x{''.join(', ' + a for a in args)})"
        out.append("    try:")
        if toggles:
            out.append(f"        with torch.set_grad_enabled(not ({' or '.join(toggles)})):")
            out.append(f"            _r = {call}")
        else:
            out.append(f"        _r = {call}")
        for i in fs:
            out += ["        " + line for line in self.features[i].after]
        out.append(f"        print('{p[:-1]}', _i, _show(_r){''.join(', ' + s for s in state)})")
        out.append("    except Exception as _e:")
        out.append(f"        print('{p[:-1]}', _i, 'raised', type(_e).__name__, str(_e))")
        for i in fs:
            out += self.features[i].teardown
        return "\n".join(out) + "\n"


def run(vmrun, flags, source, timeout=120):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False, dir=tempfile.gettempdir()) as fh:
        fh.write(source)
        path = fh.name
    try:
        cmd = [vmrun] + flags + [path] if flags is not None else [vmrun, path]
        # The tracer's self-check: live values at resume points and every
        # registry op's meta function against what the trace ran.
        env = dict(os.environ, KILN_TRACER_SELFCHECK="1")
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"
    finally:
        os.unlink(path)  # (a failure prints its program)


def outputs(vmrun, source):
    return {name: run(vmrun, flags, source) for name, flags in MODES}


def disagreement(res):
    """The first mode that differs from tier 0, or None."""
    base = res["tier0"]
    for name, r in res.items():
        if name == "tier0":
            continue
        if r[0] != base[0] or r[1] != base[1]:
            return name
    return None


def minimize(vmrun, prog):
    """Drops features, state changes and calls while the program still fails."""
    fs = list(range(len(prog.features)))
    sched = list(prog.schedule)
    rounds = prog.rounds

    def fails(f, s, r):
        return disagreement(outputs(vmrun, PRELUDE + prog.render(f, s, r))) is not None

    changed = True
    while changed:
        changed = False
        for i in list(fs):
            t = [j for j in fs if j != i]
            if t and fails(t, sched, rounds):
                fs, changed = t, True
        for e in list(sched):
            t = [x for x in sched if x != e]
            if fails(fs, t, rounds):
                sched, changed = t, True
        while rounds > 1 and fails(fs, sched, rounds - 1):
            rounds, changed = rounds - 1, True
    return PRELUDE + prog.render(fs, sched, rounds)


def report(vmrun, prog, res):
    bad = disagreement(res)
    print(f"FAIL program {prog.p[:-1]} ({'; '.join(f.name for f in prog.features)}): {bad} differs from tier0")
    repro = minimize(vmrun, prog)
    r = outputs(vmrun, repro)
    bad = disagreement(r) or bad
    print("---- minimal reproducer ----")
    print(repro)
    print(f"---- tier0 (exit {r['tier0'][0]}) ----")
    print(r["tier0"][1] + r["tier0"][2][-2000:])
    print(f"---- {bad} (exit {r[bad][0]}) ----")
    print(r[bad][1] + r[bad][2][-2000:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vmrun")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--per-script", type=int, default=25)
    ap.add_argument("--minutes", type=float, default=0)
    ap.add_argument("--feature", default="", help="draw every program with this feature (a name like arg_view_writes)")
    a = ap.parse_args()
    global FORCED
    if a.feature:
        must = [f for f in FEATURES if f.__name__ == "f_" + a.feature]
        if not must:
            ap.error(f"no feature {a.feature}: " + ", ".join(f.__name__[2:] for f in FEATURES))
        FORCED = must[0]
    start = time.time()
    seed, total, failures = a.seed, 0, 0
    while True:
        rng = random.Random(seed)
        progs = [Program(rng, i) for i in range(a.programs)]
        for b in range(0, len(progs), a.per_script):
            chunk = progs[b:b + a.per_script]
            source = PRELUDE + "".join(pr.render() for pr in chunk)
            res = outputs(a.vmrun, source)
            total += len(chunk)
            if disagreement(res) is None:
                continue
            # Which programs differ: each alone.
            for pr in chunk:
                one = outputs(a.vmrun, PRELUDE + pr.render())
                if disagreement(one) is not None:
                    failures += 1
                    print(f"seed {seed}:")
                    report(a.vmrun, pr, one)
        if a.minutes <= 0 or time.time() - start > a.minutes * 60:
            break
        seed += 1
    print(f"{total} programs from seed{'s' if seed != a.seed else ''} {a.seed}{'-' + str(seed) if seed != a.seed else ''}: "
          f"{failures} failed, {time.time() - start:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
