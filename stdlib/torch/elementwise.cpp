// stdlib/torch/elementwise.cpp — pointwise kernels (see elementwise.h).
//
// One templated loop per arity. The op's expression (from the .def lists)
// is inlined into the innermost loop, which is specialised for the layouts
// that matter: every operand contiguous, and one operand a broadcast
// scalar (stride 0). Those loops vectorise for the cheap ops; the general
// strided loop handles views. Float32 exp, log, tanh, sigmoid, expm1 and
// log1p run vmath.h's vectorisable functions in row kernels compiled for
// x86-64-v3 (AVX2 + FMA) and the baseline.

#include "stdlib/torch/elementwise.h"

#include <cmath>
#include <cstring>
#include <string_view>
#include <limits>
#include <type_traits>

#include "stdlib/torch/tensor_iter.h"
#include "stdlib/torch/vmath.h"

namespace kiln::torch {

namespace {

// ---------------------------------------------------------------- helpers used by the .def expressions
template <class T> inline T absval(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::fabs(x);
  else if constexpr (std::is_same_v<T, bool>) return x;
  else return x < 0 ? T(-x) : x;
}
template <class T> inline T floor_of(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::floor(x);
  else return x;
}
template <class T> inline T ceil_of(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::ceil(x);
  else return x;
}
template <class T> inline T trunc_of(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::trunc(x);
  else return x;
}
template <class T> inline T round_half_even(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::nearbyint(x);  // default rounding mode: half to even
  else return x;
}
template <class T> inline T sign_of(T x) {
  if constexpr (std::is_same_v<T, bool>) return x;
  else return T((T(0) < x) - (x < T(0)));
}
template <class T> inline T bits_not(T x) {
  if constexpr (std::is_same_v<T, bool>) return !x;
  else if constexpr (std::is_integral_v<T>) return T(~x);
  else return x;  // not reached: float rejected before the loop
}
template <class T> inline bool truth(T x) { return x != T(0); }
template <class T> inline bool is_inf(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::isinf(x);
  else return false;
}
template <class T> inline bool is_finite(T x) {
  if constexpr (std::is_floating_point_v<T>) return std::isfinite(x);
  else return true;
}
[[noreturn]] void zero_division() { runtime_error("ZeroDivisionError"); }
template <class T> inline T div_trunc(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return std::trunc(a / b);
  else if constexpr (std::is_same_v<T, bool>) {
    if (!b) zero_division();
    return a;
  } else {
    if (b == 0) zero_division();
    if (b == -1) return T(0) - a;  // avoids the INT_MIN / -1 trap
    return T(a / b);
  }
}
template <class T> inline T div_floor(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    // Python's float floor division (PyTorch's div_floor_floating).
    if (b == 0) return a / b;
    T mod = std::fmod(a, b);
    T div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) div -= T(1);
    T floordiv;
    if (div != 0) {
      floordiv = std::floor(div);
      if (div - floordiv > T(0.5)) floordiv += T(1);
    } else {
      floordiv = std::copysign(T(0), a / b);
    }
    return floordiv;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!b) zero_division();
    return a;
  } else {
    if (b == 0) zero_division();
    if (b == -1) return T(0) - a;
    T q = T(a / b);
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  }
}
template <class T> inline T py_mod(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    T m = std::fmod(a, b);
    if (m != 0 && ((b < 0) != (m < 0))) m += b;
    return m;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!b) zero_division();
    return false;
  } else {
    if (b == 0) zero_division();
    if (b == -1) return 0;
    T m = T(a % b);
    if (m != 0 && ((b < 0) != (m < 0))) m = T(m + b);
    return m;
  }
}
// C's fmod (torch.fmod): the remainder takes the dividend's sign.
template <class T> inline T c_fmod(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return std::fmod(a, b);
  else if constexpr (std::is_same_v<T, bool>) {
    if (!b) zero_division();
    return false;
  } else {
    if (b == 0) zero_division();
    if (b == -1) return 0;
    return T(a % b);
  }
}
template <class T> inline T power(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return std::pow(a, b);
  else if constexpr (std::is_same_v<T, bool>) return a || !b;
  else {
    if (b < 0) {
      // PyTorch's integer pow with a tensor exponent: 1 and -1 have exact
      // powers, every other base truncates to 0 (0 ** -1 too, no error).
      if (a == 1) return 1;
      if (a == -1) return (b & 1) ? -1 : 1;
      return 0;
    }
    using U = std::make_unsigned_t<T>;
    U result = 1, base = U(a);
    for (T e = b; e; e >>= 1) {
      if (e & 1) result *= base;
      base *= base;
    }
    return T(result);
  }
}
// pow(Tensor, Scalar) (binary() routes pow with a number exponent here),
// as PyTorch's pow_tensor_scalar_kernel computes floating dtypes: exponent
// 0.5 is sqrt, -0.5 rsqrt, -1 reciprocal, 2 x*x, 3 x*x*x, -2 1/(x*x), others
// std::pow. (So (-0.0) ** 0.5 is -0.0 and (-inf) ** 0.5 NaN, as sqrt
// gives; x ** 3 rounds twice. PyTorch compares 0.5, -0.5 and -1 with the
// exponent before converting it to the dtype, Kiln after: they differ only
// for an exponent within rounding of those.)
template <class T> inline T power_scalar(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (b == T(0.5)) return std::sqrt(a);
    if (b == T(-0.5)) return T(1) / std::sqrt(a);
    if (b == T(-1)) return T(1) / a;
    if (b == T(2)) return a * a;
    if (b == T(3)) return a * a * a;
    if (b == T(-2)) return T(1) / (a * a);
  } else if constexpr (!std::is_same_v<T, bool>) {
    // A negative number exponent of an integer tensor is refused whatever
    // the base (PyTorch checks the exponent first).
    if (b < 0) runtime_error("Integers to negative integer powers are not allowed.");
  }
  return power(a, b);
}
template <class T> inline T max_nan(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a || b != b) return std::numeric_limits<T>::quiet_NaN();
  }
  return a > b ? a : b;
}
template <class T> inline T clamp_lo_t(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a || b != b) return std::numeric_limits<T>::quiet_NaN();
  }
  return a < b ? b : a;
}
template <class T> inline T clamp_hi_t(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a || b != b) return std::numeric_limits<T>::quiet_NaN();
  }
  return b < a ? b : a;
}
template <class T> inline T min_nan(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a || b != b) return std::numeric_limits<T>::quiet_NaN();
  }
  return a < b ? a : b;
}
template <class T> inline T shift_left(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    if (b < 0 || b >= T(sizeof(T) * 8)) return 0;
    return T(U(a) << b);
  } else return a;
}
template <class T> inline T shift_right(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if (b < 0 || b >= T(sizeof(T) * 8)) return a < 0 ? T(-1) : T(0);
    return T(a >> b);
  } else return a;
}

