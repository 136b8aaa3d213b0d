// stdlib/torch/shape_ops.cpp — copying shape operations (see shape_ops.h).

#include "stdlib/torch/shape_ops.h"

#include <algorithm>
#include <cstring>

#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/views.h"

namespace kiln::torch {

namespace {

// Calls f(idx, flat) for every multi-index of `sizes` in row-major order.
template <class F> void for_each_index(const Shape& sizes, F&& f) {
  int64_t n = sizes.numel();
  if (n == 0) return;
  int64_t idx[kMaxDims] = {};
  for (int64_t flat = 0; flat < n; ++flat) {
    f(static_cast<const int64_t*>(idx), flat);
    for (int d = sizes.size() - 1; d >= 0; --d) {
      if (++idx[d] < sizes[d]) break;
      idx[d] = 0;
    }
  }
}

// Element offsets (from t.offset, in elements) of t's elements in row-major order.
std::vector<int64_t> element_offsets(const Shape& sizes, const Shape& strides) {
  std::vector<int64_t> out;
  out.reserve(size_t(sizes.numel()));
  for_each_index(sizes, [&](const int64_t* idx, int64_t) {
    int64_t off = 0;
    for (int d = 0; d < sizes.size(); ++d) off += idx[d] * strides[d];
    out.push_back(off);
  });
  return out;
}

inline void copy_elem(char* dst, const char* src, size_t n) {
  switch (n) {
    case 1: *dst = *src; break;
    case 4: std::memcpy(dst, src, 4); break;
    case 8: std::memcpy(dst, src, 8); break;
    default: std::memcpy(dst, src, n);
  }
}

// The values of an integer tensor, row-major.
std::vector<int64_t> int_values(const Tensor& idx) {
  std::vector<int64_t> out;
  out.reserve(size_t(idx.numel()));
  for (int64_t off : element_offsets(idx.sizes, idx.strides)) {
    if (idx.dtype == DType::Int64) out.push_back(idx.data<int64_t>()[off]);
    else if (idx.dtype == DType::Int32) out.push_back(idx.data<int32_t>()[off]);
    else out.push_back(idx.data<bool>()[off]);
  }
  return out;
}

// PyTorch treats a 0-dim tensor as 1-D of size 1 in scatter/gather checks.
Tensor nonempty(const Tensor& t) { return t.dim() ? t : make_view(t, Shape{1}, Shape{1}, t.offset); }

// Writes `s` converted to t's dtype at element offset `off`.
void store_scalar(const Tensor& t, int64_t off, Scalar s) {
  dispatch_dtype(t.dtype, [&](auto z) {
    using T = decltype(z);
    t.data<T>()[off] = s.to<T>();
  });
}

}  // namespace

// ---------------------------------------------------------------- cat / stack
namespace {
bool cat_skips(const Tensor& t) { return t.dim() == 1 && t.sizes[0] == 0; }

// cat's checks; its result's dtype and sizes, and the dim (-1 when every
// input is skipped).
Shape cat_layout(const std::vector<Tensor>& ts, int64_t dim_in, DType* dt_out, int* d_out) {
  if (ts.empty()) runtime_error("torch.cat(): expected a non-empty list of Tensors");
  DType dt = ts[0].dtype;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (ts[i].dim() == 0) runtime_error("zero-dimensional tensor (at position {}) cannot be concatenated", i);
    dt = promote_types(dt, ts[i].dtype);
  }
  *dt_out = dt;
  const Tensor* ref = nullptr;
  for (const Tensor& t : ts)
    if (!cat_skips(t)) {
      ref = &t;
      break;
    }
  if (!ref) {
    wrap_dim(dim_in, 1);
    *d_out = -1;
    return Shape{0};
  }
  int d = wrap_dim(dim_in, ref->dim());
  int64_t total = 0;
  for (size_t i = 0; i < ts.size(); ++i) {
    const Tensor& t = ts[i];
    if (cat_skips(t)) continue;
    if (t.dim() != ref->dim())
      runtime_error("Tensors must have same number of dimensions: got {} and {}", ref->dim(), t.dim());
    for (int k = 0; k < t.dim(); ++k)
      if (k != d && t.sizes[k] != ref->sizes[k])
        runtime_error("Sizes of tensors must match except in dimension {}. Expected size {} but got size {} for tensor number {} in the list.",
                      d, ref->sizes[k], t.sizes[k], i);
    total += t.sizes[d];
  }
  Shape shape = ref->sizes;
  shape[d] = total;
  *d_out = d;
  return shape;
}

// stack's checks; its inputs, each unsqueezed at the stacking dim *d.
std::vector<Tensor> stack_inputs(const std::vector<Tensor>& ts, int64_t dim_in, int* d_out) {
  if (ts.empty()) runtime_error("stack expects a non-empty TensorList");
  int d = wrap_dim(dim_in, ts[0].dim() + 1);
  std::vector<Tensor> us;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (!(ts[i].sizes == ts[0].sizes))
      runtime_error("stack expects each tensor to be equal size, but got {} at entry 0 and {} at entry {}",
                    ts[0].sizes.str(), ts[i].sizes.str(), i);
    us.push_back(unsqueeze(ts[i], d));
  }
  *d_out = d;
  return us;
}
}  // namespace

