// stdlib/torch/tensor.h — the tensor: a strided view of a Storage.
//
// A Tensor is a small value type: a reference to a Storage, an element
// offset into it, a dtype, and up to kMaxDims sizes and strides (in
// elements). Views (transpose, slicing, expand, ...) are new Tensors over the
// same Storage, so writes through one are seen through all. Nothing here
// knows about the VM: the Python object torch.Tensor (tensor_object.h) holds
// a Tensor, and kernels take and return Tensors.
//
// Conventions, as in PyTorch: sizes are non-negative; a stride may be 0
// (expanded dimensions); a 0-dim tensor holds one element; strides of size-1
// dimensions do not matter for contiguity.
#pragma once

#include <cstdint>
#include <optional>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "stdlib/torch/dtype.h"
#include "stdlib/torch/error.h"
#include "stdlib/torch/storage.h"

namespace kiln::torch {

constexpr int kMaxDims = 8;

// A list of sizes or strides (at most kMaxDims), stored inline.
struct Shape {
  int64_t v[kMaxDims];
  int n = 0;
  Shape() = default;
  Shape(std::initializer_list<int64_t> l) {
    for (int64_t x : l) push_back(x);
  }
  explicit Shape(std::span<const int64_t> s) {
    for (int64_t x : s) push_back(x);
  }
  int size() const { return n; }
  bool empty() const { return n == 0; }
  int64_t& operator[](int i) { return v[i]; }
  int64_t operator[](int i) const { return v[i]; }
  void push_back(int64_t x) {
    if (n == kMaxDims) runtime_error("Kiln tensors have at most {} dimensions", kMaxDims);
    v[n++] = x;
  }
  void insert(int pos, int64_t x) {
    push_back(0);
    for (int i = n - 1; i > pos; --i) v[i] = v[i - 1];
    v[pos] = x;
  }
  void erase(int pos) {
    for (int i = pos; i + 1 < n; ++i) v[i] = v[i + 1];
    --n;
  }
  const int64_t* begin() const { return v; }
  const int64_t* end() const { return v + n; }
  std::span<const int64_t> span() const { return {v, size_t(n)}; }
  bool operator==(const Shape& o) const {
    if (n != o.n) return false;
    for (int i = 0; i < n; ++i)
      if (v[i] != o.v[i]) return false;
    return true;
  }
  int64_t numel() const {
    int64_t p = 1;
    for (int i = 0; i < n; ++i) p *= v[i];
    return p;
  }
  // "[2, 3]" (PyTorch's messages print shapes like this).
  std::string str() const;
};

// Meta: a meta tensor's (ops/meta.h), which has metadata and no storage.
enum class Device : uint8_t { CPU, Meta };

struct Tensor {
  StoragePtr storage;
  int64_t offset = 0;          // in elements
  Shape sizes, strides;
  DType dtype = kDefaultFloat;
  Device device = Device::CPU;

