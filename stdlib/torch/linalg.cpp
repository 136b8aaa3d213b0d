// stdlib/torch/linalg.cpp — matrix products (see linalg.h).
//
// Two halves. The public functions reproduce PyTorch 1.13's dispatch and its
// checks *in PyTorch's order* (which check fires first decides the message a
// script sees): mm, bmm and mv check shapes before dtypes, and skip the
// dtype checks altogether when the result is empty or the contraction has
// size 0; dot checks dtypes before sizes; bmm checks dtypes in an order that
// depends on the problem size (its small-problem kernel dispatches on batch1,
// the large one goes through addmm on batch2's dtype); matmul folds the batch
// dimensions of a >=3-d operand times a 1-d/2-d one into a single mm/mv
// (aten's should_fold), so its messages name the folded shapes.
//
// The other half computes: `product` takes A (..., m, k) and B (..., k, n)
// as strided views whose batch dimensions broadcast, and writes a new
// contiguous (batch..., m, n). BLAS reads a matrix in place when one of its
// strides is 1 and the other a valid leading dimension, in either order, so
// transposed views (x.t(), x.mT) and broadcast batches (stride 0) cost no
// copy; only a matrix with no unit stride is copied. A batch whose B is
// shared and whose A rows merge across the batch is one GEMM. Integer dtypes
// use a plain loop with wrap-around arithmetic, as PyTorch's CPU kernels do.

#include "stdlib/torch/linalg.h"

#include <cblas.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/tensor_iter.h"
#include "stdlib/torch/views.h"

