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
    if (!g.call_meta(vm, n, *functional, functional->has_method(), &result)) {
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

// Where a tensor register's storage comes from, as far as the graph knows.
constexpr int kNotTensor = -3, kFresh = -2, kUnknown = -1;  // else: the graph input it shares

std::vector<int> storage_origins(const Graph& g) {
  std::vector<int> origin(size_t(g.nregs()), kNotTensor);
  for (size_t i = 0; i < g.consts.size(); i++)
    if (torch::is_tensor(g.consts[i])) origin[i] = kUnknown;
  for (size_t i = 0; i < g.inputs.size(); i++)
    if (g.input_meta[i].tensor) origin[size_t(g.input_reg(i))] = int(i);
  for (size_t i = 0; i < g.nodes.size(); i++) {
    const Node& n = g.nodes[i];
    int& o = origin[size_t(g.node_reg(i))];
    if (!n.meta.tensor) continue;
    if (fresh_tensor(n)) {
      o = kFresh;
      continue;
    }
    o = kUnknown;
    OpCall c;
    int from = -1;  // the register it shares when it is a view or in-place result of one
    if (n.op == GraphOp::Call && op_call_of(n, &c)) {
      if (c.op->kind == OpKind::View || c.op->schema.writes() || c.op->schema.returns_alias || may_return_input(*c.op))
        from = c.arg[0];
    } else if (n.op == GraphOp::Inplace || n.op == GraphOp::Unary || n.op == GraphOp::GetItem) {
      from = n.in[0];  // x += y, +x, x[i] (basic indexing: a view; advanced: a copy, taken as one)
    }
    if (from >= 0 && origin[size_t(from)] != kNotTensor) o = origin[size_t(from)];
  }
  return origin;
}

// Whether node n cannot raise when the graph runs (its trace did not):
// its errors depend only on what the guards pin (metadata, constants), not
// on data or on a number that changes between calls. That is
//   * a registry op whose non-tensor arguments are all constants (a free
//     float may be a negative std, a fill value out of an int's range),
//     no tensor of which is read as one value (masked_fill(m, t) of a 0-d
//     t: its value may not fit the dtype), and that is not one of the
//     ops whose errors come from index data (may_raise_on_data);
//   * an operator on tensors and numbers, unless it divides, takes a
//     remainder, a power or a shift with an integer result or on numbers
//     (1.0 / s of a free float s);
//   * indexing a tensor, tuple or list by a constant key, assigning to a
//     tensor's part by one, or plumbing that builds containers.
bool cannot_raise(const Graph& g, const Node& n) {
  auto meta = [&](int r) -> const Meta* {
    if (r < int(g.consts.size())) return nullptr;
    if (r < g.node_reg(0)) return &g.input_meta[size_t(r) - g.consts.size()];
    return &g.nodes[size_t(r - g.node_reg(0))].meta;
  };
  auto tensorish = [&](int r) {
    if (r < int(g.consts.size())) return torch::is_tensor(g.consts[size_t(r)]);
    const Meta* m = meta(r);
    return m->tensor || m->type == "tuple" || m->type == "list";
  };
  auto is_const = [&](int r) { return r < int(g.consts.size()); };
  bool int_result = n.meta.tensor ? !torch::is_floating(n.meta.dtype) : n.meta.type == "int";
  if (may_raise_on_data(n, int_result, tensorish)) return false;
  switch (n.op) {
    case GraphOp::Call: {
      OpCall c;
      if (!op_call_of(n, &c)) return false;
      const auto& params = c.op->schema.params;
      for (size_t p = 0; p < params.size(); p++) {
        if (int(p) == c.op->schema.varargs && c.packed > 1) {
          for (size_t k = 0; k < c.packed; k++)
            if (!is_const(c.pack[k])) return false;
          continue;
        }
        int r = c.arg[p];
        if (r < 0 || is_const(r)) continue;
        const Meta* m = meta(r);
        if (!m->tensor) return false;  // a number, a key, a list the graph has: may be anything
        // A tensor read as one value, converted to the op's dtype (fill_,
        // masked_fill's value: out of an int's range, it raises).
        if (params[p].type == "Scalar" || (params[p].name == "value" && c.op->impl != torch::ops::impl_setitem)) return false;
      }
      return true;
    }
    case GraphOp::Binary:
    case GraphOp::Inplace:
    case GraphOp::Unary:
    case GraphOp::Compare: {
      for (int r : n.in)  // (an operator on Python objects may run their code)
        if (!is_const(r) && !meta(r)->tensor && !meta(r)->is_number()) return false;
      if (n.op == GraphOp::Binary || n.op == GraphOp::Inplace) {
        auto op = vm::BinOpKind(n.arg);
        bool divides = op == vm::BinOpKind::FloorDiv || op == vm::BinOpKind::Mod || op == vm::BinOpKind::Div ||
                       op == vm::BinOpKind::Pow || op == vm::BinOpKind::LShift || op == vm::BinOpKind::RShift;
        if (divides && !n.meta.tensor) return false;  // on numbers: ZeroDivisionError, OverflowError
      }
      return true;
    }
    case GraphOp::GetItem: {
      const Meta* m = meta(n.in[0]);
      return m && (m->tensor || m->type == "tuple" || m->type == "list") && is_const(n.in[1]);
    }
    case GraphOp::SetItem: {  // t[k] = v: k a constant, v a tensor of the traced sizes or a constant
      const Meta *m = meta(n.in[0]), *v = meta(n.in[2]);
      return m && m->tensor && is_const(n.in[1]) && (!v || (v->tensor && v->static_sizes()));
    }
    case GraphOp::BuildTuple:
    case GraphOp::BuildList:
    case GraphOp::SetGradMode:
    case GraphOp::CopyBack: return true;
    default: return false;
  }
}

// What the checks on graph inputs need to know of each node.
struct NodeFacts {
  std::vector<int> origin;      // per register: storage_origins
  std::vector<int> grad_mode;   // per node: the mode it runs in (-1 unknown)
  std::vector<bool> safe_from;  // per node: it and every later node cannot raise
};

NodeFacts node_facts(const Graph& g, const FunctionalizeFacts& facts) {
  NodeFacts f;
  f.origin = storage_origins(g);
  f.grad_mode.resize(g.nodes.size());
  f.safe_from.resize(g.nodes.size());
  int mode = facts.grad_mode;
  for (size_t j = 0; j < g.nodes.size(); j++) {
    f.grad_mode[j] = mode;
    if (g.nodes[j].op == GraphOp::SetGradMode) mode = g.nodes[j].arg != 0;
  }
  bool safe = true;
  for (size_t j = g.nodes.size(); j-- > 0;) f.safe_from[j] = safe = safe && cannot_raise(g, g.nodes[j]);
  return f;
}

// Whether graph input i's tensor, as traced, may have its writes moved:
// it has storage, no two of its elements share memory (eager's in-place
// op raises on it), and no other input shares its storage.
bool input_movable(const Graph& g, const FunctionalizeFacts& facts, size_t i) {
  if (i >= facts.input_values.size() || !torch::is_tensor(facts.input_values[i])) return false;
  const torch::Tensor& t = torch::tensor_of(facts.input_values[i]);
  if (!t.storage) return false;
  for (int d = 0; d < t.sizes.n; d++)
    if (t.strides[d] == 0 && t.sizes[d] > 1) return false;
  for (size_t k = 0; k < g.inputs.size() && k < facts.input_values.size(); k++)
    if (k != i && torch::is_tensor(facts.input_values[k]) && torch::tensor_of(facts.input_values[k]).storage.get() == t.storage.get())
      return false;
  return true;
}

// The native of `functional` (Tensor.add for add_; a function-only form
// would take the receiver as its first argument), if it is the registry's;
// else Empty.
Value functional_method(VM& vm, const OpDef& functional) {
  auto* dict = functional.has_method() ? torch::torch_state(vm).tensor_type->dict.as<vm::DictObject>()
                                       : torch::torch_state(vm).module.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
  Value m = vm::dict_get_str(dict, vm.intern(functional.schema.name).as<vm::StrObject>());
  if (!m || !vm::is_kind(m, vm::ObjKind::Native) || torch::ops::op_of(m.as<vm::NativeObject>()) != &functional) return Value();
  return m;
}

// A graph input whose writes move to the graph's end.
struct InputWrite {
  size_t input = 0;
  size_t first = 0;            // the node of its first write
  size_t writes = 0;           // how many nodes write it
  std::vector<size_t> write_nodes;  // those nodes (all made pure: copy_back stands for each)
  std::vector<size_t> reads;   // other tensor inputs read after `first`
  // Uses after `first` that keep x itself, not its data (node, input): an
  // item of a tuple, list or dict, an attribute or global stored.
  std::vector<std::pair<size_t, size_t>> keeps;
};

// Whether node n's input k is a reference it keeps (into a container, an
// attribute, a global, a cell) without reading the data.
bool keeps_reference(const Node& n, size_t k) {
  switch (n.op) {
    case GraphOp::BuildTuple:
    case GraphOp::BuildList:
    case GraphOp::BuildDict:
    case GraphOp::NewObject: return true;
    case GraphOp::SetAttr:
    case GraphOp::StoreCell: return k == 1;
    case GraphOp::StoreGlobal: return k == 0;
    default: return false;
  }
}

// Whether graph input i qualifies (see functionalize.h): its first write
// and the inputs read after it in *w.
bool input_write_of(VM& vm, const Graph& g, const FunctionalizeFacts& facts, const NodeFacts& f, size_t i, InputWrite* w) {
  const Meta& m = g.input_meta[i];
  if (!m.tensor || !m.static_sizes() || g.dynamic || !input_movable(g, facts, i)) return false;
  const std::vector<int>& origin = f.origin;
  const std::vector<int>& grad_mode = f.grad_mode;
  const std::vector<bool>& safe_from = f.safe_from;
  const int xr = g.input_reg(i);
  std::vector<bool> chain(size_t(g.nregs()), false);  // registers that are x itself
  chain[size_t(xr)] = true;
  bool written = false;
  w->input = i;
  for (size_t j = 0; j < g.nodes.size(); j++) {
    const Node& n = g.nodes[j];
    int target = -1;  // the chain register node j writes
    const OpDef* functional = nullptr;
    OpCall c;
    if (n.op == GraphOp::Call && op_call_of(n, &c) && c.op->schema.writes() && c.arg[0] >= 0 && chain[size_t(c.arg[0])])
      target = c.arg[0], functional = torch::ops::functional_form(*c.op);
    else if (n.op == GraphOp::Inplace && chain[size_t(n.in[0])])
      target = n.in[0];
    bool uses = false;
    for (int r : n.in) uses = uses || chain[size_t(r)];
    if (target >= 0) {
      if (n.op == GraphOp::Call && (!functional || !functional_method(vm, *functional))) return false;  // t_, squeeze_: metadata
      if (!same_result(vm, g, n, functional, m)) return false;  // (every write: copy_back stands for all)
      if (grad_mode[j] != 0 && n.meta.requires_grad) return false;  // autograd records the write
      if (!written) w->first = j;
      written = true;
      w->writes++;
      w->write_nodes.push_back(j);
      chain[size_t(g.node_reg(j))] = true;  // the result is x itself
      for (size_t a = 0; a < n.in.size(); a++)  // x also read: only as an operand
        if (chain[size_t(n.in[a])] && n.in[a] != target && !only_reads(n, n.in[a])) return false;
    } else {
      for (size_t a = 0; a < n.in.size(); a++) {
        int r = n.in[a];
        if (!chain[size_t(r)] || only_reads(n, r)) continue;
        // A reference kept: x itself (its data read through it later in
        // the graph comes from a node of unknown storage, refused below).
        if (!keeps_reference(n, a)) return false;  // a view, an attribute read, another writer
        if (written) w->keeps.emplace_back(j, a);
      }
    }
    if (!written) continue;
    if (!safe_from[j]) return false;  // a node that may raise would see x unwritten
    if (uses && m.requires_grad && grad_mode[j] != 0) return false;  // x's autograd identity needed
    // (An op autograd records would save x's value for backward: saved as
    // a fresh tensor, x's later writes outside the graph would go unseen
    // by the version check.)
    if (uses && grad_mode[j] != 0 && n.meta.requires_grad) return false;
    for (int r : n.in) {
      int o = origin[size_t(r)];
      if (o == kUnknown) return false;  // may share x's storage
      if (o >= 0 && size_t(o) != i && std::find(w->reads.begin(), w->reads.end(), size_t(o)) == w->reads.end())
        w->reads.push_back(size_t(o));
    }
  }
  return written;
}

// The in-place write node i makes, if any: its target register and the
// functional form (null for x op= y).
bool write_of(const Node& n, int* x, const OpDef** functional) {
  *functional = nullptr;
  if (n.op == GraphOp::Call) {
    // (The op first, by the native: binding the call costs more.)
    const OpDef* op = vm::is_kind(n.callee, vm::ObjKind::Native) ? torch::ops::op_of(n.callee.as<vm::NativeObject>()) : nullptr;
    OpCall c;
    if (!op || !op->schema.writes() || !op_call_of(n, &c) || !(*functional = torch::ops::functional_form(*c.op))) return false;
    *x = c.arg[0];
    return *x >= 0;
  }
  if (n.op == GraphOp::Inplace && !n.in.empty()) {
    *x = n.in[0];
    return true;
  }
  return false;
}

// ---------------------------------------------------------------- writes through views
// A base: a fresh tensor, or a graph input, whose writes through views
// (`b[k].mul_(2)`, `b[k] += 1`) and assignments `b[k] = value` (k a basic
// index) become setitem calls (torch._kiln_setitem), each a new value of b
// that b's later uses read. A graph input's final value is then written
// back to it by a copy_back at the end.

constexpr int kNoRole = -2, kBase = -1;  // a register's role in a base's family; else the view's index

enum class Act : uint8_t { MakeView, ViewWrite, Assign, BaseWrite };

struct FamilyPlan {
  int base = -1;              // the base's register
  int input = -1;             // the graph input it is, or -1: a tensor the graph made
  std::vector<int> role;      // per register
  std::vector<int> key;       // per view: its key's register
  struct Step {
    size_t node;
    Act act;
    int view = -1;  // MakeView, ViewWrite
  };
  std::vector<Step> steps;    // in node order
  std::vector<size_t> events; // the nodes that write b, in order
  std::vector<std::pair<size_t, size_t>> keeps;  // (node, input): a reference to b kept
  std::vector<size_t> reads;  // an input base: other tensor inputs read from its first write on
};

// The metadata of register r (null for a constant).
const Meta* reg_meta(const Graph& g, int r) {
  if (r < int(g.consts.size())) return nullptr;
  if (r < g.node_reg(0)) return &g.input_meta[size_t(r) - g.consts.size()];
  return &g.nodes[size_t(r - g.node_reg(0))].meta;
}

bool int_reg(const Graph& g, int r) {
  const Meta* m = reg_meta(g, r);
  return m && !m->tensor && m->type == "int";
}

// Whether register r holds a basic index (ints, slices of constant
// bounds, None, `...`): a constant one, an int, or a tuple of those the
// graph built (`x[:, pos]` with pos an argument).
bool basic_key(const Graph& g, int r) {
  auto item = [&](int i) {
    if (i < int(g.consts.size())) return !vm::is_kind(g.consts[size_t(i)], vm::ObjKind::Tuple) && basic_index(g.consts[size_t(i)]);
    return int_reg(g, i);
  };
  if (r < int(g.consts.size())) return basic_index(g.consts[size_t(r)]);
  if (int_reg(g, r)) return true;
  if (r < g.node_reg(0)) return false;
  const Node& n = g.nodes[size_t(r - g.node_reg(0))];
  if (n.op != GraphOp::BuildTuple || !n.callee.is_empty()) return false;
  for (int i : n.in)
    if (!item(i)) return false;
  return true;
}

// Whether key registers a and b hold equal keys at every call: the same
// register, or equal constants.
bool same_key(VM& vm, const Graph& g, int a, int b) {
  if (a == b) return true;
  if (a >= int(g.consts.size()) || b >= int(g.consts.size())) return false;
  const Value &x = g.consts[size_t(a)], &y = g.consts[size_t(b)];
  if (x.bits() == y.bits()) return true;
  Value eq = vm::compare(vm, vm::CmpOpKind::Eq, x, y);
  if (!eq) vm.clear_exception();
  return eq && eq.is_true();
}

// Whether register r holds a tensor (the trace's example).
bool tensor_reg(const Graph& g, int r) {
  if (r < int(g.consts.size())) return torch::is_tensor(g.consts[size_t(r)]);
  return reg_meta(g, r)->tensor;
}

// Whether node n uses register r only by reading its data (also as the
// value assigned into another tensor, `t[k] = r`, or the operand of
// another tensor's `t += r`; into a dict or list, `d[k] = r` and
// `lst += r` keep references: not reads).
bool reads_only(const Graph& g, const Node& n, int r) {
  if (n.op == GraphOp::Inplace) return n.in[0] != r && tensor_reg(g, n.in[0]);
  if (n.op == GraphOp::SetItem) return n.in[0] != r && n.in[1] != r && tensor_reg(g, n.in[0]);
  return only_reads(n, r);
}

// Whether register r's value requires grad (the trace's example).
bool requires_grad_reg(const Graph& g, int r) {
  if (r < int(g.consts.size())) return torch::is_tensor(g.consts[size_t(r)]) && torch::var_of(g.consts[size_t(r)]).requires_grad();
  return reg_meta(g, r)->requires_grad;
}

// The plan for the family of base register p->base (see functionalize.h):
// every use of b is a read, a view by a basic index, an assignment to such
// a part, an in-place op on b (not when b is a graph input), a reference
// kept after b's last write or the graph's output; a view is read, written
// by in-place ops with a functional form (dtype and sizes kept) and
// assigned back to its own part, and no write of b by another route
// happens while it is live; nothing requires grad.
bool plan_view_writes(VM& vm, const Graph& g, FamilyPlan* p) {
  const int b = p->base, first = g.node_reg(0);
  const Meta* bm = reg_meta(g, b);
  if (!plain_tensor(*bm)) return false;
  if (p->input < 0 && !fresh_tensor(g.nodes[size_t(b - first)])) return false;
  p->role.assign(size_t(g.nregs()), kNoRole);
  p->key.clear();
  p->steps.clear();
  p->events.clear();
  p->keeps.clear();
  p->role[size_t(b)] = kBase;
  std::vector<size_t> created;  // per view: its node
  std::vector<int> event_view;  // per event: the view it writes through, or the view an assignment writes back; -1 none
  size_t first_keep = SIZE_MAX;
  bool writes = false;
  auto role = [&](int r) { return r < int(p->role.size()) ? p->role[size_t(r)] : kNoRole; };
  auto event = [&](size_t j, int v) {
    p->events.push_back(j);
    event_view.push_back(v);
  };
  for (size_t j = b < first ? 0 : size_t(b - first) + 1; j < g.nodes.size(); j++) {
    const Node& n = g.nodes[j];
    bool involved = false;
    for (int r : n.in) involved = involved || role(r) != kNoRole;
    if (!involved) continue;
    for (int r : n.in)
      if (requires_grad_reg(g, r)) return false;
    if (n.meta.requires_grad) return false;
    const int out = g.node_reg(j);
    int x = -1;
    const OpDef* functional = nullptr;
    if (write_of(n, &x, &functional) && role(x) != kNoRole) {
      for (int r : n.in)
        if (r != x && role(r) != kNoRole && !only_reads(n, r)) return false;
      if (role(x) == kBase) {
        // (Made pure too, so that the family's copy back counts it; a graph
        // input's own writes are input_write_of's, not mixed with these.)
        if (p->input >= 0) return false;
        if (n.op == GraphOp::Call && (!functional || !functional_method(vm, *functional))) return false;
        if (!plain_tensor(n.meta) || !same_result(vm, g, n, functional, *bm)) return false;
        p->steps.push_back({j, Act::BaseWrite});
        event(j, -1);
        p->role[size_t(out)] = kBase;
        continue;
      }
      int v = role(x);
      const Meta& vm_meta = g.nodes[created[size_t(v)]].meta;
      if (n.op == GraphOp::Call && (!functional || !functional_method(vm, *functional))) return false;
      if (!plain_tensor(n.meta) || !same_result(vm, g, n, functional, vm_meta)) return false;
      p->steps.push_back({j, Act::ViewWrite, v});
      event(j, v);
      p->role[size_t(out)] = v;
      writes = true;
      continue;
    }
    if (n.op == GraphOp::SetItem && role(n.in[0]) != kNoRole) {
      if (role(n.in[0]) != kBase || !basic_key(g, n.in[1]) || role(n.in[1]) != kNoRole) return false;
      int v = role(n.in[2]);
      if (v == kBase || (v >= 0 && !same_key(vm, g, p->key[size_t(v)], n.in[1]))) return false;
      p->steps.push_back({j, Act::Assign});
      event(j, v);
      writes = true;
      continue;
    }
    if (n.op == GraphOp::GetItem && role(n.in[0]) != kNoRole) {
      if (role(n.in[0]) != kBase || !n.meta.tensor || !basic_key(g, n.in[1]) || role(n.in[1]) != kNoRole) return false;
      int v = int(created.size());
      created.push_back(j);
      p->key.push_back(n.in[1]);
      p->role[size_t(out)] = v;
      p->steps.push_back({j, Act::MakeView, v});
      continue;
    }
    for (size_t a = 0; a < n.in.size(); a++) {
      int r = n.in[a];
      if (role(r) == kNoRole || reads_only(g, n, r)) continue;
      // (Kept: in a container built, an attribute, a global, a dict's or
      // list's item, `lst += b`'s items.)
      bool kept = keeps_reference(n, a) || n.op == GraphOp::SetItem || n.op == GraphOp::Inplace;
      if (role(r) == kBase && kept) {
        first_keep = std::min(first_keep, j);
        p->keeps.emplace_back(j, a);
        continue;
      }
      return false;
    }
  }
  if (!writes) return false;
  for (int r : g.outputs)
    if (role(r) >= 0) return false;  // a view returned
  if (!p->events.empty() && first_keep < p->events.back()) return false;  // kept, then written
  // While a view is live, b is written only through it (or it is assigned
  // back to its part): its value, renamed, is then b's part.
  std::vector<size_t> last_use(created.size(), 0);
  for (size_t j = 0; j < g.nodes.size(); j++)
    for (int r : g.nodes[j].in)
      if (role(r) >= 0) last_use[size_t(role(r))] = j;
  for (size_t v = 0; v < created.size(); v++)
    for (size_t e = 0; e < p->events.size(); e++)
      if (p->events[e] > created[v] && p->events[e] <= last_use[v] && event_view[e] != int(v)) return false;
  return true;
}

// Whether a graph input's family, planned, may move its writes to a copy
// back at the end (see functionalize.h): no node from its first write on
// may raise (eager would leave the input written up to there) or read a
// tensor of unknown storage (it may be the input); the other inputs read
// then go into p->reads (the NO_ALIASING guard). In a dynamic graph those
// nodes read no free size or int (their errors would then depend on the
// call).
bool input_family_ok(const Graph& g, const NodeFacts& f, FamilyPlan* p) {
  const size_t first = p->events.front();
  if (first + 1 < g.nodes.size() && !f.safe_from[first + 1]) return false;
  p->reads.clear();
  for (size_t j = first; j < g.nodes.size(); j++) {
    for (int r : g.nodes[j].in) {
      int o = f.origin[size_t(r)];
      if (o == kUnknown) return false;
      if (o >= 0 && o != p->input && std::find(p->reads.begin(), p->reads.end(), size_t(o)) == p->reads.end())
        p->reads.push_back(size_t(o));
      if (g.dynamic && j > first && r >= int(g.consts.size())) {
        const Meta* m = reg_meta(g, r);
        if (m->tensor ? !m->static_sizes() : m->type == "int") return false;
      }
    }
  }
  return true;
}

// The native of torch._kiln_setitem.
Value setitem_native(VM& vm) {
  auto* dict = torch::torch_state(vm).module.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
  return vm::dict_get_str(dict, vm.intern("_kiln_setitem").as<vm::StrObject>());
}

// A call of torch._kiln_setitem(base, key, value) made for node `at`.
Node setitem_node(VM& vm, const Node& at, int base, int key, int value, const Meta& meta) {
  Node s;
  s.op = GraphOp::Call;
  s.callee = setitem_native(vm);
  s.in = {base, key, value};
  s.label = "torch._kiln_setitem";
  s.meta = meta;
  s.line = at.line;
  s.file = at.file;
  s.sites = at.sites;
  return s;
}

// A copy_back(x, value) standing for `writes` writes of graph input x,
// made for node `at` (x's first write).
Node copy_back_node(const Node& at, int x, int value, size_t writes) {
  Node c;
  c.op = GraphOp::CopyBack;
  c.arg = int(writes);
  c.in = {x, value};
  c.label = "copy_back";
  c.line = at.line;
  c.file = at.file;
  c.sites = at.sites;
  c.meta.type = "NoneType";
  return c;
}

// Rewrites base b's family by its plan; returns the writes made pure. A
// write through view V makes V's new value; the setitem that puts it into
// b waits for the next node that uses b (none when that node is V's own
// assignment back, `b[k] += 1`, or another write through V). A graph
// input's setitems write the input itself (Node::Reinplace::Always), its
// outputs and kept references stay the input, and a copy_back ends the
// graph.
size_t rewrite_view_writes(VM& vm, Graph& g, const FamilyPlan& p) {
  const int nregs = g.nregs();
  const Meta base_meta = *reg_meta(g, p.base);
  const auto reinplace = p.input >= 0 ? Node::Reinplace::Always : Node::Reinplace::No;
  std::vector<std::pair<size_t, Node>> inserts;
  int cur_b = p.base;
  std::vector<int> cur_view(p.key.size(), -1);
  auto role = [&](int r) { return r < int(p.role.size()) ? p.role[size_t(r)] : kNoRole; };
  auto current = [&](int r) {
    int v = role(r);
    return v == kBase ? cur_b : v >= 0 ? cur_view[size_t(v)] : r;
  };
  int pending = -1;  // the view whose value b does not hold yet
  size_t last_write = 0;  // the node after which b's final value exists
  auto settle = [&](size_t after) {
    if (pending < 0) return;
    const Node& at = g.nodes[after];
    inserts.emplace_back(after, setitem_node(vm, at, cur_b, p.key[size_t(pending)], cur_view[size_t(pending)], base_meta));
    inserts.back().second.reinplace = reinplace;
    cur_b = nregs + int(inserts.size()) - 1;
    last_write = after;
    pending = -1;
  };
  size_t next = 0, rewritten = 0;
  const int first = g.node_reg(0);
  for (size_t j = p.base < first ? 0 : size_t(p.base - first) + 1; j < g.nodes.size(); j++) {
    Node& n = g.nodes[j];
    const FamilyPlan::Step* st = next < p.steps.size() && p.steps[next].node == j ? &p.steps[next++] : nullptr;
    if (pending >= 0) {
      bool uses_b = false;
      for (int r : n.in) uses_b = uses_b || role(r) == kBase;
      // (Another write through the view, not reading b, goes on without
      // it: `v.mul_(2); v.add_(1)`; `v.add_(b)` reads b's new value.)
      bool assigned_back = st && st->act == Act::Assign && role(n.in[2]) == pending;
      if (assigned_back) pending = -1;  // (this assignment is the setitem)
      else if (uses_b) settle(j - 1);
    }
    for (int& r : n.in) r = current(r);
    if (!st) continue;
    switch (st->act) {
      case Act::MakeView: cur_view[size_t(st->view)] = g.node_reg(j); break;
      case Act::BaseWrite:
      case Act::ViewWrite: {
        int x;
        const OpDef* functional;
        write_of(n, &x, &functional);
        if (functional) {
          n.callee = functional_method(vm, *functional);
          n.label = (functional->has_method() ? "Tensor." : "torch.") + functional->schema.name;
        } else {
          n.op = GraphOp::Binary;
        }
        if (st->act == Act::BaseWrite) {
          cur_b = g.node_reg(j);
          last_write = j;
        } else {
          cur_view[size_t(st->view)] = g.node_reg(j);
          pending = st->view;
        }
        rewritten++;
        break;
      }
      case Act::Assign: {
        n = setitem_node(vm, n, n.in[0], n.in[1], n.in[2], base_meta);
        n.reinplace = reinplace;
        cur_b = g.node_reg(j);
        last_write = j;
        rewritten++;
        break;
      }
    }
  }
  settle(g.nodes.size() - 1);
  if (p.input >= 0) {
    for (auto [j, a] : p.keeps) g.nodes[j].in[a] = p.base;
    for (int& r : g.outputs)
      if (role(r) == kBase) r = p.base;
    inserts.emplace_back(g.nodes.size() - 1, copy_back_node(g.nodes[p.events.front()], p.base, cur_b, p.events.size()));
  } else {
    // A tensor the graph made that the program gets (returned, kept):
    // its version counts the writes eager made.
    bool escapes = !p.keeps.empty();
    for (int r : g.outputs) escapes = escapes || role(r) == kBase;
    // (Right after the last write: a later node that raises, or that
    // autograd records, sees the version eager's would have.)
    if (escapes) {
      Node c = copy_back_node(g.nodes[p.events.front()], cur_b, cur_b, p.events.size());
      auto at = std::find_if(inserts.begin(), inserts.end(), [&](const auto& e) { return e.first > last_write; });
      inserts.insert(at, {last_write, std::move(c)});
    }
  }
  for (int& r : g.outputs) r = current(r);
  splice_nodes(g, std::move(inserts));
  return rewritten;
}

// Whether register b is indexed or assigned to by a node from `from` on.
bool indexed_from(const Graph& g, int b, size_t from) {
  for (size_t j = from; j < g.nodes.size(); j++) {
    const Node& n = g.nodes[j];
    if ((n.op == GraphOp::SetItem || n.op == GraphOp::GetItem) && n.in[0] == b) return true;
  }
  return false;
}

// Every base whose writes through views qualify, rewritten: the tensors
// the graph made, then the graph inputs (each written back: out->written,
// out->read).
void functionalize_view_writes(VM& vm, Graph& g, const FunctionalizeFacts& facts, Functionalized* out) {
  FamilyPlan plan;
  for (size_t k = 0; k < g.nodes.size(); k++) {
    plan.base = g.node_reg(k);
    plan.input = -1;
    if (indexed_from(g, plan.base, k + 1) && plan_view_writes(vm, g, &plan)) out->rewritten += rewrite_view_writes(vm, g, plan);
  }
  for (size_t i = 0; i < g.inputs.size(); i++) {
    plan.base = g.input_reg(i);
    plan.input = int(i);
    if (!g.input_meta[i].tensor || !indexed_from(g, plan.base, 0) || !input_movable(g, facts, i) || !plan_view_writes(vm, g, &plan))
      continue;
    NodeFacts f = node_facts(g, facts);
    if (!input_family_ok(g, f, &plan)) continue;
    out->rewritten += rewrite_view_writes(vm, g, plan);
    out->written.push_back(i);
    for (size_t r : plan.reads)
      if (std::find(out->read.begin(), out->read.end(), r) == out->read.end()) out->read.push_back(r);
  }
}

// Marks each setitem call whose input may be written in place when no
// view shares it (Node::Reinplace::IfUnshared): a tensor the graph made,
// read only before (views aside: the executor counts them), dead after.
void mark_reuses(VM& vm, Graph& g) {
  const Value setitem = setitem_native(vm);
  std::vector<size_t> last_use(size_t(g.nregs()), 0);
  for (size_t j = 0; j < g.nodes.size(); j++)
    for (int r : g.nodes[j].in) last_use[size_t(r)] = j;
  for (int r : g.outputs) last_use[size_t(r)] = SIZE_MAX;
  const int first = g.node_reg(0);
  for (size_t j = 0; j < g.nodes.size(); j++) {
    Node& n = g.nodes[j];
    if (n.op != GraphOp::Call || n.callee.bits() != setitem.bits() || n.in.size() != 3 || n.reinplace == Node::Reinplace::Always)
      continue;
    int b = n.in[0];
    if (b < first || last_use[size_t(b)] != j || n.in[2] == b || n.in[1] == b) continue;
    size_t k = size_t(b - first);
    if (!fresh_tensor(g.nodes[k])) continue;
    bool reads = true;
    for (size_t i = k + 1; i < j && reads; i++) {
      const Node& u = g.nodes[i];
      reads = only_reads(u, b) || (u.op == GraphOp::GetItem && u.in[0] == b && u.in[1] != b);
    }
    n.reinplace = reads ? Node::Reinplace::IfUnshared : Node::Reinplace::No;
  }
}

}  // namespace

