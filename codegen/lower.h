// codegen/lower.h — from a captured graph to kernels.
//
// Lowering finds the runs of consecutive float32 pointwise nodes of a
// graph (codegen/pointwise.h) that a backend can compile and turns each
// into a KernelRegion: one Kernel (codegen/kernel_ir.h) whose inputs are
// the registers the run reads from outside it (tensors, or Python numbers
// where the register held a number while tracing) and whose outputs are
// the run's values used after it (by later nodes or as graph outputs).
// Values used only inside the run never become tensors. A run may also
// hold reductions over trailing dims (sum, mean, amax, amin, max(), min(),
// var, std, logsumexp, norm; softmax and log_softmax over the last dim, decomposed into
// max, exp, sum and pointwise ops), or those but logsumexp, max() and
// min() over a run of leading or middle dims (column reductions), with their producers
// and consumers (not a reduction of a transposed, permuted or indexed view
// of a computed value: eager folds such a strided view another way);
// views of values it computes (transpose, permute, unsqueeze, squeeze;
// view, reshape, flatten; basic indexing), fused by computing the value
// again over its inputs read through the view (KInput::views); and, at its
// start, a matmul or linear run as an extern call whose result the
// kernel's epilogue takes (directly or through such views). Predicates
// (compares, logical ops, isnan...) are masks of 1.0 / 0.0 in the kernel,
// torch.where and masked_fill selects by them, and bool tensor inputs read
// as masks; a mask used after the run is a bool output. A node the backend cannot compile
// ends the run, as does the 64-instruction cap on a kernel; such nodes,
// and every node outside a region, run on the graph executor as before.
// docs/ARCHITECTURE.md ("The graph compiler and tier 1") has the rules.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "codegen/kernel_ir.h"
#include "tracer/graph.h"

namespace kiln::codegen {

struct KernelRegion {
  size_t first = 0, end = 0;   // graph nodes [first, end) it computes
  std::vector<int> inputs;     // graph registers, in kernel input order
  std::vector<size_t> outs;    // graph nodes whose values it stores, in kernel output order
  std::vector<Form> node_forms;  // per node [first, end): the form of its value in the kernel
  std::vector<size_t> views;     // its view nodes (fused through; never stored)
  tracer::Meta iter_meta;        // a reducing region: the shape its reductions fold (its iteration shape); else not a tensor
  // A region may start with an extern call (a matmul into the BLAS, run
  // by the host stub with the eager op) whose result is kernel input 0:
  // the kernel is its fused epilogue, and may write its output into the
  // result's buffer (which dies there). Linear's bias add is the
  // epilogue's first op, as eager adds it after the product.
  enum class Extern { None, Matmul, Mm, Linear } ext = Extern::None;
  std::vector<int> extern_args;  // its registers: (a, b), or linear's (input, weight)
  bool extern_stored = false;    // the node's value is the result and is used after the region
  bool extern_is_value = false;  // the node's value is the result (no bias to add)
  Kernel kernel;
};

// The regions of `g`, kernels named "<graph>_k<i>". `compiles(instr)` says
// whether the backend compiles an instruction.
std::vector<KernelRegion> lower_graph(const tracer::Graph& g, const std::function<bool(const KInstr&)>& compiles);

// Drops the kernel inputs no instruction loads (after the passes: fusion
// through a view leaves the unviewed loads dead), from the kernel and the
// region's registers alike; an extern region keeps input 0, the product.
void drop_unloaded_inputs(KernelRegion* r);

}  // namespace kiln::codegen
