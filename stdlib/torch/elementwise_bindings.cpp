// stdlib/torch/elementwise_bindings.cpp — torch.exp, Tensor.add_, ... : the
// eager entries (impls) of the elementwise ops of the registry
// (ops/ops.def), over elementwise.h and the autograd layer. The registry
// binds each call by the op's schema; an impl receives the bound arguments
// and the op (its `arg`: the UnaryOp / BinaryOp, or flags). Python's
// operator dunders on tensors (-x, ~x, abs(x)) are registered here too.

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/ops/decompositions.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"

namespace kiln::torch {

using vm::Exc;
using ops::OpDef;

namespace {

// Converts the (input, other) arguments of a binary op. torch.add(2, x) is
// allowed when the second is a tensor; torch.mul(2, 3.5) makes the first a
// 0-dim tensor (kept alive by `holder`), as PyTorch wraps it. In-place forms
// need a tensor input.
bool bind_operands(VM& vm, const Value& input, const Value& other, const char* name, bool inplace,
                   std::optional<VOperand>* x, std::optional<VOperand>* y, Var* holder) {
  Scalar s0, s1;
  if (!inplace && !is_tensor(input) && as_scalar(input, &s0) && as_scalar(other, &s1)) {
    *holder = Var(scalar_tensor(s0));
    x->emplace(*holder);
    y->emplace(s1);
    return true;
  }
  if (!inplace && !is_tensor(input) && is_tensor(other)) {
    y->emplace(var_of(other));
    return as_voperand(vm, input, name, "input", x);
  }
  Var* self = expect_var(vm, input, name, "input");
  if (!self) return false;
  x->emplace(*self);
  return as_voperand(vm, other, name, "other", y);
}

}  // namespace

Value ops::impl_unary(VM& vm, const ops::Bound& args, const OpDef& def) {
  auto op = UnaryOp(def.arg);
  Var* x = expect_var(vm, args[0], op_name(op), "input");
  if (!x) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::unary(op, *x)); });
}

Value ops::impl_unary_(VM& vm, const ops::Bound& args, const OpDef& def) {
  auto op = UnaryOp(def.arg);
  Var* x = expect_var(vm, args[0], op_name(op), "input");
  if (!x) return Value();
  return guarded(vm, [&] {
    ag::unary_(op, *x);
    return args[0];
  });
}

Value ops::impl_binary(VM& vm, const ops::Bound& args, const OpDef& def) {
  auto op = BinaryOp(def.arg);
  Var holder;
  std::optional<VOperand> x, y;
  if (!bind_operands(vm, args[0], args[1], op_name(op), false, &x, &y, &holder)) return Value();
  // (maximum, atan2, logical_and...: tensors only, checked by the binder: their schemas say Tensor.)
  return guarded(vm, [&] { return wrap(vm, ag::binary(op, *x, *y)); });
}

Value ops::impl_binary_(VM& vm, const ops::Bound& args, const OpDef& def) {
  auto op = BinaryOp(def.arg);
  Var holder;
  std::optional<VOperand> x, y;
  if (!bind_operands(vm, args[0], args[1], op_name(op), true, &x, &y, &holder)) return Value();
  return guarded(vm, [&] {
    ag::binary_(op, var_of(args[0]), *y);
    return args[0];
  });
}

// add/sub(input, other, *, alpha=1); arg: 0 add, 1 sub, +2 in place.
Value ops::impl_add(VM& vm, const ops::Bound& args, const OpDef& def) {
  int64_t mode = def.arg;
  bool subtract = mode & 1, inplace = mode & 2;
  const char* name = subtract ? "sub" : "add";
  Scalar alpha = Scalar::from_int(1);
  if (args[2] && !as_scalar(args[2], &alpha))
    return vm.raisef(Exc::TypeError, "%s(): argument 'alpha' must be Number, not %s", name, vm::type_name(vm, args[2]));
  std::optional<VOperand> x, y;
  Var holder;
  if (!bind_operands(vm, args[0], args[1], name, inplace, &x, &y, &holder)) return Value();
  return guarded(vm, [&] {
    if (inplace) {
      ag::add_(var_of(args[0]), *y, alpha, subtract);
      return args[0];
    }
    return wrap(vm, ag::add(*x, *y, alpha, subtract));
  });
}

