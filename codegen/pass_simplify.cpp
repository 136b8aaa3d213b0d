// codegen/pass_simplify.cpp — algebraic simplification that keeps every bit
// (codegen/passes.def). Only identities exact in IEEE float32 for every
// input, NaN and signed zeros included, are used: x*1 and x/1 are x;
// x - (+0) and x + (-0) are x (x + (+0) is not: -0 + 0 = +0); -(-x) is x;
// abs(-x) is abs(x); abs and relu are idempotent.
#include <bit>

#include "codegen/passes.h"
#include "stdlib/torch/elementwise.h"

namespace kiln::codegen {

bool pass_simplify(Kernel& k) {
  using torch::BinaryOp;
  using torch::UnaryOp;
  std::vector<int> repl(k.body.size());
  for (size_t i = 0; i < repl.size(); i++) repl[i] = int(i);
  bool changed = false;
  auto const_bits = [&](int v, uint32_t bits) {
    return v >= 0 && k.body[size_t(v)].op == KOp::Const && std::bit_cast<uint32_t>(k.body[size_t(v)].imm) == bits;
  };
  auto is = [&](int v, KOp op, int arg) { return v >= 0 && k.body[size_t(v)].op == op && k.body[size_t(v)].arg == arg; };
  constexpr uint32_t kOne = 0x3f800000u, kPlusZero = 0u, kMinusZero = 0x80000000u;
  for (size_t i = 0; i < k.body.size(); i++) {
    KInstr& in = k.body[i];
    int to = -1;
    if (in.op == KOp::Binary) {
      switch (BinaryOp(in.arg)) {
        case BinaryOp::mul:
          if (const_bits(in.b, kOne)) to = in.a;
          else if (const_bits(in.a, kOne)) to = in.b;
          break;
        case BinaryOp::div:
          if (const_bits(in.b, kOne)) to = in.a;
          break;
        case BinaryOp::sub:
          if (const_bits(in.b, kPlusZero)) to = in.a;
          break;
        case BinaryOp::add:
          if (const_bits(in.b, kMinusZero)) to = in.a;
          else if (const_bits(in.a, kMinusZero)) to = in.b;
          break;
        default: break;
      }
    } else if (in.op == KOp::Unary) {
      switch (UnaryOp(in.arg)) {
        case UnaryOp::neg:
          if (is(in.a, KOp::Unary, int(UnaryOp::neg))) to = k.body[size_t(in.a)].a;
          break;
        case UnaryOp::abs:
          if (is(in.a, KOp::Unary, int(UnaryOp::neg))) {
            in.a = k.body[size_t(in.a)].a;  // abs(-x) = abs(x)
            changed = true;
          }
          if (is(in.a, KOp::Unary, int(UnaryOp::abs))) to = in.a;
          break;
        case UnaryOp::relu:
          if (is(in.a, KOp::Unary, int(UnaryOp::relu))) to = in.a;
          break;
        default: break;
      }
    }
    if (to >= 0) {
      repl[i] = to;
      changed = true;
    }
  }
  if (changed) apply_replacements(k, repl);
  return changed;
}

}  // namespace kiln::codegen
