// stdlib/torch/module.cpp — `import torch`: the module object, its classes
// and dtype objects, and the argument conversions every binding uses (see
// bindings.h and state.h). It also registers the parts of torch written in
// Python (torch.nn, torch.optim: stdlib/torch/lib, embedded by the build,
// see stdlib/embedded.h) and the module's __getattr__ that imports them on
// first use, so `import torch; torch.nn.Linear` works as in PyTorch (whose
// torch/__init__ imports them) without compiling them at `import torch`.

#include <cstring>

#include "stdlib/embedded.h"
#include "stdlib/modules.h"
#include "stdlib/torch/bindings.h"
#include "stdlib/torch/ops/registry.h"
#include "vm/container_support.h"
#include "vm/kind_slots.h"
#include "vm/dict.h"
#include "vm/list.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::torch {

using vm::Exc;
using vm::ObjKind;

TorchState::~TorchState() {
  for (vm::TypeObject* t : {tensor_type, dtype_type, size_type, device_type, minmax_type, parameter_type, node_type, handle_type})
    if (t) Value::decref(t);
}

Value raise_error(VM& vm, const Error& e) {
  Exc kind = Exc::RuntimeError;
  switch (e.kind) {
    case ErrorKind::Runtime: kind = Exc::RuntimeError; break;
    case ErrorKind::Index: kind = Exc::IndexError; break;
    case ErrorKind::Type: kind = Exc::TypeError; break;
    case ErrorKind::Value: kind = Exc::ValueError; break;
    case ErrorKind::NotImplemented: kind = Exc::NotImplementedError; break;
  }
  return vm.raise(kind, e.message);
}

// ---------------------------------------------------------------- Registrar
void Registrar::function(const char* name, NativeFn fn, Value data) {
  Value f = vm::new_native(vm, name, fn, std::move(data), Value::none());
  vm::dict_setitem(vm, vm::module_dict(module).as<vm::DictObject>(), vm.intern(name), f);
}
void Registrar::method(const char* name, NativeFn fn, Value data) {
  Value f = vm::new_native(vm, name, fn, std::move(data), Value::borrow(tensor_type));
  vm::dict_setitem(vm, tensor_type->dict.as<vm::DictObject>(), vm.intern(name), f);
  vm::type_modified(vm, tensor_type);
}
void Registrar::getter(const char* name, NativeFn fn) { vm::add_getter(vm, tensor_type, name, fn); }

// ---------------------------------------------------------------- conversions
bool as_scalar(const Value& v, Scalar* out) {
  if (v.is_bool()) {
    *out = Scalar::from_bool(v.is_true());
    return true;
  }
  if (v.is_double()) {
    *out = Scalar::from_double(v.as_double());
    return true;
  }
  int64_t i;
  if (vm::is_int(v) && vm::int_value(v, &i)) {
    *out = Scalar::from_int(i);
    return true;
  }
  return false;
}

bool as_operand(VM& vm, const Value& v, const char* fname, const char* param, std::optional<Operand>* out) {
  std::optional<VOperand> vo;
  if (!as_voperand(vm, v, fname, param, &vo)) return false;
  out->emplace(vo->op());  // refers to the tensor object's data, alive as long as v
  return true;
}

Tensor* expect_tensor(VM& vm, const Value& v, const char* fname, const char* param) {
  if (is_tensor(v)) return &tensor_of(v);
  vm.raisef(Exc::TypeError, "%s(): argument '%s' (position 1) must be Tensor, not %s", fname, param, vm::type_name(vm, v));
  return nullptr;
}

Var* expect_var(VM& vm, const Value& v, const char* fname, const char* param) {
  if (is_tensor(v)) return &var_of(v);
  vm.raisef(Exc::TypeError, "%s(): argument '%s' (position 1) must be Tensor, not %s", fname, param, vm::type_name(vm, v));
  return nullptr;
}

