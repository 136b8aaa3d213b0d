// stdlib/torch/ops/registry.cpp — see registry.h.
#include "stdlib/torch/ops/registry.h"

#include <bit>
#include <string>
#include <vector>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/elementwise.h"

namespace kiln::torch::ops {

namespace {

std::vector<OpDef> make_table() {
  std::vector<OpDef> t;
#define OP(id, v, k, fn, a, s) \
  t.push_back(OpDef{OpId::id, Variants::v, OpKind::k, impl_##fn, int64_t(a), parse_schema(s)});
#include "stdlib/torch/ops/ops.def"
#undef OP
  return t;
}

// Parsed once, before main (a malformed schema fails every test at once).
const std::vector<OpDef>& table() {
  static const std::vector<OpDef> t = make_table();
  return t;
}

constexpr const char* kIdNames[] = {
#define OP(id, variants, kind, impl, arg, schema) #id,
#include "stdlib/torch/ops/ops.def"
#undef OP
};

// The natives register_ops makes: data is the op's index in the table.
Value call_function(VM& vm, const vm::CallArgs& a, const Value& data) {
  const OpDef& d = table()[size_t(data.as_small_int())];
  Value args[kMaxParams];
  if (!bind(vm, d, a, false, args)) return Value();
  return d.impl(vm, args, d);
}
Value call_method(VM& vm, const vm::CallArgs& a, const Value& data) {
  const OpDef& d = table()[size_t(data.as_small_int())];
  Value args[kMaxParams];
  if (!bind(vm, d, a, true, args)) return Value();
  return d.impl(vm, args, d);
}

}  // namespace

const OpDef& op(OpId id) { return table()[size_t(id)]; }
std::span<const OpDef> all_ops() { return table(); }
const char* op_id_name(OpId id) { return size_t(id) < size_t(OpId::Count_) ? kIdNames[size_t(id)] : "?"; }

const OpDef* op_of(const vm::NativeObject* nat, bool* method) {
  if (nat->fn != call_function && nat->fn != call_method) return nullptr;
  if (method) *method = nat->fn == call_method;
  return &table()[size_t(nat->data.as_small_int())];
}

bool elementwise_of(const OpDef& op, Elementwise* out) {
  if (op.impl != impl_unary && op.impl != impl_binary) return false;
  *out = {op.impl == impl_unary, int(op.arg)};
  return true;
}

namespace {
// The arguments of `Tensor` parameters are tensors (PyTorch's arg parser's
// TypeErrors: positions count from 1, after self in a method call; an
// argument given by keyword has none). slot: each parameter's argument.
bool check_tensors(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, const int* slot, const Value* out) {
  const Schema& s = op.schema;
  if (method && a.nargs > 0 && !is_tensor(a.args[0])) {
    vm.raisef(vm::Exc::TypeError, "descriptor '%s' for 'torch._C._TensorBase' objects doesn't apply to a '%s' object",
              s.name.c_str(), vm::type_name(vm, a.args[0]));
    return false;
  }
  for (uint32_t m = s.tensors; m; m &= m - 1) {
    size_t i = size_t(std::countr_zero(m));
    if (!out[i] || is_tensor(out[i])) continue;
    int at = slot ? slot[i] : int(i);
    if (size_t(at) >= a.nargs)
      vm.raisef(vm::Exc::TypeError, "%s(): argument '%s' must be Tensor, not %s", s.name.c_str(), s.names[i],
                vm::type_name(vm, out[i]));
    else
      vm.raisef(vm::Exc::TypeError, "%s(): argument '%s' (position %d) must be Tensor, not %s", s.name.c_str(),
                s.names[i], method ? at : at + 1, vm::type_name(vm, out[i]));
    return false;
  }
  return true;
}
}  // namespace

bool bind(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, Value* out) {
  const Schema& s = op.schema;
  size_t n = s.nparams;
  // Positional arguments only, as many as fit: the common call.
  if (a.nkw() == 0 && a.nargs <= s.npositional && a.nargs >= s.nrequired && !(method && s.receiver > 0)) {
    for (size_t i = 0; i < a.nargs; i++) out[i] = a.args[i];
    for (size_t i = a.nargs; i < n; i++) out[i] = Value();
    return check_tensors(vm, op, a, method, nullptr, out);
  }
  int slot[kMaxParams];
  std::string error;
  if (!match(s, a.nargs, a.nkw() ? a.kwnames->items : nullptr, a.nkw(), method, slot, &error)) {
    for (size_t k = 0; k < a.nkw(); k++)
      if (vm::str_view(a.kwnames->items[k]) == "out" && s.find("out") < 0) {
        vm.raisef(vm::Exc::NotImplementedError, "%s(): the out= argument is not supported by Kiln", s.name.c_str());
        return false;
      }
    vm.raise(vm::Exc::TypeError, error);
    return false;
  }
  for (size_t i = 0; i < n; i++) out[i] = slot[i] < 0 ? Value() : a.args[slot[i]];
  return check_tensors(vm, op, a, method, slot, out);
}

void register_ops(Registrar& r) {
  const std::vector<OpDef>& t = table();
  auto add = [&](const char* name, size_t index, Variants v) {
    Value data = Value::small_int(int64_t(index));
    if (uint8_t(v) & uint8_t(Variants::Function)) r.function(name, call_function, data);
    if (uint8_t(v) & uint8_t(Variants::Method)) r.method(name, call_method, data);
  };
  for (size_t i = 0; i < t.size(); i++) add(t[i].name(), i, t[i].variants);
#define OP(id, variants, kind, impl, arg, schema)
#define ALIAS(name, id, variants) add(name, size_t(OpId::id), Variants::variants);
#include "stdlib/torch/ops/ops.def"
#undef ALIAS
#undef OP
}

}  // namespace kiln::torch::ops
