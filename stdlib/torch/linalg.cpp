// stdlib/torch/linalg.cpp — matrix products (see linalg.h).
//
// Every product is reduced to a batch of row-major GEMMs C[i] = A[i] B[i]
// over contiguous operands; BLAS takes float32/float64, a loop the rest.

#include "stdlib/torch/linalg.h"

#include <cblas.h>

#include "stdlib/torch/tensor_iter.h"
#include "stdlib/torch/views.h"

namespace kiln::torch {

namespace {

void check_same_dtype(const Tensor& a, const Tensor& b) {
  if (a.dtype != b.dtype)
    runtime_error("expected scalar type {} but found {}", dtype_short_name(a.dtype), dtype_short_name(b.dtype));
}

void check_matmul_dtype(DType d, const char* op) {
  if (d == DType::Bool) runtime_error("\"{}\" not implemented for 'Bool'", op);
}

// C (m x n) = A (m x k) B (k x n), all contiguous row-major, `batch` of them.
void gemm_batch(const Tensor& A, const Tensor& B, const Tensor& C, int64_t batch, int64_t m, int64_t k, int64_t n) {
  dispatch_dtype(C.dtype, [&](auto z) {
    using T = decltype(z);
    const T* a = A.data<T>();
    const T* b = B.data<T>();
    T* c = C.data<T>();
    for (int64_t i = 0; i < batch; ++i) {
      const T* ai = a + i * m * k;
      const T* bi = b + i * k * n;
      T* ci = c + i * m * n;
      if (m == 0 || n == 0) continue;
      if (k == 0) {
        for (int64_t j = 0; j < m * n; ++j) ci[j] = T(0);
        continue;
      }
      if constexpr (std::is_same_v<T, float>) {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(m), int(n), int(k), 1.0f, ai, int(k), bi, int(n), 0.0f,
                    ci, int(n));
      } else if constexpr (std::is_same_v<T, double>) {
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(m), int(n), int(k), 1.0, ai, int(k), bi, int(n), 0.0, ci,
                    int(n));
      } else {
        for (int64_t r = 0; r < m; ++r) {
          for (int64_t q = 0; q < n; ++q) ci[r * n + q] = T(0);
          for (int64_t p = 0; p < k; ++p) {
            T av = ai[r * k + p];
            for (int64_t q = 0; q < n; ++q) ci[r * n + q] = T(ci[r * n + q] + av * bi[p * n + q]);
          }
        }
      }
    }
  });
}

// Batched product of a (..., m, k) and b (..., k, n) with broadcast batch dims.
Tensor batched(const Tensor& a, const Tensor& b) {
  int na = a.dim(), nb = b.dim();
  int64_t m = a.sizes[na - 2], k = a.sizes[na - 1], k2 = b.sizes[nb - 2], n = b.sizes[nb - 1];
  Shape ba, bb;
  for (int i = 0; i < na - 2; ++i) ba.push_back(a.sizes[i]);
  for (int i = 0; i < nb - 2; ++i) bb.push_back(b.sizes[i]);
  if (k != k2) {
    if (na == 2 && nb == 2)
      runtime_error("mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})", m, k, k2, n);
    Shape bshape = broadcast_shapes(ba, bb);
    runtime_error("Expected size for first two dimensions of batch2 tensor to be: [{}, {}] but got: [{}, {}].",
                  bshape.numel(), k, bshape.numel(), k2);
  }
  Shape batch = broadcast_shapes(ba, bb);
  Shape sa = batch, sb = batch, so = batch;
  sa.push_back(m), sa.push_back(k);
  sb.push_back(k), sb.push_back(n);
  so.push_back(m), so.push_back(n);
  Tensor A = contiguous(expand_to(a, sa));
  Tensor B = contiguous(expand_to(b, sb));
  Tensor C = empty(so, a.dtype);
  gemm_batch(A, B, C, batch.numel(), m, k, n);
  return C;
}

}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b) {
  if (a.dim() == 0 || b.dim() == 0)
    runtime_error("both arguments to matmul need to be at least 1D, but they are {}D and {}D", a.dim(), b.dim());
  check_same_dtype(a, b);
  if (a.dim() == 1 && b.dim() == 1) return dot(a, b);
  if (a.dim() == 2 && b.dim() == 1) return mv(a, b);
  if (a.dim() == 1) {
    Tensor r = batched(unsqueeze(a, 0), b);
    Shape sz = r.sizes, st = r.strides;
    sz.erase(r.dim() - 2);
    st.erase(r.dim() - 2);
    return make_view(r, sz, st, r.offset);
  }
  if (b.dim() == 1) {
    Tensor r = batched(a, unsqueeze(b, 1));
    Shape sz = r.sizes, st = r.strides;
    sz.erase(r.dim() - 1);
    st.erase(r.dim() - 1);
    return make_view(r, sz, st, r.offset);
  }
  check_matmul_dtype(a.dtype, "addmm_impl_cpu_");
  return batched(a, b);
}

