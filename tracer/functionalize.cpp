// tracer/functionalize.cpp — see functionalize.h.
#include "tracer/functionalize.h"

#include <optional>
#include <string>
#include <vector>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/state.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/dict.h"
#include "vm/tuple.h"

namespace kiln::tracer {

namespace {

using torch::ops::OpDef;
using torch::ops::OpKind;

// An op that returns its input itself when nothing is to be done
// (x.float() of a float32 x), whatever its schema says.
bool may_return_input(const OpDef& op) {
  return op.impl == torch::ops::impl_convert || op.impl == torch::ops::impl_type_as || op.impl == torch::ops::impl_to;
}

// In-place op `op`'s functional form (add_ -> add): the op of the same name
// without the trailing _, with a Tensor method; null for in-place view ops
// (t_, squeeze_...), which change metadata, not data.
const OpDef* functional_of(const OpDef& op) {
  if (!op.schema.writes() || op.kind == OpKind::View || op.schema.name.size() < 2) return nullptr;
  std::string_view name(op.schema.name);
  name.remove_suffix(1);
  for (const OpDef& d : torch::ops::all_ops())
    if (d.schema.name == name && d.has_method() && !d.schema.writes()) return &d;
  return nullptr;
}

// Whether an operator node computes a new value (`+x` of a tensor is x
// itself).
bool computes(const Node& n) {
  return n.op == GraphOp::Binary || n.op == GraphOp::Compare ||
         (n.op == GraphOp::Unary && vm::UnaryOpKind(n.arg) != vm::UnaryOpKind::UAdd);
}

// Whether node n's result is a new tensor no other tensor shares.
bool fresh_tensor(const Node& n) {
  if (!n.meta.tensor) return false;
  switch (n.op) {
    case GraphOp::Binary:
    case GraphOp::Unary:
    case GraphOp::Compare: return computes(n);
    case GraphOp::Call: {
      OpCall c;
      if (!op_call_of(n, &c)) return false;
      const auto& s = c.op->schema;
      return c.op->kind != OpKind::View && !s.writes() && s.returns_alias == 0 && !may_return_input(*c.op);
    }
    default: return false;
  }
}

// Whether node n uses register x only by reading it (a pure op that keeps
// no reference to it and does not write it).
bool only_reads(const Node& n, int x) {
  bool uses = false;
  for (int r : n.in) uses = uses || r == x;
  if (!uses) return true;
  switch (n.op) {
    case GraphOp::Binary:
    case GraphOp::Unary:
    case GraphOp::Compare: return computes(n);
    case GraphOp::Call: {
      OpCall c;
      if (!op_call_of(n, &c) || c.op->kind == OpKind::View || may_return_input(*c.op)) return false;
      if (c.op->schema.writes() && c.arg[0] == x) return false;  // another write of x, not rewritten
      return true;
    }
    default: return false;
  }
}

// A tensor meta with every size fixed, not requiring grad.
bool plain_tensor(const Meta& m) { return m.tensor && m.static_sizes() && !m.requires_grad; }

torch::Shape shape_of(const Meta& m) {
  torch::Shape s;
  for (int64_t d : m.sizes) s.push_back(d);
  return s;
}

// Whether the functional form of in-place node n gives x's dtype and sizes.
bool same_result(VM& vm, const Graph& g, const Node& n, const OpDef* functional, const Meta& x) {
  Value result;
  if (functional) {
    if (!g.call_meta(vm, n, *functional, true, &result)) {
      vm.clear_exception();
      return false;
    }
  } else {  // x op= y
    int op = torch::binary_of(vm::BinOpKind(n.arg));
    torch::Scalar s;
    if (op < 0 || n.in.size() != 2) return false;
    Value args[2] = {g.meta_value(vm, n.in[0]), g.meta_value(vm, n.in[1])};
    if (!args[0] || !args[1] || !torch::is_tensor(args[0])) return false;
    if (!torch::is_tensor(args[1]) && !torch::as_scalar(args[1], &s)) return false;
    try {
      torch::Operand b = torch::is_tensor(args[1]) ? torch::Operand(torch::tensor_of(args[1])) : torch::Operand(s);
      result = torch::wrap(vm, torch::binary_meta(torch::BinaryOp(op), torch::Operand(torch::tensor_of(args[0])), b));
    } catch (const torch::Error&) {
      return false;
    }
  }
  if (!torch::is_tensor(result)) return false;
  const torch::Tensor& t = torch::tensor_of(result);
  return t.dtype == x.dtype && t.sizes == shape_of(x);
}

}  // namespace

size_t functionalize(VM& vm, Graph& g) {
  if (!vm.torch_state) return 0;
  size_t rewritten = 0;
  const int first = g.node_reg(0);
  for (size_t i = 0; i < g.nodes.size(); i++) {
    Node& n = g.nodes[i];
    const OpDef* functional = nullptr;
    int x = -1;
    if (n.op == GraphOp::Call) {
      // (The op first, by the native: binding the call costs more.)
      const OpDef* op = vm::is_kind(n.callee, vm::ObjKind::Native) ? torch::ops::op_of(n.callee.as<vm::NativeObject>()) : nullptr;
      OpCall c;
      if (!op || !op->schema.writes() || !op_call_of(n, &c) || !(functional = functional_of(*c.op))) continue;
      x = c.arg[0];
    } else if (n.op == GraphOp::Inplace && !n.in.empty()) {
      x = n.in[0];
    } else {
      continue;
    }
    // x: a fresh tensor made by an earlier node, read only since.
    if (x < first) continue;
    size_t k = size_t(x - first);
    if (!fresh_tensor(g.nodes[k]) || !plain_tensor(g.nodes[k].meta) || !plain_tensor(n.meta)) continue;
    bool read_only = true;
    for (size_t j = k + 1; j < i && read_only; j++) read_only = only_reads(g.nodes[j], x);
    if (!read_only || !same_result(vm, g, n, functional, g.nodes[k].meta)) continue;
    // The functional form, and x's later uses renamed to its result.
    if (functional) {
      Value m = vm::dict_get_str(torch::torch_state(vm).tensor_type->dict.as<vm::DictObject>(),
                                 vm.intern(functional->schema.name).as<vm::StrObject>());
      if (!m || !vm::is_kind(m, vm::ObjKind::Native) || torch::ops::op_of(m.as<vm::NativeObject>()) != functional) continue;
      n.callee = m;
      if (!n.label.empty() && n.label.back() == '_') n.label.pop_back();
    } else {
      n.op = GraphOp::Binary;
    }
    int result = g.node_reg(i);
    for (size_t j = i + 1; j < g.nodes.size(); j++)
      for (int& r : g.nodes[j].in)
        if (r == x) r = result;
    for (int& o : g.outputs)
      if (o == x) o = result;
    rewritten++;
  }
  return rewritten;
}

}  // namespace kiln::tracer
