// jit/asmjit_backend.cpp — see jit/asmjit_backend.h.
#include "jit/asmjit_backend.h"

#include <asmjit/x86.h>
#include <fmt/format.h>
#include <oneapi/tbb/parallel_for.h>

#include <bit>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "codegen/reference.h"
#include "codegen/row_plan.h"
#include "jit/column_runner.h"
#include "jit/row_runner.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/vmath.h"

namespace kiln::jit {

namespace {

using namespace asmjit;
using codegen::Kernel;
using codegen::KInstr;
using codegen::KOp;
using codegen::kop_name;
using torch::BinaryOp;
using torch::UnaryOp;

// The inline transcendentals whose eager sequences (stdlib/torch/vmath.h)
// hold fused multiply-adds.
bool needs_fma(UnaryOp op) {
  return op == UnaryOp::exp || op == UnaryOp::expm1 || op == UnaryOp::tanh || op == UnaryOp::sigmoid;
}

// KILN_ASMJIT_NO_FMA=1 makes the backend act as on a host without FMA (for
// the tests of that path).
bool host_has_fma() {
  if (const char* e = std::getenv("KILN_ASMJIT_NO_FMA"); e && *e && std::string(e) != "0") return false;
#if ASMJIT_ARCH_X86 == 64
  return CpuInfo::host().features().x86().hasFMA();
#else
  return false;
#endif
}

constexpr int64_t kChunk = 1 << 14;     // points per task of a one-row launch (a multiple of 8)
constexpr int64_t kStreamingBytes = int64_t(16) << 20;  // outputs from which stores bypass the caches

// kAsmjitZmmSpills: zmm virtual registers are made float-typed
// (newZmmPs / newZmmPd), never with newZmm(). asmjit (Debian's 2022-12
// snapshot) spills an integer-typed zmm with `vmovdqa32 [rsp + d], zmm`
// encoded with an uncompressed disp8 (EVEX scales it by 64): the store
// lands 64x too far up the stack, corrupting the caller's frame, and the
// reload reads garbage. Float-typed registers spill with vmovaps, which
// it encodes right. Kernels with more live values than registers spill
// (test_codegen.cpp: RegisterPressureSpillsCorrectly).

// vcmpps / vcmppd predicates.
constexpr uint32_t kCmpLtOq = 0x11, kCmpLeOq = 0x12, kCmpEqOq = 0x00, kCmpUnordQ = 0x03, kCmpGtOq = 0x1E, kCmpNleUq = 0x16,
                   kCmpNeqUq = 0x04, kCmpGeOq = 0x1D, kCmpNltUq = 0x15;

// The eager rows, for ops without an inline sequence: the kernel stores its
// lanes to the stack, calls the row (the eager kernel's own code, so the
// same bits) and loads the results back.
// The kernel's code leaves the upper halves of the vector registers dirty
// (VEX/EVEX instructions), and the rows may be SSE code (the build has no
// -march): every SSE instruction would then wait on a merge with the upper
// bits, making `sin` or `pow` of 16 lanes about 40 times slower than eager's
// (4 µs for 16 lanes). vzeroupper on entry clears them; the System V ABI
// makes every vector register caller-saved, so nothing live is lost.
inline void clear_upper_vector_state() { asm volatile("vzeroupper" ::: "memory"); }
void row_unary(int op, float* out, const float* a, int64_t n) {
  clear_upper_vector_state();
  torch::unary_row_f32(UnaryOp(op), out, a, n);
}
void row_binary(int op, float* out, const float* a, const float* b, int64_t n) {
  clear_upper_vector_state();
  torch::binary_row_f32(BinaryOp(op), out, a, 1, b, 1, n);
}

// Ops with an inline instruction sequence (the others call their row).
bool unary_inline(UnaryOp op) {
  switch (op) {
    case UnaryOp::neg:
    case UnaryOp::abs:
    case UnaryOp::relu:
    case UnaryOp::sqrt:
    case UnaryOp::rsqrt:
    case UnaryOp::reciprocal:
    case UnaryOp::square:
    case UnaryOp::floor:
    case UnaryOp::ceil:
    case UnaryOp::trunc:
    case UnaryOp::round:
    case UnaryOp::sign:
    case UnaryOp::exp:
    case UnaryOp::expm1:
    case UnaryOp::log:
    case UnaryOp::log1p:
    case UnaryOp::tanh:
    case UnaryOp::sigmoid:
    case UnaryOp::logical_not:
    case UnaryOp::isnan:
    case UnaryOp::isinf:
    case UnaryOp::isfinite: return true;
    default: return false;
  }
}

bool binary_inline(BinaryOp op) {
  switch (op) {
    case BinaryOp::add:
    case BinaryOp::sub:
    case BinaryOp::mul:
    case BinaryOp::div:
    case BinaryOp::maximum:
    case BinaryOp::minimum:
    case BinaryOp::eq:
    case BinaryOp::ne:
    case BinaryOp::lt:
    case BinaryOp::le:
    case BinaryOp::gt:
    case BinaryOp::ge:
    case BinaryOp::logical_and:
    case BinaryOp::logical_or:
    case BinaryOp::logical_xor: return true;
    default: return false;
  }
}

// Emits `copies` instances of one instruction sequence (emit(c) emits copy
// c; every copy emits the same instructions on its own registers) and
// interleaves them instruction by instruction: c0[0], c1[0], c0[1], ...
// The double-precision sequences are long dependency chains (Horner
// polynomials, a division); emitted one after the other, the core's
// scheduler sees one chain at a time and waits on its latencies, while
// interleaved copies fill those waits. When the copies differ in length or
// hold anything but plain instructions (a call of an eager row: its
// argument moves and stack slots), they are left one after the other.
template <class F>
void interleave(x86::Compiler& cc, int copies, F&& emit) {
  std::vector<std::vector<BaseNode*>> runs(static_cast<size_t>(copies));
  for (int c = 0; c < copies; c++) {
    BaseNode* before = cc.cursor();
    emit(c);
    for (BaseNode* n = before->next(); n && before != cc.cursor(); n = n->next()) {
      runs[size_t(c)].push_back(n);
      if (n == cc.cursor()) break;
    }
  }
  if (copies < 2 || runs[0].empty()) return;
  for (const auto& run : runs) {
    if (run.size() != runs[0].size()) return;
    for (BaseNode* n : run)
      if (n->type() != NodeType::kInst) return;
  }
  BaseNode* prev = runs[0][0];
  for (size_t j = 0; j < runs[0].size(); j++)
    for (size_t c = 0; c < runs.size(); c++) {
      BaseNode* n = runs[c][j];
      if (n == prev) continue;
      cc.removeNode(n);
      cc.addAfter(n, prev);
      prev = n;
    }
  cc.setCursor(prev);
}

// Emits one kernel body: float32 values in ymm registers (8 lanes, the
// vector loop) or xmm registers (the one-point loops use lane 0 only; the
// other lanes compute garbage that is never stored). The double-precision
// sequences work on 4 lanes: a ymm of floats is done as two halves.
class BodyEmitter {
 public:
  explicit BodyEmitter(x86::Compiler& cc) : cc_(cc) {}
  // Lanes of the float32 values being emitted: 16 (zmm, AVX-512F), 8 (ymm)
  // or 1 (lane 0 of an xmm).
  void set_lanes(int lanes) { lanes_ = lanes; }
  x86::Vec vec() {
    if (lanes_ == 16) return cc_.newZmmPs();  // never newZmm(): see kAsmjitZmmSpills
    if (lanes_ == 8) return cc_.newYmm();
    return cc_.newXmm();
  }

  // A 64-byte constant of equal lanes (sixteen floats or 32-bit integers,
  // eight doubles or 64-bit integers); narrower registers read its start.
  template <class T>
  x86::Mem splat(T v) {
    T a[64 / sizeof(T)];
    std::fill(a, a + 64 / sizeof(T), v);
    return cc_.newConst(ConstPoolScope::kLocal, a, sizeof a);
  }
  x86::Mem f32(float v) { return splat(v); }
  x86::Mem u32(uint32_t v) { return splat(v); }
  x86::Mem f64(double v) { return splat(v); }
  x86::Mem u64(uint64_t v) { return splat(v); }
  x86::Xmm xmm() { return cc_.newXmm(); }
  x86::Ymm ymm() { return cc_.newYmm(); }

  x86::Vec load_vf32(float v) {
    x86::Vec r = vec();
    cc_.vmovups(r, f32(v));
    return r;
  }

