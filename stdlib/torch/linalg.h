// stdlib/torch/linalg.h — matrix products: matmul (`@`) with broadcast batch
// dimensions, mm, bmm, mv, dot, outer. float32/float64 go to BLAS
// (OpenBLAS's cblas_?gemm); integer dtypes use a plain loop.
#pragma once

#include "stdlib/torch/tensor.h"

namespace kiln::torch {

// `into` (optional): a slot the product is written into when it may be
// (empty_in); a compiled graph passes one for a product that dies inside it.
Tensor matmul(const Tensor& a, const Tensor& b, StoragePtr* into = nullptr);
Tensor mm(const Tensor& a, const Tensor& b, StoragePtr* into = nullptr);
Tensor bmm(const Tensor& a, const Tensor& b);
Tensor mv(const Tensor& a, const Tensor& v);
Tensor dot(const Tensor& a, const Tensor& b);
Tensor outer(const Tensor& a, const Tensor& b);
// c += a @ b for float matrices: c (m x n) contiguous, a (m x k) and b (k x n)
// any strides, one dtype. One BLAS call (a rank-1 update when k == 1), no
// temporary: autograd writes a weight's gradient straight into its .grad.
void addmm_inplace(const Tensor& c, const Tensor& a, const Tensor& b);

}  // namespace kiln::torch
