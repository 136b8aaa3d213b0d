// stdlib/torch/reduce.cpp — reduction, scan, softmax and sort kernels (see
// reduce.h for the loop shapes and dtype rules).

#include "stdlib/torch/reduce.h"

#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <type_traits>
#include <vector>

#include "stdlib/torch/tensor_iter.h"
#include "stdlib/torch/vmath.h"

namespace kiln::torch {

namespace {

// ---------------------------------------------------------------- the plan
// Bit d set: dimension d of the input is reduced.
using Mask = uint32_t;

Mask reduce_mask(const Tensor& x, const DimList& dims) {
  int nd = x.dim();
  Mask all = nd ? Mask((1u << nd) - 1) : 0;
  if (!dims || dims->empty()) return all;
  Mask m = 0;
  for (int64_t d : *dims) {
    int w = wrap_dim(d, nd);
    if (m >> w & 1) runtime_error("dim {} appears multiple times in the list of dims", w);
    m |= Mask(1) << w;
  }
  return m & all;
}

Shape out_shape(const Tensor& x, Mask m, bool keepdim) {
  Shape s;
  for (int d = 0; d < x.dim(); ++d) {
    if (m >> d & 1) {
      if (keepdim) s.push_back(1);
    } else {
      s.push_back(x.sizes[d]);
    }
  }
  return s;
}

// The input split into kept dimensions (output order) and reduced ones,
// size-1 dimensions dropped and back-to-back dimensions merged. Reduced
// dimensions are ordered by decreasing stride (their order does not matter
// to value reductions), so the last one is the most local.
struct Plan {
  Shape kept_sizes, kept_strides;
  Shape red_sizes, red_strides;
  int64_t out_numel = 1, red_numel = 1;
};

void merge_dims(Shape& sizes, Shape& strides) {
  if (sizes.empty()) return;
  Shape ms, mst;
  ms.push_back(sizes[0]);
  mst.push_back(strides[0]);
  for (int d = 1; d < sizes.size(); ++d) {
    int k = ms.size() - 1;
    if (mst[k] == strides[d] * sizes[d]) {
      ms[k] *= sizes[d];
      mst[k] = strides[d];
    } else {
      ms.push_back(sizes[d]);
      mst.push_back(strides[d]);
    }
  }
  sizes = ms;
  strides = mst;
}

Plan make_plan(const Tensor& x, Mask m) {
  Plan p;
  struct D { int64_t size, stride; };
  std::vector<D> red;
  for (int d = 0; d < x.dim(); ++d) {
    int64_t s = x.sizes[d];
    if (m >> d & 1) {
      p.red_numel *= s;
      if (s != 1) red.push_back({s, x.strides[d]});
    } else {
      p.out_numel *= s;
      if (s != 1) {
        p.kept_sizes.push_back(s);
        p.kept_strides.push_back(x.strides[d]);
      }
    }
  }
  std::stable_sort(red.begin(), red.end(), [](const D& a, const D& b) { return std::abs(a.stride) > std::abs(b.stride); });
  for (const D& d : red) {
    p.red_sizes.push_back(d.size);
    p.red_strides.push_back(d.stride);
  }
  merge_dims(p.kept_sizes, p.kept_strides);
  merge_dims(p.red_sizes, p.red_strides);
  return p;
}

// Offsets (in elements) of an odometer over sizes/strides.
// Over the first `nd` dimensions only when nd is given.
struct Odometer {
  const int64_t* sizes;
  const int64_t* strides;
  int nd;
  int64_t idx[kMaxDims] = {};
  int64_t off = 0;
  Odometer(const Shape& s, const Shape& st) : sizes(s.v), strides(st.v), nd(s.size()) {}
  Odometer(const Shape& s, const Shape& st, int n) : sizes(s.v), strides(st.v), nd(n) {}
  void seek(int64_t linear) {
    off = 0;
    for (int d = nd - 1; d >= 0; --d) {
      idx[d] = linear % sizes[d];
      linear /= sizes[d];
      off += idx[d] * strides[d];
    }
  }
  void next() {
    for (int d = nd - 1; d >= 0; --d) {
      off += strides[d];
      if (++idx[d] < sizes[d]) return;
      off -= strides[d] * sizes[d];
      idx[d] = 0;
    }
  }
};

int num_threads() { return std::max(1, tbb::this_task_arena::max_concurrency()); }

// ---------------------------------------------------------------- ops
// An op folds input elements of type T into an accumulator: id(), step(acc,
// x), comb(acc, acc). Lanes of accumulators make the contiguous fold
// vectorise.
template <class T, class A> struct SumOp {
  using acc_t = A;
  A id() const { return A(0); }
  A step(A a, T x) const { return a + A(x); }
  A comb(A a, A b) const { return a + b; }
};
template <class T, class A> struct ProdOp {
  using acc_t = A;
  A id() const { return A(1); }
  A step(A a, T x) const { return a * A(x); }
  A comb(A a, A b) const { return a * b; }
};
// NaN wins: once the accumulator is NaN it stays NaN.
template <class T> struct MaxOp {
  using acc_t = T;
  T id() const {
    if constexpr (std::is_floating_point_v<T>) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
  T step(T a, T x) const { return (x > a || x != x) ? x : a; }
  T comb(T a, T b) const { return step(a, b); }
};
template <class T> struct MinOp {
  using acc_t = T;
  T id() const {
    if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  }
  T step(T a, T x) const { return (x < a || x != x) ? x : a; }
  T comb(T a, T b) const { return step(a, b); }
};
template <class T> struct AllOp {
  using acc_t = uint8_t;
  uint8_t id() const { return 1; }
  uint8_t step(uint8_t a, T x) const { return a & uint8_t(x != T(0)); }
  uint8_t comb(uint8_t a, uint8_t b) const { return a & b; }
};
template <class T> struct AnyOp {
  using acc_t = uint8_t;
  uint8_t id() const { return 0; }
  uint8_t step(uint8_t a, T x) const { return a | uint8_t(x != T(0)); }
  uint8_t comb(uint8_t a, uint8_t b) const { return a | b; }
};
template <class T> struct CountOp {
  using acc_t = int64_t;
  int64_t id() const { return 0; }
  int64_t step(int64_t a, T x) const { return a + int64_t(x != T(0)); }
  int64_t comb(int64_t a, int64_t b) const { return a + b; }
};
// Norms: sum |x|^p for p = 1, 2, general; max/min |x| for +-inf.
enum class NormKind { Zero, One, Two, Inf, NegInf, General };
template <class T, NormKind K> struct NormOp {
  using acc_t = double;
  double p = 2;
  double id() const { return K == NormKind::NegInf ? std::numeric_limits<double>::infinity() : 0.0; }
  double step(double a, T x) const {
    double v = std::fabs(double(x));
    if constexpr (K == NormKind::Zero) return a + double(v != 0);
    else if constexpr (K == NormKind::One) return a + v;
    else if constexpr (K == NormKind::Two) return a + v * v;
    else if constexpr (K == NormKind::Inf) return (v > a || v != v) ? v : a;
    else if constexpr (K == NormKind::NegInf) return (v < a || v != v) ? v : a;
    else return a + std::pow(v, p);
  }
  double comb(double a, double b) const {
    if constexpr (K == NormKind::Inf) return (b > a || b != b) ? b : a;
    else if constexpr (K == NormKind::NegInf) return (b < a || b != b) ? b : a;
    else return a + b;
  }
};
// Welford's running mean and sum of squared deviations (Chan's combine).
struct Welford {
  double mean = 0, m2 = 0;
  int64_t n = 0;
};
template <class T> struct WelfordOp {
  using acc_t = Welford;
  Welford id() const { return {}; }
  Welford step(Welford a, T x) const {
    double v = double(x);
    a.n += 1;
    double delta = v - a.mean;
    a.mean += delta / double(a.n);
    a.m2 += delta * (v - a.mean);
    return a;
  }
  Welford comb(Welford a, Welford b) const {
    if (a.n == 0) return b;
    if (b.n == 0) return a;
    Welford r;
    r.n = a.n + b.n;
    double delta = b.mean - a.mean;
    double fb = double(b.n) / double(r.n);
    r.mean = a.mean + delta * fb;
    r.m2 = a.m2 + b.m2 + delta * delta * double(a.n) * fb;
    return r;
  }
};

// The second pass of var/std over one output: the sum of squared
// deviations from a mean found by a first pass (PyTorch's std_var_all_cpu).
template <class T> struct SqDevOp {
  using acc_t = double;
  double mean = 0;
  double id() const { return 0; }
  double step(double a, T x) const {
    double d = double(x) - mean;
    return a + d * d;
  }
  double comb(double a, double b) const { return a + b; }
};

// ---------------------------------------------------------------- folds
constexpr int kLanes = 16;
// Elements per chunk when one output's reduction is split across threads.
constexpr int64_t kChunk = 1 << 16;

// Hand-vectorised folds of contiguous float runs (GCC vector extensions),
// compiled for x86-64-v3 (AVX2 + FMA) and for the baseline and picked at
// load time.
template <class T> struct VecOf;
template <> struct VecOf<float> { typedef float type __attribute__((vector_size(32))); };
template <> struct VecOf<double> { typedef double type __attribute__((vector_size(32))); };

// Sum: float lanes over blocks of 1024 elements, blocks added in double.
template <class T>
inline double sum_vec_impl(const T* __restrict p, int64_t n) {
  using V = typename VecOf<T>::type;
  constexpr int W = sizeof(V) / sizeof(T);
  constexpr int64_t kBlock = 1024;
  double total = 0;
  int64_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    V a0 = {}, a1 = {}, a2 = {}, a3 = {};
    for (int64_t k = i; k < i + kBlock; k += 4 * W) {
      V x0, x1, x2, x3;
      __builtin_memcpy(&x0, p + k, sizeof(V));
      __builtin_memcpy(&x1, p + k + W, sizeof(V));
      __builtin_memcpy(&x2, p + k + 2 * W, sizeof(V));
      __builtin_memcpy(&x3, p + k + 3 * W, sizeof(V));
      a0 += x0;
      a1 += x1;
      a2 += x2;
      a3 += x3;
    }
    V a = (a0 + a1) + (a2 + a3);
    double b = 0;
    for (int l = 0; l < W; ++l) b += double(a[l]);
    total += b;
  }
  if (n < 4 * W) {  // short runs: PyTorch's scalar loop, in T
    T t = 0;
    for (; i < n; ++i) t += p[i];
    return double(t);
  }
  double t = 0;
  for (; i < n; ++i) t += double(p[i]);
  return total + t;
}
// Max (IsMax) or min; NaN anywhere gives NaN (x - x flags NaN and inf; a
// flagged run is rescanned by the scalar loop).
template <class T, bool IsMax>
inline T extreme_vec_impl(const T* __restrict p, int64_t n) {
  using V = typename VecOf<T>::type;
  constexpr int W = sizeof(V) / sizeof(T);
  T init = IsMax ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
  V m0, m1, c0 = {}, c1 = {};
  for (int l = 0; l < W; ++l) m0[l] = m1[l] = init;
  int64_t i = 0;
  for (; i + 2 * W <= n; i += 2 * W) {
    V x0, x1;
    __builtin_memcpy(&x0, p + i, sizeof(V));
    __builtin_memcpy(&x1, p + i + W, sizeof(V));
    if constexpr (IsMax) {
      m0 = x0 > m0 ? x0 : m0;
      m1 = x1 > m1 ? x1 : m1;
    } else {
      m0 = x0 < m0 ? x0 : m0;
      m1 = x1 < m1 ? x1 : m1;
    }
    c0 += x0 - x0;
    c1 += x1 - x1;
  }
  V c = c0 + c1;
  T r = init;
  for (int l = 0; l < W; ++l) {
    if (c[l] != c[l]) {
      // A NaN or an infinity: the scalar loop decides.
      r = init;
      for (int64_t k = 0; k < n; ++k) {
        T x = p[k];
        if (x != x) return x;
        r = IsMax ? (x > r ? x : r) : (x < r ? x : r);
      }
      return r;
    }
    r = IsMax ? (m0[l] > r ? m0[l] : r) : (m0[l] < r ? m0[l] : r);
    r = IsMax ? (m1[l] > r ? m1[l] : r) : (m1[l] < r ? m1[l] : r);
  }
  for (; i < n; ++i) {
    T x = p[i];
    if (x != x) return x;
    r = IsMax ? (x > r ? x : r) : (x < r ? x : r);
  }
  return r;
}

// Sum of (x - mean)^2 in double: four lanes of four doubles; the tail and
// short runs in index order.
template <class T>
inline double sqdev_vec_impl(const T* __restrict p, int64_t n, double mean) {
  using V = VecOf<double>::type;
  V a0 = {}, a1 = {}, a2 = {}, a3 = {};
  int64_t i = 0;
  auto load = [&](V& x, int64_t k) {  // x by reference: no vector-return ABI
    if constexpr (std::is_same_v<T, float>) {
      typedef float F4 __attribute__((vector_size(16)));
      F4 f;
      __builtin_memcpy(&f, p + k, sizeof(F4));
      x = __builtin_convertvector(f, V);
    } else {
      __builtin_memcpy(&x, p + k, sizeof(V));
    }
    x -= mean;
  };
  for (; i + 16 <= n; i += 16) {
    V d0, d1, d2, d3;
    load(d0, i);
    load(d1, i + 4);
    load(d2, i + 8);
    load(d3, i + 12);
    a0 += d0 * d0;
    a1 += d1 * d1;
    a2 += d2 * d2;
    a3 += d3 * d3;
  }
  V a = (a0 + a1) + (a2 + a3);
  double t = (a[0] + a[1]) + (a[2] + a[3]);
  for (; i < n; ++i) {
    double d = double(p[i]) - mean;
    t += d * d;
  }
  return t;
}

#define KILN_VEC_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
KILN_VEC_CLONES double sum_vec(const float* p, int64_t n) { return sum_vec_impl(p, n); }
KILN_VEC_CLONES double sum_vec(const double* p, int64_t n) { return sum_vec_impl(p, n); }
KILN_VEC_CLONES float max_vec(const float* p, int64_t n) { return extreme_vec_impl<float, true>(p, n); }
KILN_VEC_CLONES double max_vec(const double* p, int64_t n) { return extreme_vec_impl<double, true>(p, n); }
KILN_VEC_CLONES float min_vec(const float* p, int64_t n) { return extreme_vec_impl<float, false>(p, n); }
KILN_VEC_CLONES double min_vec(const double* p, int64_t n) { return extreme_vec_impl<double, false>(p, n); }
KILN_VEC_CLONES double sqdev_vec(const float* p, int64_t n, double mean) { return sqdev_vec_impl(p, n, mean); }
KILN_VEC_CLONES double sqdev_vec(const double* p, int64_t n, double mean) { return sqdev_vec_impl(p, n, mean); }
// exp(p[i] - mx) of a contiguous float line (softmax), vectorised: vmath.h.
KILN_VEC_CLONES void exp_shifted(float* __restrict o, const float* __restrict p, int64_t n, float mx) {
  for (int64_t i = 0; i < n; ++i) o[i] = vmath::exp(float(p[i] - mx));
}


template <class Op, class T>
typename Op::acc_t fold_contig(const Op& op, const T* __restrict p, int64_t n) {
  using A = typename Op::acc_t;
  if constexpr (std::is_floating_point_v<T>) {
    if constexpr (std::is_same_v<Op, SumOp<T, double>>) return sum_vec(p, n);
    if constexpr (std::is_same_v<Op, MaxOp<T>>) return max_vec(p, n);
    if constexpr (std::is_same_v<Op, MinOp<T>>) return min_vec(p, n);
    if constexpr (std::is_same_v<Op, SqDevOp<T>>) return sqdev_vec(p, n, op.mean);
  }
  int64_t i = 0;
  A r = op.id();
  if (n >= kLanes) {
    A lanes[kLanes];
    for (int l = 0; l < kLanes; ++l) lanes[l] = op.id();
    for (; i + kLanes <= n; i += kLanes)
      for (int l = 0; l < kLanes; ++l) lanes[l] = op.step(lanes[l], p[i + l]);
    for (int w = kLanes / 2; w >= 1; w /= 2)
      for (int l = 0; l < w; ++l) lanes[l] = op.comb(lanes[l], lanes[l + w]);
    r = lanes[0];
  }
  for (; i < n; ++i) r = op.step(r, p[i]);
  return r;
}

template <class Op, class T>
typename Op::acc_t fold_strided(const Op& op, const T* p, int64_t n, int64_t stride) {
  if (stride == 1) return fold_contig(op, p, n);
  auto r = op.id();
  for (int64_t i = 0; i < n; ++i) r = op.step(r, p[i * stride]);
  return r;
}

// Folds the reduced elements of the output whose input offset is `base`,
// rows [r0, r1) of the reduced set (a row: the last reduced dimension).
template <class Op, class T>
typename Op::acc_t fold_rows(const Op& op, const Plan& pl, const T* base, int64_t r0, int64_t r1) {
  auto acc = op.id();
  int nr = pl.red_sizes.size();
  if (nr == 0) return r1 > r0 ? op.step(acc, *base) : acc;
  int64_t L = pl.red_sizes[nr - 1], Ls = pl.red_strides[nr - 1];
  Odometer od(pl.red_sizes, pl.red_strides, nr - 1);
  od.seek(r0);
  for (int64_t r = r0; r < r1; ++r) {
    acc = op.comb(acc, fold_strided(op, base + od.off, L, Ls));
    od.next();
  }
  return acc;
}

// One output's whole reduction, split into fixed chunks across threads when
// large; partials are combined in chunk order so the result does not depend
// on the thread count.
template <class Op, class T>
typename Op::acc_t fold_one_parallel(const Op& op, const Plan& pl, const T* base) {
  using A = typename Op::acc_t;
  int nr = pl.red_sizes.size();
  int64_t L = pl.red_sizes[nr - 1], Ls = pl.red_strides[nr - 1];
  int64_t rows = pl.red_numel / L;
  if (L >= kChunk) {
    // Chunks within rows.
    int64_t per_row = (L + kChunk - 1) / kChunk;
    std::vector<A> part(size_t(rows * per_row), op.id());
    parallel_range(rows * per_row, 1, [&](int64_t b, int64_t e) {
      Odometer od(pl.red_sizes, pl.red_strides, nr - 1);
      for (int64_t c = b; c < e; ++c) {
        int64_t row = c / per_row, piece = c % per_row;
        od.seek(row);
        int64_t s = piece * kChunk, n = std::min(kChunk, L - s);
        part[size_t(c)] = fold_strided(op, base + od.off + s * Ls, n, Ls);
      }
    });
    A acc = op.id();
    for (const A& a : part) acc = op.comb(acc, a);
    return acc;
  }
  int64_t rows_per = std::max<int64_t>(1, kChunk / L);
  int64_t nchunks = (rows + rows_per - 1) / rows_per;
  std::vector<A> part(size_t(nchunks), op.id());
  parallel_range(nchunks, 1, [&](int64_t b, int64_t e) {
    for (int64_t c = b; c < e; ++c)
      part[size_t(c)] = fold_rows(op, pl, base, c * rows_per, std::min(rows, (c + 1) * rows_per));
  });
  A acc = op.id();
  for (const A& a : part) acc = op.comb(acc, a);
  return acc;
}

// Runs the reduction: out[o] = fin(fold of output o's elements); out is
// contiguous in output order.
template <class Op, class T, class Out, class Fin>
void run_reduce(const Op& op, const Tensor& x, const Plan& pl, Out* out, Fin fin) {
  using A = typename Op::acc_t;
  const T* base = x.data<T>();
  const int64_t nout = pl.out_numel;
  if (nout == 0) return;
  if (pl.red_numel == 0) {
    A id = op.id();
    for (int64_t o = 0; o < nout; ++o) out[o] = fin(id);
    return;
  }
  const int nk = pl.kept_sizes.size(), nr = pl.red_sizes.size();
  const int64_t total = nout * pl.red_numel;
  const bool inner = nr > 0 && pl.red_strides[nr - 1] == 1;
  const bool outer = !inner && nk > 0 && pl.kept_strides[nk - 1] == 1 && nr > 0;

  if (outer) {
    // Outputs along the contiguous kept dimension accumulate row by row.
    const int64_t K = pl.kept_sizes[nk - 1];
    const int64_t kouter = nout / K;
    int64_t B = K / (4 * num_threads());
    B = std::clamp<int64_t>(B - B % 16, 64, 1024);
    B = std::min(B, K);
    const int64_t nblk = (K + B - 1) / B;
    int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, B * pl.red_numel));
    if (total < 2 * kParallelGrain) grain = kouter * nblk;
    parallel_range(kouter * nblk, grain, [&](int64_t u0, int64_t u1) {
      std::unique_ptr<A[]> acc(new A[size_t(B)]);
      Odometer ko(pl.kept_sizes, pl.kept_strides, nk - 1);
      for (int64_t u = u0; u < u1; ++u) {
        int64_t ko_i = u / nblk, blk = u % nblk;
        ko.seek(ko_i);
        int64_t j0 = blk * B, n = std::min(B, K - j0);
        const T* p = base + ko.off + j0;
        A* __restrict a = acc.get();
        for (int64_t j = 0; j < n; ++j) a[j] = op.id();
        Odometer ro(pl.red_sizes, pl.red_strides);
        if constexpr (std::is_same_v<Op, SumOp<T, double>> && std::is_same_v<T, float>) {
          // PyTorch adds float rows in float; blocks of 64 rows then go to
          // double, so long reductions stay accurate.
          // (col_fold_row's arithmetic, the definition compiled kernels share.)
          float blk[1024];
          col_fold_start(RowFold::Sum, a, blk, n);
          for (int64_t r = 0; r < pl.red_numel; ++r) {
            col_fold_row(RowFold::Sum, a, blk, p + ro.off, n, r, pl.red_numel);
            ro.next();
          }
        } else {
          for (int64_t r = 0; r < pl.red_numel; ++r) {
            const T* __restrict q = p + ro.off;
            for (int64_t j = 0; j < n; ++j) a[j] = op.step(a[j], q[j]);
            ro.next();
          }
        }
        Out* o = out + ko_i * K + j0;
        for (int64_t j = 0; j < n; ++j) o[j] = fin(a[j]);
      }
    });
    return;
  }

