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
  t.push_back(OpDef{OpId::id, Variants::v, OpKind::k, impl_##fn, meta_##fn, int64_t(a), parse_schema(s)});
#include "stdlib/torch/ops/ops.def"
#undef OP
  return t;
}

// Parsed once, on first use (`import torch`); a malformed schema throws
// there, and test_op_registry parses every one.
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
  Bound args;
  if (!bind(vm, d, a, false, &args)) return Value();
  return d.impl(vm, args, d);
}
Value call_method(VM& vm, const vm::CallArgs& a, const Value& data) {
  const OpDef& d = table()[size_t(data.as_small_int())];
  Bound args;
  if (!bind(vm, d, a, true, &args)) return Value();
  return d.impl(vm, args, d);
}

}  // namespace

const OpDef& op(OpId id) { return table()[size_t(id)]; }
std::span<const OpDef> all_ops() { return table(); }
const char* op_id_name(OpId id) { return size_t(id) < size_t(OpId::Count_) ? kIdNames[size_t(id)] : "?"; }

const OpDef* functional_form(const OpDef& op) {
  static const std::vector<const OpDef*> forms = [] {
    std::vector<const OpDef*> f(size_t(OpId::Count_), nullptr);
    for (const OpDef& d : table()) {
      if (!d.schema.writes() || d.kind == OpKind::View || d.schema.name.size() < 2) continue;
      std::string_view name(d.schema.name);
      name.remove_suffix(1);
      for (const OpDef& e : table())
        if (e.schema.name == name && e.has_method() && !e.schema.writes()) f[size_t(d.id)] = &e;
    }
    return f;
  }();
  return forms[size_t(op.id)];
}

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
// The arguments of `Tensor` parameters are not all tensors: PyTorch's arg
// parser's TypeError (positions count from 1, after self in a method call;
// an argument given by keyword has none). slot: each parameter's argument
// (nullptr: params[i] is argument i).
[[gnu::noinline]] bool tensor_error(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, const int* slot,
                                    const Bound& out) {
  const Schema& s = op.schema;
  if (method && a.nargs > 0 && !is_tensor(a.args[0])) {
    vm.raisef(vm::Exc::TypeError, "descriptor '%s' for 'torch._C._TensorBase' objects doesn't apply to a '%s' object",
              s.name.c_str(), vm::type_name(vm, a.args[0]));
    return false;
  }
  for (uint32_t m = s.tensors; m; m &= m - 1) {
    size_t i = size_t(std::countr_zero(m));
    if (!out[i] || is_tensor(out[i]) || (out[i].is_none() && (s.none_ok >> i & 1))) continue;
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

inline bool tensors_ok(const Schema& s, const vm::CallArgs& a, bool method, const Bound& out) {
  if (method && a.nargs > 0 && !is_tensor(a.args[0])) return false;
  for (uint32_t m = s.tensors; m; m &= m - 1) {
    int i = std::countr_zero(m);
    const Value& v = out[size_t(i)];
    if (v && !is_tensor(v) && !(v.is_none() && (s.none_ok >> i & 1))) return false;
  }
  return true;
}
}  // namespace

bool bind(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, Bound* b) {
  const Schema& s = op.schema;
  size_t n = s.nparams;
  const Value** out = b->p;
  // Positional arguments only, as many as fit: the common call.
  if (a.nkw() == 0 && a.nargs <= s.npositional && a.nargs >= s.nrequired && !(method && (s.receiver > 0 || s.varargs >= 0))) {
    for (size_t i = 0; i < a.nargs; i++) out[i] = &a.args[i];
    return tensors_ok(s, a, method, *b) || tensor_error(vm, op, a, method, nullptr, *b);
  }
  // x.view(2, 3), x.permute(1, 0): a method's separate ints, no keywords.
  if (method && a.nkw() == 0 && s.varargs >= 0 && s.receiver == 0 && a.nargs > size_t(s.varargs)) {
    size_t p = size_t(s.varargs);
    for (size_t i = 0; i < p; i++) out[i] = &a.args[i];
    const Value& one = a.args[p];
    if (a.nargs - p == 1 && (vm::is_kind(one, vm::ObjKind::Tuple) || vm::is_kind(one, vm::ObjKind::List)))
      out[p] = &one;
    else
      b->varargs = std::span<const Value>(a.args + p, a.nargs - p);
    return tensors_ok(s, a, method, *b) || tensor_error(vm, op, a, method, nullptr, *b);
  }
  int slot[kMaxParams];
  std::string error;
  size_t packed = 0;
  if (!match(s, a.nargs, a.nkw() ? a.kwnames->items : nullptr, a.nkw(), method, slot, &error, &packed)) {
    for (size_t k = 0; k < a.nkw(); k++)
      if (vm::str_view(a.kwnames->items[k]) == "out" && s.find("out") < 0) {
        vm.raisef(vm::Exc::NotImplementedError, "%s(): the out= argument is not supported by Kiln", s.name.c_str());
        return false;
      }
    vm.raise(vm::Exc::TypeError, error);
    return false;
  }
  for (size_t i = 0; i < n; i++)
    if (slot[i] >= 0) out[i] = &a.args[slot[i]];
  if (packed) {
    // x.view(2, 3) / x.view(6): the int... parameter's separate arguments;
    // one tuple or list (x.view((2, 3))) is the argument itself.
    size_t p = size_t(s.varargs), first = size_t(slot[p]);
    const Value& one = a.args[first];
    if (packed > 1 || !(vm::is_kind(one, vm::ObjKind::Tuple) || vm::is_kind(one, vm::ObjKind::List))) {
      out[p] = nullptr;
      b->varargs = std::span<const Value>(a.args + first, packed);
    }
  }
  return tensors_ok(s, a, method, *b) || tensor_error(vm, op, a, method, slot, *b);
}

const char* function_name(const OpDef& op) {
  if (op.has_function()) return op.name();
#define OP(id, variants, kind, impl, arg, schema)
#define ALIAS(alias, target, variants) \
  if (op.id == OpId::target && (uint8_t(Variants::variants) & uint8_t(Variants::Function))) return alias;
#include "stdlib/torch/ops/ops.def"
#undef ALIAS
#undef OP
  return nullptr;
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
