// stdlib/torch/creation.cpp — tensors from data and factories: tensor,
// zeros/ones/empty/full(_like), arange, linspace, eye, and the random
// factories rand/randn/randint/randperm with manual_seed (generator.h).

#include <cmath>
#include <type_traits>
#include <vector>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"
#include "vm/list.h"
#include "vm/tuple.h"

namespace kiln::torch {

using vm::Exc;
using vm::ObjKind;

namespace {

// ---------------------------------------------------------------- torch.tensor(data)
struct Gathered {
  Shape shape;
  bool shape_known = false;
  std::vector<Value> leaves;     // Python numbers or tensors, row-major
  bool any_float = false, any_int = false, any_bool = false;
  std::optional<DType> tensor_dtype;  // promoted dtype of tensor leaves
};

bool is_seq(const Value& v) { return vm::is_kind(v, ObjKind::List) || vm::is_kind(v, ObjKind::Tuple); }
void seq_items(const Value& v, const Value** items, size_t* n) {
  if (vm::is_kind(v, ObjKind::List)) {
    *items = v.as<vm::ListObject>()->items.data();
    *n = v.as<vm::ListObject>()->items.size();
  } else {
    *items = v.as<vm::TupleObject>()->items;
    *n = v.as<vm::TupleObject>()->size;
  }
}

bool gather(VM& vm, const Value& v, int depth, Gathered& g, Shape& cur) {
  if (is_seq(v)) {
    const Value* items;
    size_t n;
    seq_items(v, &items, &n);
    if (depth >= kMaxDims) {
      vm.raisef(Exc::RuntimeError, "Kiln tensors have at most %d dimensions", kMaxDims);
      return false;
    }
    if (g.shape_known) {
      if (depth >= g.shape.size()) {  // a sequence where a number was expected ([1, [2]])
        if (g.any_float) vm.raisef(Exc::TypeError, "must be real number, not %s", vm::type_name(vm, v));
        else vm.raisef(Exc::TypeError, "'%s' object cannot be interpreted as an integer", vm::type_name(vm, v));
        return false;
      }
      if (g.shape[depth] != int64_t(n)) {
        vm.raisef(Exc::ValueError, "expected sequence of length %lld at dim %d (got %zu)", (long long)g.shape[depth], depth, n);
        return false;
      }
    } else {
      cur.push_back(int64_t(n));
    }
    if (n == 0 && !g.shape_known) {
      g.shape = cur;
      g.shape_known = true;
    }
    for (size_t i = 0; i < n; ++i)
      if (!gather(vm, items[i], depth + 1, g, cur)) return false;
    return true;
  }
  // A leaf: a number or a tensor (its shape continues the data's).
  Shape leaf_shape;
  if (is_tensor(v)) {
    const Tensor& t = tensor_of(v);
    leaf_shape = t.sizes;
    g.tensor_dtype = g.tensor_dtype ? promote_types(*g.tensor_dtype, t.dtype) : t.dtype;
  } else if (v.is_bool()) {
    g.any_bool = true;
  } else if (v.is_double()) {
    g.any_float = true;
  } else if (vm::is_int(v)) {
    g.any_int = true;
  } else {
    vm.raisef(Exc::TypeError, "new(): invalid data type '%s'", vm::type_name(vm, v));
    return false;
  }
  Shape full = g.shape_known ? g.shape : cur;
  if (!g.shape_known) {
    for (int64_t s : leaf_shape) full.push_back(s);
    g.shape = full;
    g.shape_known = true;
  } else {
    if (!is_tensor(v) && depth < g.shape.size()) {  // a number where a sequence was expected ([[1, 2], 3])
      vm.raise(Exc::TypeError, "not a sequence");
      return false;
    }
    if (depth + leaf_shape.size() != g.shape.size()) {
      vm.raisef(Exc::ValueError, "expected sequence of length %lld at dim %d (got 0)",
                (long long)(depth < g.shape.size() ? g.shape[depth] : 0), depth);
      return false;
    }
    for (int i = 0; i < leaf_shape.size(); ++i)
      if (g.shape[depth + i] != leaf_shape[i]) {
        vm.raisef(Exc::ValueError, "expected sequence of length %lld at dim %d (got %lld)", (long long)g.shape[depth + i],
                  depth + i, (long long)leaf_shape[i]);
        return false;
      }
  }
  g.leaves.push_back(v);
  return true;
}

Tensor tensor_from_data(VM& vm, const Value& data, std::optional<DType> dtype, bool* ok) {
  *ok = false;
  Gathered g;
  Shape cur;
  if (!gather(vm, data, 0, g, cur)) return Tensor();
  if (!g.shape_known) g.shape = cur;
  DType d;
  if (dtype) d = *dtype;
  else {
    Category c = g.any_float ? Category::Float : g.any_int ? Category::Int : Category::Bool;
    d = c == Category::Float ? kDefaultFloat : c == Category::Int ? DType::Int64 : DType::Bool;
    if (g.leaves.empty()) d = kDefaultFloat;
    if (g.tensor_dtype) {
      bool scalars = g.any_float || g.any_int || g.any_bool;
      d = scalars ? promote_types(d, *g.tensor_dtype) : *g.tensor_dtype;
    }
  }
  Tensor t = empty(g.shape, d);
  int64_t pos = 0;
  size_t isz = itemsize(d);
  for (const Value& leaf : g.leaves) {
    if (is_tensor(leaf)) {
      const Tensor& src = tensor_of(leaf);
      Tensor dst = make_view(t, src.sizes, contiguous_strides(src.sizes), pos);
      copy_into(dst, src);
      pos += src.numel();
      continue;
    }
    Scalar s;
    as_scalar(leaf, &s);
    check_scalar_fits(s, d, true);
    dispatch_dtype(d, [&](auto z) {
      using T = decltype(z);
      T v = s.to<T>();
      std::memcpy(static_cast<char*>(t.storage->data) + pos * int64_t(isz), &v, sizeof(T));
    });
    ++pos;
  }
  *ok = true;
  return t;
}

// Common keyword arguments of factories: dtype, device, requires_grad.
struct FactoryOpts {
  std::optional<DType> dtype;
  bool requires_grad = false;
};
// The new tensor as a torch.Tensor; a leaf that requires grad when asked.
Value wrap_new(VM& vm, Tensor t, const FactoryOpts& o) {
  if (!o.requires_grad) return wrap(vm, std::move(t));
  if (!is_floating(t.dtype)) runtime_error("Only Tensors of floating point and complex dtype can require gradients");
  Var v(std::move(t));
  v.ensure_meta().requires_grad = true;
  return wrap(vm, std::move(v));
}
Value tensor_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[5];
  if (!bind(vm, a, {"tensor", {"data", "dtype", "device", "requires_grad", "pin_memory"}, 1, 1}, args)) return Value();
  std::optional<DType> dtype;
  if (!as_dtype(vm, args[1], &dtype, "tensor")) return Value();
  FactoryOpts o;
  if (args[3] && !as_bool(vm, args[3], "tensor", "requires_grad", &o.requires_grad)) return Value();
  return guarded(vm, [&]() -> Value {
    bool ok;
    Tensor t = tensor_from_data(vm, args[0], dtype, &ok);
    if (!ok) return Value();
    return wrap_new(vm, std::move(t), o);
  });
}

// One keyword argument of a factory (dtype, device, requires_grad, and the
// ones Kiln refuses by name); TypeError for any other.
bool factory_kw(VM& vm, std::string_view k, const Value& v, const char* name, FactoryOpts* o) {
  if (k == "dtype") return as_dtype(vm, v, &o->dtype, name);
  if (k == "device") {
    if (!v.is_none() && !(vm::is_str(v) && vm::str_view(v) == "cpu") &&
        !(v.is_object() && v.as_object()->type == torch_state(vm).device_type)) {
      vm.raisef(Exc::NotImplementedError, "%s(): only device='cpu' is supported by Kiln's eager torch module", name);
      return false;
    }
    return true;
  }
  if (k == "requires_grad") return as_bool(vm, v, name, "requires_grad", &o->requires_grad);
  if (k == "layout" || k == "pin_memory" || k == "memory_format" || k == "generator" || k == "out") {
    if (!v.is_none() && !v.is_false()) {
      vm.raisef(Exc::NotImplementedError, "%s(): argument '%.*s' is not supported by Kiln", name, int(k.size()), k.data());
      return false;
    }
    return true;
  }
  vm.raisef(Exc::TypeError, "%s() got an unexpected keyword argument '%.*s'", name, int(k.size()), k.data());
  return false;
}

// zeros / ones / empty (*size, dtype=None, ...): data 0 zeros, 1 ones, 2 empty, 3 rand, 4 randn
// PyTorch's error for random values of a dtype that is not floating.
void check_random_dtype(DType d, bool normal) {
  if (!is_floating(d))
    runtime_error("\"{}\" not implemented for '{}'", normal ? "normal_kernel_cpu" : "check_uniform_bounds", dtype_short_name(d));
}

// Fills contiguous t with draws from g in order: uniform in [0, 1), or
// normal (mean 0, std 1); with `affine` (scale, shift) each value v becomes
// v * scale + shift in t's dtype (nn.init's arithmetic).
void fill_random(const Tensor& t, Generator& g, bool normal, const double* affine) {
  check_random_dtype(t.dtype, normal);
  dispatch_dtype(t.dtype, [&](auto z) {
    using T = decltype(z);
    if constexpr (std::is_floating_point_v<T>) {
      T* p = t.data<T>();
      for (int64_t i = 0, n = t.numel(); i < n; ++i) {
        T v;
        if (normal) v = T(g.normal());
        else if constexpr (std::is_same_v<T, float>) v = g.uniform_float();
        else v = g.uniform_double();
        p[i] = affine ? v * T(affine[0]) + T(affine[1]) : v;
      }
    }
  });
}

// A one-element tensor's number. A meta tensor has none: a number of its
// kind (what a meta function needs of a fill value: the result's dtype).
Scalar scalar_of_tensor(const Tensor& v) {
  if (is_meta(v)) return v.dtype == DType::Bool ? Scalar::from_bool(false) : is_floating(v.dtype) ? Scalar::from_double(0) : Scalar::from_int(0);
  if (v.dtype == DType::Bool) return Scalar::from_bool(element_as_double(v, 0) != 0);
  if (is_floating(v.dtype)) return Scalar::from_double(element_as_double(v, 0));
  return Scalar::from_int(int64_t(element_as_double(v, 0)));
}

bool fill_scalar(VM& vm, const Value& v, const char* name, Scalar* s) {
  if (is_tensor(v) && tensor_of(v).numel() == 1) {
    *s = scalar_of_tensor(tensor_of(v));
    return true;
  }
  if (as_scalar(v, s)) return true;
  vm.raisef(Exc::TypeError, "%s(): argument 'fill_value' (position 2) must be Number, not %s", name, vm::type_name(vm, v));
  return false;
}
DType scalar_dtype(Scalar s) {
  return s.kind == Category::Bool ? DType::Bool : s.kind == Category::Int ? DType::Int64 : kDefaultFloat;
}


// torch.arange's values (start, end, step as the signature gives them).
Value arange_values(VM& vm, Scalar start, Scalar end, Scalar step, const FactoryOpts& o, bool meta) {
  bool any_float = start.kind == Category::Float || end.kind == Category::Float || step.kind == Category::Float;
  DType d = o.dtype.value_or(any_float ? kDefaultFloat : DType::Int64);
  return guarded(vm, [&] {
    double s = start.to_double(), e = end.to_double(), st = step.to_double();
    if (st == 0) runtime_error("step must be nonzero");
    // An integer dtype takes start and step truncated to it (PyTorch's
    // accumulate type); the length comes from the numbers as given, except
    // for int64, whose accumulate type is its own.
    bool int_dtype = !is_floating(d) && d != DType::Bool;
    if (int_dtype && any_float && int64_t(st) == 0) runtime_error("step must be nonzero");
    if (!std::isfinite(s) || !std::isfinite(e)) runtime_error("unsupported range: {} -> {}", s, e);
    if ((st > 0 && s > e) || (st < 0 && s < e)) runtime_error("upper bound and larger bound inconsistent with step sign");
    int64_t n;
    if (int_dtype && any_float && d == DType::Int64) {
      // int64: the length from the truncated numbers too (PyTorch 1.13).
      n = int64_t(std::ceil(double(int64_t(e) - int64_t(s)) / double(int64_t(st))));
    } else if (any_float) {
      n = int64_t(std::ceil((e - s) / st));
    } else {
      int64_t si = start.to_int(), ei = end.to_int(), sti = step.to_int();
      n = sti > 0 ? (ei - si + sti - 1) / sti : (si - ei + (-sti) - 1) / (-sti);
    }
    if (n < 0) n = 0;
    if (meta) return wrap_new(vm, meta_tensor(Shape{n}, d), o);
    Tensor t = empty(Shape{n}, d);
    dispatch_dtype(d, [&](auto z) {
      using T = decltype(z);
      T* p = t.data<T>();
      if (int_dtype && any_float) {
        int64_t si = int64_t(s), sti = int64_t(st);
        for (int64_t i = 0; i < n; ++i) p[i] = T(si + i * sti);
      } else if (any_float || std::is_floating_point_v<T>) {
        for (int64_t i = 0; i < n; ++i) p[i] = T(s + double(i) * st);
      } else {
        int64_t si = start.to_int(), sti = step.to_int();
        for (int64_t i = 0; i < n; ++i) p[i] = T(si + i * sti);
      }
    });
    return wrap_new(vm, std::move(t), o);
  });
}

// torch.linspace's values, bit for bit as PyTorch 1.13's CPU kernel
// computes them (an AVX2 build; its arithmetic is the element type's, a
// double step for integer types): the first half steps up from start, the
// second half down from end, each point one fused multiply-add (the compiler
// contracts start + step * i); and while at least two vectors of 32 bytes
// remain, each vector's lanes are its first point plus j * step, rounded
// twice.
template <typename T>
void linspace_fill(T* p, double start_in, double end_in, int64_t steps) {
  using S = std::conditional_t<std::is_floating_point_v<T>, T, double>;
  const T start = T(start_in), end = T(end_in);
  if (steps == 1) {
    p[0] = start;
    return;
  }
  const S step = (S(end) - S(start)) / S(steps - 1);
  const int64_t half = steps / 2;
  auto point = [&](int64_t i) -> S {
    return i < half ? std::fma(step, S(i), S(start)) : std::fma(-step, S(steps - i - 1), S(end));
  };
  constexpr int64_t kLanes = 32 / int64_t(sizeof(T));
  int64_t i = 0;
  for (; i + 2 * kLanes <= steps; i += 2 * kLanes)
    for (int64_t v = i; v < i + 2 * kLanes; v += kLanes) {
      const T base = T(point(v));
      for (int64_t j = 0; j < kLanes; ++j) p[v + j] = T(S(base) + S(j) * step);
    }
  for (; i < steps; ++i) p[i] = T(point(i));
}

// randint(low=0, high, size, *, dtype=int64)
Value manual_seed_fn(VM& vm, const CallArgs& a, const Value&) {
  Value args[1];
  if (!bind(vm, a, {"manual_seed", {"seed"}, 1, 1}, args)) return Value();
  int64_t s;
  if (!as_int(vm, args[0], "manual_seed", "seed", &s)) return Value();
  torch_state(vm).generator.seed(uint64_t(s));
  return Value::none();
}
Value initial_seed_fn(VM& vm, const CallArgs& a, const Value&) {
  if (!vm::native_no_args(vm, a, "initial_seed")) return Value();
  return vm::make_int(vm, int64_t(torch_state(vm).generator.initial_seed()));
}

// torch._kiln_allocations(): (tensors allocated so far, their bytes), a
// Kiln extension for measuring what a piece of code allocates (views
// allocate nothing). Its tests count a compiled graph's allocations.
Value kiln_allocations_fn(VM& vm, const CallArgs& a, const Value&) {
  if (!vm::native_no_args(vm, a, "_kiln_allocations")) return Value();
  StorageStats st = storage_stats();
  Value n = vm::make_int(vm, int64_t(st.allocations));
  Value b = n ? vm::make_int(vm, int64_t(st.bytes)) : Value();
  Value t = b ? vm::tuple_new(vm, 2) : Value();
  if (!t) return Value();
  t.as<vm::TupleObject>()->items[0] = n;
  t.as<vm::TupleObject>()->items[1] = b;
  return t;
}

}  // namespace

