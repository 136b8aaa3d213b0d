// tests/unit/test_torch_views.cpp — the torch module's views and shape ops
// (stdlib/torch/views.h, shape_ops.h, index.cpp): sizes, strides and
// offsets of every view, the view-or-copy decision of reshape, storage
// sharing (writes through a view are seen through the base), and a few
// scripts whose expected output is what CPython + PyTorch 1.13 print.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "stdlib/torch/shape_ops.h"
#include "stdlib/torch/views.h"
#include "tests/unit/stdlib_test_util.h"

namespace kiln::torch {
namespace {

// A contiguous int64 tensor holding 0, 1, 2, ... in row-major order.
Tensor arange(const Shape& shape) {
  Tensor t = empty(shape, DType::Int64);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<int64_t>()[i] = i;
  return t;
}

// The element at a multi-index, through the view's own strides.
int64_t at(const Tensor& t, std::initializer_list<int64_t> idx) {
  int64_t off = 0;
  int d = 0;
  for (int64_t i : idx) off += i * t.strides[d++];
  return t.data<int64_t>()[off];
}
void set(const Tensor& t, std::initializer_list<int64_t> idx, int64_t v) {
  int64_t off = 0;
  int d = 0;
  for (int64_t i : idx) off += i * t.strides[d++];
  t.data<int64_t>()[off] = v;
}

bool same_storage(const Tensor& a, const Tensor& b) { return a.storage.get() == b.storage.get(); }

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.message;
  }
  return "(no error)";
}

TEST(TorchViews, TransposeSwapsSizesAndStrides) {
  Tensor x = arange({2, 3});
  Tensor t = transpose(x, 0, 1);
  EXPECT_EQ(t.sizes, (Shape{3, 2}));
  EXPECT_EQ(t.strides, (Shape{1, 3}));
  EXPECT_EQ(t.offset, 0);
  EXPECT_TRUE(same_storage(x, t));
  EXPECT_FALSE(t.is_contiguous());
  EXPECT_EQ(at(t, {2, 1}), 5);
  EXPECT_EQ(t_2d(x).strides, (Shape{1, 3}));
  EXPECT_EQ(matrix_transpose(arange({2, 3, 4})).strides, (Shape{12, 1, 4}));
  EXPECT_EQ(reverse_dims(arange({2, 3, 4})).strides, (Shape{1, 4, 12}));
  EXPECT_EQ(error_of([] { t_2d(arange({1, 2, 3})); }), "t() expects a tensor with <= 2 dimensions, but self is 3D");
}

TEST(TorchViews, PermuteReordersStrides) {
  Tensor x = arange({2, 3, 4});
  Tensor p = permute(x, Shape{2, 0, 1});
  EXPECT_EQ(p.sizes, (Shape{4, 2, 3}));
  EXPECT_EQ(p.strides, (Shape{1, 12, 4}));
  EXPECT_EQ(at(p, {3, 1, 2}), 1 * 12 + 2 * 4 + 3);
  EXPECT_EQ(permute(x, Shape{-1, 0, 1}).strides, (Shape{1, 12, 4}));
  EXPECT_EQ(error_of([&] { permute(x, Shape{0, 0, 1}); }), "permute(): duplicate dims are not allowed.");
}

TEST(TorchViews, ExpandGivesStrideZero) {
  Tensor x = arange({3});
  Tensor e = expand(x, Shape{2, 3});
  EXPECT_EQ(e.sizes, (Shape{2, 3}));
  EXPECT_EQ(e.strides, (Shape{0, 1}));
  EXPECT_TRUE(same_storage(x, e));
  Tensor c = arange({3, 1});
  Tensor ec = expand(c, Shape{-1, 4});
  EXPECT_EQ(ec.sizes, (Shape{3, 4}));
  EXPECT_EQ(ec.strides, (Shape{1, 0}));
  EXPECT_EQ(at(ec, {2, 3}), 2);
  // A new leading dim of size 1 keeps a real stride (ATen's inferExpandGeometry).
  EXPECT_EQ(expand(x, Shape{1, 3}).strides, (Shape{3, 1}));
  EXPECT_EQ(error_of([&] { expand(x, Shape{-1, 3}); }),
            "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0");
  EXPECT_EQ(error_of([&] { expand(x, Shape{2, 4}); }),
            "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  "
            "Target sizes: [2, 4].  Tensor sizes: [3]");
}