bool as_voperand(VM& vm, const Value& v, const char* fname, const char* param, std::optional<VOperand>* out) {
  if (is_tensor(v)) {
    out->emplace(var_of(v));
    return true;
  }
  Scalar s;
  if (as_scalar(v, &s)) {
    out->emplace(s);
    return true;
  }
  vm.raisef(Exc::TypeError, "%s(): argument '%s' must be Tensor or Number, not %s", fname, param, vm::type_name(vm, v));
  return false;
}

Tensor* self_of(VM& vm, const CallArgs& a, const char* name) {
  if (a.nargs == 0 || !is_tensor(a.args[0])) {
    vm.raisef(Exc::TypeError, "descriptor '%s' requires a 'torch.Tensor' object", name);
    return nullptr;
  }
  return &tensor_of(a.args[0]);
}

Value dtype_value(VM& vm, DType d) { return torch_state(vm).dtypes[int(d)]; }

bool as_dtype(VM& vm, const Value& v, std::optional<DType>* out, const char* fname) {
  if (!v || v.is_none()) return true;
  TorchState& st = torch_state(vm);
  for (int i = 0; i < kNumDTypes; ++i) {
    if (v.is(st.dtypes[i])) {
      *out = DType(i);
      return true;
    }
  }
  // dtype=float / int / bool: the Python classes mean float64, int64 and bool, as in PyTorch.
  if (v.is_object() && v.as_object() == vm.types.float_) return (*out = DType::Float64), true;
  if (v.is_object() && v.as_object() == vm.types.int_) return (*out = DType::Int64), true;
  if (v.is_object() && v.as_object() == vm.types.bool_) return (*out = DType::Bool), true;
  vm.raisef(Exc::TypeError, "%s(): argument 'dtype' must be torch.dtype, not %s", fname, vm::type_name(vm, v));
  return false;
}

bool as_int(VM& vm, const Value& v, const char* fname, const char* param, int64_t* out) {
  if (!v.is_bool() && vm::is_int(v) && vm::int_value(v, out)) return true;
  if (is_tensor(v) && is_meta(tensor_of(v))) return false;  // (its number is unknown: ops/meta.h)
  if (is_tensor(v) && tensor_of(v).numel() == 1 && is_integral(tensor_of(v).dtype, false)) {
    *out = int64_t(element_as_double(tensor_of(v), 0));
    return true;
  }
  vm.raisef(Exc::TypeError, "%s(): argument '%s' must be int, not %s", fname, param, vm::type_name(vm, v));
  return false;
}

bool as_double(VM& vm, const Value& v, const char* fname, const char* param, double* out) {
  Scalar s;
  if (as_scalar(v, &s)) {
    *out = s.to_double();
    return true;
  }
  if (is_tensor(v) && is_meta(tensor_of(v))) return false;  // (its number is unknown: ops/meta.h)
  if (is_tensor(v) && tensor_of(v).numel() == 1) {
    *out = element_as_double(tensor_of(v), 0);
    return true;
  }
  vm.raisef(Exc::TypeError, "%s(): argument '%s' must be float, not %s", fname, param, vm::type_name(vm, v));
  return false;
}

bool as_bool(VM& vm, const Value& v, const char* fname, const char* param, bool* out) {
  if (v.is_bool()) {
    *out = v.is_true();
    return true;
  }
  vm.raisef(Exc::TypeError, "%s(): argument '%s' must be bool, not %s", fname, param, vm::type_name(vm, v));
  return false;
}

// What PyTorch 1.13's arg parser calls a list of ints: sizes are SymInts
// (view, reshape, expand, repeat, the factories), dims and the rest ints.
const char* int_list_words(const char* param) {
  std::string_view p(param);
  return p == "size" || p == "shape" || p == "repeats" ? "SymInts" : "ints";
}

