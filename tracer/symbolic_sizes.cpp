// tracer/symbolic_sizes.cpp — see symbolic_sizes.h.
#include "tracer/symbolic_sizes.h"

#include <algorithm>

#include <fmt/format.h>

#include "stdlib/torch/ops/sym_meta.h"
#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/ast.h"
#include "vm/ops.h"

namespace kiln::tracer {

namespace {

using torch::ops::SymArg;
using torch::ops::SymShape;
using torch::ops::SymSize;
using Kind = SymArg::Kind;

// What the pass knows of one register: a SymArg (a tensor's sizes, an int,
// ints, tensors), and whether it follows from a symbol.
struct Reg {
  SymArg a;
  bool dynamic = false;
};

bool small_int(const Value& v, int64_t* out) {
  if (!v.is_small_int()) return false;
  *out = v.as_small_int();
  return true;
}

class Pass {
 public:
  Pass(vm::VM& vm, Graph& g, const SizeFacts& facts) : vm_(vm), g_(g), regs_(size_t(g.nregs())), facts_(facts) {}
  // After a run that varied: the facts that would let it answer (empty:
  // none would).
  const SizeFacts& wanted() const { return wanted_; }

  SymbolicSizes run(const std::vector<Value>& input_values);

 private:
  vm::VM& vm_;
  Graph& g_;
  std::vector<Reg> regs_;
  std::vector<int64_t> s_values_, n_values_, u_values_;  // each symbol's example
  std::string mismatch_;
  std::string varies_at_;  // a node whose rank follows from a symbolic size
  const SizeFacts& facts_;   // assumed (guarded)
  std::vector<int> not_one_;  // facts_.not_one's symbol ids
  SizeFacts wanted_;          // what the node that varied would need

  SymSize fresh_unknown(int64_t example) {
    u_values_.push_back(example);
    return SymSize::unknown(int(u_values_.size()) - 1);
  }
  SymShape unknown_shape(const Meta& m) {
    SymShape s;
    for (int64_t d : m.sizes) s.push_back(fresh_unknown(d));
    return s;
  }
  bool eval(const SymSize& x, int64_t* v) const {
    return x.eval(
        [&](int id, int64_t* out) {
          const std::vector<int64_t>* table = &s_values_;
          size_t k = size_t(id);
          if (id < 0) table = &u_values_, k = size_t(-1 - id);
          else if (id >= SymSize::kIntSymbols) table = &n_values_, k = size_t(id - SymSize::kIntSymbols);
          if (k >= table->size()) return false;
          *out = (*table)[k];
          return true;
        },
        v);
  }

