// stdlib/torch/views.cpp — view operations (see views.h).

#include "stdlib/torch/views.h"

namespace kiln::torch {

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

}  // namespace kiln::torch
