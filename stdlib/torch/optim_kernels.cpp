// stdlib/torch/optim_kernels.cpp — fused parameter updates for torch.optim.
//
// torch.optim (stdlib/torch/lib/optim, Python) follows PyTorch 1.13's
// single-tensor algorithms. Written with tensor ops, one Adam update of a
// parameter is about a dozen passes over its memory and four temporaries;
// these natives do the same arithmetic element by element in one pass, in
// the order of PyTorch's ops (each op's result rounded to the dtype, every
// Python number cast to the dtype first, as PyTorch's kernels do):
//
//   torch._kiln_sgd_update_(param, grad, buf, first, lr, momentum, dampening,
//                           weight_decay, nesterov, maximize) -> bool
//     d = ±grad (+ weight_decay * param); with momentum, buf = d on the first
//     step, else buf = buf * momentum + (1 - dampening) * d, and d = buf (or
//     d + momentum * buf with Nesterov); param += -lr * d.
//   torch._kiln_adam_update_(param, grad, exp_avg, exp_avg_sq, max_exp_avg_sq,
//                            lr, beta1, beta2, eps, weight_decay, step_size,
//                            bias_correction2_sqrt, maximize, decoupled) -> bool
//     AdamW's decay (decoupled) or Adam's L2 term, the two moments
//     (mul_/add_, mul_/addcmul_), amsgrad's running max (max_exp_avg_sq not
//     None), denom = sqrt(v) / bias_correction2_sqrt + eps, and
//     param += (-step_size * exp_avg) / denom (addcdiv_).
//
// Both return False, touching nothing, unless every tensor is contiguous,
// of one shape and of one floating dtype, and no update would need
// recording (grad mode on with a parameter that requires grad); the Python
// caller then runs the composed ops. Written tensors get a version bump, as
// any in-place kernel. Private to torch.optim: PyTorch has no such functions.

#include <cmath>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/tensor_iter.h"

