// tracer/functionalize.h — in-place ops on tensors the graph made itself,
// rewritten as pure ops (a graph pass; TorchDynamo's functionalisation,
// for the case that needs no copies back).
//
// An in-place op of the registry (x.add_(y), x.relu_(), x.clamp_(min=0),
// x.masked_fill_(m, 0)) or an augmented assignment on a tensor (x += y)
// writes its input x. When x is a tensor the graph made (the fresh result
// of a non-view op: no other tensor shares its storage) that nothing took
// before the write (its uses so far are ops that read it and keep no
// reference: no view, container, attribute, output or other writer), and
// no gradient is involved, the write can be observed only through x's
// register. The pass then replaces the node by the op's functional form
// (Tensor.add_ -> Tensor.add; x += y -> x + y) and renames every later
// use of x to the node's own result. Later passes see pure ops — the
// lowering fuses `h = x @ w; h += b; h.relu_()` like its out-of-place
// form — and the program computes the same values: the functional form's
// result dtype and sizes (ops/meta.h: infer_meta on the node's argument
// metadata) must be x's, or the node stays as it is.
//
// In-place ops on graph inputs, views and tensors that require grad are
// left alone: rewriting them needs copies back to the input (or the base
// of a view) and autograd's version checks, which this pass does not do.
#pragma once

#include "tracer/graph.h"

namespace kiln::tracer {

// Rewrites g's in-place ops that qualify; returns how many.
size_t functionalize(VM& vm, Graph& g);

}  // namespace kiln::tracer
