// stdlib/torch/tensor_methods.cpp — the basic attributes and methods of
// torch.Tensor: shape/dtype/device, size(), stride(), item(), tolist(),
// conversions (to, float, long...), clone/detach/contiguous, fill_/zero_/
// copy_, Python number protocols, and torch.equal/allclose/is_tensor.

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/views.h"
#include "vm/container_support.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/tuple.h"

namespace kiln::torch {

using vm::Exc;
using vm::ObjKind;

namespace {

#define SELF(name) KILN_TORCH_SELF(name)

Value get_shape(VM& vm, const CallArgs& a, const Value&) {
  SELF("shape");
  return size_value(vm, t.sizes);
}
Value get_dtype(VM& vm, const CallArgs& a, const Value&) {
  SELF("dtype");
  return dtype_value(vm, t.dtype);
}
Value get_device(VM& vm, const CallArgs& a, const Value&) {
  SELF("device");
  return torch_state(vm).cpu;
}
Value get_ndim(VM& vm, const CallArgs& a, const Value&) {
  SELF("ndim");
  return Value::small_int(t.dim());
}
Value get_is_cuda(VM& vm, const CallArgs& a, const Value&) {
  SELF("is_cuda");
  return Value::boolean(false);
}
Value get_data(VM& vm, const CallArgs& a, const Value&) {
  SELF("data");
  return wrap(vm, t);  // same storage, no autograd history
}
// x.data = y: x keeps its identity (and autograd flags) but takes y's data.
Value set_data(VM& vm, const CallArgs& a, const Value&) {
  SELF("data");
  if (!is_tensor(a.args[1]))
    return vm.raisef(Exc::TypeError, "Variable data has to be a tensor, but got %s", vm::type_name(vm, a.args[1]));
  v.t = tensor_of(a.args[1]);
  return Value::none();
}

Value size_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("size");
  Value args[1];
  if (!bind(vm, rest_of(a), {"size", {"dim"}, 1, 0}, args)) return Value();
  if (!args[0] || args[0].is_none()) return size_value(vm, t.sizes);
  int64_t d;
  if (!as_int(vm, args[0], "size", "dim", &d)) return Value();
  return guarded(vm, [&] { return Value::small_int(t.sizes[wrap_dim(d, t.dim())]); });
}
Value stride_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("stride");
  Value args[1];
  if (!bind(vm, rest_of(a), {"stride", {"dim"}, 1, 0}, args)) return Value();
  if (!args[0] || args[0].is_none()) {
    Value tup = vm::tuple_new(vm, size_t(t.dim()));
    for (int i = 0; i < t.dim(); ++i) tup.as<vm::TupleObject>()->items[i] = vm::make_int(vm, t.strides[i]);
    return tup;
  }
  int64_t d;
  if (!as_int(vm, args[0], "stride", "dim", &d)) return Value();
  return guarded(vm, [&] { return vm::make_int(vm, t.strides[wrap_dim(d, t.dim())]); });
}
Value dim_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("dim");
  if (!vm::native_no_args(vm, rest_of(a), "dim")) return Value();
  return Value::small_int(t.dim());
}
Value numel_m(VM& vm, const CallArgs& a, const Value&) {
  Value args[1];
  if (!bind(vm, a, {"numel", {"input"}, 1, 1}, args)) return Value();
  Tensor* x = expect_tensor(vm, args[0], "numel", "input");
  if (!x) return Value();
  return vm::make_int(vm, x->numel());
}
Value element_size_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("element_size");
  return Value::small_int(int64_t(t.element_size()));
}
Value storage_offset_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("storage_offset");
  return vm::make_int(vm, t.offset);
}
Value is_contiguous_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("is_contiguous");
  return Value::boolean(t.is_contiguous());
}
Value is_floating_point_m(VM& vm, const CallArgs& a, const Value&) {
  Value args[1];
  if (!bind(vm, a, {"is_floating_point", {"input"}, 1, 1}, args)) return Value();
  Tensor* x = expect_tensor(vm, args[0], "is_floating_point", "input");
  if (!x) return Value();
  return Value::boolean(is_floating(x->dtype));
}
// Tensor methods written in Python (stdlib/torch/lib/_composite.py): the
// function named by `data`, called with the tensor first (x.nonzero() is
// torch.nonzero(x); x.new_zeros(...) is _tensor_new_zeros(x, ...)).
Value composite_m(VM& vm, const CallArgs& a, const Value& data) {
  Value mod = vm.import_module("torch._composite");
  if (!mod) return mod;
  Value f = vm::getattr(vm, mod, data.as<vm::StrObject>());
  if (!f) return f;
  return vm.call(f, a.args, a.nargs, a.kwnames);
}