  // Stores `width` lanes of v to a bool output at q: each byte v != 0
  // (NaN counts as true): the mask's 1.0 / 0.0, truncated to 32-bit
  // integers, narrowed to bytes.
  void store_bool(const x86::Gp& q, int32_t off, const x86::Vec& v, int width) {
    x86::Vec one = mask_value(compare(v, zero(), kCmpNeqUq));
    x86::Vec i = vec();
    cc_.vcvttps2dq(i, one);
    if (width == 16) {
      cc_.vpmovdb(x86::xmmword_ptr(q, off), i.as<x86::Zmm>());
    } else if (width == 8) {
      x86::Xmm hi = cc_.newXmm(), w = cc_.newXmm();
      cc_.vextracti128(hi, i.as<x86::Ymm>(), 1);
      cc_.vpackssdw(w, i.xmm(), hi);  // 8 words
      cc_.vpacksswb(w, w, w);         // 8 bytes (twice)
      cc_.vmovq(x86::qword_ptr(q, off), w);
    } else {
      x86::Gp b = cc_.newInt32();
      cc_.vmovd(b, i.xmm());
      cc_.mov(x86::byte_ptr(q, off), b.r8());
    }
  }

  // select(a, b, c): b where a is not 0 (NaN counts as true), else c.
  x86::Vec select(const x86::Vec& a, const x86::Vec& b, const x86::Vec& c) {
    Mask m = compare(a, zero(), kCmpNeqUq);
    x86::Vec r = vec();
    if (lanes_ == 16) cc_.k(m.k).vblendmps(r, c, b);
    else cc_.vblendvps(r, c, b, m.v);
    return r;
  }

  // --fast-math kernels (Kernel::fast_math) on a host with FMA: exp, tanh
  // and sigmoid by the float32 sequences below instead of eager's bits.
  void set_fast_math(bool on) { fast_ = on; }

  x86::Vec unary(UnaryOp op, const x86::Vec& a) {
    if (!unary_inline(op)) return call_row(int(op), a, nullptr);
    switch (op) {  // predicates: masks (1.0 / 0.0), as eager's bool results read as float32
      case UnaryOp::logical_not: return mask_value(compare(a, zero(), kCmpEqOq));  // !(x != 0); NaN is true
      case UnaryOp::isnan: return mask_value(compare(a, a, kCmpUnordQ));
      case UnaryOp::isinf: return mask_value(compare(abs(a), f32(std::numeric_limits<float>::infinity()), kCmpEqOq));
      case UnaryOp::isfinite: return mask_value(compare(abs(a), f32(std::numeric_limits<float>::infinity()), kCmpLtOq));
      default: break;
    }
    if (fast_ && op == UnaryOp::exp) return fast_exp(a);
    if (fast_ && op == UnaryOp::tanh) return fast_tanh(a);
    if (fast_ && op == UnaryOp::sigmoid) return fast_sigmoid(a);
    if (op == UnaryOp::tanh) return tanh_f32(a);
    switch (op) {
      case UnaryOp::exp:
      case UnaryOp::expm1:
      case UnaryOp::log:
      case UnaryOp::log1p:
      case UnaryOp::sigmoid: return by_halves(op, a);
      default: break;
    }
    if (x86::Vec z; lanes_ == 16 && unary512(op, a, &z)) return z;
    x86::Vec r = vec();
    switch (op) {
      case UnaryOp::neg: cc_.vxorps(r, a, u32(0x80000000u)); break;
      case UnaryOp::abs: cc_.vandps(r, a, u32(0x7fffffffu)); break;
      case UnaryOp::relu: {  // x < 0 ? 0 : x (NaN and -0.0 kept)
        x86::Vec z = vec();
        cc_.vxorps(z, z, z);
        cc_.vcmpps(r, a, z, kCmpLtOq);
        cc_.vandnps(r, r, a);
        break;
      }
      case UnaryOp::sqrt: cc_.vsqrtps(r, a); break;
      case UnaryOp::rsqrt: {  // 1 / sqrt(x), two roundings as eager
        x86::Vec s = vec();
        cc_.vsqrtps(s, a);
        x86::Vec one = load_vf32(1.0f);
        cc_.vdivps(r, one, s);
        break;
      }
      case UnaryOp::reciprocal: {
        x86::Vec one = load_vf32(1.0f);
        cc_.vdivps(r, one, a);
        break;
      }
      case UnaryOp::square: cc_.vmulps(r, a, a); break;
      case UnaryOp::floor: cc_.vroundps(r, a, 0x9); break;   // toward -inf, no precision exception
      case UnaryOp::ceil: cc_.vroundps(r, a, 0xA); break;
      case UnaryOp::trunc: cc_.vroundps(r, a, 0xB); break;
      case UnaryOp::round: cc_.vroundps(r, a, 0x8); break;   // nearest even (nearbyint)
      case UnaryOp::sign: {  // float((0 < x) - (x < 0))
        x86::Vec z = vec(), gt = vec(), lt = vec();
        cc_.vxorps(z, z, z);
        cc_.vcmpps(gt, a, z, kCmpGtOq);
        cc_.vcmpps(lt, a, z, kCmpLtOq);
        cc_.vandps(gt, gt, f32(1.0f));
        cc_.vandps(lt, lt, f32(1.0f));
        cc_.vsubps(r, gt, lt);
        break;
      }
      default: cc_.vxorps(r, r, r); break;  // not reached: unary_inline
    }
    return r;
  }

  x86::Vec binary(BinaryOp op, const x86::Vec& a, const x86::Vec& b) {
    if (!binary_inline(op)) return call_row(int(op), a, &b);
    switch (op) {  // predicates: masks (1.0 / 0.0); NaN compares false but for ne, and is true
      case BinaryOp::eq: return mask_value(compare(a, b, kCmpEqOq));
      case BinaryOp::ne: return mask_value(compare(a, b, kCmpNeqUq));
      case BinaryOp::lt: return mask_value(compare(a, b, kCmpLtOq));
      case BinaryOp::le: return mask_value(compare(a, b, kCmpLeOq));
      case BinaryOp::gt: return mask_value(compare(a, b, kCmpGtOq));
      case BinaryOp::ge: return mask_value(compare(a, b, kCmpGeOq));
      case BinaryOp::logical_and:
      case BinaryOp::logical_or:
      case BinaryOp::logical_xor: {
        x86::Vec z = zero();
        Mask ta = compare(a, z, kCmpNeqUq), tb = compare(b, z, kCmpNeqUq), m;
        if (lanes_ == 16) {
          m.k = cc_.newKw();
          if (op == BinaryOp::logical_and) cc_.kandw(m.k, ta.k, tb.k);
          else if (op == BinaryOp::logical_or) cc_.korw(m.k, ta.k, tb.k);
          else cc_.kxorw(m.k, ta.k, tb.k);
        } else {
          m.v = vec();
          if (op == BinaryOp::logical_and) cc_.vandps(m.v, ta.v, tb.v);
          else if (op == BinaryOp::logical_or) cc_.vorps(m.v, ta.v, tb.v);
          else cc_.vxorps(m.v, ta.v, tb.v);
        }
        return mask_value(m);
      }
      default: break;
    }
    if (lanes_ == 16 && (op == BinaryOp::maximum || op == BinaryOp::minimum)) {
      x86::Vec r = vec();
      if (op == BinaryOp::maximum) cc_.vmaxps(r, a, b);
      else cc_.vminps(r, a, b);
      x86::KReg nan = cc_.newKw();
      cc_.vcmpps(nan, a, b, kCmpUnordQ);
      cc_.k(nan).vmovups(r, f32(std::numeric_limits<float>::quiet_NaN()));  // merge: NaN lanes only
      return r;
    }
    x86::Vec r = vec();
    switch (op) {
      case BinaryOp::add: cc_.vaddps(r, a, b); break;
      case BinaryOp::sub: cc_.vsubps(r, a, b); break;
      case BinaryOp::mul: cc_.vmulps(r, a, b); break;
      case BinaryOp::div: cc_.vdivps(r, a, b); break;
      case BinaryOp::maximum:
      case BinaryOp::minimum: {
        // a > b ? a : b (a < b ? a : b), and the quiet NaN if either is NaN.
        if (op == BinaryOp::maximum) cc_.vmaxps(r, a, b);
        else cc_.vminps(r, a, b);
        x86::Vec nan = vec();
        cc_.vcmpps(nan, a, b, kCmpUnordQ);
        x86::Vec q = load_vf32(std::numeric_limits<float>::quiet_NaN());
        cc_.vblendvps(r, r, q, nan);
        break;
      }
      default: cc_.vxorps(r, r, r); break;  // not reached: binary_inline
    }
    return r;
  }

