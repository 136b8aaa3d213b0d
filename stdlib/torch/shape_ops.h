// stdlib/torch/shape_ops.h — shape operations that copy: cat/stack, the
// index-driven gathers and scatters (index_select, gather, scatter,
// scatter_add, masked_fill), roll, flip, tril/triu, repeat, and the core of
// advanced indexing (`index` / `index_put`, driven by stdlib/torch/index.cpp).
//
// These move elements without arithmetic, so most loops copy raw elements of
// one dtype; dtype conversion happens only where PyTorch converts (cat
// promotes its inputs, fills convert the scalar). Results are contiguous.
// Errors are torch::Error with PyTorch's messages.
#pragma once

#include <vector>

#include "stdlib/torch/scalar.h"
#include "stdlib/torch/tensor.h"

namespace kiln::torch {

// torch.cat(tensors, dim): promotes dtypes; 1-D empty tensors are skipped
// (PyTorch's legacy rule).
Tensor cat(const std::vector<Tensor>& ts, int64_t dim);
Tensor stack(const std::vector<Tensor>& ts, int64_t dim);

Tensor index_select(const Tensor& t, int64_t dim, const Tensor& index);
Tensor gather(const Tensor& t, int64_t dim, const Tensor& index);

enum class ScatterReduce { None, Add, Multiply };
// self[... index[p] ...] (op)= src[p] (or `value` when src is null), in place.
// `name` is the op's name in messages ("scatter", "scatter_add").
void scatter_inplace(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src, Scalar value,
                     ScatterReduce reduce, const char* name);

// masked_fill: self broadcast with mask, value where mask is true.
Tensor masked_fill(const Tensor& t, const Tensor& mask, Scalar value);
void masked_fill_inplace(const Tensor& t, const Tensor& mask, Scalar value);

// roll(shifts, dims); empty dims = roll the flattened tensor.
Tensor roll(const Tensor& t, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims);
Tensor flip(const Tensor& t, const Shape& dims);
// tril (upper = false) / triu over the last two dims.
Tensor tril(const Tensor& t, int64_t diagonal, bool upper);
void tril_inplace(const Tensor& t, int64_t diagonal, bool upper);
Tensor repeat(const Tensor& t, const Shape& repeats);

// Meta functions (ops/meta.h): each kernel's checks and its result's layout,
// for meta tensors (no data: an index's values are not checked). The
// kernels above call them for meta inputs (cat, scatter and repeat answer
// in line).
Tensor index_select_meta(const Tensor& t, int64_t dim, const Tensor& index);
Tensor gather_meta(const Tensor& t, int64_t dim, const Tensor& index);
// In place: checks only (*out untouched).
void masked_fill_meta(const Tensor& t, const Tensor& mask, Scalar value, bool inplace, Tensor* out);
Tensor roll_meta(const Tensor& t, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims);
Tensor flip_meta(const Tensor& t, const Shape& dims);
Tensor tril_meta(const Tensor& t);

// One int64 tensor per dim of `mask`: the coordinates of its true elements.
std::vector<Tensor> mask_indices(const Tensor& mask);
// Advanced indexing. indices[d] (one entry per dim of t, undefined = the
// whole dim) are int64 tensors, broadcast together. The result puts the
// broadcast index dims where the indexed dims were when they are adjacent,
// and first otherwise (NumPy's rule).
Tensor index(const Tensor& t, const std::vector<Tensor>& indices);
// t[indices] = value (value broadcast to the indexing result; same dtype);
// with `accumulate`, t[indices] += value, repeated indices adding up.
void index_put(const Tensor& t, const std::vector<Tensor>& indices, const Tensor& value, bool accumulate = false);

}  // namespace kiln::torch
