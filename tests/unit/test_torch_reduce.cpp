// tests/unit/test_torch_reduce.cpp — the reduction kernels of
// stdlib/torch/reduce.h, called directly (no VM): result shapes with and
// without keepdim, PyTorch's dtype rules, multi-dim reductions of
// non-contiguous views against a naive loop, var/std with correction, index
// reductions (first occurrence, NaN), and independence from the split across
// threads.

#include <gtest/gtest.h>

#include <tbb/global_control.h>

#include <cmath>
#include <vector>

#include "stdlib/torch/reduce.h"

namespace kiln::torch {
namespace {

Tensor arange_f(const Shape& s, DType d = DType::Float32) {
  Tensor t = empty(s, d);
  dispatch_dtype(d, [&](auto z) {
    using T = decltype(z);
    T* p = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) p[i] = T(i % 7 + 0.25 * (i % 3));
  });
  return t;
}

double at(const Tensor& t, int64_t i) { return element_as_double(t, i); }

Tensor permuted(const Tensor& t, std::initializer_list<int> order) {
  Shape s, st;
  for (int d : order) {
    s.push_back(t.sizes[d]);
    st.push_back(t.strides[d]);
  }
  return make_view(t, s, st, t.offset);
}

TEST(TorchReduce, ShapesWithAndWithoutKeepdim) {
  Tensor x = arange_f({2, 3, 4});
  EXPECT_EQ(sum(x, Shape{1}, false, std::nullopt).sizes, (Shape{2, 4}));
  EXPECT_EQ(sum(x, Shape{1}, true, std::nullopt).sizes, (Shape{2, 1, 4}));
  EXPECT_EQ(sum(x, Shape{0, -1}, true, std::nullopt).sizes, (Shape{1, 3, 1}));
  EXPECT_EQ(sum(x, std::nullopt, false, std::nullopt).sizes, Shape{});
  EXPECT_EQ(mean(x, std::nullopt, true, std::nullopt).sizes, (Shape{1, 1, 1}));
  EXPECT_EQ(sum(x, Shape{}, false, std::nullopt).dim(), 0);  // dim=[] reduces everything (1.13)
  EXPECT_EQ(argmax(x, std::nullopt, true).sizes, (Shape{1, 1, 1}));
  EXPECT_EQ(max_dim(x, 2, true).second.sizes, (Shape{2, 3, 1}));
  EXPECT_EQ(count_nonzero(x, Shape{0, 2}).sizes, Shape{3});
}

TEST(TorchReduce, DtypeRules) {
  Tensor i = arange_f({5}, DType::Int32);
  Tensor b = arange_f({5}, DType::Bool);
  EXPECT_EQ(sum(i, std::nullopt, false, std::nullopt).dtype, DType::Int64);
  EXPECT_EQ(sum(b, std::nullopt, false, std::nullopt).dtype, DType::Int64);
  EXPECT_EQ(prod(i, std::nullopt, false, std::nullopt).dtype, DType::Int64);
  EXPECT_EQ(cumsum(b, 0, std::nullopt).dtype, DType::Int64);
  EXPECT_EQ(sum(i, std::nullopt, false, DType::Float64).dtype, DType::Float64);
  EXPECT_EQ(all(i, std::nullopt, false).dtype, DType::Bool);
  EXPECT_EQ(amax(i, std::nullopt, false).dtype, DType::Int32);
  EXPECT_EQ(argmax(arange_f({5}), std::nullopt, false).dtype, DType::Int64);
  try {
    mean(i, std::nullopt, false, std::nullopt);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.message,
              "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Int");
  }
  EXPECT_THROW(var(i, std::nullopt, 1, false), Error);
  EXPECT_THROW(argmax(b, std::nullopt, false), Error);
}

// Naive sum over a mask of a strided view.
double naive_sum(const Tensor& x, uint32_t mask, int64_t out_index) {
  // Enumerate all elements; keep those whose kept coordinates give out_index.
  double s = 0;
  int64_t n = x.numel();
  for (int64_t f = 0; f < n; ++f) {
    int64_t rem = f, o = 0, mul = 1;
    for (int d = x.dim() - 1; d >= 0; --d) {
      int64_t c = rem % x.sizes[d];
      rem /= x.sizes[d];
      if (!(mask >> d & 1)) {
        o += c * mul;
        mul *= x.sizes[d];
      }
    }
    if (o == out_index) s += at(x, f);
  }
  return s;
}

