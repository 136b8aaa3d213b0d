// Unit tests of the tensor core (stdlib/torch): broadcasting, type promotion
// (torch.result_type), strides and contiguity, copies across dtypes, and the
// matrix products (shapes, strided operands, error messages). Expected
// values were printed by CPython + PyTorch 1.13 (/usr/bin/python3), e.g.
//   torch.result_type(torch.tensor([1]), torch.tensor(1., dtype=torch.float64))
// and the messages by catching the RuntimeError of the same call.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "stdlib/torch/dtype.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/linalg.h"
#include "stdlib/torch/tensor.h"
#include "stdlib/torch/views.h"

using namespace kiln::torch;

namespace {

// The message of the torch::Error that f throws ("" when none).
template <class F> std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.message;
  }
  return "";
}

// A contiguous tensor of `sizes` holding 0, 1, 2, ... converted to `d`.
Tensor iota(const Shape& sizes, DType d) {
  Tensor t = empty(sizes, d);
  dispatch_dtype(d, [&](auto z) {
    using T = decltype(z);
    T* p = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) p[i] = T(i);
  });
  return t;
}

Tensor from(const Shape& sizes, std::vector<double> v, DType d = DType::Float32) {
  Tensor t = empty(sizes, d);
  dispatch_dtype(d, [&](auto z) {
    using T = decltype(z);
    for (size_t i = 0; i < v.size(); ++i) t.data<T>()[i] = T(v[i]);
  });
  return t;
}

std::vector<double> values(const Tensor& t) {
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) out.push_back(element_as_double(t, i));
  return out;
}

Tensor transposed(const Tensor& t) {  // t.mT, a view
  Shape sz = t.sizes, st = t.strides;
  int n = t.dim();
  std::swap(sz[n - 1], sz[n - 2]);
  std::swap(st[n - 1], st[n - 2]);
  return make_view(t, sz, st, t.offset);
}

// Row-major reference product of contiguous-or-not 2-d views.
std::vector<double> naive_mm(const Tensor& a, const Tensor& b) {
  std::vector<double> out;
  for (int64_t i = 0; i < a.sizes[0]; ++i)
    for (int64_t j = 0; j < b.sizes[1]; ++j) {
      double s = 0;
      for (int64_t p = 0; p < a.sizes[1]; ++p)
        s += element_as_double(a, i * a.sizes[1] + p) * element_as_double(b, p * b.sizes[1] + j);
      out.push_back(s);
    }
  return out;
}

DType rt(std::initializer_list<std::pair<DType, int>> tensors, std::initializer_list<Category> scalars = {}) {
  ResultTypeState st;
  for (auto [d, n] : tensors) st.add_tensor(d, n);
  for (Category c : scalars) st.add_scalar(c);
  return st.result();
}

}  // namespace

// Storage::borrow: a storage on another's memory (the tracer's copies start
// so), with its own count and version, holding the lender alive; own_copy
// gives it memory of its own, after which writes through either are
// private. (ASan's leak check sees the counts balance.)
TEST(TorchStorage, BorrowSharesMemoryUntilOwnCopy) {
  using namespace kiln::torch;
  StoragePtr real(Storage::allocate(4 * sizeof(float)));
  auto* rd = static_cast<float*>(real->data);
  for (int i = 0; i < 4; i++) rd[i] = float(i);
  uint64_t n0 = storage_stats().allocations;
  StoragePtr copy(Storage::borrow(real.get()));
  EXPECT_EQ(storage_stats().allocations, n0);  // (no tensor memory)
  EXPECT_EQ(copy->data, real->data);
  EXPECT_EQ(copy->nbytes, real->nbytes);
  EXPECT_EQ(real->refcount, 2u);  // the borrower holds its lender
  ++copy->version;
  EXPECT_EQ(real->version, 0u);
  rd[1] = 10.0f;
  EXPECT_EQ(static_cast<float*>(copy->data)[1], 10.0f);  // one memory
  Storage::own_copy(copy.get());
  EXPECT_EQ(storage_stats().allocations, n0 + 1);
  EXPECT_NE(copy->data, real->data);
  EXPECT_EQ(real->refcount, 1u);  // let go
  auto* cd = static_cast<float*>(copy->data);
  EXPECT_EQ(cd[0], 0.0f);
  EXPECT_EQ(cd[1], 10.0f);
  EXPECT_EQ(cd[3], 3.0f);
  cd[2] = -1.0f;
  EXPECT_EQ(rd[2], 2.0f);  // private now
  EXPECT_EQ(copy->version, 1u);  // (owning a copy is no write)
  StoragePtr held(Storage::borrow(real.get()));
  real = StoragePtr();  // the borrower keeps the memory alive
  EXPECT_EQ(static_cast<float*>(held->data)[1], 10.0f);
}