 private:
  x86::Compiler& cc_;
  int lanes_ = 1;
  bool fast_ = false;

  // ---- fast math: float32 sequences with FMA, all lanes_ at once (the
  // same instructions at every width, so the vector loop and the one-point
  // tail agree). Error bounds, measured over every float32 input by
  // tests/unit/test_jit_fast_math.cpp against double libm: exp 0.87 ulp,
  // tanh 2.42, sigmoid 2.48 (eager: 0.50 ulp, tanh 0.88). See docs/ARCHITECTURE.md.
  //
  // All three reduce z = n ln2 + r with n = round(z log2 e) and r from a
  // two-part ln2 (fused multiply-adds, so r is exact to a float's
  // precision), then e^r - 1 = r + r^2 P(r), P a degree-5 minimax fit of
  // (e^r - 1 - r) / r^2 for the relative error of e^r - 1 over
  // |r| <= ln2/2 (degree 4 left tanh at 2.6 ulp), and 2^n built in the
  // exponent field.
  // (The same reduction and P as eager's float32 tanh: vmath::detail.)
  static constexpr const float* kFastP = torch::vmath::detail::kExpP;
  struct FastReduced {
    x86::Vec n, r, p;  // round(z log2 e), the remainder, P(r)
  };
  FastReduced fast_reduce(const x86::Vec& z) {
    FastReduced f{vec(), vec(), vec()};
    cc_.vmulps(f.n, z, f32(1.44269504088896341f));
    if (lanes_ == 16) cc_.vrndscaleps(f.n, f.n, 0x8);
    else cc_.vroundps(f.n, f.n, 0x8);
    cc_.vmovaps(f.r, z);
    cc_.vfnmadd231ps(f.r, f.n, f32(torch::vmath::detail::kLn2HiF));  // exact: ln2's first 9 bits
    cc_.vfnmadd231ps(f.r, f.n, f32(torch::vmath::detail::kLn2LoF));
    cc_.vmovups(f.p, f32(kFastP[5]));
    for (int i = 4; i >= 0; i--) cc_.vfmadd213ps(f.p, f.r, f32(kFastP[i]));
    return f;
  }
  // 2^n for integral float n in [-126, 127].
  x86::Vec fast_pow2(const x86::Vec& n) {
    x86::Vec s = vec();
    cc_.vcvtps2dq(s, n);
    cc_.vpaddd(s, s, u32(127));
    cc_.vpslld(s, s, 23);
    return s;
  }
  // lo < x ? (x < hi ? x : hi) : lo, NaN passing.
  x86::Vec clamp_ps(const x86::Vec& x, float lo, float hi) {
    x86::Vec l = load_vf32(lo), h = load_vf32(hi), r = vec();
    cc_.vmaxps(r, l, x);  // the second operand where either is NaN
    cc_.vminps(r, h, r);
    return r;
  }
  void and_ps(const x86::Vec& r, const x86::Vec& a, const x86::Mem& m) { lanes_ == 16 ? cc_.vpandd(r, a, m) : cc_.vandps(r, a, m); }
  void or_ps(const x86::Vec& r, const x86::Vec& a, const x86::Vec& b) { lanes_ == 16 ? cc_.vpord(r, a, b) : cc_.vorps(r, a, b); }
  void xor_ps(const x86::Vec& r, const x86::Vec& a, const x86::Mem& m) { lanes_ == 16 ? cc_.vpxord(r, a, m) : cc_.vxorps(r, a, m); }

  x86::Vec fast_exp(const x86::Vec& x) {
    // exp(-104) rounds to 0 and exp(89) to inf.
    return fast_exp_of_clamped(clamp_ps(x, -104.0f, 89.0f));
  }
  // e^z for z in [-104, 89] (or NaN).
  x86::Vec fast_exp_of_clamped(const x86::Vec& z) {
    FastReduced f = fast_reduce(z);
    cc_.vfmadd213ps(f.p, f.r, f32(1.0f));  // 1 + r P
    cc_.vfmadd213ps(f.p, f.r, f32(1.0f));  // e^r = 1 + r (1 + r P)
    // 2^n = 2^(n >> 1) 2^(n - (n >> 1)): both factors normal for n in
    // [-150, 128], so only the last product rounds (subnormals, overflow).
    x86::Vec n1 = vec(), n2 = vec();
    cc_.vcvtps2dq(n2, f.n);
    cc_.vpsrad(n1, n2, 1);
    cc_.vpsubd(n2, n2, n1);
    for (const x86::Vec& h : {n1, n2}) {
      cc_.vpaddd(h, h, u32(127));
      cc_.vpslld(h, h, 23);
      cc_.vmulps(f.p, f.p, h);
    }
    return f.p;
  }
  x86::Vec fast_tanh(const x86::Vec& x) {
    // tanh |x| = m / (m + 2), m = e^(2|x|) - 1 = 2^n (r + r^2 P) + (2^n - 1);
    // |x| >= 9 gives 1 (NaN passes).
    x86::Vec a = vec();
    and_ps(a, x, u32(0x7fffffffu));
    x86::Vec nine = load_vf32(9.0f);
    cc_.vminps(a, nine, a);
    cc_.vaddps(a, a, a);
    FastReduced f = fast_reduce(a);
    cc_.vmulps(f.p, f.p, f.r);
    cc_.vfmadd213ps(f.p, f.r, f.r);  // r + r^2 P, rounded once
    x86::Vec s = fast_pow2(f.n), sm1 = vec();
    cc_.vsubps(sm1, s, f32(1.0f));
    cc_.vfmadd213ps(f.p, s, sm1);    // m
    x86::Vec d = vec(), q = vec(), sign = vec();
    cc_.vaddps(d, f.p, f32(2.0f));
    cc_.vdivps(q, f.p, d);
    and_ps(sign, x, u32(0x80000000u));
    or_ps(q, q, sign);
    return q;
  }
  // Eager's float32 tanh (vmath::tanh), operation for operation, all
  // lanes_ at once: the same fused multiply-adds, so the same bits.
  x86::Vec tanh_f32(const x86::Vec& x) {
    namespace vd = torch::vmath::detail;
    x86::Vec a = vec();
    and_ps(a, x, u32(0x7fffffffu));
    x86::Vec one9 = load_vf32(vd::kTanhOne);
    cc_.vminps(a, one9, a);  // a > 9.1 ? 9.1 : a (NaN passes)
    // a >= 0.55: 1 - 2 / (d + dlo), d = 2^n (1 + p) + 1.
    x86::Vec z = vec();
    cc_.vaddps(z, a, a);
    FastReduced f = fast_reduce(z);  // n = round(z log2 e), r, P(r)
    x86::Vec n = f.n, r = f.r, p = f.p;
    cc_.vmulps(p, p, r);
    cc_.vfmadd213ps(p, r, r);  // e^r - 1
    x86::Vec one = load_vf32(1.0f), s, s1 = vec(), d = vec(), dlo = vec(), t = vec();
    if (lanes_ == 16) {  // 2^n: one vscalefps, exact
      s = vec();
      cc_.vscalefps(s, one, n);
    } else {
      s = fast_pow2(n);
    }
    cc_.vaddps(s1, s, one);
    cc_.vmovaps(d, p);
    cc_.vfmadd213ps(d, s, s1);   // d = p s + s1
    cc_.vsubps(t, d, s1);
    cc_.vmovaps(dlo, p);
    cc_.vfmsub213ps(dlo, s, t);  // p s - t, exact
    x86::Vec two = load_vf32(2.0f), q0 = vec(), e = vec(), h = vec();
    cc_.vdivps(q0, two, d);
    cc_.vmovaps(e, q0);
    cc_.vfnmadd213ps(e, d, two);   // 2 - q0 d, exact
    cc_.vfnmadd231ps(e, q0, dlo);  // e - q0 dlo
    cc_.vmulps(h, q0, f32(0.5f));
    cc_.vfmadd213ps(e, h, q0);     // q0 + e (q0 / 2)
    x86::Vec large = vec();
    cc_.vsubps(large, one, e);
    // a < 0.55: a + a^3 S(a^2).
    x86::Vec w = vec(), q = vec(), aw = vec();
    cc_.vmulps(w, a, a);
    cc_.vmovups(q, f32(vd::kTanhS[0]));
    for (int i = 1; i < 6; i++) cc_.vfmadd213ps(q, w, f32(vd::kTanhS[i]));
    cc_.vmulps(aw, a, w);
    cc_.vfmadd213ps(aw, q, a);
    Mask m = compare(a, f32(vd::kTanhSmall), kCmpLtOq);
    if (lanes_ == 16) {
      cc_.k(m.k).vmovaps(large, aw);
      cc_.vpternlogd(large, x, u32(0x80000000u), 0xd8);  // x's sign bit, the rest of the result
      return large;
    }
    cc_.vblendvps(large, large, aw, m.v);
    x86::Vec sign = vec();
    and_ps(large, large, u32(0x7fffffffu));
    and_ps(sign, x, u32(0x80000000u));
    or_ps(large, large, sign);
    return large;
  }
  x86::Vec fast_sigmoid(const x86::Vec& x) {
    // 1 / (1 + e^-x): e^-x < 2^-25 from -x = -20 (the result rounds to 1);
    // past -x = 88.72 eager gives 0 (below).
    x86::Vec z = vec();
    xor_ps(z, x, u32(0x80000000u));
    x86::Vec e = fast_exp_of_clamped(clamp_ps(z, -20.0f, 89.0f));
    cc_.vaddps(e, e, f32(1.0f));
    x86::Vec one = load_vf32(1.0f), r = vec();
    cc_.vdivps(r, one, e);
    zero_where_sigmoid_underflows(r, x, lanes_ == 16);
    return r;
  }
  // r = 0 where x <= -0x1.62e43p6f (eager's sigmoid: PyTorch's float
  // exp(-x) overflows there), for floats in xmm / ymm registers (a vector
  // mask) or, with `kmask`, any (a mask register).
  void zero_where_sigmoid_underflows(const x86::Vec& r, const x86::Vec& x, bool kmask) {
    if (kmask) {
      x86::KReg keep = cc_.newKw();
      cc_.vcmpps(keep, x, f32(-0x1.62e43p6f), kCmpNleUq);  // !(x <= c), NaN included
      cc_.k(keep).z().vmovaps(r, r);
    } else {
      x86::Vec mask = r.isXmm() ? x86::Vec(cc_.newXmm()) : x86::Vec(cc_.newYmm());
      cc_.vcmpps(mask, x, f32(-0x1.62e43p6f), kCmpLeOq);
      cc_.vandnps(r, mask, r);
    }
  }