  if (nr > 0 && row_fold_chunked(pl.red_numel, nout)) {
    // Few outputs, long reductions: parallel inside each output.
    Odometer ko(pl.kept_sizes, pl.kept_strides);
    for (int64_t o = 0; o < nout; ++o) {
      out[o] = fin(fold_one_parallel(op, pl, base + ko.off));
      ko.next();
    }
    return;
  }

  int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, pl.red_numel));
  if (total < 2 * kParallelGrain) grain = nout;
  const int64_t rows = nr > 0 ? pl.red_numel / pl.red_sizes[nr - 1] : 1;
  parallel_range(nout, grain, [&](int64_t o0, int64_t o1) {
    Odometer ko(pl.kept_sizes, pl.kept_strides);
    ko.seek(o0);
    for (int64_t o = o0; o < o1; ++o) {
      out[o] = fin(fold_rows(op, pl, base + ko.off, 0, rows));
      ko.next();
    }
  });
}

DType sum_dtype(DType in, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return is_floating(in) ? in : DType::Int64;
}

// Sum-like reductions (sum, mean, prod): x converted to `dt`, accumulated
// in double (floats) or int64 (bool and integers).
template <template <class, class> class OpT, bool IsSum = true>
Tensor sum_like(const Tensor& x0, Mask m, bool keepdim, DType dt, bool divide) {
  Tensor x = to_dtype(x0, dt);
  Tensor out = empty(out_shape(x, m, keepdim), dt);
  Plan pl = make_plan(x, m);
  double n = double(pl.red_numel);
  dispatch_dtype(dt, [&](auto z) {
    using T = decltype(z);
    // Sums accumulate floats in double (the vector folds add float lanes in
    // blocks), products in their own type, as PyTorch does.
    using A = std::conditional_t<std::is_floating_point_v<T>, std::conditional_t<IsSum, double, T>, int64_t>;
    OpT<T, A> op;
    if constexpr (std::is_floating_point_v<T>) {
      if (divide) run_reduce<OpT<T, A>, T>(op, x, pl, out.data<T>(), [n](A a) { return T(a / n); });
      else run_reduce<OpT<T, A>, T>(op, x, pl, out.data<T>(), [](A a) { return T(a); });
    } else {
      run_reduce<OpT<T, A>, T>(op, x, pl, out.data<T>(), [](A a) { return T(a); });
    }
  });
  return out;
}

