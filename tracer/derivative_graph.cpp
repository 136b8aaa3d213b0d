// tracer/derivative_graph.cpp — see derivative_graph.h.
#include "tracer/derivative_graph.h"

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/bindings.h"
#include "stdlib/torch/error.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/state.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/dict.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/tuple.h"

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

// Tensor.<name>, a method a node calls (its receiver first).
Value tensor_method(VM& vm, const char* name) {
  Value dict = torch::torch_state(vm).tensor_type->dict;
  Value f = vm::dict_get_str(dict.as<vm::DictObject>(), vm.intern(name).as<vm::StrObject>());
  if (!f) torch::runtime_error("Tensor.{} is missing (the derivative graph builder calls it)", name);
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

int GraphDerivative::node(Node n, Value sample) {
  n.meta = meta_of(vm_, sample);
  values_.push_back({Kind::Node, int(nodes_.size()), sample});
  nodes_.push_back(std::move(n));
  return int(values_.size() - 1);
}

bool GraphDerivative::is_number(int v) const {
  const Entry& e = values_[size_t(v)];
  return e.kind == Kind::Constant && (e.sample.is_double() || e.sample.is_small_int() || e.sample.is_bool());
}

double GraphDerivative::number_value(int v) const {
  const Value& x = values_[size_t(v)].sample;
  return x.is_double() ? x.as_double() : x.is_bool() ? double(x.is_true()) : double(x.as_small_int());
}

int GraphDerivative::call(OpId id, std::initializer_list<int> args, std::initializer_list<std::pair<const char*, int>> kwargs) {
  const OpDef& op = torch::ops::op(id);
  std::vector<int> in(args);
  Value kwnames;
  if (kwargs.size()) {
    kwnames = vm::tuple_new(vm_, kwargs.size());
    size_t k = 0;
    for (const auto& [name, v] : kwargs) {
      kwnames.as<vm::TupleObject>()->items[k++] = vm_.intern(name);
      in.push_back(v);
    }
  }
  return call_as(op, !torch::ops::function_name(op), std::move(in), kwnames);
}

int GraphDerivative::call_as(const OpDef& op, bool method, std::vector<int> in, Value kwnames) {
  // The meta function on the arguments' metadata: the node's Meta, and
  // the formula's error (shapes or dtypes that do not fit) now.
  std::vector<Value> samples;
  for (int a : in) samples.push_back(values_[size_t(a)].sample);
  const vm::TupleObject* kw = kwnames ? kwnames.as<vm::TupleObject>() : nullptr;
  size_t npos = in.size() - (kw ? kw->size : 0);
  Value result;
  if (!torch::ops::infer_meta(vm_, op, vm::CallArgs{samples.data(), npos, kw}, method, &result)) {
    Value e = vm_.take_exception();
    vm_.clear_exception();
    Value s = e ? vm::str(vm_, e) : Value();
    std::string msg = s ? std::string(vm::str_view(s)) : "?";
    vm_.clear_exception();
    torch::runtime_error("derivative graph {}: {}() does not fit its arguments: {}", name_, op.name(), msg);
  }
  Node n;
  n.op = GraphOp::Call;
  n.in = std::move(in);
  const char* fname = torch::ops::function_name(op);
  if (!method && !fname) torch::runtime_error("derivative graph {}: {}() has no torch function", name_, op.name());
  n.callee = method ? tensor_method(vm_, op.name()) : torch_function(vm_, fname);
  n.kwnames = kwnames;
  n.label = std::string(method ? "Tensor." : "torch.") + (method ? op.name() : fname);
  return node(std::move(n), result);
}

namespace {
// The exception pending after an operator on samples failed, as text.
std::string pending_text(VM& vm) {
  Value e = vm.take_exception();
  vm.clear_exception();
  Value s = e ? vm::str(vm, e) : Value();
  std::string msg = s ? std::string(vm::str_view(s)) : "?";
  vm.clear_exception();
  return msg;
}
}  // namespace

int GraphDerivative::binary_operator(vm::BinOpKind op, int a, int b) {
  // (The operator on the samples: meta tensors compute metadata only.)
  Value result = vm::binary_op(vm_, op, values_[size_t(a)].sample, values_[size_t(b)].sample);
  if (!result) torch::runtime_error("derivative graph {}: an operator does not fit its operands: {}", name_, pending_text(vm_));
  Node n;
  n.op = GraphOp::Binary;
  n.arg = int(op);
  n.in = {a, b};
  n.label = "binary";
  return node(std::move(n), result);
}

int GraphDerivative::unary_operator(vm::UnaryOpKind op, int a) {
  Value result = vm::unary_op(vm_, op, values_[size_t(a)].sample);
  if (!result) torch::runtime_error("derivative graph {}: an operator does not fit its operand: {}", name_, pending_text(vm_));
  Node n;
  n.op = GraphOp::Unary;
  n.arg = int(op);
  n.in = {a};
  n.label = "unary";
  return node(std::move(n), result);
}

int GraphDerivative::item(int tuple, size_t k) {
  const Value& t = values_[size_t(tuple)].sample;
  Value item;
  if (vm::is_kind(t, vm::ObjKind::Tuple) && k < t.as<vm::TupleObject>()->size) item = t.as<vm::TupleObject>()->items[k];
  if (vm::is_kind(t, vm::ObjKind::List) && k < t.as<vm::ListObject>()->items.size()) item = t.as<vm::ListObject>()->items[k];
  if (!item) torch::runtime_error("derivative graph {}: item {} of a value that is not a tuple or list that long", name_, k);
  Node n;
  n.op = GraphOp::GetItem;
  n.in = {tuple, constant(Value::small_int(int64_t(k)))};
  n.label = "[]";
  return node(std::move(n), item);
}

int GraphDerivative::getitem(int a, int key) {
  Value r = vm::getitem(vm_, values_[size_t(a)].sample, values_[size_t(key)].sample);
  if (!r) torch::runtime_error("derivative graph {}: an index does not fit its tensor: {}", name_, pending_text(vm_));
  Node n;
  n.op = GraphOp::GetItem;
  n.in = {a, key};
  n.label = "[]";
  return node(std::move(n), r);
}

int GraphDerivative::list(const std::vector<int>& items) {
  Value l = vm::list_new(vm_);
  for (int v : items) l.as<vm::ListObject>()->items.push_back(values_[size_t(v)].sample);
  Node n;
  n.op = GraphOp::BuildList;
  n.in = items;
  n.label = "[...]";
  return node(std::move(n), l);
}

bool GraphDerivative::is_tensor(int v) const { return torch::is_tensor(values_[size_t(v)].sample); }

int GraphDerivative::unary(torch::UnaryOp op, int a) { return call(elementwise_op(true, int(op)).id, {a}); }

int GraphDerivative::binary(torch::BinaryOp op, int a, int b) {
  switch (op) {
    case torch::BinaryOp::add: return call(OpId::add, {a, b});
    case torch::BinaryOp::sub: return call(OpId::sub, {a, b});
    case torch::BinaryOp::div_trunc: return call(OpId::div, {a, b}, {{"rounding_mode", constant(vm_.intern("trunc"))}});
    default: return call(elementwise_op(false, int(op)).id, {a, b});
  }
}

int GraphDerivative::zeros_like(int a) { return detach(call(OpId::zeros_like, {a})); }

torch::Shape GraphDerivative::sizes(int a) const {
  Meta m = meta(a);
  return torch::Shape(std::span<const int64_t>(m.sizes));
}

int GraphDerivative::index_add_into_zeros(int g, const torch::Shape& sizes, int dim, int index) {
  if (meta(index).rank() == 0) index = unsqueeze(index, 0);
  torch::Shape gs = this->sizes(g), line;
  for (int k = 0; k < gs.size(); k++) line.push_back(k == dim ? -1 : 1);
  return gather_backward(g, sizes, dim, expand(reshape(index, line), gs));
}

int GraphDerivative::filled(const char* factory, const torch::Shape& sizes, torch::DType dt) {
  // (torch.zeros / torch.ones: creation ops, not in the registry yet.)
  Node n;
  n.op = GraphOp::Call;
  n.in = {int_tuple(sizes.span()), constant(torch::dtype_value(vm_, dt))};
  n.kwnames = vm::tuple_new(vm_, 1);
  n.kwnames.as<vm::TupleObject>()->items[0] = vm_.intern("dtype");
  n.callee = torch_function(vm_, factory);
  n.label = std::string("torch.") + factory;
  return detach(node(std::move(n), torch::ops::meta_object(vm_, torch::meta_tensor(sizes, dt))));
}

int GraphDerivative::embed_narrow(int g, const torch::Shape& sizes, int dim, int64_t start, int64_t length) {
  std::vector<int> parts;
  torch::Shape piece = sizes;
  if (start > 0) {
    piece[dim] = start;
    parts.push_back(zeros(piece, dtype(g)));
  }
  parts.push_back(g);
  if (int64_t rest = sizes[dim] - start - length; rest > 0) {
    piece[dim] = rest;
    parts.push_back(zeros(piece, dtype(g)));
  }
  return parts.size() == 1 ? g : cat(parts, dim);
}

int GraphDerivative::int_tuple(std::span<const int64_t> xs) {
  Value t = vm::tuple_new(vm_, xs.size());
  for (size_t i = 0; i < xs.size(); i++) t.as<vm::TupleObject>()->items[i] = Value::small_int(xs[i]);
  return constant(t);
}

int GraphDerivative::sum(int a, const torch::Shape& dims, bool keepdim) {
  return call(OpId::sum, {a, int_tuple(dims.span()), constant(Value::boolean(keepdim))});
}

int GraphDerivative::mean(int a, const torch::DimList& dims, bool keepdim) {
  int d = dims ? int_tuple(dims->span()) : constant(Value::none());
  return call(OpId::mean, {a, d, constant(Value::boolean(keepdim))});
}

int GraphDerivative::cast(int a, torch::DType dt) {
  switch (dt) {
    case torch::DType::Float32: return call(OpId::to_float, {a});
    case torch::DType::Float64: return call(OpId::to_double, {a});
    default: torch::runtime_error("derivative graph {}: no cast to {} (float32 or float64 only)", name_, torch::dtype_short_name(dt));
  }
}

int GraphDerivative::expand(int a, const torch::Shape& sizes) { return call(OpId::expand, {a, int_tuple(sizes.span())}); }

int GraphDerivative::sum_to(int g, const torch::Shape& sizes) {
  // (The eager engine's sum_to: functions_reduce.cpp.)
  Meta gm = meta(g);
  std::vector<int64_t> target(sizes.begin(), sizes.end());
  if (gm.sizes == target) return g;
  int lead = gm.rank() - int(target.size());
  std::vector<int64_t> dims;
  for (int d = 0; d < gm.rank(); ++d)
    if (d < lead || (target[size_t(d - lead)] == 1 && gm.sizes[size_t(d)] != 1)) dims.push_back(d);
  if (!dims.empty()) g = call(OpId::sum, {g, int_tuple(dims), constant(Value::boolean(true))});
  if (lead > 0 || meta(g).sizes != target) g = call(OpId::reshape, {g, int_tuple(target)});
  return g;
}

int GraphDerivative::fit(int g, int like) {
  Meta lm = meta(like);
  torch::DType gd = meta(g).dtype;
  g = sum_to(g, torch::Shape(std::span<const int64_t>(lm.sizes)));
  if (gd != lm.dtype && torch::is_floating(lm.dtype)) g = call(OpId::type_as, {g, like});
  return g;
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
