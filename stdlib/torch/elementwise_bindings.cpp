// stdlib/torch/elementwise_bindings.cpp — torch.exp, Tensor.add_, ... : the
// Python face of elementwise.h. One native per arity serves every op of the
// .def lists; the op travels in the native's `data`.

#include "stdlib/torch/bindings.h"

namespace kiln::torch {

using vm::Exc;

namespace {

int64_t op_of(const Value& data) { return data.as_small_int(); }

Value unary_fn(VM& vm, const CallArgs& a, const Value& data) {
  auto op = UnaryOp(op_of(data));
  Value args[1];
  if (!bind(vm, a, {op_name(op), {"input"}, 1, 1}, args)) return Value();
  Var* x = expect_var(vm, args[0], op_name(op), "input");
  if (!x) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::unary(op, *x)); });
}

Value unary_inplace_fn(VM& vm, const CallArgs& a, const Value& data) {
  auto op = UnaryOp(op_of(data));
  Value args[1];
  if (!bind(vm, a, {op_name(op), {"input"}, 1, 1}, args)) return Value();
  Var* x = expect_var(vm, args[0], op_name(op), "input");
  if (!x) return Value();
  return guarded(vm, [&] {
    ag::unary_(op, *x);
    return args[0];
  });
}

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

Value binary_fn(VM& vm, const CallArgs& a, const Value& data) {
  auto op = BinaryOp(op_of(data));
  Value args[2];
  Var holder;
  std::optional<VOperand> x, y;
  if (!bind(vm, a, {op_name(op), {"input", "other"}, 2, 2}, args) ||
      !bind_operands(vm, args[0], args[1], op_name(op), false, &x, &y, &holder))
    return Value();
  // PyTorch's overloads of these take tensors only (no Scalar `other`).
  bool tensors_only = op == BinaryOp::logical_and || op == BinaryOp::logical_or || op == BinaryOp::logical_xor ||
                      op == BinaryOp::maximum || op == BinaryOp::minimum || op == BinaryOp::atan2;
  if (tensors_only && (x->is_scalar() || y->is_scalar()))
    return vm.raisef(Exc::TypeError, "%s(): argument '%s' (position %d) must be Tensor, not %s", op_name(op),
                     x->is_scalar() ? "input" : "other", x->is_scalar() ? 1 : 2,
                     vm::type_name(vm, x->is_scalar() ? args[0] : args[1]));
  return guarded(vm, [&] { return wrap(vm, ag::binary(op, *x, *y)); });
}

Value binary_inplace_fn(VM& vm, const CallArgs& a, const Value& data) {
  auto op = BinaryOp(op_of(data));
  Value args[2];
  Var holder;
  std::optional<VOperand> x, y;
  if (!bind(vm, a, {op_name(op), {"input", "other"}, 2, 2}, args) ||
      !bind_operands(vm, args[0], args[1], op_name(op), true, &x, &y, &holder))
    return Value();
  return guarded(vm, [&] {
    ag::binary_(op, var_of(args[0]), *y);
    return args[0];
  });
}

// add/sub(input, other, *, alpha=1); data: 0 add, 1 sub, +2 in place.
Value add_fn(VM& vm, const CallArgs& a, const Value& data) {
  int64_t mode = data.as_small_int();
  bool subtract = mode & 1, inplace = mode & 2;
  const char* name = subtract ? "sub" : "add";
  Value args[3];
  if (!bind(vm, a, {name, {"input", "other", "alpha"}, 2, 2}, args)) return Value();
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

// div(input, other, *, rounding_mode=None); data: 1 = in place.
Value div_fn(VM& vm, const CallArgs& a, const Value& data) {
  bool inplace = data.as_small_int() & 1;
  Value args[3];
  if (!bind(vm, a, {"div", {"input", "other", "rounding_mode"}, 2, 2}, args)) return Value();
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
// data: bit 0 division, bit 1 in place.
Value addc_fn(VM& vm, const CallArgs& a, const Value& data) {
  int64_t mode = data.as_small_int();
  bool divide = mode & 1, inplace = mode & 2;
  const char* name = divide ? (inplace ? "addcdiv_" : "addcdiv") : (inplace ? "addcmul_" : "addcmul");
  Value args[4];
  if (!bind(vm, a, {name, {"input", "tensor1", "tensor2", "value"}, 3, 3}, args)) return Value();
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
    Var prod = ag::binary(divide ? BinaryOp::div : BinaryOp::mul, *t1, *t2);
    if (inplace) {
      ag::add_(*x, prod, value, false);
      return args[0];
    }
    return wrap(vm, ag::add(*x, prod, value, false));
  });
}