namespace kiln::torch {

namespace {

#define KILN_OPTIM_CLONES __attribute__((target_clones("avx2", "default")))

struct SgdArgs {
  double lr, momentum, dampening, weight_decay;
  bool nesterov, maximize, first;
};

// The options are template parameters so that each loop is branch-free and
// vectorises; maximize multiplies by -1 (exact, as negation).
template <class T, bool WD, bool Mom, bool First, bool Nest>
[[gnu::always_inline]] inline void sgd_loop(T* __restrict p, const T* __restrict g, T* __restrict buf, int64_t n,
                                            const SgdArgs& a) {
  const T sign = a.maximize ? T(-1) : T(1), wd = T(a.weight_decay), m = T(a.momentum), keep = T(1 - a.dampening);
  const T neg_lr = T(-a.lr);
  for (int64_t i = 0; i < n; ++i) {
    T d = sign * g[i];
    if constexpr (WD) d = d + wd * p[i];
    if constexpr (Mom) {
      T b;
      if constexpr (First) b = d;
      else b = buf[i] * m + keep * d;
      buf[i] = b;
      if constexpr (Nest) d = d + m * b;
      else d = b;
    }
    p[i] = p[i] + neg_lr * d;
  }
}

template <class T>
[[gnu::always_inline]] inline void sgd_dispatch(T* p, const T* g, T* b, int64_t n, const SgdArgs& a) {
  bool wd = a.weight_decay != 0;
  if (a.momentum == 0) {
    if (wd) sgd_loop<T, true, false, false, false>(p, g, b, n, a);
    else sgd_loop<T, false, false, false, false>(p, g, b, n, a);
    return;
  }
#define KILN_SGD_CASE(WD, FIRST, NEST) \
  if (wd == WD && a.first == FIRST && a.nesterov == NEST) return sgd_loop<T, WD, true, FIRST, NEST>(p, g, b, n, a);
  KILN_SGD_CASE(false, false, false)
  KILN_SGD_CASE(false, false, true)
  KILN_SGD_CASE(false, true, false)
  KILN_SGD_CASE(false, true, true)
  KILN_SGD_CASE(true, false, false)
  KILN_SGD_CASE(true, false, true)
  KILN_SGD_CASE(true, true, false)
  KILN_SGD_CASE(true, true, true)
#undef KILN_SGD_CASE
}

struct AdamArgs {
  double lr, beta1, beta2, eps, weight_decay, step_size, bc2_sqrt;
  bool maximize, decoupled;
};

template <class T, bool L2, bool Decay, bool Ams>
[[gnu::always_inline]] inline void adam_loop(T* __restrict p, const T* __restrict g, T* __restrict m,
                                             T* __restrict v, T* __restrict vmax, int64_t n, const AdamArgs& a) {
  const T sign = a.maximize ? T(-1) : T(1), wd = T(a.weight_decay), decay = T(1 - a.lr * a.weight_decay);
  const T b1 = T(a.beta1), b2 = T(a.beta2), one_b1 = T(1 - a.beta1), one_b2 = T(1 - a.beta2);
  const T bc2 = T(a.bc2_sqrt), eps = T(a.eps), neg_step = T(-a.step_size);
  for (int64_t i = 0; i < n; ++i) {
    T gi = sign * g[i];
    T pi = p[i];
    if constexpr (Decay) pi = pi * decay;
    if constexpr (L2) gi = gi + wd * pi;
    T mi = m[i] * b1 + one_b1 * gi;
    T vi = v[i] * b2 + one_b2 * gi * gi;
    m[i] = mi;
    v[i] = vi;
    T s = vi;
    if constexpr (Ams) {
      T x = vmax[i];
      s = (x != x || vi != vi) ? std::numeric_limits<T>::quiet_NaN() : (x > vi ? x : vi);  // torch.maximum
      vmax[i] = s;
    }
    T denom = std::sqrt(s) / bc2 + eps;
    p[i] = pi + neg_step * mi / denom;
  }
}

template <class T>
[[gnu::always_inline]] inline void adam_dispatch(T* p, const T* g, T* m, T* v, T* x, int64_t n, const AdamArgs& a) {
  bool wd = a.weight_decay != 0, l2 = wd && !a.decoupled, decay = wd && a.decoupled;
#define KILN_ADAM_CASE(L2, DECAY, AMS) \
  if (l2 == L2 && decay == DECAY && bool(x) == AMS) return adam_loop<T, L2, DECAY, AMS>(p, g, m, v, x, n, a);
  KILN_ADAM_CASE(false, false, false)
  KILN_ADAM_CASE(false, false, true)
  KILN_ADAM_CASE(true, false, false)
  KILN_ADAM_CASE(true, false, true)
  KILN_ADAM_CASE(false, true, false)
  KILN_ADAM_CASE(false, true, true)
#undef KILN_ADAM_CASE
}

// The loops compiled for AVX2 and for baseline x86-64 (the build has no
// -march), picked at load time; this file is compiled with
// -fno-math-errno and -fno-trapping-math so that sqrt and the selects
// vectorise (results are unchanged: no reassociation, no contraction).
KILN_OPTIM_CLONES void sgd_f32(float* p, const float* g, float* b, int64_t n, const SgdArgs& a) {
  sgd_dispatch<float>(p, g, b, n, a);
}
KILN_OPTIM_CLONES void sgd_f64(double* p, const double* g, double* b, int64_t n, const SgdArgs& a) {
  sgd_dispatch<double>(p, g, b, n, a);
}
KILN_OPTIM_CLONES void adam_f32(float* p, const float* g, float* m, float* v, float* x, int64_t n,
                                const AdamArgs& a) {
  adam_dispatch<float>(p, g, m, v, x, n, a);
}
KILN_OPTIM_CLONES void adam_f64(double* p, const double* g, double* m, double* v, double* x, int64_t n,
                                const AdamArgs& a) {
  adam_dispatch<double>(p, g, m, v, x, n, a);
}

// Runs body(begin, end) over [0, n), split across threads when large.
template <class F> void chunked(int64_t n, F&& body) {
  if (n < 2 * kParallelGrain) body(int64_t(0), n);
  else parallel_range(n, kParallelGrain, body);
}

// The tensors the fused loops accept: one floating dtype, one shape, contiguous.
bool fusable(std::initializer_list<const Tensor*> ts) {
  const Tensor* first = *ts.begin();
  if (first->dtype != DType::Float32 && first->dtype != DType::Float64) return false;
  for (const Tensor* t : ts) {
    if (!t) continue;
    if (t->dtype != first->dtype || !(t->sizes == first->sizes) || !t->is_contiguous()) return false;
  }
  return true;
}

bool arg_tensor(VM& vm, const Value& v, const char* fname, Tensor** out, bool none_ok = false) {
  if (none_ok && v.is_none()) {
    *out = nullptr;
    return true;
  }
  if (!is_tensor(v)) {
    vm.raisef(vm::Exc::TypeError, "%s(): expected a Tensor, not %s", fname, vm::type_name(vm, v));
    return false;
  }
  *out = &tensor_of(v);
  return true;
}

bool recording(const Value& param) { return autograd::GradMode::is_enabled() && var_of(param).requires_grad(); }

Value sgd_update(VM& vm, const CallArgs& a, const Value&) {
  const char* name = "_kiln_sgd_update_";
  if (a.nargs != 10 || a.nkw()) return vm.raise(vm::Exc::TypeError, "_kiln_sgd_update_() takes 10 positional arguments");
  Tensor *p, *g, *buf;
  SgdArgs s;
  if (!arg_tensor(vm, a.args[0], name, &p) || !arg_tensor(vm, a.args[1], name, &g) ||
      !arg_tensor(vm, a.args[2], name, &buf, true) || !as_bool(vm, a.args[3], name, "first", &s.first) ||
      !as_double(vm, a.args[4], name, "lr", &s.lr) || !as_double(vm, a.args[5], name, "momentum", &s.momentum) ||
      !as_double(vm, a.args[6], name, "dampening", &s.dampening) ||
      !as_double(vm, a.args[7], name, "weight_decay", &s.weight_decay) ||
      !as_bool(vm, a.args[8], name, "nesterov", &s.nesterov) || !as_bool(vm, a.args[9], name, "maximize", &s.maximize))
    return Value();
  if (s.momentum != 0 && !buf) return vm.raise(vm::Exc::ValueError, "_kiln_sgd_update_(): momentum needs a buffer");
  if (recording(a.args[0]) || !fusable({p, g, s.momentum != 0 ? buf : nullptr})) return Value::boolean(false);
  bump_version(*p);
  if (s.momentum != 0) bump_version(*buf);
  int64_t n = p->numel();
  if (p->dtype == DType::Float32) {
    float *pp = p->data<float>(), *bb = s.momentum != 0 ? buf->data<float>() : nullptr;
    const float* gg = g->data<float>();
    chunked(n, [&](int64_t b, int64_t e) { sgd_f32(pp + b, gg + b, bb ? bb + b : nullptr, e - b, s); });
  } else {
    double *pp = p->data<double>(), *bb = s.momentum != 0 ? buf->data<double>() : nullptr;
    const double* gg = g->data<double>();
    chunked(n, [&](int64_t b, int64_t e) { sgd_f64(pp + b, gg + b, bb ? bb + b : nullptr, e - b, s); });
  }
  return Value::boolean(true);
}

Value adam_update(VM& vm, const CallArgs& a, const Value&) {
  const char* name = "_kiln_adam_update_";
  if (a.nargs != 14 || a.nkw()) return vm.raise(vm::Exc::TypeError, "_kiln_adam_update_() takes 14 positional arguments");
  Tensor *p, *g, *m, *v, *vmax;
  AdamArgs s;
  if (!arg_tensor(vm, a.args[0], name, &p) || !arg_tensor(vm, a.args[1], name, &g) ||
      !arg_tensor(vm, a.args[2], name, &m) || !arg_tensor(vm, a.args[3], name, &v) ||
      !arg_tensor(vm, a.args[4], name, &vmax, true) || !as_double(vm, a.args[5], name, "lr", &s.lr) ||
      !as_double(vm, a.args[6], name, "beta1", &s.beta1) || !as_double(vm, a.args[7], name, "beta2", &s.beta2) ||
      !as_double(vm, a.args[8], name, "eps", &s.eps) ||
      !as_double(vm, a.args[9], name, "weight_decay", &s.weight_decay) ||
      !as_double(vm, a.args[10], name, "step_size", &s.step_size) ||
      !as_double(vm, a.args[11], name, "bias_correction2_sqrt", &s.bc2_sqrt) ||
      !as_bool(vm, a.args[12], name, "maximize", &s.maximize) ||
      !as_bool(vm, a.args[13], name, "decoupled", &s.decoupled))
    return Value();
  if (recording(a.args[0]) || !fusable({p, g, m, v, vmax})) return Value::boolean(false);
  for (const Tensor* t : {p, m, v, vmax})
    if (t) bump_version(*t);
  int64_t n = p->numel();
  if (p->dtype == DType::Float32) {
    float *pp = p->data<float>(), *mm = m->data<float>(), *vv = v->data<float>();
    float* xx = vmax ? vmax->data<float>() : nullptr;
    const float* gg = g->data<float>();
    chunked(n, [&](int64_t b, int64_t e) {
      adam_f32(pp + b, gg + b, mm + b, vv + b, xx ? xx + b : nullptr, e - b, s);
    });
  } else {
    double *pp = p->data<double>(), *mm = m->data<double>(), *vv = v->data<double>();
    double* xx = vmax ? vmax->data<double>() : nullptr;
    const double* gg = g->data<double>();
    chunked(n, [&](int64_t b, int64_t e) {
      adam_f64(pp + b, gg + b, mm + b, vv + b, xx ? xx + b : nullptr, e - b, s);
    });
  }
  return Value::boolean(true);
}

}  // namespace

void register_optim(Registrar& r) {
  r.function("_kiln_sgd_update_", sgd_update);
  r.function("_kiln_adam_update_", adam_update);
}

}  // namespace kiln::torch
