// tracer/fused.h — the graph executor's fused evaluation of pointwise
// chains.
//
// A run of consecutive graph nodes that are float32-to-float32 pointwise
// ops — Python's + - * / // % ** and unary minus on tensors and numbers,
// torch's unary and binary pointwise functions and methods (exp, relu,
// sigmoid, mul, maximum...) — is a FusedRegion. When, at run time, every
// tensor it reads is a contiguous float32 tensor of one shape that does not
// require grad (and the rest are Python numbers), the region runs block by
// block over the elements: each op computes a block into scratch memory,
// and only the values used after the region become tensors. No
// intermediate tensor is allocated and no per-op dispatch happens. The
// rows are the eager kernels' own (torch::unary_row_f32 / binary_row_f32),
// so the results are the same bits. Otherwise the region's nodes run one
// by one, as eager ops (tracer/executor.cpp).
//
// This is the executor's ("tier 0.5") only fusion; the codegen tiers
// (issue 6) replace it with compiled loops.
#pragma once

#include <vector>

#include "tracer/graph.h"

namespace kiln::tracer {

struct FusedRegion {
  size_t first = 0, end = 0;  // graph nodes [first, end)
  std::vector<int> inputs;    // graph registers it reads
  struct Step {
    bool unary = false;
    int op = 0;      // torch::UnaryOp / torch::BinaryOp
    int a = 0, b = 0;  // operand slots: inputs first, then steps
  };
  std::vector<Step> steps;  // one per node
  std::vector<bool> live_out;  // per step: its value is used after the region

  // The regions of `g` with at least two nodes.
  static std::vector<FusedRegion> find(const Graph& g);
  // Runs the region on `regs` (writing the registers of its nodes used
  // later). False, with nothing done, when the inputs do not qualify.
  bool run(VM& vm, const Graph& g, Value* regs) const;
};

}  // namespace kiln::tracer