// ---------------------------------------------------------------- broadcasting
// empty_in: a compiled graph's planned buffer is reused only when nothing
// else holds it and it is large enough; otherwise a fresh storage takes its
// place in the slot. Every storage allocation is counted.
TEST(TorchStorage, EmptyInReusesOnlyAFreeLargeEnoughSlot) {
  using namespace kiln::torch;
  StoragePtr slot;
  uint64_t n0 = storage_stats().allocations;
  Tensor a = empty_in(&slot, Shape{4, 8}, DType::Float32);
  EXPECT_EQ(storage_stats().allocations, n0 + 1);
  EXPECT_EQ(slot.get(), a.storage.get());
  EXPECT_TRUE(a.is_contiguous());
  Storage* first = slot.get();
  Tensor held = empty_in(&slot, Shape{4, 8}, DType::Float32);  // `a` still holds the slot's storage
  EXPECT_NE(held.storage.get(), first);
  EXPECT_EQ(slot.get(), held.storage.get());
  EXPECT_EQ(storage_stats().allocations, n0 + 2);
  a = Tensor();
  held = Tensor();  // the slot is the last holder now
  Tensor small = empty_in(&slot, Shape{3, 5}, DType::Float32);
  EXPECT_EQ(small.storage.get(), slot.get());
  EXPECT_EQ(small.sizes, (Shape{3, 5}));
  EXPECT_EQ(small.strides, (Shape{5, 1}));
  EXPECT_EQ(storage_stats().allocations, n0 + 2);
  small = Tensor();
  Tensor view = make_view(empty_in(&slot, Shape{2}, DType::Float32), Shape{1}, Shape{1}, 1);  // a view holds it too
  Tensor other = empty_in(&slot, Shape{2}, DType::Float32);
  EXPECT_NE(other.storage.get(), view.storage.get());
  view = Tensor();
  other = Tensor();
  Tensor big = empty_in(&slot, Shape{64, 64}, DType::Float64);  // larger than the slot: a new one
  EXPECT_EQ(slot.get(), big.storage.get());
  EXPECT_GE(slot->nbytes, size_t(64 * 64 * 8));
  EXPECT_EQ(storage_stats().allocations, n0 + 4);
  EXPECT_GE(storage_stats().bytes, uint64_t(64 * 64 * 8));
}

TEST(TorchBroadcast, Shapes) {
  EXPECT_EQ(broadcast_shapes(Shape{3, 1}, Shape{4}), (Shape{3, 4}));
  EXPECT_EQ(broadcast_shapes(Shape{}, Shape{2, 3}), (Shape{2, 3}));
  EXPECT_EQ(broadcast_shapes(Shape{5, 1, 4}, Shape{3, 1}), (Shape{5, 3, 4}));
  EXPECT_EQ(broadcast_shapes(Shape{0}, Shape{1}), (Shape{0}));
  EXPECT_EQ(broadcast_shapes(Shape{2, 0}, Shape{2, 1}), (Shape{2, 0}));
}

