// stdlib/torch/tensor.cpp — shapes, views, copies and casts (see tensor.h).

#include "stdlib/torch/tensor.h"

#include <limits>
#include <type_traits>

#include <tbb/parallel_for.h>

#include "stdlib/torch/tensor_iter.h"

namespace kiln::torch {

std::string Shape::str() const {
  std::string s = "[";
  for (int i = 0; i < n; ++i) {
    if (i) s += ", ";
    s += std::to_string(v[i]);
  }
  return s + "]";
}

bool Tensor::is_contiguous() const {
  int64_t expected = 1;
  for (int d = dim() - 1; d >= 0; --d) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) {
      // (PyTorch's rule: a tensor of no elements is contiguous, whatever its strides.)
      for (int e = 0; e < dim(); ++e)
        if (sizes[e] == 0) return true;
      return false;
    }
    expected *= sizes[d];
  }
  return true;
}

Shape contiguous_strides(const Shape& sizes) {
  Shape s;
  s.n = sizes.n;
  int64_t acc = 1;
  for (int d = sizes.n - 1; d >= 0; --d) {
    s[d] = acc;
    acc *= std::max<int64_t>(sizes[d], 1);
  }
  return s;
}

Tensor empty(const Shape& sizes, DType dtype) {
  for (int64_t s : sizes)
    if (s < 0) runtime_error("Trying to create tensor with negative dimension {}: {}", s, sizes.str());
  // A product that overflows would allocate a small block for a huge shape.
  int64_t bytes = int64_t(itemsize(dtype));
  for (int64_t s : sizes)
    if (__builtin_mul_overflow(bytes, s, &bytes)) runtime_error("Storage size calculation overflowed with sizes={}", sizes.str());
  Tensor t;
  t.storage = StoragePtr(Storage::allocate(size_t(sizes.numel()) * itemsize(dtype)));
  t.sizes = sizes;
  t.strides = contiguous_strides(sizes);
  t.dtype = dtype;
  return t;
}

Tensor empty_in(StoragePtr* slot, const Shape& sizes, DType dtype) {
  Storage* s = slot->get();
  size_t need = size_t(sizes.numel()) * itemsize(dtype);
  bool sizes_ok = true;
  for (int64_t d : sizes) sizes_ok = sizes_ok && d >= 0;
  if (!s || s->refcount != 1 || s->nbytes < need || !sizes_ok) {
    Tensor t = empty(sizes, dtype);
    *slot = t.storage;
    return t;
  }
  s->version_base = s->version;  // (a fresh result again: `_version` 0)
  Tensor t;
  t.storage = *slot;
  t.sizes = sizes;
  t.strides = contiguous_strides(sizes);
  t.dtype = dtype;
  return t;
}

void Tensor::no_data() {
  fail(ErrorKind::Runtime, "internal error: a kernel read the data of a tensor that has none (a meta or undefined tensor)");
}

Tensor meta_tensor(const Shape& sizes, DType dtype) {
  for (int64_t s : sizes)
    if (s < 0) runtime_error("Trying to create tensor with negative dimension {}: {}", s, sizes.str());
  Tensor t;
  t.sizes = sizes;
  t.strides = contiguous_strides(sizes);
  t.dtype = dtype;
  t.device = Device::Meta;
  return t;
}

Tensor meta_like(const Tensor& t) {
  Tensor m = t;
  m.storage = StoragePtr();
  m.device = Device::Meta;
  return m;
}

Tensor make_view(const Tensor& base, const Shape& sizes, const Shape& strides, int64_t offset) {
  Tensor t;
  t.storage = base.storage;
  t.offset = offset;
  t.sizes = sizes;
  t.strides = strides;
  t.dtype = base.dtype;
  t.device = base.device;
  return t;
}