namespace kiln::torch {

namespace {

// ---------------------------------------------------------------- views used here
Tensor transpose_last2(const Tensor& t) {  // t.mT (t.t() for a matrix)
  Shape sz = t.sizes, st = t.strides;
  int n = t.dim();
  std::swap(sz[n - 1], sz[n - 2]);
  std::swap(st[n - 1], st[n - 2]);
  return make_view(t, sz, st, t.offset);
}
Tensor drop_dim(const Tensor& t, int d) {  // squeeze of a size-1 dim
  Shape sz = t.sizes, st = t.strides;
  sz.erase(d);
  st.erase(d);
  return make_view(t, sz, st, t.offset);
}

// ---------------------------------------------------------------- checks (PyTorch's words)
[[noreturn]] void not_implemented(const char* kernel, DType d) {
  runtime_error("\"{}\" not implemented for '{}'", kernel, dtype_short_name(d));
}
// The dtype checks of a kernel that dispatches on `dispatched` and then reads
// `other` as the same type (data_ptr<scalar_t>: "expected scalar type Float
// but found Double").
void check_kernel_dtypes(const char* kernel, DType dispatched, DType other) {
  if (dispatched == DType::Bool) not_implemented(kernel, dispatched);
  if (dispatched != other)
    runtime_error("expected scalar type {} but found {}", dtype_short_name(dispatched), dtype_short_name(other));
}

// ---------------------------------------------------------------- compute
// How BLAS can read a rows x cols matrix with element strides (s0, s1) in
// place: row-major with leading dimension ld (trans = false), or as the
// transpose of a row-major cols x rows matrix (trans = true).
struct BlasView {
  bool ok = false, trans = false;
  int64_t ld = 0;
};
BlasView blas_view(int64_t rows, int64_t cols, int64_t s0, int64_t s1) {
  BlasView v;
  if ((s1 == 1 || cols == 1) && (rows == 1 || s0 >= std::max<int64_t>(1, cols))) {
    v.ok = true;
    v.ld = rows == 1 ? std::max<int64_t>(1, cols) : s0;
  } else if ((s0 == 1 || rows == 1) && (cols == 1 || s1 >= std::max<int64_t>(1, rows))) {
    v.ok = v.trans = true;
    v.ld = cols == 1 ? std::max<int64_t>(1, rows) : s1;
  }
  // BLAS takes int sizes; beyond them, copy (and then fail loudly below).
  if (v.ld > INT32_MAX) v.ok = false;
  return v;
}

template <class T> struct Wrap { using type = T; };
template <> struct Wrap<int32_t> { using type = uint32_t; };
template <> struct Wrap<int64_t> { using type = uint64_t; };

// c (m x n, row-major, ldc = n) = a (m x k, strides sa0, sa1) b (k x n, strides sb0, sb1).
template <class T>
void gemm_loop(const T* a, int64_t sa0, int64_t sa1, const T* b, int64_t sb0, int64_t sb1, T* c, int64_t m, int64_t k,
               int64_t n) {
  using U = typename Wrap<T>::type;  // integers wrap around, as in PyTorch
  for (int64_t i = 0; i < m; ++i) {
    U* ci = reinterpret_cast<U*>(c + i * n);
    for (int64_t j = 0; j < n; ++j) ci[j] = U(0);
    for (int64_t p = 0; p < k; ++p) {
      U av = U(a[i * sa0 + p * sa1]);
      const T* bp = b + p * sb0;
      if (sb1 == 1) {
        for (int64_t j = 0; j < n; ++j) ci[j] += av * U(bp[j]);
      } else {
        for (int64_t j = 0; j < n; ++j) ci[j] += av * U(bp[j * sb1]);
      }
    }
  }
}

template <class T>
void gemm_one(const T* a, const BlasView& va, int64_t sa0, int64_t sa1, const T* b, const BlasView& vb, int64_t sb0,
              int64_t sb1, T* c, int64_t m, int64_t k, int64_t n) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    if (m > INT32_MAX || n > INT32_MAX || k > INT32_MAX) runtime_error("matmul: sizes exceed BLAS's 32-bit limits");
    auto ta = va.trans ? CblasTrans : CblasNoTrans;
    auto tb = vb.trans ? CblasTrans : CblasNoTrans;
    if (n == 1) {
      // Matrix times vector: gemv reads b's column with its stride.
      int64_t rows = va.trans ? k : m, cols = va.trans ? m : k;
      int incb = int(k == 1 ? 1 : sb0);
      if constexpr (std::is_same_v<T, float>)
        cblas_sgemv(CblasRowMajor, ta, int(rows), int(cols), 1.0f, a, int(va.ld), b, incb, 0.0f, c, 1);
      else
        cblas_dgemv(CblasRowMajor, ta, int(rows), int(cols), 1.0, a, int(va.ld), b, incb, 0.0, c, 1);
      return;
    }
    if (m == 1) {
      // Vector times matrix: c = op(B)^T a, with a's row read at its stride.
      int64_t rows = vb.trans ? n : k, cols = vb.trans ? k : n;
      auto tt = vb.trans ? CblasNoTrans : CblasTrans;
      int inca = int(k == 1 ? 1 : sa1);
      if constexpr (std::is_same_v<T, float>)
        cblas_sgemv(CblasRowMajor, tt, int(rows), int(cols), 1.0f, b, int(vb.ld), a, inca, 0.0f, c, 1);
      else
        cblas_dgemv(CblasRowMajor, tt, int(rows), int(cols), 1.0, b, int(vb.ld), a, inca, 0.0, c, 1);
      return;
    }
    if constexpr (std::is_same_v<T, float>)
      cblas_sgemm(CblasRowMajor, ta, tb, int(m), int(n), int(k), 1.0f, a, int(va.ld), b, int(vb.ld), 0.0f, c, int(n));
    else
      cblas_dgemm(CblasRowMajor, ta, tb, int(m), int(n), int(k), 1.0, a, int(va.ld), b, int(vb.ld), 0.0, c, int(n));
  } else {
    gemm_loop<T>(a, sa0, sa1, b, sb0, sb1, c, m, k, n);
  }
}

// True when a view's batch dims and its row dim merge into one dimension of
// stride s[-2] (so batch x m rows form one matrix).
bool rows_merge(const Tensor& a) {
  int nd = a.dim();
  int64_t expect = a.strides[nd - 2] * a.sizes[nd - 2];
  for (int d = nd - 3; d >= 0; --d) {
    if (a.sizes[d] == 1) continue;
    if (a.strides[d] != expect) return false;
    expect *= a.sizes[d];
  }
  return true;
}