  // A lane mask: a mask register with 16 lanes, else a vector of all-ones
  // or all-zero lanes.
  struct Mask {
    x86::KReg k;
    x86::Vec v;
  };
  template <class B>
  Mask compare(const x86::Vec& a, const B& b, uint32_t pred) {
    Mask m;
    if (lanes_ == 16) {
      m.k = cc_.newKw();
      cc_.vcmpps(m.k, a, b, pred);
    } else {
      m.v = vec();
      cc_.vcmpps(m.v, a, b, pred);
    }
    return m;
  }
  // 1.0 in the lanes of m, 0.0 elsewhere (a bool read as float32).
  x86::Vec mask_value(const Mask& m) {
    x86::Vec r = vec();
    if (lanes_ == 16) cc_.k(m.k).z().vmovups(r, f32(1.0f));
    else cc_.vandps(r, m.v, f32(1.0f));
    return r;
  }
  x86::Vec zero() {
    x86::Vec z = vec();
    if (lanes_ == 16) cc_.vpxord(z, z, z);
    else cc_.vxorps(z, z, z);
    return z;
  }
  x86::Vec abs(const x86::Vec& a) {
    x86::Vec r = vec();
    if (lanes_ == 16) cc_.vpandd(r, a, u32(0x7fffffffu));
    else cc_.vandps(r, a, u32(0x7fffffffu));
    return r;
  }

  // The zmm forms where AVX-512 differs (logic on integer lanes: vpxord,
  // vpandd; compares into mask registers; vrndscaleps); false for the ops
  // whose code is the same at every width.
  bool unary512(UnaryOp op, const x86::Vec& a, x86::Vec* out) {
    x86::Vec r = vec();
    switch (op) {
      case UnaryOp::neg: cc_.vpxord(r, a, u32(0x80000000u)); break;
      case UnaryOp::abs: cc_.vpandd(r, a, u32(0x7fffffffu)); break;
      case UnaryOp::relu: {  // x < 0 ? 0 : x (NaN and -0.0 kept)
        x86::Vec z = vec();
        cc_.vpxord(z, z, z);
        x86::KReg keep = cc_.newKw();
        cc_.vcmpps(keep, a, z, kCmpNltUq);
        cc_.k(keep).z().vmovaps(r, a);
        break;
      }
      case UnaryOp::floor: cc_.vrndscaleps(r, a, 0x9); break;
      case UnaryOp::ceil: cc_.vrndscaleps(r, a, 0xA); break;
      case UnaryOp::trunc: cc_.vrndscaleps(r, a, 0xB); break;
      case UnaryOp::round: cc_.vrndscaleps(r, a, 0x8); break;
      case UnaryOp::sign: {  // float((0 < x) - (x < 0))
        x86::Vec z = vec(), gt = vec(), lt = vec();
        cc_.vpxord(z, z, z);
        x86::KReg kg = cc_.newKw(), kl = cc_.newKw();
        cc_.vcmpps(kg, a, z, kCmpGtOq);
        cc_.vcmpps(kl, a, z, kCmpLtOq);
        cc_.k(kg).z().vmovups(gt, f32(1.0f));
        cc_.k(kl).z().vmovups(lt, f32(1.0f));
        cc_.vsubps(r, gt, lt);
        break;
      }
      default: return false;
    }
    *out = r;
    return true;
  }

  // op on a (and b): the lanes go through the stack to the eager row.
  x86::Vec call_row(int op, const x86::Vec& a, const x86::Vec* b) {
    int lanes = lanes_;
    x86::Mem in_a = cc_.newStack(64, 64), in_b = cc_.newStack(64, 64), out = cc_.newStack(64, 64);
    auto store = [&](const x86::Mem& m, const x86::Vec& v) {
      if (lanes_ > 1) cc_.vmovups(m, v);
      else cc_.vmovss(m, v.as<x86::Xmm>());
    };
    store(in_a, a);
    if (b) store(in_b, *b);
    x86::Gp pa = cc_.newIntPtr(), pb = cc_.newIntPtr(), po = cc_.newIntPtr();
    cc_.lea(pa, in_a);
    cc_.lea(pb, in_b);
    cc_.lea(po, out);
    InvokeNode* call = nullptr;
    if (b) {
      cc_.invoke(&call, reinterpret_cast<uint64_t>(&row_binary),
                 FuncSignatureT<void, int, float*, const float*, const float*, int64_t>(CallConvId::kHost));
      call->setArg(0, Imm(op));
      call->setArg(1, po);
      call->setArg(2, pa);
      call->setArg(3, pb);
      call->setArg(4, Imm(lanes));
    } else {
      cc_.invoke(&call, reinterpret_cast<uint64_t>(&row_unary),
                 FuncSignatureT<void, int, float*, const float*, int64_t>(CallConvId::kHost));
      call->setArg(0, Imm(op));
      call->setArg(1, po);
      call->setArg(2, pa);
      call->setArg(3, Imm(lanes));
    }
    x86::Vec r = vec();
    if (lanes_ > 1) cc_.vmovups(r, out);
    else cc_.vmovss(r.as<x86::Xmm>(), out);
    return r;
  }

