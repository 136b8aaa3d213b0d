// codegen/lower.cpp — see codegen/lower.h.
#include "codegen/lower.h"

#include <fmt/format.h>

#include <algorithm>

#include "codegen/pointwise.h"
#include "stdlib/torch/bindings.h"
#include "vm/ops.h"

namespace kiln::codegen {

namespace {

// Whether register r of g holds a Python number (else: a float32 tensor,
// checked when the kernel runs), or neither.
enum class Operand { Number, Tensor, Other };
Operand operand_kind(const tracer::Graph& g, int r) {
  if (r < int(g.consts.size())) {
    const vm::Value& c = g.consts[size_t(r)];
    return c.is_double() || c.is_bool() || vm::is_int(c) ? Operand::Number : Operand::Other;
  }
  const std::string& meta = r < int(g.consts.size() + g.inputs.size()) ? g.input_meta[size_t(r) - g.consts.size()]
                                                                          : g.nodes[size_t(r) - g.consts.size() - g.inputs.size()].meta;
  if (meta.rfind("float32[", 0) == 0) return Operand::Tensor;
  if (meta == "int" || meta == "float" || meta == "bool") return Operand::Number;
  return Operand::Other;
}

// Decomposition: a float32 torch.clamp / clip / clamp_min / clamp_max node
// (not in place) and its bound registers (lo, hi; -1 where absent or None).
bool clamp_of(const tracer::Graph& g, const tracer::Node& n, std::vector<int>* bounds) {
  int which = 0;
  if (n.op != tracer::GraphOp::Call || n.meta.rfind("float32[", 0) != 0 || !vm::is_kind(n.callee, vm::ObjKind::Native) ||
      !torch::clamp_native(n.callee.as<vm::NativeObject>(), &which) || n.in.empty())
    return false;
  size_t nkw = vm::is_kind(n.kwnames, vm::ObjKind::Tuple) ? n.kwnames.as<vm::TupleObject>()->size : 0;
  size_t npos = n.in.size() - nkw;
  int lo = -1, hi = -1;
  if (which == 0) {
    if (npos > 1) lo = n.in[1];
    if (npos > 2) hi = n.in[2];
  } else if (npos > 1) {
    (which == 2 ? lo : hi) = n.in[1];
  }
  for (size_t k = 0; k < nkw; k++) {
    std::string_view name = vm::str_view(n.kwnames.as<vm::TupleObject>()->items[k]);
    if (name == "min") lo = n.in[npos + k];
    else if (name == "max") hi = n.in[npos + k];
    else return false;
  }
  auto none = [&](int r) { return r >= 0 && r < int(g.consts.size()) && g.consts[size_t(r)].is_none(); };
  if (none(lo)) lo = -1;
  if (none(hi)) hi = -1;
  if (lo < 0 && hi < 0) return false;  // an error when it runs: the executor raises it
  *bounds = {lo, hi};
  return true;
}

}  // namespace

std::vector<KernelRegion> lower_graph(const tracer::Graph& g, const std::function<bool(const KInstr&)>& compiles) {
  std::vector<KernelRegion> out;
  // The last node (+1) reading each register; graph outputs read at the end.
  std::vector<size_t> last_use(size_t(g.nregs()), 0);
  for (size_t i = 0; i < g.nodes.size(); i++)
    for (int r : g.nodes[i].in) last_use[size_t(r)] = std::max(last_use[size_t(r)], i + 1);
  for (int r : g.outputs) last_use[size_t(r)] = SIZE_MAX;

  // The run of nodes from `first` (before `limit`) that compiles, as a region.
  auto build = [&](size_t first, size_t limit) {
    KernelRegion reg;
    reg.first = first;
    Kernel& k = reg.kernel;
    std::vector<int> value_of_node;  // per node of the run: its value in the body
    auto value_of = [&](int r) -> int {
      int node = r - g.node_reg(0);
      if (node >= int(reg.first) && node < int(reg.first + value_of_node.size())) return value_of_node[size_t(node) - reg.first];
      for (size_t j = 0; j < reg.inputs.size(); j++)
        if (reg.inputs[j] == r) {
          for (size_t b = 0; b < k.body.size(); b++)
            if (k.body[b].op == KOp::Load && k.body[b].arg == int(j)) return int(b);
        }
      Operand kind = operand_kind(g, r);
      if (kind == Operand::Other) return -1;
      torch::Scalar s;
      if (r < int(g.consts.size()) && torch::as_scalar(g.consts[size_t(r)], &s)) {
        // A constant of the graph: part of the kernel (foldable).
        KInstr c{KOp::Const};
        c.imm = s.to<float>();
        k.body.push_back(c);
        return int(k.body.size() - 1);
      }
      reg.inputs.push_back(r);
      k.inputs.push_back(KInput{kind == Operand::Number});
      k.body.push_back(KInstr{KOp::Load, int(reg.inputs.size() - 1)});
      return int(k.body.size() - 1);
    };
    size_t i = first;
    while (i < limit) {
      const tracer::Node& n = g.nodes[i];
      std::vector<int> clamp_bounds;  // decomposition: clamp -> (lo, hi) registers, -1 absent
      PointwiseOp p;
      if (!pointwise_of(n, &p) && !clamp_of(g, n, &clamp_bounds)) break;
      if (!clamp_bounds.empty()) {
        // clamp(x, lo, hi) = clamp_hi(clamp_lo(x, lo), hi), each half the
        // eager op for a number or a tensor bound.
        Kernel saved = k;
        std::vector<int> saved_inputs = reg.inputs;
        int v = value_of(n.in[0]);
        bool ok = v >= 0;
        for (int half = 0; ok && half < 2; half++) {
          int r = clamp_bounds[size_t(half)];
          if (r < 0) continue;
          int b = value_of(r);
          bool number = operand_kind(g, r) == Operand::Number;
          torch::BinaryOp op = half == 0 ? (number ? torch::BinaryOp::clamp_lo_scalar : torch::BinaryOp::clamp_lo)
                                         : (number ? torch::BinaryOp::clamp_hi_scalar : torch::BinaryOp::clamp_hi);
          KInstr ins{KOp::Binary, int(op), v, b};
          ok = b >= 0 && compiles(ins);
          if (ok) {
            k.body.push_back(ins);
            v = int(k.body.size() - 1);
          }
        }
        for (size_t q = saved.body.size(); ok && q < k.body.size(); q++) ok = compiles(k.body[q]);
        if (!ok) {
          k = std::move(saved);
          reg.inputs = std::move(saved_inputs);
          break;
        }
        value_of_node.push_back(v);
        i++;
        continue;
      }
      // Tentatively add the node; undo if an operand or the op is not compilable.
      Kernel saved = k;
      std::vector<int> saved_inputs = reg.inputs;
      int a = value_of(n.in[0]);
      int b = p.unary ? 0 : value_of(n.in[1]);
      KInstr ins{p.unary ? KOp::Unary : KOp::Binary, p.op, a, p.unary ? -1 : b};
      bool ok = a >= 0 && b >= 0 && compiles(ins);
      for (size_t q = saved.body.size(); ok && q < k.body.size(); q++) ok = compiles(k.body[q]);
      if (!ok) {
        k = std::move(saved);
        reg.inputs = std::move(saved_inputs);
        break;
      }
      k.body.push_back(ins);
      value_of_node.push_back(int(k.body.size() - 1));
      i++;
    }
    reg.end = i;
    for (size_t nidx = reg.first; nidx < reg.end; nidx++)
      if (last_use[size_t(g.node_reg(nidx))] > reg.end) {
        reg.outs.push_back(nidx);
        k.outputs.push_back(value_of_node[nidx - reg.first]);
      }
    return reg;
  };
  // Elements of a node's result while tracing ("float32[4, 6]": 24).
  auto numel_of = [](const std::string& meta) {
    int64_t n = 1;
    size_t b = meta.find('['), e = meta.find(']');
    if (b == std::string::npos || e == std::string::npos) return int64_t(-1);
    std::string dims = meta.substr(b + 1, e - b - 1);
    size_t i = 0;
    while (i < dims.size()) {
      size_t j = dims.find(',', i);
      if (j == std::string::npos) j = dims.size();
      n *= std::atoll(dims.substr(i, j - i).c_str());
      i = j + 1;
    }
    return n;
  };

  size_t i = 0;
  while (i < g.nodes.size()) {
    // Values of several shapes may meet in a kernel (a row statistic used
    // across its row), but every value it stores spans its whole loop nest:
    // a stored value of a smaller shape ends the kernel before it (it
    // starts the next one). The launch checks again at run time, for
    // dynamic sizes.
    size_t limit = g.nodes.size();
    KernelRegion reg;
    for (;;) {
      reg = build(i, limit);
      if (reg.end == reg.first) break;
      const std::string* widest = &g.nodes[reg.first].meta;
      for (size_t n = reg.first; n < reg.end; n++)
        if (numel_of(g.nodes[n].meta) > numel_of(*widest)) widest = &g.nodes[n].meta;
      size_t bad = SIZE_MAX;
      for (size_t o : reg.outs)
        if (g.nodes[o].meta != *widest) bad = std::min(bad, o);
      if (bad == SIZE_MAX) break;
      limit = std::max(bad, i + 1);
    }
    if (reg.end == reg.first) {
      i++;
      continue;
    }
    i = reg.end;
    Kernel& k = reg.kernel;
    if (k.outputs.empty()) continue;  // nothing used: the executor keeps the nodes (their errors, if any)
    bool tensor_in = false;
    for (const KInput& in : k.inputs) tensor_in = tensor_in || !in.scalar;
    if (!tensor_in) continue;
    k.name = fmt::format("{}_k{}", g.name, out.size());
    out.push_back(std::move(reg));
  }
  return out;
}

}  // namespace kiln::codegen