Functionalized functionalize(VM& vm, Graph& g, const FunctionalizeFacts& facts) {
  Functionalized out;
  if (!vm.torch_state) return out;
  const int first = g.node_reg(0);
  // (Most graphs write nothing: the op of each call, by its native, says
  // so without binding it.)
  bool writes = false;
  for (const Node& n : g.nodes) {
    const OpDef* op = n.op == GraphOp::Call && vm::is_kind(n.callee, vm::ObjKind::Native)
                          ? torch::ops::op_of(n.callee.as<vm::NativeObject>())
                          : nullptr;
    writes = writes || n.op == GraphOp::Inplace || n.op == GraphOp::SetItem || (op && op->schema.writes());
  }
  if (!writes) return out;
  functionalize_view_writes(vm, g, facts, &out);

  // Graph inputs whose writes can move to the end.
  std::vector<InputWrite> inputs;
  {
    NodeFacts f = node_facts(g, facts);
    for (size_t i = 0; i < g.inputs.size(); i++) {
      InputWrite w;
      if (input_write_of(vm, g, facts, f, i, &w)) inputs.push_back(std::move(w));
    }
  }
  // Per register: the input it is x itself of (the input, and the results
  // of its in-place ops), before any renaming; outputs naming one return x.
  std::vector<int> output_input(g.outputs.size(), -1);
  std::vector<int> current(inputs.size());  // per input write: the register holding x's value
  for (size_t k = 0; k < inputs.size(); k++) {
    current[k] = g.input_reg(inputs[k].input);
    std::vector<bool> is_x(size_t(g.nregs()), false);
    is_x[size_t(current[k])] = true;
    for (size_t j = 0; j < g.nodes.size(); j++) {
      int x;
      const OpDef* f;
      if (write_of(g.nodes[j], &x, &f) && is_x[size_t(x)]) is_x[size_t(g.node_reg(j))] = true;
    }
    for (size_t o = 0; o < g.outputs.size(); o++)
      if (is_x[size_t(g.outputs[o])]) output_input[o] = int(k);
    // Its writes (under no_grad where x requires grad) now make values
    // that need no grad.
    for (size_t j = inputs[k].first; j < g.nodes.size(); j++)
      if (is_x[size_t(g.node_reg(j))]) g.nodes[j].meta.requires_grad = false;
  }

  std::vector<size_t> chain_writes(size_t(g.nregs()), 0);  // per register: in-place ops of a fresh tensor made pure up to it
  for (size_t i = 0; i < g.nodes.size(); i++) {
    Node& n = g.nodes[i];
    const OpDef* functional = nullptr;
    int x = -1;
    if (!write_of(n, &x, &functional)) continue;
    bool moved = false;  // a write of an input's chain (input_write_of checked them all)
    for (const InputWrite& w : inputs)
      moved = moved || std::find(w.write_nodes.begin(), w.write_nodes.end(), i) != w.write_nodes.end();
    if (!moved) {
      // x: a fresh tensor made by an earlier node, read only since, by
      // nothing autograd records (it may have saved x: eager's write would
      // then fail its backward's version check).
      if (x < first) continue;
      size_t k = size_t(x - first);
      if (!fresh_tensor(g.nodes[k]) || !plain_tensor(g.nodes[k].meta) || !plain_tensor(n.meta)) continue;
      bool read_only = true;
      for (size_t j = k + 1; j < i && read_only; j++) {
        const Node& u = g.nodes[j];
        read_only = only_reads(u, x);
        if (read_only && std::find(u.in.begin(), u.in.end(), x) != u.in.end()) {
          read_only = !u.meta.requires_grad;
          for (int r : u.in) read_only = read_only && !requires_grad_reg(g, r);
        }
      }
      if (!read_only || !same_result(vm, g, n, functional, g.nodes[k].meta)) continue;
    }
    // The functional form, and x's later uses renamed to its result.
    if (functional) {
      Value m = functional_method(vm, *functional);
      if (!m) continue;  // (an input write checked it)
      n.callee = m;
      n.label = (functional->has_method() ? "Tensor." : "torch.") + functional->schema.name;
    } else {
      n.op = GraphOp::Binary;
    }
    int result = g.node_reg(i);
    if (!moved) chain_writes[size_t(result)] = chain_writes[size_t(x)] + 1;
    for (size_t j = i + 1; j < g.nodes.size(); j++)
      for (int& r : g.nodes[j].in)
        if (r == x) r = result;
    for (int& o : g.outputs)
      if (o == x) o = result;
    for (int& c : current)
      if (c == x) c = result;
    out.rewritten++;
  }

  // A tensor the graph made whose in-place ops became pure, which the
  // program then gets (returned, kept, viewed): its version counts them.
  std::vector<std::pair<size_t, Node>> bumps;
  for (int r = first; r < first + int(g.nodes.size()); r++) {
    if (!chain_writes[size_t(r)]) continue;
    // (A value the chain goes on from is only read: the next write, made
    // pure, reads it.)
    bool escapes = std::find(g.outputs.begin(), g.outputs.end(), r) != g.outputs.end();
    for (size_t j = size_t(r - first) + 1; j < g.nodes.size() && !escapes; j++) escapes = !only_reads(g.nodes[j], r);
    // (Right after the last write: a later node that raises, or that
    // autograd records, sees the version eager's would have.)
    if (escapes) bumps.emplace_back(size_t(r - first), copy_back_node(g.nodes[size_t(r - first)], r, r, chain_writes[size_t(r)]));
  }

  // The inputs' final values written back, where the program sees them.
  for (size_t k = 0; k < inputs.size(); k++) {
    const InputWrite& w = inputs[k];
    int xr = g.input_reg(w.input);
    for (size_t o = 0; o < g.outputs.size(); o++)
      if (output_input[o] == int(k)) g.outputs[o] = xr;
    for (auto [j, a] : w.keeps) g.nodes[j].in[a] = xr;
    if (current[k] == xr) continue;
    Node c = copy_back_node(g.nodes[w.first], xr, current[k], w.writes);
    g.nodes.push_back(std::move(c));
    out.written.push_back(w.input);
    for (size_t r : w.reads)
      if (std::find(out.read.begin(), out.read.end(), r) == out.read.end()) out.read.push_back(r);
  }
  splice_nodes(g, std::move(bumps));
  mark_reuses(vm, g);
  return out;
}

}  // namespace kiln::tracer
