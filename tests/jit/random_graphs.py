#!/usr/bin/env python3
"""The random graph test: random torch programs at tier 0 and tier 1.

Generates (from a seed) a script of many random functions — chains of
pointwise ops (clamps included) on tensors and Python numbers, broadcasts ([4, 5] with [5],
[1, 5], [4, 1]), views (transpose, reshape, unsqueeze, slices with steps;
of inputs and of computed values),
composites (lerp, addcmul, addcdiv), reductions (sum, mean, amax, amin, var, std, logsumexp and norm over the
last dims, kept or not, and over dim 0 (column reductions, a batch norm);
softmax, log_softmax, layer_norm,
normalize), matmuls and linear with
epilogues, in-place ops (on fresh tensors, views and arguments), dtype mixes (float64 and
int64 tensors among the float32 ones), odd sizes — each called several
times and its result printed exactly (every element's float repr, and the
strides: a view must stay a view). The
script runs once with the interpreter alone (--tier=0, the eager oracle)
and once with every function traced on its first call and every graph
compiled on its first run, each kernel also checked against the reference
executor (--verify). The outputs must be identical. A failure prints the
first differing function's source: a reproducer.

With --fast-math the tier-1 run also passes --fast-math (exp, tanh and
sigmoid by float32 sequences within a few ulp, not eager's bits): lines
must then agree in everything but the float values, which must agree
within --verify's fast-math tolerance (1e-5 + 1e-4 |eager|).

    random_graphs.py path/to/vmrun [--seed S] [--functions N] [--fast-math]
"""
import argparse
import math
import os
import random
import subprocess
import sys
import tempfile

SHAPES = {"a": (4, 5), "b": (5,), "c": (1, 5), "d": (4, 1), "e": (7, 9), "f": (9,)}
UNARY = ["torch.exp({})", "torch.tanh({})", "torch.relu({})", "torch.sigmoid({})", "torch.abs({})", "(-{})",
         "torch.sqrt(torch.abs({}))", "torch.log1p(torch.abs({}))", "torch.sin({})", "torch.floor({})",
         "torch.expm1({} * 0.5)", "torch.square({})", "torch.sign({})", "torch.round({} * 4.0)",
         "torch.reciprocal({} + 3.0)", "torch.erf({})", "torch.clamp({}, -0.5, 0.5)", "{}.clamp(min=0.0)",
         "torch.clamp_max({}, -0.0)", "{}.clip(None, 1.5)",
         # masks (compares, logical ops, isnan...) and selects by them
         "torch.where({0} > 0.5, {0}, -1.0)", "{0}.masked_fill({0} <= -0.25, 2.0)",
         "(({0} > 0.0) & ({0} < 1.0)).float() * {0}", "torch.where(~({0} >= 0.1), {0} * 2.0, {0})",
         "torch.where(torch.isnan({0} / {0}), 0.0, {0})", "({0} != {0}.round()).float() + {0}",
         "torch.where(torch.logical_or({0} < -1.0, {0} > 1.0), torch.tanh({0}), {0})",
         "{0}.where({0}.eq(0.25) | torch.isinf({0} * 1e38), {0} + 1.0)", "({0} > 0.25)", "(({0} < 0.0) ^ torch.isnan({0}))",
         # pow by a number: PyTorch's special exponents (x*x, sqrt...) and std::pow
         "({0} ** 2)", "torch.pow({0}, 3)", "({0} ** 0.5)", "({0} * {0} + 1.0) ** -0.5", "{0}.pow(-1)",
         "({0}.abs() + 1.0) ** 1.5", "({0} ** -2)",
         # conversions that return the tensor itself (float32): aliases
         "({0}.float() * 2.0).type_as({0})", "torch.rsqrt(({0}.float() ** 2).mean(-1, keepdim=True) + 1e-6).type_as({0}) * {0}",
         # ops of the registry spelled every way its schemas bind: keywords,
         # aliases, function forms, a method whose receiver is not the first
         # parameter, keyword views
         "torch.clamp(input={0}, max=0.75)", "torch.clip({0}, min=-0.25)", "{0}.clamp_min(min=0.5)",
         "torch.multiply({0}, 1.5)", "torch.add({0}, 2.0)", "torch.sub(1.0, {0})", "torch.div({0}, 4.0)",
         "torch.mul(input={0}, other=0.5)", "torch.where(condition={0} < 0.0, input={0}, other=0.25)",
         "{0}.where(other=-{0}, condition={0} > 0.25)", "torch.exp(input={0} * 0.5)", "{0}.greater(0.0).float() * {0}",
         "{0}.transpose(dim0=0, dim1=-1).transpose(-1, 0) + 1.0", "torch.true_divide({0}, 3.0)",
         # the input by keyword after another argument (not the node's first register)
         "torch.clamp(min=-0.5, input={0} * 2.0)", "torch.transpose(dim0=0, dim1=-1, input={0} + 1.0).transpose(-1, 0)",
         "torch.mul(other=2.0, input={0})"]