Tensor cat(const std::vector<Tensor>& ts, int64_t dim_in) {
  DType dt;
  int d;
  Shape shape = cat_layout(ts, dim_in, &dt, &d);
  for (const Tensor& t : ts)
    if (is_meta(t)) return meta_tensor(shape, dt);  // (ops/meta.h)
  Tensor out = empty(shape, dt);
  if (d < 0) return out;
  int64_t at = 0;
  for (const Tensor& t : ts) {
    if (cat_skips(t)) continue;
    if (t.sizes[d]) copy_into(slice(out, d, at, at + t.sizes[d], 1), t);
    at += t.sizes[d];
  }
  return out;
}

Tensor stack(const std::vector<Tensor>& ts, int64_t dim_in) {
  int d;
  std::vector<Tensor> us = stack_inputs(ts, dim_in, &d);
  return cat(us, d);
}


// ---------------------------------------------------------------- index_select / gather / scatter
namespace {
// index_select's checks (not of the index values).
int index_select_check(const Tensor& t, int64_t dim_in, const Tensor& index) {
  if (index.dim() > 1) index_error("index_select(): Index is supposed to be a vector");
  if (index.dtype != DType::Int64 && index.dtype != DType::Int32)
    runtime_error("index_select(): Expected dtype int32 or int64 for index");
  return wrap_dim(dim_in, t.dim());
}
// gather's checks (not of the index values).
int gather_check(const Tensor& t, int64_t dim_in, const Tensor& index) {
  int d = wrap_dim(dim_in, t.dim());
  if (index.dtype != DType::Int64) runtime_error("gather(): Expected dtype int64 for index");
  Tensor src = nonempty(t), ix = nonempty(index);
  if (index.numel() != 0) {
    if (src.dim() != ix.dim()) runtime_error("Index tensor must have the same number of dimensions as input tensor");
    for (int k = 0; k < src.dim(); ++k)
      if (k != d && ix.sizes[k] > src.sizes[k])
        runtime_error("Size does not match at dimension {} expected index {} to be smaller than self {} apart from dimension {}",
                      k, index.sizes.str(), t.sizes.str(), d);
  }
  return d;
}
}  // namespace

Tensor index_select_meta(const Tensor& t, int64_t dim, const Tensor& index) {
  int d = index_select_check(t, dim, index);
  Shape shape = nonempty(t).sizes;
  shape[d] = index.numel();
  return meta_tensor(t.dim() == 0 ? Shape() : shape, t.dtype);
}
Tensor gather_meta(const Tensor& t, int64_t dim, const Tensor& index) {
  gather_check(t, dim, index);
  return meta_tensor(index.sizes, t.dtype);
}

