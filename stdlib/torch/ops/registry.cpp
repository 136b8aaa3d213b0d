// stdlib/torch/ops/registry.cpp — see registry.h.
#include "stdlib/torch/ops/registry.h"

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

bool bind(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, Value* out) {
  const Schema& s = op.schema;
  size_t n = s.nparams;
  // Positional arguments only, as many as fit: the common call.
  if (a.nkw() == 0 && a.nargs <= s.npositional && a.nargs >= s.nrequired && !(method && s.receiver > 0)) {
    for (size_t i = 0; i < a.nargs; i++) out[i] = a.args[i];
    for (size_t i = a.nargs; i < n; i++) out[i] = Value();
    return true;
  }
  int slot[kMaxParams];
  std::string error;
  if (!match(s, a.nargs, a.nkw() ? a.kwnames->items : nullptr, a.nkw(), method, slot, &error)) {
    vm.raise(vm::Exc::TypeError, error);
    return false;
  }
  for (size_t i = 0; i < n; i++) out[i] = slot[i] < 0 ? Value() : a.args[slot[i]];
  return true;
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
