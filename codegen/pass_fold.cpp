// codegen/pass_fold.cpp — constant folding (codegen/passes.def): an op of
// constants is computed now, by the eager row, so it is the same bits.
#include "codegen/passes.h"
#include "codegen/reference.h"

namespace kiln::codegen {

bool pass_fold(Kernel& k) {
  bool changed = false;
  for (KInstr& in : k.body) {
    auto is_const = [&](int v) { return v >= 0 && k.body[size_t(v)].op == KOp::Const; };
    auto imm = [&](int v) { return v >= 0 ? k.body[size_t(v)].imm : 0.0f; };
    bool folds = (in.op == KOp::Unary && is_const(in.a) && reference_supports_unary(in.arg)) ||
                 (in.op == KOp::Binary && is_const(in.a) && is_const(in.b) && reference_supports_binary(in.arg)) ||
                 (in.op == KOp::Select && is_const(in.a) && is_const(in.b) && is_const(in.c));
    if (!folds) continue;
    float r = eval_element(in, imm(in.a), imm(in.b), imm(in.c));
    in = KInstr{KOp::Const};
    in.imm = r;
    changed = true;
  }
  return changed;
}

}  // namespace kiln::codegen