Tensor index_select(const Tensor& t, int64_t dim_in, const Tensor& index) {
  if (is_meta(t) || is_meta(index)) return index_select_meta(t, dim_in, index);
  int d = index_select_check(t, dim_in, index);
  Tensor src = nonempty(t);
  std::vector<int64_t> idx = int_values(index);
  int64_t n = src.sizes[d];
  // PyTorch's CPU kernel has two paths with two messages.
  for (int64_t i : idx) {
    if (i >= 0 && i < n) continue;
    if (d == 0) index_error("index out of range in self");
    runtime_error("INDICES element is out of DATA bounds, id={} axis_dim={}", i, n);
  }
  Shape shape = src.sizes;
  shape[d] = int64_t(idx.size());
  Tensor out = empty(shape, t.dtype);
  size_t es = t.element_size();
  char* o = out.data_bytes();
  const char* s = src.data_bytes();
  for_each_index(shape, [&](const int64_t* ix, int64_t flat) {
    int64_t off = 0;
    for (int k = 0; k < shape.size(); ++k) off += (k == d ? idx[size_t(ix[k])] : ix[k]) * src.strides[k];
    copy_elem(o + flat * int64_t(es), s + off * int64_t(es), es);
  });
  if (t.dim() == 0) return make_view(out, Shape(), Shape(), 0);
  return out;
}

Tensor gather(const Tensor& t, int64_t dim_in, const Tensor& index) {
  if (is_meta(t) || is_meta(index)) return gather_meta(t, dim_in, index);
  int d = gather_check(t, dim_in, index);
  Tensor src = nonempty(t), ix = nonempty(index);
  std::vector<int64_t> idx = int_values(ix);
  Tensor out = empty(index.sizes, t.dtype);
  size_t es = t.element_size();
  char* o = out.data_bytes();
  const char* s = src.data_bytes();
  int64_t n = src.sizes[d];
  for_each_index(ix.sizes, [&](const int64_t* p, int64_t flat) {
    int64_t i = idx[size_t(flat)];
    if (i < 0 || i >= n) runtime_error("index {} is out of bounds for dimension {} with size {}", i, d, n);
    int64_t off = 0;
    for (int k = 0; k < ix.dim(); ++k) off += (k == d ? i : p[k]) * src.strides[k];
    copy_elem(o + flat * int64_t(es), s + off * int64_t(es), es);
  });
  return out;
}

namespace {
// scatter's checks (not of the index values); false when index is empty.
bool scatter_check(const Tensor& self_in, int64_t dim_in, const Tensor& index_in, const Tensor* src_in, const char* name) {
  int d = wrap_dim(dim_in, self_in.dim());
  if (index_in.dtype != DType::Int64) runtime_error("{}(): Expected dtype int64 for index", name);
  if (src_in && src_in->dtype != self_in.dtype) runtime_error("{}(): Expected self.dtype to be equal to src.dtype", name);
  Tensor self = nonempty(self_in), ix = nonempty(index_in);
  Tensor src;
  if (src_in) src = nonempty(*src_in);
  if (index_in.numel() == 0) return false;
  if (self.dim() != ix.dim()) runtime_error("Index tensor must have the same number of dimensions as self tensor");
  if (src_in && src.dim() != ix.dim()) runtime_error("Index tensor must have the same number of dimensions as src tensor");
  bool wrong = false;
  for (int k = 0; k < self.dim(); ++k)
    if (k != d && ix.sizes[k] > self.sizes[k]) wrong = true;
  if (!wrong && src_in)
    for (int k = 0; k < self.dim(); ++k)
      if (ix.sizes[k] > src.sizes[k]) wrong = true;
  if (wrong) {
    if (src_in)
      runtime_error("Expected index {} to be smaller than self {} apart from dimension {} and to be smaller size than src {}",
                    index_in.sizes.str(), self_in.sizes.str(), d, src_in->sizes.str());
    runtime_error("Expected index {} to be smaller than self {} apart from dimension {}", index_in.sizes.str(),
                  self_in.sizes.str(), d);
  }
  return true;
}
}  // namespace