// A (..., m, k) @ B (..., k, n) -> new contiguous (batch..., m, n) of `dtype`
// (A and B have that dtype). Batch dims broadcast; the caller checked them.
Tensor product(Tensor A, Tensor B, const Shape& batch, std::optional<DType> out_dtype = std::nullopt,
               StoragePtr* into = nullptr) {
  int64_t m = A.sizes[A.dim() - 2], k = A.sizes[A.dim() - 1], n = B.sizes[B.dim() - 1];
  Shape so = batch;
  so.push_back(m);
  so.push_back(n);
  if (is_meta(A) || is_meta(B)) return meta_tensor(so, out_dtype ? *out_dtype : A.dtype);  // (ops/meta.h)
  Tensor C = into ? empty_in(into, so, out_dtype ? *out_dtype : A.dtype) : empty(so, out_dtype ? *out_dtype : A.dtype);
  if (C.numel() == 0) return C;
  if (k == 0) {
    fill(C, Scalar::from_int(0));
    return C;
  }
  bool blas = A.dtype == DType::Float32 || A.dtype == DType::Float64;
  if (blas) {
    // A matrix BLAS cannot read in place is copied (before broadcasting, so
    // a broadcast batch is never materialised).
    if (!blas_view(m, k, A.strides[A.dim() - 2], A.strides[A.dim() - 1]).ok) A = cast(A, A.dtype);
    if (!blas_view(k, n, B.strides[B.dim() - 2], B.strides[B.dim() - 1]).ok) B = cast(B, B.dtype);
  }
  Shape sa = batch, sb = batch;
  sa.push_back(m), sa.push_back(k);
  sb.push_back(k), sb.push_back(n);
  A = expand_to(A, sa);
  B = expand_to(B, sb);
  const int nb = batch.size();
  const int64_t sa0 = A.strides[nb], sa1 = A.strides[nb + 1], sb0 = B.strides[nb], sb1 = B.strides[nb + 1];
  BlasView va = blas_view(m, k, sa0, sa1), vb = blas_view(k, n, sb0, sb1);
  int64_t nbatch = batch.numel();
  // B shared by every batch and A's rows contiguous across batches: one GEMM.
  bool b_shared = true;
  for (int d = 0; d < nb; ++d)
    if (B.strides[d] != 0 && batch[d] != 1) b_shared = false;
  int64_t mm_rows = m;
  if (nbatch > 1 && b_shared && rows_merge(A)) {
    BlasView merged = blas_view(m * nbatch, k, sa0, sa1);
    if (!blas || (merged.ok && !merged.trans)) {
      mm_rows = m * nbatch;
      nbatch = 1;
      va = merged;
    }
  }
  dispatch_dtype(A.dtype, [&](auto z) {
    using T = decltype(z);
    if constexpr (std::is_same_v<T, bool>) {
      runtime_error("internal error: matmul on bool");
    } else {
      const T* a = A.data<T>();
      const T* b = B.data<T>();
      T* c = C.data<T>();
      if (nbatch == 1 && mm_rows != m) {
        gemm_one<T>(a, va, sa0, sa1, b, vb, sb0, sb1, c, mm_rows, k, n);
        return;
      }
      // Odometer over the batch dims (stride 0 on broadcast ones).
      int64_t idx[kMaxDims] = {};
      int64_t oa = 0, ob = 0;
      for (int64_t i = 0; i < nbatch; ++i) {
        gemm_one<T>(a + oa, va, sa0, sa1, b + ob, vb, sb0, sb1, c + i * m * n, m, k, n);
        for (int d = nb - 1; d >= 0; --d) {
          oa += A.strides[d];
          ob += B.strides[d];
          if (++idx[d] < batch[d]) break;
          oa -= A.strides[d] * batch[d];
          ob -= B.strides[d] * batch[d];
          idx[d] = 0;
        }
      }
    }
  });
  return C;
}