// lerp(input, end, weight): PyTorch's two forms, exact at either end:
// input + weight * (end - input) where |weight| < 0.5, else
// end - (end - input) * (1 - weight), composed from the binary ops (so
// autograd sees them); a tensor weight picks per element. A number weight
// is the tensor's type first (float32: 1 - weight in float, as PyTorch's
// opmath). data: 1 = in place (x.lerp_: EMA updates).
Value lerp_fn(VM& vm, const CallArgs& a, const Value& data) {
  bool inplace = data.as_small_int() & 1;
  const char* name = inplace ? "lerp_" : "lerp";
  Value args[3];
  if (!bind(vm, a, {name, {"input", "end", "weight"}, 3, 3}, args)) return Value();
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
    Var diff = ag::binary(BinaryOp::sub, *e, *x);
    Var r;
    if (wt) {
      Var small = ag::add(*x, ag::binary(BinaryOp::mul, *wt, diff), Scalar::from_int(1), false);
      Var large = ag::binary(BinaryOp::sub, *e, ag::binary(BinaryOp::mul, diff, ag::add(Scalar::from_int(1), *wt, Scalar::from_int(1), true)));
      Tensor near = torch::binary(BinaryOp::lt, torch::unary(UnaryOp::abs, wt->t), torch::scalar_tensor(Scalar::from_double(0.5), wt->t.dtype));
      r = ag::where(near, small, large);
    } else {
      double wd = w.to<double>();
      bool f32 = x->t.dtype == DType::Float32;
      double mag = f32 ? std::abs(double(float(wd))) : std::abs(wd);
      if (mag < 0.5) {
        Var step = ag::binary(BinaryOp::mul, diff, w);
        if (inplace) {
          ag::add_(*x, step, Scalar::from_int(1), false);
          return args[0];
        }
        r = ag::add(*x, step, Scalar::from_int(1), false);
      } else {
        double rest = f32 ? double(1.0f - float(wd)) : 1.0 - wd;
        r = ag::binary(BinaryOp::sub, *e, ag::binary(BinaryOp::mul, diff, Scalar::from_double(rest)));
      }
    }
    if (inplace) {
      ag::copy_(var_of(args[0]), r);
      return args[0];
    }
    return wrap(vm, std::move(r));
  });
}

Value where_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[3];
  if (!bind(vm, a, {"where", {"condition", "input", "other"}, 3, 3}, args)) return Value();
  Tensor* cond = expect_tensor(vm, args[0], "where", "condition");
  if (!cond) return Value();
  std::optional<VOperand> x, y;
  if (!as_voperand(vm, args[1], "where", "input", &x) || !as_voperand(vm, args[2], "where", "other", &y)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::where(*cond, *x, *y)); });
}

// Tensor.where(condition, other) == torch.where(condition, self, other)
Value where_method(VM& vm, const CallArgs& a, const Value&) {
  Value args[3];
  if (!bind(vm, a, {"where", {"input", "condition", "other"}, 3, 3}, args)) return Value();
  Value re[3] = {args[1], args[0], args[2]};
  return where_fn(vm, CallArgs{re, 3, nullptr}, Value());
}

// clamp(input, min=None, max=None); clamp_min(input, min) (data bit 2),
// clamp_max(input, max) (bit 4); data bit 1 = in place.
Value clamp_fn(VM& vm, const CallArgs& a, const Value& data) {
  int64_t mode = data.as_small_int();
  bool inplace = mode & 1;
  const char* name = mode & 2 ? "clamp_min" : mode & 4 ? "clamp_max" : "clamp";
  Value args[3];
  if (mode & 6) {
    Value two[2];
    if (!bind(vm, a, {name, {"input", mode & 2 ? "min" : "max"}, 2, 2}, two)) return Value();
    args[0] = two[0];
    args[mode & 2 ? 1 : 2] = two[1];
  } else if (!bind(vm, a, {"clamp", {"input", "min", "max"}, 3, 1}, args)) {
    return Value();
  }
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

Value nan_to_num_fn(VM& vm, const CallArgs& a, const Value& data) {
  bool inplace = data.as_small_int() & 1;
  Value args[4];
  if (!bind(vm, a, {"nan_to_num", {"input", "nan", "posinf", "neginf"}, 4, 1}, args)) return Value();
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
      ag::check_inplace(*x);
      if (x->requires_grad() && autograd::GradMode::is_enabled())
        fail(ErrorKind::NotImplemented, "Kiln's autograd does not support nan_to_num_ on a tensor that requires grad yet; use nan_to_num");
      copy_into(x->t, nan_to_num(x->t, nan, pi, ni));
      return args[0];
    }
    return wrap(vm, ag::nan_to_num(*x, nan, pi, ni));
  });
}

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

bool is_internal_binary(BinaryOp op) {
  return op == BinaryOp::div_trunc || op == BinaryOp::div_floor || op == BinaryOp::lshift || op == BinaryOp::rshift ||
         op == BinaryOp::clamp_lo || op == BinaryOp::clamp_hi || op == BinaryOp::clamp_lo_scalar ||
         op == BinaryOp::clamp_hi_scalar || op == BinaryOp::pow_scalar;
}

}  // namespace

bool pointwise_native(const vm::NativeObject* nat, PointwiseNative* out) {
  if (nat->fn == unary_fn) {
    *out = {true, int(op_of(nat->data))};
    return true;
  }
  if (nat->fn == binary_fn) {
    *out = {false, int(op_of(nat->data))};
    return true;
  }
  return false;
}

