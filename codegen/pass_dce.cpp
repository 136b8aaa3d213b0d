// codegen/pass_dce.cpp — dead code (codegen/passes.def): instructions no
// output depends on are dropped and the body renumbered. (Inputs stay: a
// kernel's inputs are its region's, bound by position.)
#include "codegen/passes.h"

namespace kiln::codegen {

bool pass_dce(Kernel& k) {
  std::vector<bool> live(k.body.size(), false);
  for (int o : k.outputs) live[size_t(o)] = true;
  for (size_t i = k.body.size(); i-- > 0;) {
    if (!live[i]) continue;
    if (k.body[i].a >= 0) live[size_t(k.body[i].a)] = true;
    if (k.body[i].b >= 0) live[size_t(k.body[i].b)] = true;
    if (k.body[i].c >= 0) live[size_t(k.body[i].c)] = true;
  }
  std::vector<int> renum(k.body.size(), -1);
  std::vector<KInstr> body;
  for (size_t i = 0; i < k.body.size(); i++) {
    if (!live[i]) continue;
    KInstr in = k.body[i];
    if (in.a >= 0) in.a = renum[size_t(in.a)];
    if (in.b >= 0) in.b = renum[size_t(in.b)];
    if (in.c >= 0) in.c = renum[size_t(in.c)];
    renum[i] = int(body.size());
    body.push_back(in);
  }
  bool changed = body.size() != k.body.size();
  k.body = std::move(body);
  for (int& o : k.outputs) o = renum[size_t(o)];
  bool reduces = false;
  for (const KInstr& in : k.body) reduces = reduces || in.op == KOp::Reduce;
  if (!reduces && k.reduce_dims) {  // its reductions were dead: a pointwise kernel now
    k.reduce_dims = 0;
    k.reduce_from = -1;
    changed = true;
  }
  return changed;
}

}  // namespace kiln::codegen