int wrap_dim(int64_t dim, int ndim) {
  int64_t n = std::max(ndim, 1);  // a 0-dim tensor accepts dims -1 and 0
  if (dim < -n || dim >= n)
    index_error("Dimension out of range (expected to be in range of [{}, {}], but got {})", -n, n - 1, dim);
  return int(dim < 0 ? dim + n : dim);
}

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  int n = std::max(a.size(), b.size());
  Shape out;
  out.n = n;
  // From the last dimension back, as ATen's infer_size (its message names
  // the first mismatch found that way).
  for (int i = n - 1; i >= 0; --i) {
    int ia = a.size() - n + i, ib = b.size() - n + i;
    int64_t sa = ia >= 0 ? a[ia] : 1, sb = ib >= 0 ? b[ib] : 1;
    if (sa == sb || sb == 1) out[i] = sa;
    else if (sa == 1) out[i] = sb;
    else
      runtime_error("The size of tensor a ({}) must match the size of tensor b ({}) at non-singleton dimension {}", sa,
                    sb, i);
  }
  return out;
}

Tensor expand_to(const Tensor& t, const Shape& sizes) {
  if (t.sizes == sizes) return t;
  int n = sizes.size();
  if (t.dim() > n)
    runtime_error("expand(torch.{}Tensor{{{}}}, size={}): the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
                  dtype_short_name(t.dtype), t.sizes.str(), sizes.str(), n, t.dim());
  Shape st;
  st.n = n;
  for (int i = 0; i < n; ++i) {
    int j = t.dim() - n + i;
    if (j < 0) {
      st[i] = 0;
      continue;
    }
    if (t.sizes[j] == sizes[i]) st[i] = t.strides[j];
    else if (t.sizes[j] == 1) st[i] = 0;
    else
      runtime_error("The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension {}.  Target sizes: {}.  Tensor sizes: {}",
                    sizes[i], t.sizes[j], i, sizes.str(), t.sizes.str());
  }
  return make_view(t, sizes, st, t.offset);
}

namespace {
template <class To, class From> inline To convert(From x) {
  if constexpr (std::is_same_v<To, bool>) return x != From(0);
  else if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
    // Out-of-range float -> int is undefined in C++; PyTorch on x86 gives
    // x86's cvttsd2si: NaN and out-of-range values give the minimum.
    if (!(x >= From(-9.2233720368547758e18) && x < From(9.2233720368547758e18))) return std::numeric_limits<To>::min();
    return To(int64_t(x));
  } else
    return To(x);
}
}  // namespace

void copy_into(const Tensor& dst, const Tensor& src) {
  check_no_partial_overlap(dst, src);
  bump_version(dst);
  copy_values(dst, src);
}

void copy_values(const Tensor& dst, const Tensor& src_in) {
  check_no_partial_overlap(dst, src_in);
  Tensor src = expand_to(src_in, dst.sizes);
  if (is_meta(dst) || is_meta(src)) return;  // (ops/meta.h: the checks only)
  StridedLoop<2> loop(dst.sizes, {dst.data_bytes(), src.data_bytes()}, {dst.strides, src.strides},
                      {int64_t(dst.element_size()), int64_t(src.element_size())});
  dispatch_dtype(dst.dtype, [&](auto d0) {
    using D = decltype(d0);
    dispatch_dtype(src.dtype, [&](auto s0) {
      using S = decltype(s0);
      loop.run([](std::array<char*, 2> p, const std::array<int64_t, 2>& st, int64_t n) {
        if (st[0] == sizeof(D) && st[1] == sizeof(S)) {
          D* o = reinterpret_cast<D*>(p[0]);
          const S* i = reinterpret_cast<const S*>(p[1]);
          for (int64_t k = 0; k < n; ++k) o[k] = convert<D>(i[k]);
        } else {
          for (int64_t k = 0; k < n; ++k)
            *reinterpret_cast<D*>(p[0] + k * st[0]) = convert<D>(*reinterpret_cast<const S*>(p[1] + k * st[1]));
        }
      });
    });
  });
}

void check_no_internal_overlap(const Tensor& t) {
  for (int d = 0; d < t.dim(); ++d)
    if (t.strides[d] == 0 && t.sizes[d] > 1)
      runtime_error("unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.");
}

