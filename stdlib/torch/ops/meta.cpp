// stdlib/torch/ops/meta.cpp — see meta.h.
#include "stdlib/torch/ops/meta.h"

#include "stdlib/torch/bindings.h"

namespace kiln::torch::ops {

Value meta_object(VM& vm, Tensor t) { return wrap(vm, std::move(t)); }

bool infer_meta(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, Value* result) {
  Bound args;
  if (!bind(vm, op, a, method, &args)) return false;
  Value r = op.meta(vm, args, op);
  if (!r) return false;
  *result = std::move(r);
  return true;
}

}  // namespace kiln::torch::ops
