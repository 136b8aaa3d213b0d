// tracer/derivative_graph.h — derivative formulas built as graphs.
//
// GraphDerivative is a derivative builder (stdlib/torch/autograd/
// derivatives.h): its values are values of a graph being built, and each
// op a formula applies becomes a Call node of that registry op's torch
// function, bound as the formula calls it, its Meta given by the op's meta
// function (ops/meta.h: infer_meta on the inputs' metadata, no data). So
// the formulas the eager engine runs also build backward graphs, which the
// executor and the tiers run like any captured graph and which compute the
// eager engine's bits (tests/unit/test_derivative_graphs.cpp checks each
// formula). A formula whose shapes or dtypes do not fit fails while the
// graph is built (torch::Error with the meta function's message), not when
// it runs.
//
// Values are numbered as they are made (inputs, constants and nodes mixed);
// finish() lays the graph out as tracer/graph.h wants it: constants, then
// inputs, then nodes. Issue 28's joint forward and backward graphs are
// built from the same formulas through this builder.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/reduce.h"
#include "stdlib/torch/ops/registry.h"
#include "tracer/graph.h"
#include "vm/ops.h"

namespace kiln::tracer {

class GraphDerivative {
 public:
  using T = int;  // a value of the graph being built

  GraphDerivative(VM& vm, std::string name);

  // A tensor input of the graph: its dtype and sizes those of `example`
  // (a torch.Tensor), `description` its name in printed graphs.
  int input(const Value& example, std::string description);
  int constant(Value v);
  // A call of registry op `op` on these values (its torch function, or its
  // Tensor method when it has no function), then keyword arguments.
  int call(torch::ops::OpId op, std::initializer_list<int> args,
           std::initializer_list<std::pair<const char*, int>> kwargs = {});
  // A call as a program makes it: `in` its positional values, then the
  // values of the keywords `kwnames` names (a tuple, or Empty); a method
  // call (method) has its receiver first. Raises torch::Error when the
  // op's meta function refuses the call.
  int call_as(const torch::ops::OpDef& op, bool method, std::vector<int> in, Value kwnames);
  // An operator node, as the tracer records `a * b` or `-a` (the object
  // protocol the interpreter runs: vm::binary_op / vm::unary_op).
  int binary_operator(vm::BinOpKind op, int a, int b);
  int unary_operator(vm::UnaryOpKind op, int a);
  // Item k of a value that is a tuple or list (an op with several results).
  int item(int tuple, size_t k);
  // a[key] of a tensor value by a constant key (basic indexing: a view).
  int getitem(int a, int key);
  // A list of these values (an op's Tensor[] argument).
  int list(const std::vector<int>& items);
  // g, a gradient at some result's shape, fitted to value `like`'s shape
  // and dtype as the eager engine fits each gradient to its tensor: summed
  // over the dims `like` was broadcast along, cast to its dtype.
  int fit(int g, int like);
  // The graph: its inputs in the order input() made them (run it with
  // their values as its sources), these values its outputs (a tuple).
  Graph finish(const std::vector<int>& outputs) const;
  // The Meta a value has (what the meta functions gave).
  Meta meta(int v) const;
  // What the meta functions were given for value v: a meta tensor object
  // (sizes, strides, dtype), a tuple or list of them, or the constant.
  const Value& sample(int v) const { return values_[size_t(v)].sample; }
  bool is_tensor(int v) const;
  // The node that made value v (its `in` holds value ids), or nullptr for
  // an input or a constant.
  const Node* node_of(int v) const {
    const Entry& e = values_[size_t(v)];
    return e.kind == Kind::Node ? &nodes_[size_t(e.index)] : nullptr;
  }
  bool is_input(int v) const { return values_[size_t(v)].kind == Kind::Input; }
  bool is_constant(int v) const { return values_[size_t(v)].kind == Kind::Constant; }
  int size() const { return int(values_.size()); }
  const std::string& name() const { return name_; }
  VM& vm() const { return vm_; }