  // An op computed in double precision: 4 lanes at a time in ymm
  // registers, or 8 in zmm registers (`wide_`, the AVX-512 rows). `a`
  // holds the float lanes (an xmm, or a ymm when wide).
  x86::Vec double_op(UnaryOp op, const x86::Vec& a) {
    switch (op) {
      case UnaryOp::exp: return exp(a);
      case UnaryOp::expm1: return expm1(a);
      case UnaryOp::log: return log(a, false);
      case UnaryOp::log1p: return log(a, true);
      default: return sigmoid(a);
    }
  }
  x86::Vec by_halves(UnaryOp op, const x86::Vec& a) {
    if (lanes_ == 1) return double_op(op, a.xmm());
    if (lanes_ == 16) {  // two ymm halves, each as 8 doubles in a zmm
      x86::Ymm hi = ymm();
      cc_.vextractf64x4(hi, a.as<x86::Zmm>(), 1);
      wide_ = true;
      x86::Vec rl, rh;
      interleave(cc_, 2, [&](int c) { (c == 0 ? rl : rh) = double_op(op, c == 0 ? x86::Vec(a.ymm()) : x86::Vec(hi)); });
      wide_ = false;
      x86::Zmm r = cc_.newZmmPs();
      cc_.vinsertf64x4(r, rl.as<x86::Ymm>().zmm(), rh.as<x86::Ymm>(), 1);
      return r;
    }
    x86::Xmm hi = xmm();
    cc_.vextractf128(hi, a.ymm(), 1);
    x86::Vec rl, rh;
    interleave(cc_, 2, [&](int c) { (c == 0 ? rl : rh) = double_op(op, c == 0 ? x86::Vec(a.xmm()) : x86::Vec(hi)); });
    x86::Ymm r = ymm();
    cc_.vinsertf128(r, rl.as<x86::Xmm>().ymm(), rh.as<x86::Xmm>(), 1);
    return r;
  }

  // ---- the double-precision cores of stdlib/torch/vmath.h
  bool wide_ = false;
  x86::Vec dvec() { return wide_ ? x86::Vec(cc_.newZmmPd()) : x86::Vec(cc_.newYmm()); }  // doubles
  x86::Vec fhalf() { return wide_ ? x86::Vec(cc_.newYmm()) : x86::Vec(cc_.newXmm()); }  // their floats
  x86::Vec load_d(double v) {
    x86::Vec r = dvec();
    cc_.vmovupd(r, f64(v));
    return r;
  }
  // Bitwise ops on double lanes (the EVEX integer forms when wide: AVX-512F
  // has no vandpd / vorpd / vxorpd on zmm without DQ; the bits are the same).
  void and_(const x86::Vec& r, const x86::Vec& a, const x86::Mem& m) { wide_ ? cc_.vpandq(r, a, m) : cc_.vandpd(r, a, m); }
  void or_(const x86::Vec& r, const x86::Vec& a, const x86::Vec& b) { wide_ ? cc_.vporq(r, a, b) : cc_.vorpd(r, a, b); }
  void xor_(const x86::Vec& r, const x86::Vec& a, const x86::Vec& b) { wide_ ? cc_.vpxorq(r, a, b) : cc_.vxorpd(r, a, b); }
  void xor_(const x86::Vec& r, const x86::Vec& a, const x86::Mem& m) { wide_ ? cc_.vpxorq(r, a, m) : cc_.vxorpd(r, a, m); }
  // A compare of double lanes: a vector mask, or a mask register when wide.
  struct DMask {
    x86::Vec v;
    x86::KReg k;
  };
  template <class B>
  DMask cmp_pd(const x86::Vec& a, const B& b, uint32_t pred) {
    DMask m;
    if (wide_) {
      m.k = cc_.newKb();
      cc_.vcmppd(m.k, a, b, pred);
    } else {
      m.v = dvec();
      cc_.vcmppd(m.v, a, b, pred);
    }
    return m;
  }
  // r = mask ? v : r (doubles).
  void select_pd(const x86::Vec& r, const DMask& m, const x86::Vec& v) {
    if (wide_) cc_.k(m.k).vmovapd(r, v);
    else cc_.vblendvpd(r, r, v, m.v);
  }

  x86::Vec exp2m1_reduced(const x86::Vec& r) {
    static const double kC[] = {1.5297323760701074e-05, 1.5461444698569129e-04, 1.3333502386162771e-03,
                                9.6180566785246381e-03, 5.5504108839096184e-02, 2.4022650922288758e-01,
                                6.9314718055994531e-01};
    x86::Vec q = load_d(kC[0]);
    for (int i = 1; i < 7; i++) cc_.vfmadd213pd(q, r, f64(kC[i]));  // q r + c, as std::fma
    cc_.vmulpd(q, q, r);
    return q;
  }
  // 2^t = scale * (1 + p): sets scale and p. The AVX-512 rows take
  // shortcuts that give the same bits with fewer instructions: round(t) by
  // vrndscalepd (the shifter's round-to-nearest-even) and scale by
  // vscalefpd of 1.0 (exact: |t| < 220 in every caller).
  void exp2_parts(const x86::Vec& t, x86::Vec* scale, x86::Vec* p) {
    if (wide_) {
      x86::Vec kd = dvec(), r = dvec(), s = dvec();
      cc_.vrndscalepd(kd, t, 0x8);  // nearest even, no precision exception
      cc_.vsubpd(r, t, kd);         // exact
      cc_.vscalefpd(s, load_d(1.0), kd);
      *scale = s;
      *p = exp2m1_reduced(r);
      return;
    }
    x86::Vec kd = dvec(), r = dvec();
    cc_.vaddpd(kd, t, f64(0x1.8p52));      // round(t) in the low mantissa bits
    x86::Vec s = dvec();
    cc_.vpsllq(s, kd, 52);                 // ki << 52
    cc_.vpaddq(s, s, u64(0x3ff0000000000000ull));
    cc_.vsubpd(kd, kd, f64(0x1.8p52));     // round(t)
    cc_.vsubpd(r, t, kd);                  // exact
    *scale = s;
    *p = exp2m1_reduced(r);
  }
  // log(u) for positive normal u (garbage elsewhere; callers select).
  x86::Vec log_positive(const x86::Vec& u) {
    constexpr uint64_t kSqrtHalf = 0x3fe6a09e667f3bcdull;
    x86::Vec b = dvec(), k = dvec(), m = dvec();
    cc_.vpaddq(b, u, u64(0x3ff0000000000000ull - kSqrtHalf));
    cc_.vpsrlq(k, b, 52);
    if (wide_) cc_.vporq(k, k, u64(0x4330000000000000ull));
    else cc_.vpor(k, k, u64(0x4330000000000000ull));
    cc_.vsubpd(k, k, f64(0x1p52 + 1023.0));
    if (wide_) cc_.vpandq(m, b, u64(0x000fffffffffffffull));
    else cc_.vpand(m, b, u64(0x000fffffffffffffull));
    cc_.vpaddq(m, m, u64(kSqrtHalf));
    x86::Vec num = dvec(), den = dvec(), s = dvec(), w = dvec();
    cc_.vsubpd(num, m, f64(1.0));
    cc_.vaddpd(den, m, f64(1.0));
    cc_.vdivpd(s, num, den);
    cc_.vmulpd(w, s, s);
    x86::Vec h = load_d(0.23330467216303836);
    for (double c : {0.28550820815960663, 0.40000121839806127, 0.66666666554497092}) {
      cc_.vmulpd(h, h, w);
      cc_.vaddpd(h, h, f64(c));
    }
    x86::Vec t1 = dvec(), t2 = dvec(), r = dvec();
    cc_.vmulpd(t1, s, f64(2.0));   // 2.0 * s
    cc_.vmulpd(t2, s, w);          // s * w * h = (s * w) * h
    cc_.vmulpd(t2, t2, h);
    cc_.vaddpd(t1, t1, t2);
    cc_.vmulpd(r, k, f64(0.69314718055994530942));  // k * ln2 + (...)
    cc_.vaddpd(r, r, t1);
    return r;
  }
  // (scale - 1) + scale * p of exp2_parts(y * log2(e)).
  x86::Vec expm1_moderate(const x86::Vec& y) {
    x86::Vec t = dvec();
    cc_.vmulpd(t, y, f64(1.4426950408889634074));
    return expm1_of_log2(t);
  }
  // fma(scale, p, scale - 1) of exp2_parts(t).
  x86::Vec expm1_of_log2(const x86::Vec& t) {
    x86::Vec scale, p;
    exp2_parts(t, &scale, &p);
    x86::Vec a = dvec();
    cc_.vsubpd(a, scale, f64(1.0));
    cc_.vfmadd213pd(p, scale, a);  // p scale + (scale - 1)
    return p;
  }
  // fma(scale, p, scale) of exp2_parts(t): 2^t.
  x86::Vec exp2_of(const x86::Vec& t) {
    x86::Vec scale, p;
    exp2_parts(t, &scale, &p);
    cc_.vfmadd213pd(p, scale, scale);
    return p;
  }
  x86::Vec widen(const x86::Vec& x) {
    x86::Vec y = dvec();
    cc_.vcvtps2pd(y, x);
    return y;
  }
  x86::Vec narrow(const x86::Vec& y) {
    x86::Vec x = fhalf();
    cc_.vcvtpd2ps(x, y);
    return x;
  }
  x86::Vec load_fh(float v) {
    x86::Vec r = fhalf();
    cc_.vmovups(r, f32(v));
    return r;
  }

