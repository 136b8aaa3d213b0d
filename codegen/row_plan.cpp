// codegen/row_plan.cpp — see codegen/row_plan.h.
#include "codegen/row_plan.h"

#include <fmt/format.h>

#include <algorithm>

namespace kiln::codegen {

namespace {

// A pointwise kernel computing `roots` (values of k) at every point of the
// row: the row-level and constant instructions they need, with per-row
// values read from their slots and values stored by earlier sweeps
// (`stored_as`: per value, its stored row or -1) read from there.
Kernel sub_kernel(const Kernel& k, const RowPlan& p, const std::vector<int>& roots, const std::vector<int>& stored_as,
                  const std::string& name) {
  Kernel s;
  s.name = name;
  s.dtype = k.dtype;
  s.fast_math = k.fast_math;
  s.inputs = k.inputs;
  for (int i = 0; i < p.slots; i++) s.inputs.push_back(KInput{!k.columns()});  // (columns: a value per column)
  for (int i = 0; i < p.stored; i++) s.inputs.push_back(KInput{false});
  auto from_scratch = [&](size_t v) { return stored_as[v] >= 0; };
  std::vector<int> map(k.body.size(), -1);
  std::vector<bool> need(k.body.size(), false);
  for (int r : roots) need[size_t(r)] = true;
  for (size_t i = k.body.size(); i-- > 0;) {
    if (!need[i] || p.slot_of[i] >= 0 || from_scratch(i)) continue;
    if (k.body[i].a >= 0) need[size_t(k.body[i].a)] = true;
    if (k.body[i].b >= 0) need[size_t(k.body[i].b)] = true;
    if (k.body[i].c >= 0) need[size_t(k.body[i].c)] = true;
  }
  for (size_t i = 0; i < k.body.size(); i++) {
    if (!need[i]) continue;
    KInstr in = k.body[i];
    if (p.slot_of[i] >= 0) {
      in = KInstr{KOp::Load, int(k.inputs.size()) + p.slot_of[i]};
    } else if (from_scratch(i)) {
      in = KInstr{KOp::Load, int(k.inputs.size()) + p.slots + stored_as[i]};
    } else {
      if (in.a >= 0) in.a = map[size_t(in.a)];
      if (in.b >= 0) in.b = map[size_t(in.b)];
      if (in.c >= 0) in.c = map[size_t(in.c)];
    }
    map[i] = int(s.body.size());
    s.body.push_back(in);
  }
  for (int r : roots) s.outputs.push_back(map[size_t(r)]);
  return s;
}

}  // namespace

bool folds_in_place(const Kernel& k, const KInstr& operand) {
  return operand.op == KOp::Load && !k.inputs[size_t(operand.arg)].scalar && k.inputs[size_t(operand.arg)].dtype == k.dtype;
}

RowPlan plan_rows(const Kernel& k) {
  RowPlan p;
  p.forms = k.forms();
  size_t nv = k.body.size();
  p.slot_of.assign(nv, -1);
  // after[v]: the sweeps after which value v is known (per-row values), or
  // which a row-level value needs done first.
  std::vector<int> after(nv, 0);
  int sweeps = 0;
  for (size_t i = 0; i < nv; i++) {
    const KInstr& in = k.body[i];
    bool per_row = p.forms[i] == Form::Kept || p.forms[i] == Form::Squeezed;
    if (per_row) p.slot_of[i] = p.slots++;
    if (in.op == KOp::Reduce) {
      after[i] = after[size_t(in.a)] + 1;
      sweeps = std::max(sweeps, after[i]);
      continue;
    }
    if (in.a >= 0) after[i] = std::max(after[i], after[size_t(in.a)]);
    if (in.b >= 0) after[i] = std::max(after[i], after[size_t(in.b)]);
    if (in.c >= 0) after[i] = std::max(after[i], after[size_t(in.c)]);
  }
  p.sweeps.resize(size_t(sweeps));
  // Stored rows: every producer output of every sweep. (Counted first: a
  // sub-kernel's inputs include them all.)
  std::vector<int> stored_as(nv, -1);
  std::vector<std::vector<int>> sweep_roots(static_cast<size_t>(sweeps));
  for (int s = 1; s <= sweeps && !k.columns(); s++) {
    for (size_t i = 0; i < nv; i++) {
      const KInstr& in = k.body[i];
      if (in.op != KOp::Reduce || after[i] != s) continue;
      const KInstr& src = k.body[size_t(in.a)];
      if (folds_in_place(k, src)) continue;
      auto& r = sweep_roots[size_t(s - 1)];
      if (std::find(r.begin(), r.end(), in.a) == r.end()) r.push_back(in.a);
    }
    p.sweeps[size_t(s - 1)].first_stored = p.stored;
    p.stored += int(sweep_roots[size_t(s - 1)].size());
  }
  std::vector<int> known(nv, -1);  // stored rows written so far
  for (int s = 1; s <= sweeps; s++) {
    RowPlan::Sweep& sw = p.sweeps[size_t(s - 1)];
    std::vector<int> roots;
    for (size_t i = 0; i < nv; i++) {
      const KInstr& in = k.body[i];
      if (in.op == KOp::Reduce && after[i] == s) {
        RowPlan::Fold f{int(i)};
        const KInstr& src = k.body[size_t(in.a)];
        if (folds_in_place(k, src)) {
          f.direct = src.arg;
        } else {
          auto it = std::find(roots.begin(), roots.end(), in.a);
          f.output = int(it - roots.begin());
          if (it == roots.end()) roots.push_back(in.a);
        }
        sw.folds.push_back(f);
      } else if (p.slot_of[i] >= 0 && in.op != KOp::Reduce && after[i] == s) {
        sw.after.push_back(int(i));
      }
    }
    if (!roots.empty()) sw.producer = sub_kernel(k, p, roots, known, fmt::format("{}_sweep{}", k.name, s));
    if (!k.columns())
      for (size_t j = 0; j < roots.size(); j++) known[size_t(roots[j])] = sw.first_stored + int(j);
  }
  stored_as = known;
  std::vector<int> roots;
  p.final_output.assign(k.outputs.size(), -1);
  for (size_t o = 0; o < k.outputs.size(); o++) {
    int v = k.outputs[size_t(o)];
    if (p.forms[size_t(v)] != Form::Row) continue;
    p.final_output[o] = int(roots.size());  // one each, even for the same value (two outputs, two tensors)
    roots.push_back(v);
  }
  p.has_final = !roots.empty();
  if (p.has_final) p.final = sub_kernel(k, p, roots, stored_as, k.name + "_rows");
  return p;
}

}  // namespace kiln::codegen