  // ---- the builder operations (derivatives.h). (Number operands are
  // doubles: d.mul(a, 2) would take 2 for a value.)
  int number(double v) { return constant(Value::from_double(v)); }
  int none() { return -1; }
  bool is_none(int v) const { return v < 0; }
  int sum_all(int a) { return call(torch::ops::OpId::sum, {a}); }
  int mean(int a, const torch::DimList& dims, bool keepdim);
  torch::DType dtype(int a) const { return meta(a).dtype; }
  int nondiff_cast(int a, torch::DType dt) { return detach(cast(a, dt)); }
  int nondiff_sum(int a, const torch::Shape& dims, bool keepdim) { return detach(sum(a, dims, keepdim)); }
  bool is_number(int v) const;
  double number_value(int v) const;
  int neg(int a) { return call(torch::ops::OpId::neg, {a}); }
  int mul(int a, int b) { return call(torch::ops::OpId::mul, {a, b}); }
  int div(int a, int b) { return call(torch::ops::OpId::div, {a, b}); }
  int add(int a, int b) { return call(torch::ops::OpId::add, {a, b}); }
  int add_alpha(int a, int b, int alpha) { return call(torch::ops::OpId::add, {a, b}, {{"alpha", alpha}}); }
  int sub(int a, int b) { return call(torch::ops::OpId::sub, {a, b}); }
  int sum(int a, const torch::Shape& dims, bool keepdim);
  int unsqueeze(int a, int64_t dim) { return call(torch::ops::OpId::unsqueeze, {a, constant(Value::small_int(dim))}); }
  int expand(int a, const torch::Shape& sizes);
  int squeeze(int a, int64_t dim) { return call(torch::ops::OpId::squeeze, {a, constant(Value::small_int(dim))}); }
  int sum_to(int a, const torch::Shape& sizes);
  int matmul(int a, int b) { return call(torch::ops::OpId::matmul, {a, b}); }
  int mm(int a, int b) { return call(torch::ops::OpId::mm, {a, b}); }
  int t(int a) { return call(torch::ops::OpId::t, {a}); }
  int mT(int a) {
    return call(torch::ops::OpId::transpose, {a, constant(Value::small_int(-2)), constant(Value::small_int(-1))});
  }
  int rank(int a) const { return meta(a).rank(); }
  int reshape(int a, const torch::Shape& sizes) { return call(torch::ops::OpId::reshape, {a, int_tuple(sizes.span())}); }
  int transpose(int a, int64_t dim0, int64_t dim1) {
    return call(torch::ops::OpId::transpose, {a, constant(Value::small_int(dim0)), constant(Value::small_int(dim1))});
  }
  int permute(int a, const torch::Shape& dims) { return call(torch::ops::OpId::permute, {a, int_tuple(dims.span())}); }
  int binary(torch::BinaryOp op, int a, int b);
  int unary(torch::UnaryOp op, int a);
  int mul(int a, double s) { return mul(a, number(s)); }
  int add(int a, double c) { return add(a, number(c)); }
  int sub(int a, double c) { return call(torch::ops::OpId::sub, {a, number(c)}); }
  int rsub(double c, int a) { return call(torch::ops::OpId::sub, {number(c), a}); }
  int pow(int a, double e) { return call(torch::ops::OpId::pow, {a, number(e)}); }
  int where(int mask, int a, int b) { return call(torch::ops::OpId::where, {mask, a, b}); }
  int zeros_like(int a);
  torch::Shape sizes(int a) const;
  int zeros(const torch::Shape& sizes, torch::DType dt) { return filled("zeros", sizes, dt); }
  int ones(const torch::Shape& sizes, torch::DType dt) { return filled("ones", sizes, dt); }
  int cumprod(int a, int64_t dim) { return call(torch::ops::OpId::cumprod, {a, constant(Value::small_int(dim))}); }
  // (As scatter_add of g at index expanded along g's other dims: the same
  // sums in the same order as the eager engine's index_put.)
  int index_add_into_zeros(int g, const torch::Shape& sizes, int dim, int index);
  int flip(int a, const torch::Shape& dims) { return call(torch::ops::OpId::flip, {a, int_tuple(dims.span())}); }
  int roll(int a, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
    return call(torch::ops::OpId::roll, {a, int_tuple(shifts), int_tuple(dims)});
  }
  int tril(int a, int64_t diagonal, bool upper) {
    return call(upper ? torch::ops::OpId::triu : torch::ops::OpId::tril, {a, constant(Value::small_int(diagonal))});
  }
  int cumsum(int a, int64_t dim) { return call(torch::ops::OpId::cumsum, {a, constant(Value::small_int(dim))}); }
  int narrow(int a, int64_t dim, int64_t start, int64_t length) {
    return call(torch::ops::OpId::narrow,
                {a, constant(Value::small_int(dim)), constant(Value::small_int(start)), constant(Value::small_int(length))});
  }
  int select(int a, int64_t dim, int64_t index) {
    return call(torch::ops::OpId::select, {a, constant(Value::small_int(dim)), constant(Value::small_int(index))});
  }
  int cat(const std::vector<int>& xs, int64_t dim) { return call(torch::ops::OpId::cat, {list(xs), constant(Value::small_int(dim))}); }
  int stack(const std::vector<int>& xs, int64_t dim) {
    return call(torch::ops::OpId::stack, {list(xs), constant(Value::small_int(dim))});
  }
  int gather_backward(int g, const torch::Shape& sizes, int64_t dim, int index) {
    return call(torch::ops::OpId::scatter_add, {zeros(sizes, dtype(g)), constant(Value::small_int(dim)), index, g});
  }
  int gather(int a, int64_t dim, int index) { return call(torch::ops::OpId::gather, {a, constant(Value::small_int(dim)), index}); }
  int scatter(int a, int64_t dim, int index, double value) {
    return call(torch::ops::OpId::scatter, {a, constant(Value::small_int(dim)), index, number(value)});
  }
  // (As cat of g between zeros: registry ops only.)
  int embed_narrow(int g, const torch::Shape& sizes, int dim, int64_t start, int64_t length);
  int embed_select(int g, const torch::Shape& sizes, int dim, int64_t index) {
    return embed_narrow(unsqueeze(g, dim), sizes, dim, index, 1);
  }
  int nondiff_unary(torch::UnaryOp op, int a) { return detach(unary(op, a)); }
  int nondiff_binary(torch::BinaryOp op, int a, int b) { return detach(binary(op, a, b)); }
  int cast(int a, torch::DType dt);
  // Marks value v as one no gradient flows through (a mask, a count: what
  // the eager builder computes without recording), as graph_backward.h's
  // walk reads it; returns v.
  int detach(int v) {
    values_[size_t(v)].detached = true;
    return v;
  }
  bool is_detached(int v) const { return values_[size_t(v)].detached; }
  int int_tuple(std::span<const int64_t> xs);

 private:
  enum class Kind : uint8_t { Input, Constant, Node };
  struct Entry {
    Kind kind;
    int index;         // into inputs_, consts_ or nodes_
    vm::Value sample;  // what meta functions are given: a meta tensor object, or the constant
    bool detached = false;
  };
  int node(Node n, vm::Value sample);
  int filled(const char* factory, const torch::Shape& sizes, torch::DType dt);

  VM& vm_;
  std::string name_;
  std::vector<Entry> values_;
  std::vector<vm::Value> consts_;
  std::vector<int> inputs_;  // value ids
  std::vector<std::string> input_names_;
  std::vector<Node> nodes_;  // `in` holds value ids until finish()
};

}  // namespace kiln::tracer