Tensor mm(const Tensor& a, const Tensor& b) {
  if (a.dim() != 2) runtime_error("self must be a matrix");
  if (b.dim() != 2) runtime_error("mat2 must be a matrix");
  check_same_dtype(a, b);
  check_matmul_dtype(a.dtype, "addmm_impl_cpu_");
  return batched(a, b);
}

Tensor bmm(const Tensor& a, const Tensor& b) {
  if (a.dim() != 3) runtime_error("batch1 must be a 3D tensor");
  if (b.dim() != 3) runtime_error("batch2 must be a 3D tensor");
  if (a.sizes[0] != b.sizes[0] || a.sizes[2] != b.sizes[1])
    runtime_error("Expected size for first two dimensions of batch2 tensor to be: [{}, {}] but got: [{}, {}].", a.sizes[0],
                  a.sizes[2], b.sizes[0], b.sizes[1]);
  check_same_dtype(a, b);
  check_matmul_dtype(a.dtype, "bmm");
  return batched(a, b);
}

Tensor mv(const Tensor& a, const Tensor& v) {
  if (a.dim() != 2 || v.dim() != 1)
    runtime_error("vector + matrix @ vector expected, got {}, {}, {}", 1, a.dim(), v.dim());
  if (a.sizes[1] != v.sizes[0])
    runtime_error("size mismatch, got input ({}), mat ({}x{}), vec ({})", a.sizes[0], a.sizes[0], a.sizes[1], v.sizes[0]);
  check_same_dtype(a, v);
  check_matmul_dtype(a.dtype, "addmv_impl_cpu");
  Tensor r = batched(a, unsqueeze(v, 1));
  return make_view(r, Shape{a.sizes[0]}, Shape{1}, r.offset);
}

Tensor dot(const Tensor& a, const Tensor& b) {
  if (a.dim() != 1 || b.dim() != 1)
    runtime_error("1D tensors expected, but got {}D and {}D tensors", a.dim(), b.dim());
  if (a.sizes[0] != b.sizes[0])
    runtime_error("inconsistent tensor size, expected tensor [{}] and src [{}] to have the same number of elements, but got {} and {} elements respectively",
                  a.sizes[0], b.sizes[0], a.sizes[0], b.sizes[0]);
  if (a.dtype != b.dtype)
    runtime_error("dot : expected both vectors to have same dtype, but found {} and {}", dtype_short_name(a.dtype),
                  dtype_short_name(b.dtype));
  check_matmul_dtype(a.dtype, "dot");
  Tensor r = batched(unsqueeze(a, 0), unsqueeze(b, 1));
  return make_view(r, Shape(), Shape(), r.offset);
}

Tensor outer(const Tensor& a, const Tensor& b) {
  if (a.dim() != 1 || b.dim() != 1)
    runtime_error("outer: expected 1D tensors, but got {}D and {}D tensors", a.dim(), b.dim());
  check_same_dtype(a, b);
  Tensor A = contiguous(a), B = contiguous(b);
  Tensor out = empty(Shape{a.sizes[0], b.sizes[0]}, a.dtype);
  dispatch_dtype(a.dtype, [&](auto z) {
    using T = decltype(z);
    const T* x = A.data<T>();
    const T* y = B.data<T>();
    T* o = out.data<T>();
    for (int64_t i = 0; i < a.sizes[0]; ++i)
      for (int64_t j = 0; j < b.sizes[0]; ++j) o[i * b.sizes[0] + j] = T(x[i] * y[j]);
  });
  return out;
}

}  // namespace kiln::torch
