// stdlib/torch/views.h — operations that return views (no copy): the new
// tensor shares the input's storage, with other sizes/strides/offset.
//
// The model is PyTorch's: a view is (storage, offset, sizes, strides), so
// transpose/permute only reorder sizes and strides, select/narrow/slicing
// move the offset and drop or shrink a dimension, expand gives stride 0 to
// the broadcast dimensions, and view()/reshape() find strides for the new
// shape that address the same elements (`view_strides`, ATen's
// computeStride) — reshape() copies only when no such strides exist.
// Writes through any view are seen through the base and every other view.
// Errors are torch::Error with PyTorch's messages.
#pragma once

#include <optional>
#include <vector>

#include "stdlib/torch/tensor.h"

namespace kiln::torch {

// "torch.LongTensor" (PyTorch names tensors so in some messages).
std::string tensor_type_name(DType d);

// t.select(dim, index): drops `dim`; IndexError "select(): index 5 out of
// range for tensor of size [3] at dimension 0".
Tensor select(const Tensor& t, int64_t dim, int64_t index);
// t[start:stop:step] along dim; start/stop already clamped, step > 0.
Tensor slice(const Tensor& t, int dim, int64_t start, int64_t stop, int64_t step);
Tensor unsqueeze(const Tensor& t, int64_t dim);
// squeeze(): drops every size-1 dim; squeeze(dim): that dim if its size is 1.
Tensor squeeze(const Tensor& t);
Tensor squeeze(const Tensor& t, int64_t dim);

// The shape with its -1 resolved for `numel` elements ("shape '[2, 5]' is
// invalid for input of size 6", "only one dimension can be inferred").
Shape infer_size(const Shape& shape, int64_t numel);
// Strides giving `t`'s elements in row-major order under `shape` (same numel),
// or nullopt when the shape cuts across non-mergeable dimensions.
std::optional<Shape> view_strides(const Tensor& t, const Shape& shape);
// t.view(shape): always a view, or RuntimeError (use .reshape).
Tensor view(const Tensor& t, const Shape& shape);
// t.reshape(shape): a view when possible, else a contiguous copy.
Tensor reshape(const Tensor& t, const Shape& shape);
Tensor flatten(const Tensor& t, int64_t start_dim, int64_t end_dim);
Tensor unflatten(const Tensor& t, int64_t dim, const Shape& sizes);

Tensor transpose(const Tensor& t, int64_t dim0, int64_t dim1);
// t.t(): transpose of a <= 2-D tensor.
Tensor t_2d(const Tensor& t);
Tensor permute(const Tensor& t, const Shape& dims);
// t.T (all dims reversed) and t.mT (last two swapped).
Tensor reverse_dims(const Tensor& t);
Tensor matrix_transpose(const Tensor& t);

// t.expand(sizes): -1 keeps a size; new leading dims and size-1 dims broadcast.
Tensor expand(const Tensor& t, const Shape& sizes);
Tensor narrow(const Tensor& t, int64_t dim, int64_t start, int64_t length);
std::vector<Tensor> split(const Tensor& t, int64_t split_size, int64_t dim);
std::vector<Tensor> split_with_sizes(const Tensor& t, const std::vector<int64_t>& sizes, int64_t dim);
std::vector<Tensor> chunk(const Tensor& t, int64_t chunks, int64_t dim);
std::vector<Tensor> unbind(const Tensor& t, int64_t dim);

}  // namespace kiln::torch
