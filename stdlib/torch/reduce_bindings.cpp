// stdlib/torch/reduce_bindings.cpp — torch.sum, Tensor.max, torch.sort, ...:
// the Python face of reduce.h (area `reduction`).
//
// Each native serves both torch.X(input, ...) and Tensor.X(...). dim
// arguments take an int, a tuple/list of ints or None. Results of
// (values, indices) are tuples of the classes torch.return_types.max, .min,
// .sort, .topk: subclasses of the state's minmax_type (which gives them
// .values, .indices and the repr), made here once per VM.
//
// Differentiable results come from the autograd layer (ag::sum, ag::max_dim,
// ...: autograd/functions.h), which records a backward node when grad mode is
// on and the input requires grad; indices, argmax/argmin, all/any and
// count_nonzero have no gradient and come from the kernels directly.

#include <cmath>
#include <memory>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/reduce.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::torch {

using vm::Exc;

namespace {

// ---------------------------------------------------------------- torch.return_types
#define KILN_RETURN_TYPES(X) X(max) X(min) X(sort) X(topk)

struct ReturnTypes {
#define X(n) Value n;
  KILN_RETURN_TYPES(X)
#undef X
};
constexpr const char* kReturnTypesKey = "torch.return_types";

// torch.return_types.<name>(values, indices); the indices never require grad.
Value named_pair(VM& vm, const Value& cls, Var values, Tensor indices) {
  Value t = vm::tuple_new_of(vm, cls.as<vm::TypeObject>(), 2);
  if (!t) return t;
  t.as<vm::TupleObject>()->items[0] = wrap(vm, std::move(values));
  t.as<vm::TupleObject>()->items[1] = wrap(vm, std::move(indices));
  return t;
}
ReturnTypes& return_types(VM& vm) { return *static_cast<ReturnTypes*>(vm.extension_state[kReturnTypesKey].get()); }

// ---------------------------------------------------------------- arguments
bool given(const Value& v) { return v && !v.is_none(); }

// dim: None / int / tuple or list of ints.
bool as_dims(VM& vm, const Value& v, const char* fname, DimList* out) {
  *out = std::nullopt;
  if (!given(v)) return true;
  Shape s;
  if (!as_int_list(vm, v, fname, "dim", true, &s)) return false;
  *out = s;
  return true;
}
bool as_opt_int(VM& vm, const Value& v, const char* fname, const char* param, std::optional<int64_t>* out) {
  *out = std::nullopt;
  if (!given(v)) return true;
  int64_t i;
  if (!as_int(vm, v, fname, param, &i)) return false;
  *out = i;
  return true;
}
bool opt_bool(VM& vm, const Value& v, const char* fname, const char* param, bool dflt, bool* out) {
  *out = dflt;
  if (!v) return true;
  return as_bool(vm, v, fname, param, out);
}
bool opt_dtype(VM& vm, const Value& v, const char* fname, std::optional<DType>* out) {
  *out = std::nullopt;
  return as_dtype(vm, v, out, fname);
}

}  // namespace

// The registry's reductions (ops/ops.def): each impl gets its arguments
// bound by the op's schema; `arg` picks the op of a pair.

// ---------------------------------------------------------------- sum, mean, nansum-like
// sum/mean(input, dim=None, keepdim=False, *, dtype=None); data 0 sum, 1 mean.
Value ops::impl_sum(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool is_mean = def.arg == 1;
  const char* name = is_mean ? "mean" : "sum";
  Var* x = expect_var(vm, args[0], name, "input");
  if (!x) return Value();
  DimList dims;
  bool keepdim;
  std::optional<DType> dtype;
  if (!as_dims(vm, args[1], name, &dims) || !opt_bool(vm, args[2], name, "keepdim", false, &keepdim) ||
      !opt_dtype(vm, args[3], name, &dtype))
    return Value();
  return guarded(vm, [&] { return wrap(vm, is_mean ? ag::mean(*x, dims, keepdim, dtype) : ag::sum(*x, dims, keepdim, dtype)); });
}

// prod(input, dim=None, keepdim=False, *, dtype=None): dim is one int.
Value ops::impl_prod(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  Var* x = expect_var(vm, args[0], "prod", "input");
  if (!x) return Value();
  std::optional<int64_t> dim;
  bool keepdim;
  std::optional<DType> dtype;
  if (!as_opt_int(vm, args[1], "prod", "dim", &dim) || !opt_bool(vm, args[2], "prod", "keepdim", false, &keepdim) ||
      !opt_dtype(vm, args[3], "prod", &dtype))
    return Value();
  return guarded(vm, [&] { return wrap(vm, ag::prod(*x, dim, keepdim, dtype)); });
}