  // Whether an argument of n that is an int (or ints) may change between
  // calls (a symbolic one, or one no rule describes).
  bool varying_int_arg(const Node& n) const {
    for (int r : n.in) {
      const Reg& x = regs_[size_t(r)];
      if (x.a.kind == Kind::Int && !x.a.shape[0].is_constant()) return true;
      if (x.a.kind == Kind::IntList &&
          std::any_of(x.a.shape.begin(), x.a.shape.end(), [](const SymSize& v) { return !v.is_constant(); }))
        return true;
      if (x.a.kind == Kind::Unknown && x.dynamic) {
        Meta m = g_.reg_meta(vm_, r);
        if (!m.tensor && m.type != "float") return true;
      }
    }
    return false;
  }
  Reg const_reg(const Value& v);
  void input(size_t i, const Value& example);
  void node(size_t i);
  bool rule(const Node& n, Reg* out);
  // The sizes of tensor[key] for a basic key's items (an int stands for
  // any int: the sizes do not depend on which).
  bool getitem_tensor(const SymShape& s, const Meta& result, const std::vector<Value>& items, SymShape* out);
  // Writes r into a tensor node's meta, if it matches the example.
  void settle_tensor(size_t i, SymShape shape);
};

Reg Pass::const_reg(const Value& v) {
  Reg r;
  int64_t x;
  if (small_int(v, &x)) {
    r.a.kind = Kind::Int;
    r.a.shape = {SymSize::constant(x)};
  } else if (vm::is_kind(v, vm::ObjKind::Tuple) || vm::is_kind(v, vm::ObjKind::List)) {
    auto items = vm::is_kind(v, vm::ObjKind::Tuple)
                     ? std::span<const Value>(v.as<vm::TupleObject>()->items, v.as<vm::TupleObject>()->size)
                     : std::span<const Value>(v.as<vm::ListObject>()->items.data(), v.as<vm::ListObject>()->items.size());
    bool ints = true;
    SymShape s;
    for (const Value& it : items) {
      if (!small_int(it, &x)) ints = false;
      else s.push_back(SymSize::constant(x));
    }
    if (ints) {
      r.a.kind = Kind::IntList;
      r.a.shape = std::move(s);
    } else {
      r.a.kind = Kind::Other;
      r.a.value = v;
    }
  } else if (torch::is_tensor(v)) {
    r.a.kind = Kind::Tensor;
    for (int64_t d : torch::tensor_of(v).sizes) r.a.shape.push_back(SymSize::constant(d));
  } else {
    r.a.kind = Kind::Other;
    r.a.value = v;
  }
  return r;
}

void Pass::input(size_t i, const Value& example) {
  Meta& m = g_.input_meta[i];
  Reg& r = regs_[size_t(g_.input_reg(i))];
  if (m.tensor && torch::is_tensor(example)) {
    const torch::Tensor& t = torch::tensor_of(example);
    r.a.kind = Kind::Tensor;
    for (size_t d = 0; d < m.sizes.size(); d++) {
      auto is = [&](const Graph::Symbol& s) { return s.input == i && s.dim == int(d); };
      if (m.sizes[d] != Meta::kDynamic) {
        r.a.shape.push_back(SymSize::constant(m.sizes[d]));
        continue;
      }
      auto fixed = std::find_if(facts_.fixed.begin(), facts_.fixed.end(), [&](const auto& f) { return is(f.first); });
      if (fixed != facts_.fixed.end()) {
        m.sizes[d] = fixed->second;  // guarded: a constant here
        r.a.shape.push_back(SymSize::constant(fixed->second));
        continue;
      }
      g_.size_symbols.push_back({i, int(d)});
      s_values_.push_back(t.sizes[int(d)]);
      int id = int(s_values_.size()) - 1;
      if (std::any_of(facts_.not_one.begin(), facts_.not_one.end(), is)) not_one_.push_back(id);
      r.a.shape.push_back(SymSize::symbol(id));
      r.dynamic = true;
    }
    if (r.dynamic) m.sym = r.a.shape;
    return;
  }
  int64_t x;
  if (!m.tensor && m.type == "int" && small_int(example, &x)) {
    // An int input is free (a constant int would be a constant).
    g_.int_symbols.push_back({i, -1});
    n_values_.push_back(x);
    r.a.kind = Kind::Int;
    r.a.shape = {SymSize::int_symbol(int(n_values_.size()) - 1)};
    r.dynamic = true;
    m.sym = r.a.shape;
    return;
  }
  // A float input (it may decide a size: arange(0.0, x)), or anything else
  // (what a list input holds is not looked at here).
  r.a.kind = Kind::Unknown;
  r.dynamic = true;
}

// x[key] for a constant basic key: ints drop dims, None adds one, slices
// keep theirs (a full slice its size; a slice of a constant size its
// length; any other slice of a symbolic size a fresh u-symbol).
bool Pass::getitem_tensor(const SymShape& s, const Meta& result, const std::vector<Value>& items, SymShape* out) {
  for (const Value& it : items)
    if (vm::is_kind(it, vm::ObjKind::Tuple) || !basic_index(it)) return false;
  size_t consuming = 0, ellipses = 0;
  for (const Value& it : items) {
    if (it.is_ellipsis()) ellipses++;
    else if (!it.is_none()) consuming++;
  }
  if (ellipses > 1 || consuming > s.size()) return false;
  out->clear();
  size_t d = 0;
  for (const Value& it : items) {
    if (it.is_none()) {
      out->push_back(SymSize::constant(1));
    } else if (it.is_ellipsis()) {
      for (size_t k = 0; k < s.size() - consuming; k++) out->push_back(s[d++]);
    } else if (it.is_small_int()) {
      d++;
    } else {
      const auto* sl = it.as<vm::SliceObject>();
      const SymSize& size = s[d++];
      int64_t n, start, stop, step = sl->step.is_none() ? 1 : sl->step.as_small_int();
      if (step <= 0) return false;  // (tensors take no negative steps: it raises)
      if (size.is_constant(&n)) {
        // Python's slice arithmetic for a positive step.
        auto clamp = [&](const Value& v, int64_t dflt) {
          if (v.is_none()) return dflt;
          int64_t x = v.as_small_int();
          if (x < 0) x = std::max<int64_t>(x + n, 0);
          return std::min(x, n);
        };
        start = clamp(sl->start, 0);
        stop = clamp(sl->stop, n);
        out->push_back(SymSize::constant(stop > start ? (stop - start + step - 1) / step : 0));
      } else if (sl->start.is_none() && sl->stop.is_none() && step == 1) {
        out->push_back(size);
      } else {
        size_t at = out->size();
        out->push_back(fresh_unknown(at < result.sizes.size() ? result.sizes[at] : 0));
      }
    }
  }
  while (d < s.size()) out->push_back(s[d++]);
  return true;
}

bool Pass::rule(const Node& n, Reg* out) {
  auto reg = [&](int r) -> const Reg& { return regs_[size_t(r)]; };
  auto tensor = [&](int r) { return reg(r).a.kind == Kind::Tensor; };
  auto as_int = [&](int r) { return reg(r).a.kind == Kind::Int; };
  // The tensor inputs broadcast (a number broadcasts as nothing).
  auto broadcast_tensors = [&] {
    std::vector<SymShape> shapes;
    for (int r : n.in)
      if (tensor(r)) shapes.push_back(reg(r).a.shape);
    SymShape r;
    if (shapes.empty() || !torch::ops::sym_broadcast(shapes, &r)) return false;
    out->a.kind = Kind::Tensor;
    out->a.shape = std::move(r);
    return true;
  };
  switch (n.op) {
    case GraphOp::Call: {
      if (n.label == "Tensor.size" && !n.in.empty() && tensor(n.in[0])) {
        const SymShape& s = reg(n.in[0]).a.shape;
        if (n.in.size() == 1) {
          out->a.kind = Kind::IntList;
          out->a.shape = s;
          return true;
        }
        int64_t d;
        if (n.in.size() != 2 || !as_int(n.in[1]) || !reg(n.in[1]).a.shape[0].is_constant(&d)) return false;
        if (d < 0) d += int64_t(s.size());
        if (d < 0 || d >= int64_t(s.size())) return false;
        out->a.kind = Kind::Int;
        out->a.shape = {s[size_t(d)]};
        return true;
      }
      OpCall c;
      if (!op_call_of(n, &c)) {
        // Another native: its result's rank may follow from an int that
        // changes between calls.
        if (n.meta.tensor && varying_int_arg(n) && varies_at_.empty())
          varies_at_ = fmt::format("{}:{} ({}: a rank may follow from a free int)",
                                   n.file ? std::string(vm::str_view(n.file)) : g_.filename, n.line, n.label);
        return false;
      }
      const auto& params = c.op->schema.params;
      std::vector<SymArg> args(params.size());
      for (size_t p = 0; p < params.size(); p++) {
        if (int(p) == c.op->schema.varargs && c.packed > 1) {
          args[p].kind = Kind::IntList;
          for (size_t k = 0; k < c.packed; k++) {
            if (!as_int(c.pack[k])) return false;
            args[p].shape.push_back(reg(c.pack[k]).a.shape[0]);
          }
          continue;
        }
        if (c.arg[p] >= 0) args[p] = reg(c.arg[p]).a;
      }
      std::vector<SymShape> shapes;
      torch::ops::SymContext cx;
      cx.not_one = not_one_;  // (fixed sizes are constants already)
      if (!torch::ops::sym_meta(*c.op, args, &shapes, &cx)) {
        bool varies = cx.varies;
        // With no rule, only the rank is known — unless an int argument
        // changes between calls (squeeze(d), flatten(d) of a free int d):
        // then the rank may follow from it.
        bool int_arg = varying_int_arg(n);
        varies = varies || int_arg;
        if (varies && varies_at_.empty()) {
          // Facts a guard could give about input sizes (s-symbols): not 1
          // where the example is not (squeeze), else the example's value;
          // the pass runs again with them.
          wanted_ = SizeFacts();
          bool ok = cx.want_enough && !int_arg && (!cx.want_not_one.empty() || !cx.want_fixed.empty());
          auto input_size = [&](int id) {
            return id >= 0 && id < SymSize::kIntSymbols && size_t(id) < s_values_.size() &&
                   size_t(id) < g_.size_symbols.size();
          };
          for (int id : cx.want_not_one) {
            if (!(ok = ok && input_size(id))) break;
            if (s_values_[size_t(id)] != 1) wanted_.not_one.push_back(g_.size_symbols[size_t(id)]);
            else wanted_.fixed.emplace_back(g_.size_symbols[size_t(id)], 1);
          }
          for (int id : cx.want_fixed) {
            if (!(ok = ok && input_size(id))) break;
            wanted_.fixed.emplace_back(g_.size_symbols[size_t(id)], s_values_[size_t(id)]);
          }
          if (!ok) wanted_ = SizeFacts();
        }
        if (varies && varies_at_.empty())
          varies_at_ = fmt::format("{}:{} ({}: a rank may follow from a size or int)",
                                   n.file ? std::string(vm::str_view(n.file)) : g_.filename, n.line, n.label);
        return false;
      }
      if (n.meta.tensor) {
        if (shapes.size() != 1) return false;
        out->a.kind = Kind::Tensor;
        out->a.shape = std::move(shapes[0]);
      } else {
        out->a.kind = Kind::TensorList;
        out->a.tensors = std::move(shapes);
      }
      return true;
    }
    case GraphOp::Binary:
    case GraphOp::Inplace: {
      const Reg& a = reg(n.in[0]);
      const Reg& b = reg(n.in[1]);
      auto kind = vm::ast::BinOpKind(n.arg);
      if (a.a.kind == Kind::Int && b.a.kind == Kind::Int) {
        const SymSize &x = a.a.shape[0], &y = b.a.shape[0];
        SymSize r;
        switch (kind) {
          case vm::ast::BinOpKind::Add: r = x + y; break;
          case vm::ast::BinOpKind::Sub: r = x - y; break;
          case vm::ast::BinOpKind::Mult: r = x * y; break;
          case vm::ast::BinOpKind::FloorDiv: {
            // Exact only: (c*q) // c is q for every q.
            int64_t k;
            if (!y.is_constant(&k) || k == 0 || !SymSize::divide(x, y, &r)) return false;
            break;
          }
          default: return false;
        }
        if (r.invalid()) return false;
        out->a.kind = Kind::Int;
        out->a.shape = {r};
        return true;
      }
      if (!n.meta.tensor) return false;
      if (n.op == GraphOp::Inplace && a.a.kind == Kind::Tensor && kind != vm::ast::BinOpKind::MatMult) {
        out->a = a.a;  // x += y writes x (x @= w is x = x @ w)
        return true;
      }
      if (kind != vm::ast::BinOpKind::MatMult) return broadcast_tensors();
      SymShape r;
      if (a.a.kind != Kind::Tensor || b.a.kind != Kind::Tensor || !torch::ops::sym_matmul(a.a.shape, b.a.shape, &r))
        return false;
      out->a.kind = Kind::Tensor;
      out->a.shape = std::move(r);
      return true;
    }
    case GraphOp::Unary: {
      const Reg& a = reg(n.in[0]);
      if (a.a.kind == Kind::Tensor && n.meta.tensor) {
        out->a = a.a;
        return true;
      }
      if (a.a.kind == Kind::Int) {
        auto kind = vm::ast::UnaryOpKind(n.arg);
        if (kind != vm::ast::UnaryOpKind::USub && kind != vm::ast::UnaryOpKind::UAdd) return false;
        out->a = a.a;
        if (kind == vm::ast::UnaryOpKind::USub) out->a.shape[0] = SymSize() - a.a.shape[0];
        return true;
      }
      return false;
    }
    case GraphOp::Compare: return n.meta.tensor && broadcast_tensors();
    case GraphOp::GetItem: {
      const Reg& a = reg(n.in[0]);
      const Reg& k = reg(n.in[1]);
      int64_t i;
      if (a.a.kind == Kind::Tensor && n.meta.tensor) {
        // The key's items: a constant's, or a free int (x[pos]) or a
        // tuple the graph built of constants and ints (x[:, pos]).
        std::vector<Value> items;
        auto item = [&](int r) {
          if (r < int(g_.consts.size())) items.push_back(g_.consts[size_t(r)]);
          else if (reg(r).a.kind == Kind::Int) items.push_back(Value::small_int(0));
          else return false;
          return true;
        };
        const int key = n.in[1], first = g_.node_reg(0);
        if (key < int(g_.consts.size()) && vm::is_kind(g_.consts[size_t(key)], vm::ObjKind::Tuple)) {
          const auto* t = g_.consts[size_t(key)].as<vm::TupleObject>();
          items.assign(t->items, t->items + t->size);
        } else if (key >= first && g_.nodes[size_t(key - first)].op == GraphOp::BuildTuple &&
                   g_.nodes[size_t(key - first)].callee.is_empty()) {
          for (int r : g_.nodes[size_t(key - first)].in)
            if (!item(r)) return false;
        } else if (!item(key)) {
          return false;
        }
        out->a.kind = Kind::Tensor;
        return getitem_tensor(a.a.shape, n.meta, items, &out->a.shape);
      }
      if (k.a.kind != Kind::Int || !k.a.shape[0].is_constant(&i)) return false;
      if (a.a.kind == Kind::TensorList) {
        if (i < 0) i += int64_t(a.a.tensors.size());
        if (i < 0 || i >= int64_t(a.a.tensors.size()) || !n.meta.tensor) return false;
        out->a.kind = Kind::Tensor;
        out->a.shape = a.a.tensors[size_t(i)];
        return true;
      }
      if (a.a.kind == Kind::IntList) {
        if (i < 0) i += int64_t(a.a.shape.size());
        if (i < 0 || i >= int64_t(a.a.shape.size())) return false;
        out->a.kind = Kind::Int;
        out->a.shape = {a.a.shape[size_t(i)]};
        return true;
      }
      return false;
    }
    case GraphOp::BuildTuple:
    case GraphOp::BuildList: {
      bool ints = true, tensors = true;
      for (int r : n.in) ints = ints && as_int(r), tensors = tensors && tensor(r);
      if (!n.in.empty() && ints) {
        out->a.kind = Kind::IntList;
        for (int r : n.in) out->a.shape.push_back(reg(r).a.shape[0]);
        return true;
      }
      if (!n.in.empty() && tensors) {
        out->a.kind = Kind::TensorList;
        for (int r : n.in) out->a.tensors.push_back(reg(r).a.shape);
        return true;
      }
      return false;
    }
    default: return false;
  }
}

void Pass::settle_tensor(size_t i, SymShape shape) {
  Node& n = g_.nodes[i];
  Meta& m = n.meta;
  bool ok = shape.size() == m.sizes.size();
  for (size_t d = 0; ok && d < shape.size(); d++) {
    int64_t v;
    if (!eval(shape[d], &v) || v != m.sizes[d]) {
      if (mismatch_.empty())
        mismatch_ = fmt::format("{} (node v{}): symbolic sizes [{}] give {} at dim {} where the trace had {}", n.label, i,
                                [&] {
                                  std::string r;
                                  for (const SymSize& x : shape) {
                                    if (!r.empty()) r += ", ";
                                    r += x.str();
                                  }
                                  return r;
                                }(),
                                eval(shape[d], &v) ? std::to_string(v) : std::string("no value"), d, m.str());
      ok = false;
    }
  }
  if (!ok) shape = unknown_shape(m);
  Reg& r = regs_[size_t(g_.node_reg(i))];
  r.a.kind = Kind::Tensor;
  r.a.shape = shape;
  bool any = false;
  for (size_t d = 0; d < shape.size(); d++) {
    int64_t v;
    if (shape[d].is_constant(&v)) continue;
    m.sizes[d] = Meta::kDynamic;
    any = true;
  }
  if (any) m.sym = std::move(shape);
}

void Pass::node(size_t i) {
  Node& n = g_.nodes[i];
  Reg& out = regs_[size_t(g_.node_reg(i))];
  bool dynamic = false;
  for (int r : n.in) dynamic = dynamic || regs_[size_t(r)].dynamic;
  out.dynamic = dynamic;
  if (!dynamic) {
    // Its inputs are the same at every call: so are a tensor's sizes (the
    // example's). Another value is known only as a rule gives it from
    // constants (x.size(0) of a fixed size); else it may differ between
    // calls (x.storage_offset()), as a symbol's.
    Reg r;
    if (n.meta.tensor) {
      r.a.kind = Kind::Tensor;
      for (int64_t d : n.meta.sizes) r.a.shape.push_back(SymSize::constant(d));
    } else if (!rule(n, &r)) {
      r.a = SymArg();
      r.a.kind = Kind::Unknown;
      out.dynamic = true;
    }
    out.a = std::move(r.a);
    return;
  }
  Reg r;
  bool known = rule(n, &r);
  if (n.meta.tensor) {
    settle_tensor(i, known && r.a.kind == Kind::Tensor ? std::move(r.a.shape) : unknown_shape(n.meta));
    return;
  }
  if (known && r.a.kind == Kind::Int) {
    out.a = std::move(r.a);
    int64_t v;
    if (!out.a.shape[0].is_constant(&v)) n.meta.sym = out.a.shape;
    return;
  }
  if (known && (r.a.kind == Kind::IntList || r.a.kind == Kind::TensorList)) {
    out.a = std::move(r.a);
    return;
  }
  if (n.count_read && varies_at_.empty()) {
    // The trace unpacked it: its length must be the same at every call.
    varies_at_ = fmt::format("{}:{} ({}: unpacked, and how many values it holds may follow from a size)",
                             n.file ? std::string(vm::str_view(n.file)) : g_.filename, n.line, n.label);
    return;
  }
  out.a = SymArg();
  out.a.kind = Kind::Unknown;
}

SymbolicSizes Pass::run(const std::vector<Value>& input_values) {
  std::vector<Meta> inputs_before = g_.input_meta, nodes_before;
  for (const Node& n : g_.nodes) nodes_before.push_back(n.meta);
  for (size_t i = 0; i < g_.consts.size(); i++) regs_[i] = const_reg(g_.consts[i]);
  for (size_t i = 0; i < g_.inputs.size(); i++) input(i, i < input_values.size() ? input_values[i] : Value());
  for (size_t i = 0; i < g_.nodes.size() && varies_at_.empty(); i++) node(i);
  if (!varies_at_.empty()) {
    // The graph as it was: the tracer pins its sizes.
    g_.input_meta = std::move(inputs_before);
    for (size_t i = 0; i < g_.nodes.size(); i++) g_.nodes[i].meta = std::move(nodes_before[i]);
    g_.size_symbols.clear();
    g_.int_symbols.clear();
    return {"", varies_at_, {}};  // (the caller pins, or runs again with wanted())
  }
  return {mismatch_, "", {}};
}

}  // namespace

SymbolicSizes symbolize_sizes(vm::VM& vm, Graph& g, const std::vector<Value>& input_values) {
  if (!g.dynamic) return {};
  // A rank or count that follows from a free size: again, with the facts
  // that settle it (each round adds at least one, or gives up).
  SizeFacts facts;
  auto same = [](const Graph::Symbol& a, const Graph::Symbol& b) { return a.input == b.input && a.dim == b.dim; };
  for (;;) {
    Pass pass(vm, g, facts);
    SymbolicSizes r = pass.run(input_values);
    if (r.varies_at.empty()) {
      r.facts = facts;
      return r;
    }
    bool added = false;
    for (const Graph::Symbol& s : pass.wanted().not_one)
      if (std::none_of(facts.not_one.begin(), facts.not_one.end(), [&](const auto& f) { return same(f, s); })) {
        facts.not_one.push_back(s);
        added = true;
      }
    for (const auto& [s, v] : pass.wanted().fixed)
      if (std::none_of(facts.fixed.begin(), facts.fixed.end(), [&](const auto& f) { return same(f.first, s); })) {
        facts.fixed.emplace_back(s, v);
        added = true;
      }
    if (!added) return r;
  }
}

bool bind_symbols(const Graph& g, const Value* args, size_t nargs, std::vector<int64_t>* s, std::vector<int64_t>* n) {
  s->clear();
  n->clear();
  for (const Graph::Symbol& sym : g.size_symbols) {
    if (sym.input >= nargs || !torch::is_tensor(args[sym.input])) return false;
    const torch::Tensor& t = torch::tensor_of(args[sym.input]);
    if (sym.dim >= t.sizes.n) return false;
    s->push_back(t.sizes[sym.dim]);
  }
  for (const Graph::Symbol& sym : g.int_symbols) {
    if (sym.input >= nargs || !args[sym.input].is_small_int()) return false;
    n->push_back(args[sym.input].as_small_int());
  }
  return true;
}

}  // namespace kiln::tracer
