// stdlib/torch/ops/registry.cpp — see registry.h.
#include "stdlib/torch/ops/registry.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <string>
#include <unordered_map>
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

// Per op: the next entry with its Python name and variants (an overload,
// arange(start, end) after arange(end)), or -1; and whether it is one.
struct Overloads {
  std::vector<int> next;
  std::vector<bool> later;
};
const Overloads& overloads() {
  static const Overloads o = [] {
    const std::vector<OpDef>& t = table();
    Overloads r{std::vector<int>(t.size(), -1), std::vector<bool>(t.size(), false)};
    std::unordered_map<std::string, size_t> last;  // name and variants -> the latest entry
    for (size_t i = 0; i < t.size(); i++) {
      auto [it, fresh] = last.try_emplace(t[i].schema.name + char('0' + int(t[i].variants)), i);
      if (fresh) continue;
      r.next[it->second] = int(i);
      r.later[i] = true;
      it->second = i;
    }
    return r;
  }();
  return o;
}

// PyTorch's name for a parameter type in its listing of signatures.
std::string shown_type(const std::string& t) {
  if (t == "Scalar") return "Number";
  if (t == "ScalarType") return "torch.dtype";
  if (t == "Layout") return "torch.layout";
  if (t == "Device") return "torch.device";
  if (t == "Generator") return "torch.Generator";
  if (t == "MemoryFormat") return "torch.memory_format";
  if (t == "int[]" || t == "int...") return "tuple of ints";
  return t;
}

// Whether each given `Scalar`, `int` and `int[]` parameter of a bound call
// is a number (a bool counts) or a 0-dim tensor, an int (not a bool; a
// 0-dim integer tensor counts), a tuple or list: what PyTorch's parser requires when it
// chooses between overloads. With `raise`, PyTorch's TypeError.
bool numbers_ok(VM& vm, const OpDef& op, const vm::CallArgs& a, const Bound& b, bool raise) {
  const Schema& s = op.schema;
  for (size_t i = 0; i < s.params.size(); i++) {
    const Value& v = b[i];
    const std::string& type = s.params[i].type;
    if (!v || (s.params[i].optional && v.is_none())) continue;
    bool integer = v.is_small_int() || v.is_bool() || vm::is_kind(v, vm::ObjKind::Int);
    const char* want;
    if (type == "Scalar") {
      if (integer || v.is_double() || (is_tensor(v) && tensor_of(v).dim() == 0)) continue;
      want = "Number";
    } else if (type == "int") {  // (not a bool)
      if ((integer && !v.is_bool()) || (is_tensor(v) && tensor_of(v).dim() == 0 && is_integral(tensor_of(v).dtype, true))) continue;
      want = "int";
    } else if (type == "int[]") {
      if (vm::is_kind(v, vm::ObjKind::Tuple) || vm::is_kind(v, vm::ObjKind::List)) continue;
      want = "tuple of ints";
    } else {
      continue;
    }
    if (raise) {
      size_t pos = 0;  // its position when given positionally
      for (size_t k = 0; k < a.nargs; k++)
        if (&a.args[k] == b.p[i]) pos = k + 1;
      if (pos)
        vm.raisef(vm::Exc::TypeError, "%s(): argument '%s' (position %zu) must be %s, not %s", s.name.c_str(),
                  s.params[i].name.c_str(), pos, want, vm::type_name(vm, v));
      else
        vm.raisef(vm::Exc::TypeError, "%s(): argument '%s' must be %s, not %s", s.name.c_str(), s.params[i].name.c_str(), want,
                  vm::type_name(vm, v));
    }
    return false;
  }
  return true;
}

// No overload of op `first` binds the call: as PyTorch's parser, the one
// signature whose parameter counts admit the call's argument count raises
// its own error; otherwise the TypeError lists them all.
Value overload_error(VM& vm, size_t first, const vm::CallArgs& a, bool method) {
  const std::vector<OpDef>& t = table();
  size_t count = a.nargs - (method ? 1 : 0) + a.nkw();
  int plausible = -1, n = 0;
  for (int i = int(first); i >= 0; i = overloads().next[size_t(i)]) {
    const Schema& s = t[size_t(i)].schema;
    size_t required = 0;
    for (const Param& p : s.params) required += !p.has_default;
    if (count >= required && count <= s.params.size()) plausible = i, n++;
  }
  if (n == 1) {
    // Its error: a missing argument first (PyTorch's parser takes the
    // parameters in order), then an unknown keyword or a type.
    const Schema& s = t[size_t(plausible)].schema;
    std::vector<Value> known;
    for (size_t k = 0; k < a.nkw(); k++)
      if (s.find(vm::str_view(a.kwnames->items[k])) >= 0) known.push_back(a.kwnames->items[k]);
    int slot[kMaxParams];
    std::string error;
    if (!match(s, a.nargs, known.data(), known.size(), method, slot, &error)) {
      vm.raise(vm::Exc::TypeError, error);
      return Value();
    }
    Bound b;
    if (!bind(vm, t[size_t(plausible)], a, method, &b) || !numbers_ok(vm, t[size_t(plausible)], a, b, true)) return Value();
  }
  // "got (int, str, end=int)"; with no positional argument each keyword
  // is followed by ", " (PyTorch's: "got (end=int, step=int, )").
  const size_t first_arg = method ? 1 : 0;
  std::string got;
  for (size_t i = first_arg; i < a.nargs; i++) got += std::string(i > first_arg ? ", " : "") + vm::type_name(vm, a.args[i]);
  // (PyTorch lists keywords in its map's order, which is not the call's:
  // by name here, as it shows two.)
  std::vector<size_t> kws(a.nkw());
  for (size_t k = 0; k < kws.size(); k++) kws[k] = k;
  std::sort(kws.begin(), kws.end(),
            [&](size_t x, size_t y) { return vm::str_view(a.kwnames->items[x]) < vm::str_view(a.kwnames->items[y]); });
  for (size_t k : kws) {
    std::string kw = std::string(vm::str_view(a.kwnames->items[k])) + "=" + vm::type_name(vm, a.kwvalue(k));
    got += a.nargs > first_arg ? ", " + kw : kw + ", ";
  }
  std::string msg = fmt::format("{}() received an invalid combination of arguments - got ({}), but expected one of:\n",
                                t[first].name(), got);
  for (int i = int(first); i >= 0; i = overloads().next[size_t(i)]) {
    std::string sig;
    bool star = false;
    for (const Param& p : t[size_t(i)].schema.params) {
      if (!sig.empty()) sig += ", ";
      if (p.kwonly && !star) sig += "*, ", star = true;
      sig += shown_type(p.type) + " " + p.name;
    }
    msg += " * (" + sig + ")\n";
  }
  vm.raise(vm::Exc::TypeError, msg);
  return Value();
}

