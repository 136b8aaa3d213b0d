// stdlib/torch/ops/sym_meta.h — an op's result sizes as expressions of its
// arguments' (symbolic shape rules).
//
// An op's meta function (ops/meta.h) answers for fixed sizes. A dynamic
// graph needs more: `h = x @ w` with x of [s0, 8] and w of [8, 16] is
// [s0, 16] for every s0, `h.view(-1)` is [16*s0]. `sym_meta` gives the
// result's sizes as SymSize expressions (ops/sym_size.h) of the arguments'
// — of their sizes and of the int arguments (sizes themselves, x.view(n,
// -1)) — by the op's rule, chosen by its kind and impl: pointwise ops and
// composites broadcast, reductions drop or keep their dims, each view
// rearranges its input's dims, products and joins follow their algebra,
// creations read their size arguments.
//
// A rule answers only when its expressions are the result's sizes at
// *every* value of the symbols for which the op succeeds, not just at the
// values seen while tracing: broadcasting s0 with 3 is 3 (s0 must be 1 or
// 3), but s0 with s1 has no rule (either may be 1), and x[1:] of a dim s0
// is max(s0 - 1, 0), no polynomial. Where a rule cannot say, sym_meta is
// false and the caller knows nothing of the sizes but the rank (the
// tracer then gives them fresh u-symbols). An op whose result's rank, or
// number of pieces, follows from sizes (squeeze of a dim that may be 1)
// says so (`varies`), and which symbols it would need to be other than 1
// (squeeze's) or fixed (unbind's) to answer: the tracer then guards those
// sizes != 1 (Dynamo's 0/1 specialisation) where the trace's value is not
// 1, and others equal to the trace's value, the rest staying free.
//
// The generated test tests/unit/test_op_registry.cpp (SymMetaOfOp) calls
// every op on random arguments with their sizes and ints made symbols (a
// dim and an int of equal value share one, some stay constants) and checks
// each answer, evaluated at the call's values, against the eager result.
#pragma once

#include <span>
#include <vector>

#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/ops/sym_size.h"

namespace kiln::torch::ops {

using SymShape = std::vector<SymSize>;

// One bound argument (params[i] of the op's schema), as much as the sizes
// need of it.
struct SymArg {
  enum class Kind : uint8_t {
    Absent,      // not given: the parameter's default
    Tensor,      // a tensor: `shape`
    Int,         // an int (constant or symbolic): shape[0] (bools are Other)
    IntList,     // a tuple or list of ints (int[], int...): `shape` holds them
    TensorList,  // a tuple or list of tensors: `tensors`
    Other,       // anything else: `value` (None, a bool, a float, a str, a dtype...)
    Unknown,     // a value the graph computes that no rule describes (rules then say nothing)
  };
  Kind kind = Kind::Absent;
  SymShape shape;
  std::vector<SymShape> tensors;
  vm::Value value;
};

// What a caller knows of the symbols beyond their being sizes (guarded
// facts), and what a rule found it would need.
struct SymContext {
  std::vector<int> not_one;  // symbols known to be other than 1 (a guard says so)
  // Out: the result's rank, or how many tensors it holds, follows from a
  // symbolic size (squeeze of a dim that may be 1, unbind or chunk along a
  // symbolic dim).
  bool varies = false;
  // Out, with `varies`: symbols which, known to be other than 1, would let
  // the rule answer (squeeze of [s0, 1]: s0), and symbols whose value the
  // answer needs outright (unbind along s0: how many tensors);
  // `want_enough` false when no such fact would do (a dim 2*s0 - 1).
  std::vector<int> want_not_one, want_fixed;
  bool want_enough = true;
  bool is_not_one(const SymSize& x) const;
};

// The sizes of each tensor `op` returns with arguments `args` (one shape
// for a tensor result; sort, topk and max/min with a dim give two, split,
// chunk and unbind one per piece), or false (no rule, or none valid for
// every value of the symbols; see cx->varies).
bool sym_meta(const OpDef& op, std::span<const SymArg> args, std::vector<SymShape>* out, SymContext* cx = nullptr);

// Whether op has a rule at all (pointwise ops and composites broadcast;
// others have one by their impl).
bool has_sym_rule(const OpDef& op);

// The rules the tracer's own operators share with the registry's ops:
// broadcasting (x + y, x < y) and matmul (x @ y).
bool sym_broadcast(std::span<const SymShape> shapes, SymShape* out);
bool sym_matmul(const SymShape& a, const SymShape& b, SymShape* out);

}  // namespace kiln::torch::ops
