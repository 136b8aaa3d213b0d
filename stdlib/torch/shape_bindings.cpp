// stdlib/torch/shape_bindings.cpp — the Python face of views.h and
// shape_ops.h: torch.cat/stack/..., Tensor.view/permute/..., the T and mT
// attributes, and the in-place view ops (unsqueeze_, t_, ...), which replace
// the sizes/strides of the tensor object itself. Names, parameter names and
// defaults are PyTorch's; methods that take a shape (view, reshape, expand,
// permute, repeat, flip) accept it as varargs or as one sequence.
//
// Every differentiable op goes through the autograd layer (ag::view,
// ag::cat, ag::gather, ...: autograd/functions.h), which records its
// gradient when grad mode is on and an input requires grad. The in-place
// view ops keep no history: on a tensor that requires grad they raise.

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/shape_ops.h"
#include "stdlib/torch/views.h"
#include "vm/list.h"
#include "vm/tuple.h"

namespace kiln::torch {

using vm::Exc;
using ops::meta_object;
using vm::ObjKind;

namespace {

#define SELF(name) KILN_TORCH_SELF(name)

// An optional int argument with a default.
bool int_arg(VM& vm, const Value& v, const char* fname, const char* param, int64_t dflt, int64_t* out) {
  if (!v) {
    *out = dflt;
    return true;
  }
  return as_int(vm, v, fname, param, out);
}

// The int... parameter p of a view op: the method call's separate ints
// (x.view(2, 3): args.varargs), or one tuple or list of ints.
bool int_list_arg(VM& vm, const ops::Bound& args, size_t p, const char* fname, const char* param, Shape* out) {
  if (args.varargs.empty()) return as_int_list(vm, args[p], fname, param, false, out);
  *out = Shape();
  if (args.varargs.size() > size_t(kMaxDims)) {
    vm.raisef(Exc::RuntimeError, "Kiln tensors have at most %d dimensions", kMaxDims);
    return false;
  }
  for (size_t k = 0; k < args.varargs.size(); ++k) {
    int64_t i;
    const Value& x = args.varargs[k];
    if (x.is_bool() || !vm::is_int(x) || !vm::int_value(x, &i)) {
      vm.raisef(Exc::TypeError, "%s(): argument '%s' must be tuple of %s, but found element of type %s at pos %zu", fname,
                param, int_list_words(param), vm::type_name(vm, x), k + 1);
      return false;
    }
    out->push_back(i);
  }
  return true;
}


// An int or a list of ints, any length (split sizes, roll shifts).
bool int_or_list(VM& vm, const Value& v, const char* fname, const char* param, std::vector<int64_t>* out, bool* was_int) {
  out->clear();
  int64_t i;
  if (!v.is_bool() && vm::is_int(v) && vm::int_value(v, &i)) {
    out->push_back(i);
    if (was_int) *was_int = true;
    return true;
  }
  if (was_int) *was_int = false;
  if (vm::is_kind(v, ObjKind::Tuple) || vm::is_kind(v, ObjKind::List)) {
    const Value* items = vm::is_kind(v, ObjKind::Tuple) ? v.as<vm::TupleObject>()->items : v.as<vm::ListObject>()->items.data();
    size_t n = vm::is_kind(v, ObjKind::Tuple) ? v.as<vm::TupleObject>()->size : v.as<vm::ListObject>()->items.size();
    for (size_t k = 0; k < n; ++k) {
      if (items[k].is_bool() || !vm::is_int(items[k]) || !vm::int_value(items[k], &i)) {
        vm.raisef(Exc::TypeError, "%s(): argument '%s' must be tuple of ints, but found element of type %s at pos %zu",
                  fname, param, vm::type_name(vm, items[k]), k + 1);
        return false;
      }
      out->push_back(i);
    }
    return true;
  }
  vm.raisef(Exc::TypeError, "%s(): argument '%s' must be tuple of ints, not %s", fname, param, vm::type_name(vm, v));
  return false;
}

// A tuple/list of tensors (cat, stack).
bool tensor_list(VM& vm, const Value& v, const char* fname, ag::VarList* out) {
  if (!vm::is_kind(v, ObjKind::Tuple) && !vm::is_kind(v, ObjKind::List)) {
    vm.raisef(Exc::TypeError, "%s(): argument 'tensors' (position 1) must be tuple of Tensors, not %s", fname,
              vm::type_name(vm, v));
    return false;
  }
  const Value* items = vm::is_kind(v, ObjKind::Tuple) ? v.as<vm::TupleObject>()->items : v.as<vm::ListObject>()->items.data();
  size_t n = vm::is_kind(v, ObjKind::Tuple) ? v.as<vm::TupleObject>()->size : v.as<vm::ListObject>()->items.size();
  for (size_t k = 0; k < n; ++k) {
    if (!is_tensor(items[k])) {
      vm.raisef(Exc::TypeError, "expected Tensor as element %zu in argument 0, but got %s", k, vm::type_name(vm, items[k]));
      return false;
    }
    out->push_back(var_of(items[k]));
  }
  return true;
}

Value tuple_of(VM& vm, const ag::VarList& ts) {
  Value tup = vm::tuple_new(vm, ts.size());
  if (!tup) return tup;
  for (size_t i = 0; i < ts.size(); ++i) tup.as<vm::TupleObject>()->items[i] = wrap(vm, ts[i]);
  return tup;
}

// A masked_fill / scatter value: a Python number or a 0-dim tensor.
bool fill_value(VM& vm, const Value& v, const char* fname, Scalar* out) {
  if (is_tensor(v)) {
    const Tensor& x = tensor_of(v);
    if (x.dim() != 0) {
      vm.raisef(Exc::RuntimeError, "%s only supports a 0-dimensional value tensor, but got tensor with %d dimension(s).",
                fname, x.dim());
      return false;
    }
    double d = element_as_double(x, 0);
    *out = is_floating(x.dtype) ? Scalar::from_double(d) : x.dtype == DType::Bool ? Scalar::from_bool(d != 0) : Scalar::from_int(int64_t(d));
    return true;
  }
  if (as_scalar(v, out)) return true;
  vm.raisef(Exc::TypeError, "%s(): argument 'value' must be Number, not %s", fname, vm::type_name(vm, v));
  return false;
}

// ---------------------------------------------------------------- views (ops of the registry)
Value get_T(VM& vm, const CallArgs& a, const Value&) {
  SELF("T");
  return guarded(vm, [&] { return wrap(vm, ag::reverse_dims(v)); });
}
Value get_mT(VM& vm, const CallArgs& a, const Value&) {
  SELF("mT");
  return guarded(vm, [&] { return wrap(vm, ag::matrix_transpose(v)); });
}

}  // namespace

// The view ops of the registry (ops/ops.def). A method call's separate
// size arguments (x.view(2, 3)) arrive as args.varargs (ops::Bound).
Value ops::impl_view(VM& vm, const ops::Bound& args, const OpDef&) {
  Var& v = var_of(args[0]);
  if (args.varargs.size() == 1 && args.varargs[0].is_object() &&
      args.varargs[0].as_object()->type == torch_state(vm).dtype_type)
    return vm.raise(Exc::NotImplementedError, "Tensor.view(dtype) is not supported by Kiln yet");
  Shape s;
  if (!int_list_arg(vm, args, 1, "view", "size", &s)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::view(v, s)); });
}
Value ops::impl_reshape(VM& vm, const ops::Bound& args, const OpDef&) {
  Shape s;
  if (!int_list_arg(vm, args, 1, "reshape", "shape", &s)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::reshape(var_of(args[0]), s)); });
}
Value ops::impl_expand(VM& vm, const ops::Bound& args, const OpDef&) {
  Shape s;
  if (!int_list_arg(vm, args, 1, "expand", "size", &s)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::expand(var_of(args[0]), s)); });
}
Value ops::impl_permute(VM& vm, const ops::Bound& args, const OpDef&) {
  Shape s;
  if (!int_list_arg(vm, args, 1, "permute", "dims", &s)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::permute(var_of(args[0]), s)); });
}
// view_as / reshape_as / expand_as (arg: 0, 1, 2)
Value ops::impl_as_other(VM& vm, const ops::Bound& args, const OpDef& def) {
  int64_t which = def.arg;
  Var& v = var_of(args[0]);
  const Tensor& o = tensor_of(args[1]);
  return guarded(vm, [&] {
    if (which == 0) return wrap(vm, ag::view(v, o.sizes));
    if (which == 1) return wrap(vm, ag::reshape(v, o.sizes));
    return wrap(vm, ag::expand(v, o.sizes));
  });
}
Value ops::impl_flatten(VM& vm, const ops::Bound& args, const OpDef&) {
  int64_t s, e;
  if (!int_arg(vm, args[1], "flatten", "start_dim", 0, &s) || !int_arg(vm, args[2], "flatten", "end_dim", -1, &e))
    return Value();
  return guarded(vm, [&] { return wrap(vm, ag::flatten(var_of(args[0]), s, e)); });
}
Value ops::impl_unflatten(VM& vm, const ops::Bound& args, const OpDef&) {
  int64_t d;
  Shape s;
  if (!as_int(vm, args[1], "unflatten", "dim", &d) || !as_int_list(vm, args[2], "unflatten", "sizes", false, &s))
    return Value();
  return guarded(vm, [&] { return wrap(vm, ag::unflatten(var_of(args[0]), d, s)); });
}
// transpose / swapaxes / swapdims / transpose_ (arg 0..3)
Value ops::impl_transpose(VM& vm, const ops::Bound& args, const OpDef& def) {
  int64_t which = def.arg;
  const char* name = def.name();
  const char* p0 = def.schema.names[1];
  const char* p1 = def.schema.names[2];
  int64_t d0, d1;
  if (!as_int(vm, args[1], name, p0, &d0) || !as_int(vm, args[2], name, p1, &d1)) return Value();
  return guarded(vm, [&] {
    if (which != 3) return wrap(vm, ag::transpose(var_of(args[0]), d0, d1));
    ag::inplace_view(var_of(args[0]), "TransposeBackward1", [&](const Var& x) { return ag::transpose(x, d0, d1); });
    return args[0];
  });
}
// t / t_ (arg 1)
Value ops::impl_t(VM& vm, const ops::Bound& args, const OpDef& def) {
  bool inplace = def.arg;
  Var& v = var_of(args[0]);
  return guarded(vm, [&] {
    if (!inplace) return wrap(vm, ag::t_2d(v));
    ag::inplace_view(v, "TBackward1", [](const Var& x) { return ag::t_2d(x); });
    return args[0];
  });
}
// unsqueeze / unsqueeze_ (arg 1)
Value ops::impl_unsqueeze(VM& vm, const ops::Bound& args, const OpDef& def) {
  bool inplace = def.arg;
  const char* name = def.name();
  Var& v = var_of(args[0]);
  int64_t d;
  if (!as_int(vm, args[1], name, "dim", &d)) return Value();
  return guarded(vm, [&] {
    if (!inplace) return wrap(vm, ag::unsqueeze(v, d));
    ag::inplace_view(v, "UnsqueezeBackward1", [&](const Var& x) { return ag::unsqueeze(x, d); });
    return args[0];
  });
}
// squeeze / squeeze_ (arg 1)
Value ops::impl_squeeze(VM& vm, const ops::Bound& args, const OpDef& def) {
  bool inplace = def.arg;
  const char* name = def.name();
  Var& v = var_of(args[0]);
  int64_t d = 0;
  if (args[1] && args[1].is_none())
    return vm.raise(Exc::RuntimeError, "Please look up dimensions by name, got: name = None.");
  if (args[1] && !as_int(vm, args[1], name, "dim", &d)) return Value();
  return guarded(vm, [&] {
    if (!inplace) return wrap(vm, args[1] ? ag::squeeze(v, d) : ag::squeeze(v));
    bool dim = bool(args[1]);
    ag::inplace_view(v, dim ? "SqueezeBackward3" : "SqueezeBackward2",
                     [&](const Var& x) { return dim ? ag::squeeze(x, d) : ag::squeeze(x); });
    return args[0];
  });
}

