// stdlib/torch/views.cpp — view operations (see views.h).

#include "stdlib/torch/views.h"

#include <algorithm>

namespace kiln::torch {

std::string tensor_type_name(DType d) { return std::string("torch.") + dtype_short_name(d) + "Tensor"; }

Tensor select(const Tensor& t, int64_t dim_in, int64_t index) {
  if (t.dim() == 0) index_error("select() cannot be applied to a 0-dim tensor.");
  int d = wrap_dim(dim_in, t.dim());
  int64_t n = t.sizes[d];
  if (index < -n || index >= n)
    index_error("select(): index {} out of range for tensor of size {} at dimension {}", index, t.sizes.str(), dim_in);
  if (index < 0) index += n;
  Shape sz = t.sizes, st = t.strides;
  sz.erase(d);
  st.erase(d);
  return make_view(t, sz, st, t.offset + index * t.strides[d]);
}

Tensor slice(const Tensor& t, int d, int64_t start, int64_t stop, int64_t step) {
  Shape sz = t.sizes, st = t.strides;
  int64_t len = stop > start ? (stop - start + step - 1) / step : 0;
  sz[d] = len;
  st[d] = t.strides[d] * step;
  return make_view(t, sz, st, t.offset + (len ? start * t.strides[d] : 0));
}

Tensor unsqueeze(const Tensor& t, int64_t dim_in) {
  int d = wrap_dim(dim_in, t.dim() + 1);
  Shape sz = t.sizes, st = t.strides;
  int64_t s = d < t.dim() ? t.sizes[d] * t.strides[d] : 1;
  sz.insert(d, 1);
  st.insert(d, s);
  return make_view(t, sz, st, t.offset);
}

Tensor squeeze(const Tensor& t) {
  Shape sz, st;
  for (int d = 0; d < t.dim(); ++d) {
    if (t.sizes[d] == 1) continue;
    sz.push_back(t.sizes[d]);
    st.push_back(t.strides[d]);
  }
  return make_view(t, sz, st, t.offset);
}

Tensor squeeze(const Tensor& t, int64_t dim_in) {
  int d = wrap_dim(dim_in, t.dim());
  if (t.dim() == 0 || t.sizes[d] != 1) return make_view(t, t.sizes, t.strides, t.offset);
  Shape sz = t.sizes, st = t.strides;
  sz.erase(d);
  st.erase(d);
  return make_view(t, sz, st, t.offset);
}

// ---------------------------------------------------------------- view / reshape
Shape infer_size(const Shape& shape, int64_t numel) {
  int64_t newsize = 1;
  int infer = -1;
  for (int d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (infer >= 0) runtime_error("only one dimension can be inferred");
      infer = d;
    } else if (shape[d] >= 0) {
      if (__builtin_mul_overflow(newsize, shape[d], &newsize))
        runtime_error("shape '{}' is invalid for input of size {}", shape.str(), numel);
    } else {
      runtime_error("invalid shape dimension {}", shape[d]);
    }
  }
  if (numel == newsize || (infer >= 0 && newsize > 0 && numel % newsize == 0)) {
    Shape r = shape;
    if (infer >= 0) {
      if (newsize == 0)
        runtime_error("cannot reshape tensor of 0 elements into shape {} because the unspecified dimension size -1 can be any value and is ambiguous",
                      shape.str());
      r[infer] = numel / newsize;
    }
    return r;
  }
  runtime_error("shape '{}' is invalid for input of size {}", shape.str(), numel);
}