// ---------------------------------------------------------------- max, min, amax, argmax
// max(input) / max(input, dim, keepdim=False) / max(input, other); data 1 = max.
Value ops::impl_max(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool is_max = def.arg == 1;
  const char* name = is_max ? "max" : "min";
  Var* x = expect_var(vm, args[0], name, "input");
  if (!x) return Value();
  Value other = args[3];
  if (args[1] && is_tensor(args[1])) other = args[1];
  if (other) {
    if (!is_tensor(other))
      return vm.raisef(Exc::TypeError, "%s(): argument 'other' must be Tensor, not %s", name, vm::type_name(vm, other));
    if (args[2] || (args[3] && args[1]))
      return vm.raisef(Exc::TypeError, "%s() received an invalid combination of arguments", name);
    return guarded(vm, [&] {
      return wrap(vm, ag::binary(is_max ? BinaryOp::maximum : BinaryOp::minimum, *x, var_of(other)));
    });
  }
  if (!args[1]) {
    if (args[2]) return vm.raisef(Exc::TypeError, "%s() received an invalid combination of arguments - got (Tensor, keepdim=bool)", name);
    return guarded(vm, [&] { return wrap(vm, is_max ? ag::max_all(*x) : ag::min_all(*x)); });
  }
  if (args[1].is_none()) return vm.raise(Exc::RuntimeError, "Please look up dimensions by name, got: name = None.");
  int64_t dim;
  bool keepdim;
  if (!as_int(vm, args[1], name, "dim", &dim) || !opt_bool(vm, args[2], name, "keepdim", false, &keepdim)) return Value();
  return guarded(vm, [&] {
    auto r = is_max ? ag::max_dim(*x, dim, keepdim) : ag::min_dim(*x, dim, keepdim);
    ReturnTypes& rt = return_types(vm);
    return named_pair(vm, is_max ? rt.max : rt.min, std::move(r.first), std::move(r.second));
  });
}

// amax/amin(input, dim=(), keepdim=False); data 1 = amax.
Value ops::impl_amax(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool is_max = def.arg == 1;
  const char* name = is_max ? "amax" : "amin";
  Var* x = expect_var(vm, args[0], name, "input");
  if (!x) return Value();
  DimList dims;
  bool keepdim;
  if (!as_dims(vm, args[1], name, &dims) || !opt_bool(vm, args[2], name, "keepdim", false, &keepdim)) return Value();
  return guarded(vm, [&] { return wrap(vm, is_max ? ag::amax(*x, dims, keepdim) : ag::amin(*x, dims, keepdim)); });
}

// argmax/argmin(input, dim=None, keepdim=False); data 1 = argmax.
Value ops::impl_argmax(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool is_max = def.arg == 1;
  const char* name = is_max ? "argmax" : "argmin";
  Tensor* x = expect_tensor(vm, args[0], name, "input");
  if (!x) return Value();
  std::optional<int64_t> dim;
  bool keepdim;
  if (!as_opt_int(vm, args[1], name, "dim", &dim) || !opt_bool(vm, args[2], name, "keepdim", false, &keepdim)) return Value();
  return guarded(vm, [&] { return wrap(vm, is_max ? argmax(*x, dim, keepdim) : argmin(*x, dim, keepdim)); });
}

// ---------------------------------------------------------------- var, std
// var(input, dim=None, unbiased=True, keepdim=False, *, correction=None);
// also the legacy var(input, unbiased). data: 0 var, 1 std, 2 var_mean, 3 std_mean.
Value ops::impl_var(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  int64_t mode = def.arg;
  static const char* const kNames[] = {"var", "std", "var_mean", "std_mean"};
  const char* name = kNames[mode];
  Var* x = expect_var(vm, args[0], name, "input");
  if (!x) return Value();
  Value dim_arg = args[1], unbiased_arg = args[2];
  if (dim_arg && dim_arg.is_bool()) {  // var(x, True): the legacy (input, unbiased) form
    if (unbiased_arg) return vm.raisef(Exc::TypeError, "%s() received an invalid combination of arguments", name);
    unbiased_arg = dim_arg;
    dim_arg = Value();
  }
  DimList dims;
  bool unbiased, keepdim;
  if (!as_dims(vm, dim_arg, name, &dims) || !opt_bool(vm, unbiased_arg, name, "unbiased", true, &unbiased) ||
      !opt_bool(vm, args[3], name, "keepdim", false, &keepdim))
    return Value();
  double correction = unbiased ? 1 : 0;
  if (given(args[4])) {
    if (!given(dim_arg))  // PyTorch 1.13 has no (correction) overload without dim
      return vm.raisef(Exc::TypeError, "%s() received an invalid combination of arguments - got (correction=int, )", name);
    if (unbiased_arg)
      return vm.raisef(Exc::TypeError, "%s() received an invalid combination of arguments - got (unbiased=bool, correction=int)", name);
    int64_t c;
    if (!as_int(vm, args[4], name, "correction", &c)) return Value();
    correction = double(c);
  }
  return guarded(vm, [&]() -> Value {
    bool sq = mode == 1 || mode == 3;
    if (mode < 2) return wrap(vm, sq ? ag::std(*x, dims, correction, keepdim) : ag::var(*x, dims, correction, keepdim));
    auto r = ag::var_mean(*x, dims, correction, keepdim, sq);
    Value v = wrap(vm, std::move(r.first));
    Value m = wrap(vm, std::move(r.second));
    return vm::make_tuple(vm, {v, m});
  });
}

