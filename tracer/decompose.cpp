// tracer/decompose.cpp — see decompose.h.
#include "tracer/decompose.h"

#include <fmt/format.h>

#include "stdlib/torch/error.h"
#include "stdlib/torch/ops/decompositions.h"
#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/tensor_object.h"

namespace kiln::tracer {

namespace {

using torch::ops::OpId;

bool given(GraphDerivative& d, const OpCall& c, size_t p) { return c.arg[p] >= 0 && !d.sample(c.arg[p]).is_none(); }

// A number argument: a constant of the graph.
int number_arg(GraphDerivative& d, const OpCall& c, size_t p) {
  if (!d.is_number(c.arg[p]))
    torch::fail(torch::ErrorKind::NotImplemented, "no decomposition of {}() with a {} the graph computes", c.op->name(),
                c.op->schema.names[p]);
  return c.arg[p];
}

int addc(GraphDerivative& d, const OpCall& c) {  // (input, tensor1, tensor2, *, value=1)
  return torch::ops::addc_decomposition(d, c.arg[0], c.arg[1], c.arg[2], given(d, c, 3) ? number_arg(d, c, 3) : d.none(),
                                        c.op->id == OpId::addcdiv);
}

int lerp(GraphDerivative& d, const OpCall& c) {  // (input, end, weight)
  int w = d.is_tensor(c.arg[2]) ? c.arg[2] : number_arg(d, c, 2);
  return torch::ops::lerp_decomposition(d, c.arg[0], c.arg[1], w, d.dtype(c.arg[0]));
}

// add / sub(input, other, *, alpha) with a tensor `other` of the result's
// floating dtype: input ± other * alpha, which is how eager computes it
// (its one-pass kernel rounds other * alpha, then the sum, as these two
// ops do). Without alpha the call is the binary op itself.
int add_alpha(GraphDerivative& d, const OpCall& c) {  // (input, other, *, alpha=1)
  if (!given(d, c, 2) || !d.is_tensor(c.arg[1]) || !torch::is_floating(d.dtype(c.arg[1])) ||
      !d.is_tensor(c.arg[0]) || d.dtype(c.arg[0]) != d.dtype(c.arg[1]) || d.sample(c.arg[2]).is_bool())
    torch::fail(torch::ErrorKind::NotImplemented, "no decomposition of {}() but with alpha and two tensors of one floating dtype",
                c.op->name());
  int scaled = d.binary(torch::BinaryOp::mul, c.arg[1], number_arg(d, c, 2));
  return d.binary(c.op->id == OpId::add ? torch::BinaryOp::add : torch::BinaryOp::sub, c.arg[0], scaled);
}

using Decomposition = int (*)(GraphDerivative&, const OpCall&);
Decomposition decomposition_of(OpId op) {
  switch (op) {
    case OpId::addcmul:
    case OpId::addcdiv: return addc;
    case OpId::lerp: return lerp;
    default: return nullptr;
  }
}

}  // namespace

bool has_decomposition(OpId op) { return decomposition_of(op) != nullptr; }

int decompose(GraphDerivative& d, const OpCall& c) {
  Decomposition f = decomposition_of(c.op->id);
  if (!f) torch::fail(torch::ErrorKind::NotImplemented, "{}() has no decomposition", c.op->name());
  return f(d, c);
}

namespace {

// A composite call's decomposition, built apart: its inputs stand for the
// call's tensor argument registers `args` of the graph.
struct Piece {
  size_t node;            // the composite's node
  Graph sub;              // constants, inputs (args), nodes; outputs[0]: the result
  std::vector<int> args;  // per input of sub: the register of the graph it reads
};

bool build_piece(VM& vm, const Graph& g, size_t i, Piece* out) {
  const Node& n = g.nodes[i];
  // (The op first, by the native: binding the call costs more.)
  if (n.op != GraphOp::Call || !n.meta.tensor || !vm::is_kind(n.callee, vm::ObjKind::Native)) return false;
  const torch::ops::OpDef* op = torch::ops::op_of(n.callee.as<vm::NativeObject>());
  bool alpha = op && (op->id == OpId::add || op->id == OpId::sub);  // (with alpha: add_alpha)
  if (!op || (op->kind != torch::ops::OpKind::Composite && !alpha)) return false;
  OpCall c;
  if (!op_call_of(n, &c) || (alpha ? c.arg[2] < 0 : !has_decomposition(c.op->id))) return false;
  GraphDerivative d(vm, g.name);
  std::vector<int> regs;  // the graph registers already given a value of d, and their values
  std::vector<int> values;
  OpCall mapped = c;
  for (size_t p = 0; p < c.op->schema.params.size(); p++) {
    int r = c.arg[p];
    if (r < 0) continue;
    size_t k = 0;
    while (k < regs.size() && regs[k] != r) k++;
    if (k == regs.size()) {
      if (r < int(g.consts.size())) {
        values.push_back(d.constant(g.consts[size_t(r)]));
      } else {
        Value m = g.meta_value(vm, r);  // (a tensor of fixed sizes; else the call stays as it is)
        if (!m || !torch::is_tensor(m)) return false;
        values.push_back(d.input(m, fmt::format("r{}", r)));
        out->args.push_back(r);
      }
      regs.push_back(r);
    }
    mapped.arg[p] = values[k];
  }
  try {
    int result = alpha ? add_alpha(d, mapped) : decompose(d, mapped);
    out->sub = d.finish({result});
    if (out->sub.outputs[0] < out->sub.node_reg(0)) return false;  // (a decomposition that is an argument itself)
  } catch (const torch::Error&) {
    return false;
  }
  out->node = i;
  return true;
}

// One round of the pass: the graph's composite calls as they are now.
size_t decompose_once(VM& vm, Graph& g) {
  std::vector<Piece> pieces;
  for (size_t i = 0; i < g.nodes.size(); i++) {
    Piece p;
    if (build_piece(vm, g, i, &p)) pieces.push_back(std::move(p));
  }
  if (pieces.empty()) return 0;
  // The new constants: the graph's, then each piece's.
  Graph out;
  out.name = g.name;
  out.filename = g.filename;
  out.consts = g.consts;
  std::vector<size_t> const_base;
  for (const Piece& p : pieces) {
    const_base.push_back(out.consts.size());
    out.consts.insert(out.consts.end(), p.sub.consts.begin(), p.sub.consts.end());
  }
  out.inputs = g.inputs;
  out.input_names = g.input_names;
  out.input_meta = g.input_meta;
  out.tuple_output = g.tuple_output;
  out.dynamic = g.dynamic;
  const int shift = int(out.consts.size() - g.consts.size());
  const int old_first_node = g.node_reg(0), new_first_node = int(out.consts.size() + out.inputs.size());
  std::vector<int> result_of(g.nodes.size(), -1);  // old node -> its result's new node index
  std::vector<size_t> start_of(g.nodes.size() + 1);  // old node -> the first new node it became
  auto map_reg = [&](int r) {
    if (r < int(g.consts.size())) return r;
    if (r < old_first_node) return r + shift;
    return new_first_node + result_of[size_t(r - old_first_node)];
  };
  size_t next_piece = 0;
  for (size_t i = 0; i < g.nodes.size(); i++) {
    start_of[i] = out.nodes.size();
    const Node& n = g.nodes[i];
    if (next_piece < pieces.size() && pieces[next_piece].node == i) {
      const Piece& p = pieces[next_piece];
      const Graph& sub = p.sub;
      size_t first = out.nodes.size();
      auto sub_reg = [&](int r) {
        if (r < int(sub.consts.size())) return int(const_base[next_piece]) + r;
        if (r < sub.node_reg(0)) return map_reg(p.args[size_t(r - int(sub.consts.size()))]);
        return new_first_node + int(first) + (r - sub.node_reg(0));
      };
      for (const Node& sn : sub.nodes) {
        Node m = sn;
        for (int& r : m.in) r = sub_reg(r);
        m.line = n.line;
        m.file = n.file;
        m.sites = n.sites;
        out.nodes.push_back(std::move(m));
      }
      result_of[i] = sub_reg(sub.outputs[0]) - new_first_node;
      next_piece++;
      continue;
    }
    Node m = n;
    for (int& r : m.in) r = map_reg(r);
    out.nodes.push_back(std::move(m));
    result_of[i] = int(out.nodes.size()) - 1;
  }
  start_of[g.nodes.size()] = out.nodes.size();
  for (int r : g.outputs) out.outputs.push_back(map_reg(r));
  for (Graph::WithExit w : g.with_exits) {
    if (w.manager >= 0) w.manager = map_reg(w.manager);
    w.first = start_of[std::min(w.first, g.nodes.size())];
    w.end = start_of[std::min(w.end, g.nodes.size())];
    out.with_exits.push_back(w);
  }
  g = std::move(out);
  return pieces.size();
}

}  // namespace

size_t decompose_composites(VM& vm, Graph& g) {
  if (!vm.torch_state || g.dynamic) return 0;
  // Until none is left: a decomposition may hold calls that decompose in
  // turn (addcmul's value is an add with alpha). Each round's pieces are
  // smaller ops, so this ends; the bound is a guard against a cycle.
  size_t total = 0;
  for (int round = 0; round < 4; round++) {
    size_t n = decompose_once(vm, g);
    if (n == 0) break;
    total += n;
  }
  return total;
}

}  // namespace kiln::tracer