bool as_int_list(VM& vm, const Value& v, const char* fname, const char* param, bool allow_int, Shape* out) {
  *out = Shape();
  int64_t i;
  if (allow_int && !v.is_bool() && vm::is_int(v) && vm::int_value(v, &i)) {
    out->push_back(i);
    return true;
  }
  const Value* items = nullptr;
  size_t n = 0;
  if (vm::is_kind(v, ObjKind::Tuple)) {
    items = v.as<vm::TupleObject>()->items;
    n = v.as<vm::TupleObject>()->size;
  } else if (vm::is_kind(v, ObjKind::List)) {
    items = v.as<vm::ListObject>()->items.data();
    n = v.as<vm::ListObject>()->items.size();
  } else {
    vm.raisef(Exc::TypeError, "%s(): argument '%s' must be tuple of %s, not %s", fname, param, int_list_words(param),
              vm::type_name(vm, v));
    return false;
  }
  if (n > size_t(kMaxDims)) {
    vm.raisef(Exc::RuntimeError, "Kiln tensors have at most %d dimensions", kMaxDims);
    return false;
  }
  for (size_t k = 0; k < n; ++k) {
    if (items[k].is_bool() || !vm::is_int(items[k]) || !vm::int_value(items[k], &i)) {
      vm.raisef(Exc::TypeError, "%s(): argument '%s' must be tuple of %s, but found element of type %s at pos %zu",
                fname, param, int_list_words(param), vm::type_name(vm, items[k]), k + 1);  // counted from 1, as PyTorch
      return false;
    }
    out->push_back(i);
  }
  return true;
}

bool as_shape_varargs(VM& vm, const Value* args, size_t n, const char* fname, Shape* out) {
  if (n == 1 && (vm::is_kind(args[0], ObjKind::Tuple) || vm::is_kind(args[0], ObjKind::List)))
    return as_int_list(vm, args[0], fname, "size", false, out);
  *out = Shape();
  if (n > size_t(kMaxDims)) {
    vm.raisef(Exc::RuntimeError, "Kiln tensors have at most %d dimensions", kMaxDims);
    return false;
  }
  for (size_t k = 0; k < n; ++k) {
    int64_t i;
    if (args[k].is_bool() || !vm::is_int(args[k]) || !vm::int_value(args[k], &i)) {
      vm.raisef(Exc::TypeError, "%s(): argument 'size' must be tuple of SymInts, but found element of type %s at pos %zu",
                fname, vm::type_name(vm, args[k]), k + 1);
      return false;
    }
    out->push_back(i);
  }
  return true;
}

Value size_value(VM& vm, const Shape& s) {
  Value t = vm::tuple_new_of(vm, torch_state(vm).size_type, size_t(s.size()));
  if (!t) return t;
  for (int i = 0; i < s.size(); ++i) t.as<vm::TupleObject>()->items[i] = Value::small_int(s[i]);
  return t;
}

Value element_value(VM& vm, const Tensor& t, int64_t off) {
  return dispatch_dtype(t.dtype, [&](auto z) -> Value {
    using T = decltype(z);
    T v = t.data<T>()[off];
    if constexpr (std::is_same_v<T, bool>) return Value::boolean(v);
    else if constexpr (std::is_floating_point_v<T>) return Value::from_double(double(v));
    else return vm::make_int(vm, int64_t(v));
  });
}

namespace {

// ---------------------------------------------------------------- dtype, Size, device classes
Value dtype_repr(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !vm::is_kind(a.args[0], ObjKind::Opaque)) return vm.raise(Exc::TypeError, "dtype.__repr__: expected a dtype");
  return vm::make_str(vm, std::string("torch.") + dtype_name(DType(a.args[0].as_object()->aux)));
}
Value dtype_is_floating_point(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !vm::is_kind(a.args[0], ObjKind::Opaque)) return vm.raise(Exc::TypeError, "expected a dtype");
  return Value::boolean(is_floating(DType(a.args[0].as_object()->aux)));
}
Value dtype_itemsize(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !vm::is_kind(a.args[0], ObjKind::Opaque)) return vm.raise(Exc::TypeError, "expected a dtype");
  return Value::small_int(int64_t(itemsize(DType(a.args[0].as_object()->aux))));
}