// div(input, other, *, rounding_mode=None); arg: 1 = in place.
Value ops::impl_div(VM& vm, const ops::Bound& args, const OpDef& def) {
  bool inplace = def.arg & 1;
  BinaryOp op = BinaryOp::div;
  if (args[2] && !args[2].is_none()) {
    if (!vm::is_str(args[2])) return vm.raisef(Exc::TypeError, "div(): argument 'rounding_mode' must be str, not %s", vm::type_name(vm, args[2]));
    std::string_view m = vm::str_view(args[2]);
    if (m == "trunc") op = BinaryOp::div_trunc;
    else if (m == "floor") op = BinaryOp::div_floor;
    else
      return vm.raisef(Exc::RuntimeError,
                       "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '%.*s'", int(m.size()),
                       m.data());
  }
  std::optional<VOperand> x, y;
  Var holder;
  if (!bind_operands(vm, args[0], args[1], "div", inplace, &x, &y, &holder)) return Value();
  return guarded(vm, [&] {
    if (inplace) {
      ag::binary_(op, var_of(args[0]), *y);
      return args[0];
    }
    return wrap(vm, ag::binary(op, *x, *y));
  });
}

// addcmul / addcdiv(input, tensor1, tensor2, *, value=1): input + value *
// (tensor1 op tensor2), composed from the binary ops (so autograd sees them).
// arg: bit 0 division, bit 1 in place.
Value ops::impl_addc(VM& vm, const ops::Bound& args, const OpDef& def) {
  int64_t mode = def.arg;
  bool divide = mode & 1, inplace = mode & 2;
  const char* name = divide ? (inplace ? "addcdiv_" : "addcdiv") : (inplace ? "addcmul_" : "addcmul");
  Scalar value = Scalar::from_int(1);
  if (args[3] && !as_scalar(args[3], &value))
    return vm.raisef(Exc::TypeError, "%s(): argument 'value' must be Number, not %s", name, vm::type_name(vm, args[3]));
  Var* x = expect_var(vm, args[0], name, "input");
  Var* t1 = x ? expect_var(vm, args[1], name, "tensor1") : nullptr;
  Var* t2 = t1 ? expect_var(vm, args[2], name, "tensor2") : nullptr;
  if (!t2) return Value();
  return guarded(vm, [&] {
    if (inplace)
      for (const Var* in : {t1, t2}) check_no_partial_overlap(x->t, in->t);
    using T = ag::EagerDerivative::T;
    ag::EagerDerivative d;
    T v = args[3] ? T::of(VOperand(value)) : T();
    if (inplace) {  // (the decomposition, its sum in place)
      Var prod = ag::binary(divide ? BinaryOp::div : BinaryOp::mul, *t1, *t2);
      ag::add_(*x, prod, value, false);
      return args[0];
    }
    return wrap(vm, ops::addc_decomposition(d, T(*x), T(*t1), T(*t2), v, divide).take());
  });
}

// lerp(input, end, weight): PyTorch's two forms, exact at either end:
// input + weight * (end - input) where |weight| < 0.5, else
// end - (end - input) * (1 - weight), composed from the binary ops (so
// autograd sees them); a tensor weight picks per element. A number weight
// is the tensor's type first (float32: 1 - weight in float, as PyTorch's
// opmath). arg: 1 = in place (x.lerp_: EMA updates).
Value ops::impl_lerp(VM& vm, const ops::Bound& args, const OpDef& def) {
  bool inplace = def.arg & 1;
  const char* name = inplace ? "lerp_" : "lerp";
  Var* x = expect_var(vm, args[0], name, "input");
  Var* e = x ? expect_var(vm, args[1], name, "end") : nullptr;
  if (!e) return Value();
  Scalar w;
  Var* wt = nullptr;
  if (!vm::is_kind(args[2], vm::ObjKind::Tensor)) {
    if (!as_scalar(args[2], &w))
      return vm.raisef(Exc::TypeError, "%s(): argument 'weight' must be Number or Tensor, not %s", name,
                       vm::type_name(vm, args[2]));
  } else if (!(wt = expect_var(vm, args[2], name, "weight"))) {
    return Value();
  }
  return guarded(vm, [&] {
    if (inplace) {
      check_no_partial_overlap(x->t, e->t);
      if (wt) check_no_partial_overlap(x->t, wt->t);
    }
    if (inplace && !wt && ops::lerp_weight_is_small(w.to<double>(), x->t.dtype)) {
      // (The decomposition's first form, its sum in place: EMA updates.)
      Var step = ag::binary(BinaryOp::mul, ag::binary(BinaryOp::sub, *e, *x), w);
      ag::add_(*x, step, Scalar::from_int(1), false);
      return args[0];
    }
    using T = ag::EagerDerivative::T;
    auto lerp = [&](const Var& input) {
      ag::EagerDerivative d;
      return ops::lerp_decomposition(d, T(input), T(*e), wt ? T(*wt) : T::of(VOperand(w)), x->t.dtype).take();
    };
    if (inplace) {
      ag::assign_(var_of(args[0]), {e, wt}, lerp);
      return args[0];
    }
    return wrap(vm, lerp(*x));
  });
}

