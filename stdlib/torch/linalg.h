// stdlib/torch/linalg.h — matrix products: matmul (`@`) with broadcast batch
// dimensions, mm, bmm, mv, dot, outer. float32/float64 go to BLAS
// (OpenBLAS's cblas_?gemm); integer dtypes use a plain loop.
#pragma once

#include "stdlib/torch/tensor.h"

namespace kiln::torch {

Tensor matmul(const Tensor& a, const Tensor& b);
Tensor mm(const Tensor& a, const Tensor& b);
Tensor bmm(const Tensor& a, const Tensor& b);
Tensor mv(const Tensor& a, const Tensor& v);
Tensor dot(const Tensor& a, const Tensor& b);
Tensor outer(const Tensor& a, const Tensor& b);

}  // namespace kiln::torch