// Index of the extreme value along one dim (first occurrence; NaN wins).
template <class T, bool IsMax> inline bool better(T x, T best) {
  if constexpr (std::is_floating_point_v<T>) {
    if (best != best) return false;
    if (x != x) return true;
  }
  return IsMax ? x > best : x < best;
}

// The extreme value of a run and its first index (NaN wins). Contiguous
// float runs find the value with the vector fold, then its first position.
template <class T, bool IsMax>
std::pair<T, int64_t> arg_fold(const T* p, int64_t n, int64_t stride) {
  if constexpr (std::is_floating_point_v<T>) {
    if (stride == 1) {
      T m = IsMax ? max_vec(p, n) : min_vec(p, n);
      if (m != m) {
        for (int64_t i = 0; i < n; ++i)
          if (p[i] != p[i]) return {p[i], i};
      }
      for (int64_t i = 0; i < n; ++i)
        if (p[i] == m) return {m, i};
      return {m, 0};  // not reached
    }
  }
  T best = p[0];
  int64_t bi = 0;
  for (int64_t i = 1; i < n; ++i) {
    T v = p[i * stride];
    if (better<T, IsMax>(v, best)) {
      best = v;
      bi = i;
    }
  }
  return {best, bi};
}

// Reduces dim d of x; writes values (if vals) and indices.
template <bool IsMax>
void arg_reduce(const Tensor& x, int d, Tensor* vals, Tensor& idx) {
  Shape ks, kst;
  for (int i = 0; i < x.dim(); ++i)
    if (i != d) {
      ks.push_back(x.sizes[i]);
      kst.push_back(x.strides[i]);
    }
  int64_t L = x.dim() ? x.sizes[d] : 1, Ls = x.dim() ? x.strides[d] : 0;
  int64_t nout = ks.numel();
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    const T* base = x.data<T>();
    T* vo = vals ? vals->data<T>() : nullptr;
    int64_t* io = idx.data<int64_t>();
    if (nout == 1 && L >= 4 * kChunk) {
      // One long run: fixed chunks across threads, combined in order.
      int64_t nch = (L + kChunk - 1) / kChunk;
      std::vector<std::pair<T, int64_t>> part(static_cast<size_t>(nch));
      parallel_range(nch, 1, [&](int64_t b, int64_t e) {
        for (int64_t c = b; c < e; ++c) {
          int64_t s = c * kChunk, n = std::min(kChunk, L - s);
          auto r = arg_fold<T, IsMax>(base + s * Ls, n, Ls);
          part[size_t(c)] = {r.first, r.second + s};
        }
      });
      auto best = part[0];
      for (size_t c = 1; c < part.size(); ++c)
        if (better<T, IsMax>(part[c].first, best.first)) best = part[c];
      if (vo) vo[0] = best.first;
      io[0] = best.second;
      return;
    }
    int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, L));
    parallel_range(nout, grain, [&](int64_t o0, int64_t o1) {
      Odometer ko(ks, kst);
      ko.seek(o0);
      for (int64_t o = o0; o < o1; ++o) {
        auto r = arg_fold<T, IsMax>(base + ko.off, L, Ls);
        if (vo) vo[o] = r.first;
        io[o] = r.second;
        ko.next();
      }
    });
  });
}

