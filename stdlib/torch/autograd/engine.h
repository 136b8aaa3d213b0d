// stdlib/torch/autograd/engine.h — running the backward graph.
//
// One call computes gradients from some root tensors back through their
// grad_fn graphs, as PyTorch's engine does on the CPU: count how many edges
// reach each node, then run nodes whose inputs are complete, latest-created
// first (a node's sequence number), summing gradients that meet at a node.
// Gradients arriving at a leaf go to its AccumulateGrad (.grad), or, for
// torch.autograd.grad, are captured and returned without touching .grad.
// Each gradient is summed to the shape and cast to the dtype of the tensor it
// belongs to. Formulas run with grad mode on only when create_graph, which
// makes the gradients differentiable (double backward). Without
// retain_graph, every node that ran drops its saved tensors.
#pragma once

#include "stdlib/torch/autograd/variable.h"

namespace kiln::torch::autograd {

// `grad_outputs[i]` belongs to `roots[i]`; an undefined one means ones (only
// for a root with one element: PyTorch's "grad can be implicitly created
// only for scalar outputs" otherwise). With `inputs` empty, gradients
// accumulate into leaves' .grad and the result is empty; otherwise the
// result holds one gradient per input (undefined where none reached it).
VarList run_backward(const VarList& roots, const VarList& grad_outputs, bool keep_graph, bool create_graph,
                     const VarList& inputs = {});

// True while a backward that accumulates into leaves' .grad runs (not
// autograd.grad, not create_graph): a formula may then add a gradient into a
// leaf's existing .grad itself (functions_linalg.cpp's linear) instead of
// handing it to AccumulateGrad.
bool leaf_accumulation_allowed();

}  // namespace kiln::torch::autograd