Value size_repr(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !vm::is_kind(a.args[0], ObjKind::Tuple)) return vm.raise(Exc::TypeError, "Size.__repr__: expected a Size");
  auto* t = a.args[0].as<vm::TupleObject>();
  std::string s = "torch.Size([";
  for (size_t i = 0; i < t->size; ++i) {
    if (i) s += ", ";
    Value r = vm::repr(vm, t->items[i]);
    if (!r) return r;
    s += vm::str_view(r);
  }
  return vm::make_str(vm, s + "])");
}
Value size_numel(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !vm::is_kind(a.args[0], ObjKind::Tuple)) return vm.raise(Exc::TypeError, "Size.numel: expected a Size");
  auto* t = a.args[0].as<vm::TupleObject>();
  int64_t p = 1;
  for (size_t i = 0; i < t->size; ++i) {
    int64_t x;
    if (!vm::int_value(t->items[i], &x)) return vm.raise(Exc::TypeError, "Size.numel: sizes must be ints");
    p *= x;
  }
  return vm::make_int(vm, p);
}
// torch.Size(seq)
Value size_new(VM& vm, vm::TypeObject*, const CallArgs& a) {
  Shape s;
  if (a.nargs == 0) return size_value(vm, s);
  if (a.nargs != 1 || a.nkw()) return vm.raise(Exc::TypeError, "torch.Size() takes at most 1 argument");
  Value list = vm::sequence_to_list(vm, a.args[0]);
  if (!list) return list;
  if (!as_int_list(vm, list, "Size", "sizes", false, &s)) return Value();
  return size_value(vm, s);
}

// Size[i] is an int; Size[a:b], Size + tuple and Size * n are Sizes again.
Value retag_size(VM& vm, Value r) {
  if (!r || !vm::is_kind(r, ObjKind::Tuple)) return r;
  auto* src = r.as<vm::TupleObject>();
  Value t = vm::tuple_new_of(vm, torch_state(vm).size_type, src->size);
  if (!t) return t;
  for (size_t i = 0; i < src->size; ++i) t.as<vm::TupleObject>()->items[i] = src->items[i];
  return t;
}
Value size_getitem(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2 || !vm::is_kind(a.args[0], ObjKind::Tuple)) return vm.raise(Exc::TypeError, "Size.__getitem__ expects one key");
  Value r = vm::tuple_slots.getitem(vm, a.args[0].as_object(), a.args[1]);
  return vm::is_kind(a.args[1], ObjKind::Slice) ? retag_size(vm, std::move(r)) : r;
}
// data: the BinOpKind (Add or Mult)
Value size_binop(VM& vm, const CallArgs& a, const Value& data) {
  if (a.nargs != 2 || !vm::is_kind(a.args[0], ObjKind::Tuple)) return vm.raise(Exc::TypeError, "Size operator expects two operands");
  Value r = vm::tuple_slots.binop(vm, vm::BinOpKind(data.as_small_int()), a.args[0], a.args[1], false, false);
  if (r && r.is_not_implemented()) return r;
  return retag_size(vm, std::move(r));
}

Value device_repr(VM& vm, const CallArgs&, const Value&) { return vm::make_str(vm, "device(type='cpu')"); }
Value device_str(VM& vm, const CallArgs&, const Value&) { return vm::make_str(vm, "cpu"); }
Value device_type_attr(VM& vm, const CallArgs&, const Value&) { return vm::make_str(vm, "cpu"); }
// torch.device('cpu')
Value device_new(VM& vm, vm::TypeObject*, const CallArgs& a) {
  if (a.nargs != 1 || !vm::is_str(a.args[0])) return vm.raise(Exc::TypeError, "torch.device(): expected a device string such as 'cpu'");
  std::string_view s = vm::str_view(a.args[0]);
  if (s == "cpu") return torch_state(vm).cpu;
  if (s.substr(0, 4) == "cuda")
    return vm.raise(Exc::NotImplementedError, "CUDA tensors are not supported by Kiln's eager torch module yet");
  return vm.raisef(Exc::RuntimeError, "Expected one of cpu, cuda device type at start of device string: %.*s", int(s.size()),
                   s.data());
}