Shape shape_without(const Tensor& x, int d, bool keepdim) {
  Shape s;
  for (int i = 0; i < x.dim(); ++i) {
    if (i == d) {
      if (keepdim) s.push_back(1);
    } else {
      s.push_back(x.sizes[i]);
    }
  }
  return s;
}

// max(dim)/min(dim)'s checks and result sizes.
Shape minmax_layout(const Tensor& x, int64_t dim, bool keepdim, const char* name, int* d_out) {
  int d = wrap_dim(dim, x.dim());
  if (x.dim() > 0 && x.sizes[d] == 0)
    index_error("{}(): Expected reduction dim {} to have non-zero size.", name, d);
  *d_out = d;
  return shape_without(x, d, keepdim);
}

template <bool IsMax>
std::pair<Tensor, Tensor> minmax_dim(const Tensor& x, int64_t dim, bool keepdim, const char* name) {
  int d;
  Shape s = minmax_layout(x, dim, keepdim, name, &d);
  Tensor vals = empty(s, x.dtype), idx = empty(s, DType::Int64);
  if (x.numel() > 0) arg_reduce<IsMax>(x, d, &vals, idx);
  return {vals, idx};
}

// argmax/argmin's checks and result sizes.
Shape arg_layout(const Tensor& x0, std::optional<int64_t> dim, bool keepdim, const char* name) {
  if (x0.dtype == DType::Bool) runtime_error("\"{}_cpu\" not implemented for 'Bool'", name);
  if (!dim) {
    if (x0.numel() == 0) index_error("{}(): Expected reduction dim to be specified for input.numel() == 0.", name);
    Shape s;
    if (keepdim)
      for (int i = 0; i < x0.dim(); ++i) s.push_back(1);
    return s;
  }
  int d = wrap_dim(*dim, x0.dim());
  if (x0.dim() > 0 && x0.sizes[d] == 0) index_error("{}(): Expected reduction dim {} to have non-zero size.", name, d);
  return shape_without(x0, d, keepdim);
}

template <bool IsMax>
Tensor arg_any(const Tensor& x0, std::optional<int64_t> dim, bool keepdim, const char* name) {
  arg_layout(x0, dim, keepdim, name);
  if (!dim) {
    Tensor x = contiguous(x0);
    Tensor flat = make_view(x, Shape{x.numel()}, Shape{1}, x.offset);
    Shape s;
    if (keepdim)
      for (int i = 0; i < x.dim(); ++i) s.push_back(1);
    Tensor idx = empty(s, DType::Int64);
    arg_reduce<IsMax>(flat, 0, nullptr, idx);
    return idx;
  }
  int d = wrap_dim(*dim, x0.dim());
  if (x0.dim() > 0 && x0.sizes[d] == 0) index_error("{}(): Expected reduction dim {} to have non-zero size.", name, d);
  Tensor idx = empty(shape_without(x0, d, keepdim), DType::Int64);
  if (x0.numel() > 0) arg_reduce<IsMax>(x0, d, nullptr, idx);
  return idx;
}

void check_nonempty_dims(const Tensor& x, const DimList& dims, Mask m, const char* name) {
  if (x.numel() != 0) return;
  if (!dims || dims->empty())
    runtime_error("{}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.", name);
  for (int d = 0; d < x.dim(); ++d)
    if ((m >> d & 1) && x.sizes[d] == 0) index_error("{}(): Expected reduction dim {} to have non-zero size.", name, d);
}