// ---------------------------------------------------------------- op tables
enum class UKind { Float, Same, NoBool, Pred, Square, Bits };
enum class BKind { Arith, TrueDiv, Compare, Logical, Bits };

constexpr UKind kUnaryKind[] = {
#define UNARY(name, kind, expr) UKind::kind,
#include "stdlib/torch/unary_ops.def"
#undef UNARY
};
constexpr const char* kUnaryNames[] = {
#define UNARY(name, kind, expr) #name,
#include "stdlib/torch/unary_ops.def"
#undef UNARY
};
constexpr BKind kBinaryKind[] = {
#define BINARY(name, kind, expr) BKind::kind,
#include "stdlib/torch/binary_ops.def"
#undef BINARY
};
constexpr const char* kBinaryNames[] = {
#define BINARY(name, kind, expr) #name,
#include "stdlib/torch/binary_ops.def"
#undef BINARY
};

// Functors: Unary<op>::apply<T>(x), Binary<op>::apply<T>(a, b).
template <UnaryOp op> struct Unary;
#define UNARY(name, kind, expr)                            \
  template <> struct Unary<UnaryOp::name> {                \
    template <class T> static inline auto apply(T x) { return expr; } \
  };
#include "stdlib/torch/unary_ops.def"
#undef UNARY
template <BinaryOp op> struct Binary;
#define BINARY(name, kind, expr)                                   \
  template <> struct Binary<BinaryOp::name> {                      \
    template <class T> static inline auto apply(T a, T b) { return expr; } \
  };
#include "stdlib/torch/binary_ops.def"
#undef BINARY

// ---------------------------------------------------------------- loops
// Runs inner(ptrs, byte_strides, n) over rows of out and in (Out and In are
// the element types): one call for a small flat tensor, else StridedLoop.
template <class Out, class In, class Inner>
void unary_rows(const Tensor& out, const Tensor& in, const Inner& inner) {
  // Small and flat (the common case of per-op overhead): one inner call.
  const int64_t numel = out.numel();
  if (numel == 0) return;
  if (numel < 2 * kParallelGrain) {
    int64_t s0 = flat_byte_stride(out.sizes, out.strides, sizeof(Out));
    int64_t s1 = flat_byte_stride(out.sizes, in.strides, sizeof(In));
    if (s0 > 0 && s1 >= 0) {
      inner({out.data_bytes(), in.data_bytes()}, {s0, s1}, numel);
      return;
    }
  }
  StridedLoop<2> loop(out.sizes, {out.data_bytes(), in.data_bytes()}, {out.strides, in.strides},
                      {int64_t(sizeof(Out)), int64_t(sizeof(In))});
  loop.run(inner);
}

// out[i] = f(in[i]).
template <class Out, class In, class F>
void unary_loop(const Tensor& out, const Tensor& in, F f) {
  unary_rows<Out, In>(out, in, [&](std::array<char*, 2> p, const std::array<int64_t, 2>& st, int64_t n) {
    if (st[0] == sizeof(Out) && st[1] == sizeof(In)) {
      Out* __restrict o = reinterpret_cast<Out*>(p[0]);
      const In* __restrict a = reinterpret_cast<const In*>(p[1]);
      for (int64_t k = 0; k < n; ++k) o[k] = Out(f(a[k]));
    } else {
      for (int64_t k = 0; k < n; ++k)
        *reinterpret_cast<Out*>(p[0] + k * st[0]) = Out(f(*reinterpret_cast<const In*>(p[1] + k * st[1])));
    }
  });
}

// Float32 rows of the vmath ops (exp, log, tanh, sigmoid...): one
// out-of-line kernel per op, compiled for x86-64-v3 (AVX2 + FMA) and for baseline x86-64 and
// picked at load time (the build has no -march). The expression is the
// op's own (Unary<op>::apply), and its contiguous loop vectorises (this file
// is compiled with -fno-trapping-math so that GCC if-converts vmath's
// selects); the strided loop and the tail run the same arithmetic, so every
// layout gives the same bits.
#define KILN_VEC_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
using RowF32 = void (*)(char* o, const char* a, int64_t n, int64_t so, int64_t sa);
#define KILN_VMATH_OPS(X) X(exp) X(log) X(log1p) X(expm1) X(tanh) X(sigmoid)
#define KILN_ROW_F32(name)                                                                               \
  KILN_VEC_CLONES void row_f32_##name(char* o, const char* a, int64_t n, int64_t so, int64_t sa) {        \
    if (so == sizeof(float) && sa == sizeof(float)) {                                                     \
      float* __restrict out = reinterpret_cast<float*>(o);                                                \
      const float* __restrict in = reinterpret_cast<const float*>(a);                                     \
      for (int64_t k = 0; k < n; ++k) out[k] = Unary<UnaryOp::name>::apply(in[k]);                       \
    } else {                                                                                              \
      for (int64_t k = 0; k < n; ++k)                                                                     \
        *reinterpret_cast<float*>(o + k * so) = Unary<UnaryOp::name>::apply(*reinterpret_cast<const float*>(a + k * sa)); \
    }                                                                                                     \
  }