Value minmax_values(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !vm::is_kind(a.args[0], ObjKind::Tuple) || a.args[0].as<vm::TupleObject>()->size != 2)
    return vm.raise(Exc::TypeError, "expected a (values, indices) result");
  return a.args[0].as<vm::TupleObject>()->items[0];
}
Value minmax_indices(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !vm::is_kind(a.args[0], ObjKind::Tuple) || a.args[0].as<vm::TupleObject>()->size != 2)
    return vm.raise(Exc::TypeError, "expected a (values, indices) result");
  return a.args[0].as<vm::TupleObject>()->items[1];
}

// "torch.return_types.max(\nvalues=tensor(...),\nindices=tensor(...))"; the
// name is the class's (torch.return_types.max, .sort, ... subclass this one).
Value minmax_repr(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !vm::is_kind(a.args[0], ObjKind::Tuple) || a.args[0].as<vm::TupleObject>()->size != 2)
    return vm.raise(Exc::TypeError, "expected a (values, indices) result");
  auto* t = a.args[0].as<vm::TupleObject>();
  Value v = vm::repr(vm, t->items[0]);
  if (!v) return v;
  Value i = vm::repr(vm, t->items[1]);
  if (!i) return i;
  std::string s = "torch.return_types." + std::string(vm::str_view(a.args[0].as_object()->type->name)) + "(\nvalues=" +
                  std::string(vm::str_view(v)) + ",\nindices=" + std::string(vm::str_view(i)) + ")";
  return vm::make_str(vm, s);
}

// torch.__getattr__(name) (PEP 562): `torch.nn`, `torch.optim` and any
// other embedded submodule are imported when first asked for; the import
// binds them in torch's namespace, so later lookups do not come here.
// Other names may be functions written in Python over the native ops
// (torch._composite: einsum, lerp, hstack...): the module is imported the
// first time one is asked for, and the function bound in torch's namespace.
Value torch_module_getattr(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || a.nkw() || !vm::is_str(a.args[0])) return vm.raise(Exc::TypeError, "__getattr__ expects one name");
  std::string_view name = vm::str_view(a.args[0]);
  std::string full = "torch." + std::string(name);
  if (vm.has_source_module(full)) return vm.import_module(full);
  if (!name.starts_with("_") && vm.has_source_module("torch._composite")) {
    Value composite = vm.import_module("torch._composite");
    if (!composite) return composite;
    Value f = vm::getattr_opt(vm, composite, a.args[0].as<vm::StrObject>());
    if (f && vm::is_kind(f, ObjKind::Function)) {  // (its functions only, not the modules it imports)
      if (!vm::setattr(vm, torch_state(vm).module, a.args[0].as<vm::StrObject>(), f)) return Value();
      return f;
    }
  }
  return vm.raisef(Exc::AttributeError, "module 'torch' has no attribute '%s'", full.c_str() + 6);
}

}  // namespace

}  // namespace kiln::torch