template <bool IsMax>
Tensor amax_like(const Tensor& x, const DimList& dims, bool keepdim, const char* name) {
  Mask m = reduce_mask(x, dims);
  check_nonempty_dims(x, dims, m, name);
  Tensor out = empty(out_shape(x, m, keepdim), x.dtype);
  Plan pl = make_plan(x, m);
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    auto fin = [](T a) { return a; };
    if constexpr (IsMax) run_reduce<MaxOp<T>, T>(MaxOp<T>{}, x, pl, out.data<T>(), fin);
    else run_reduce<MinOp<T>, T>(MinOp<T>{}, x, pl, out.data<T>(), fin);
  });
  return out;
}

void require_floating(const Tensor& x, const char* msg) {
  if (!is_floating(x.dtype)) runtime_error("{}", msg);
}

template <bool All>
Tensor all_any(const Tensor& x, std::optional<int64_t> dim, bool keepdim) {
  DimList dl;
  if (dim) dl = Shape{*dim};
  Mask m = reduce_mask(x, dl);
  Tensor out = empty(out_shape(x, m, keepdim), DType::Bool);
  Plan pl = make_plan(x, m);
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    auto fin = [](uint8_t a) { return bool(a); };
    if constexpr (All) run_reduce<AllOp<T>, T>(AllOp<T>{}, x, pl, out.data<bool>(), fin);
    else run_reduce<AnyOp<T>, T>(AnyOp<T>{}, x, pl, out.data<bool>(), fin);
  });
  return out;
}

// A contiguous tensor viewed with another shape (same numel).
Tensor reshape_contig(const Tensor& t, const Shape& s) { return make_view(t, s, contiguous_strides(s), t.offset); }

// ---------------------------------------------------------------- lines along one dim
// Calls f(in_ptr, in_stride, out_ptr, out_stride, n) for every line of x
// along dim d; `out` has x's shape (contiguous).
template <class T, class O, class F>
void for_each_line(const Tensor& x, const Tensor& out, int d, F f) {
  Shape ks, kst, kso;
  for (int i = 0; i < x.dim(); ++i)
    if (i != d) {
      ks.push_back(x.sizes[i]);
      kst.push_back(x.strides[i]);
      kso.push_back(out.strides[i]);
    }
  int64_t L = x.dim() ? x.sizes[d] : 1;
  int64_t Ls = x.dim() ? x.strides[d] : 1, Lo = out.dim() ? out.strides[d] : 1;
  int64_t nlines = ks.numel();
  if (L == 0 || nlines == 0) return;
  const T* base = x.data<T>();
  O* obase = out.data<O>();
  int64_t grain = std::max<int64_t>(1, kParallelGrain / L);
  parallel_range(nlines, grain, [&](int64_t l0, int64_t l1) {
    Odometer ki(ks, kst), ko(ks, kso);
    ki.seek(l0);
    ko.seek(l0);
    for (int64_t l = l0; l < l1; ++l) {
      f(base + ki.off, Ls, obase + ko.off, Lo, L);
      ki.next();
      ko.next();
    }
  });
}

template <bool Sum>
Tensor scan(const Tensor& x0, int64_t dim, std::optional<DType> dtype) {
  int d = wrap_dim(dim, x0.dim());
  DType dt = sum_dtype(x0.dtype, dtype);
  Tensor x = to_dtype(x0, dt);
  Tensor out = empty(x.sizes, dt);
  dispatch_dtype(dt, [&](auto z) {
    using T = decltype(z);
    // Floats accumulate in double, as PyTorch's CPU scan does.
    using A = std::conditional_t<std::is_floating_point_v<T>, double, int64_t>;
    for_each_line<T, T>(x, out, d, [](const T* p, int64_t ps, T* o, int64_t os, int64_t n) {
      A acc = Sum ? A(0) : A(1);
      for (int64_t i = 0; i < n; ++i) {
        if constexpr (Sum) acc += A(p[i * ps]);
        else acc *= A(p[i * ps]);
        o[i * os] = T(acc);
      }
    });
  });
  return out;
}

// softmax's checks; its result dtype.
DType softmax_dtype(const Tensor& x0, int64_t dim, std::optional<DType> dtype, bool log) {
  const char* kname = log ? "log_softmax" : "softmax";
  int d = wrap_dim(dim, x0.dim());
  DType dt = dtype ? *dtype : x0.dtype;
  if (!is_floating(dt)) {
    bool last = x0.dim() == 0 || d == x0.dim() - 1;
    runtime_error("\"{}_{}kernel_impl\" not implemented for '{}'", kname, last ? "lastdim_" : "", dtype_short_name(dt));
  }
  return dt;
}

template <bool Log>
Tensor softmax_impl(const Tensor& x0, int64_t dim, std::optional<DType> dtype) {
  softmax_dtype(x0, dim, dtype, Log);
  int d = wrap_dim(dim, x0.dim());
  Tensor x = dtype ? to_dtype(x0, *dtype) : x0;
  Tensor out = empty(x.sizes, x.dtype);
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    if constexpr (std::is_floating_point_v<T>) {
      // In T throughout, in PyTorch's order of operations (its printed
      // digits depend on it): log_softmax = (x - max) - log(sum exp(x - max)),
      // softmax = exp(x - max) * (1 / sum).
      // (other dims divide by the sum instead).
      const bool last = x.dim() == 0 || d == x.dim() - 1;
      // Float32 exps are vmath.h's (as torch.exp's); a contiguous line
      // finds its max and its exps with the vectorised kernels.
      for_each_line<T, T>(x, out, d, [last](const T* p, int64_t ps, T* o, int64_t os, int64_t n) {
        bool flat = false;
        T mx = p[0];
        if constexpr (std::is_same_v<T, float>) {
          if (ps == 1 && os == 1) {
            flat = true;
            mx = max_vec(p, n);
            exp_shifted(o, p, n, mx);
          }
        }
        if (!flat)
          for (int64_t i = 1; i < n; ++i) mx = MaxOp<T>{}.step(mx, p[i * ps]);
        T s = 0;
        // A strided float line's exps: the line copied out, then the
        // vectorised kernel (the same bits as vmath::exp one at a time,
        // whose FMAs are libm calls in code compiled for baseline x86-64).
        const T* ex = nullptr;
        if constexpr (std::is_same_v<T, float>) {
          if (!flat) {
            thread_local std::vector<float> line, exps;
            line.resize(size_t(n));
            exps.resize(size_t(n));
            for (int64_t i = 0; i < n; ++i) line[size_t(i)] = p[i * ps];
            exp_shifted(exps.data(), line.data(), n, mx);
            ex = exps.data();
          }
        }
        auto exp_at = [&](int64_t i) { return ex ? ex[i] : vmath::exp(T(p[i * ps] - mx)); };
        // A contiguous line sums its exps with the vectorised fold (lanes,
        // in double; PyTorch sums 8 float lanes): the last bit may differ
        // from PyTorch's, the printed digits do not.
        if constexpr (Log) {
          if (flat) {
            s = T(sum_vec(o, n));
          } else {
            for (int64_t i = 0; i < n; ++i) s += exp_at(i);
          }
          T ls = vmath::log(s);  // torch.log's float32 log: a fused log_softmax computes the same
          for (int64_t i = 0; i < n; ++i) o[i * os] = T(p[i * ps] - mx) - ls;
        } else {
          if (flat) {
            s = T(sum_vec(o, n));
          } else {
            for (int64_t i = 0; i < n; ++i) {
              T e = exp_at(i);
              o[i * os] = e;
              s += e;
            }
          }
          if (last) {
            T inv = T(1) / s;
            for (int64_t i = 0; i < n; ++i) o[i * os] *= inv;
          } else {
            for (int64_t i = 0; i < n; ++i) o[i * os] /= s;
          }
        }
      });
    }
  });
  return out;
}