TEST(TorchReduce, MultiDimOnNonContiguousViews) {
  Tensor base = arange_f({4, 5, 6});
  Tensor x = permuted(base, {2, 0, 1});  // sizes [6, 4, 5], not contiguous
  ASSERT_FALSE(x.is_contiguous());
  for (uint32_t mask = 1; mask < 8; ++mask) {
    Shape dims;
    for (int d = 0; d < 3; ++d)
      if (mask >> d & 1) dims.push_back(d);
    Tensor r = sum(x, dims, false, std::nullopt);
    for (int64_t o = 0; o < r.numel(); ++o) EXPECT_NEAR(at(r, o), naive_sum(x, mask, o), 1e-3) << "mask " << mask;
  }
  // mean over (0, 2) of the transposed view, keepdim.
  Tensor m = mean(x, Shape{0, 2}, true, std::nullopt);
  EXPECT_EQ(m.sizes, (Shape{1, 4, 1}));
  for (int64_t o = 0; o < 4; ++o) EXPECT_NEAR(at(m, o), naive_sum(x, 0b101, o) / 30.0, 1e-4);
}

TEST(TorchReduce, VarWithCorrection) {
  Tensor x = empty({2, 3}, DType::Float64);
  double vals[] = {1, 2, 3, 4, 6, 11};
  for (int i = 0; i < 6; ++i) x.data<double>()[i] = vals[i];
  Tensor v1 = var(x, Shape{1}, 1, false);
  EXPECT_DOUBLE_EQ(at(v1, 0), 1.0);
  EXPECT_DOUBLE_EQ(at(v1, 1), 13.0);
  Tensor v0 = var(x, Shape{1}, 0, false);
  EXPECT_DOUBLE_EQ(at(v0, 0), 2.0 / 3.0);
  Tensor v2 = var(x, Shape{1}, 2, true);
  EXPECT_EQ(v2.sizes, (Shape{2, 1}));
  EXPECT_DOUBLE_EQ(at(v2, 1), 26.0);
  Tensor s = std(x, std::nullopt, 1, false);
  double m = 27.0 / 6, ss = 0;
  for (double v : vals) ss += (v - m) * (v - m);
  EXPECT_NEAR(at(s, 0), std::sqrt(ss / 5), 1e-12);
  // One element with correction 1: 0/0 = nan, as PyTorch.
  Tensor one = var(empty({1}, DType::Float32), std::nullopt, 1, false);
  EXPECT_TRUE(std::isnan(at(one, 0)));
}

// x.var() / x.std() (one output) take two passes, mean then squared
// deviations: a long float32 vector (chunked across threads, offset so that a
// one-pass sum of squares would cancel badly), a strided view of it, and the
// same result on one thread.
TEST(TorchReduce, VarOfWholeTensorTwoPass) {
  const int64_t n = 3 * (1 << 18) + 77;
  Tensor x = empty({n}, DType::Float32);
  float* p = x.data<float>();
  for (int64_t i = 0; i < n; ++i) p[i] = float(1000.0 + double((i * 7919) % 1013) / 97.0);
  auto naive = [&](int64_t step, double corr) {  // the first n / step elements of x[::step]
    const int64_t k = n / step;
    double m = 0, ss = 0;
    for (int64_t i = 0; i < k; ++i) m += p[i * step];
    m /= double(k);
    for (int64_t i = 0; i < k; ++i) ss += (p[i * step] - m) * (p[i * step] - m);
    return ss / (double(k) - corr);
  };
  double want = naive(1, 1);
  Tensor v = var(x, std::nullopt, 1, false);
  EXPECT_NEAR(at(v, 0), want, want * 1e-6);
  EXPECT_NEAR(at(std(x, std::nullopt, 0, false), 0), std::sqrt(naive(1, 0)), std::sqrt(want) * 1e-6);
  auto [v2, m2] = var_mean(x, std::nullopt, 1, false, false);
  EXPECT_EQ(at(v2, 0), at(v, 0));
  double mean_want = 0;
  for (int64_t i = 0; i < n; ++i) mean_want += p[i];
  EXPECT_NEAR(at(m2, 0), mean_want / double(n), 1e-3);
  Tensor strided = make_view(x, Shape{n / 3}, Shape{3}, 0);
  double want3 = naive(3, 1);
  EXPECT_NEAR(at(var(strided, std::nullopt, 1, false), 0), want3, want3 * 1e-6);
  {
    tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
    EXPECT_EQ(at(var(x, std::nullopt, 1, false), 0), at(v, 0));
  }
}