// The registry's *_like ops (ops.def): input's sizes, input's dtype unless
// dtype= says; then the factory keywords. The meta function makes the same
// checks and returns the result's metadata.
namespace {
// The factory keywords of a registry op, from params[first] on: dtype,
// layout, device, pin_memory, requires_grad, then `last` (memory_format
// for the *_like ops, out for the factories from sizes).
bool factory_keywords(VM& vm, const ops::Bound& args, size_t first, const char* last, const char* name, FactoryOpts* o) {
  if (!as_dtype(vm, args[first], &o->dtype, name)) return false;
  const char* const keywords[] = {"dtype", "layout", "device", "pin_memory", "requires_grad", last};
  for (size_t k = 1; k < 6; k++)
    if (args[first + k] && !args[first + k].is_none() && !factory_kw(vm, keywords[k], args[first + k], name, o)) return false;
  return true;
}
// Fills a creation op's new tensor t by its `arg` (ops.def): 0 zeros,
// 1 ones, 2 empty (left as it is), 3 rand, 4 randn, 5 full (value).
void fill_new(VM& vm, const Tensor& t, int64_t kind, Scalar value) {
  switch (kind) {
    case 0: fill(t, Scalar::from_int(0)); break;
    case 1: fill(t, Scalar::from_int(1)); break;
    case 3:
    case 4: fill_random(t, torch_state(vm).generator, kind == 4, nullptr); break;
    case 5: fill(t, value); break;
    default: break;
  }
}

Value like(VM& vm, const ops::Bound& args, const ops::OpDef& op, bool meta) {
  const char* name = op.name();
  const Tensor& x = tensor_of(args[0]);
  bool full = op.arg == 5;
  Scalar s;
  if (full && !fill_scalar(vm, args[1], name, &s)) return Value();
  FactoryOpts o;
  if (!factory_keywords(vm, args, full ? 2 : 1, "memory_format", name, &o)) return Value();
  DType d = o.dtype.value_or(x.dtype);
  return guarded(vm, [&] {
    if (op.arg == 3 || op.arg == 4) check_random_dtype(d, op.arg == 4);
    // (input's layout: PyTorch's preserve_format)
    if (meta) return wrap_new(vm, empty_like_layout(meta_like(x), d), o);
    Tensor t = empty_like_layout(x, d);
    fill_new(vm, t, op.arg, s);
    return wrap_new(vm, std::move(t), o);
  });
}

// The registry's factories from sizes (ops.def): zeros, ones, empty, rand,
// randn (int... size) and full (size, fill_value), then the keywords.
Value filled(VM& vm, const ops::Bound& args, const ops::OpDef& op, bool meta) {
  const char* name = op.name();
  Shape shape;
  if (!args.varargs.empty() ? !as_shape_varargs(vm, args.varargs.data(), args.varargs.size(), name, &shape)
                            : !as_int_list(vm, args[0], name, "size", op.arg != 5, &shape))
    return Value();
  bool full = op.arg == 5, random = op.arg == 3 || op.arg == 4;
  Scalar s;
  if (full && !fill_scalar(vm, args[1], name, &s)) return Value();
  size_t first = full ? 2 : random ? 2 : 1;  // dtype's parameter (rand: after generator)
  if (random && args[1] && !args[1].is_none() && !factory_kw(vm, "generator", args[1], name, nullptr)) return Value();
  FactoryOpts o;
  if (!factory_keywords(vm, args, first, "out", name, &o)) return Value();
  DType d = o.dtype.value_or(full ? scalar_dtype(s) : kDefaultFloat);
  return guarded(vm, [&] {
    if (random) check_random_dtype(d, op.arg == 4);
    if (meta) return wrap_new(vm, meta_tensor(shape, d), o);
    Tensor t = empty(shape, d);
    fill_new(vm, t, op.arg, s);
    return wrap_new(vm, std::move(t), o);
  });
}
// The registry's fills in place (ops.def): zero_ (arg 0), fill_ (1),
// uniform_ (2), normal_ (3), with PyTorch's checks and messages. The meta
// makes the same checks (a value tensor's number is data: only its
// dimension) and returns the input.
Value fill_in_place(VM& vm, const ops::Bound& args, const ops::OpDef& op, bool meta) {
  const char* name = op.name();
  Var& v = var_of(args[0]);  // (a tensor: the binder checked it)
  const Tensor& t = v.t;
  if (op.arg >= 2) {
    bool normal = op.arg == 3;
    double lo = 0.0, hi = 1.0;  // from, to / mean, std
    if (args[1] && !as_double(vm, args[1], name, normal ? "mean" : "from", &lo)) return Value();
    if (args[2] && !as_double(vm, args[2], name, normal ? "std" : "to", &hi)) return Value();
    if (args[3] && !args[3].is_none() && !factory_kw(vm, "generator", args[3], name, nullptr)) return Value();
    return guarded(vm, [&] {
      check_random_dtype(t.dtype, normal);  // before the bounds, as PyTorch
      if (!normal && lo > hi) runtime_error("uniform_ expects to return a [from, to) range, but found from={} > to={}", lo, hi);
      if (normal && hi < 0) runtime_error("normal expects std >= 0.0, but found std {}", hi);
      if (meta) return args[0];
      Tensor r = empty(t.sizes, t.dtype);
      double affine[2] = {normal ? hi : hi - lo, lo};  // scale, shift
      fill_random(r, torch_state(vm).generator, normal, affine);
      check_no_internal_overlap(t);
      ag::copy_(v, autograd::Var(std::move(r)));
      return args[0];
    });
  }
  std::optional<VOperand> value;
  Scalar s = Scalar::from_int(0);
  if (op.arg == 1) {
    if (is_tensor(args[1])) {
      if (meta && tensor_of(args[1]).dim() != 0)
        return vm.raisef(Exc::RuntimeError, "fill_ only supports 0-dimension value tensor but got tensor with %d dimensions.",
                         tensor_of(args[1]).dim());
      value.emplace(var_of(args[1]));
    } else if (!as_scalar(args[1], &s)) {
      return vm.raisef(Exc::TypeError, "fill_(): argument 'value' must be Number, not %s", vm::type_name(vm, args[1]));
    }
  }
  if (!value) value.emplace(s);
  return guarded(vm, [&] {
    if (!meta) ag::fill_(v, *value);
    return args[0];
  });
}
// The registry's other factories (ops.def): linspace (arg 0), eye (1),
// randperm (2); the factory keywords after their own parameters. The meta
// makes the same checks and returns the result's metadata.
Value sequence(VM& vm, const ops::Bound& args, const ops::OpDef& op, bool meta) {
  const char* name = op.name();
  FactoryOpts o;
  Shape shape;
  DType d;
  double start = 0, end = 0;
  int64_t n = 0;
  switch (op.arg) {
    case 0: {  // linspace(start, end, steps)
      if (!as_double(vm, args[0], name, "start", &start) || !as_double(vm, args[1], name, "end", &end) ||
          !as_int(vm, args[2], name, "steps", &n) || !factory_keywords(vm, args, 3, "out", name, &o))
        return Value();
      if (n < 0) return vm.raise(Exc::RuntimeError, "number of steps must be non-negative");
      d = o.dtype.value_or(kDefaultFloat);
      shape = Shape{n};
      break;
    }
    case 1: {  // eye(n, m=None)
      int64_t m;
      if (!as_int(vm, args[0], name, "n", &n)) return Value();
      m = n;
      if (args[1] && !args[1].is_none() && !as_int(vm, args[1], name, "m", &m)) return Value();
      if (!factory_keywords(vm, args, 2, "out", name, &o)) return Value();
      if (n < 0) return vm.raisef(Exc::RuntimeError, "n must be greater or equal to 0, got %lld", (long long)n);
      if (m < 0) return vm.raisef(Exc::RuntimeError, "m must be greater or equal to 0, got %lld", (long long)m);
      d = o.dtype.value_or(kDefaultFloat);
      shape = Shape{n, m};
      break;
    }
    default: {  // randperm(n, *, generator=None)
      if (!as_int(vm, args[0], name, "n", &n)) return Value();
      if (args[1] && !args[1].is_none() && !factory_kw(vm, "generator", args[1], name, nullptr)) return Value();
      if (!factory_keywords(vm, args, 2, "out", name, &o)) return Value();
      if (n < 0) return vm.raisef(Exc::RuntimeError, "Trying to create tensor with negative dimension %lld: [%lld]", (long long)n, (long long)n);
      d = o.dtype.value_or(DType::Int64);
      shape = Shape{n};
      break;
    }
  }
  return guarded(vm, [&] {
    if (op.arg == 0 && d == DType::Bool) runtime_error("\"linspace_cpu\" not implemented for 'Bool'");
    if (meta) return wrap_new(vm, meta_tensor(shape, d), o);
    Tensor t = empty(shape, d);
    if (op.arg == 0) {
      dispatch_dtype(d, [&](auto z) { linspace_fill(t.data<decltype(z)>(), start, end, n); });
    } else if (op.arg == 1) {
      fill(t, Scalar::from_int(0));
      int64_t m = shape[1];
      dispatch_dtype(d, [&](auto z) {
        using T = decltype(z);
        T* p = t.data<T>();
        for (int64_t i = 0; i < std::min(n, m); ++i) p[i * m + i] = T(1);
      });
    } else {
      std::vector<int64_t> perm(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) perm[size_t(i)] = i;
      Generator& g = torch_state(vm).generator;
      for (int64_t i = n - 1; i > 0; --i) std::swap(perm[size_t(i)], perm[size_t(g.below(uint64_t(i + 1)))]);
      dispatch_dtype(d, [&](auto z) {
        using T = decltype(z);
        for (int64_t i = 0; i < n; ++i) t.data<T>()[i] = T(perm[size_t(i)]);
      });
    }
    return wrap_new(vm, std::move(t), o);
  });
}
}  // namespace