bool where_native(const vm::NativeObject* nat, bool* method) {
  if (nat->fn != where_fn && nat->fn != where_method) return false;
  *method = nat->fn == where_method;
  return true;
}

bool clamp_native(const vm::NativeObject* nat, int* which) {
  if (nat->fn != clamp_fn || (nat->data.as_small_int() & 1)) return false;
  *which = int(nat->data.as_small_int());
  return true;
}

void register_elementwise(Registrar& r) {
  // Unary ops: torch.exp(x), x.exp(), x.exp_().
#define UNARY(name, kind, expr)                                                         \
  r.both(#name, unary_fn, Value::small_int(int64_t(UnaryOp::name)));                    \
  if (UKIND_HAS_INPLACE_##kind) r.method(#name "_", unary_inplace_fn, Value::small_int(int64_t(UnaryOp::name)));
#define UKIND_HAS_INPLACE_Float 1
#define UKIND_HAS_INPLACE_Same 1
#define UKIND_HAS_INPLACE_NoBool 1
#define UKIND_HAS_INPLACE_Square 1
#define UKIND_HAS_INPLACE_Bits 1
#define UKIND_HAS_INPLACE_Pred 0
#include "stdlib/torch/unary_ops.def"
#undef UNARY
  r.method("logical_not_", unary_inplace_fn, Value::small_int(int64_t(UnaryOp::logical_not)));
  // Binary ops other than add/sub/div: torch.mul(x, y), x.mul(y), x.mul_(y).
  // (div_trunc, div_floor, lshift and rshift are internal: reached through
  // rounding_mode= and the << >> operators.)
#define BINARY(name, kind, expr)                                                      \
  if (!is_internal_binary(BinaryOp::name)) {                                          \
    r.both(#name, binary_fn, Value::small_int(int64_t(BinaryOp::name)));              \
    r.method(#name "_", binary_inplace_fn, Value::small_int(int64_t(BinaryOp::name))); \
  }
#include "stdlib/torch/binary_ops.def"
#undef BINARY
  // add, sub and div have their own signatures (alpha, rounding_mode).
  r.both("add", add_fn, Value::small_int(0));
  r.both("sub", add_fn, Value::small_int(1));
  r.method("add_", add_fn, Value::small_int(2));
  r.method("sub_", add_fn, Value::small_int(3));
  r.both("subtract", add_fn, Value::small_int(1));
  r.both("div", div_fn, Value::small_int(0));
  r.both("divide", div_fn, Value::small_int(0));
  r.both("true_divide", binary_fn, Value::small_int(int64_t(BinaryOp::div)));
  r.method("div_", div_fn, Value::small_int(1));
  r.both("floor_divide", binary_fn, Value::small_int(int64_t(BinaryOp::div_floor)));
  r.method("floor_divide_", binary_inplace_fn, Value::small_int(int64_t(BinaryOp::div_floor)));
  r.both("multiply", binary_fn, Value::small_int(int64_t(BinaryOp::mul)));
  r.both("greater", binary_fn, Value::small_int(int64_t(BinaryOp::gt)));
  r.both("greater_equal", binary_fn, Value::small_int(int64_t(BinaryOp::ge)));
  r.both("less", binary_fn, Value::small_int(int64_t(BinaryOp::lt)));
  r.both("less_equal", binary_fn, Value::small_int(int64_t(BinaryOp::le)));
  r.both("not_equal", binary_fn, Value::small_int(int64_t(BinaryOp::ne)));
  r.both("addcmul", addc_fn, Value::small_int(0));
  r.both("addcdiv", addc_fn, Value::small_int(1));
  r.method("addcmul_", addc_fn, Value::small_int(2));
  r.method("addcdiv_", addc_fn, Value::small_int(3));
  r.both("lerp", lerp_fn, Value::small_int(0));
  r.method("lerp_", lerp_fn, Value::small_int(1));
  r.function("where", where_fn);
  r.method("where", where_method);
  r.both("clamp", clamp_fn, Value::small_int(0));
  r.both("clip", clamp_fn, Value::small_int(0));
  r.method("clamp_", clamp_fn, Value::small_int(1));
  r.method("clip_", clamp_fn, Value::small_int(1));
  r.both("clamp_min", clamp_fn, Value::small_int(2));
  r.both("clamp_max", clamp_fn, Value::small_int(4));
  r.method("clamp_min_", clamp_fn, Value::small_int(3));
  r.method("clamp_max_", clamp_fn, Value::small_int(5));
  r.both("nan_to_num", nan_to_num_fn, Value::small_int(0));
  r.method("nan_to_num_", nan_to_num_fn, Value::small_int(1));
  r.method("__neg__", neg_dunder);
  r.method("__pos__", pos_dunder);
  r.method("__invert__", invert_dunder);
  r.method("__abs__", abs_dunder);
}

}  // namespace kiln::torch