namespace {
// Dims ordered by decreasing stride (a stable order).
void stride_order(const Tensor& t, int* perm) {
  for (int i = 0; i < t.dim(); ++i) perm[i] = i;
  std::stable_sort(perm, perm + t.dim(), [&](int x, int y) { return t.strides[x] > t.strides[y]; });
}
}  // namespace

bool is_non_overlapping_and_dense(const Tensor& t) {
  if (t.is_contiguous()) return true;
  // Dense if the strides in decreasing order are exactly the contiguous
  // strides of the permuted sizes (dims of size 1 do not count).
  int perm[kMaxDims];
  stride_order(t, perm);
  int64_t expected = 1;
  for (int k = t.dim() - 1; k >= 0; --k) {
    int d = perm[k];
    if (t.sizes[d] != 1 && t.strides[d] != expected) return false;
    expected *= t.sizes[d];
  }
  return true;
}

void check_no_partial_overlap(const Tensor& written, const Tensor& read) {
  if (!written.storage || written.storage.get() != read.storage.get()) return;
  if (written.numel() == 0 || read.numel() == 0) return;
  // PyTorch's get_overlap_status: only dense, non-overlapping views are
  // compared (others are "too hard" and pass), by their byte ranges.
  if (!is_non_overlapping_and_dense(written) || !is_non_overlapping_and_dense(read)) return;
  const char* a = written.data_bytes();
  const char* b = read.data_bytes();
  const char* a_end = a + written.numel() * int64_t(written.element_size());
  const char* b_end = b + read.numel() * int64_t(read.element_size());
  bool partial = a == b && a_end == b_end ? !(written.strides == read.strides) : a < b_end && b < a_end;
  if (partial)
    runtime_error("unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.");
}

Tensor empty_like_layout(const Tensor& t, std::optional<DType> dtype) {
  DType d = dtype.value_or(t.dtype);
  Tensor out = is_meta(t) ? meta_tensor(t.sizes, d) : empty(t.sizes, d);  // (meta: ops/meta.h)
  if (t.is_contiguous() || !is_non_overlapping_and_dense(t)) return out;
  int n = t.dim();
  int perm[kMaxDims];
  stride_order(t, perm);
  int64_t acc = 1;
  for (int k = n - 1; k >= 0; --k) {
    int d = perm[k];
    out.strides[d] = acc;
    acc *= std::max<int64_t>(t.sizes[d], 1);
  }
  return out;
}

Tensor contiguous(const Tensor& t) {
  if (t.is_contiguous()) return t;
  if (is_meta(t)) return meta_tensor(t.sizes, t.dtype);
  Tensor out = empty(t.sizes, t.dtype);
  copy_into(out, t);
  return out;
}

Tensor cast(const Tensor& t, DType to) {
  if (is_meta(t)) return meta_tensor(t.sizes, to);
  Tensor out = empty(t.sizes, to);
  copy_into(out, t);
  return out;
}

Tensor to_dtype(const Tensor& t, DType to) { return t.dtype == to ? t : cast(t, to); }

double element_as_double(const Tensor& t, int64_t flat) {
  int64_t off = 0;
  for (int d = t.dim() - 1; d >= 0; --d) {
    off += (flat % t.sizes[d]) * t.strides[d];
    flat /= t.sizes[d];
  }
  return dispatch_dtype(t.dtype, [&](auto z) -> double {
    using T = decltype(z);
    return double(t.data<T>()[off]);
  });
}

void parallel_range(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
  if (n <= grain) {
    body(0, n);
    return;
  }
  // static_partitioner: the same part of a loop goes to the same thread on
  // every call, so data that fits in the cores' L2 caches stays where the
  // previous op left it (an optimizer step over a 1 MB parameter runs ~2x
  // faster than with the default partitioner, which moves chunks around).
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, grain),
                    [&](const tbb::blocked_range<int64_t>& r) { body(r.begin(), r.end()); }, tbb::static_partitioner());
}

}  // namespace kiln::torch
