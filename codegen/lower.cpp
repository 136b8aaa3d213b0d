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
      PointwiseOp p;
      if (!pointwise_of(n, &p)) break;
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