// ---------------------------------------------------------------- PyTorch's kernels, with their checks
// The result of a product with an empty operand: zeros (a meta tensor's
// layout for meta operands, ops/meta.h).
Tensor zeros_result(const Shape& s, DType d, bool meta) {
  if (meta) return meta_tensor(s, d);
  Tensor out = empty(s, d);
  if (out.numel()) fill(out, Scalar::from_int(0));
  return out;
}

// at::mm: addmm_impl_cpu_ dispatches on mat1's dtype.
Tensor mm_impl(const Tensor& a, const Tensor& b, StoragePtr* into = nullptr) {
  int64_t m = a.sizes[0], k = a.sizes[1], k2 = b.sizes[0], n = b.sizes[1];
  if (k != k2) runtime_error("mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})", m, k, k2, n);
  if (m == 0 || n == 0 || k == 0) return zeros_result(Shape{m, n}, a.dtype, is_meta(a) || is_meta(b));
  check_kernel_dtypes("addmm_impl_cpu_", a.dtype, b.dtype);
  return product(a, b, Shape(), std::nullopt, into);
}

// at::mv: the result has vec's dtype; addmv dispatches on mat's.
Tensor mv_impl(const Tensor& a, const Tensor& v) {
  if (a.dim() == 0) index_error("Dimension specified as 0 but tensor has no dimensions");
  if (a.dim() != 2 || v.dim() != 1)
    runtime_error("vector + matrix @ vector expected, got {}, {}, {}", 1, a.dim(), v.dim());
  if (a.sizes[1] != v.sizes[0])
    runtime_error("size mismatch, got {}, {}x{},{}", a.sizes[0], a.sizes[0], a.sizes[1], v.sizes[0]);
  if (a.numel() == 0) return zeros_result(Shape{a.sizes[0]}, v.dtype, is_meta(a) || is_meta(v));
  check_kernel_dtypes("addmv_impl_cpu", a.dtype, v.dtype);
  return drop_dim(product(a, unsqueeze(v, 1), Shape()), 1);
}

// at::bmm on 3-d operands (also the batched path of matmul, flattened).
Tensor bmm_checks(int64_t bs, int64_t m, int64_t k, int64_t bs2, int64_t k2, int64_t n, DType d1, DType d2,
                  bool* empty_result, bool meta) {
  if (bs2 != bs || k2 != k)
    runtime_error("Expected size for first two dimensions of batch2 tensor to be: [{}, {}] but got: [{}, {}].", bs, k, bs2,
                  k2);
  *empty_result = bs == 0 || m == 0 || n == 0 || k == 0;
  if (*empty_result) return zeros_result(Shape{bs, m, n}, d2, meta);
  // Small problems take bmm's own kernel (dispatch on batch1, result of
  // batch2's dtype); larger ones addmm per batch on batch2's dtype.
  if (k * m * n < 400) check_kernel_dtypes("bmm", d1, d2);
  else check_kernel_dtypes("addmm_impl_cpu_", d2, d1);
  return Tensor();
}

}  // namespace

Tensor mm(const Tensor& a, const Tensor& b, StoragePtr* into) {
  if (a.dim() != 2) runtime_error("self must be a matrix");
  if (b.dim() != 2) runtime_error("mat2 must be a matrix");
  return mm_impl(a, b, into);
}

Tensor bmm(const Tensor& a, const Tensor& b) {
  if (a.dim() != 3) runtime_error("batch1 must be a 3D tensor");
  if (b.dim() != 3) runtime_error("batch2 must be a 3D tensor");
  bool empty_result;
  Tensor e = bmm_checks(a.sizes[0], a.sizes[1], a.sizes[2], b.sizes[0], b.sizes[1], b.sizes[2], a.dtype, b.dtype,
                        &empty_result, is_meta(a) || is_meta(b));
  if (empty_result) return e;
  return product(a, b, Shape{a.sizes[0]});
}

Tensor mv(const Tensor& a, const Tensor& v) { return mv_impl(a, v); }