void scatter_inplace(const Tensor& self_in, int64_t dim_in, const Tensor& index_in, const Tensor* src_in, Scalar value,
                     ScatterReduce reduce, const char* name) {
  bump_version(self_in);
  int d = wrap_dim(dim_in, self_in.dim());
  if (!scatter_check(self_in, dim_in, index_in, src_in, name)) return;
  if (is_meta(self_in) || is_meta(index_in) || (src_in && is_meta(*src_in))) return;  // (ops/meta.h: the checks only)
  Tensor self = nonempty(self_in), ix = nonempty(index_in);
  Tensor src;
  if (src_in) src = nonempty(*src_in);
  std::vector<int64_t> idx = int_values(ix);
  int64_t n = self.sizes[d];
  for (int64_t i : idx)
    if (i < 0 || i >= n) runtime_error("index {} is out of bounds for dimension {} with size {}", i, d, n);
  dispatch_dtype(self.dtype, [&](auto z) {
    using T = decltype(z);
    T* out = self.data<T>();
    const T* sp = src_in ? src.data<T>() : nullptr;
    T v = value.to<T>();
    for_each_index(ix.sizes, [&](const int64_t* p, int64_t flat) {
      int64_t off = 0, soff = 0;
      for (int k = 0; k < ix.dim(); ++k) {
        off += (k == d ? idx[size_t(flat)] : p[k]) * self.strides[k];
        if (sp) soff += p[k] * src.strides[k];
      }
      T x = sp ? sp[soff] : v;
      if (reduce == ScatterReduce::None) out[off] = x;
      else if constexpr (std::is_same_v<T, bool>) out[off] = reduce == ScatterReduce::Add ? (out[off] || x) : (out[off] && x);
      else if (reduce == ScatterReduce::Add) out[off] = T(out[off] + x);
      else out[off] = T(out[off] * x);
    });
  });
}

// ---------------------------------------------------------------- masked_fill
namespace {
// PyTorch 1.13 still takes integer masks of 0s and 1s.
Tensor bool_mask(const Tensor& mask) {
  if (mask.dtype == DType::Bool) return mask;
  if (is_floating(mask.dtype))
    runtime_error("masked_fill_ only supports boolean masks, but got mask with dtype {}", dtype_short_name(mask.dtype));
  for (int64_t v : int_values(mask))
    if (v != 0 && v != 1) runtime_error("Mask tensor can take 0 and 1 values only");
  return cast(mask, DType::Bool);
}
}  // namespace

void masked_fill_inplace(const Tensor& t, const Tensor& mask_in, Scalar value) {
  bump_version(t);
  if (is_meta(t) || is_meta(mask_in)) return masked_fill_meta(t, mask_in, value, true, nullptr);
  Tensor mask = bool_mask(mask_in);
  Shape b = broadcast_shapes(t.sizes, mask.sizes);
  if (!(b == t.sizes)) runtime_error("output with shape {} doesn't match the broadcast shape {}", t.sizes.str(), b.str());
  Tensor m = expand_to(mask, t.sizes);
  std::vector<int64_t> toff = element_offsets(t.sizes, t.strides), moff = element_offsets(m.sizes, m.strides);
  const bool* mp = m.data<bool>();
  for (size_t i = 0; i < toff.size(); ++i)
    if (mp[moff[i]]) store_scalar(t, toff[i], value);
}

void masked_fill_meta(const Tensor& t, const Tensor& mask, Scalar value, bool inplace, Tensor* out) {
  if (!inplace) check_scalar_fits(value, t.dtype);
  if (is_floating(mask.dtype))
    runtime_error("masked_fill_ only supports boolean masks, but got mask with dtype {}", dtype_short_name(mask.dtype));
  if (inplace) {
    Shape b = broadcast_shapes(t.sizes, mask.sizes);
    if (!(b == t.sizes)) runtime_error("output with shape {} doesn't match the broadcast shape {}", t.sizes.str(), b.str());
    return;
  }
  *out = meta_tensor(broadcast_shapes(mask.sizes, t.sizes), t.dtype);
}

