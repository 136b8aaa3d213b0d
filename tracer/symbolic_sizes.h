// tracer/symbolic_sizes.h — a dynamic graph's sizes as expressions (a graph
// pass; TorchDynamo's symbolic shapes).
//
// A graph whose guards leave sizes or ints free (automatic dynamic shapes,
// torch.compile(dynamic=True)) runs on inputs of sizes it did not trace.
// While tracing it saw one example of each value; this pass says what every
// value's sizes are for *every* call the guards admit, so passes never take
// an example's size for a fixed one:
//   * each free dim of a tensor input is a symbol s<k>, each free int input
//     a symbol n<k> (numbered in input order; Graph::symbols says where each
//     is read from);
//   * each node's result follows by its rule: a registry op's
//     (stdlib/torch/ops/sym_meta.h), broadcasting for the tensor operators,
//     matmul for `@`, basic indexing for t[key] with a constant key,
//     polynomial arithmetic for ints computed from sizes (x.size(0) * 4),
//     the item of a tuple of them (split's pieces, torch.Size);
//   * a result no rule describes keeps its rank and takes a fresh symbol
//     u<k> per dim — some size, related to nothing (x[1:] of s0 is
//     max(s0 - 1, 0));
//   * squeeze of a free size s<k> (h.squeeze() of [s0, 1]) keeps it, the
//     pass running again assuming s<k> is not 1 where the trace's value was
//     not (the tracer guards that: SIZE_COMPARE, Dynamo's 0/1
//     specialisation; a call with size 1 then traces its own graph), and
//     fixing s<k> to 1 where it was; unbind or chunk along a free size fixes
//     that size to the trace's value; the graph's other sizes stay free;
//   * an op whose rank or number of results follows from something no
//     such fact settles (squeeze of 2*s0 - 1, squeeze(d) of a free int d)
//     leaves the graph as it is and says where: the tracer then pins every
//     size (the graph is static, as when Python reads a size);
//   * a node none of whose inputs depends on a symbol keeps its example's
//     sizes: they are the same at every call.
// Each node's Meta then has `sizes` kDynamic where its expression is not a
// constant, and `sym` the expressions (tracer/meta.h).
//
// Every answer is checked against the trace: the expressions evaluated at
// the example's symbol values must give the example's sizes. A mismatch is
// a rule's bug: the node falls back to u-symbols (sound) and the pass
// returns the first mismatch, which the tracer's self-check
// (KILN_TRACER_SELFCHECK) makes fatal. The executor's self-check
// (tracer/executor.cpp) evaluates every expression again at each call's
// symbol values against the sizes the call computed.
#pragma once

#include <string>
#include <vector>

#include "tracer/graph.h"

namespace kiln::tracer {

// Facts about free sizes the answers assume, each guarded by the tracer
// (SIZE_COMPARE): a size that is not 1 (squeeze of [s0, 1] keeps s0), a
// size that is its trace's value (unbind along it; squeeze of one that was
// 1): fixed, while the graph's other sizes stay free.
struct SizeFacts {
  std::vector<Graph::Symbol> not_one;
  std::vector<std::pair<Graph::Symbol, int64_t>> fixed;
};
struct SymbolicSizes {
  std::string mismatch;   // the first rule that disagreed with the trace, or ""
  std::string varies_at;  // "f.py:3 (Tensor.squeeze: ...)": a rank follows from a size no fact settles (g left as it was), or ""
  SizeFacts facts;        // what the answers assume (empty with varies_at)
};
// Gives g's inputs and nodes their symbolic sizes (g.dynamic graphs only;
// others are left as they are). `input_values[i]`: what input i held while
// tracing.
SymbolicSizes symbolize_sizes(vm::VM& vm, Graph& g, const std::vector<Value>& input_values);

// The value of each symbol of g for one call: its inputs `args` (s<k>: the
// size of its dim, n<k>: the int). False if an argument is not what the
// symbol reads (the guards let it through only as such).
bool bind_symbols(const Graph& g, const Value* args, size_t nargs, std::vector<int64_t>* s, std::vector<int64_t>* n);

}  // namespace kiln::tracer
