// tracer/meta.cpp — see meta.h.
#include "tracer/meta.h"

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/ops.h"

namespace kiln::tracer {

bool Meta::static_sizes() const {
  if (!tensor) return false;
  for (int64_t s : sizes)
    if (s == kDynamic) return false;
  return true;
}

int64_t Meta::numel() const {
  if (!tensor) return -1;
  int64_t n = 1;
  for (int64_t s : sizes) {
    if (s == kDynamic) return -1;
    n *= s;
  }
  return n;
}

std::string Meta::str() const {
  if (!tensor) return sym.size() == 1 ? "Sym(" + sym[0].str() + ")" : type;
  std::string r = std::string(torch::dtype_name(dtype)) + "[";
  for (size_t d = 0; d < sizes.size(); d++) {
    if (d) r += ", ";
    if (sizes[d] != kDynamic) r += std::to_string(sizes[d]);
    else r += d < sym.size() ? sym[d].str() : std::string("*");
  }
  return r + "]";
}

Meta meta_of(vm::VM& vm, const vm::Value& v) {
  Meta m;
  if (torch::is_tensor(v)) {
    const torch::Tensor& t = torch::tensor_of(v);
    m.tensor = true;
    m.dtype = t.dtype;
    m.sizes.assign(t.sizes.begin(), t.sizes.end());
    m.requires_grad = torch::var_of(v).requires_grad();
    return m;
  }
  m.type = vm::type_name(vm, v);
  return m;
}

bool meta_fits(vm::VM& vm, const vm::Value& v, const Meta& m) {
  Meta got = meta_of(vm, v);
  if (got.tensor != m.tensor) return false;
  if (!m.tensor) return got.type == m.type;
  if (got.dtype != m.dtype || got.sizes.size() != m.sizes.size()) return false;
  for (size_t d = 0; d < m.sizes.size(); d++)
    if (m.sizes[d] != Meta::kDynamic && m.sizes[d] != got.sizes[d]) return false;
  return true;
}

bool same_shape(const Meta& a, const Meta& b) {
  if (!a.tensor || !b.tensor || a.sizes.size() != b.sizes.size()) return false;
  for (size_t d = 0; d < a.sizes.size(); d++)
    if (a.sizes[d] != b.sizes[d] && a.sizes[d] != Meta::kDynamic && b.sizes[d] != Meta::kDynamic) return false;
  return true;
}

}  // namespace kiln::tracer