namespace {
// The registry's arange (ops.def; arg: the signature): end | start, end |
// start, end, step, then (signatures 0 and 2) out=, then the factory
// keywords.
Value arange(VM& vm, const ops::Bound& args, const ops::OpDef& op, bool meta) {
  static const char* const kNames[3][3] = {{"end"}, {"start", "end"}, {"start", "end", "step"}};
  size_t count = size_t(op.arg) + 1;
  Scalar v[3];
  for (size_t i = 0; i < count; i++) {
    const Value& x = args[i];
    if (meta && is_tensor(x) && is_meta(tensor_of(x))) return Value();  // (its size is a tensor's data: unknown)
    if (is_tensor(x) && tensor_of(x).dim() == 0) {
      v[i] = scalar_of_tensor(tensor_of(x));
    } else if (!as_scalar(x, &v[i])) {
      vm.raisef(Exc::TypeError, "arange(): argument '%s' (position %zu) must be Number, not %s", kNames[op.arg][i], i + 1,
                vm::type_name(vm, x));
      return Value();
    }
    if (v[i].kind == Category::Bool) v[i] = Scalar::from_int(v[i].to_int());  // (True is 1)
  }
  size_t first = count;
  if (op.arg != 1) {  // out=
    if (args[first] && !factory_kw(vm, "out", args[first], "arange", nullptr)) return Value();
    first++;
  }
  FactoryOpts o;
  if (!factory_keywords(vm, args, first, "out", "arange", &o)) return Value();
  Scalar zero = Scalar::from_int(0), one = Scalar::from_int(1);
  return arange_values(vm, count == 1 ? zero : v[0], count == 1 ? v[0] : v[1], count == 3 ? v[2] : one, o, meta);
}
}  // namespace