Tensor dot(const Tensor& a, const Tensor& b) {
  if (a.dim() != 1 || b.dim() != 1)
    runtime_error("1D tensors expected, but got {}D and {}D tensors", a.dim(), b.dim());
  if (a.dtype != b.dtype)
    runtime_error("dot : expected both vectors to have same dtype, but found {} and {}", dtype_short_name(a.dtype),
                  dtype_short_name(b.dtype));
  if (a.sizes[0] != b.sizes[0])
    runtime_error("inconsistent tensor size, expected tensor [{}] and src [{}] to have the same number of elements, but got {} and {} elements respectively",
                  a.sizes[0], b.sizes[0], a.sizes[0], b.sizes[0]);
  if (a.dtype == DType::Bool) not_implemented("dot", a.dtype);
  return drop_dim(drop_dim(product(unsqueeze(a, 0), unsqueeze(b, 1), Shape()), 1), 0);
}

void addmm_inplace(const Tensor& c, const Tensor& a, const Tensor& b) {
  int64_t m = a.sizes[0], k = a.sizes[1], n = b.sizes[1];
  bump_version(c);
  BlasView va = blas_view(m, k, a.strides[0], a.strides[1]), vb = blas_view(k, n, b.strides[0], b.strides[1]);
  bool is_f32 = c.dtype == DType::Float32;
  int64_t inca = m == 1 ? 1 : a.strides[0], incb = n == 1 ? 1 : b.strides[1];
  if (k == 1 && m <= INT32_MAX && n <= INT32_MAX && inca > 0 && incb > 0 && inca <= INT32_MAX && incb <= INT32_MAX) {
    if (is_f32) cblas_sger(CblasRowMajor, int(m), int(n), 1.0f, a.data<float>(), int(inca), b.data<float>(), int(incb), c.data<float>(), int(n));
    else cblas_dger(CblasRowMajor, int(m), int(n), 1.0, a.data<double>(), int(inca), b.data<double>(), int(incb), c.data<double>(), int(n));
    return;
  }
  if (!va.ok || !vb.ok || m > INT32_MAX || n > INT32_MAX || k > INT32_MAX) {
    add_inplace(c, Operand(mm(a, b)), Scalar::from_int(1), false);
    return;
  }
  auto ta = va.trans ? CblasTrans : CblasNoTrans, tb = vb.trans ? CblasTrans : CblasNoTrans;
  if (is_f32)
    cblas_sgemm(CblasRowMajor, ta, tb, int(m), int(n), int(k), 1.0f, a.data<float>(), int(va.ld), b.data<float>(), int(vb.ld), 1.0f,
                c.data<float>(), int(n));
  else
    cblas_dgemm(CblasRowMajor, ta, tb, int(m), int(n), int(k), 1.0, a.data<double>(), int(va.ld), b.data<double>(), int(vb.ld), 1.0,
                c.data<double>(), int(n));
}

Tensor outer(const Tensor& a, const Tensor& b) {
  if (a.dim() != 1) runtime_error("outer: Expected 1-D argument self, but got {}-D", a.dim());
  if (b.dim() != 1) runtime_error("outer: Expected 1-D argument vec2, but got {}-D", b.dim());
  // self.reshape({n, 1}) * vec2: the usual type promotion of mul.
  return binary(BinaryOp::mul, Operand(unsqueeze(a, 1)), Operand(b));
}

