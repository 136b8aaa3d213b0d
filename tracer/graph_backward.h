// tracer/graph_backward.h — reverse mode over graphs: the gradients of a
// graph's values, built as more nodes of the same graph.
//
// `backward` walks the nodes a GraphDerivative has made, latest first, as
// the eager engine runs its nodes (latest first, each gradient summed where
// paths meet, fitted to its value's sizes and dtype). Each node that is a
// call of a registry op (tracer/graph.h's OpCall: the op and its arguments
// bound by the schema) gets its inputs' gradients from `op_gradients`, which
// reads the bound arguments and applies the op's formula from
// stdlib/torch/autograd/derivatives.h — the formula the eager engine runs —
// with GraphDerivative as the builder. Operator nodes (`a * b`, `a @ b`,
// `-a`: Binary and Unary nodes, as the tracer records Python operators)
// get the formulas of the eager operators (ag::binary, ag::matmul). So a backward graph is made of
// registry ops, computes the eager engine's bits, and can itself be walked
// again (double backward: the backward's nodes are nodes like any other).
//
// An op whose derivative is not yet written over a builder (see
// `has_graph_derivative`), an in-place op (a graph differentiates after
// functionalisation, tracer/functionalize.h, which makes it its functional
// form), a node that is neither an op call nor an operator (indexing a
// tensor), and an argument a rule must read but the graph computes (a
// dynamic size) raise torch::Error
// (NotImplemented) naming it: the caller then leaves the backward to the
// eager engine rather than build a wrong graph.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "tracer/derivative_graph.h"
#include "tracer/graph.h"

namespace kiln::tracer {

// The gradients of `wrt` (values of d) for cotangents[k] of roots[k]:
// one value per wrt, -1 where the roots do not depend on it.
std::vector<int> backward(GraphDerivative& d, std::span<const int> roots, std::span<const int> cotangents,
                          std::span<const int> wrt);

// One input's share of a node's gradient: the value it is for and the
// gradient (at the node's result shape or the value's: backward fits it).
struct Contribution {
  int value, grad;
};
// The contributions of one call c (result: the node's value) given the
// gradients of its results (grads: one per result, -1 where none came),
// in the order the eager engine adds them. needs(v): whether value v
// needs a gradient.
std::vector<Contribution> op_gradients(GraphDerivative& d, const OpCall& c, int result, std::span<const int> grads,
                                       const std::function<bool(int)>& needs);

// Whether op has a derivative graphs can be built from.
bool has_graph_derivative(torch::ops::OpId op);

}  // namespace kiln::tracer