namespace {
// The registry's randint (ops.def; arg: the signature): [low,] high, size,
// [generator,] out, then the factory keywords.
Value randint(VM& vm, const ops::Bound& args, const ops::OpDef& op, bool meta) {
  bool low = op.arg >= 2, generator = op.arg % 2 == 0;
  for (size_t i = 0; meta && i < size_t(low) + 1; i++)
    if (is_tensor(args[i]) && is_meta(tensor_of(args[i]))) return Value();  // (a bound is a tensor's data: unknown)
  size_t p = 0;
  int64_t lo = 0, hi;
  if (low && !as_int(vm, args[p++], "randint", "low", &lo)) return Value();
  if (!as_int(vm, args[p++], "randint", "high", &hi)) return Value();
  Shape shape;
  if (!as_int_list(vm, args[p++], "randint", "size", false, &shape)) return Value();
  if (generator && args[p] && !factory_kw(vm, "generator", args[p], "randint", nullptr)) return Value();
  p += generator;
  if (args[p] && !factory_kw(vm, "out", args[p], "randint", nullptr)) return Value();
  FactoryOpts o;
  if (!factory_keywords(vm, args, p + 1, "out", "randint", &o)) return Value();
  if (lo >= hi)
    return vm.raisef(Exc::RuntimeError, "random_ expects 'from' to be less than 'to', but got from=%lld >= to=%lld",
                     (long long)lo, (long long)hi);
  DType d = o.dtype.value_or(DType::Int64);
  return guarded(vm, [&] {
    if (meta) return wrap_new(vm, meta_tensor(shape, d), o);
    Tensor t = empty(shape, d);
    Generator& g = torch_state(vm).generator;
    uint64_t range = uint64_t(hi) - uint64_t(lo);
    dispatch_dtype(d, [&](auto z) {
      using T = decltype(z);
      T* out = t.data<T>();
      for (int64_t i = 0; i < t.numel(); ++i) out[i] = T(lo + int64_t(g.below(range)));
    });
    return wrap_new(vm, std::move(t), o);
  });
}
}  // namespace

Value ops::impl_randint(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return randint(vm, args, op, false); }
Value ops::meta_randint(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return randint(vm, args, op, true); }
Value ops::impl_arange(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return arange(vm, args, op, false); }
Value ops::meta_arange(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return arange(vm, args, op, true); }
Value ops::impl_sequence(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return sequence(vm, args, op, false); }
Value ops::meta_sequence(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return sequence(vm, args, op, true); }
Value ops::impl_fill_(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return fill_in_place(vm, args, op, false); }
Value ops::meta_fill_(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return fill_in_place(vm, args, op, true); }
Value ops::impl_filled(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return filled(vm, args, op, false); }
Value ops::meta_filled(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return filled(vm, args, op, true); }
Value ops::impl_like(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return like(vm, args, op, false); }
Value ops::meta_like(VM& vm, const ops::Bound& args, const ops::OpDef& op) { return like(vm, args, op, true); }

void register_creation(Registrar& r) {
  r.function("_kiln_allocations", kiln_allocations_fn);
  r.function("tensor", tensor_fn);
  r.function("manual_seed", manual_seed_fn);
  r.function("initial_seed", initial_seed_fn);
}

}  // namespace kiln::torch
