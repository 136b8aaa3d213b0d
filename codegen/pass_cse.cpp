// codegen/pass_cse.cpp — common subexpressions (codegen/passes.def): an
// instruction equal to an earlier one (same op, operands and constant
// bits or var's correction; a load of the same input) is replaced by it.
// Every op is pure.
#include <bit>
#include <map>
#include <tuple>

#include "codegen/passes.h"

namespace kiln::codegen {

bool pass_cse(Kernel& k) {
  std::vector<int> repl(k.body.size());
  std::map<std::tuple<int, int, int, int, int, uint32_t, bool>, int> seen;
  bool changed = false;
  for (size_t i = 0; i < k.body.size(); i++) {
    repl[i] = int(i);
    KInstr& in = k.body[i];
    // Operands first take their replacements, so equal trees collapse.
    if (in.a >= 0) in.a = repl[size_t(in.a)];
    if (in.b >= 0) in.b = repl[size_t(in.b)];
    if (in.c >= 0) in.c = repl[size_t(in.c)];
    auto key = std::make_tuple(int(in.op), in.arg, in.a, in.b, in.c,
                               in.op == KOp::Const || in.op == KOp::Reduce ? std::bit_cast<uint32_t>(in.imm) : 0u,
                               in.op == KOp::Reduce && in.keepdim);
    auto [it, fresh] = seen.emplace(key, int(i));
    if (!fresh) {
      repl[i] = it->second;
      changed = true;
    }
  }
  if (changed) apply_replacements(k, repl);
  return changed;
}

}  // namespace kiln::codegen