// NaN sorts above everything (PyTorch's order).
template <class T> inline bool less_nan(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (b != b) return a == a;
    if (a != a) return false;
  }
  return a < b;
}

// Sorts each line along d; keeps the first k of each (k = line length for sort).
std::pair<Tensor, Tensor> sort_lines(const Tensor& x, int d, bool descending, int64_t k) {
  Shape s = x.sizes;
  if (x.dim() > 0) s[d] = k;  // (with_size)
  else k = 1;                 // a 0-dim tensor is its own line: topk(x, 0) is x, as in PyTorch
  Tensor vals = empty(s, x.dtype), idx = empty(s, DType::Int64);
  Shape ks, kst, kso;
  for (int i = 0; i < x.dim(); ++i)
    if (i != d) {
      ks.push_back(x.sizes[i]);
      kst.push_back(x.strides[i]);
      kso.push_back(vals.strides[i]);
    }
  int64_t L = x.dim() ? x.sizes[d] : 1, Ls = x.dim() ? x.strides[d] : 1, Lo = x.dim() ? vals.strides[d] : 1;
  int64_t nlines = ks.numel();
  if (nlines == 0 || k == 0) return {vals, idx};
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    const T* base = x.data<T>();
    T* vo = vals.data<T>();
    int64_t* io = idx.data<int64_t>();
    parallel_range(nlines, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, L)), [&](int64_t l0, int64_t l1) {
      std::vector<int64_t> perm(static_cast<size_t>(L));
      Odometer ki(ks, kst), ko(ks, kso);
      ki.seek(l0);
      ko.seek(l0);
      for (int64_t l = l0; l < l1; ++l) {
        const T* p = base + ki.off;
        std::iota(perm.begin(), perm.end(), 0);
        auto cmp = [&](int64_t a, int64_t b) {
          return descending ? less_nan(p[b * Ls], p[a * Ls]) : less_nan(p[a * Ls], p[b * Ls]);
        };
        std::stable_sort(perm.begin(), perm.end(), cmp);
        for (int64_t i = 0; i < k; ++i) {
          vo[ko.off + i * Lo] = p[perm[size_t(i)] * Ls];
          io[ko.off + i * Lo] = perm[size_t(i)];
        }
        ki.next();
        ko.next();
      }
    });
  });
  return {vals, idx};
}

}  // namespace

// ---------------------------------------------------------------- entry points
Tensor sum(const Tensor& x, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Sum, x, dims, keepdim, dtype, "sum");
  Mask m = reduce_mask(x, dims);
  return sum_like<SumOp>(x, m, keepdim, sum_dtype(x.dtype, dtype), false);
}

namespace {
DType mean_dtype(const Tensor& x, std::optional<DType> dtype) {
  DType dt = dtype ? *dtype : x.dtype;
  if (!is_floating(dt))
    runtime_error("mean(): could not infer output dtype. {} dtype must be either a floating point or complex dtype. Got: {}",
                  dtype ? "Optional" : "Input", dtype_short_name(dt));
  return dt;
}
void norm_check(const Tensor& x0) {
  if (!is_floating(x0.dtype))
    runtime_error("norm(): input dtype should be either floating point or complex. Got {} instead.", dtype_short_name(x0.dtype));
}
void topk_check(const Tensor& x, int64_t k, int d) {
  int64_t L = x.dim() ? x.sizes[d] : 1;
  if (x.dtype == DType::Bool) runtime_error("\"topk_cpu\" not implemented for 'Bool'");
  if (k < 0 || k > L) runtime_error("selected index k out of range");
}
Shape with_size(const Tensor& x, int d, int64_t k) {
  Shape s = x.sizes;
  if (x.dim() > 0) s[d] = k;
  return s;
}
}  // namespace

Tensor mean(const Tensor& x, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Mean, x, dims, keepdim, dtype, "mean");
  DType dt = mean_dtype(x, dtype);
  Mask m = reduce_mask(x, dims);
  return sum_like<SumOp>(x, m, keepdim, dt, true);
}

Tensor prod(const Tensor& x, std::optional<int64_t> dim, bool keepdim, std::optional<DType> dtype) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Sum, x, dim ? DimList(Shape{*dim}) : DimList(), keepdim, dtype, "prod");
  DimList dl;
  if (dim) dl = Shape{*dim};
  Mask m = reduce_mask(x, dl);
  return sum_like<ProdOp, false>(x, m, keepdim, sum_dtype(x.dtype, dtype), false);
}

// (Each entry answers for a meta tensor with its meta function, below.)
Tensor amax(const Tensor& x, const DimList& dims, bool keepdim) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Extreme, x, dims, keepdim, std::nullopt, "amax");
  return amax_like<true>(x, dims, keepdim, "amax");
}
Tensor amin(const Tensor& x, const DimList& dims, bool keepdim) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Extreme, x, dims, keepdim, std::nullopt, "amin");
  return amax_like<false>(x, dims, keepdim, "amin");
}
Tensor max_all(const Tensor& x) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Extreme, x, std::nullopt, false, std::nullopt, "max");
  return amax_like<true>(x, std::nullopt, false, "max");
}
Tensor min_all(const Tensor& x) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Extreme, x, std::nullopt, false, std::nullopt, "min");
  return amax_like<false>(x, std::nullopt, false, "min");
}

std::pair<Tensor, Tensor> max_dim(const Tensor& x, int64_t dim, bool keepdim) {
  if (is_meta(x)) return minmax_dim_meta(x, dim, keepdim, "max");
  return minmax_dim<true>(x, dim, keepdim, "max");
}
std::pair<Tensor, Tensor> min_dim(const Tensor& x, int64_t dim, bool keepdim) {
  if (is_meta(x)) return minmax_dim_meta(x, dim, keepdim, "min");
  return minmax_dim<false>(x, dim, keepdim, "min");
}
Tensor argmax(const Tensor& x, std::optional<int64_t> dim, bool keepdim) {
  if (is_meta(x)) return arg_meta(x, dim, keepdim, "argmax");
  return arg_any<true>(x, dim, keepdim, "argmax");
}
Tensor argmin(const Tensor& x, std::optional<int64_t> dim, bool keepdim) {
  if (is_meta(x)) return arg_meta(x, dim, keepdim, "argmin");
  return arg_any<false>(x, dim, keepdim, "argmin");
}

std::pair<Tensor, Tensor> var_mean(const Tensor& x, const DimList& dims, double correction, bool keepdim, bool take_sqrt) {
  if (is_meta(x)) {
    Tensor r = reduce_meta(ReduceMeta::Var, x, dims, keepdim, std::nullopt, "var");
    return {r, r};
  }
  require_floating(x, "std and var only support floating point and complex dtypes");
  Mask m = reduce_mask(x, dims);
  Shape s = out_shape(x, m, keepdim);
  Tensor v = empty(s, x.dtype), mu = empty(s, x.dtype);
  Plan pl = make_plan(x, m);
  int64_t nout = pl.out_numel;
  std::vector<Welford> acc(static_cast<size_t>(nout));
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    if (nout == 1 && pl.red_numel > 0) {
      // One output (x.var()): two vectorised passes, as PyTorch's
      // std_var_all_cpu does: the mean (rounded to T, as x.mean() is), then
      // the sum of squared deviations from it, in double.
      double sum = 0, m2 = 0;
      run_reduce<SumOp<T, double>, T>(SumOp<T, double>{}, x, pl, &sum, [](double a) { return a; });
      double mean = double(T(sum / double(pl.red_numel)));
      run_reduce<SqDevOp<T>, T>(SqDevOp<T>{mean}, x, pl, &m2, [](double a) { return a; });
      acc[0] = Welford{mean, m2, pl.red_numel};
    } else {
      // Several outputs: Welford per output (PyTorch's std_var_stub).
      run_reduce<WelfordOp<T>, T>(WelfordOp<T>{}, x, pl, acc.data(), [](const Welford& w) { return w; });
    }
    T* vp = v.data<T>();
    T* mp = mu.data<T>();
    for (int64_t o = 0; o < nout; ++o) {
      const Welford& w = acc[size_t(o)];
      vp[o] = T(var_of_sqdev(w.m2, pl.red_numel, correction, take_sqrt));
      mp[o] = T(pl.red_numel ? w.mean : std::numeric_limits<double>::quiet_NaN());
    }
  });
  return {v, mu};
}
double var_of_sqdev(double m2, int64_t n, double correction, bool take_sqrt) {
  double den = std::max(0.0, double(n) - correction);
  double var = m2 / den;
  if (n == 0) var = std::numeric_limits<double>::quiet_NaN();
  return take_sqrt ? std::sqrt(var) : var;
}
Tensor var(const Tensor& x, const DimList& dims, double correction, bool keepdim) {
  return var_mean(x, dims, correction, keepdim, false).first;
}
Tensor std(const Tensor& x, const DimList& dims, double correction, bool keepdim) {
  return var_mean(x, dims, correction, keepdim, true).first;
}