KILN_VMATH_OPS(KILN_ROW_F32)
#undef KILN_ROW_F32

RowF32 row_f32(UnaryOp op) {
  switch (op) {
#define KILN_ROW_CASE(name) \
  case UnaryOp::name: return row_f32_##name;
    KILN_VMATH_OPS(KILN_ROW_CASE)
#undef KILN_ROW_CASE
    default: return nullptr;
  }
}

// out[i] = f(a[i], b[i]); a scalar operand is a pointer with stride 0.
template <class Out, class T, class F>
void binary_loop(const Tensor& out, char* pa, const Shape& sa, char* pb, const Shape& sb, F f) {
  auto inner = [&](std::array<char*, 3> p, const std::array<int64_t, 3>& st, int64_t n) {
    Out* __restrict o = reinterpret_cast<Out*>(p[0]);
    const T* __restrict a = reinterpret_cast<const T*>(p[1]);
    const T* __restrict b = reinterpret_cast<const T*>(p[2]);
    if (st[0] == sizeof(Out)) {
      if (st[1] == sizeof(T) && st[2] == sizeof(T)) {
        for (int64_t k = 0; k < n; ++k) o[k] = Out(f(a[k], b[k]));
        return;
      }
      if (st[1] == sizeof(T) && st[2] == 0) {
        const T bv = *b;
        for (int64_t k = 0; k < n; ++k) o[k] = Out(f(a[k], bv));
        return;
      }
      if (st[1] == 0 && st[2] == sizeof(T)) {
        const T av = *a;
        for (int64_t k = 0; k < n; ++k) o[k] = Out(f(av, b[k]));
        return;
      }
    }
    for (int64_t k = 0; k < n; ++k)
      *reinterpret_cast<Out*>(p[0] + k * st[0]) =
          Out(f(*reinterpret_cast<const T*>(p[1] + k * st[1]), *reinterpret_cast<const T*>(p[2] + k * st[2])));
  };
  // Small and flat (the common case of per-op overhead): one inner call.
  const int64_t numel = out.numel();
  if (numel == 0) return;
  if (numel < 2 * kParallelGrain) {
    int64_t s0 = flat_byte_stride(out.sizes, out.strides, sizeof(Out));
    int64_t s1 = flat_byte_stride(out.sizes, sa, sizeof(T));
    int64_t s2 = flat_byte_stride(out.sizes, sb, sizeof(T));
    if (s0 > 0 && s1 >= 0 && s2 >= 0) {
      inner({out.data_bytes(), pa, pb}, {s0, s1, s2}, numel);
      return;
    }
  }
  StridedLoop<3> loop(out.sizes, {out.data_bytes(), pa, pb}, {out.strides, sa, sb},
                      {int64_t(sizeof(Out)), int64_t(sizeof(T)), int64_t(sizeof(T))});
  loop.run(inner);
}

[[noreturn]] void not_implemented_for(const char* op, DType d) {
  runtime_error("\"{}_cpu\" not implemented for '{}'", op, dtype_short_name(d));
}

