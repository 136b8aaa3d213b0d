// stdlib/torch/linalg_bindings.cpp — torch.matmul, mm, bmm, mv, dot, outer,
// ger and their Tensor methods: the Python face of linalg.h.
//
// These take tensors only, and their argument errors are PyTorch's own
// (python_arg_parser), not CPython's: "mm(): argument 'mat2' (position 2)
// must be Tensor, not int", "mm() missing 1 required positional arguments:
// \"mat2\"" (sic: PyTorch pluralises exactly when one is missing). The
// method form numbers positions after self. One native serves every op;
// `data` holds the op, plus kMethod for the Tensor method. The products go
// through the autograd layer (ag::matmul, ...), which records their
// gradients when an operand requires grad.

#include <string>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/linalg.h"

namespace kiln::torch {

using vm::Exc;

namespace {

enum LinalgOp { kMatmul, kMm, kBmm, kMv, kDot, kOuter, kGer, kNumOps };
constexpr int64_t kMethod = 16;

struct OpInfo {
  const char* name;
  const char* second;  // the name of the second parameter
};
constexpr OpInfo kOps[kNumOps] = {
    {"matmul", "other"}, {"mm", "mat2"}, {"bmm", "mat2"}, {"mv", "vec"},
    {"dot", "tensor"},   {"outer", "vec2"}, {"ger", "vec2"},
};

bool kw_is(VM& vm, const CallArgs& a, size_t i, const char* name) {
  (void)vm;
  return vm::str_view(a.kwnames->items[i]) == name;
}

// Binds (input, <second>) like PyTorch's argument parser; out[0..1] tensors.
bool bind_two_tensors(VM& vm, const CallArgs& a, const OpInfo& op, bool method, Var* out[2]) {
  const char* params[2] = {"input", op.second};
  const Value* pos = a.args;
  size_t npos = a.nargs, nkw = a.kwnames ? a.kwnames->size : 0;
  int first = 0;  // first parameter still to bind
  if (method) {
    if (npos == 0 || !is_tensor(pos[0])) {
      vm.raisef(Exc::TypeError, "descriptor '%s' for 'torch._C._TensorBase' objects doesn't apply to a '%s' object", op.name,
                npos ? vm::type_name(vm, pos[0]) : "NoneType");
      return false;
    }
    out[0] = &var_of(pos[0]);
    ++pos, --npos;
    first = 1;
  }
  size_t max_pos = size_t(2 - first);
  if (npos > max_pos) {
    vm.raisef(Exc::TypeError, "%s() takes %zu positional argument%s but %zu %s given", op.name, max_pos,
              max_pos == 1 ? "" : "s", npos, npos == 1 ? "was" : "were");
    return false;
  }
  std::vector<bool> used(nkw, false);
  for (int p = first; p < 2; ++p) {
    size_t slot = size_t(p - first);
    const Value* v = slot < npos ? &pos[slot] : nullptr;
    bool by_kw = false;
    for (size_t i = 0; i < nkw; ++i) {
      if (!kw_is(vm, a, i, params[p])) continue;
      if (v) {
        vm.raisef(Exc::TypeError, "%s() got multiple values for argument '%s'", op.name, params[p]);
        return false;
      }
      v = &a.args[a.nargs + i];
      used[i] = true;
      by_kw = true;
    }
    if (!v) {
      // PyTorch's missing_args: every required parameter from here on.
      std::string names;
      int missing = 0;
      for (int q = p; q < 2; ++q) {
        if (missing++) names += ", ";
        names += std::string("\"") + params[q] + "\"";
      }
      vm.raisef(Exc::TypeError, "%s() missing %d required positional argument%s: %s", op.name, missing,
                missing == 1 ? "s" : "", names.c_str());
      return false;
    }
    if (!is_tensor(*v)) {
      if (by_kw)
        vm.raisef(Exc::TypeError, "%s(): argument '%s' must be Tensor, not %s", op.name, params[p], vm::type_name(vm, *v));
      else
        vm.raisef(Exc::TypeError, "%s(): argument '%s' (position %zu) must be Tensor, not %s", op.name, params[p],
                  slot + 1, vm::type_name(vm, *v));
      return false;
    }
    out[p] = &var_of(*v);
  }
  for (size_t i = 0; i < nkw; ++i) {
    if (used[i]) continue;
    std::string_view kw = vm::str_view(a.kwnames->items[i]);
    if (kw == "out") {
      vm.raisef(Exc::NotImplementedError, "%s(): the out= argument is not supported by Kiln", op.name);
      return false;
    }
    vm.raisef(Exc::TypeError, "%s() got an unexpected keyword argument '%.*s'", op.name, int(kw.size()), kw.data());
    return false;
  }
  return true;
}

Value linalg_fn(VM& vm, const CallArgs& a, const Value& data) {
  int64_t d = data.as_small_int();
  bool method = d & kMethod;
  auto op = LinalgOp(d & ~kMethod);
  Var* t[2];
  if (!bind_two_tensors(vm, a, kOps[op], method, t)) return Value();
  return guarded(vm, [&] {
    const Var &x = *t[0], &y = *t[1];
    switch (op) {
      case kMatmul: return wrap(vm, ag::matmul(x, y));
      case kMm: return wrap(vm, ag::mm(x, y));
      case kBmm: return wrap(vm, ag::bmm(x, y));
      case kMv: return wrap(vm, ag::mv(x, y));
      case kDot: return wrap(vm, ag::dot(x, y));
      case kOuter:
      case kGer: return wrap(vm, ag::outer(x, y));
      case kNumOps: break;
    }
    return Value::none();
  });
}

// torch._kiln_linear(input, weight, bias=None): nn.functional.linear's
// kernel (torch.nn.functional is Python; PyTorch's is torch._C._nn.linear).
Value linear_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[3];
  if (!bind(vm, a, {"linear", {"input", "weight", "bias"}, 3, 2}, args)) return Value();
  Var* x = expect_var(vm, args[0], "linear", "input");
  Var* w = x ? expect_var(vm, args[1], "linear", "weight") : nullptr;
  if (!w) return Value();
  Var* b = nullptr;
  if (args[2] && !args[2].is_none() && !(b = expect_var(vm, args[2], "linear", "bias"))) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::linear(*x, *w, b)); });
}

}  // namespace

bool matmul_native(const vm::NativeObject* nat, int* kind) {
  if (nat->fn == linear_fn) {
    *kind = 2;
    return true;
  }
  if (nat->fn != linalg_fn || !nat->data.is_small_int()) return false;
  auto op = LinalgOp(nat->data.as_small_int() & ~kMethod);
  if (op != kMatmul && op != kMm) return false;
  *kind = op == kMatmul ? 0 : 1;
  return true;
}

void register_linalg(Registrar& r) {
  r.function("_kiln_linear", linear_fn);
  for (int op = 0; op < kNumOps; ++op) {
    r.function(kOps[op].name, linalg_fn, Value::small_int(op));
    r.method(kOps[op].name, linalg_fn, Value::small_int(op | kMethod));
  }
}

}  // namespace kiln::torch
