// tracer/graph.cpp — printing and validating graphs (tracer/graph.h).
#include "tracer/graph.h"

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/tensor_object.h"

#include <fmt/format.h>

#include <set>

#include "vm/ops.h"
#include "vm/slice.h"
#include "vm/tuple.h"

namespace kiln::tracer {

namespace {
struct OpInfo {
  const char* name;
  int arity;
};
const OpInfo kOps[] = {
#define GRAPH_OP(name, printed, arity) {printed, arity},
#include "tracer/ops.def"
#undef GRAPH_OP
};

std::string const_text(VM& vm, const Value& v) {
  Value r = vm::repr(vm, v);
  if (!r) {
    vm.clear_exception();
    return fmt::format("<{}>", vm::type_name(vm, v));
  }
  std::string s(vm::str_view(r));
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

// The name a register prints as.
std::string reg_name(const Graph& g, int r) {
  if (r < int(g.consts.size())) return fmt::format("c{}", r);
  if (r < int(g.consts.size() + g.inputs.size())) return fmt::format("i{}", r - int(g.consts.size()));
  return fmt::format("v{}", r - int(g.consts.size() + g.inputs.size()));
}

std::string node_expr(VM& vm, const Graph& g, const Node& n) {
  std::string args;
  size_t nkw = vm::is_kind(n.kwnames, vm::ObjKind::Tuple) ? n.kwnames.as<vm::TupleObject>()->size : 0;
  size_t npos = n.in.size() - nkw;
  for (size_t i = 0; i < n.in.size(); i++) {
    if (i) args += ", ";
    if (i >= npos) args += std::string(vm::str_view(n.kwnames.as<vm::TupleObject>()->items[i - npos])) + "=";
    args += reg_name(g, n.in[i]);
  }
  switch (n.op) {
    case GraphOp::Call:
    case GraphOp::NewObject: return fmt::format("{}({})", n.label, args);
    case GraphOp::Binary:
    case GraphOp::Compare:
      return fmt::format("{} {} {}", reg_name(g, n.in[0]), n.label, reg_name(g, n.in[1]));
    case GraphOp::Inplace: return fmt::format("{} {}= {}", reg_name(g, n.in[0]), n.label, reg_name(g, n.in[1]));
    case GraphOp::Unary: return fmt::format("{}{}", n.label, reg_name(g, n.in[0]));
    case GraphOp::GetItem: return fmt::format("{}[{}]", reg_name(g, n.in[0]), reg_name(g, n.in[1]));
    case GraphOp::SetItem:
      return fmt::format("setitem({}, {}, {})", reg_name(g, n.in[0]), reg_name(g, n.in[1]), reg_name(g, n.in[2]));
    case GraphOp::GetAttr: return fmt::format("{}.{}", reg_name(g, n.in[0]), vm::str_view(n.name));
    case GraphOp::BuildTuple:
      return fmt::format("{}({}{}){}", n.callee.is_empty() ? "" : "torch.Size(", args, n.in.size() == 1 ? "," : "",
                         n.callee.is_empty() ? "" : ")");
    case GraphOp::BuildList: return fmt::format("[{}]", args);
    case GraphOp::BuildSet: return n.in.empty() ? std::string("set()") : fmt::format("{{{}}}", args);
    case GraphOp::BuildDict: {
      std::string r = "{";
      for (size_t i = 0; i < n.in.size(); i++) {
        Value k = vm::repr(vm, n.kwnames.as<vm::TupleObject>()->items[i]);
        if (!k) vm.clear_exception();
        r += fmt::format("{}{}: {}", i ? ", " : "", k ? std::string(vm::str_view(k)) : "?", reg_name(g, n.in[i]));
      }
      return r + "}";
    }
    case GraphOp::SetAttr:
      return fmt::format("setattr({}, '{}', {})", reg_name(g, n.in[0]), vm::str_view(n.name), reg_name(g, n.in[1]));
    case GraphOp::StoreGlobal: return fmt::format("store_global('{}', {})", vm::str_view(n.name), reg_name(g, n.in[0]));
    case GraphOp::StoreCell: return fmt::format("store_cell({}, {})", reg_name(g, n.in[0]), reg_name(g, n.in[1]));
    case GraphOp::SetGradMode: return fmt::format("torch._C._set_grad_enabled({})", n.arg ? "True" : "False");
    case GraphOp::CopyBack: return fmt::format("copy_back({}, {})", reg_name(g, n.in[0]), reg_name(g, n.in[1]));
    case GraphOp::Count_: break;
  }
  return "?";
}
}  // namespace

const char* graph_op_name(GraphOp op) { return kOps[size_t(op)].name; }

bool op_call_of(const Node& n, OpCall* out) {
  if (n.op != GraphOp::Call || !vm::is_kind(n.callee, vm::ObjKind::Native)) return false;
  bool method = false;
  const torch::ops::OpDef* op = torch::ops::op_of(n.callee.as<vm::NativeObject>(), &method);
  if (!op) return false;
  size_t nkw = vm::is_kind(n.kwnames, vm::ObjKind::Tuple) ? n.kwnames.as<vm::TupleObject>()->size : 0;
  if (nkw > n.in.size()) return false;
  size_t npos = n.in.size() - nkw;
  int slot[torch::ops::kMaxParams];
  std::string error;
  size_t packed = 0;
  // (An op with overloads: the first whose parameters fit, as the call binds.)
  while (!torch::ops::match(op->schema, npos, nkw ? n.kwnames.as<vm::TupleObject>()->items : nullptr, nkw, method, slot,
                            &error, &packed))
    if (!(op = torch::ops::next_overload(*op))) return false;
  if (packed > 8) return false;
  out->op = op;
  out->packed = packed;
  if (packed > 1)
    for (size_t k = 0; k < packed; k++) out->pack[k] = n.in[size_t(slot[op->schema.varargs]) + k];
  for (size_t i = 0; i < torch::ops::kMaxParams; i++)
    out->arg[i] = i < op->schema.params.size() && slot[i] >= 0 ? n.in[size_t(slot[i])] : -1;
  return true;
}

int graph_op_arity(GraphOp op) { return kOps[size_t(op)].arity; }

Meta Graph::reg_meta(VM& vm, int r) const {
  if (r < int(consts.size())) return meta_of(vm, consts[size_t(r)]);
  if (r < int(consts.size() + inputs.size())) return input_meta[size_t(r) - consts.size()];
  return nodes[size_t(r) - consts.size() - inputs.size()].meta;
}

Value Graph::meta_value(VM& vm, int r) const {
  if (r < int(consts.size())) return consts[size_t(r)];
  Meta m = reg_meta(vm, r);
  if (!m.tensor || !m.static_sizes()) return Value();
  torch::Shape s;
  for (int64_t d : m.sizes) s.push_back(d);
  return torch::ops::meta_object(vm, torch::meta_tensor(s, m.dtype));
}

bool Graph::call_meta(VM& vm, const Node& n, const torch::ops::OpDef& op, bool method, Value* result) const {
  std::vector<Value> args;
  for (int r : n.in) {
    args.push_back(meta_value(vm, r));
    if (!args.back()) return false;
  }
  size_t nkw = vm::is_kind(n.kwnames, vm::ObjKind::Tuple) ? n.kwnames.as<vm::TupleObject>()->size : 0;
  const vm::TupleObject* kw = nkw ? n.kwnames.as<vm::TupleObject>() : nullptr;
  return torch::ops::infer_meta(vm, op, vm::CallArgs{args.data(), args.size() - nkw, kw}, method, result);
}

std::string Graph::check_meta(VM& vm) const {
  if (!symbolic_mismatch.empty()) return symbolic_mismatch;
  for (size_t i = 0; i < nodes.size(); i++) {
    const Node& n = nodes[i];
    OpCall c;
    if (!op_call_of(n, &c) || !n.meta.tensor || !n.meta.static_sizes()) continue;
    bool method = false;
    torch::ops::op_of(n.callee.as<vm::NativeObject>(), &method);
    Value r;
    if (!call_meta(vm, n, *c.op, method, &r)) {
      if (!vm.has_exception()) continue;  // an argument without a meta value
      Value e = vm.take_exception();
      vm.clear_exception();
      Value s = e ? vm::str(vm, e) : Value();
      vm.clear_exception();
      return fmt::format("{} (node v{}): its meta function raised {} where the trace ran it", n.label, i,
                         s ? std::string(vm::str_view(s)) : "an exception");
    }
    if (!torch::is_tensor(r)) continue;  // (a tuple result: sort, var_mean...)
    Meta got = meta_of(vm, r);
    if (!(got == n.meta))
      return fmt::format("{} (node v{}): its meta function gives {} where the trace had {}", n.label, i, got.str(),
                         n.meta.str());
  }
  return "";
}

bool may_raise_on_data(const Node& n, bool int_result, const std::function<bool(int)>& tensorish) {
  static const std::set<std::string_view> kDataErrors = {
      "gather", "scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce", "scatter_reduce_",
      "index_select", "index_add", "index_add_", "index_copy", "index_copy_", "index_fill", "index_fill_",
      "index_put", "index_put_", "take", "take_along_dim", "embedding", "nll_loss", "one_hot", "multinomial",
      "bincount", "repeat_interleave", "searchsorted", "bucketize", "cholesky", "inverse", "solve", "lu",
      "histc", "cross_entropy", "masked_scatter", "masked_scatter_", "put_", "unravel_index"};
  switch (n.op) {
    case GraphOp::Call: {
      std::string_view name = n.label;
      if (size_t dot = name.rfind('.'); dot != std::string_view::npos) name = name.substr(dot + 1);
      if (kDataErrors.count(name)) return true;
      bool div = name.find("div") != std::string_view::npos || name.find("remainder") != std::string_view::npos ||
                 name.find("fmod") != std::string_view::npos || name.find("pow") != std::string_view::npos;
      return div && int_result;
    }
    case GraphOp::GetItem:
    case GraphOp::SetItem: return tensorish(n.in[1]);
    case GraphOp::Binary:
    case GraphOp::Inplace: {
      auto op = vm::BinOpKind(n.arg);
      bool div = op == vm::BinOpKind::FloorDiv || op == vm::BinOpKind::Mod || op == vm::BinOpKind::Div ||
                 op == vm::BinOpKind::Pow || op == vm::BinOpKind::LShift || op == vm::BinOpKind::RShift;
      return div && int_result;
    }
    default: return false;
  }
}

bool basic_index(const Value& key) {
  auto basic = [](const Value& it) {
    if (it.is_small_int() || it.is_none() || it.is_ellipsis()) return true;
    if (!vm::is_kind(it, vm::ObjKind::Slice)) return false;
    const auto* sl = it.as<vm::SliceObject>();
    for (const Value& p : {sl->start, sl->stop, sl->step})
      if (!p.is_none() && !p.is_small_int()) return false;
    return true;
  };
  if (!vm::is_kind(key, vm::ObjKind::Tuple)) return basic(key);
  const auto* t = key.as<vm::TupleObject>();
  for (size_t i = 0; i < t->size; i++)
    if (!basic(t->items[i])) return false;
  return true;
}

void splice_nodes(Graph& g, std::vector<std::pair<size_t, Node>> inserts) {
  if (inserts.empty()) return;
  const int first = g.node_reg(0), old_regs = g.nregs();
  const size_t old_nodes = g.nodes.size();
  std::vector<int> new_index(old_nodes + inserts.size());  // old node i, then inserted node k (at old_nodes + k)
  std::vector<size_t> start(old_nodes + 1);               // old node i -> its new index (end: the new count)
  std::vector<Node> nodes;
  nodes.reserve(new_index.size());
  size_t k = 0;
  for (size_t i = 0; i < old_nodes; i++) {
    start[i] = nodes.size();
    new_index[i] = int(nodes.size());
    nodes.push_back(std::move(g.nodes[i]));
    for (; k < inserts.size() && inserts[k].first == i; k++) {
      new_index[old_nodes + k] = int(nodes.size());
      nodes.push_back(std::move(inserts[k].second));
    }
  }
  start[old_nodes] = nodes.size();
  auto map = [&](int r) {
    if (r < first) return r;
    return first + new_index[r < old_regs ? size_t(r - first) : old_nodes + size_t(r - old_regs)];
  };
  for (Node& n : nodes)
    for (int& r : n.in) r = map(r);
  for (int& r : g.outputs) r = map(r);
  for (Graph::WithExit& w : g.with_exits) {
    if (w.manager >= 0) w.manager = map(w.manager);
    w.first = start[std::min(w.first, old_nodes)];
    w.end = start[std::min(w.end, old_nodes)];
  }
  g.nodes = std::move(nodes);
}

bool is_plumbing(const Node& n) {
  switch (n.op) {
    case GraphOp::BuildTuple:
    case GraphOp::BuildList:
    case GraphOp::BuildDict:
    case GraphOp::BuildSet:
    case GraphOp::SetAttr:
    case GraphOp::StoreGlobal:
    case GraphOp::StoreCell:
    case GraphOp::SetGradMode:
    case GraphOp::NewObject: return true;
    case GraphOp::Call: return n.label == "next" || n.label == "dict.pop";
    default: return false;
  }
}

size_t Graph::op_count() const {
  size_t n = 0;
  for (const Node& x : nodes)
    if (!is_plumbing(x)) n++;
  return n;
}

std::string Graph::to_code(VM& vm) const {
  std::string r = fmt::format("def {}(", name);
  for (size_t i = 0; i < inputs.size(); i++) r += fmt::format("{}i{}", i ? ", " : "", i);
  r += "):\n";
  for (size_t i = 0; i < inputs.size(); i++)
    r += fmt::format("    # i{} = {}  ({})\n", i, input_names[i], input_meta[i].str());
  for (size_t i = 0; i < consts.size(); i++) r += fmt::format("    c{} = {}\n", i, const_text(vm, consts[i]));
  for (size_t i = 0; i < nodes.size(); i++) {
    const Node& n = nodes[i];
    std::string line = fmt::format("    v{} = {}", i, node_expr(vm, *this, n));
    if (line.size() < 48) line.resize(48, ' ');
    r += fmt::format("{}  # {}:{}  {}{}\n", line, n.file ? std::string(vm::str_view(n.file)) : filename, n.line, n.meta.str(),
                     n.reinplace == Node::Reinplace::IfUnshared ? ", may write " + reg_name(*this, n.in[0])
                     : n.reinplace == Node::Reinplace::Always   ? ", writes " + reg_name(*this, n.in[0])
                                                                : "");
  }
  r += "    return ";
  if (outputs.size() == 1 && !tuple_output) {
    r += reg_name(*this, outputs[0]);
  } else {
    r += "(";
    for (size_t i = 0; i < outputs.size(); i++) r += (i ? ", " : "") + reg_name(*this, outputs[i]);
    r += outputs.size() == 1 ? ",)" : ")";
  }
  return r + "\n";
}

std::string Graph::to_dot(VM& vm) const {
  std::string r = fmt::format("digraph \"{}\" {{\n  rankdir=TB;\n  node [shape=box, fontname=monospace];\n", name);
  auto esc = [](std::string s) {
    std::string o;
    for (char c : s) {
      if (c == '"' || c == '\\') o += '\\';
      o += c;
    }
    return o;
  };
  for (size_t i = 0; i < consts.size(); i++)
    r += fmt::format("  c{} [label=\"{}\", shape=plaintext];\n", i, esc(const_text(vm, consts[i])));
  for (size_t i = 0; i < inputs.size(); i++)
    r += fmt::format("  i{} [label=\"{}\\n{}\", shape=ellipse];\n", i, esc(input_names[i]), esc(input_meta[i].str()));
  for (size_t i = 0; i < nodes.size(); i++) {
    const Node& n = nodes[i];
    std::string what = n.op == GraphOp::Call ? n.label : std::string(graph_op_name(n.op)) + " " + n.label;
    if (n.op == GraphOp::GetAttr || n.op == GraphOp::SetAttr || n.op == GraphOp::StoreGlobal)
      what = std::string(graph_op_name(n.op)) + " " + std::string(vm::str_view(n.name));
    r += fmt::format("  v{} [label=\"{}\\n{}\\nline {}\"];\n", i, esc(what), esc(n.meta.str()), n.line);
    for (int in : n.in) r += fmt::format("  {} -> v{};\n", reg_name(*this, in), i);
  }
  r += "  output [shape=doublecircle];\n";
  for (int o : outputs) r += fmt::format("  {} -> output;\n", reg_name(*this, o));
  return r + "}\n";
}

std::string Graph::validate() const {
  if (inputs.size() != input_names.size() || inputs.size() != input_meta.size()) return "inputs and their names differ in number";
  for (size_t i = 0; i < nodes.size(); i++) {
    const Node& n = nodes[i];
    if (size_t(n.op) >= size_t(GraphOp::Count_)) return fmt::format("v{}: unknown op", i);
    int arity = graph_op_arity(n.op);
    if (arity >= 0 && int(n.in.size()) != arity)
      return fmt::format("v{}: {} takes {} inputs, has {}", i, graph_op_name(n.op), arity, n.in.size());
    for (int in : n.in)
      if (in < 0 || in >= node_reg(i)) return fmt::format("v{}: input register {} is not defined before it", i, in);
    if (n.op == GraphOp::Call && !vm::is_kind(n.callee, vm::ObjKind::Native)) return fmt::format("v{}: call of a non-native", i);
    if (n.op == GraphOp::Call && vm::is_kind(n.kwnames, vm::ObjKind::Tuple) &&
        n.kwnames.as<vm::TupleObject>()->size > n.in.size())
      return fmt::format("v{}: more keyword names than inputs", i);
    if ((n.op == GraphOp::GetAttr || n.op == GraphOp::SetAttr || n.op == GraphOp::StoreGlobal) && !vm::is_str(n.name))
      return fmt::format("v{}: {} without a name", i, graph_op_name(n.op));
    if (n.op == GraphOp::BuildDict && (!vm::is_kind(n.kwnames, vm::ObjKind::Tuple) ||
                                       n.kwnames.as<vm::TupleObject>()->size != n.in.size()))
      return fmt::format("v{}: dict without one key per value", i);
    if (n.op == GraphOp::NewObject && (!vm::is_kind(n.callee, vm::ObjKind::Type) || !vm::is_kind(n.kwnames, vm::ObjKind::Tuple) ||
                                       n.kwnames.as<vm::TupleObject>()->size != n.in.size()))
      return fmt::format("v{}: new object without a class or attribute names", i);
    if (n.op == GraphOp::StoreGlobal && !vm::is_kind(n.callee, vm::ObjKind::Dict))
      return fmt::format("v{}: store_global without a globals dict", i);
  }
  if (outputs.empty() && !tuple_output) return "no outputs";
  for (int o : outputs)
    if (o < 0 || o >= nregs()) return fmt::format("output register {} is not defined", o);
  return "";
}

}  // namespace kiln::tracer
