// tracer/decompose.h — composite ops as their decompositions, in graphs.
//
// decompose() builds a call of a composite registry op (addcmul, addcdiv,
// lerp: OpKind::Composite) as the nodes of its decomposition
// (stdlib/torch/ops/decompositions.h: the template the eager entry runs),
// reading the call's bound arguments. graph_backward.h differentiates a
// composite this way: the decomposition's nodes, walked in reverse with
// their own rules, as the eager engine walks the nodes the eager entry
// recorded. decompose_composites() rewrites a captured graph's composites
// so, before the lowering, and with them add / sub with alpha and two
// tensors of one floating dtype (input ± other * alpha: eager's rounding),
// which the lowering then fuses as two binary ops; rounds repeat until
// none is left (addcmul's value= is an add with alpha). In-place composites
// (addcmul_, lerp_) have none: a graph functionalises them first
// (tracer/functionalize.h).
#pragma once

#include "tracer/derivative_graph.h"
#include "tracer/graph.h"

namespace kiln::tracer {

// Whether op has a decomposition decompose() builds.
bool has_decomposition(torch::ops::OpId op);

// The pass over a finished graph: each call of a composite op whose tensor
// arguments have fixed sizes and whose other arguments are constants
// becomes the nodes of its decomposition (the same eager ops in the same
// order: the graph computes the same bits), which the lowering then fuses
// like any primitives; registers and `with` ranges are renumbered. Returns
// how many calls it rewrote.
size_t decompose_composites(VM& vm, Graph& g);

// Node c's decomposition, appended to d (c's arguments: values of d);
// returns the value of its result. Raises torch::Error (NotImplemented)
// for an op without one or arguments it cannot read (a number the graph
// computes).
int decompose(GraphDerivative& d, const OpCall& c);

}  // namespace kiln::tracer