TEST(TorchBroadcast, MismatchMessageIsPyTorchs) {
  // torch.ones(3) + torch.ones(4)
  EXPECT_EQ(error_of([] { broadcast_shapes(Shape{3}, Shape{4}); }),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
  // torch.ones(2, 3) + torch.ones(4, 3): dimension counted in the result
  EXPECT_EQ(error_of([] { broadcast_shapes(Shape{2, 3}, Shape{5, 4, 3}); }),
            "The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 1");
}

TEST(TorchBroadcast, ExpandToUsesStrideZero) {
  Tensor t = iota(Shape{3, 1}, DType::Float32);
  Tensor e = expand_to(t, Shape{2, 3, 4});
  EXPECT_EQ(e.sizes, (Shape{2, 3, 4}));
  EXPECT_EQ(e.strides, (Shape{0, 1, 0}));
  EXPECT_EQ(e.storage.get(), t.storage.get());  // a view, no copy
  EXPECT_FALSE(e.is_contiguous());
  EXPECT_EQ(values(e)[5], 1.0);  // [0][1][1]
  EXPECT_EQ(error_of([&] { expand_to(t, Shape{2, 4}); }),
            "The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  "
            "Target sizes: [2, 4].  Tensor sizes: [3, 1]");
}

// ---------------------------------------------------------------- type promotion
TEST(TorchPromotion, PromoteTypes) {
  EXPECT_EQ(promote_types(DType::Int32, DType::Int64), DType::Int64);
  EXPECT_EQ(promote_types(DType::Int64, DType::Float32), DType::Float32);
  EXPECT_EQ(promote_types(DType::Bool, DType::Int32), DType::Int32);
  EXPECT_EQ(promote_types(DType::Float32, DType::Float64), DType::Float64);
  EXPECT_EQ(promote_types(DType::Bool, DType::Bool), DType::Bool);
}

TEST(TorchPromotion, ScalarsHaveTheLowestPriority) {
  using C = Category;
  EXPECT_EQ(rt({{DType::Int64, 1}}, {C::Float}), DType::Float32);   // int tensor + 1.5 -> float32 (default dtype)
  EXPECT_EQ(rt({{DType::Int32, 1}}, {C::Int}), DType::Int32);       // int32 tensor + 3 -> int32
  EXPECT_EQ(rt({{DType::Int32, 1}}, {C::Bool}), DType::Int32);      // int32 tensor + True
  EXPECT_EQ(rt({{DType::Bool, 1}}, {C::Int}), DType::Int64);        // bool tensor + 3 -> int64
  EXPECT_EQ(rt({{DType::Bool, 1}}, {C::Float}), DType::Float32);    // bool tensor + 3.0
  EXPECT_EQ(rt({{DType::Bool, 1}}, {C::Bool}), DType::Bool);
  EXPECT_EQ(rt({{DType::Float32, 1}}, {C::Float}), DType::Float32); // a Python float is not float64
  EXPECT_EQ(rt({{DType::Float64, 1}}, {C::Int}), DType::Float64);
  EXPECT_EQ(rt({{DType::Int32, 0}}, {C::Float}), DType::Float32);   // 0-dim int32 + 1.5
  EXPECT_EQ(rt({{DType::Int64, 0}}, {C::Float}), DType::Float32);
  EXPECT_EQ(rt({{DType::Bool, 0}}, {C::Int}), DType::Int64);        // tensor(True) + 2
  EXPECT_EQ(rt({}, {C::Float, C::Int}), DType::Float32);
}

TEST(TorchPromotion, ZeroDimTensorsRankBetweenTensorsAndScalars) {
  // Same category: the dimensioned tensor wins, whatever the widths.
  EXPECT_EQ(rt({{DType::Float32, 1}, {DType::Float64, 0}}), DType::Float32);
  EXPECT_EQ(rt({{DType::Int32, 1}, {DType::Int64, 0}}), DType::Int32);
  // A 0-dim tensor of a higher category contributes its *own* dtype (not
  // the default dtype, unlike a Python float): int64 [1] + tensor(1., float64)
  // is float64, int32 [1] + tensor(1., float32) is float32.
  EXPECT_EQ(rt({{DType::Int64, 1}, {DType::Float64, 0}}), DType::Float64);
  EXPECT_EQ(rt({{DType::Int32, 1}, {DType::Float32, 0}}), DType::Float32);
  EXPECT_EQ(rt({{DType::Bool, 1}, {DType::Int64, 0}}), DType::Int64);
  EXPECT_EQ(rt({{DType::Bool, 1}, {DType::Float64, 0}}), DType::Float64);
  // Two 0-dim tensors promote normally; so do two dimensioned ones.
  EXPECT_EQ(rt({{DType::Float64, 0}, {DType::Float32, 0}}), DType::Float64);
  EXPECT_EQ(rt({{DType::Int32, 1}, {DType::Float64, 1}}), DType::Float64);
  EXPECT_EQ(rt({{DType::Float32, 1}, {DType::Int64, 1}}), DType::Float32);
}

TEST(TorchPromotion, ResultTypeOfOperands) {
  Tensor i32 = iota(Shape{2}, DType::Int32);
  Tensor f64_0 = iota(Shape{}, DType::Float64);
  EXPECT_EQ(result_type(Operand(i32), Operand(Scalar::from_int(3))), DType::Int32);
  EXPECT_EQ(result_type(Operand(i32), Operand(Scalar::from_double(0.5))), DType::Float32);
  EXPECT_EQ(result_type(Operand(i32), Operand(f64_0)), DType::Float64);
  EXPECT_EQ(binary(BinaryOp::add, Operand(i32), Operand(Scalar::from_double(0.5))).dtype, DType::Float32);
}

// ---------------------------------------------------------------- strides, contiguity
TEST(TorchStrides, ContiguousStrides) {
  EXPECT_EQ(contiguous_strides(Shape{2, 3, 4}), (Shape{12, 4, 1}));
  EXPECT_EQ(contiguous_strides(Shape{}), (Shape{}));
  EXPECT_EQ(contiguous_strides(Shape{5}), (Shape{1}));
  // torch.empty(2, 0, 3).stride() == (3, 3, 1): a 0 size counts as 1.
  EXPECT_EQ(contiguous_strides(Shape{2, 0, 3}), (Shape{3, 3, 1}));
}

TEST(TorchStrides, IsContiguousIgnoresSizeOneDims) {
  Tensor t = iota(Shape{2, 3}, DType::Float32);
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_FALSE(transposed(t).is_contiguous());
  // A size-1 dim may have any stride.
  EXPECT_TRUE(make_view(t, Shape{1, 6}, Shape{100, 1}, 0).is_contiguous());
  EXPECT_TRUE(make_view(t, Shape{2, 1, 3}, Shape{3, 7, 1}, 0).is_contiguous());
  EXPECT_TRUE(unsqueeze(t, 1).is_contiguous());
  // Transposing a dim of size 1 keeps it contiguous (torch.ones(1, 3).t()).
  Tensor row = iota(Shape{1, 3}, DType::Float32);
  EXPECT_TRUE(transposed(row).is_contiguous());
  // A column slice is not.
  EXPECT_FALSE(slice(t, 1, 0, 3, 2).is_contiguous());
  // 0-dim and empty tensors are.
  EXPECT_TRUE(iota(Shape{}, DType::Float32).is_contiguous());
}

TEST(TorchStrides, ContiguousCopiesOnlyWhenNeeded) {
  Tensor t = iota(Shape{2, 3}, DType::Float32);
  EXPECT_EQ(contiguous(t).storage.get(), t.storage.get());
  Tensor c = contiguous(transposed(t));
  EXPECT_NE(c.storage.get(), t.storage.get());
  EXPECT_EQ(c.strides, (Shape{2, 1}));
  EXPECT_EQ(values(c), (std::vector<double>{0, 3, 1, 4, 2, 5}));
}

// ---------------------------------------------------------------- copies across dtypes
TEST(TorchCopy, AcrossDtypes) {
  Tensor f = from(Shape{5}, {2.7, -2.7, 0.0, 0.5, -0.0});
  Tensor i = empty(Shape{5}, DType::Int64);
  copy_into(i, f);
  EXPECT_EQ(values(i), (std::vector<double>{2, -2, 0, 0, 0}));  // truncation toward zero
  Tensor b = empty(Shape{5}, DType::Bool);
  copy_into(b, f);
  EXPECT_EQ(values(b), (std::vector<double>{1, 1, 0, 1, 0}));   // nonzero -> True (-0.0 is zero)
  Tensor i32 = empty(Shape{5}, DType::Int32);
  copy_into(i32, b);
  EXPECT_EQ(values(i32), (std::vector<double>{1, 1, 0, 1, 0}));
  Tensor d = empty(Shape{5}, DType::Float64);
  copy_into(d, f);
  EXPECT_DOUBLE_EQ(values(d)[0], double(2.7f));  // float32 widened exactly
}

TEST(TorchCopy, NanAndOutOfRangeToIntGiveTheMinimum) {
  // torch.tensor([nan, inf, 1e30]).long() == [-9223372036854775808] * 3 on x86.
  Tensor f = from(Shape{3}, {NAN, INFINITY, 1e30}, DType::Float64);
  Tensor i = empty(Shape{3}, DType::Int64);
  copy_into(i, f);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(i.data<int64_t>()[k], INT64_MIN);
}

TEST(TorchCopy, BroadcastsIntoAStridedView) {
  Tensor dst = empty(Shape{3, 2}, DType::Float64);
  Tensor src = from(Shape{3}, {1, 2, 3}, DType::Int32);
  copy_into(transposed(dst), src);  // dst.t().copy_(src): each row of dst.t() gets src
  EXPECT_EQ(values(dst), (std::vector<double>{1, 1, 2, 2, 3, 3}));
}

// ---------------------------------------------------------------- matrix products
TEST(TorchMatmul, ShapesFollowPyTorch) {
  auto shape_of = [](Shape a, Shape b) { return matmul(iota(a, DType::Float32), iota(b, DType::Float32)).sizes; };
  EXPECT_EQ(shape_of(Shape{3}, Shape{3}), (Shape{}));
  EXPECT_EQ(shape_of(Shape{2, 3}, Shape{3}), (Shape{2}));
  EXPECT_EQ(shape_of(Shape{3}, Shape{3, 4}), (Shape{4}));
  EXPECT_EQ(shape_of(Shape{2, 3}, Shape{3, 4}), (Shape{2, 4}));
  EXPECT_EQ(shape_of(Shape{5, 2, 3}, Shape{3}), (Shape{5, 2}));
  EXPECT_EQ(shape_of(Shape{2}, Shape{5, 2, 4}), (Shape{5, 4}));
  EXPECT_EQ(shape_of(Shape{5, 2, 3}, Shape{3, 4}), (Shape{5, 2, 4}));
  EXPECT_EQ(shape_of(Shape{4, 2}, Shape{5, 2, 3}), (Shape{5, 4, 3}));
  EXPECT_EQ(shape_of(Shape{2, 1, 2, 3}, Shape{5, 3, 4}), (Shape{2, 5, 2, 4}));
  EXPECT_EQ(shape_of(Shape{0, 3}, Shape{3, 2}), (Shape{0, 2}));
  EXPECT_EQ(shape_of(Shape{3, 5, 0}, Shape{0, 0}), (Shape{3, 5, 0}));
  EXPECT_EQ(bmm(iota(Shape{2, 2, 3}, DType::Float32), iota(Shape{2, 3, 4}, DType::Float32)).sizes, (Shape{2, 2, 4}));
  EXPECT_EQ(outer(iota(Shape{2}, DType::Float32), iota(Shape{3}, DType::Int64)).sizes, (Shape{2, 3}));
}

TEST(TorchMatmul, ValuesMatchANaiveProduct) {
  for (DType d : {DType::Float32, DType::Float64, DType::Int32, DType::Int64}) {
    Tensor a = iota(Shape{3, 4}, d), b = iota(Shape{4, 5}, d);
    Tensor c = matmul(a, b);
    EXPECT_EQ(c.dtype, d);
    EXPECT_EQ(values(c), naive_mm(a, b)) << dtype_name(d);
  }
  // torch.arange(12.).reshape(2,3,2) @ torch.arange(6.).reshape(2,3) (a folded batch)
  Tensor a = iota(Shape{2, 3, 2}, DType::Float32), b = iota(Shape{2, 3}, DType::Float32);
  EXPECT_EQ(values(matmul(a, b)), (std::vector<double>{3, 4, 5, 9, 14, 19, 15, 24, 33, 21, 34, 47, 27, 44, 61, 33, 54, 75}));
  // dot and mv
  EXPECT_EQ(values(dot(iota(Shape{4}, DType::Float32), iota(Shape{4}, DType::Float32))), (std::vector<double>{14}));
  EXPECT_EQ(values(mv(iota(Shape{2, 3}, DType::Int64), iota(Shape{3}, DType::Int64))), (std::vector<double>{5, 14}));
}

TEST(TorchMatmul, TransposedOperandsAreReadInPlace) {
  // a.t() @ b, a @ b.t(), a.t() @ b.t(): same values as contiguous copies.
  Tensor a = iota(Shape{4, 3}, DType::Float32), b = iota(Shape{5, 4}, DType::Float32);
  Tensor at = transposed(a), bt = transposed(b);  // 3 x 4 and 4 x 5, both column-major
  EXPECT_EQ(values(matmul(at, bt)), naive_mm(at, bt));
  EXPECT_EQ(values(matmul(bt, transposed(iota(Shape{2, 5}, DType::Float32)))),
            naive_mm(bt, contiguous(transposed(iota(Shape{2, 5}, DType::Float32)))));
  EXPECT_EQ(values(matmul(at, iota(Shape{4, 2}, DType::Float32))), naive_mm(at, iota(Shape{4, 2}, DType::Float32)));
  EXPECT_EQ(values(matmul(iota(Shape{2, 5}, DType::Float64), transposed(iota(Shape{3, 5}, DType::Float64)))),
            naive_mm(iota(Shape{2, 5}, DType::Float64), contiguous(transposed(iota(Shape{3, 5}, DType::Float64)))));
  // A column slice (no unit stride) is copied first and still right.
  Tensor wide = iota(Shape{3, 8}, DType::Float32);
  Tensor cols = slice(wide, 1, 0, 8, 2);  // 3 x 4, strides (8, 2)
  EXPECT_EQ(values(matmul(cols, iota(Shape{4, 2}, DType::Float32))),
            naive_mm(contiguous(cols), iota(Shape{4, 2}, DType::Float32)));
  // Transposed int matrices go through the loop.
  Tensor ai = iota(Shape{4, 3}, DType::Int64);
  EXPECT_EQ(values(matmul(transposed(ai), iota(Shape{4, 2}, DType::Int64))),
            naive_mm(contiguous(transposed(ai)), iota(Shape{4, 2}, DType::Int64)));
  // Broadcast batches (stride 0) are not materialised.
  Tensor m = iota(Shape{3, 4}, DType::Float32);
  Tensor batch = expand_to(iota(Shape{1, 4, 2}, DType::Float32), Shape{6, 4, 2});
  Tensor r = matmul(m, batch);
  EXPECT_EQ(r.sizes, (Shape{6, 3, 2}));
  std::vector<double> one = naive_mm(m, iota(Shape{4, 2}, DType::Float32));
  std::vector<double> got = values(r);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(std::vector<double>(got.begin() + i * 6, got.begin() + i * 6 + 6), one);
}

TEST(TorchMatmul, IntegerProductsWrapAround) {
  // torch.full((1,2), 2**30, dtype=torch.int32) @ torch.full((2,1), 4, dtype=torch.int32) == [[0]]
  Tensor a = from(Shape{1, 2}, {1 << 30, 1 << 30}, DType::Int32);
  Tensor b = from(Shape{2, 1}, {4, 4}, DType::Int32);
  EXPECT_EQ(values(matmul(a, b)), (std::vector<double>{0}));
}

TEST(TorchMatmul, ErrorMessagesArePyTorchs) {
  auto f = [](Shape s, DType d = DType::Float32) { return iota(s, d); };
  const DType F = DType::Float32, D = DType::Float64, L = DType::Int64, B = DType::Bool;
  struct Case {
    std::string got, want;
  };
  std::vector<Case> cases = {
      {error_of([&] { mm(f(Shape{2, 3}), f(Shape{4, 5})); }), "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"},
      {error_of([&] { matmul(f(Shape{2, 3}), f(Shape{4, 5})); }), "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"},
      {error_of([&] { matmul(f(Shape{3}), f(Shape{4})); }),
       "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively"},
      {error_of([&] { matmul(f(Shape{2, 3}), f(Shape{4})); }), "size mismatch, got 2, 2x3,4"},
      {error_of([&] { matmul(f(Shape{4}), f(Shape{2, 3})); }), "mat1 and mat2 shapes cannot be multiplied (1x4 and 2x3)"},
      {error_of([&] { matmul(f(Shape{2, 2, 3}), f(Shape{3, 3, 4})); }),
       "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"},
      {error_of([&] { matmul(f(Shape{2, 2, 3}), f(Shape{2, 4, 4})); }),
       "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 4]."},
      {error_of([&] { matmul(f(Shape{7, 1, 2, 3}), f(Shape{5, 4, 4})); }),
       "Expected size for first two dimensions of batch2 tensor to be: [35, 3] but got: [35, 4]."},
      {error_of([&] { matmul(f(Shape{2, 2, 3}), f(Shape{4, 4})); }), "mat1 and mat2 shapes cannot be multiplied (4x3 and 4x4)"},
      {error_of([&] { matmul(f(Shape{2, 3}), f(Shape{5, 4, 4})); }), "mat1 and mat2 shapes cannot be multiplied (20x4 and 3x2)"},
      {error_of([&] { matmul(f(Shape{4}), f(Shape{2, 2, 3})); }), "size mismatch, got 6, 6x2,4"},
      {error_of([&] { matmul(f(Shape{2, 2, 3}), f(Shape{4})); }), "size mismatch, got 4, 4x3,4"},
      {error_of([&] { matmul(f(Shape{2, 3}), f(Shape{3, 4}, D)); }), "expected scalar type Float but found Double"},
      {error_of([&] { matmul(f(Shape{2, 3}, D), f(Shape{3, 4})); }), "expected scalar type Double but found Float"},
      {error_of([&] { matmul(f(Shape{2, 3}), f(Shape{2, 3, 4}, D)); }), "expected scalar type Double but found Float"},
      {error_of([&] { matmul(f(Shape{3}), f(Shape{2, 3, 4}, D)); }), "expected scalar type Double but found Float"},
      {error_of([&] { matmul(f(Shape{3}), f(Shape{3}, D)); }),
       "dot : expected both vectors to have same dtype, but found Float and Double"},
      {error_of([&] { matmul(f(Shape{2, 3}, L), f(Shape{3, 4})); }), "expected scalar type Long but found Float"},
      {error_of([&] { bmm(f(Shape{2, 2, 3}), f(Shape{2, 3, 4}, D)); }), "expected scalar type Float but found Double"},
      {error_of([&] { bmm(f(Shape{2, 20, 30}), f(Shape{2, 30, 40}, D)); }), "expected scalar type Double but found Float"},
      {error_of([&] { bmm(f(Shape{2, 20, 30}), f(Shape{2, 30, 40}, B)); }), "\"addmm_impl_cpu_\" not implemented for 'Bool'"},
      {error_of([&] { bmm(f(Shape{2, 2, 3}, B), f(Shape{2, 3, 4})); }), "\"bmm\" not implemented for 'Bool'"},
      {error_of([&] { mm(f(Shape{2, 3}, B), f(Shape{3, 4}, B)); }), "\"addmm_impl_cpu_\" not implemented for 'Bool'"},
      {error_of([&] { mm(f(Shape{2, 3}, L), f(Shape{3, 5}, B)); }), "expected scalar type Long but found Bool"},
      {error_of([&] { mv(f(Shape{2, 3}, B), f(Shape{3}, B)); }), "\"addmv_impl_cpu\" not implemented for 'Bool'"},
      {error_of([&] { dot(f(Shape{3}, B), f(Shape{3}, B)); }), "\"dot\" not implemented for 'Bool'"},
      {error_of([&] { matmul(f(Shape{}), f(Shape{3})); }),
       "both arguments to matmul need to be at least 1D, but they are 0D and 1D"},
      {error_of([&] { mm(f(Shape{3}), f(Shape{3, 4})); }), "self must be a matrix"},
      {error_of([&] { mm(f(Shape{2, 3}), f(Shape{3})); }), "mat2 must be a matrix"},
      {error_of([&] { bmm(f(Shape{2, 3}), f(Shape{2, 3, 4})); }), "batch1 must be a 3D tensor"},
      {error_of([&] { bmm(f(Shape{2, 2, 3}), f(Shape{3, 3, 4})); }),
       "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3]."},
      {error_of([&] { mv(f(Shape{2, 3, 4}), f(Shape{4})); }), "vector + matrix @ vector expected, got 1, 3, 1"},
      {error_of([&] { dot(f(Shape{3, 1}), f(Shape{3})); }), "1D tensors expected, but got 2D and 1D tensors"},
      {error_of([&] { outer(f(Shape{2, 3}), f(Shape{3})); }), "outer: Expected 1-D argument self, but got 2-D"},
      {error_of([&] { outer(f(Shape{2}), f(Shape{3, 2})); }), "outer: Expected 1-D argument vec2, but got 2-D"},
      // No dtype check when there is nothing to compute (torch.mm(ones(0, 3), ones(3, 2, dtype=float64))).
      {error_of([&] { mm(f(Shape{0, 3}), f(Shape{3, 2}, D)); }), ""},
      {error_of([&] { mm(f(Shape{2, 0}), f(Shape{0, 2}, B)); }), ""},
  };
  for (const Case& c : cases) EXPECT_EQ(c.got, c.want);
}

TEST(TorchMatmul, ResultDtypesOfEmptyProducts) {
  const DType F = DType::Float32, D = DType::Float64;
  EXPECT_EQ(mm(iota(Shape{0, 3}, F), iota(Shape{3, 2}, D)).dtype, F);   // mat1's
  EXPECT_EQ(mv(iota(Shape{0, 3}, F), iota(Shape{3}, D)).dtype, D);      // vec's
  EXPECT_EQ(bmm(iota(Shape{0, 2, 3}, F), iota(Shape{0, 3, 4}, D)).dtype, D);  // batch2's
  Tensor z = mm(iota(Shape{2, 0}, F), iota(Shape{0, 2}, F));
  EXPECT_EQ(values(z), (std::vector<double>{0, 0, 0, 0}));
}

TEST(TorchMatmul, OuterPromotes) {
  // torch.outer(torch.tensor([1.5]), torch.tensor([3])) -> float32 [[4.5]]
  Tensor r = outer(from(Shape{1}, {1.5}), from(Shape{1}, {3}, DType::Int64));
  EXPECT_EQ(r.dtype, DType::Float32);
  EXPECT_EQ(values(r), (std::vector<double>{4.5}));
  EXPECT_EQ(outer(iota(Shape{2}, DType::Bool), iota(Shape{3}, DType::Int64)).dtype, DType::Int64);
}