namespace {
// aten's should_fold: t (>= 3-d) times a 1-d/2-d operand becomes one mm/mv
// over t's folded rows, except a 3-d t whose last two dims are transposed
// over a contiguous batch (that goes to bmm, each GEMM transposed).
bool should_fold(const Tensor& t, int other_dim) {
  if (t.dim() >= 3 && (other_dim == 1 || other_dim == 2)) {
    if (t.dim() == 3 && other_dim == 2 && t.strides[2] != 1 && t.strides[0] == t.sizes[1] * t.sizes[2]) return false;
    return true;
  }
  return false;
}
}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b, StoragePtr* into) {
  const int da = a.dim(), db = b.dim();
  if (da == 0 || db == 0)
    runtime_error("both arguments to matmul need to be at least 1D, but they are {}D and {}D", da, db);
  if (da == 1 && db == 1) return dot(a, b);
  if (da == 2 && db == 1) return mv_impl(a, b);
  if (da == 1 && db == 2) return drop_dim(mm_impl(unsqueeze(a, 0), b, into), 0);
  if (da == 2 && db == 2) return mm_impl(a, b, into);
  if (should_fold(a, db) || should_fold(b, da)) {
    // PyTorch: t1 = the >=3-d operand (b.mT when it is b), folded to
    // (rows, k); t2 the other (a.t() when b was the big one). The checks are
    // those of mm / mv on the folded shapes; the product itself runs batched
    // here, with the small operand broadcast, which gives the same numbers
    // without copying a non-foldable t1.
    const bool transpose = db > da;
    Tensor t1 = transpose ? transpose_last2(b) : a;
    Tensor t2 = transpose ? (da == 2 ? transpose_last2(a) : a) : b;
    int n1 = t1.dim();
    int64_t rows = 1;
    for (int d = 0; d < n1 - 1; ++d) rows *= t1.sizes[d];
    int64_t k1 = t1.sizes[n1 - 1];
    Shape batch;
    for (int d = 0; d < n1 - 2; ++d) batch.push_back(t1.sizes[d]);
    if (t2.dim() == 2) {
      int64_t k2 = t2.sizes[0], n = t2.sizes[1];
      if (k1 != k2) runtime_error("mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})", rows, k1, k2, n);
      if (!(rows == 0 || n == 0 || k1 == 0)) check_kernel_dtypes("addmm_impl_cpu_", t1.dtype, t2.dtype);
      // Result in t1's dtype, shape t1.sizes[:-1] + [n] (transposed back).
      // (The transposed case is a (m, k) broadcast against b (..., k, n).)
      return product(a, b, batch, t1.dtype, into);
    }
    // t2 is a vector: mv(t1 folded, t2), result of t2's dtype.
    if (k1 != t2.sizes[0]) runtime_error("size mismatch, got {}, {}x{},{}", rows, rows, k1, t2.sizes[0]);
    if (rows * k1 == 0) {
      Shape so = batch;
      so.push_back(t1.sizes[n1 - 2]);
      return zeros_result(so, t2.dtype, is_meta(t1) || is_meta(t2));
    }
    check_kernel_dtypes("addmv_impl_cpu", t1.dtype, t2.dtype);
    if (!transpose) return drop_dim(product(a, unsqueeze(b, 1), batch), n1 - 1);  // (..., m, k) @ (k) -> (..., m)
    return drop_dim(product(unsqueeze(a, 0), b, batch), n1 - 2);                   // (k) @ (..., k, n) -> (..., n)
  }
  // Batched: broadcast the batch dims, then bmm over their product.
  Tensor A = da == 1 ? unsqueeze(a, 0) : a;
  Tensor B = db == 1 ? unsqueeze(b, 1) : b;
  Shape ba, bb;
  for (int i = 0; i < A.dim() - 2; ++i) ba.push_back(A.sizes[i]);
  for (int i = 0; i < B.dim() - 2; ++i) bb.push_back(B.sizes[i]);
  Shape batch = broadcast_shapes(ba, bb);
  int64_t bs = batch.numel();
  int64_t m = A.sizes[A.dim() - 2], k = A.sizes[A.dim() - 1], k2 = B.sizes[B.dim() - 2], n = B.sizes[B.dim() - 1];
  bool empty_result;
  Tensor r = bmm_checks(bs, m, k, bs, k2, n, A.dtype, B.dtype, &empty_result, is_meta(A) || is_meta(B));
  if (!empty_result) r = product(A, B, batch, std::nullopt, into);
  else {
    Shape so = batch;
    so.push_back(m), so.push_back(n);
    r = make_view(r, so, contiguous_strides(so), r.offset);
  }
  if (da == 1) r = drop_dim(r, r.dim() - 2);
  if (db == 1) r = drop_dim(r, r.dim() - 1);
  return r;
}

}  // namespace kiln::torch