// Checks an op's dtype restrictions; returns the dtype it computes in.
DType unary_compute_dtype(UnaryOp op, DType in) {
  switch (kUnaryKind[int(op)]) {
    case UKind::Float: return is_floating(in) ? in : kDefaultFloat;
    case UKind::Same:
    case UKind::Pred: return in;
    case UKind::Square: return in == DType::Bool ? DType::Int64 : in;
    case UKind::NoBool:
      if (in == DType::Bool) {
        if (op == UnaryOp::neg)
          runtime_error("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
        if (op == UnaryOp::relu) runtime_error("Boolean inputs not supported for relu");
        not_implemented_for(op == UnaryOp::trunc ? "trunc_vml" : op_name(op), in);
      }
      return in;
    case UKind::Bits:
      if (is_floating(in)) not_implemented_for(op_name(op), in);
      return in;
  }
  return in;
}

template <UnaryOp op>
void run_unary(const Tensor& out, const Tensor& in) {
  constexpr UKind kind = kUnaryKind[int(op)];
  dispatch_dtype(in.dtype, [&](auto z) {
    using T = decltype(z);
    // Only the instantiations the dtype checks let through are compiled.
    if constexpr (kind == UKind::Float && !std::is_floating_point_v<T>) {
      runtime_error("internal error: {} on {}", op_name(op), dtype_name(in.dtype));
    } else if constexpr (kind == UKind::Bits && std::is_floating_point_v<T>) {
      runtime_error("internal error: {} on {}", op_name(op), dtype_name(in.dtype));
    } else {
      using O = std::conditional_t<kind == UKind::Pred, bool, T>;
      if constexpr (std::is_same_v<T, float> && std::is_same_v<O, float>) {
        if (RowF32 row = row_f32(op)) {
          unary_rows<float, float>(out, in, [row](std::array<char*, 2> p, const std::array<int64_t, 2>& st, int64_t n) {
            row(p[0], p[1], n, st[0], st[1]);
          });
          return;
        }
      }
      unary_loop<O, T>(out, in, [](T x) { return Unary<op>::apply(x); });
    }
  });
}

void unary_into(UnaryOp op, const Tensor& out, const Tensor& in) {
  switch (op) {
#define UNARY(name, kind, expr)                 \
  case UnaryOp::name:                           \
    run_unary<UnaryOp::name>(out, in);          \
    break;
#include "stdlib/torch/unary_ops.def"
#undef UNARY
  }
}

// ---------------------------------------------------------------- binary
struct Prepared {
  Tensor holder_a, holder_b;           // converted copies, when needed
  char* pa = nullptr;
  char* pb = nullptr;
  Shape sa, sb;
  alignas(8) char scalar_a[8], scalar_b[8];
};

// Points p at operand x converted to `dt` and broadcast to `shape`.
void prepare(const Operand& x, DType dt, const Shape& shape, Tensor& holder, char*& p, Shape& st, char* scalar_buf) {
  if (x.is_scalar()) {
    dispatch_dtype(dt, [&](auto z) {
      using T = decltype(z);
      T v = x.scalar.to<T>();
      std::memcpy(scalar_buf, &v, sizeof(T));
    });
    p = scalar_buf;
    st = Shape();
    st.n = shape.n;
    for (int i = 0; i < shape.n; ++i) st[i] = 0;
    return;
  }
  holder = expand_to(to_dtype(*x.tensor, dt), shape);
  p = holder.data_bytes();
  st = holder.strides;
}

Shape operand_shape(const Operand& x) { return x.is_scalar() ? Shape() : x.tensor->sizes; }

// Dtype checks of binary ops (PyTorch's messages); returns the compute dtype.
DType binary_compute_dtype(BinaryOp op, const Operand& a, const Operand& b, DType result) {
  auto is_bool = [](const Operand& x) {
    return x.is_scalar() ? x.scalar.kind == Category::Bool : x.tensor->dtype == DType::Bool;
  };
  switch (kBinaryKind[int(op)]) {
    case BKind::Arith:
      if (op == BinaryOp::sub && (is_bool(a) || is_bool(b))) {
        if (is_bool(a) && is_bool(b))
          runtime_error("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.");
        runtime_error("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
      }
      return result;
    case BKind::TrueDiv: return is_floating(result) ? result : kDefaultFloat;
    case BKind::Compare:
    case BKind::Logical: return result;
    case BKind::Bits:
      if (is_floating(result)) not_implemented_for(op_name(op) == std::string_view("lshift") ? "lshift" : op_name(op), result);
      return result;
  }
  return result;
}

template <BinaryOp op>
void run_binary(const Tensor& out, DType compute, Prepared& pr) {
  constexpr BKind kind = kBinaryKind[int(op)];
  dispatch_dtype(compute, [&](auto z) {
    using T = decltype(z);
    if constexpr ((kind == BKind::Bits && std::is_floating_point_v<T>) ||
                  (kind == BKind::TrueDiv && !std::is_floating_point_v<T>)) {
      runtime_error("internal error: {} on {}", op_name(op), dtype_name(compute));
    } else {
      using O = std::conditional_t<kind == BKind::Compare || kind == BKind::Logical, bool, T>;
      binary_loop<O, T>(out, pr.pa, pr.sa, pr.pb, pr.sb, [](T a, T b) { return Binary<op>::apply(a, b); });
    }
  });
}

void binary_into(BinaryOp op, const Tensor& out, DType compute, Prepared& pr) {
  switch (op) {
#define BINARY(name, kind, expr)                       \
  case BinaryOp::name:                                 \
    run_binary<BinaryOp::name>(out, compute, pr);      \
    break;
#include "stdlib/torch/binary_ops.def"
#undef BINARY
  }
}

DType binary_out_dtype(BinaryOp op, DType compute) {
  BKind k = kBinaryKind[int(op)];
  return (k == BKind::Compare || k == BKind::Logical) ? DType::Bool : compute;
}

bool can_cast(DType from, DType to) { return category(from) <= category(to); }

}  // namespace

const char* op_name(UnaryOp op) { return kUnaryNames[int(op)]; }
const char* op_name(BinaryOp op) { return kBinaryNames[int(op)]; }

// ---------------------------------------------------------------- flat float32 rows
bool unary_row_f32_ok(UnaryOp op) {
  UKind k = kUnaryKind[int(op)];
  return k == UKind::Float || k == UKind::Same || k == UKind::NoBool || k == UKind::Square;
}

void unary_row_f32(UnaryOp op, float* out, const float* a, int64_t n) {
  if (RowF32 row = row_f32(op)) {
    row(reinterpret_cast<char*>(out), reinterpret_cast<const char*>(a), n, sizeof(float), sizeof(float));
    return;
  }
  switch (op) {
#define UNARY(name, kind, expr)                                                           \
  case UnaryOp::name:                                                                     \
    if constexpr (UKind::kind != UKind::Pred && UKind::kind != UKind::Bits)                \
      for (int64_t k = 0; k < n; ++k) out[k] = float(Unary<UnaryOp::name>::apply(a[k]));  \
    break;
#include "stdlib/torch/unary_ops.def"
#undef UNARY
  }
}

bool unary_pred_f32_ok(UnaryOp op) { return kUnaryKind[int(op)] == UKind::Pred; }

namespace {
// The predicate's eager expression (templates: the other ops' expressions
// need not compile for float).
template <UnaryOp op> bool unary_pred(float x) {
  if constexpr (kUnaryKind[int(op)] == UKind::Pred) return bool(Unary<op>::apply(x));
  else return false;
}
template <BinaryOp op> bool binary_pred(float a, float b) {
  if constexpr (kBinaryKind[int(op)] == BKind::Compare || kBinaryKind[int(op)] == BKind::Logical)
    return bool(Binary<op>::apply(a, b));
  else return false;
}
}  // namespace

bool unary_pred_f32(UnaryOp op, float x) {
  switch (op) {
#define UNARY(name, kind, expr) \
  case UnaryOp::name: return unary_pred<UnaryOp::name>(x);
#include "stdlib/torch/unary_ops.def"
#undef UNARY
  }
  return false;
}

bool binary_pred_f32_ok(BinaryOp op) {
  BKind k = kBinaryKind[int(op)];
  return k == BKind::Compare || k == BKind::Logical;
}

bool binary_pred_f32(BinaryOp op, float a, float b) {
  switch (op) {
#define BINARY(name, kind, expr) \
  case BinaryOp::name: return binary_pred<BinaryOp::name>(a, b);
#include "stdlib/torch/binary_ops.def"
#undef BINARY
  }
  return false;
}

bool binary_row_f32_ok(BinaryOp op) {
  BKind k = kBinaryKind[int(op)];
  return k == BKind::Arith || k == BKind::TrueDiv;
}

namespace {
template <BinaryOp op>
void binary_row(float* __restrict o, const float* __restrict a, int a_step, const float* __restrict b, int b_step,
                int64_t n) {
  // The three contiguous loops of binary_loop, with the same arithmetic.
  if (a_step && b_step) {
    for (int64_t k = 0; k < n; ++k) o[k] = float(Binary<op>::apply(a[k], b[k]));
  } else if (a_step) {
    const float bv = *b;
    for (int64_t k = 0; k < n; ++k) o[k] = float(Binary<op>::apply(a[k], bv));
  } else if (b_step) {
    const float av = *a;
    for (int64_t k = 0; k < n; ++k) o[k] = float(Binary<op>::apply(av, b[k]));
  } else {
    const float v = float(Binary<op>::apply(*a, *b));
    for (int64_t k = 0; k < n; ++k) o[k] = v;
  }
}
}  // namespace

void binary_row_f32(BinaryOp op, float* out, const float* a, int a_step, const float* b, int b_step, int64_t n) {
  switch (op) {
#define BINARY(name, kind, expr)                                                   \
  case BinaryOp::name:                                                             \
    if constexpr (BKind::kind == BKind::Arith || BKind::kind == BKind::TrueDiv)     \
      binary_row<BinaryOp::name>(out, a, a_step, b, b_step, n);                    \
    break;
#include "stdlib/torch/binary_ops.def"
#undef BINARY
  }
}

DType unary_result_dtype(UnaryOp op, DType in) {
  DType compute = unary_compute_dtype(op, in);
  return kUnaryKind[int(op)] == UKind::Pred ? DType::Bool : compute;
}

DType binary_result_dtype(BinaryOp op, const Operand& a, const Operand& b) {
  if (op == BinaryOp::pow && b.is_scalar() && !a.is_scalar()) op = BinaryOp::pow_scalar;
  return binary_out_dtype(op, binary_compute_dtype(op, a, b, result_type(a, b)));
}

Tensor unary(UnaryOp op, const Tensor& x) {
  if (is_meta(x)) return unary_meta(op, x);
  DType compute = unary_compute_dtype(op, x.dtype);
  Tensor in = to_dtype(x, compute);
  Tensor out = empty(x.sizes, kUnaryKind[int(op)] == UKind::Pred ? DType::Bool : compute);
  unary_into(op, out, in);
  return out;
}

namespace {
// unary_inplace's checks; the result dtype.
DType unary_inplace_check(UnaryOp op, const Tensor& x) {
  check_no_internal_overlap(x);
  DType compute = unary_compute_dtype(op, x.dtype);
  DType result = kUnaryKind[int(op)] == UKind::Pred ? DType::Bool : compute;
  if (!can_cast(result, x.dtype))
    runtime_error("result type {} can't be cast to the desired output type {}", dtype_short_name(result),
                  dtype_short_name(x.dtype));
  return result;
}
}  // namespace

void unary_inplace(UnaryOp op, const Tensor& x) {
  DType result = unary_inplace_check(op, x);
  bump_version(x);  // (after the checks: an op that raises writes nothing)
  if (is_meta(x)) return;
  DType compute = unary_compute_dtype(op, x.dtype);
  if (result == x.dtype && compute == x.dtype) {
    unary_into(op, x, x);
    return;
  }
  Tensor tmp = unary(op, x);
  copy_values(x, tmp);
}

DType result_type(const Operand& a, const Operand& b) {
  ResultTypeState st;
  for (const Operand* x : {&a, &b}) {
    if (x->is_scalar()) st.add_scalar(x->scalar.kind);
    else st.add_tensor(x->tensor->dtype, x->tensor->dim());
  }
  return st.result();
}

// The common per-op case, `tensor op scalar` or `tensor op tensor` with one
// dtype (and, for two tensors, one shape), skips the promotion state and
// the operand holders: the result dtype is the tensor's (a scalar of no
// higher category never changes it, whatever the tensors' dims), and the
// tensors are read in place.
namespace {
bool binary_fast(BinaryOp op, const Operand& a, const Operand& b, Tensor* result) {
  const Operand& t = a.is_scalar() ? b : a;
  const Operand& o = a.is_scalar() ? a : b;
  if (t.is_scalar()) return false;
  const Tensor& x = *t.tensor;
  if (o.is_scalar() ? o.scalar.kind > category(x.dtype) : (o.tensor->dtype != x.dtype || !(o.tensor->sizes == x.sizes)))
    return false;
  DType compute = binary_compute_dtype(op, a, b, x.dtype);
  if (compute != x.dtype) return false;
  Tensor out = empty(x.sizes, binary_out_dtype(op, compute));
  Prepared pr;
  auto place = [&](const Operand& v, char*& p, Shape& st, char* buf) {
    if (v.is_scalar()) {
      prepare(v, compute, x.sizes, pr.holder_a, p, st, buf);  // no holder used for a scalar
    } else {
      p = v.tensor->data_bytes();
      st = v.tensor->strides;
    }
  };
  place(a, pr.pa, pr.sa, pr.scalar_a);
  place(b, pr.pb, pr.sb, pr.scalar_b);
  binary_into(op, out, compute, pr);
  *result = std::move(out);
  return true;
}
}  // namespace

Tensor binary(BinaryOp op, const Operand& a, const Operand& b) {
  if ((!a.is_scalar() && is_meta(*a.tensor)) || (!b.is_scalar() && is_meta(*b.tensor))) return binary_meta(op, a, b);
  if (op == BinaryOp::pow && b.is_scalar() && !a.is_scalar()) op = BinaryOp::pow_scalar;
  Tensor fast;
  if (binary_fast(op, a, b, &fast)) return fast;
  DType result = result_type(a, b);
  DType compute = binary_compute_dtype(op, a, b, result);
  Shape shape = broadcast_shapes(operand_shape(a), operand_shape(b));
  Tensor out = empty(shape, binary_out_dtype(op, compute));
  Prepared pr;
  prepare(a, compute, shape, pr.holder_a, pr.pa, pr.sa, pr.scalar_a);
  prepare(b, compute, shape, pr.holder_b, pr.pb, pr.sb, pr.scalar_b);
  binary_into(op, out, compute, pr);
  return out;
}

namespace {
// binary_inplace's checks; the compute and result dtypes.
void binary_inplace_check(BinaryOp op, const Tensor& self, const Operand& other, DType* compute_out, DType* out_out) {
  check_no_internal_overlap(self);
  if (!other.is_scalar()) check_no_partial_overlap(self, *other.tensor);
  Operand a(self);
  DType result = result_type(a, other);
  DType compute = binary_compute_dtype(op, a, other, result);
  DType out_dtype = binary_out_dtype(op, compute);
  if (!can_cast(out_dtype, self.dtype))
    runtime_error("result type {} can't be cast to the desired output type {}", dtype_short_name(out_dtype),
                  dtype_short_name(self.dtype));
  Shape shape = broadcast_shapes(self.sizes, operand_shape(other));
  if (!(shape == self.sizes))
    runtime_error("output with shape {} doesn't match the broadcast shape {}", self.sizes.str(), shape.str());
  *compute_out = compute;
  *out_out = out_dtype;
}
}  // namespace

void binary_inplace(BinaryOp op, const Tensor& self, const Operand& other) {
  if (op == BinaryOp::pow && other.is_scalar()) op = BinaryOp::pow_scalar;
  DType compute, out_dtype;
  binary_inplace_check(op, self, other, &compute, &out_dtype);
  bump_version(self);  // (after the checks: an op that raises writes nothing)
  if (is_meta(self) || (!other.is_scalar() && is_meta(*other.tensor))) return;
  Operand a(self);
  const Shape& shape = self.sizes;
  Prepared pr;
  prepare(a, compute, shape, pr.holder_a, pr.pa, pr.sa, pr.scalar_a);
  prepare(other, compute, shape, pr.holder_b, pr.pb, pr.sb, pr.scalar_b);
  if (out_dtype == self.dtype) {
    binary_into(op, self, compute, pr);
  } else {
    Tensor tmp = empty(shape, out_dtype);
    binary_into(op, tmp, compute, pr);
    copy_values(self, tmp);
  }
}

namespace {
// (alpha=True still goes through the checks of scaled_by_alpha.)
bool alpha_is_one(Scalar s) { return s.kind != Category::Bool && s.to_double() == 1.0; }

// alpha * b for `a + alpha * b`, after PyTorch's alpha checks: a scalar b is
// scaled by value; a tensor b is scaled in the result dtype into `holder`.
DType alpha_check(const Operand& a, const Operand& b, Scalar alpha) {
  DType r = result_type(a, b);
  if (alpha.kind == Category::Float && !is_floating(r))
    runtime_error("For integral input tensors, argument alpha must not be a floating point number.");
  if (alpha.kind == Category::Bool && r != DType::Bool) runtime_error("Boolean alpha only supported for Boolean results.");
  return r;
}
Operand scaled_by_alpha(const Operand& a, const Operand& b, Scalar alpha, Tensor* holder) {
  DType r = alpha_check(a, b, alpha);
  if (b.is_scalar()) {
    const Scalar& s = b.scalar;
    if (s.kind == Category::Float || alpha.kind == Category::Float) return Operand(Scalar::from_double(s.to_double() * alpha.to_double()));
    return Operand(Scalar::from_int(s.to_int() * alpha.to_int()));  // a bool times an int alpha is an int
  }
  *holder = to_dtype(binary(BinaryOp::mul, Operand(to_dtype(*b.tensor, r)), Operand(alpha)), r);
  return Operand(*holder);
}
}  // namespace

namespace {
// out = a + alpha * b in one pass when all three are contiguous float tensors
// of one shape and dtype (an optimizer's update, p.add_(g, alpha=-lr)); the
// rounding is the two-op form's (the build does not contract to FMA).
bool add_scaled_fast(const Tensor& out, const Operand& a, const Operand& b, double alpha) {
  if (a.is_scalar() || b.is_scalar()) return false;
  const Tensor &x = *a.tensor, &y = *b.tensor;
  if (!is_floating(x.dtype) || x.dtype != y.dtype || out.dtype != x.dtype || !(x.sizes == y.sizes) ||
      !(out.sizes == x.sizes) || !x.is_contiguous() || !y.is_contiguous() || !out.is_contiguous())
    return false;
  auto run = [&](auto z) {
    using T = decltype(z);
    T* o = out.data<T>();
    const T* p = x.data<T>();
    const T* q = y.data<T>();
    T s = T(alpha);
    parallel_range(x.numel(), kParallelGrain, [&](int64_t lo, int64_t hi) {
      for (int64_t i = lo; i < hi; ++i) o[i] = p[i] + s * q[i];
    });
  };
  if (x.dtype == DType::Float32) run(float{});
  else run(double{});
  return true;
}
}  // namespace

Tensor add(const Operand& a, const Operand& b, Scalar alpha, bool subtract) {
  if ((!a.is_scalar() && is_meta(*a.tensor)) || (!b.is_scalar() && is_meta(*b.tensor))) return add_meta(a, b, alpha, subtract);
  BinaryOp op = subtract ? BinaryOp::sub : BinaryOp::add;
  if (alpha_is_one(alpha)) return binary(op, a, b);
  if (alpha.kind != Category::Bool && !a.is_scalar() && !b.is_scalar() && a.tensor->dtype == b.tensor->dtype &&
      is_floating(a.tensor->dtype) && a.tensor->sizes == b.tensor->sizes) {
    Tensor out = empty(a.tensor->sizes, a.tensor->dtype);
    if (add_scaled_fast(out, a, b, subtract ? -alpha.to_double() : alpha.to_double())) return out;
  }
  Tensor holder;
  return binary(op, a, scaled_by_alpha(a, b, alpha, &holder));
}

void add_inplace(const Tensor& self, const Operand& b, Scalar alpha, bool subtract) {
  if (is_meta(self) || (!b.is_scalar() && is_meta(*b.tensor))) return add_inplace_meta(self, b, alpha, subtract);
  BinaryOp op = subtract ? BinaryOp::sub : BinaryOp::add;
  if (alpha_is_one(alpha)) return binary_inplace(op, self, b);
  if (!b.is_scalar()) check_no_partial_overlap(self, *b.tensor);
  if (alpha.kind != Category::Bool && !b.is_scalar() && b.tensor->storage.get() != self.storage.get() &&
      add_scaled_fast(self, Operand(self), b, subtract ? -alpha.to_double() : alpha.to_double())) {
    bump_version(self);
    return;
  }
  Tensor holder;
  binary_inplace(op, self, scaled_by_alpha(Operand(self), b, alpha, &holder));
}

// ---------------------------------------------------------------- where, clamp, nan_to_num, fill
Tensor where(const Tensor& cond_in, const Operand& a, const Operand& b) {
  if (is_meta(cond_in) || (!a.is_scalar() && is_meta(*a.tensor)) || (!b.is_scalar() && is_meta(*b.tensor)))
    return where_meta(cond_in, a, b);
  if (cond_in.dtype != DType::Bool)
    runtime_error("where expected condition to be a boolean tensor, but got a tensor with dtype {}",
                  dtype_short_name(cond_in.dtype));
  DType r = result_type(a, b);
  Shape shape = broadcast_shapes(cond_in.sizes, broadcast_shapes(operand_shape(a), operand_shape(b)));
  Tensor out = empty(shape, r);
  Prepared pr;
  prepare(a, r, shape, pr.holder_a, pr.pa, pr.sa, pr.scalar_a);
  prepare(b, r, shape, pr.holder_b, pr.pb, pr.sb, pr.scalar_b);
  Tensor cond = expand_to(cond_in, shape);
  StridedLoop<4> loop(shape, {out.data_bytes(), cond.data_bytes(), pr.pa, pr.pb}, {out.strides, cond.strides, pr.sa, pr.sb},
                      {int64_t(itemsize(r)), 1, int64_t(itemsize(r)), int64_t(itemsize(r))});
  dispatch_dtype(r, [&](auto z) {
    using T = decltype(z);
    loop.run([](std::array<char*, 4> p, const std::array<int64_t, 4>& st, int64_t n) {
      for (int64_t k = 0; k < n; ++k) {
        bool c = *reinterpret_cast<const bool*>(p[1] + k * st[1]);
        *reinterpret_cast<T*>(p[0] + k * st[0]) =
            c ? *reinterpret_cast<const T*>(p[2] + k * st[2]) : *reinterpret_cast<const T*>(p[3] + k * st[3]);
      }
    });
  });
  return out;
}

namespace {
DType clamp_result(const Tensor& x, const std::optional<Operand>& lo, const std::optional<Operand>& hi) {
  if (!lo && !hi) runtime_error("torch.clamp: At least one of 'min' or 'max' must not be None");
  if (x.dtype == DType::Bool) not_implemented_for("clamp", x.dtype);
  ResultTypeState st;
  st.add_tensor(x.dtype, x.dim());
  for (const auto* o : {&lo, &hi}) {
    if (!*o) continue;
    if ((*o)->is_scalar()) st.add_scalar((*o)->scalar.kind);
    else st.add_tensor((*o)->tensor->dtype, (*o)->tensor->dim());
  }
  return st.result();
}
}  // namespace

// ---------------------------------------------------------------- meta functions
Tensor unary_meta(UnaryOp op, const Tensor& x) { return meta_tensor(x.sizes, unary_result_dtype(op, x.dtype)); }
void unary_inplace_meta(UnaryOp op, const Tensor& x) { unary_inplace_check(op, x); }
Tensor binary_meta(BinaryOp op, const Operand& a, const Operand& b) {
  return meta_tensor(broadcast_shapes(operand_shape(a), operand_shape(b)), binary_result_dtype(op, a, b));
}
void binary_inplace_meta(BinaryOp op, const Tensor& self, const Operand& other) {
  if (op == BinaryOp::pow && other.is_scalar()) op = BinaryOp::pow_scalar;
  DType compute, out_dtype;
  binary_inplace_check(op, self, other, &compute, &out_dtype);
}
namespace {
// b as add's kernel sees it after the alpha checks: a scalar, or a tensor
// of the result dtype.
Operand scaled_meta(const Operand& a, const Operand& b, Scalar alpha, Tensor* holder) {
  DType r = alpha_check(a, b, alpha);
  if (b.is_scalar()) {
    Tensor h;
    return scaled_by_alpha(a, b, alpha, &h);
  }
  *holder = meta_tensor(b.tensor->sizes, r);
  return Operand(*holder);
}
}  // namespace
Tensor add_meta(const Operand& a, const Operand& b, Scalar alpha, bool subtract) {
  BinaryOp op = subtract ? BinaryOp::sub : BinaryOp::add;
  if (alpha_is_one(alpha)) return binary_meta(op, a, b);
  Tensor holder;
  return binary_meta(op, a, scaled_meta(a, b, alpha, &holder));
}
void add_inplace_meta(const Tensor& self, const Operand& b, Scalar alpha, bool subtract) {
  BinaryOp op = subtract ? BinaryOp::sub : BinaryOp::add;
  if (alpha_is_one(alpha)) return binary_inplace_meta(op, self, b);
  if (!b.is_scalar()) check_no_partial_overlap(self, *b.tensor);
  Tensor holder;
  binary_inplace_meta(op, self, scaled_meta(Operand(self), b, alpha, &holder));
}
Tensor where_meta(const Tensor& cond, const Operand& a, const Operand& b) {
  if (cond.dtype != DType::Bool)
    runtime_error("where expected condition to be a boolean tensor, but got a tensor with dtype {}",
                  dtype_short_name(cond.dtype));
  return meta_tensor(broadcast_shapes(cond.sizes, broadcast_shapes(operand_shape(a), operand_shape(b))),
                     result_type(a, b));
}
Tensor clamp(const Tensor& x, const std::optional<Operand>& lo, const std::optional<Operand>& hi) {
  DType r = clamp_result(x, lo, hi);
  Tensor cur = to_dtype(x, r);
  // min(max(x, lo), hi) as PyTorch: a tie keeps x; a tensor bound's NaN
  // propagates, a number bound's does not (binary_ops.def).
  if (lo) cur = binary(lo->is_scalar() ? BinaryOp::clamp_lo_scalar : BinaryOp::clamp_lo, Operand(cur), *lo);
  if (hi) cur = binary(hi->is_scalar() ? BinaryOp::clamp_hi_scalar : BinaryOp::clamp_hi, Operand(cur), *hi);
  return to_dtype(cur, r);
}

void clamp_inplace(const Tensor& x, const std::optional<Operand>& lo, const std::optional<Operand>& hi) {
  DType r = clamp_result(x, lo, hi);
  if (!can_cast(r, x.dtype))
    runtime_error("result type {} can't be cast to the desired output type {}", dtype_short_name(r), dtype_short_name(x.dtype));
  Tensor c = clamp(x, lo, hi);
  bump_version(x);
  copy_values(x, c);
}

Tensor nan_to_num(const Tensor& x, double nan, std::optional<double> posinf, std::optional<double> neginf) {
  if (is_meta(x)) return meta_tensor(x.sizes, x.dtype);
  Tensor out = empty(x.sizes, x.dtype);
  if (!is_floating(x.dtype)) {
    copy_into(out, x);
    return out;
  }
  dispatch_dtype(x.dtype, [&](auto z) {
    using T = decltype(z);
    if constexpr (std::is_floating_point_v<T>) {
      T n = T(nan), pi = posinf ? T(*posinf) : std::numeric_limits<T>::max(),
        ni = neginf ? T(*neginf) : std::numeric_limits<T>::lowest();
      unary_loop<T, T>(out, x, [=](T v) { return v != v ? n : v == std::numeric_limits<T>::infinity() ? pi : v == -std::numeric_limits<T>::infinity() ? ni : v; });
    }
  });
  return out;
}

void check_scalar_fits(Scalar s, DType d, bool data_names) {
  const char* name = nullptr;
  bool ok = true;
  switch (d) {
    case DType::Bool:
    case DType::Float64: return;
    case DType::Float32:
      if (data_names) return;
      if (s.kind == Category::Float && std::isfinite(s.d) && std::fabs(s.d) > double(std::numeric_limits<float>::max())) ok = false;
      name = "float";
      break;
    case DType::Int32:
    case DType::Int64: {
      double lo = d == DType::Int32 ? -2147483648.0 : -9223372036854775808.0;
      double hi = d == DType::Int32 ? 2147483648.0 : 9223372036854775808.0;  // exclusive
      if (s.kind == Category::Float) ok = s.d >= lo && s.d < hi;  // false for NaN
      else if (s.kind == Category::Int && d == DType::Int32) ok = s.i >= INT32_MIN && s.i <= INT32_MAX;
      name = data_names ? dtype_name(d) : d == DType::Int32 ? "int" : "int64_t";
      break;
    }
  }
  if (!ok) runtime_error("value cannot be converted to type {} without overflow", name);
}

void fill(const Tensor& t, Scalar v) {
  check_scalar_fits(v, t.dtype);
  bump_version(t);
  if (is_meta(t)) return;  // (ops/meta.h: the checks only)
  dispatch_dtype(t.dtype, [&](auto z) {
    using T = decltype(z);
    T val = v.to<T>();
    auto inner = [=](std::array<char*, 1> p, const std::array<int64_t, 1>& st, int64_t n) {
      if (st[0] == sizeof(T)) {
        T* o = reinterpret_cast<T*>(p[0]);
        for (int64_t k = 0; k < n; ++k) o[k] = val;
      } else {
        for (int64_t k = 0; k < n; ++k) *reinterpret_cast<T*>(p[0] + k * st[0]) = val;
      }
    };
    // Small and contiguous (every fresh zeros/ones/full, 0-dim scalars): one call.
    const int64_t numel = t.numel();
    if (numel < 2 * kParallelGrain && flat_byte_stride(t.sizes, t.strides, sizeof(T)) > 0) {
      inner({t.data_bytes()}, {int64_t(sizeof(T))}, numel);
      return;
    }
    StridedLoop<1> loop(t.sizes, {t.data_bytes()}, {t.strides}, {int64_t(sizeof(T))});
    loop.run(inner);
  });
}

Tensor scalar_tensor(Scalar s) {
  // A wrapped Python number: no overflow check (1e300 becomes inf, as in PyTorch).
  DType d = s.kind == Category::Bool ? DType::Bool : s.kind == Category::Int ? DType::Int64 : kDefaultFloat;
  Tensor t = empty(Shape(), d);
  dispatch_dtype(d, [&](auto z) {
    using T = decltype(z);
    *t.data<T>() = s.to<T>();
  });
  return t;
}
Tensor scalar_tensor(Scalar s, DType d) {
  Tensor t = empty(Shape(), d);
  fill(t, s);
  return t;
}

}  // namespace kiln::torch