BINARY = ["({} + {})", "({} - {})", "({} * {})", "({} / ({} * {} + 1.5))", "torch.maximum({}, {})",
          "torch.minimum({}, {})", "torch.clamp({}, min={})", "{}.clamp_max({})",
          "torch.where({0} > {1}, {0}, {1})", "torch.where({1} > 0.5, -3.0, {0})",
          "(({0} < {1}) | ({1} < -0.5)).float() - {0}", "torch.where(({0} >= {1}) ^ ({0} > 0.0), {1}, {0} * 0.5)",
          "{0}.masked_fill({0} > 1.0, 0.0) * torch.gt({1}, {0}).float()",
          "torch.add({0}, {1})", "torch.sub({0}, other={1})", "torch.div({0}, {1} * {1} + 2.0)", "torch.maximum(input={0}, other={1})",
          "torch.add({0}, {1}, alpha=0.5)", "torch.div({0}, {1}.abs() + 1.0, rounding_mode='floor')",
          # composites, captured as their decompositions (tracer/decompose.h) and fused
          "torch.lerp({0}, {1}, 0.25)", "{0}.lerp({1}, 0.75)", "torch.lerp({0}, {1}, {1} * 0.5)",
          "torch.addcmul({0}, {0}, {1})", "{0}.addcdiv({1}, {0}.abs() + 1.0)", "torch.addcmul({0}, {1}, {1}, value=-0.5)"]
NUMBERS = ["2.0", "0.5", "-1.25", "3", "1e-3", "7"]


def bshape(p, q):
    """The broadcast of two shapes."""
    n = max(len(p), len(q))
    p, q = (1,) * (n - len(p)) + tuple(p), (1,) * (n - len(q)) + tuple(q)
    return tuple(max(x, y) for x, y in zip(p, q))


