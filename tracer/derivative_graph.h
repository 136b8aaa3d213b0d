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

#include <string>
#include <vector>

#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/ops/registry.h"
#include "tracer/graph.h"

namespace kiln::tracer {

class GraphDerivative {
 public:
  using T = int;  // a value of the graph being built

  GraphDerivative(VM& vm, std::string name);

  // A tensor input of the graph: its dtype and sizes those of `example`
  // (a torch.Tensor), `description` its name in printed graphs.
  int input(const Value& example, std::string description);
  // A call of registry op `op` (its torch function) on these values.
  int call(torch::ops::OpId op, std::initializer_list<int> args);
  int constant(Value v);
  // The graph: its inputs in the order input() made them (run it with
  // their values as its sources), these values its outputs (a tuple).
  Graph finish(const std::vector<int>& outputs) const;
  // The Meta a value has (what the meta functions gave).
  Meta meta(int v) const;

  // ---- the builder operations (derivatives.h)
  int neg(int a) { return call(torch::ops::OpId::neg, {a}); }
  int mul(int a, int b) { return call(torch::ops::OpId::mul, {a, b}); }
  int mul(int a, double s) { return call(torch::ops::OpId::mul, {a, number(s)}); }
  int div(int a, int b) { return call(torch::ops::OpId::div, {a, b}); }
  int unary(torch::UnaryOp op, int a);
  int add(int a, double c) { return call(torch::ops::OpId::add, {a, number(c)}); }
  int sub(int a, double c) { return call(torch::ops::OpId::sub, {a, number(c)}); }
  int rsub(double c, int a) { return call(torch::ops::OpId::sub, {number(c), a}); }
  int pow(int a, double e) { return call(torch::ops::OpId::pow, {a, number(e)}); }
  int where(int mask, int a, double b) { return call(torch::ops::OpId::where, {mask, a, number(b)}); }
  int zeros_like(int a);
  int nondiff_unary(torch::UnaryOp op, int a) { return unary(op, a); }  // (a graph has no autograd to stop)
  int nondiff_binary(torch::BinaryOp op, int a, double b);

 private:
  enum class Kind : uint8_t { Input, Constant, Node };
  struct Entry {
    Kind kind;
    int index;         // into inputs_, consts_ or nodes_
    vm::Value sample;  // what meta functions are given: a meta tensor object, or the constant
  };
  int number(double v);
  int node(Node n, vm::Value sample);
  int call_native(const char* name, const vm::Value& native, std::initializer_list<int> args, vm::Value sample);

  VM& vm_;
  std::string name_;
  std::vector<Entry> values_;
  std::vector<vm::Value> consts_;
  std::vector<int> inputs_;  // value ids
  std::vector<std::string> input_names_;
  std::vector<Node> nodes_;  // `in` holds value ids until finish()
};

}  // namespace kiln::tracer