// ---------------------------------------------------------------- all, any, count_nonzero
// all/any(input, dim=None, keepdim=False); data 1 = all.
Value ops::impl_all(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool is_all = def.arg == 1;
  const char* name = is_all ? "all" : "any";
  Tensor* x = expect_tensor(vm, args[0], name, "input");
  if (!x) return Value();
  std::optional<int64_t> dim;
  bool keepdim;
  if (!as_opt_int(vm, args[1], name, "dim", &dim) || !opt_bool(vm, args[2], name, "keepdim", false, &keepdim)) return Value();
  return guarded(vm, [&] { return wrap(vm, is_all ? all(*x, dim, keepdim) : any(*x, dim, keepdim)); });
}

Value ops::impl_count_nonzero(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  Tensor* x = expect_tensor(vm, args[0], "count_nonzero", "input");
  if (!x) return Value();
  DimList dims;
  if (!as_dims(vm, args[1], "count_nonzero", &dims)) return Value();
  return guarded(vm, [&] { return wrap(vm, count_nonzero(*x, dims)); });
}

// ---------------------------------------------------------------- logsumexp, norm
Value ops::impl_logsumexp(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  Var* x = expect_var(vm, args[0], "logsumexp", "input");
  if (!x) return Value();
  DimList dims;
  bool keepdim;
  if (!given(args[1])) return vm.raise(Exc::TypeError, "logsumexp(): argument 'dim' must be tuple of ints, not NoneType");
  if (!as_dims(vm, args[1], "logsumexp", &dims) || !opt_bool(vm, args[2], "logsumexp", "keepdim", false, &keepdim))
    return Value();
  return guarded(vm, [&] { return wrap(vm, ag::logsumexp(*x, dims, keepdim)); });
}

// norm(input, p='fro', dim=None, keepdim=False, dtype=None)
Value ops::impl_norm(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  Var* x = expect_var(vm, args[0], "norm", "input");
  if (!x) return Value();
  double p = 2;
  bool fro = true;
  if (given(args[1])) {
    if (vm::is_str(args[1])) {
      std::string_view s = vm::str_view(args[1]);
      if (s == "nuc") return vm.raise(Exc::NotImplementedError, "norm(): p='nuc' is not supported by Kiln yet");
      if (s != "fro") return vm.raisef(Exc::RuntimeError, "only valid string values are 'fro' and 'nuc', found %.*s", int(s.size()), s.data());
    } else {
      if (!as_double(vm, args[1], "norm", "p", &p)) return Value();
      fro = false;
    }
  }
  DimList dims;
  bool keepdim;
  std::optional<DType> dtype;
  if (!as_dims(vm, args[2], "norm", &dims) || !opt_bool(vm, args[3], "norm", "keepdim", false, &keepdim) ||
      !opt_dtype(vm, args[4], "norm", &dtype))
    return Value();
  if (fro && dims && dims->size() > 2)
    return vm.raisef(Exc::RuntimeError, "Expected at most 2 dimensions, but got %d dimensions instead.", dims->size());
  if (fro && dtype) return vm.raise(Exc::ValueError, "dtype argument is not supported in frobenius norm");
  return guarded(vm, [&] { return wrap(vm, ag::norm(*x, p, dims, keepdim, dtype)); });
}