def gen_function(rng, idx, fast_math=False):
    """A random function of group ('a'...) tensors; returns (source, group).
    With fast_math, arguments are not written by tanh_ (its fast-math bits
    would drift the shared inputs from eager's over the calls, and a later
    cancelling sum would magnify the drift past the tolerance)."""
    group = rng.choice([("a", "b", "c", "d"), ("e", "f")])
    base = group[0]
    vals = [(n, SHAPES[n]) for n in group]  # (expression, shape) of values in scope
    lines = []
    nstmt = rng.randint(3, 14)
    for s in range(nstmt):
        kind = rng.random()
        name = f"v{s}"
        same = [v for v in vals if v[1] == SHAPES[base]]
        if rng.random() < 0.15:
            # In-place ops (functionalised where the graph made the tensor
            # and nothing else holds it, tracer/functionalize.h): on a fresh
            # float copy, through a view of one (the base sees the write),
            # and on an argument (the caller sees it).
            x = rng.choice(vals)
            other = rng.choice([v for v in vals if v[1] == x[1]] or [x])
            ops = [".add_(1.5)", ".mul_(0.5)", ".relu_()", ".clamp_(min=-1.0)", ".tanh_()", ".sub_({o})",
                   " += {o}", " *= 0.25", ".masked_fill_({n} > 1.0, 0.0)", ".add_({o}, alpha=0.5)", ".clamp_max_(0.75)"]
            op = rng.choice(ops)
            where = rng.random()
            if where < 0.2:
                # writes through basic-index views of a fresh copy
                # (functionalised into torch._kiln_setitem where nothing
                # else sees the base), and a view read after another write
                # of its base (left in place: it must see the write)
                lines.append(f"    {name} = {x[0]} * 1.0")
                two = len(x[1]) == 2 and min(x[1]) >= 3
                forms = [f"{name}[0] = 2.5", f"{name}[..., :1] = -1.0", f"{name}[0]{op.format(o='0.5', n=name + '[0]')}",
                         f"{name}[-1:] += {other[0]}[-1:] * 0.5", f"{name}[None, 0] = {name}[0] * 0.5 + 1.0",
                         f"{name}_w = {name}[...]; {name}_w.mul_(0.5); {name}_w.add_({name})"]
                if two:
                    forms += [f"{name}[:, ::2] *= 0.5", f"{name}[1:3, 1] = {name}[0, 1:3] - 1.0", f"{name}[:, -1].clamp_(max=0.5)"]
                for _ in range(rng.randint(1, 3)):
                    lines.append(f"    {rng.choice(forms)}")
                if rng.random() < 0.3:
                    lines.append(f"    {name}_v = {name}[0]")
                    lines.append(f"    {name}[0] = {name}[0] * 2.0 - 1.0")
                    lines.append(f"    {name} = {name} + {name}_v.sum()")
                vals.append((name, x[1]))
                continue
            if where < 0.55:
                lines.append(f"    {name} = {x[0]} * 1.0")
                target, shape = name, x[1]
            elif where < 0.7:
                # an alias taken before the write (+t is t itself; a row
                # is a view), read after it: it must see the write
                lines.append(f"    {name}_f = {x[0]} * 1.0")
                alias = rng.choice(["+{}", "{}[0]", "{}.view(-1)", "{}.t()" if len(x[1]) == 2 else "+{}"])
                lines.append(f"    {name}_a = {alias.format(name + '_f')}")
                lines.append(f"    {name}_f{op.format(o=other[0] + ' * 1.0', n=name + '_f')}")
                lines.append(f"    {name} = {name}_f + {name}_a.sum()")
                vals.append((name, x[1]))
                continue
            elif where < 0.85 and len(x[1]) == 2:
                lines.append(f"    {name} = {x[0]} * 1.0")
                lines.append(f"    {name}_t = {name}.t()")
                target, shape = f"{name}_t", x[1]
                op = op.replace("{o}", "1.0")
            else:
                x = (group[rng.randrange(len(group))], None)  # an argument (float32)
                x = (x[0], SHAPES[x[0]])
                target, shape = x[0], x[1]
                # (functionalised: pure ops, then copy_back into the
                # argument; the values stay bounded over the calls)
                op = rng.choice([".clamp_(-100.0, 100.0)", ".mul_(1.0)", ".add_(0.0)", ".mul_(0.75).add_(0.25)",
                                 ".sub_(0.125).clamp_(-3.0, 3.0)", ".sin_()" if fast_math else ".tanh_()", ".lerp_({o}, 0.5)",
                                 ".add_({o}, alpha=-0.25).clamp_(-4.0, 4.0)", " *= 0.5"])
            lines.append(f"    {target}{op.format(o=other[0] + ' * 1.0', n=target)}")
            if target != name:
                lines.append(f"    {name} = {x[0]} * 1.0 + 0.0" if target == x[0] else f"    {name} = {name}")
            vals.append((name, shape))
            continue
        if kind < 0.05:
            # bool masks among the inputs (globals: M["a"] the group's
            # full shape, M["b"] its row), read by selects and arithmetic
            x = rng.choice(vals)
            full, row = ("a", "b") if base == "a" else ("e", "f")
            forms = [(f"torch.where(M['{full}'], {x[0]}, {x[0]} * 0.5)", SHAPES[full]),
                     (f"({x[0]} * M['{full}'] - M['{row}'].float())", SHAPES[full]),
                     (f"torch.where(~M['{row}'] & ({x[0]} > 0), {x[0]}, 0.0)", bshape(x[1], SHAPES[row]))]
            if x[1][-1:] == SHAPES[row]:
                forms.append((f"{x[0]}.masked_fill(M['{row}'], -2.0)", x[1]))
            # out of place, masked_fill broadcasts self and the mask
            forms.append((f"({x[0]} * 0.5).masked_fill(~M['{full}'], 3.0)", bshape(x[1], SHAPES[full])))
            expr, shape = rng.choice(forms)
        elif kind < 0.35:
            x = rng.choice(vals)
            expr, shape = rng.choice(UNARY).format(x[0]), x[1]
        elif kind < 0.70:
            x, y = rng.choice(vals), rng.choice(vals)
            op = rng.choice(BINARY)
            if rng.random() < 0.25:
                y = (rng.choice(NUMBERS), None)
            if "maximum" in op or "minimum" in op or "clamp(" in op or "{1}" in op:
                if y[1] is None:
                    y = rng.choice(vals)
            if op.count("{}") == 3:
                expr = op.format(x[0], y[0], y[0])
            else:
                expr = op.format(x[0], y[0])
            shape = x[1] if y[1] is None else tuple(max(p, q) for p, q in zip((1,) * (len(y[1]) - len(x[1])) + x[1],
                                                                                (1,) * (len(x[1]) - len(y[1])) + y[1]))
            if y[1] is None and x[1] is None:
                continue
        elif kind < 0.86 and same:
            # Reductions over the last dims, with producers and consumers
            # around them (fused into one kernel where they can be).
            x = rng.choice(same)
            r, c = x[1]
            v = rng.random()
            forms = [
                (f"{x[0]}.sum(-1, keepdim=True)", (r, 1)),
                (f"{x[0]}.mean(1, keepdim=True)", (r, 1)),
                (f"{x[0]}.amax(-1, keepdim=True)", (r, 1)),
                (f"torch.amin({x[0]} * 2.0, 1, True)", (r, 1)),
                (f"torch.softmax({x[0]}, -1)", (r, c)),
                (f"torch.log_softmax({x[0]} * 0.5, dim=-1)", (r, c)),
                (f"{x[0]}.softmax(1)", (r, c)),
                (f"({x[0]} - {x[0]}.amax(-1, keepdim=True)).exp()", (r, c)),
                (f"torch.nn.functional.layer_norm({x[0]}, ({c},))", (r, c)),
                (f"torch.relu({x[0]}.sum(-1) * 0.5 - {x[0]}.amax(1)).unsqueeze(1)", (r, 1)),
                (f"{x[0]}.sum()", ()),
                (f"({x[0]} * {x[0]}).mean()", ()),
                (f"{x[0]}.max()", ()),
                (f"{x[0]}.min() + {x[0]}.sum((0, 1))", ()),
                (f"({x[0]} * 2.0 + 1.0).var(-1, keepdim=True)", (r, 1)),
                (f"torch.std({x[0]} - 0.5, 1, unbiased=False, keepdim=True) + {x[0]}", (r, c)),
                (f"({x[0]} - {x[0]}.mean(-1, keepdim=True)) / torch.sqrt({x[0]}.var(-1, keepdim=True, correction=0) + 1e-5)", (r, c)),
                (f"torch.exp({x[0]} * 0.5).std()", ()),
                (f"{x[0]}.var(dim=(0, 1), correction=2)", ()),
                (f"torch.sum(input={x[0]} * 2.0, dim=-1, keepdim=True)", (r, 1)),
                (f"torch.amax({x[0]}, keepdim=True, dim=1) - {x[0]}", (r, c)),
                (f"{x[0]}.softmax(dim=-1) * {x[0]}", (r, c)),
                (f"torch.mean({x[0]}, (0,), True)", (1, c)),
                # over dim 0: column reductions (the squeezed values broadcast against the rows)
                (f"({x[0]} * 2.0 - 1.0).sum(0, keepdim=True)", (1, c)),
                (f"{x[0]} - torch.tanh({x[0]}).mean(0)", (r, c)),
                (f"({x[0]} - {x[0]}.mean(0, keepdim=True)) / torch.sqrt((({x[0]} - {x[0]}.mean(0)) ** 2).mean(0) + 1e-5)", (r, c)),
                (f"torch.exp({x[0]} - {x[0]}.amax(0)).sum(0, keepdim=True)", (1, c)),
                (f"({x[0]}.amin(0) + torch.relu({x[0]}).amax(dim=0)).unsqueeze(0)", (1, c)),
                (f"(({x[0]} * 0.5).t() + 1.0).sum(-1).unsqueeze(0)", (1, c)),
                (f"({x[0]} - {x[0]}.mean(0)) / ({x[0]}.std(0) + 1e-3)", (r, c)),
                (f"torch.var({x[0]} * 2.0, 0, keepdim=True, unbiased=False) + {x[0]}.norm(dim=0, keepdim=True)", (1, c)),
                (f"torch.logsumexp({x[0]} * 0.5, -1, keepdim=True) - {x[0]}", (r, c)),
                (f"torch.exp({x[0]}).logsumexp((0, 1))", ()),
                (f"{x[0]} / torch.norm({x[0]} * 2.0, dim=-1, keepdim=True).clamp_min(1e-6)", (r, c)),
                (f"torch.norm(torch.relu({x[0]}), 1, -1) + torch.norm({x[0]} - 1.0, float('inf'), 1)", (r,)),
                (f"({x[0]} * 0.5).norm()", ()),
                (f"torch.nn.functional.normalize({x[0]} + 1.0, dim=-1)", (r, c)),
                # views of computed values (fused through: the expression over viewed inputs)
                (f"torch.relu(({x[0]} * 2.0 - 1.0).t()).t() + {x[0]}", (r, c)),
                (f"(torch.tanh({x[0]} + 1.0).transpose(0, 1) * 0.5).permute(1, 0)", (r, c)),
                (f"(({x[0]} - 0.5).t() * 3.0).sum(-1, keepdim=True).t()", (1, c)),
                (f"(({x[0]} * 0.5).unsqueeze(0) + 1.0).squeeze(0) * {x[0]}", (r, c)),
                (f"torch.exp(({x[0]} - 1.0).sum(-1, keepdim=True) * 0.1).squeeze(-1).unsqueeze(1)", (r, 1)),
                # reshapes of computed values (fused through where every
                # input has such a view; a broadcast row merged into new
                # rows has none, and ends the kernel)
                (f"torch.relu(({x[0]} + 1.0).view(-1) * 0.5).view({r}, {c}) + {x[0]}", (r, c)),
                (f"(torch.tanh({x[0]} * 0.5).reshape({c}, {r}) - 1.0).reshape({r}, {c}) * {x[0]}", (r, c)),
                (f"(({x[0]} * 2.0 + {x[0]}[0]).reshape({c}, {r}) * 0.5).flatten().view({r}, {c})", (r, c)),
                (f"(torch.sigmoid({x[0]}).reshape({c}, {r}) * 2.0).t() + {x[0]}", (r, c)),
                (f"(torch.exp({x[0]} * 0.5).reshape(1, {r}, {c}).transpose(1, 2) + 1.0).transpose(1, 2)[0]", (r, c)),
                # basic indexing of computed values (slices with steps, ints, None, Ellipsis)
                (f"torch.relu({x[0]} * 2.0 - 1.0)[:, 1::2] * 3.0", (r, c // 2)),
                (f"torch.tanh({x[0]} + 1.0)[None, 1:, -1] - 0.5", (1, r - 1)),
                (f"(({x[0]} * 2.0 + 1.0)[:, None, :] * 0.5).squeeze(1) * {x[0]}", (r, c)),
                (f"torch.sigmoid({x[0]})[..., 2] + 1.0", (r,)),
                (f"(({x[0]} - 1.0)[::2] * 2.0).sum(-1, keepdim=True)", ((r + 1) // 2, 1)),
                # matmuls (extern calls) with epilogues
                (f"torch.relu({x[0]} @ W[{c}]) * 0.5", (r, c)),
                (f"torch.nn.functional.linear({x[0]}, W[{c}], B[{c}])", (r, c)),
                (f"torch.tanh(torch.mm({x[0]}, W[{c}]) - 1.0)", (r, c)),
                (f"torch.softmax(torch.matmul({x[0]}, W[{c}]), -1)", (r, c)),
                # views of the product (read through the view by the epilogue)
                (f"(torch.relu(({x[0]} @ W[{c}]).t()) * 0.5).t()", (r, c)),
                (f"torch.tanh(torch.nn.functional.linear({x[0]}, W[{c}], B[{c}]).reshape({c}, {r})).reshape({r}, {c}) - {x[0]}", (r, c)),
                (f"(torch.mm({x[0]}, W[{c}])[:, ::2] * 2.0).sum(-1, keepdim=True)", (r, 1)),
            ]
            expr, shape = forms[int(v * len(forms))]
        elif kind < 0.9 and same:
            x = rng.choice(same)
            r, c = x[1]
            v = rng.random()
            if v < 0.3:
                expr, shape = f"{x[0]}.t()", (c, r)
            elif v < 0.5:
                expr, shape = f"{x[0]}.reshape({c}, {r})", (c, r)
            elif v < 0.7:
                expr, shape = f"{x[0]}[:, ::2]", (r, (c + 1) // 2)
            else:
                expr, shape = f"{x[0]}.sum(1, keepdim=True)", (r, 1)
            if shape not in [v2[1] for v2 in vals] and shape != SHAPES[base]:
                # keep it combinable: back to the base shape by broadcasting
                if shape == (r, 1):
                    pass
                else:
                    lines.append(f"    {name}_ = {expr}")
                    expr, shape = f"{name}_.sum()", ()
        elif kind < 0.93 and same:
            x = rng.choice(same)
            red = rng.choice(["mean", "amax", "sum"])
            expr, shape = f"{x[0]}.{red}(0, keepdim=True)", (1, x[1][1])
        else:
            x = rng.choice(vals)
            conv = rng.choice(["double()", "to(torch.float64)", "float()"])
            expr, shape = f"{x[0]}.{conv}", x[1]
        lines.append(f"    {name} = {expr}")
        vals.append((name, shape))
    outs = [v[0] for v in vals[len(group):]] or [base]
    ret = rng.sample(outs, min(len(outs), rng.randint(1, 2)))
    src = f"def f{idx}({', '.join(group)}):\n" + "\n".join(lines) + f"\n    return {', '.join(ret)}\n"
    return src, group


PRELUDE = '''import torch
torch.manual_seed(0)
T = {
    "a": torch.randn(4, 5), "b": torch.randn(5), "c": torch.randn(1, 5), "d": torch.randn(4, 1),
    "e": torch.randn(7, 9) * 3, "f": torch.randn(9),
}
T["a"][0, 0] = 0.0
T["a"][1, 1] = -0.0
I = torch.arange(5) - 2  # an int64 tensor mixed in
W = {5: torch.randn(5, 5), 9: torch.randn(9, 9) * 0.5}  # matmul weights (globals: guarded)
B = {5: torch.randn(5), 9: torch.randn(9)}
M = {"a": torch.randn(4, 5) > 0, "b": torch.randn(5) > 0.5, "e": torch.randn(7, 9) > -0.5, "f": torch.randn(9) > 0}  # bool masks


def show(i, r):
    rs = r if isinstance(r, tuple) else (r,)
    for t in rs:
        if isinstance(t, torch.Tensor):
            print(i, t.dtype, tuple(t.shape), t.stride(), [float(v) for v in t.flatten().tolist()])
        else:
            print(i, repr(t))

'''


def close_lines(le, lt):
    """Lines that differ only in float values within the fast-math tolerance."""
    if "[" not in le or "[" not in lt:
        return False
    he, ve = le.split("[", 1)
    ht, vt = lt.split("[", 1)
    if he != ht:
        return False
    try:
        xe = [float(v) for v in ve.rstrip("]").split(",") if v.strip()]
        xt = [float(v) for v in vt.rstrip("]").split(",") if v.strip()]
    except ValueError:
        return False
    if len(xe) != len(xt):
        return False
    for p, q in zip(xe, xt):
        if p != p and q != q:
            continue
        if p == q:
            continue
        if math.isinf(p) or math.isinf(q) or p != p or q != q or abs(p - q) > 1e-5 + 1e-4 * abs(p):
            return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vmrun")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--functions", type=int, default=150)
    ap.add_argument("--fast-math", action="store_true")
    ap.add_argument("--no-verify", action="store_true",
                    help="tier 1 without --verify: kernels write into planned buffers, dying inputs and written arguments "
                         "(which --verify turns off), still compared bit for bit with tier 0")
    ap.add_argument("--keep", action="store_true", help="keep the generated script (printed) when every line agrees")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    parts = [PRELUDE]
    sources = {}
    for i in range(a.functions):
        src, group = gen_function(rng, i, a.fast_math)
        if rng.random() < 0.15 and group[0] == "a":
            src = src.replace("(b + ", "(I + ", 1)  # an int64 operand where it fits
        sources[i] = src
        args = ", ".join(f'T["{g}"]' for g in group)
        parts.append(src)
        # then once with its second argument a view of its first (b is a's
        # row; f is e's): a write to either is seen through the other (a
        # graph that moved writes to the end is guarded against it)
        aliased = ", ".join(f'T["{group[0]}"][0]' if k == 1 else f'T["{g}"]' for k, g in enumerate(group))
        parts.append(f"for args in [({args},)] * 3 + [({aliased},)]:\n    try:\n        show({i}, f{i}(*args))\n"
                     f"    except Exception as e:\n        print({i}, type(e).__name__, e)\n\n")
    script = "\n".join(parts)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
        path = f.name
    if a.keep:
        print(f"script: {path}")
    runs = {}
    for label, flags in [("eager", ["--tier=0"]),
                         ("tier1", ["--tier=1", "--hot-threshold=1", "--jit-threshold=1", "--short-rows=0"] +
                          ([] if a.no_verify else ["--verify"]) +
                          (["--fast-math"] if a.fast_math else []))]:
        # (the tracer's self-check on: every registry op's meta function
        # against what the trace ran)
        env = dict(os.environ, KILN_TRACER_SELFCHECK="1")
        p = subprocess.run([a.vmrun] + flags + [path], capture_output=True, text=True, timeout=600, env=env)
        if p.returncode != 0:
            print(f"FAIL: {label} run exited {p.returncode}\n{p.stderr[-3000:]}\nscript: {path}")
            sys.exit(1)
        runs[label] = p.stdout.splitlines()
    e, t = runs["eager"], runs["tier1"]
    close = 0
    for k in range(max(len(e), len(t))):
        le = e[k] if k < len(e) else "<missing>"
        lt = t[k] if k < len(t) else "<missing>"
        if le != lt and a.fast_math and close_lines(le, lt):
            close += 1
        elif le != lt:
            fn = int(le.split()[0]) if le.split() and le.split()[0].isdigit() else None
            print(f"FAIL (seed {a.seed}): line {k + 1} differs\n  eager: {le[:300]}\n  tier1: {lt[:300]}")
            if fn is not None:
                print("reproducer:\n" + PRELUDE + sources[fn])
            print(f"script: {path}")
            sys.exit(1)
    if not a.keep:
        os.unlink(path)  # (kept where a run fails: the message names it)
    if a.fast_math:
        print(f"ok: {a.functions} random functions (seed {a.seed}), {len(e)} lines at tier 0 and tier 1 --fast-math: "
              f"{len(e) - close} identical, {close} within the fast-math tolerance")
    else:
        print(f"ok: {a.functions} random functions (seed {a.seed}), {len(e)} lines identical at tier 0 and tier 1")


if __name__ == "__main__":
    main()