// A fresh tensor an op returns (no other tensor holds its storage, and it
// is none of the arguments) starts at `_version` 0, as PyTorch's results
// do, however many times the op's kernels wrote it (a fill, copies into
// parts of it).
// (Only when the op wrote something: t_version_bumps moved.)
void fresh_result_at_version_zero(const Value& v, const vm::CallArgs& a, const OpDef& d) {
  Storage* s = tensor_of(v).storage.get();
  if (!s || s->version == s->version_base || s->refcount != 1 || d.schema.writes()) return;
  for (size_t i = 0; i < a.nargs + a.nkw(); i++)
    if (a.args[i].bits() == v.bits()) return;
  s->version_base = s->version;
}

inline void fresh_results_at_version_zero(const Value& r, const vm::CallArgs& a, const OpDef& d) {
  if (is_tensor(r)) {
    const Storage* s = tensor_of(r).storage.get();
    if (s && s->version != s->version_base) fresh_result_at_version_zero(r, a, d);
  } else if (vm::is_kind(r, vm::ObjKind::Tuple)) {
    const auto* t = r.as<vm::TupleObject>();
    for (size_t i = 0; i < t->size; i++)
      if (is_tensor(t->items[i])) fresh_result_at_version_zero(t->items[i], a, d);
  }
}

// The natives register_ops makes: data is the op's index in the table (the
// first of its overloads: the call binds the first that fits).
Value call_op(VM& vm, const vm::CallArgs& a, size_t index, bool method) {
  const OpDef& d = table()[index];
  if (overloads().next[index] < 0) {
    Bound args;
    if (!bind(vm, d, a, method, &args)) return Value();
    uint64_t bumps = t_version_bumps;
    Value r = d.impl(vm, args, d);
    if (t_version_bumps != bumps && r) fresh_results_at_version_zero(r, a, d);
    return r;
  }
  for (int i = int(index); i >= 0; i = overloads().next[size_t(i)]) {
    const OpDef& o = table()[size_t(i)];
    Bound b;
    if (bind(vm, o, a, method, &b) && numbers_ok(vm, o, a, b, false)) {
      uint64_t bumps = t_version_bumps;
      Value r = o.impl(vm, b, o);
      if (t_version_bumps != bumps && r) fresh_results_at_version_zero(r, a, o);
      return r;
    }
    vm.clear_exception();
  }
  return overload_error(vm, index, a, method);
}
Value call_function(VM& vm, const vm::CallArgs& a, const Value& data) {
  return call_op(vm, a, size_t(data.as_small_int()), false);
}
Value call_method(VM& vm, const vm::CallArgs& a, const Value& data) {
  return call_op(vm, a, size_t(data.as_small_int()), true);
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

const OpDef* next_overload(const OpDef& op) {
  int n = overloads().next[size_t(op.id)];
  return n < 0 ? nullptr : &table()[size_t(n)];
}
bool is_later_overload(const OpDef& op) { return overloads().later[size_t(op.id)]; }

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
  if (a.nkw() == 0 && a.nargs <= s.npositional && a.nargs >= s.nrequired && !s.kw_required &&
      !(method && (s.receiver > 0 || s.varargs >= 0))) {
    for (size_t i = 0; i < a.nargs; i++) out[i] = &a.args[i];
    return tensors_ok(s, a, method, *b) || tensor_error(vm, op, a, method, nullptr, *b);
  }
  // x.view(2, 3), x.permute(1, 0): a method's separate ints, no keywords.
  if (method && a.nkw() == 0 && s.varargs >= 0 && s.receiver == 0 && a.nargs > size_t(s.varargs) && !s.kw_required) {
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
  for (size_t i = 0; i < t.size(); i++)
    if (!overloads().later[i]) add(t[i].name(), i, t[i].variants);  // (an overload: reached from the first)
#define OP(id, variants, kind, impl, arg, schema)
#define ALIAS(name, id, variants) add(name, size_t(OpId::id), Variants::variants);
#include "stdlib/torch/ops/ops.def"
#undef ALIAS
#undef OP
}

}  // namespace kiln::torch::ops