// ---------------------------------------------------------------- narrow, select, split
Value ops::impl_narrow(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  int64_t d, s, l;
  if (!as_int(vm, args[1], "narrow", "dim", &d) || !as_int(vm, args[2], "narrow", "start", &s) ||
      !as_int(vm, args[3], "narrow", "length", &l))
    return Value();
  return guarded(vm, [&] { return wrap(vm, ag::narrow(v, d, s, l)); });
}
Value ops::impl_select(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  int64_t d, i;
  if (!as_int(vm, args[1], "select", "dim", &d) || !as_int(vm, args[2], "select", "index", &i)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::select(v, d, i)); });
}
Value ops::impl_chunk(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  int64_t c, d;
  if (!as_int(vm, args[1], "chunk", "chunks", &c) || !int_arg(vm, args[2], "chunk", "dim", 0, &d)) return Value();
  return guarded(vm, [&] { return tuple_of(vm, ag::chunk(v, c, d)); });
}
Value ops::impl_split(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  const char* param = def.arg ? "split_size" : "split_size_or_sections";
  int64_t d;
  if (!int_arg(vm, args[2], "split", "dim", 0, &d)) return Value();
  std::vector<int64_t> sizes;
  bool was_int;
  if (!int_or_list(vm, args[1], "split", param, &sizes, &was_int)) return Value();
  return guarded(vm, [&] { return tuple_of(vm, was_int ? ag::split(v, sizes[0], d) : ag::split_with_sizes(v, sizes, d)); });
}
Value ops::impl_unbind(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  int64_t d;
  if (!int_arg(vm, args[1], "unbind", "dim", 0, &d)) return Value();
  return guarded(vm, [&] { return tuple_of(vm, ag::unbind(v, d)); });
}
// ---------------------------------------------------------------- cat / stack
// cat / concat / stack (arg: the name's index)
Value ops::impl_cat(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  int64_t which = def.arg;
  const char* name = def.name();
  ag::VarList ts;
  int64_t d;
  if (!tensor_list(vm, args[0], name, &ts) || !int_arg(vm, args[1], name, "dim", 0, &d)) return Value();
  return guarded(vm, [&] { return wrap(vm, which == 2 ? ag::stack(ts, d) : ag::cat(ts, d)); });
}
// ---------------------------------------------------------------- gathers and scatters
Value ops::impl_index_select(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  int64_t d;
  if (!as_int(vm, args[1], "index_select", "dim", &d)) return Value();
  Tensor* ix = expect_tensor(vm, args[2], "index_select", "index");
  if (!ix) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::index_select(v, d, *ix)); });
}
Value ops::impl_gather(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  int64_t d;
  if (!as_int(vm, args[1], "gather", "dim", &d)) return Value();
  Tensor* ix = expect_tensor(vm, args[2], "gather", "index");
  if (!ix) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::gather(v, d, *ix)); });
}
// scatter / scatter_ / scatter_add / scatter_add_ (arg: bit 0 in place, bit 1 add)
Value ops::impl_scatter(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  int64_t mode = def.arg;
  bool inplace = mode & 1, add = mode & 2;
  const char* name = def.name();
  int64_t d;
  if (!as_int(vm, args[1], name, "dim", &d)) return Value();
  Tensor* ix = expect_tensor(vm, args[2], name, "index");
  if (!ix) return Value();
  Value srcv = args[3] ? args[3] : args[4];
  if (!srcv) return vm.raisef(Exc::TypeError, "%s() missing required argument 'src' or 'value'", name);
  Scalar value;
  if (!is_tensor(srcv) && (add || !as_scalar(srcv, &value)))
    return vm.raisef(Exc::TypeError, "%s(): argument '%s' must be %s, not %s", name, add ? "src" : "value",
                     add ? "Tensor" : "Number", vm::type_name(vm, srcv));
  ScatterReduce red = add ? ScatterReduce::Add : ScatterReduce::None;
  if (args[5] && !args[5].is_none()) {
    std::string_view r = vm::is_str(args[5]) ? vm::str_view(args[5]) : "";
    if (r == "add") red = ScatterReduce::Add;
    else if (r == "multiply") red = ScatterReduce::Multiply;
    else return vm.raise(Exc::RuntimeError, "reduce argument must be either add or multiply.");
  }
  VOperand src = is_tensor(srcv) ? VOperand(var_of(srcv)) : VOperand(value);
  Var& v = var_of(args[0]);
  return guarded(vm, [&] {
    if (!inplace) return wrap(vm, add ? ag::scatter_add(v, d, *ix, *src.var) : ag::scatter(v, d, *ix, src, red));
    if (add) ag::scatter_add_(v, d, *ix, *src.var);
    else ag::scatter_(v, d, *ix, src, red);
    return args[0];
  });
}
// masked_fill / masked_fill_ (arg 1), an op of the registry.
Value ops::impl_masked_fill(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool inplace = def.arg;
  const char* name = inplace ? "masked_fill_" : "masked_fill";
  Tensor* self = expect_tensor(vm, args[0], name, "input");
  if (!self) return Value();
  Var& v = var_of(args[0]);
  Tensor* mask = expect_tensor(vm, args[1], name, "mask");
  if (!mask) return Value();
  Scalar s;
  if (!fill_value(vm, args[2], "masked_fill_", &s)) return Value();
  // A value tensor that requires grad takes part as a tensor, else as its number.
  bool value_var = is_tensor(args[2]) && ag::any_requires_grad({&var_of(args[2])});
  VOperand value = value_var ? VOperand(var_of(args[2])) : VOperand(s);
  return guarded(vm, [&] {
    if (!inplace) return wrap(vm, ag::masked_fill(v, *mask, value));
    ag::masked_fill_(v, *mask, value);
    return args[0];
  });
}
// ---------------------------------------------------------------- roll, flip, tril, repeat
Value ops::impl_roll(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  std::vector<int64_t> shifts, dims;
  if (!int_or_list(vm, args[1], "roll", "shifts", &shifts, nullptr)) return Value();
  if (args[2] && !args[2].is_none() && !int_or_list(vm, args[2], "roll", "dims", &dims, nullptr)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::roll(v, shifts, dims)); });
}
// flip(input, dims); the method also takes the dims as separate ints.
Value ops::impl_flip(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Shape dims;
  if (args.varargs.empty() && !vm::is_kind(args[1], ObjKind::Tuple) && !vm::is_kind(args[1], ObjKind::List))
    return vm.raisef(Exc::TypeError, "flip(): argument 'dims' (position 2) must be tuple of ints, not %s",
                     vm::type_name(vm, args[1]));
  if (!int_list_arg(vm, args, 1, "flip", "dims", &dims)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::flip(var_of(args[0]), dims)); });
}
// tril / triu / tril_ / triu_ (arg: bit 0 upper, bit 1 in place)
Value ops::impl_tril(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  int64_t mode = def.arg;
  bool upper = mode & 1, inplace = mode & 2;
  const char* name = def.name();
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  int64_t k;
  if (!int_arg(vm, args[1], name, "diagonal", 0, &k)) return Value();
  return guarded(vm, [&] {
    if (!inplace) return wrap(vm, ag::tril(v, k, upper));
    ag::tril_(v, k, upper);
    return args[0];
  });
}
Value ops::impl_repeat(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  Shape s;
  if (!int_list_arg(vm, args, 1, "repeat", "repeats", &s)) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::repeat(var_of(args[0]), s)); });
}
// ---------------------------------------------------------------- meta functions
// The view ops read and write only metadata (views.h; reshape's copy is a
// meta tensor's layout) and the copying ops' kernels answer for meta
// tensors (shape_ops.h), so each meta function is its impl, run on meta
// tensors; masked_fill's reads a value tensor's number, which a meta
// tensor does not have.
KILN_META_IS_IMPL(view)
KILN_META_IS_IMPL(reshape)
KILN_META_IS_IMPL(expand)
KILN_META_IS_IMPL(permute)
KILN_META_IS_IMPL(as_other)
KILN_META_IS_IMPL(flatten)
KILN_META_IS_IMPL(unflatten)
KILN_META_IS_IMPL(transpose)
KILN_META_IS_IMPL(t)
KILN_META_IS_IMPL(unsqueeze)
KILN_META_IS_IMPL(squeeze)
KILN_META_IS_IMPL(narrow)
KILN_META_IS_IMPL(select)
KILN_META_IS_IMPL(chunk)
KILN_META_IS_IMPL(split)
KILN_META_IS_IMPL(unbind)