Value item_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("item");
  if (t.numel() != 1)
    return vm.raise(Exc::ValueError, "only one element tensors can be converted to Python scalars");
  return element_value(vm, t, 0);
}

Value tolist_rec(VM& vm, const Tensor& t, int d, int64_t off) {
  if (d == t.dim()) return element_value(vm, t, off);
  Value list = vm::list_new(vm, size_t(t.sizes[d]));
  for (int64_t i = 0; i < t.sizes[d]; ++i) {
    Value v = tolist_rec(vm, t, d + 1, off + i * t.strides[d]);
    if (!v) return v;
    vm::list_push(list, std::move(v));
  }
  return list;
}
Value tolist_m(VM& vm, const CallArgs& a, const Value&) {
  SELF("tolist");
  return tolist_rec(vm, t, 0, 0);
}

}  // namespace

namespace {
// memory_format= given (anything but None): Kiln has no memory formats yet.
bool no_memory_format(VM& vm, const Value& v, const char* name) {
  if (!v || v.is_none()) return true;
  vm.raisef(Exc::NotImplementedError, "%s(): memory_format is not supported by Kiln yet", name);
  return false;
}

}  // namespace

// The conversions of the registry: float(), double(), long(), int(),
// bool() (arg: the dtype), and x.type_as(other): the tensor itself when it
// has the dtype already.
Value ops::impl_convert(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  if (!no_memory_format(vm, args[1], def.name())) return Value();
  auto d = DType(def.arg);
  Var& v = var_of(args[0]);
  if (v.t.dtype == d) return args[0];
  return guarded(vm, [&] { return wrap(vm, ag::cast(v, d)); });
}
Value ops::impl_type_as(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);
  DType d = tensor_of(args[1]).dtype;
  if (v.t.dtype == d) return args[0];
  return guarded(vm, [&] { return wrap(vm, ag::cast(v, d)); });
}
// cast() answers for meta tensors: the conversions' meta functions are their impls.
KILN_META_IS_IMPL(convert)
KILN_META_IS_IMPL(type_as)

// The copies of the registry: contiguous, clone, detach and to.
Value ops::impl_contiguous(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  if (!no_memory_format(vm, args[1], "contiguous")) return Value();
  Var& v = var_of(args[0]);
  if (v.t.is_contiguous()) return args[0];
  return guarded(vm, [&] { return wrap(vm, ag::contiguous(v)); });
}
Value ops::impl_clone(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  if (!no_memory_format(vm, args[1], "clone")) return Value();
  Var& v = var_of(args[0]);
  return guarded(vm, [&] { return wrap(vm, ag::clone(v)); });
}
Value ops::impl_detach(VM& vm, const ops::Bound& args, const ops::OpDef&) { return wrap(vm, tensor_of(args[0])); }
// to(device=None, dtype=None, non_blocking=False, copy=False): `device`
// may be a dtype or a tensor (whose dtype it takes), as PyTorch's overloads.
Value ops::impl_to(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  if (!no_memory_format(vm, args[5], "to")) return Value();
  Var& v = var_of(args[0]);
  std::optional<DType> target;
  for (int i = 1; i < 3; ++i) {
    const Value& x = args[size_t(i)];
    if (!x || x.is_none()) continue;
    if (is_tensor(x)) {
      target = tensor_of(x).dtype;
      continue;
    }
    if (vm::is_str(x) || (x.is_object() && x.as_object()->type == torch_state(vm).device_type)) {
      if (vm::is_str(x) && vm::str_view(x) != "cpu") {
        if (vm::str_view(x).substr(0, 4) == "cuda")
          return vm.raise(Exc::NotImplementedError, "CUDA tensors are not supported by Kiln's eager torch module yet");
        return vm.raisef(Exc::RuntimeError, "Expected one of cpu, cuda device type at start of device string: %s",
                         std::string(vm::str_view(x)).c_str());
      }
      continue;
    }
    std::optional<DType> d;
    if (!as_dtype(vm, x, &d, "to")) return Value();
    target = d;
  }
  bool copy = args[4] && args[4].is_true();
  if (!target || (*target == v.t.dtype && !copy)) return args[0];
  return guarded(vm, [&] { return wrap(vm, ag::cast(v, *target)); });
}
// x.copy_(src, non_blocking=False): src (a tensor or a number) broadcast
// to x, in x's dtype, with PyTorch's errors for sizes that do not.
namespace {
bool copy_source(VM& vm, const Value& src, Var* holder, const Var** out) {
  if (is_tensor(src)) {
    *out = &var_of(src);
    return true;
  }
  Scalar s;
  if (!as_scalar(src, &s)) {
    vm.raisef(Exc::TypeError, "copy_(): argument 'src' (position 1) must be Tensor, not %s", vm::type_name(vm, src));
    return false;
  }
  *holder = Var(scalar_tensor(s));
  *out = holder;
  return true;
}
void check_copy_sizes(const Tensor& dst, const Tensor& src) {
  Shape b = broadcast_shapes(dst.sizes, src.sizes);  // (its error names both sizes)
  if (!(b == dst.sizes)) runtime_error("output with shape {} doesn't match the broadcast shape {}", dst.sizes.str(), b.str());
}
}  // namespace
Value ops::impl_copy_(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);  // (the binder checked it)
  Var holder;
  const Var* src;
  if (!copy_source(vm, args[1], &holder, &src)) return Value();
  return guarded(vm, [&] {
    check_copy_sizes(v.t, src->t);
    check_no_internal_overlap(v.t);
    ag::copy_(v, *src);
    return args[0];
  });
}
Value ops::meta_copy_(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var holder;
  const Var* src;
  if (!copy_source(vm, args[1], &holder, &src)) return Value();
  return guarded(vm, [&] {
    check_copy_sizes(tensor_of(args[0]), src->t);
    check_no_internal_overlap(tensor_of(args[0]));
    copy_into(tensor_of(args[0]), src->t);  // (its checks: meta tensors copy nothing)
    return args[0];
  });
}
// contiguous(), clone's copy, detach and cast answer for meta tensors.
KILN_META_IS_IMPL(contiguous)
KILN_META_IS_IMPL(clone)
KILN_META_IS_IMPL(detach)
KILN_META_IS_IMPL(to)