TEST(TorchViews, NarrowSelectAndSlicesMoveTheOffset) {
  Tensor x = arange({4, 6});
  Tensor n = narrow(x, 1, 2, 3);
  EXPECT_EQ(n.sizes, (Shape{4, 3}));
  EXPECT_EQ(n.strides, (Shape{6, 1}));
  EXPECT_EQ(n.offset, 2);
  EXPECT_EQ(narrow(x, 0, -1, 1).offset, 18);

  Tensor y = arange({2, 3, 4});
  Tensor s = select(y, 1, 2);
  EXPECT_EQ(s.sizes, (Shape{2, 4}));
  EXPECT_EQ(s.strides, (Shape{12, 1}));
  EXPECT_EQ(s.offset, 8);
  EXPECT_EQ(select(y, -1, -1).offset, 3);
  EXPECT_EQ(error_of([&] { select(y, 0, 2); }), "select(): index 2 out of range for tensor of size [2, 3, 4] at dimension 0");

  // y[1:, 1::2, ::3]
  Tensor v = slice(slice(slice(y, 0, 1, 2, 1), 1, 1, 3, 2), 2, 0, 4, 3);
  EXPECT_EQ(v.sizes, (Shape{1, 1, 2}));
  EXPECT_EQ(v.strides, (Shape{12, 8, 3}));
  EXPECT_EQ(v.offset, 16);
  EXPECT_EQ(at(v, {0, 0, 1}), 19);
}

TEST(TorchViews, UnsqueezeAndSqueeze) {
  Tensor x = arange({2, 3});
  Tensor u = unsqueeze(x, -1);
  EXPECT_EQ(u.sizes, (Shape{2, 3, 1}));
  EXPECT_EQ(u.strides, (Shape{3, 1, 1}));
  // Inserted before a transposed dim: stride = size * stride of the dim it precedes.
  EXPECT_EQ(unsqueeze(transpose(x, 0, 1), 1).strides, (Shape{1, 6, 3}));
  Tensor z = arange({2, 1, 3});
  EXPECT_EQ(squeeze(z).sizes, (Shape{2, 3}));
  EXPECT_EQ(squeeze(z).strides, (Shape{3, 1}));
  EXPECT_EQ(squeeze(z, 0).sizes, (Shape{2, 1, 3}));
  EXPECT_EQ(squeeze(z, -2).sizes, (Shape{2, 3}));
  EXPECT_TRUE(same_storage(z, squeeze(z)));
}

TEST(TorchViews, ReshapeIsAViewWhenStridesFitAndACopyOtherwise) {
  Tensor x = arange({3, 4});
  Tensor r = reshape(x, Shape{2, -1});
  EXPECT_TRUE(same_storage(x, r));
  EXPECT_EQ(r.strides, (Shape{6, 1}));

  Tensor t = transpose(x, 0, 1);
  Tensor rt = reshape(t, Shape{12});
  EXPECT_FALSE(same_storage(x, rt));
  EXPECT_EQ(at(rt, {1}), 4);  // x.t().reshape(12) reads down the columns
  EXPECT_EQ(error_of([&] { view(t, Shape{12}); }),
            "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
            "contiguous subspaces). Use .reshape(...) instead.");

  // Splitting a strided dim is still a view: x[:, ::2] of [4, 6] -> (2, 2, 3).
  Tensor s = slice(arange({4, 6}), 1, 0, 6, 2);
  Tensor rs = reshape(s, Shape{2, 2, 3});
  EXPECT_TRUE(same_storage(s, rs));
  EXPECT_EQ(rs.strides, (Shape{12, 6, 2}));
  // Step 2 over rows of 6: every row starts 3 steps after the last, so
  // merging is a view too (PyTorch agrees: stride (2,)).
  EXPECT_EQ(reshape(s, Shape{12}).strides, (Shape{2}));
  // x[:, :3] of [4, 6] leaves gaps between rows: merging them copies.
  Tensor g = slice(arange({4, 6}), 1, 0, 3, 1);
  EXPECT_FALSE(same_storage(g, reshape(g, Shape{12})));
  EXPECT_TRUE(reshape(g, Shape{12}).is_contiguous());

  // Merging an expanded dim into a real one needs a copy.
  Tensor e = expand(arange({2, 3}), Shape{2, 2, 3});
  EXPECT_FALSE(same_storage(e, reshape(e, Shape{4, 3})));
  // Size-1 dims never block a view.
  Tensor one = transpose(arange({4, 1, 3}), 0, 1);
  EXPECT_EQ(one.strides, (Shape{3, 3, 1}));
  EXPECT_TRUE(same_storage(one, view(one, Shape{12})));
  EXPECT_EQ(flatten(x, 0, -1).strides, (Shape{1}));
  EXPECT_TRUE(same_storage(x, flatten(x, 0, -1)));

  EXPECT_EQ(error_of([&] { view(x, Shape{5, -1}); }), "shape '[5, -1]' is invalid for input of size 12");
  EXPECT_EQ(error_of([&] { view(x, Shape{-1, -1}); }), "only one dimension can be inferred");
}