  x86::Vec exp(const x86::Vec& x0) {
    // x < -150 ? -150 : x, then x > 100 ? 100 : x, in float (NaN passes).
    x86::Vec lo = load_fh(-150.0f), x = fhalf();
    cc_.vmaxps(x, lo, x0);
    x86::Vec hi = load_fh(100.0f);
    cc_.vminps(x, hi, x);
    x86::Vec y = widen(x), t = dvec();
    cc_.vmulpd(t, y, f64(1.4426950408889634074));
    return narrow(exp2_of(t));
  }
  x86::Vec expm1(const x86::Vec& x) {
    x86::Vec y = widen(x);
    x86::Vec lo = load_d(-120.0), yc = dvec();
    cc_.vmaxpd(yc, lo, y);
    x86::Vec hi = load_d(100.0);
    cc_.vminpd(yc, hi, yc);
    x86::Vec r = expm1_moderate(yc);
    // |y| < 2^-20: y * (1 + 0.5 y) (keeps -0).
    x86::Vec ax = dvec(), small = dvec();
    and_(ax, yc, u64(0x7fffffffffffffffull));
    cc_.vmulpd(small, yc, f64(0.5));
    cc_.vaddpd(small, small, f64(1.0));
    cc_.vmulpd(small, yc, small);
    select_pd(r, cmp_pd(ax, f64(0x1p-20), kCmpLtOq), small);
    return narrow(r);
  }
  // log(x), or log1p(x) when `plus1`.
  x86::Vec log(const x86::Vec& x, bool plus1) {
    x86::Vec y = widen(x), u = y;
    if (plus1) {
      u = dvec();
      cc_.vaddpd(u, y, f64(1.0));
    }
    x86::Vec r = log_positive(u);
    x86::Vec zero = dvec();
    xor_(zero, zero, zero);
    select_pd(r, cmp_pd(u, zero, kCmpLtOq), load_d(std::numeric_limits<double>::quiet_NaN()));
    select_pd(r, cmp_pd(u, zero, kCmpEqOq), load_d(-std::numeric_limits<double>::infinity()));
    x86::Vec inf = load_d(std::numeric_limits<double>::infinity());
    select_pd(r, cmp_pd(u, inf, kCmpEqOq), inf);
    if (plus1) {
      x86::Vec ay = dvec(), small = dvec();
      and_(ay, y, u64(0x7fffffffffffffffull));
      cc_.vmulpd(small, y, f64(0.5));  // y * (1 - 0.5 y)
      x86::Vec one = load_d(1.0);
      cc_.vsubpd(small, one, small);
      cc_.vmulpd(small, y, small);
      select_pd(r, cmp_pd(ay, f64(0x1p-20), kCmpLtOq), small);
      select_pd(r, cmp_pd(y, y, kCmpUnordQ), y);  // y != y ? y : r
    } else {
      select_pd(r, cmp_pd(u, u, kCmpUnordQ), u);  // u != u ? u : r
    }
    return narrow(r);
  }
  x86::Vec sigmoid(const x86::Vec& x) {
    x86::Vec lo = load_fh(-100.0f), xc = fhalf();
    cc_.vmaxps(xc, lo, x);
    x86::Vec hi = load_fh(100.0f);
    cc_.vminps(xc, hi, xc);
    // (-double(xc)) * log2(e) = double(xc) * -log2(e): the same product.
    x86::Vec z = widen(xc), t = dvec();
    cc_.vmulpd(t, z, f64(-1.4426950408889634074));
    x86::Vec e = exp2_of(t), d = dvec(), r = dvec();
    cc_.vaddpd(d, e, f64(1.0));  // 1.0 + (...)
    x86::Vec one = load_d(1.0);
    cc_.vdivpd(r, one, d);
    x86::Vec f = narrow(r);
    zero_where_sigmoid_underflows(f, x, wide_);  // on the original x
    return f;
  }
};

// The compiled row functions of one kernel.
class AsmjitKernel final : public CompiledKernel {
 public:
  AsmjitKernel(JitRuntime& rt, const Kernel& k, int lanes) : rt_(rt), k_(k), lanes_(lanes) {}
  ~AsmjitKernel() override {
    for (auto& [pat, fn] : contiguous_) rt_.release(fn);
    if (strided_) rt_.release(strided_);
  }
  // Compiles the strided row (and checks that the kernel compiles at all)
  // and the contiguous row without broadcast inputs, the usual one.
  bool init(std::string* why) {
    strided_ = build(kStrided, 0, why);
    if (!strided_) return false;
    std::string ignored;
    contiguous_[0] = build(kContiguous, 0, &ignored);
    return true;
  }
  size_t code_size() const override {
    std::lock_guard<std::mutex> lock(mu_);
    return code_size_;
  }

  // The row for inputs stepping `in_stride` bytes along it (outputs step
  // 4): contiguous where every input steps 0 or its element size, else
  // strided.
  RowFn row_for(const int64_t* in_stride) const {
    size_t ni = k_.inputs.size();
    uint64_t pattern = 0;
    bool contiguous = ni <= 63;
    for (size_t i = 0; i < ni && contiguous; i++) {
      if (in_stride[i] == 0 && !k_.inputs[i].scalar) pattern |= uint64_t(1) << i;
      else if (in_stride[i] != elem_size(i) && !k_.inputs[i].scalar) contiguous = false;
    }
    RowFn row = contiguous ? contiguous_row(pattern) : nullptr;
    return row ? row : strided_;
  }

  void run(codegen::KernelLaunch& L) const override {
    const codegen::LoopNest& nest = L.nest;
    if (nest.numel == 0) return;
    size_t ni = k_.inputs.size(), no = k_.outputs.size();
    int inner = nest.rank - 1;
    // The row for this launch: contiguous when every input steps 0 or its
    // element size along the row (outputs always step 4).
    uint64_t pattern = 0;
    bool contiguous = ni <= 63;
    for (size_t i = 0; i < ni && contiguous; i++) {
      int64_t s = nest.strides[i][size_t(inner)];
      if (s == 0) pattern |= uint64_t(1) << i;
      else if (s != elem_size(i)) contiguous = false;
    }
    for (size_t o = 0; o < no && contiguous; o++) contiguous = nest.strides[ni + o][size_t(inner)] == out_elem_size(o);
    if (contiguous && nest.numel * 4 >= kStreamingBytes) {
      bool aligned = true;  // (bool outputs are stored plainly)
      for (size_t o = 0; o < no; o++)
        aligned = aligned && (out_elem_size(o) != 4 || (reinterpret_cast<uintptr_t>(L.out_ptrs[o]) & uintptr_t(lanes_ * 4 - 1)) == 0);
      if (aligned && nest.sizes[inner] % lanes_ == 0) pattern |= kStreaming;
    }
    RowFn row = contiguous ? contiguous_row(pattern) : strided_;
    if (!row) row = strided_;
    int64_t rowlen = nest.sizes[inner];
    int64_t rows = nest.numel / std::max<int64_t>(rowlen, 1);
    // Operand strides along the row, for the strided function.
    int64_t stride_small[64];
    std::vector<int64_t> stride_big;
    int64_t* in_stride = stride_small;
    if (ni > 64) {
      stride_big.resize(ni);
      in_stride = stride_big.data();
    }
    for (size_t i = 0; i < ni; i++) in_stride[i] = nest.strides[i][size_t(inner)];
    auto run_rows = [&](int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
      const char* in[64];
      char* out[64];
      std::vector<const char*> in_big;
      std::vector<char*> out_big;
      const char** ip = in;
      char** op = out;
      if (ni > 64 || no > 64) {
        in_big.resize(ni);
        out_big.resize(no);
        ip = in_big.data();
        op = out_big.data();
      }
      for (int64_t r = r0; r < r1; r++) {
        // The row's first point: r spread over the outer dims.
        int64_t rest = r;
        for (size_t i = 0; i < ni; i++) ip[i] = L.in_ptrs[i];
        for (size_t o = 0; o < no; o++) op[o] = L.out_ptrs[o];
        for (int d = inner - 1; d >= 0; d--) {
          int64_t x = rest % nest.sizes[d];
          rest /= nest.sizes[d];
          for (size_t i = 0; i < ni; i++) ip[i] += x * nest.strides[i][size_t(d)];
          for (size_t o = 0; o < no; o++) op[o] += x * nest.strides[ni + o][size_t(d)];
        }
        for (size_t i = 0; i < ni; i++) ip[i] += c0 * in_stride[i];
        for (size_t o = 0; o < no; o++) op[o] += c0 * nest.strides[ni + o][size_t(inner)];
        row(c1 - c0, ip, in_stride, op);
      }
    };
    if (nest.numel < kParallelPoints) {
      run_rows(0, rows, 0, rowlen);
    } else if (rows == 1) {
      tbb::parallel_for(tbb::blocked_range<int64_t>(0, rowlen, kChunk), [&](const tbb::blocked_range<int64_t>& b) {
        run_rows(0, 1, b.begin(), b.end());
      });
    } else {
      int64_t grain = std::max<int64_t>(1, kChunk / std::max<int64_t>(rowlen, 1));
      tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, grain), [&](const tbb::blocked_range<int64_t>& b) {
        run_rows(b.begin(), b.end(), 0, rowlen);
      });
    }
  }