Tensor all(const Tensor& x, std::optional<int64_t> dim, bool keepdim) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Bool, x, dim ? DimList(Shape{*dim}) : DimList(), keepdim, std::nullopt, "all");
  return all_any<true>(x, dim, keepdim);
}
Tensor any(const Tensor& x, std::optional<int64_t> dim, bool keepdim) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Bool, x, dim ? DimList(Shape{*dim}) : DimList(), keepdim, std::nullopt, "any");
  return all_any<false>(x, dim, keepdim);
}

Tensor logsumexp(const Tensor& x0, const DimList& dims, bool keepdim) {
  if (is_meta(x0)) return reduce_meta(ReduceMeta::LogSumExp, x0, dims, keepdim, std::nullopt, "logsumexp");
  Tensor x = is_floating(x0.dtype) ? x0 : cast(x0, kDefaultFloat);
  Mask m = reduce_mask(x, dims);
  Tensor mx = empty(out_shape(x, m, true), x.dtype);
  // Shift by the max (infinite maxima by 0), sum exp, log, shift back.
  Tensor out = empty(out_shape(x, m, true), x.dtype);
  Plan pl = make_plan(x, m);
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    if constexpr (std::is_floating_point_v<T>) {
      T* mp = mx.data<T>();
      run_reduce<MaxOp<T>, T>(MaxOp<T>{}, x, pl, mp, [](T a) { return a; });
      for (int64_t o = 0; o < pl.out_numel; ++o)
        if (std::isinf(mp[o])) mp[o] = 0;
      // Per output shift: a general path over outputs.
      Odometer ko(pl.kept_sizes, pl.kept_strides);
      T* op = out.data<T>();
      const T* base = x.data<T>();
      int nr = pl.red_sizes.size();
      for (int64_t o = 0; o < pl.out_numel; ++o) {
        double shift = double(mp[o]);
        double s = 0;
        Odometer ro(pl.red_sizes, pl.red_strides);
        for (int64_t r = 0; r < pl.red_numel; ++r) {
          s += std::exp(double(base[ko.off + ro.off]) - shift);
          ro.next();
        }
        (void)nr;
        op[o] = T(std::log(s) + shift);
        ko.next();
      }
    }
  });
  return keepdim ? out : reshape_contig(out, out_shape(x, m, false));
}

Tensor norm(const Tensor& x0, double p, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  if (is_meta(x0)) return reduce_meta(ReduceMeta::Norm, x0, dims, keepdim, dtype, "norm");
  norm_check(x0);
  Tensor x = dtype ? to_dtype(x0, *dtype) : x0;
  Mask m = reduce_mask(x, dims);
  Tensor out = empty(out_shape(x, m, keepdim), x.dtype);
  Plan pl = make_plan(x, m);
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    T* o = out.data<T>();
    if (p == 0) run_reduce<NormOp<T, NormKind::Zero>, T>({}, x, pl, o, [](double a) { return T(a); });
    else if (p == 1) run_reduce<NormOp<T, NormKind::One>, T>({}, x, pl, o, [](double a) { return T(a); });
    else if (p == 2) run_reduce<NormOp<T, NormKind::Two>, T>({}, x, pl, o, [](double a) { return T(std::sqrt(a)); });
    else if (std::isinf(p) && p > 0) run_reduce<NormOp<T, NormKind::Inf>, T>({}, x, pl, o, [](double a) { return T(a); });
    else if (std::isinf(p)) run_reduce<NormOp<T, NormKind::NegInf>, T>({}, x, pl, o, [](double a) { return T(a); });
    else {
      NormOp<T, NormKind::General> op;
      op.p = p;
      run_reduce<NormOp<T, NormKind::General>, T>(op, x, pl, o, [p](double a) { return T(std::pow(a, 1.0 / p)); });
    }
  });
  return out;
}

Tensor count_nonzero(const Tensor& x, const DimList& dims) {
  if (is_meta(x)) return reduce_meta(ReduceMeta::Count, x, dims, false, std::nullopt, "count_nonzero");
  Mask m = reduce_mask(x, dims);
  Tensor out = empty(out_shape(x, m, false), DType::Int64);
  Plan pl = make_plan(x, m);
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    run_reduce<CountOp<T>, T>(CountOp<T>{}, x, pl, out.data<int64_t>(), [](int64_t a) { return a; });
  });
  return out;
}

Tensor cumsum(const Tensor& x, int64_t dim, std::optional<DType> dtype) {
  return is_meta(x) ? scan_meta(x, dim, dtype) : scan<true>(x, dim, dtype);
}
Tensor cumprod(const Tensor& x, int64_t dim, std::optional<DType> dtype) {
  return is_meta(x) ? scan_meta(x, dim, dtype) : scan<false>(x, dim, dtype);
}