Tensor masked_fill(const Tensor& t, const Tensor& mask_in, Scalar value) {
  if (is_meta(t) || is_meta(mask_in)) {
    Tensor out;
    masked_fill_meta(t, mask_in, value, false, &out);
    return out;
  }
  check_scalar_fits(value, t.dtype);
  Tensor mask = bool_mask(mask_in);
  Shape b = broadcast_shapes(mask.sizes, t.sizes);
  Tensor out = empty(b, t.dtype);
  copy_into(out, t);
  masked_fill_inplace(out, mask, value);
  return out;
}

// ---------------------------------------------------------------- roll / flip / tril / repeat
Tensor roll_meta(const Tensor& t, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
  if (shifts.empty()) runtime_error("`shifts` required");
  if (!(dims.empty() && shifts.size() == 1)) {
    if (shifts.size() != dims.size())
      runtime_error("shifts and dimensions must align. shifts: {}, dims:{}", shifts.size(), dims.size());
    for (int64_t d : dims) wrap_dim(d, t.dim());
  }
  return meta_tensor(t.sizes, t.dtype);
}

Tensor roll(const Tensor& t, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
  if (is_meta(t)) return roll_meta(t, shifts, dims);
  if (shifts.empty()) runtime_error("`shifts` required");
  if (dims.empty() && shifts.size() == 1) {
    Tensor flat = reshape(t, Shape{t.numel()});
    return reshape(roll(flat, shifts, {0}), t.sizes);
  }
  if (shifts.size() != dims.size())
    runtime_error("shifts and dimensions must align. shifts: {}, dims:{}", shifts.size(), dims.size());
  Tensor cur = t;
  bool copied = false;
  for (size_t i = 0; i < dims.size(); ++i) {
    int d = wrap_dim(dims[i], cur.dim());
    int64_t n = cur.dim() ? cur.sizes[d] : 1;
    if (n == 0 || cur.dim() == 0) continue;
    int64_t s = ((shifts[i] % n) + n) % n;
    if (s == 0) continue;
    cur = cat({slice(cur, d, n - s, n, 1), slice(cur, d, 0, n - s, 1)}, d);
    copied = true;
  }
  if (!copied) {
    Tensor out = empty(t.sizes, t.dtype);
    copy_into(out, t);
    return out;
  }
  return cur;
}

Tensor flip_meta(const Tensor& t, const Shape& dims) {
  bool seen[kMaxDims] = {};
  for (int i = 0; i < dims.size(); ++i) {
    int d = wrap_dim(dims[i], t.dim());
    if (seen[d]) runtime_error("dim {} appears multiple times in the list of dims", d);
    seen[d] = true;
  }
  return meta_tensor(t.sizes, t.dtype);
}

Tensor flip(const Tensor& t, const Shape& dims) {
  if (is_meta(t)) return flip_meta(t, dims);
  bool seen[kMaxDims] = {};
  Shape st = t.strides;
  int64_t off = t.offset;
  for (int i = 0; i < dims.size(); ++i) {
    int d = wrap_dim(dims[i], t.dim());
    if (seen[d]) runtime_error("dim {} appears multiple times in the list of dims", d);
    seen[d] = true;
    if (t.dim() == 0) continue;
    // A transient view with a negative stride, read once by copy_into.
    if (t.sizes[d] > 0) off += (t.sizes[d] - 1) * t.strides[d];
    st[d] = -t.strides[d];
  }
  Tensor v = make_view(t, t.sizes, st, off);
  Tensor out = empty(t.sizes, t.dtype);
  copy_into(out, v);
  return out;
}

namespace {
void check_matrix(const Tensor& t) {
  if (t.dim() == 0) index_error("Dimension specified as -2 but tensor has no dimensions");
  if (t.dim() < 2) wrap_dim(-2, t.dim());
}
}  // namespace