Value ops::meta_masked_fill(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool inplace = def.arg;
  const char* name = inplace ? "masked_fill_" : "masked_fill";
  Tensor* self = expect_tensor(vm, args[0], name, "input");
  Tensor* mask = self ? expect_tensor(vm, args[1], name, "mask") : nullptr;
  if (!mask) return Value();
  // A value tensor's number is data: only its dimension is checked.
  Scalar s = Scalar::from_int(0);
  bool value_known = !is_tensor(args[2]);
  if (is_tensor(args[2]) && tensor_of(args[2]).dim() != 0)
    return vm.raisef(Exc::RuntimeError, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %d dimension(s).",
                     tensor_of(args[2]).dim());
  if (value_known && !fill_value(vm, args[2], "masked_fill_", &s)) return Value();
  return guarded(vm, [&] {
    Tensor out;
    masked_fill_meta(*self, *mask, value_known ? s : Scalar::from_int(0), inplace, &out);
    return inplace ? args[0] : meta_object(vm, out);
  });
}
KILN_META_IS_IMPL(cat)
KILN_META_IS_IMPL(index_select)
KILN_META_IS_IMPL(gather)
KILN_META_IS_IMPL(scatter)
KILN_META_IS_IMPL(roll)
KILN_META_IS_IMPL(flip)
KILN_META_IS_IMPL(tril)
KILN_META_IS_IMPL(repeat)

void register_shape(Registrar& r) {
  r.getter("T", get_T);
  r.getter("mT", get_mT);
}

}  // namespace kiln::torch