// ---------------------------------------------------------------- scans, softmax
// cumsum/cumprod(input, dim, *, dtype=None); data 1 = cumsum.
Value ops::impl_cumsum(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool is_sum = def.arg == 1;
  const char* name = is_sum ? "cumsum" : "cumprod";
  Var* x = expect_var(vm, args[0], name, "input");
  if (!x) return Value();
  int64_t dim;
  std::optional<DType> dtype;
  if (!as_int(vm, args[1], name, "dim", &dim) || !opt_dtype(vm, args[2], name, &dtype)) return Value();
  return guarded(vm, [&] { return wrap(vm, is_sum ? ag::cumsum(*x, dim, dtype) : ag::cumprod(*x, dim, dtype)); });
}

// softmax/log_softmax(input, dim, dtype=None); data 1 = log_softmax.
Value ops::impl_softmax(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool is_log = def.arg == 1;
  const char* name = is_log ? "log_softmax" : "softmax";
  Var* x = expect_var(vm, args[0], name, "input");
  if (!x) return Value();
  int64_t dim;
  std::optional<DType> dtype;
  if (!as_int(vm, args[1], name, "dim", &dim) || !opt_dtype(vm, args[2], name, &dtype)) return Value();
  return guarded(vm, [&] { return wrap(vm, is_log ? ag::log_softmax(*x, dim, dtype) : ag::softmax(*x, dim, dtype)); });
}

// ---------------------------------------------------------------- sort, argsort, topk
// sort/argsort(input, dim=-1, descending=False, stable=False); data 1 = argsort.
Value ops::impl_sort(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  bool is_arg = def.arg == 1;
  const char* name = is_arg ? "argsort" : "sort";
  Var* x = expect_var(vm, args[0], name, "input");
  if (!x) return Value();
  int64_t dim = -1;
  bool descending, stable;
  if ((given(args[1]) && !as_int(vm, args[1], name, "dim", &dim)) ||
      !opt_bool(vm, args[2], name, "descending", false, &descending) ||
      (given(args[3]) && !as_bool(vm, args[3], name, "stable", &stable)))
    return Value();
  return guarded(vm, [&] {
    if (is_arg) return wrap(vm, sort(x->t, dim, descending).second);  // always stable
    auto r = ag::sort(*x, dim, descending);
    return named_pair(vm, return_types(vm).sort, std::move(r.first), std::move(r.second));
  });
}

// topk(input, k, dim=-1, largest=True, sorted=True)
Value ops::impl_topk(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  Var* x = expect_var(vm, args[0], "topk", "input");
  if (!x) return Value();
  int64_t k, dim = -1;
  bool largest, sorted;
  if (!as_int(vm, args[1], "topk", "k", &k) || (given(args[2]) && !as_int(vm, args[2], "topk", "dim", &dim)) ||
      !opt_bool(vm, args[3], "topk", "largest", true, &largest) || !opt_bool(vm, args[4], "topk", "sorted", true, &sorted))
    return Value();
  return guarded(vm, [&] {
    auto r = ag::topk(*x, k, dim, largest, sorted);
    return named_pair(vm, return_types(vm).topk, std::move(r.first), std::move(r.second));
  });
}

// The reduction kernels answer for meta tensors (reduce.h: each entry
// checks as it does for data and returns the result's layout), so each
// op's meta function (ops/meta.h) is its impl, run on meta tensors.
KILN_META_IS_IMPL(sum)
KILN_META_IS_IMPL(prod)
KILN_META_IS_IMPL(max)
KILN_META_IS_IMPL(amax)
KILN_META_IS_IMPL(argmax)
KILN_META_IS_IMPL(var)
KILN_META_IS_IMPL(all)
KILN_META_IS_IMPL(count_nonzero)
KILN_META_IS_IMPL(logsumexp)
KILN_META_IS_IMPL(norm)
KILN_META_IS_IMPL(cumsum)
KILN_META_IS_IMPL(softmax)
KILN_META_IS_IMPL(sort)
KILN_META_IS_IMPL(topk)

void register_reduction(Registrar& r) {
  VM& vm = r.vm;
  // torch.return_types.max, ... (subclasses of the (values, indices) class).
  auto rt = std::make_shared<ReturnTypes>();
  Value ns = vm::new_native_module(vm, "torch.return_types");
  if (!ns) return;
#define X(n)                                                                                              \
  rt->n = Value::steal(vm::new_native_class(vm, #n, "torch.return_types", torch_state(vm).minmax_type,   \
                                            vm::ObjKind::Tuple, true));                                   \
  vm::module_set(vm, ns, #n, rt->n);
  KILN_RETURN_TYPES(X)
#undef X
  vm::module_set(vm, r.module, "return_types", ns);
  vm.extension_state[kReturnTypesKey] = rt;
}

}  // namespace kiln::torch