 private:
  static constexpr int kStrided = 0, kContiguous = 1;
  static constexpr uint64_t kStreaming = uint64_t(1) << 63;  // in a contiguous row's pattern
  JitRuntime& rt_;
  Kernel k_;
  int lanes_;  // of the contiguous rows' vector loop: 8 (AVX2) or 16 (AVX-512F)
  RowFn strided_ = nullptr;
  mutable std::mutex mu_;
  mutable std::map<uint64_t, RowFn> contiguous_;
  mutable size_t code_size_ = 0;

  // Whether the body holds an inline transcendental (a long dependency
  // chain): such rows run two vectors per iteration. Bodies over 24
  // instructions have independent work of their own, and doubling them
  // doubles their compile time (a 32-op chain: 1.4 ms).
  bool long_latency() const {
    if (k_.body.size() > 24) return false;
    for (const KInstr& ins : k_.body)
      if (ins.op == KOp::Unary) switch (UnaryOp(ins.arg)) {
          case UnaryOp::exp:
          case UnaryOp::expm1:
          case UnaryOp::log:
          case UnaryOp::log1p:
          case UnaryOp::tanh:
          case UnaryOp::sigmoid: return true;
          default: break;
        }
    return false;
  }

  // Bytes per element of input i: 4, or 1 for a bool mask; of output o.
  int64_t elem_size(size_t i) const { return k_.inputs[i].dtype == torch::DType::Bool ? 1 : 4; }
  int64_t out_elem_size(size_t o) const { return k_.output_dtype(o) == torch::DType::Bool ? 1 : 4; }

  RowFn contiguous_row(uint64_t pattern) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = contiguous_.find(pattern);
    if (it != contiguous_.end()) return it->second;
    std::string why;
    RowFn fn = build(kContiguous, pattern, &why);
    contiguous_[pattern] = fn;  // null: the strided row serves this pattern
    return fn;
  }

  RowFn build(int kind, uint64_t pattern, std::string* why) const {
    CodeHolder code;
    code.init(rt_.environment());
    x86::Compiler cc(&code);
    FuncNode* f = cc.addFunc(FuncSignatureT<void, int64_t, const char* const*, const int64_t*, char* const*>(CallConvId::kHost));
    x86::Gp n = cc.newInt64("n"), in = cc.newIntPtr("in"), st = cc.newIntPtr("st"), out = cc.newIntPtr("out");
    f->frame().setAvxEnabled();
    f->frame().setAvxCleanup();  // vzeroupper before returning to SSE code
    f->setArg(0, n);
    f->setArg(1, in);
    f->setArg(2, st);
    f->setArg(3, out);
    size_t ni = k_.inputs.size(), no = k_.outputs.size();
    // Streaming stores (vmovntps: no read of the line before writing it)
    // for outputs far larger than the caches; the host stub asks for them
    // only with outputs aligned to the vector size.
    bool streaming = kind == kContiguous && (pattern & kStreaming);
    std::vector<x86::Gp> p(ni), s(ni), q(no);
    std::vector<bool> bcast(ni, false);
    std::vector<x86::Vec> splat(ni);
    for (size_t i = 0; i < ni; i++) {
      p[i] = cc.newIntPtr();
      cc.mov(p[i], x86::ptr(in, int32_t(i * 8)));
      bool b = k_.inputs[i].scalar || (kind == kContiguous && ((pattern >> i) & 1));
      bcast[i] = b;
      if (b && k_.inputs[i].dtype == torch::DType::Bool) {
        // A bool broadcast along the row: its byte as 0.0 / 1.0 in every lane.
        x86::Gp byte = cc.newInt32();
        x86::Xmm x = cc.newXmm();
        cc.movzx(byte, x86::byte_ptr(p[i]));
        cc.vmovd(x, byte);
        cc.vcvtdq2ps(x, x);
        cc.vminss(x, x, x86::Mem(cc.newFloatConst(ConstPoolScope::kLocal, 1.0f)));  // scalar: reads the 4-byte constant only
        splat[i] = lanes_ == 16 ? x86::Vec(cc.newZmmPs()) : x86::Vec(cc.newYmm());
        cc.vbroadcastss(splat[i], x);
      } else if (b) {
        splat[i] = lanes_ == 16 ? x86::Vec(cc.newZmmPs()) : x86::Vec(cc.newYmm());
        cc.vbroadcastss(splat[i], x86::dword_ptr(p[i]));
      } else if (kind == kStrided) {
        s[i] = cc.newInt64();
        cc.mov(s[i], x86::ptr(st, int32_t(i * 8)));
      }
    }
    for (size_t o = 0; o < no; o++) {
      q[o] = cc.newIntPtr();
      cc.mov(q[o], x86::ptr(out, int32_t(o * 8)));
    }
    BodyEmitter em(cc);
    em.set_fast_math(k_.fast_math && host_has_fma());
    // One pass of the body: `width` lanes_ (the vector loop) or 1 (one
    // point), on the points `off` after the pointers; `advance` moves the
    // pointers past them.
    auto body = [&](int width, int off, bool advance) {
      em.set_lanes(width);
      bool vector = width > 1;
      std::vector<x86::Vec> v(k_.body.size());
      for (size_t i = 0; i < k_.body.size(); i++) {
        const KInstr& ins = k_.body[i];
        switch (ins.op) {
          case KOp::Const: v[i] = em.load_vf32(ins.imm); break;
          case KOp::Load: {
            size_t a = size_t(ins.arg);
            if (bcast[a]) {
              v[i] = vector ? splat[a] : x86::Vec(splat[a].xmm());
            } else if (k_.inputs[a].dtype == torch::DType::Bool) {
              // Bytes (0 or 1) widened to 32-bit lanes, then to floats; a
              // nonzero byte reads as 1.0 (min with 1).
              v[i] = em.vec();
              if (width == 16) cc.vpmovzxbd(v[i], x86::xmmword_ptr(p[a], off));
              else if (width == 8) cc.vpmovzxbd(v[i], x86::qword_ptr(p[a], off));
              else {
                x86::Gp byte = cc.newInt32();
                cc.movzx(byte, x86::byte_ptr(p[a], off));
                cc.vmovd(v[i].as<x86::Xmm>(), byte);
              }
              cc.vcvtdq2ps(v[i], v[i]);
              cc.vminps(v[i], v[i], em.f32(1.0f));
            } else {
              v[i] = em.vec();
              if (vector) cc.vmovups(v[i], x86::ptr(p[a], off * 4));
              else cc.vmovss(v[i].as<x86::Xmm>(), x86::dword_ptr(p[a], off * 4));
            }
            break;
          }
          case KOp::Unary: v[i] = em.unary(UnaryOp(ins.arg), v[size_t(ins.a)]); break;
          case KOp::Binary: v[i] = em.binary(BinaryOp(ins.arg), v[size_t(ins.a)], v[size_t(ins.b)]); break;
          case KOp::Select: v[i] = em.select(v[size_t(ins.a)], v[size_t(ins.b)], v[size_t(ins.c)]); break;
          case KOp::Reduce: break;  // pointwise rows have none (a reducing kernel runs its row plan)
        }
      }
      for (size_t o = 0; o < no; o++) {
        const x86::Vec& r = v[size_t(k_.outputs[o])];
        if (k_.output_dtype(o) == torch::DType::Bool) em.store_bool(q[o], off, r, width);
        else if (vector && streaming) cc.vmovntps(x86::ptr(q[o], off * 4), r);
        else if (vector) cc.vmovups(x86::ptr(q[o], off * 4), r);
        else cc.vmovss(x86::dword_ptr(q[o], off * 4), r.as<x86::Xmm>());
      }
      if (!advance) return;
      for (size_t i = 0; i < ni; i++) {
        if (bcast[i]) continue;
        if (kind == kStrided) cc.add(p[i], s[i]);
        else cc.add(p[i], width * elem_size(i));
      }
      for (size_t o = 0; o < no; o++) cc.add(q[o], width * out_elem_size(o));
    };
    Label vec = cc.newLabel(), tail = cc.newLabel(), one = cc.newLabel(), done = cc.newLabel();
    if (kind == kContiguous) {
      if (long_latency()) {
        // Two vectors per iteration, their instructions interleaved: the
        // transcendental sequences are long dependency chains (a division,
        // Horner polynomials), and two independent ones keep the core's
        // scheduler busy where one waits on latencies.
        Label vec2 = cc.newLabel();
        cc.bind(vec2);
        cc.cmp(n, 2 * lanes_);
        cc.jl(vec);
        interleave(cc, 2, [&](int c) { body(lanes_, c * lanes_, false); });
        for (size_t i = 0; i < ni; i++)
          if (!bcast[i]) cc.add(p[i], 2 * lanes_ * elem_size(i));
        for (size_t o = 0; o < no; o++) cc.add(q[o], 2 * lanes_ * out_elem_size(o));
        cc.sub(n, 2 * lanes_);
        cc.jmp(vec2);
      }
      cc.bind(vec);
      cc.cmp(n, lanes_);
      cc.jl(tail);
      body(lanes_, 0, true);
      cc.sub(n, lanes_);
      cc.jmp(vec);
    }
    cc.bind(tail);
    cc.test(n, n);
    cc.jz(done);
    cc.bind(one);
    body(1, 0, true);
    cc.dec(n);
    cc.jnz(one);
    cc.bind(done);
    if (streaming) cc.sfence();
    cc.endFunc();
    Error err = cc.finalize();
    if (err) {
      *why = fmt::format("asmjit: {}", DebugUtils::errorAsString(err));
      return nullptr;
    }
    RowFn fn = nullptr;
    err = rt_.add(&fn, &code);
    if (err) {
      *why = fmt::format("asmjit: {}", DebugUtils::errorAsString(err));
      return nullptr;
    }
    code_size_ += code.codeSize();
    return fn;
  }
};