  int dim() const { return sizes.n; }
  int64_t numel() const { return sizes.numel(); }
  int64_t size(int d) const { return sizes[d]; }
  int64_t stride(int d) const { return strides[d]; }
  size_t element_size() const { return itemsize(dtype); }
  bool defined() const { return bool(storage) || device == Device::Meta; }
  bool is_contiguous() const;
  [[noreturn]] static void no_data();
  // Pointer to element 0 (the view's first element). A meta tensor (and an
  // undefined one) has no data: a kernel reached with one raises (an
  // internal error) instead of reading through a null storage.
  char* data_bytes() const {
    if (!storage) [[unlikely]] no_data();
    return static_cast<char*>(storage->data) + offset * int64_t(itemsize(dtype));
  }
  template <class T> T* data() const { return reinterpret_cast<T*>(data_bytes()); }
};

// Marks an in-place write to t's storage (autograd's version counter:
// every in-place kernel calls it).
// Writes counted on this thread so far: ops/registry.cpp looks at fresh
// results only when their op wrote something (most ops write nothing).
inline thread_local uint64_t t_version_bumps = 0;
inline void bump_version(const Tensor& t) {
  if (t.storage) ++t.storage->version;
  ++t_version_bumps;
}

// Row-major strides of `sizes`.
Shape contiguous_strides(const Shape& sizes);
// Meta tensors (ops/meta.h): a tensor's metadata with no storage, on
// Device::Meta, for computing an op's result layout without running it.
// meta_tensor refuses negative sizes as empty() does; meta_like is t's
// layout without its data.
Tensor meta_tensor(const Shape& sizes, DType dtype);
Tensor meta_like(const Tensor& t);
inline bool is_meta(const Tensor& t) { return t.device == Device::Meta; }
// A new tensor of this shape and dtype, contiguous, uninitialised.
Tensor empty(const Shape& sizes, DType dtype);
// The same in *slot's storage when nothing else holds it (its reference
// count is 1) and it is large enough; otherwise in a fresh storage, which
// *slot then holds. A compiled graph keeps one slot per buffer it plans, so
// a warm call allocates nothing for its intermediates (jit/tier_manager).
Tensor empty_in(StoragePtr* slot, const Shape& sizes, DType dtype);
// A view of `base`'s storage with other sizes/strides/offset.
Tensor make_view(const Tensor& base, const Shape& sizes, const Shape& strides, int64_t offset);
// Wraps a negative dim and checks its range (PyTorch's message):
// "Dimension out of range (expected to be in range of [-2, 1], but got 2)".
int wrap_dim(int64_t dim, int ndim);
// Sizes of the broadcast of a and b, or RuntimeError "The size of tensor a
// (3) must match the size of tensor b (4) at non-singleton dimension 0".
Shape broadcast_shapes(const Shape& a, const Shape& b);
// A view of t expanded to `sizes` (stride 0 on broadcast dimensions);
// sizes must be a valid broadcast target of t's.
Tensor expand_to(const Tensor& t, const Shape& sizes);
// t itself if contiguous, else a contiguous copy.
Tensor contiguous(const Tensor& t);
// A copy of t with dtype `to` (a new tensor even when the dtype is the same).
Tensor cast(const Tensor& t, DType to);
// t if it already has dtype `to`, else a converted copy.
Tensor to_dtype(const Tensor& t, DType to);
// Copies src into dst elementwise (broadcasting src, converting dtypes);
// dst may be any view.
void copy_into(const Tensor& dst, const Tensor& src);
// copy_into without the version bump: the second half of an in-place op
// that counted its write already (computed into a temporary of another
// dtype, then copied back: one write, as PyTorch counts it).
void copy_values(const Tensor& dst, const Tensor& src);

// PyTorch's check before writing into `t` in place: an expanded tensor
// (stride 0 over a dimension of more than one element) has elements sharing
// memory. RuntimeError "unsupported operation: more than one element of the
// written-to tensor refers to a single memory location. ..."
void check_no_internal_overlap(const Tensor& t);
// PyTorch's check before an in-place op or copy writes `written` while
// reading `read`: when both are dense, non-overlapping views of one storage
// whose byte ranges intersect without being the same view, RuntimeError
// "unsupported operation: some elements of the input tensor and the
// written-to tensor refer to a single memory location. ..." (the loop would
// read elements it has already overwritten).
void check_no_partial_overlap(const Tensor& written, const Tensor& read);
// Whether t's elements fill a block of memory exactly once, in some order
// of its dims (PyTorch's is_non_overlapping_and_dense).
bool is_non_overlapping_and_dense(const Tensor& t);
// A new uninitialised tensor like t: same sizes and dtype, and the same
// memory layout order when t is dense and non-overlapping (PyTorch's
// preserve_format), else contiguous; of dtype `dtype` when given.
Tensor empty_like_layout(const Tensor& t, std::optional<DType> dtype = std::nullopt);

// One element as a double / int64 / bool, converted from the dtype.
// `index` is the element's position in row-major order of the view.
double element_as_double(const Tensor& t, int64_t flat_index);

}  // namespace kiln::torch