std::optional<Shape> view_strides(const Tensor& t, const Shape& newshape) {
  // ATen's computeStride: walk the old dims from the innermost, cutting them
  // into chunks that are contiguous among themselves; each chunk must be
  // covered exactly by a run of new dims.
  const Shape& oldshape = t.sizes;
  const Shape& oldstride = t.strides;
  Shape newstride;
  newstride.n = newshape.n;
  if (oldshape.empty()) {
    for (int d = 0; d < newshape.n; ++d) newstride[d] = 1;
    return newstride;
  }
  int64_t numel = oldshape.numel();
  if (numel == 0 && oldshape == newshape) return oldstride;
  if (numel == 0) {
    for (int d = newshape.n - 1; d >= 0; --d)
      newstride[d] = d == newshape.n - 1 ? 1 : std::max<int64_t>(newshape[d + 1], 1) * newstride[d + 1];
    return newstride;
  }
  int view_d = newshape.n - 1;
  int64_t chunk_base_stride = oldstride[oldshape.n - 1];
  int64_t tensor_numel = 1, view_numel = 1;
  for (int tensor_d = oldshape.n - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= oldshape[tensor_d];
    if (tensor_d == 0 ||
        (oldshape[tensor_d - 1] != 1 && oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || newshape[view_d] == 1)) {
        newstride[view_d] = view_numel * chunk_base_stride;
        view_numel *= newshape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = oldstride[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return newstride;
}

Tensor view(const Tensor& t, const Shape& shape_in) {
  Shape shape = infer_size(shape_in, t.numel());
  auto st = view_strides(t, shape);
  if (!st)
    runtime_error("view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  return make_view(t, shape, *st, t.offset);
}

Tensor reshape(const Tensor& t, const Shape& shape_in) {
  Shape shape = infer_size(shape_in, t.numel());
  if (auto st = view_strides(t, shape)) return make_view(t, shape, *st, t.offset);
  if (is_meta(t)) return meta_tensor(shape, t.dtype);  // the copy's layout (ops/meta.h)
  Tensor c = empty(t.sizes, t.dtype);
  copy_into(c, t);
  return make_view(c, shape, contiguous_strides(shape), 0);
}

Tensor flatten(const Tensor& t, int64_t start_in, int64_t end_in) {
  int start = wrap_dim(start_in, t.dim()), end = wrap_dim(end_in, t.dim());
  if (start > end) runtime_error("flatten() has invalid args: start_dim cannot come after end_dim");
  if (t.dim() == 0) return reshape(t, Shape{1});
  if (start == end) return make_view(t, t.sizes, t.strides, t.offset);
  Shape shape;
  for (int d = 0; d < start; ++d) shape.push_back(t.sizes[d]);
  int64_t p = 1;
  for (int d = start; d <= end; ++d) p *= t.sizes[d];
  shape.push_back(p);
  for (int d = end + 1; d < t.dim(); ++d) shape.push_back(t.sizes[d]);
  return reshape(t, shape);
}

Tensor unflatten(const Tensor& t, int64_t dim_in, const Shape& sizes) {
  if (t.dim() == 0) index_error("Dimension specified as {} but tensor has no dimensions", dim_in);
  int d = wrap_dim(dim_in, t.dim());
  if (sizes.empty()) runtime_error("unflatten: sizes must be non-empty");
  Shape inferred;
  try {
    inferred = infer_size(sizes, t.dim() ? t.sizes[d] : 1);
  } catch (const Error& e) {
    if (e.message.rfind("shape '", 0) != 0) throw;
    runtime_error("unflatten: Provided sizes {} don't multiply up to the size of dim {} ({}) in the input tensor",
                  sizes.str(), dim_in, t.dim() ? t.sizes[d] : 1);
  }
  Shape shape;
  for (int i = 0; i < d; ++i) shape.push_back(t.sizes[i]);
  for (int64_t s : inferred) shape.push_back(s);
  for (int i = d + 1; i < t.dim(); ++i) shape.push_back(t.sizes[i]);
  return view(t, shape);
}

// ---------------------------------------------------------------- dimension order
Tensor transpose(const Tensor& t, int64_t d0_in, int64_t d1_in) {
  int d0 = wrap_dim(d0_in, t.dim()), d1 = wrap_dim(d1_in, t.dim());
  Shape sz = t.sizes, st = t.strides;
  if (t.dim() > 0) {
    std::swap(sz[d0], sz[d1]);
    std::swap(st[d0], st[d1]);
  }
  return make_view(t, sz, st, t.offset);
}

Tensor t_2d(const Tensor& t) {
  if (t.dim() > 2) runtime_error("t() expects a tensor with <= 2 dimensions, but self is {}D", t.dim());
  return t.dim() < 2 ? make_view(t, t.sizes, t.strides, t.offset) : transpose(t, 0, 1);
}

Tensor permute(const Tensor& t, const Shape& dims) {
  if (dims.size() != t.dim())
    runtime_error("permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {} is not equal to len(dims) = {}",
                  t.dim(), dims.size());
  Shape sz, st;
  bool seen[kMaxDims] = {};
  for (int i = 0; i < dims.size(); ++i) {
    int d = wrap_dim(dims[i], t.dim());
    if (seen[d]) runtime_error("permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sz.push_back(t.sizes[d]);
    st.push_back(t.strides[d]);
  }
  return make_view(t, sz, st, t.offset);
}

Tensor reverse_dims(const Tensor& t) {
  Shape sz, st;
  for (int d = t.dim() - 1; d >= 0; --d) {
    sz.push_back(t.sizes[d]);
    st.push_back(t.strides[d]);
  }
  return make_view(t, sz, st, t.offset);
}

Tensor matrix_transpose(const Tensor& t) {
  if (t.dim() == 0) return make_view(t, t.sizes, t.strides, t.offset);  // PyTorch lets 0-dim through
  if (t.dim() < 2)
    runtime_error("tensor.mT is only supported on matrices or batches of matrices. Got {}-D tensor.", t.dim());
  return transpose(t, -2, -1);
}

// ---------------------------------------------------------------- expand, narrow, split
Tensor expand(const Tensor& t, const Shape& sizes) {
  int n = sizes.size(), td = t.dim();
  if (n < td)
    runtime_error("expand({}{{{}}}, size={}): the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
                  tensor_type_name(t.dtype), t.sizes.str(), sizes.str(), n, td);
  Shape sz, st;
  sz.n = st.n = n;
  for (int i = n - 1; i >= 0; --i) {
    int d = td - (n - i);
    int64_t size = d >= 0 ? t.sizes[d] : 1;
    int64_t stride = d >= 0 ? t.strides[d] : (i + 1 < n ? sz[i + 1] * st[i + 1] : 1);
    int64_t target = sizes[i];
    if (target == -1) {
      if (d < 0)
        runtime_error("The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {}", i);
      target = size;
    }
    if (size != target) {
      if (size != 1)
        runtime_error("The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension {}.  Target sizes: {}.  Tensor sizes: {}",
                      target, size, i, sizes.str(), t.sizes.str());
      if (target < 0) runtime_error("Trying to create tensor with negative dimension {}: {}", target, sizes.str());
      size = target;
      stride = 0;
    }
    sz[i] = size;
    st[i] = stride;
  }
  return make_view(t, sz, st, t.offset);
}

Tensor narrow(const Tensor& t, int64_t dim_in, int64_t start, int64_t length) {
  if (t.dim() == 0) runtime_error("narrow() cannot be applied to a 0-dim tensor.");
  int d = wrap_dim(dim_in, t.dim());
  int64_t n = t.sizes[d];
  if (start != n) {
    if (start < -n || start >= n)
      index_error("Dimension out of range (expected to be in range of [{}, {}], but got {})", -n, n - 1, start);
    if (start < 0) start += n;
  }
  if (length < 0 || start > n - length)
    runtime_error("start ({}) + length ({}) exceeds dimension size ({}).", start, length, n);
  return slice(t, d, start, start + length, 1);
}

std::vector<Tensor> split(const Tensor& t, int64_t split_size, int64_t dim_in) {
  if (t.dim() == 0) runtime_error("split expects at least a 1-dimensional tensor");
  if (split_size < 0) runtime_error("split expects split_size be non-negative, but got split_size={}", split_size);
  int d = wrap_dim(dim_in, t.dim());
  int64_t n = t.sizes[d];
  if (split_size == 0 && n != 0)
    runtime_error("split_size can only be 0 if dimension size is 0, but got dimension size of {}", n);
  int64_t num = split_size ? std::max<int64_t>((n + split_size - 1) / split_size, 1) : 1;
  int64_t last = split_size - (split_size * num - n);
  std::vector<Tensor> out;
  for (int64_t i = 0; i < num; ++i)
    out.push_back(slice(t, d, i * split_size, i * split_size + (i == num - 1 ? last : split_size), 1));
  return out;
}

std::vector<Tensor> split_with_sizes(const Tensor& t, const std::vector<int64_t>& sizes, int64_t dim_in) {
  if (t.dim() == 0) runtime_error("split expects at least a 1-dimensional tensor");
  int d = wrap_dim(dim_in, t.dim());
  int64_t n = t.sizes[d], sum = 0;
  std::string list = "[";
  for (size_t i = 0; i < sizes.size(); ++i) list += (i ? ", " : "") + std::to_string(sizes[i]);
  list += "]";
  for (int64_t s : sizes) {
    if (s < 0)
      runtime_error("split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes={}", list);
    sum += s;
  }
  if (sum != n)
    runtime_error("split_with_sizes expects split_sizes to sum exactly to {} (input tensor's size at dimension {}), but got split_sizes={}",
                  n, dim_in, list);
  std::vector<Tensor> out;
  int64_t at = 0;
  for (int64_t s : sizes) {
    out.push_back(slice(t, d, at, at + s, 1));
    at += s;
  }
  return out;
}

std::vector<Tensor> chunk(const Tensor& t, int64_t chunks, int64_t dim_in) {
  if (t.dim() == 0) runtime_error("chunk expects at least a 1-dimensional tensor");
  if (chunks <= 0) runtime_error("chunk expects `chunks` to be greater than 0, got: {}", chunks);
  int d = wrap_dim(dim_in, t.dim());
  int64_t n = t.sizes[d];
  int64_t split_size = (n + chunks - 1) / chunks;
  if (split_size == 0 && n == 0) return split_with_sizes(t, std::vector<int64_t>(size_t(chunks), 0), dim_in);
  return split(t, split_size, dim_in);
}

std::vector<Tensor> unbind(const Tensor& t, int64_t dim_in) {
  if (t.dim() == 0) index_error("Dimension specified as {} but tensor has no dimensions", dim_in);
  int d = wrap_dim(dim_in, t.dim());
  std::vector<Tensor> out;
  for (int64_t i = 0; i < t.sizes[d]; ++i) out.push_back(select(t, d, i));
  return out;
}

}  // namespace kiln::torch
