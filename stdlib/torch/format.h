// stdlib/torch/format.h — repr(tensor) as PyTorch prints it.
//
// A port of torch/_tensor_str.py (PyTorch 1.13) for the default print
// options (precision 4, threshold 1000, edgeitems 3, linewidth 80): integer
// mode (`1.`), fixed (`1.2500`) or scientific (`1.0000e+08`) chosen from the
// nonzero finite values, columns padded to the widest element, `...`
// summarisation of tensors with more than 1000 elements, rows wrapped at
// 80 characters, and the `dtype=` / `size=` suffixes.
#pragma once

#include <string>

#include "stdlib/torch/tensor.h"

namespace kiln::torch {

// `autograd_suffix`: "grad_fn=<MulBackward0>" or "requires_grad=True" (or empty).
std::string tensor_repr(const Tensor& t, const std::string& autograd_suffix = "");
// The `[...]` part alone, indented for a prefix of `indent` characters.
std::string tensor_body(const Tensor& t, int indent);

}  // namespace kiln::torch
