// tracer/derivative_graph.cpp — see derivative_graph.h.
#include "tracer/derivative_graph.h"

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/error.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/state.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/dict.h"
#include "vm/str.h"

namespace kiln::tracer {

namespace {

using torch::ops::OpDef;
using torch::ops::OpId;

// torch.<name>, the function a node calls.
Value torch_function(VM& vm, const char* name) {
  Value mod = torch::torch_state(vm).module;
  Value f = vm::dict_get_str(mod.as<vm::ModuleObject>()->dict.as<vm::DictObject>(), vm.intern(name).as<vm::StrObject>());
  if (!f) torch::runtime_error("torch.{} is missing (the derivative graph builder calls it)", name);
  return f;
}

// The registry op that is kernel op `op` of elementwise.h (unary or binary).
const OpDef& elementwise_op(bool unary, int op) {
  for (const OpDef& d : torch::ops::all_ops()) {
    torch::ops::Elementwise e;
    if (d.has_function() && torch::ops::elementwise_of(d, &e) && e.unary == unary && e.op == op) return d;
  }
  torch::runtime_error("no registry op computes elementwise op {}", op);
}

}  // namespace

GraphDerivative::GraphDerivative(VM& vm, std::string name) : vm_(vm), name_(std::move(name)) {}

int GraphDerivative::input(const Value& example, std::string description) {
  values_.push_back({Kind::Input, int(inputs_.size()), torch::ops::meta_object(vm_, torch::meta_like(torch::tensor_of(example)))});
  inputs_.push_back(int(values_.size() - 1));
  input_names_.push_back(std::move(description));
  return int(values_.size() - 1);
}

int GraphDerivative::constant(Value v) {
  values_.push_back({Kind::Constant, int(consts_.size()), v});
  consts_.push_back(v);
  return int(values_.size() - 1);
}

int GraphDerivative::number(double v) { return constant(Value::from_double(v)); }

int GraphDerivative::node(Node n, Value sample) {
  n.meta = meta_of(vm_, sample);
  values_.push_back({Kind::Node, int(nodes_.size()), sample});
  nodes_.push_back(std::move(n));
  return int(values_.size() - 1);
}

int GraphDerivative::call_native(const char* name, const Value& native, std::initializer_list<int> args, Value sample) {
  Node n;
  n.op = GraphOp::Call;
  n.in.assign(args.begin(), args.end());
  n.callee = native;
  n.label = std::string("torch.") + name;
  return node(std::move(n), sample);
}

int GraphDerivative::call(OpId id, std::initializer_list<int> args) {
  const OpDef& op = torch::ops::op(id);
  // The meta function on the arguments' metadata: the node's Meta, and
  // the formula's error (shapes or dtypes that do not fit) now.
  std::vector<Value> samples;
  for (int a : args) samples.push_back(values_[size_t(a)].sample);
  Value result;
  if (!torch::ops::infer_meta(vm_, op, vm::CallArgs{samples.data(), samples.size(), nullptr}, false, &result)) {
    Value e = vm_.take_exception();
    vm_.clear_exception();
    Value s = e ? vm::str(vm_, e) : Value();
    std::string msg = s ? std::string(vm::str_view(s)) : "?";
    vm_.clear_exception();
    torch::runtime_error("derivative graph {}: {}() does not fit its arguments: {}", name_, op.name(), msg);
  }
  return call_native(op.name(), torch_function(vm_, op.name()), args, result);
}

int GraphDerivative::unary(torch::UnaryOp op, int a) { return call(elementwise_op(true, int(op)).id, {a}); }

int GraphDerivative::nondiff_binary(torch::BinaryOp op, int a, double b) {
  return call(elementwise_op(false, int(op)).id, {a, number(b)});
}

int GraphDerivative::zeros_like(int a) {
  // (A creation op: not in the registry yet; its result has a's dtype and sizes.)
  const torch::Tensor& t = torch::tensor_of(values_[size_t(a)].sample);
  return call_native("zeros_like", torch_function(vm_, "zeros_like"), {a},
                     torch::ops::meta_object(vm_, torch::meta_tensor(t.sizes, t.dtype)));
}

Meta GraphDerivative::meta(int v) const { return meta_of(vm_, values_[size_t(v)].sample); }

Graph GraphDerivative::finish(const std::vector<int>& outputs) const {
  Graph g;
  g.name = name_;
  g.filename = "<derivative>";
  g.consts = consts_;
  int nc = int(consts_.size()), ni = int(inputs_.size());
  auto reg = [&](int v) {
    const Entry& e = values_[size_t(v)];
    return e.kind == Kind::Constant ? e.index : e.kind == Kind::Input ? nc + e.index : nc + ni + e.index;
  };
  for (size_t i = 0; i < inputs_.size(); i++) {
    g.inputs.push_back(int(i));
    g.input_names.push_back(input_names_[i]);
    g.input_meta.push_back(meta_of(vm_, values_[size_t(inputs_[i])].sample));
  }
  g.nodes = nodes_;
  for (Node& n : g.nodes)
    for (int& r : n.in) r = reg(r);
  for (int o : outputs) g.outputs.push_back(reg(o));
  g.tuple_output = true;
  return g;
}

}  // namespace kiln::tracer