TEST(TorchReduce, IndexReductionsFirstOccurrenceAndNaN) {
  Tensor x = empty({2, 3}, DType::Float32);
  float vals[] = {1, 5, 5, 7, NAN, NAN};
  for (int i = 0; i < 6; ++i) x.data<float>()[i] = vals[i];
  auto [v, idx] = max_dim(x, 1, false);
  EXPECT_EQ(at(v, 0), 5);
  EXPECT_EQ(at(idx, 0), 1);
  EXPECT_TRUE(std::isnan(at(v, 1)));
  EXPECT_EQ(at(idx, 1), 1);
  EXPECT_TRUE(std::isnan(at(max_all(x), 0)));
  EXPECT_TRUE(std::isnan(at(min_all(x), 0)));
  EXPECT_EQ(at(argmax(x, std::nullopt, false), 0), 4);
  EXPECT_THROW(max_all(empty({0}, DType::Float32)), Error);
  EXPECT_EQ(at(sum(empty({0}, DType::Float32), std::nullopt, false, std::nullopt), 0), 0);
}

TEST(TorchReduce, LargeSumsDoNotDependOnThreads) {
  Tensor x = empty({1 << 22}, DType::Float32);
  float* p = x.data<float>();
  for (int64_t i = 0; i < x.numel(); ++i) p[i] = float((i * 7919) % 1000) * 0.001f;
  Tensor y = make_view(x, {1024, 4096}, {4096, 1}, 0);
  double all_threads = at(sum(x, std::nullopt, false, std::nullopt), 0);
  double rows0 = at(sum(y, Shape{0}, false, std::nullopt), 17);
  double rows1 = at(sum(y, Shape{1}, false, std::nullopt), 17);
  {
    tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
    EXPECT_EQ(at(sum(x, std::nullopt, false, std::nullopt), 0), all_threads);
    EXPECT_EQ(at(sum(y, Shape{0}, false, std::nullopt), 17), rows0);
    EXPECT_EQ(at(sum(y, Shape{1}, false, std::nullopt), 17), rows1);
  }
  double exact = 0;
  for (int64_t i = 0; i < x.numel(); ++i) exact += p[i];
  EXPECT_NEAR(all_threads, exact, std::abs(exact) * 1e-6);
}

TEST(TorchReduce, ScansSoftmaxSort) {
  Tensor x = empty({2, 3}, DType::Float32);
  float vals[] = {3, 1, 2, 1, 1, 0};
  for (int i = 0; i < 6; ++i) x.data<float>()[i] = vals[i];
  Tensor c = cumsum(x, 1, std::nullopt);
  EXPECT_EQ(at(c, 2), 6);
  EXPECT_EQ(at(c, 5), 2);
  Tensor cp = cumprod(x, 0, std::nullopt);
  EXPECT_EQ(at(cp, 3), 3);
  Tensor s = softmax(x, 0, std::nullopt);
  EXPECT_NEAR(at(s, 0) + at(s, 3), 1.0, 1e-6);
  auto [sv, si] = sort(x, 1, false);
  EXPECT_EQ(at(sv, 0), 1);
  EXPECT_EQ(at(si, 3), 2);  // stable: [1, 1, 0] sorts to indices [2, 0, 1]
  EXPECT_EQ(at(si, 4), 0);
  auto [tv, ti] = topk(x, 2, 1, true, true);
  EXPECT_EQ(tv.sizes, (Shape{2, 2}));
  EXPECT_EQ(at(ti, 2), 0);
  EXPECT_EQ(at(ti, 3), 1);
}

}  // namespace
}  // namespace kiln::torch