namespace {
Tensor isclose_tensor(const Tensor& x, const Tensor& y, double rtol, double atol, bool equal_nan);
}  // namespace

// isclose(input, other, rtol, atol, equal_nan): |a - b| <= atol + rtol * |b|
// elementwise (a bool tensor; meta tensors answer with its layout).
Value ops::impl_isclose(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  double rtol = 1e-05, atol = 1e-08;
  bool equal_nan = false;
  if (args[2] && !as_double(vm, args[2], "isclose", "rtol", &rtol)) return Value();
  if (args[3] && !as_double(vm, args[3], "isclose", "atol", &atol)) return Value();
  if (args[4] && !as_bool(vm, args[4], "isclose", "equal_nan", &equal_nan)) return Value();
  return guarded(vm, [&] { return wrap(vm, isclose_tensor(tensor_of(args[0]), tensor_of(args[1]), rtol, atol, equal_nan)); });
}
KILN_META_IS_IMPL(isclose)

namespace {

// Python number protocols: float(t), int(t), operator.index(t).
Value float_dunder(VM& vm, const CallArgs& a, const Value&) {
  SELF("__float__");
  if (t.numel() != 1) return vm.raise(Exc::ValueError, "only one element tensors can be converted to Python scalars");
  return Value::from_double(element_as_double(t, 0));
}
Value int_dunder(VM& vm, const CallArgs& a, const Value&) {
  SELF("__int__");
  if (t.numel() != 1) return vm.raise(Exc::ValueError, "only one element tensors can be converted to Python scalars");
  double d = element_as_double(t, 0);
  if (is_floating(t.dtype)) return vm::int_from_double(vm, std::trunc(d), "int");
  return element_value(vm, t, 0).is_bool() ? Value::small_int(d != 0) : element_value(vm, t, 0);
}
Value index_dunder(VM& vm, const CallArgs& a, const Value&) {
  SELF("__index__");
  if (t.numel() != 1 || !is_integral(t.dtype, true))
    return vm.raise(Exc::TypeError, "only integer tensors of a single element can be converted to an index");
  return vm::make_int(vm, int64_t(element_as_double(t, 0)));
}
Value format_dunder(VM& vm, const CallArgs& a, const Value&) {
  SELF("__format__");
  Value args[1];
  if (!bind(vm, rest_of(a), {"__format__", {"format_spec"}, 1, 1}, args)) return Value();
  if (t.dim() == 0) return vm::format(vm, element_value(vm, t, 0), vm::is_str(args[0]) ? vm::str_view(args[0]) : "");
  if (vm::is_str(args[0]) && !vm::str_view(args[0]).empty())
    return vm.raise(Exc::TypeError, "unsupported format string passed to Tensor.__format__");
  return vm::repr(vm, a.args[0]);
}

// The slots as methods, for code that calls them by name (t.__getitem__(k)).
Value getitem_dunder(VM& vm, const CallArgs& a, const Value&) {
  SELF("__getitem__");
  if (a.nargs != 2) return vm.raise(Exc::TypeError, "__getitem__ expects 1 argument");
  return vm::getitem(vm, a.args[0], a.args[1]);
}
Value setitem_dunder(VM& vm, const CallArgs& a, const Value&) {
  SELF("__setitem__");
  if (a.nargs != 3) return vm.raise(Exc::TypeError, "__setitem__ expects 2 arguments");
  if (!vm::setitem(vm, a.args[0], a.args[1], a.args[2])) return Value();
  return Value::none();
}
Value len_dunder(VM& vm, const CallArgs& a, const Value&) {
  SELF("__len__");
  int64_t n;
  if (!vm::length(vm, a.args[0], &n)) return Value();
  return vm::make_int(vm, n);
}

// ---------------------------------------------------------------- torch.* helpers
Value is_tensor_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[1];
  if (!bind(vm, a, {"is_tensor", {"obj"}, 1, 1}, args)) return Value();
  return Value::boolean(is_tensor(args[0]));
}
Value get_default_dtype_fn(VM& vm, const CallArgs& a, const Value&) {
  if (!vm::native_no_args(vm, a, "get_default_dtype")) return Value();
  return dtype_value(vm, kDefaultFloat);
}
Value equal_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[2];
  if (!bind(vm, a, {"equal", {"input", "other"}, 2, 2}, args)) return Value();
  Tensor* x = expect_tensor(vm, args[0], "equal", "input");
  Tensor* y = x ? expect_tensor(vm, args[1], "equal", "other") : nullptr;
  if (!y) return Value();
  if (!(x->sizes == y->sizes)) return Value::boolean(false);
  return guarded(vm, [&] {
    Tensor eq = binary(BinaryOp::eq, Operand(*x), Operand(*y));
    const bool* p = eq.data<bool>();
    for (int64_t i = 0; i < eq.numel(); ++i)
      if (!p[i]) return Value::boolean(false);
    return Value::boolean(true);
  });
}
// allclose / isclose, as PyTorch computes them: equal elements are close
// (NaNs too with equal_nan); otherwise, unless both tolerances are 0,
// |a - b| <= atol + |rtol * b| with a finite |a - b|, in the inputs' float
// dtype (integers and bools in the default dtype, float32: 100000000 and
// 100000001 are close with atol 0.5), the tolerances rounded to it.
template <typename W>
bool close_in(double p, double q, double rtol, double atol) {
  W a = W(p), b = W(q);
  W actual = std::fabs(a - b);
  W allowed = W(atol) + std::fabs(W(rtol) * b);
  return std::isfinite(actual) && actual <= allowed;
}
Tensor isclose_tensor(const Tensor& x, const Tensor& y, double rtol, double atol, bool equal_nan) {
  if (x.dtype != y.dtype)
    runtime_error("{}(): expected both inputs to have same dtype, but got {} and {}", "isclose", dtype_short_name(x.dtype), dtype_short_name(y.dtype));
  if (!(rtol >= 0)) runtime_error("rtol must be greater than or equal to zero, but got {:g}", rtol);
  if (!(atol >= 0)) runtime_error("atol must be greater than or equal to zero, but got {:g}", atol);
  if (is_meta(x) || is_meta(y)) return meta_tensor(broadcast_shapes(x.sizes, y.sizes), DType::Bool);
  Shape shape = broadcast_shapes(x.sizes, y.sizes);
  Tensor ea = expand_to(x, shape), eb = expand_to(y, shape);
  Tensor out = empty(shape, DType::Bool);
  bool* o = out.data<bool>();
  const DType work = is_floating(x.dtype) ? x.dtype : kDefaultFloat;
  const bool tolerances = rtol != 0 || atol != 0;
  int64_t n = out.numel();
  for (int64_t i = 0; i < n; ++i) {
    double p = element_as_double(ea, i), q = element_as_double(eb, i);
    bool close = p == q || (equal_nan && std::isnan(p) && std::isnan(q));
    if (!close && tolerances)
      close = work == DType::Float64 ? close_in<double>(p, q, rtol, atol) : close_in<float>(p, q, rtol, atol);
    o[i] = close;
  }
  return out;
}
bool bind_close(VM& vm, const CallArgs& a, const char* name, Value* args, Tensor** x, Tensor** y, double* rtol, double* atol,
                bool* equal_nan) {
  if (!bind(vm, a, {name, {"input", "other", "rtol", "atol", "equal_nan"}, 5, 2}, args)) return false;
  *x = expect_tensor(vm, args[0], name, "input");
  *y = *x ? expect_tensor(vm, args[1], name, "other") : nullptr;
  if (!*y) return false;
  *rtol = 1e-05;
  *atol = 1e-08;
  *equal_nan = false;
  if (args[2] && !as_double(vm, args[2], name, "rtol", rtol)) return false;
  if (args[3] && !as_double(vm, args[3], name, "atol", atol)) return false;
  if (args[4] && !as_bool(vm, args[4], name, "equal_nan", equal_nan)) return false;
  return true;
}
Value allclose_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[5];
  Tensor *x, *y;
  double rtol, atol;
  bool equal_nan;
  if (!bind_close(vm, a, "allclose", args, &x, &y, &rtol, &atol, &equal_nan)) return Value();
  return guarded(vm, [&] {
    Tensor c = isclose_tensor(*x, *y, rtol, atol, equal_nan);
    const bool* p = c.data<bool>();
    for (int64_t i = 0; i < c.numel(); ++i)
      if (!p[i]) return Value::boolean(false);
    return Value::boolean(true);
  });
}
Value result_type_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[2];
  if (!bind(vm, a, {"result_type", {"tensor1", "tensor2"}, 2, 2}, args)) return Value();
  std::optional<Operand> x, y;
  if (!as_operand(vm, args[0], "result_type", "tensor1", &x) || !as_operand(vm, args[1], "result_type", "tensor2", &y))
    return Value();
  return dtype_value(vm, result_type(*x, *y));
}
Value promote_types_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[2];
  if (!bind(vm, a, {"promote_types", {"type1", "type2"}, 2, 2}, args)) return Value();
  std::optional<DType> x, y;
  if (!as_dtype(vm, args[0], &x, "promote_types") || !as_dtype(vm, args[1], &y, "promote_types")) return Value();
  if (!x || !y) return vm.raise(Exc::TypeError, "promote_types(): arguments must be dtypes");
  return dtype_value(vm, promote_types(*x, *y));
}