void tril_inplace(const Tensor& t, int64_t k, bool upper) {
  bump_version(t);
  check_matrix(t);
  if (is_meta(t)) return;
  int r = t.dim() - 2, c = t.dim() - 1;
  size_t es = t.element_size();
  char* p = t.data_bytes();
  for_each_index(t.sizes, [&](const int64_t* ix, int64_t) {
    int64_t diff = ix[c] - ix[r];
    bool zero = upper ? diff < k : diff > k;
    if (!zero) return;
    int64_t off = 0;
    for (int q = 0; q < t.dim(); ++q) off += ix[q] * t.strides[q];
    std::memset(p + off * int64_t(es), 0, es);
  });
}

Tensor tril_meta(const Tensor& t) {
  check_matrix(t);
  return meta_tensor(t.sizes, t.dtype);
}

Tensor tril(const Tensor& t, int64_t k, bool upper) {
  if (is_meta(t)) return tril_meta(t);
  check_matrix(t);
  Tensor out = empty(t.sizes, t.dtype);
  copy_into(out, t);
  tril_inplace(out, k, upper);
  return out;
}

namespace {
// repeat's checks; the source's sizes and strides with the leading dims
// added (stride 0), and the result's sizes.
void repeat_layout(const Tensor& t, const Shape& reps, Shape* ssz, Shape* sst, Shape* out_shape) {
  if (reps.size() < t.dim())
    runtime_error("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  int lead = reps.size() - t.dim();
  for (int i = 0; i < reps.size(); ++i) {
    ssz->push_back(i < lead ? 1 : t.sizes[i - lead]);
    sst->push_back(i < lead ? 0 : t.strides[i - lead]);
    out_shape->push_back((*ssz)[i] * reps[i]);
  }
}
}  // namespace

Tensor repeat(const Tensor& t, const Shape& reps) {
  Shape ssz, sst, out_shape;
  repeat_layout(t, reps, &ssz, &sst, &out_shape);
  if (is_meta(t)) return meta_tensor(out_shape, t.dtype);
  Tensor out = empty(out_shape, t.dtype);
  size_t es = t.element_size();
  char* o = out.data_bytes();
  const char* s = t.data_bytes();
  for_each_index(out_shape, [&](const int64_t* ix, int64_t flat) {
    int64_t off = 0;
    for (int i = 0; i < out_shape.size(); ++i) off += (ix[i] % ssz[i]) * sst[i];
    copy_elem(o + flat * int64_t(es), s + off * int64_t(es), es);
  });
  return out;
}

// ---------------------------------------------------------------- advanced indexing
std::vector<Tensor> mask_indices(const Tensor& mask) {
  std::vector<int64_t> offs = element_offsets(mask.sizes, mask.strides);
  const bool* mp = mask.data<bool>();
  int64_t count = 0;
  for (int64_t o : offs) count += mp[o];
  int k = mask.dim();
  std::vector<Tensor> out;
  for (int q = 0; q < k; ++q) out.push_back(empty(Shape{count}, DType::Int64));
  int64_t at = 0;
  for_each_index(mask.sizes, [&](const int64_t* ix, int64_t flat) {
    if (!mp[offs[size_t(flat)]]) return;
    for (int q = 0; q < k; ++q) out[size_t(q)].data<int64_t>()[at] = ix[q];
    ++at;
  });
  return out;
}

namespace {

// The layout of an advanced-indexing result: before-dims, the broadcast
// index dims, after-dims; each element's source offset is
// before_off[i] + adv_off[j] + after_off[k].
struct IndexPlan {
  Shape result;
  std::vector<int64_t> before_off, adv_off, after_off;
};

IndexPlan plan_index(const Tensor& t, const std::vector<Tensor>& indices) {
  std::vector<int> idims;
  for (int d = 0; d < t.dim(); ++d)
    if (size_t(d) < indices.size() && indices[size_t(d)].defined()) idims.push_back(d);
  Shape b = indices[size_t(idims[0])].sizes;
  bool bad = false;
  for (size_t i = 1; i < idims.size(); ++i) {
    try {
      b = broadcast_shapes(b, indices[size_t(idims[i])].sizes);
    } catch (const Error&) {
      bad = true;
    }
  }
  if (bad) {
    std::string shapes;
    for (size_t i = 0; i < idims.size(); ++i) shapes += (i ? ", " : "") + indices[size_t(idims[i])].sizes.str();
    index_error("shape mismatch: indexing tensors could not be broadcast together with shapes {}", shapes);
  }
  bool adjacent = idims.back() - idims.front() + 1 == int(idims.size());
  Shape bsz, bst, asz, ast;
  for (int d = 0; d < t.dim(); ++d) {
    if (size_t(d) < indices.size() && indices[size_t(d)].defined()) continue;
    if (adjacent && d < idims.front()) {
      bsz.push_back(t.sizes[d]);
      bst.push_back(t.strides[d]);
    } else {
      asz.push_back(t.sizes[d]);
      ast.push_back(t.strides[d]);
    }
  }
  IndexPlan p;
  for (int64_t s : bsz) p.result.push_back(s);
  for (int64_t s : b) p.result.push_back(s);
  for (int64_t s : asz) p.result.push_back(s);
  p.before_off = element_offsets(bsz, bst);
  p.after_off = element_offsets(asz, ast);
  p.adv_off.assign(size_t(b.numel()), 0);
  for (int d : idims) {
    Tensor ix = expand_to(indices[size_t(d)], b);
    std::vector<int64_t> v = int_values(ix);
    int64_t n = t.sizes[d];
    for (size_t j = 0; j < v.size(); ++j) {
      int64_t i = v[j];
      if (i < -n || i >= n) index_error("index {} is out of bounds for dimension {} with size {}", i, d, n);
      if (i < 0) i += n;
      p.adv_off[j] += i * t.strides[d];
    }
  }
  return p;
}

template <class F> void run_plan(const IndexPlan& p, F&& f) {
  int64_t flat = 0;
  for (int64_t ob : p.before_off)
    for (int64_t oa : p.adv_off)
      for (int64_t oc : p.after_off) f(ob + oa + oc, flat++);
}

}  // namespace

Tensor index(const Tensor& t, const std::vector<Tensor>& indices) {
  IndexPlan p = plan_index(t, indices);
  Tensor out = empty(p.result, t.dtype);
  size_t es = t.element_size();
  char* o = out.data_bytes();
  const char* s = t.data_bytes();
  run_plan(p, [&](int64_t off, int64_t flat) { copy_elem(o + flat * int64_t(es), s + off * int64_t(es), es); });
  return out;
}

void index_put(const Tensor& t, const std::vector<Tensor>& indices, const Tensor& value, bool accumulate) {
  bump_version(t);
  IndexPlan p = plan_index(t, indices);
  Tensor v;
  try {
    Shape b = broadcast_shapes(value.sizes, p.result);
    if (!(b == p.result)) throw Error{};
    v = contiguous(expand_to(value, p.result));
  } catch (const Error&) {
    runtime_error("shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}",
                  value.sizes.str(), p.result.str());
  }
  if (value.dtype != t.dtype)
    runtime_error("Index put requires the source and destination dtypes match, got {} for the destination and {} for the source.",
                  dtype_short_name(t.dtype), dtype_short_name(value.dtype));
  size_t es = t.element_size();
  char* o = t.data_bytes();
  const char* s = v.data_bytes();
  if (!accumulate) {
    run_plan(p, [&](int64_t off, int64_t flat) { copy_elem(o + off * int64_t(es), s + flat * int64_t(es), es); });
    return;
  }
  dispatch_dtype(t.dtype, [&](auto z) {
    using T = decltype(z);
    run_plan(p, [&](int64_t off, int64_t flat) {
      T* dst = reinterpret_cast<T*>(o) + off;
      if constexpr (std::is_same_v<T, bool>) *dst = *dst || reinterpret_cast<const T*>(s)[flat];
      else *dst = T(*dst + reinterpret_cast<const T*>(s)[flat]);
    });
  });
}

}  // namespace kiln::torch