TEST(TorchViews, WritesThroughAViewAreSeenThroughTheBase) {
  Tensor x = arange({3, 4});
  set(transpose(x, 0, 1), {3, 2}, 100);
  EXPECT_EQ(at(x, {2, 3}), 100);
  set(select(x, 1, 0), {1}, -7);
  EXPECT_EQ(at(x, {1, 0}), -7);
  set(view(x, Shape{12}), {5}, 55);
  EXPECT_EQ(at(x, {1, 1}), 55);
  Tensor n = narrow(x, 0, 1, 2);
  copy_into(n, expand(arange({4}), n.sizes));
  EXPECT_EQ(at(x, {2, 3}), 3);
  EXPECT_EQ(at(x, {0, 3}), 3);  // row 0 untouched (it was 3)
  std::vector<Tensor> parts = chunk(x, 2, 1);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[1].offset, 2);
  set(parts[1], {0, 0}, 42);
  EXPECT_EQ(at(x, {0, 2}), 42);
}

TEST(TorchShapeOps, CatPromotesAndChecksSizes) {
  Tensor a = arange({2, 2});
  Tensor b = cast(arange({2, 1}), DType::Float32);
  Tensor c = cat({a, b}, 1);
  EXPECT_EQ(c.dtype, DType::Float32);
  EXPECT_EQ(c.sizes, (Shape{2, 3}));
  EXPECT_EQ(error_of([&] { cat({a, arange({3, 3})}, 1); }),
            "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor number 1 in the list.");
  EXPECT_EQ(stack({a, a}, 1).sizes, (Shape{2, 2, 2}));
}

TEST(TorchShapeOps, AdvancedIndexPlacesBroadcastDims) {
  Tensor x = arange({2, 3, 4});
  Tensor i = arange({2});
  // Adjacent advanced indices stay in place: x[:, [0, 1], [0, 1]] -> [2, 2].
  Tensor r = index(x, {Tensor(), i, i});
  EXPECT_EQ(r.sizes, (Shape{2, 2}));
  EXPECT_EQ(r.data<int64_t>()[1], 5);
  // Separated by a slice they go first: x[[0, 1], :, [0, 1]] -> [2, 3].
  EXPECT_EQ(index(x, {i, Tensor(), i}).sizes, (Shape{2, 3}));
  Tensor v = scalar_tensor(Scalar::from_int(-1), DType::Int64);
  index_put(x, {i, Tensor(), i}, v);
  EXPECT_EQ(at(x, {1, 2, 1}), -1);
  EXPECT_EQ(at(x, {1, 2, 2}), 22);
}

TEST(TorchScripts, IndexingMatchesPyTorch) {
  const char* src =
      "import torch\n"
      "x = torch.arange(24).view(2, 3, 4)\n"
      "print(x[1:, None, ::2].shape, x[1:, None, ::2].stride())\n"
      "print(x[..., 0])\n"
      "print(x[[0, 1], :, [1, 2]])\n"
      "print(x[x > 20])\n"
      "y = torch.zeros(3, 4)\n"
      "y[:, 1] = 5\n"
      "y[y == 0] = torch.arange(9.)\n"
      "y[torch.tensor([0, 2])] = torch.tensor([[-1.], [-2.]])\n"
      "print(y)\n"
      "try:\n"
      "    x[5]\n"
      "except IndexError as e:\n"
      "    print(e)\n";
  EXPECT_EQ(kiln_test::run_script(src),
            "torch.Size([1, 1, 2, 4]) (12, 12, 8, 1)\n"
            "tensor([[ 0,  4,  8],\n"
            "        [12, 16, 20]])\n"
            "tensor([[ 1,  5,  9],\n"
            "        [14, 18, 22]])\n"
            "tensor([21, 22, 23])\n"
            "tensor([[-1., -1., -1., -1.],\n"
            "        [ 3.,  5.,  4.,  5.],\n"
            "        [-2., -2., -2., -2.]])\n"
            "index 5 is out of bounds for dimension 0 with size 2\n");
}

}  // namespace
}  // namespace kiln::torch