// t.__repr__() / t.__str__() called by name (repr(t) and str(t) take the
// tensor kind's repr slot directly): the slot, not object's default repr,
// also for super().__repr__() in a subclass.
Value repr_m(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || a.nkw() || !vm::is_kind(a.args[0], ObjKind::Tensor))
    return vm.raise(Exc::TypeError, "Tensor.__repr__() takes no arguments");
  return vm::kind_slots(ObjKind::Tensor).repr(vm, a.args[0].as_object());
}

}  // namespace

void register_tensor_basics(Registrar& r) {
  r.method("__repr__", repr_m);
  r.method("__str__", repr_m);
  r.getter("shape", get_shape);
  r.getter("dtype", get_dtype);
  r.getter("device", get_device);
  r.getter("ndim", get_ndim);
  r.getter("is_cuda", get_is_cuda);
  vm::add_property(r.vm, r.tensor_type, "data", get_data, set_data);
  r.method("size", size_m);
  r.method("stride", stride_m);
  r.method("dim", dim_m);
  r.method("ndimension", dim_m);
  r.both("numel", numel_m);
  r.method("nelement", numel_m);
  r.method("element_size", element_size_m);
  r.method("storage_offset", storage_offset_m);
  r.method("is_contiguous", is_contiguous_m);
  r.both("is_floating_point", is_floating_point_m);
  r.method("item", item_m);
  r.method("tolist", tolist_m);
  r.method("__float__", float_dunder);
  r.method("__int__", int_dunder);
  r.method("__index__", index_dunder);
  r.method("__format__", format_dunder);
  r.method("__getitem__", getitem_dunder);
  r.method("__setitem__", setitem_dunder);
  r.method("__len__", len_dunder);
  for (const char* name : {"nonzero", "masked_select", "diff", "repeat_interleave", "logaddexp", "hypot", "frac",
                           "xlogy", "diag", "trace", "tile"})
    r.method(name, composite_m, vm::make_str(r.vm, name));
  for (const char* name : {"new_zeros", "new_ones", "new_full", "new_empty", "new_tensor", "cpu", "cuda", "type"})
    r.method(name, composite_m, vm::make_str(r.vm, std::string("_tensor_") + name));
  r.function("is_tensor", is_tensor_fn);
  r.function("get_default_dtype", get_default_dtype_fn);
  r.both("equal", equal_fn);
  r.both("allclose", allclose_fn);
  r.function("result_type", result_type_fn);
  r.function("promote_types", promote_types_fn);
}

}  // namespace kiln::torch