// A reducing kernel: its row plan's pointwise kernels compiled as above,
// driven by the row runner (jit/row_runner.h), or a column reduction's by
// the column runner (jit/column_runner.h).
class AsmjitReducingKernel final : public CompiledKernel, public RowSource {
 public:
  AsmjitReducingKernel(const Kernel& k) : k_(k), plan_(codegen::plan_rows(k)) {}
  bool init(JitRuntime& rt, int lanes, std::string* why) {
    for (const codegen::RowPlan::Sweep& sw : plan_.sweeps) {
      parts_.push_back(nullptr);
      if (sw.producer.outputs.empty()) continue;
      if (!add(rt, sw.producer, lanes, why)) return false;
    }
    parts_.push_back(nullptr);
    if (plan_.has_final && !add(rt, plan_.final, lanes, why)) return false;
    return true;
  }
  void run(codegen::KernelLaunch& L) const override {
    if (k_.columns()) run_column_plan(plan_, k_, L, *this);
    else run_row_plan(plan_, k_, L, *this);
  }
  size_t code_size() const override {
    size_t n = 0;
    for (const auto& p : parts_)
      if (p) n += p->code_size();
    return n;
  }
  RowFn row(size_t sweep, const int64_t* in_stride) const override {
    return parts_[sweep] ? parts_[sweep]->row_for(in_stride) : nullptr;
  }

 private:
  Kernel k_;
  codegen::RowPlan plan_;
  std::vector<std::unique_ptr<AsmjitKernel>> parts_;  // per sweep, then the last pass (null: none)

  bool add(JitRuntime& rt, const Kernel& part, int lanes, std::string* why) {
    if (std::string bad = part.validate(); !bad.empty()) {
      *why = fmt::format("internal: row plan part {} is malformed: {}", part.name, bad);
      return false;
    }
    auto kernel = std::make_unique<AsmjitKernel>(rt, part, lanes);
    if (!kernel->init(why)) return false;
    parts_.back() = std::move(kernel);
    return true;
  }
};

class AsmjitBackend final : public Backend {
 public:
  // lanes 0: the host's widest (16 with AVX-512F, else 8; KILN_ASMJIT_LANES=8
  // forces AVX2 code).
  explicit AsmjitBackend(int lanes) {
#if ASMJIT_ARCH_X86 == 64
    bool avx512 = CpuInfo::host().features().x86().hasAVX512_F();
#else
    bool avx512 = false;
#endif
    if (lanes == 0) {
      const char* env = std::getenv("KILN_ASMJIT_LANES");
      lanes = avx512 && !(env && std::string(env) == "8") ? 16 : 8;
    }
    lanes_ = lanes;
    if (lanes_ == 16 && !avx512) missing_ = "the host CPU has no AVX-512F";
  }
  int lanes() const { return lanes_; }
  const char* name() const override { return "asmjit"; }
  int tier() const override { return 1; }
  std::string unavailable() const override {
#if ASMJIT_ARCH_X86 == 64
    if (!CpuInfo::host().features().x86().hasAVX2()) return "the host CPU has no AVX2";
    return missing_;
#else
    return "asmjit tier 1 emits x86-64 code only";
#endif
  }
  bool compiles(const KInstr& k) const override {
    switch (k.op) {
      case KOp::Const:
      case KOp::Load: return true;
      // Every op with a float32 eager row: inline, or a call of the row.
      case KOp::Unary: return codegen::reference_supports_unary(k.arg);
      case KOp::Binary: return codegen::reference_supports_binary(k.arg);
      case KOp::Reduce: return k.arg >= 0 && k.arg < codegen::reduce_op_count();  // by the row runner
      case KOp::Select: return true;
    }
    return false;
  }
  std::unique_ptr<CompiledKernel> compile(const Kernel& k, std::string* why) override {
    if (std::string u = unavailable(); !u.empty()) {
      *why = u;
      return nullptr;
    }
    if (std::string bad = k.validate(); !bad.empty()) {
      *why = "invalid kernel: " + bad;
      return nullptr;
    }
    for (const KInstr& ins : k.body)
      if (!compiles(ins)) {
        *why = fmt::format("asmjit does not compile {}", ins.op == KOp::Unary    ? torch::op_name(UnaryOp(ins.arg))
                                                          : ins.op == KOp::Binary ? torch::op_name(BinaryOp(ins.arg))
                                                                                  : kop_name(ins.op));
        return nullptr;
      }
    if (!host_has_fma())
      for (const KInstr& ins : k.body)
        if (ins.op == KOp::Unary && needs_fma(UnaryOp(ins.arg))) {
          *why = fmt::format("asmjit compiles {} only with FMA (eager's {} is a sequence of fused multiply-adds); the host CPU has none",
                             torch::op_name(UnaryOp(ins.arg)), torch::op_name(UnaryOp(ins.arg)));
          return nullptr;
        }
    std::lock_guard<std::mutex> lock(mu_);
    if (k.reduces()) {
      auto kernel = std::make_unique<AsmjitReducingKernel>(k);
      if (!kernel->init(rt_, lanes_, why)) return nullptr;
      return kernel;
    }
    auto kernel = std::make_unique<AsmjitKernel>(rt_, k, lanes_);
    if (!kernel->init(why)) return nullptr;
    return kernel;
  }

 private:
  std::mutex mu_;
  JitRuntime rt_;
  int lanes_ = 8;
  std::string missing_;
};

}  // namespace

Backend& asmjit_backend() {
  static AsmjitBackend* b = new AsmjitBackend(0);  // never destroyed: compiled code may outlive statics
  return *b;
}

Backend& asmjit_backend_with_lanes(int lanes) {
  static AsmjitBackend* b8 = new AsmjitBackend(8);
  static AsmjitBackend* b16 = new AsmjitBackend(16);
  return lanes == 16 ? *b16 : *b8;
}

}  // namespace kiln::jit
