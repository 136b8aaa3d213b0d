// codegen/pass_fold.cpp — constant folding (codegen/passes.def): an op of
// constants is computed now, by the eager row, so it is the same bits.
#include "codegen/passes.h"
#include "stdlib/torch/elementwise.h"

namespace kiln::codegen {

bool pass_fold(Kernel& k) {
  bool changed = false;
  for (KInstr& in : k.body) {
    auto is_const = [&](int v) { return v >= 0 && k.body[size_t(v)].op == KOp::Const; };
    float r = 0;
    if (in.op == KOp::Unary && is_const(in.a) && torch::unary_row_f32_ok(torch::UnaryOp(in.arg))) {
      float a = k.body[size_t(in.a)].imm;
      torch::unary_row_f32(torch::UnaryOp(in.arg), &r, &a, 1);
    } else if (in.op == KOp::Binary && is_const(in.a) && is_const(in.b) && torch::binary_row_f32_ok(torch::BinaryOp(in.arg))) {
      float a = k.body[size_t(in.a)].imm, b = k.body[size_t(in.b)].imm;
      torch::binary_row_f32(torch::BinaryOp(in.arg), &r, &a, 1, &b, 1, 1);
    } else {
      continue;
    }
    in = KInstr{KOp::Const};
    in.imm = r;
    changed = true;
  }
  return changed;
}

}  // namespace kiln::codegen
