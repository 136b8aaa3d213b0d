// stdlib/torch/views.h — operations that return views (no copy): the new
// tensor shares the input's storage, with other sizes/strides/offset.
#pragma once

#include "stdlib/torch/tensor.h"

namespace kiln::torch {

// t.select(dim, index): drops `dim`; IndexError "select(): index 5 out of
// range for tensor of size [3] at dimension 0".
Tensor select(const Tensor& t, int64_t dim, int64_t index);
// t[start:stop:step] along dim; start/stop already clamped, step > 0.
Tensor slice(const Tensor& t, int dim, int64_t start, int64_t stop, int64_t step);
Tensor unsqueeze(const Tensor& t, int64_t dim);

}  // namespace kiln::torch