int64_t row_fold_chunk() { return kChunk; }
bool row_fold_chunked(int64_t n, int64_t nout) { return n >= 4 * kChunk && nout < 2 * num_threads(); }
double row_fold_identity(RowFold f) {
  switch (f) {
    case RowFold::Sum: return SumOp<float, double>{}.id();
    case RowFold::Max: return double(MaxOp<float>{}.id());
    case RowFold::Min: return double(MinOp<float>{}.id());
    case RowFold::SqDev:
    case RowFold::LogSumExp:
    case RowFold::NormL1:
    case RowFold::NormL2:
    case RowFold::NormInf: return 0.0;
  }
  return 0;
}
namespace {
// One output's fold of a contiguous row as run_reduce folds it: in chunks
// combined in order where it chunks the row, else whole.
template <class Op>
typename Op::acc_t fold_row_as_eager(const Op& op, const float* p, int64_t n, int64_t nout) {
  if (!row_fold_chunked(n, nout)) return op.comb(op.id(), fold_contig(op, p, n));
  auto acc = op.id();
  for (int64_t s = 0; s < n; s += kChunk) acc = op.comb(acc, fold_contig(op, p + s, std::min(kChunk, n - s)));
  return acc;
}
}  // namespace
double row_fold_f32(RowFold f, const float* p, int64_t n, int64_t nout) {
  switch (f) {
    case RowFold::Sum: return fold_contig(SumOp<float, double>{}, p, n);
    case RowFold::Max: return double(fold_contig(MaxOp<float>{}, p, n));
    case RowFold::Min: return double(fold_contig(MinOp<float>{}, p, n));
    case RowFold::SqDev: {
      if (n == 0) return 0.0;
      if (nout == 1) {  // var_mean's one-output path
        double sum = fold_row_as_eager(SumOp<float, double>{}, p, n, nout);
        double mean = double(float(sum / double(n)));
        return fold_row_as_eager(SqDevOp<float>{mean}, p, n, nout);
      }
      return fold_row_as_eager(WelfordOp<float>{}, p, n, nout).m2;
    }
    case RowFold::LogSumExp: {  // logsumexp()'s arithmetic
      float mx = n ? fold_row_as_eager(MaxOp<float>{}, p, n, nout) : MaxOp<float>{}.id();
      if (std::isinf(mx)) mx = 0;
      double shift = double(mx), s = 0;
      for (int64_t i = 0; i < n; ++i) s += std::exp(double(p[i]) - shift);
      return std::log(s) + shift;
    }
    case RowFold::NormL1: return fold_row_as_eager(NormOp<float, NormKind::One>{}, p, n, nout);
    case RowFold::NormL2: return fold_row_as_eager(NormOp<float, NormKind::Two>{}, p, n, nout);
    case RowFold::NormInf: return fold_row_as_eager(NormOp<float, NormKind::Inf>{}, p, n, nout);
  }
  return 0;
}
bool col_fold_ok(RowFold f) { return f != RowFold::LogSumExp; }
int col_fold_acc(RowFold f) { return f == RowFold::SqDev ? 2 : 1; }
void col_fold_start(RowFold f, double* acc, float* blk, int64_t n) {
  double id = row_fold_identity(f);
  for (int64_t j = 0; j < n * col_fold_acc(f); ++j) acc[j] = id;
  if (f == RowFold::Sum)
    for (int64_t j = 0; j < n; ++j) blk[j] = 0;
}
namespace {
template <class Op>
[[gnu::always_inline]] inline void col_step(const Op& op, double* __restrict acc, const float* __restrict row, int64_t n) {
  for (int64_t j = 0; j < n; ++j) acc[j] = double(op.step(typename Op::acc_t(acc[j]), row[j]));
}
}  // namespace
// (Vectorised along the columns, for x86-64-v3 too: each column's arithmetic is
// the same at every width.)
KILN_VEC_CLONES void col_fold_row(RowFold f, double* __restrict acc, float* __restrict blk, const float* __restrict row, int64_t n,
                                  int64_t r, int64_t rows) {
  switch (f) {
    case RowFold::Sum:
      for (int64_t j = 0; j < n; ++j) blk[j] += row[j];
      if ((r + 1) % kColumnBlock == 0 || r + 1 == rows)
        for (int64_t j = 0; j < n; ++j) {
          acc[j] += double(blk[j]);
          blk[j] = 0;
        }
      return;
    case RowFold::Max: return col_step(MaxOp<float>{}, acc, row, n);
    case RowFold::Min: return col_step(MinOp<float>{}, acc, row, n);
    case RowFold::SqDev:  // (mean, m2) per column; r rows seen before this one
      for (int64_t j = 0; j < n; ++j) {
        Welford w = WelfordOp<float>{}.step(Welford{acc[2 * j], acc[2 * j + 1], r}, row[j]);
        acc[2 * j] = w.mean;
        acc[2 * j + 1] = w.m2;
      }
      return;
    case RowFold::NormL1: return col_step(NormOp<float, NormKind::One>{}, acc, row, n);
    case RowFold::NormL2: return col_step(NormOp<float, NormKind::Two>{}, acc, row, n);
    case RowFold::NormInf: return col_step(NormOp<float, NormKind::Inf>{}, acc, row, n);
    case RowFold::LogSumExp: return;  // (col_fold_ok: not a column fold)
  }
}
double col_fold_result(RowFold f, const double* acc, int64_t j) { return f == RowFold::SqDev ? acc[2 * j + 1] : acc[j]; }
double row_fold_combine(RowFold f, double acc, double part) {
  switch (f) {
    case RowFold::Sum: return SumOp<float, double>{}.comb(acc, part);
    case RowFold::Max: return double(MaxOp<float>{}.comb(float(acc), float(part)));
    case RowFold::Min: return double(MinOp<float>{}.comb(float(acc), float(part)));
    case RowFold::SqDev:
    case RowFold::LogSumExp:
    case RowFold::NormL1:
    case RowFold::NormL2:
    case RowFold::NormInf: return acc + part;  // folded whole: acc is 0
  }
  return 0;
}

Tensor softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype) {
  return is_meta(x) ? softmax_meta(x, dim, dtype, false) : softmax_impl<false>(x, dim, dtype);
}
Tensor log_softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype) {
  return is_meta(x) ? softmax_meta(x, dim, dtype, true) : softmax_impl<true>(x, dim, dtype);
}

std::pair<Tensor, Tensor> sort(const Tensor& x, int64_t dim, bool descending) {
  if (is_meta(x)) return sort_meta(x, dim, std::nullopt);
  int d = wrap_dim(dim, x.dim());
  return sort_lines(x, d, descending, x.dim() ? x.sizes[d] : 1);
}

std::pair<Tensor, Tensor> topk(const Tensor& x, int64_t k, int64_t dim, bool largest, bool sorted) {
  if (is_meta(x)) return sort_meta(x, dim, k);
  (void)sorted;
  int d = wrap_dim(dim, x.dim());
  topk_check(x, k, d);
  return sort_lines(x, d, largest, k);
}

// ---------------------------------------------------------------- meta functions
// Each kernel's checks (the same functions) and its result's layout.
Tensor reduce_meta(ReduceMeta kind, const Tensor& x, const DimList& dims, bool keepdim, std::optional<DType> dtype,
                   const char* name) {
  // The dtype checks come first, as in the kernels.
  DType dt = x.dtype;
  switch (kind) {
    case ReduceMeta::Sum: dt = sum_dtype(x.dtype, dtype); break;
    case ReduceMeta::Mean: dt = mean_dtype(x, dtype); break;
    case ReduceMeta::Bool: dt = DType::Bool; break;
    case ReduceMeta::Count: dt = DType::Int64; break;
    case ReduceMeta::Var: require_floating(x, "std and var only support floating point and complex dtypes"); break;
    case ReduceMeta::LogSumExp: dt = is_floating(x.dtype) ? x.dtype : kDefaultFloat; break;
    case ReduceMeta::Norm:
      norm_check(x);
      if (dtype) dt = *dtype;
      break;
    case ReduceMeta::Extreme: break;
  }
  Mask m = reduce_mask(x, dims);
  if (kind == ReduceMeta::Extreme) check_nonempty_dims(x, dims, m, name);
  return meta_tensor(out_shape(x, m, kind == ReduceMeta::Count ? false : keepdim), dt);
}
std::pair<Tensor, Tensor> minmax_dim_meta(const Tensor& x, int64_t dim, bool keepdim, const char* name) {
  int d;
  Shape s = minmax_layout(x, dim, keepdim, name, &d);
  return {meta_tensor(s, x.dtype), meta_tensor(s, DType::Int64)};
}
Tensor arg_meta(const Tensor& x, std::optional<int64_t> dim, bool keepdim, const char* name) {
  return meta_tensor(arg_layout(x, dim, keepdim, name), DType::Int64);
}
Tensor scan_meta(const Tensor& x, int64_t dim, std::optional<DType> dtype) {
  wrap_dim(dim, x.dim());
  return meta_tensor(x.sizes, sum_dtype(x.dtype, dtype));
}
Tensor softmax_meta(const Tensor& x, int64_t dim, std::optional<DType> dtype, bool log) {
  return meta_tensor(x.sizes, softmax_dtype(x, dim, dtype, log));
}
std::pair<Tensor, Tensor> sort_meta(const Tensor& x, int64_t dim, std::optional<int64_t> k) {
  int d = wrap_dim(dim, x.dim());
  if (k) topk_check(x, *k, d);
  Shape s = with_size(x, d, k ? *k : x.dim() ? x.sizes[d] : 1);
  return {meta_tensor(s, x.dtype), meta_tensor(s, DType::Int64)};
}

}  // namespace kiln::torch