namespace kiln::vm {

Value init_torch_module(VM& vm) {
  using namespace kiln::torch;
  Value m = new_native_module(vm, "torch");
  if (!m) return m;
  auto state = std::make_shared<TorchState>();
  TorchState& st = *state;
  vm.extension_state["torch"] = state;
  vm.torch_state = &st;
  st.module = m;

  st.tensor_type = new_native_class(vm, "Tensor", "torch", vm.types.object, ObjKind::Tensor);
  st.tensor_type->aux |= vm::kTypeMutable;  // methods may be added, as to PyTorch's Python class
  st.dtype_type = new_native_class(vm, "dtype", "torch", vm.types.object, ObjKind::Opaque);
  st.device_type = new_native_class(vm, "device", "torch", vm.types.object, ObjKind::Opaque);
  // torch.Size and the (values, indices) results are tuples whose own
  // __repr__ wins over the tuple layout's (mutable classes: see new_native_class).
  st.size_type = new_native_class(vm, "Size", "torch", vm.types.tuple, ObjKind::Tuple, true);
  st.minmax_type = new_native_class(vm, "return_types", "torch", vm.types.tuple, ObjKind::Tuple, true);
  vm.add_method(st.dtype_type, "__repr__", dtype_repr);
  add_getter(vm, st.dtype_type, "is_floating_point", dtype_is_floating_point);
  add_getter(vm, st.dtype_type, "itemsize", dtype_itemsize);
  vm.add_method(st.size_type, "__repr__", size_repr);
  vm.add_method(st.size_type, "numel", size_numel);
  vm.add_method(st.size_type, "__getitem__", size_getitem);
  {
    auto add_op = [&](const char* name, vm::BinOpKind op) {
      Value f = new_native(vm, name, size_binop, Value::small_int(int64_t(op)), Value::borrow(st.size_type));
      dict_setitem(vm, st.size_type->dict.as<DictObject>(), vm.intern(name), f);
    };
    add_op("__add__", vm::BinOpKind::Add);
    add_op("__mul__", vm::BinOpKind::Mult);
    type_modified(vm, st.size_type);
  }
  st.size_type->builtin_new = size_new;
  vm.add_method(st.device_type, "__repr__", device_repr);
  vm.add_method(st.device_type, "__str__", device_str);
  add_getter(vm, st.device_type, "type", device_type_attr);
  st.device_type->builtin_new = device_new;
  add_getter(vm, st.minmax_type, "values", minmax_values);
  add_getter(vm, st.minmax_type, "indices", minmax_indices);
  vm.add_method(st.minmax_type, "__repr__", minmax_repr);

  auto set = [&](const char* name, const Value& v) { module_set(vm, m, name, v); };
  set("Tensor", Value::borrow(st.tensor_type));
  set("dtype", Value::borrow(st.dtype_type));
  set("device", Value::borrow(st.device_type));
  set("Size", Value::borrow(st.size_type));
  for (int i = 0; i < kNumDTypes; ++i) {
    auto* o = object_new<OpaqueObject>(vm, ObjKind::Opaque, st.dtype_type);
    o->aux = uint16_t(i);
    st.dtypes[i] = Value::steal(o);
    set(dtype_name(DType(i)), st.dtypes[i]);
  }
  // PyTorch's aliases.
  set("float", st.dtypes[int(DType::Float32)]);
  set("double", st.dtypes[int(DType::Float64)]);
  set("long", st.dtypes[int(DType::Int64)]);
  set("int", st.dtypes[int(DType::Int32)]);
  {
    auto* o = object_new<OpaqueObject>(vm, ObjKind::Opaque, st.device_type);
    st.cpu = Value::steal(o);
  }
  set("__version__", make_str(vm, "1.13.0+kiln"));
  register_embedded_sources(vm, torch_lib_sources());
  set("__getattr__", new_native(vm, "__getattr__", torch_module_getattr, Value::none(), Value::none()));

  Registrar r{vm, m, st.tensor_type};
  ops::register_ops(r);  // the op registry (ops/ops.def), then the areas' other natives
#define KILN_TORCH_AREA(name) register_##name(r);
#include "stdlib/torch/torch_areas.def"
#undef KILN_TORCH_AREA
  if (vm.has_exception()) return Value();
  return m;
}

}  // namespace kiln::vm