// torch.where(condition, input, other); the method binds its receiver to input.
Value ops::impl_where(VM& vm, const ops::Bound& args, const OpDef&) {
  Tensor* cond = expect_tensor(vm, args[0], "where", "condition");
  if (!cond) return Value();
  std::optional<VOperand> x, y;
  if (!as_voperand(vm, args[1], "where", "input", &x) || !as_voperand(vm, args[2], "where", "other", &y)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::where(*cond, *x, *y)); });
}

// clamp(input, min=None, max=None); clamp_min(input, min) (arg bit 1),
// clamp_max(input, max) (bit 2); arg bit 0 = in place.
Value ops::impl_clamp(VM& vm, const ops::Bound& bound, const OpDef& def) {
  int64_t mode = def.arg;
  bool inplace = mode & 1;
  const char* name = mode & 2 ? "clamp_min" : mode & 4 ? "clamp_max" : "clamp";
  Value args[3] = {bound[0], mode & 4 ? Value() : bound[1], mode & 2 ? Value() : mode & 4 ? bound[1] : bound[2]};
  Var* x = expect_var(vm, args[0], name, "input");
  if (!x) return Value();
  std::optional<VOperand> lo, hi;
  if (args[1] && !args[1].is_none() && !as_voperand(vm, args[1], name, "min", &lo)) return Value();
  if (args[2] && !args[2].is_none() && !as_voperand(vm, args[2], name, "max", &hi)) return Value();
  return guarded(vm, [&] {
    if (inplace) {
      ag::clamp_(*x, lo, hi);
      return args[0];
    }
    return wrap(vm, ag::clamp(*x, lo, hi));
  });
}

Value ops::impl_nan_to_num(VM& vm, const ops::Bound& args, const OpDef& def) {
  bool inplace = def.arg & 1;
  Var* x = expect_var(vm, args[0], "nan_to_num", "input");
  if (!x) return Value();
  double nan = 0;
  std::optional<double> pi, ni;
  double v;
  if (args[1] && !args[1].is_none() && !as_double(vm, args[1], "nan_to_num", "nan", &nan)) return Value();
  if (args[2] && !args[2].is_none()) {
    if (!as_double(vm, args[2], "nan_to_num", "posinf", &v)) return Value();
    pi = v;
  }
  if (args[3] && !args[3].is_none()) {
    if (!as_double(vm, args[3], "nan_to_num", "neginf", &v)) return Value();
    ni = v;
  }
  return guarded(vm, [&] {
    if (inplace) {
      ag::nan_to_num_(*x, nan, pi, ni);
      return args[0];
    }
    return wrap(vm, ag::nan_to_num(*x, nan, pi, ni));
  });
}

// The elementwise kernels answer for meta tensors (elementwise.h: each
// entry checks as it does for data and returns the result's layout), so
// each op's meta function (ops/meta.h) is its impl, run on meta tensors.
KILN_META_IS_IMPL(unary)
KILN_META_IS_IMPL(unary_)
KILN_META_IS_IMPL(binary)
KILN_META_IS_IMPL(binary_)
KILN_META_IS_IMPL(add)
KILN_META_IS_IMPL(div)
KILN_META_IS_IMPL(addc)
KILN_META_IS_IMPL(lerp)
KILN_META_IS_IMPL(where)
KILN_META_IS_IMPL(clamp)
KILN_META_IS_IMPL(nan_to_num)

namespace {

// Python's unary operators on tensors.
Value neg_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_tensor(a.args[0])) return vm.raise(Exc::TypeError, "__neg__ expects a tensor");
  return guarded(vm, [&] { return wrap(vm, ag::unary(UnaryOp::neg, var_of(a.args[0]))); });
}
Value pos_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_tensor(a.args[0])) return vm.raise(Exc::TypeError, "__pos__ expects a tensor");
  if (tensor_of(a.args[0]).dtype == DType::Bool)
    return vm.raise(Exc::RuntimeError, "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
  return a.args[0];
}
Value invert_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_tensor(a.args[0])) return vm.raise(Exc::TypeError, "__invert__ expects a tensor");
  if (is_floating(tensor_of(a.args[0]).dtype))
    return vm.raise(Exc::TypeError, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
  return guarded(vm, [&] { return wrap(vm, unary(UnaryOp::bitwise_not, tensor_of(a.args[0]))); });
}
Value abs_dunder(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_tensor(a.args[0])) return vm.raise(Exc::TypeError, "__abs__ expects a tensor");
  return guarded(vm, [&] { return wrap(vm, ag::unary(UnaryOp::abs, var_of(a.args[0]))); });
}

}  // namespace

// The ops of this area are in the registry (ops/ops.def); what is left are
// Python's operator protocol on tensors.
void register_elementwise(Registrar& r) {
  r.method("__neg__", neg_dunder);
  r.method("__pos__", pos_dunder);
  r.method("__invert__", invert_dunder);
  r.method("__abs__", abs_dunder);
}

}  // namespace kiln::torch
