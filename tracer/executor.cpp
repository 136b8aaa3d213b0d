// tracer/executor.cpp — running graphs (tracer/executor.h).
#include "tracer/executor.h"

#include "jit/tier_manager.h"

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/index.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/ast.h"
#include "vm/dict.h"
#include "vm/list.h"
#include "vm/set.h"
#include "vm/shape.h"
#include "vm/ops.h"
#include "tracer/symbolic_sizes.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::tracer {

namespace {

// The values of a dynamic graph's symbols for one call (s<k> and n<k>).
struct Binding {
  std::vector<int64_t> s, n;
};

// Whether value v, made by node n, has the sizes (or int value) n's
// expressions give at binding b; dims whose expression has a u-symbol (no
// value known) are not compared. Aborts on a difference (the self-check).
void check_sizes(const Graph& g, size_t i, const Value& v, const Binding& b) {
  const Meta& m = g.nodes[i].meta;
  if (m.sym.empty()) return;
  auto value = [&](int id, int64_t* out) {
    if (id < 0) return false;  // a u-symbol
    const std::vector<int64_t>& t = id >= torch::ops::SymSize::kIntSymbols ? b.n : b.s;
    size_t k = size_t(id >= torch::ops::SymSize::kIntSymbols ? id - torch::ops::SymSize::kIntSymbols : id);
    if (k >= t.size()) return false;
    *out = t[k];
    return true;
  };
  std::vector<int64_t> got;
  if (m.tensor && torch::is_tensor(v)) {
    for (int64_t d : torch::tensor_of(v).sizes) got.push_back(d);
  } else if (!m.tensor && v.is_small_int()) {
    got.push_back(v.as_small_int());
  }
  bool bad = got.size() != m.sym.size();
  for (size_t d = 0; !bad && d < got.size(); d++) {
    int64_t want;
    if (m.sym[d].eval(value, &want) && want != got[d]) bad = true;
  }
  if (!bad) return;
  std::string have;
  for (int64_t d : got) {
    if (!have.empty()) have += ", ";
    have += std::to_string(d);
  }
  std::fprintf(stderr, "kiln tracer self-check: %s: node v%zu (%s) has sizes [%s] where its symbolic sizes are %s\n",
               g.name.c_str(), i, g.nodes[i].label.c_str(), have.c_str(), m.str().c_str());
  std::abort();
}

Value run_nodes(VM& vm, const Graph& g, const std::vector<FusedRegion>& regions, const jit::CompiledGraph* compiled,
                const std::vector<std::vector<int>>& drops, Value* regs, int* failed, const Binding* binding) {
  auto drop = [&](size_t first, size_t end) {
    for (size_t k = first; k < end; k++)
      for (int r : drops[k]) regs[r] = Value();
  };
  size_t base = g.consts.size() + g.inputs.size();
  size_t next_region = 0;
  for (size_t i = 0; i < g.nodes.size(); i++) {
    if (compiled) {
      // Machine code for the kernel region starting here, when its inputs
      // qualify this time.
      size_t end = 0;
      switch (compiled->run_at(vm, i, regs, &end)) {
        case jit::CompiledGraph::Ran::Yes:
          drop(i, end);
          i = end - 1;
          while (next_region < regions.size() && regions[next_region].first < end) next_region++;
          continue;
        case jit::CompiledGraph::Ran::Error: *failed = int(i); return Value();
        case jit::CompiledGraph::Ran::No: break;
      }
    }
    while (next_region < regions.size() && regions[next_region].first < i) next_region++;
    if (next_region < regions.size() && regions[next_region].first == i) {
      const FusedRegion& fr = regions[next_region++];
      if (fr.run(vm, g, regs)) {
        drop(i, fr.end);
        i = fr.end - 1;
        continue;
      }
    }
    const Node& n = g.nodes[i];
    const int* in = n.in.data();
    Value r;
    switch (n.op) {
      case GraphOp::Call: {
        if (n.reinplace != Node::Reinplace::No) {
          // A functionalised write that may write its input itself
          // (Node::Reinplace): always, or when no view shares its storage.
          const Value& b = regs[in[0]];
          const torch::Tensor* t = torch::is_tensor(b) ? &torch::tensor_of(b) : nullptr;
          if (t && t->storage && (n.reinplace == Node::Reinplace::Always || t->storage->refcount == 1)) {
            auto version = t->storage->version;
            if (torch::tensor_setitem(vm, b.as<vm::Object>(), regs[in[1]], regs[in[2]])) r = b;
            t->storage->version = version;  // (a pure op's: the copy back advances it where the program can see it)
            break;
          }
        }
        constexpr size_t kSmall = 12;
        Value small[kSmall];
        std::vector<Value> big;
        Value* args = small;
        if (n.in.size() > kSmall) {
          big.resize(n.in.size());
          args = big.data();
        }
        for (size_t k = 0; k < n.in.size(); k++) args[k] = regs[in[k]];
        const vm::TupleObject* kw = vm::is_kind(n.kwnames, vm::ObjKind::Tuple) ? n.kwnames.as<vm::TupleObject>() : nullptr;
        size_t npos = n.in.size() - (kw ? kw->size : 0);
        auto* nat = n.callee.as<vm::NativeObject>();
        r = nat->fn(vm, vm::CallArgs{args, npos, kw}, nat->data);
        break;
      }
      case GraphOp::Binary: r = vm::binary_op(vm, vm::BinOpKind(n.arg), regs[in[0]], regs[in[1]]); break;
      case GraphOp::Inplace: r = vm::inplace_op(vm, vm::BinOpKind(n.arg), regs[in[0]], regs[in[1]]); break;
      case GraphOp::Unary: r = vm::unary_op(vm, vm::UnaryOpKind(n.arg), regs[in[0]]); break;
      case GraphOp::Compare: r = vm::compare(vm, vm::CmpOpKind(n.arg), regs[in[0]], regs[in[1]]); break;
      case GraphOp::GetItem: r = vm::getitem(vm, regs[in[0]], regs[in[1]]); break;
      case GraphOp::SetItem:
        if (vm::setitem(vm, regs[in[0]], regs[in[1]], regs[in[2]])) r = Value::none();
        break;
      case GraphOp::GetAttr: r = vm::getattr(vm, regs[in[0]], n.name.as<vm::StrObject>()); break;
      case GraphOp::SetAttr:
        // The tracer let only plain instance attributes through (no
        // descriptor, no __setattr__ of the object's own to run).
        if (vm::instance_store(vm, regs[in[0]].as<vm::InstanceObject>(), n.name.as<vm::StrObject>(), regs[in[1]]))
          r = Value::none();
        break;
      case GraphOp::NewObject: {
        // A plain user class (the tracer checked: object's __new__, no
        // __setattr__ or slots), so the instance is its attributes.
        r = vm::instance_alloc(vm, n.callee.as<vm::TypeObject>());
        auto* names = n.kwnames.as<vm::TupleObject>();
        for (size_t k = 0; r && k < n.in.size(); k++)
          if (!vm::instance_store(vm, r.as<vm::InstanceObject>(), names->items[k].as<vm::StrObject>(), regs[in[k]]))
            r = Value();
        break;
      }
      case GraphOp::BuildSet: {
        r = vm::set_new(vm);
        for (size_t k = 0; r && k < n.in.size(); k++)
          if (!vm::set_add(vm, r.as<vm::SetObject>(), regs[in[k]])) r = Value();
        break;
      }
      case GraphOp::BuildDict: {
        r = vm::dict_new(vm);
        auto* keys = n.kwnames.as<vm::TupleObject>();
        for (size_t k = 0; r && k < n.in.size(); k++)
          if (!vm::dict_setitem(vm, r.as<vm::DictObject>(), keys->items[k], regs[in[k]])) r = Value();
        break;
      }
      case GraphOp::CopyBack: {
        // (Functionalisation checked: same dtype and sizes, no internal
        // overlap, no autograd involved.)
        const torch::Tensor& dst = torch::tensor_of(regs[in[0]]);
        const torch::Tensor& src = torch::tensor_of(regs[in[1]]);
        if (src.storage.get() == dst.storage.get() && src.offset == dst.offset && src.sizes == dst.sizes &&
            src.strides == dst.strides) {
          torch::bump_version(dst);  // written there already: by a kernel (jit/tier_manager.h: copy_back_in_place) or by setitems (Node::Reinplace::Always)
        } else try {
          torch::copy_into(dst, src);
        } catch (const torch::Error& e) {
          vm.raise(vm::Exc::RuntimeError, e.message);
          break;
        }
        for (int k = 1; k < n.arg; k++) torch::bump_version(dst);
        r = Value::none();
        break;
      }
      case GraphOp::SetGradMode:
        torch::autograd::GradMode::set_enabled(n.arg != 0);
        r = Value::none();
        break;
      case GraphOp::StoreGlobal:
        if (vm::dict_setitem(vm, n.callee.as<vm::DictObject>(), n.name, regs[in[0]])) r = Value::none();
        break;
      case GraphOp::StoreCell:
        // The tracer stores only into cells (FuncCell and DerefCell sources).
        regs[in[0]].as<vm::CellObject>()->contents = regs[in[1]];
        r = Value::none();
        break;
      case GraphOp::BuildTuple: {
        // callee, when set, is the tuple's type (torch.Size).
        r = n.callee.is_empty() ? vm::tuple_new(vm, n.in.size())
                                : vm::tuple_new_of(vm, n.callee.as<vm::TypeObject>(), n.in.size());
        if (r)
          for (size_t k = 0; k < n.in.size(); k++) r.as<vm::TupleObject>()->items[k] = regs[in[k]];
        break;
      }
      case GraphOp::BuildList: {
        r = vm::list_new(vm, 0);
        if (r)
          for (size_t k = 0; k < n.in.size(); k++) r.as<vm::ListObject>()->items.push_back(regs[in[k]]);
        break;
      }
      case GraphOp::Count_: break;
    }
    if (r.is_empty()) {
      *failed = int(i);
      return Value();
    }
    if (binding) check_sizes(g, i, r, *binding);
    regs[base + i] = std::move(r);
    drop(i, i + 1);
  }
  if (g.outputs.size() == 1 && !g.tuple_output) return regs[g.outputs[0]];
  Value t = vm::tuple_new(vm, g.outputs.size());
  if (!t) return Value();
  for (size_t k = 0; k < g.outputs.size(); k++) t.as<vm::TupleObject>()->items[k] = regs[g.outputs[k]];
  return t;
}
}  // namespace

// A node failed inside user `with` blocks the graph traced through: their
// __exit__ runs with the exception, innermost first, as the interpreter's
// unwinding would. One that suppresses the exception cannot be honoured (the
// code after its block is not in the graph): that is an error saying so.
void GraphRunner::run_with_exits(VM& vm, Value* regs) {
  const Graph& g = *g_;
  for (auto it = g.with_exits.rbegin(); it != g.with_exits.rend(); ++it) {
    if (failed_ < 0 || size_t(failed_) < it->first || size_t(failed_) >= it->end) continue;
    if (it->grad_prev >= 0) {
      torch::autograd::GradMode::set_enabled(it->grad_prev != 0);
      continue;
    }
    Value exc = vm.take_exception();
    Value args[4] = {regs[it->manager], Value::borrow(vm::type_of(vm, exc)), exc, Value::none()};
    Value r = vm.call(it->exit, args, 4);
    if (!r) continue;  // __exit__ raised: its exception goes on
    int suppress = vm::truthy(vm, r);
    if (suppress == 1) {
      vm.raisef(vm::Exc::RuntimeError,
                "a context manager's __exit__ suppressed an exception raised inside a compiled graph, which Kiln "
                "cannot continue from (run this function with torch.compiler.disable or --tier=0): %s",
                vm::type_name(vm, exc));
      continue;
    }
    if (suppress == 0) vm.raise_value(exc);
  }
}

GraphRunner::GraphRunner(const Graph* g) : g_(g), regions_(FusedRegion::find(*g)), drop_after_(g->nodes.size()) {
  // The last node reading each input or node register; outputs and the
  // managers of `with` blocks (their __exit__ may run after a failure) live
  // to the end.
  size_t nc = g->consts.size();
  std::vector<int64_t> last(size_t(g->nregs()), -1);
  for (size_t i = 0; i < g->nodes.size(); i++)
    for (int r : g->nodes[i].in) last[size_t(r)] = int64_t(i);
  for (size_t i = 0; i < g->nodes.size(); i++)  // a node nobody reads: dropped right after it
    if (last[size_t(g->node_reg(i))] < 0) last[size_t(g->node_reg(i))] = int64_t(i);
  for (int r : g->outputs) last[size_t(r)] = -2;
  for (const auto& w : g->with_exits)
    if (w.manager >= 0) last[size_t(w.manager)] = -2;
  for (size_t r = nc; r < last.size(); r++)
    if (last[r] >= 0) drop_after_[size_t(last[r])].push_back(int(r));
}

Value GraphRunner::run(VM& vm, std::vector<Value>& inputs) {
  const Graph& g = *g_;
  std::vector<Value> fresh;
  std::vector<Value>* regs = &regs_;
  if (busy_) regs = &fresh;  // re-entered: its own registers
  busy_ = regs == &regs_;
  regs->resize(size_t(g.nregs()));
  Value* r = regs->data();
  for (size_t i = 0; i < g.consts.size(); i++) r[i] = g.consts[i];
  for (size_t i = 0; i < g.inputs.size(); i++) r[g.consts.size() + i] = std::move(inputs[size_t(g.inputs[i])]);
  failed_ = -1;
  Binding binding;
  bool check = check_sizes_ && g.dynamic && bind_symbols(g, r + g.consts.size(), g.inputs.size(), &binding.s, &binding.n);
  Value out = run_nodes(vm, g, regions_, compiled_, drop_after_, r, &failed_, check ? &binding : nullptr);
  // A failed node leaves the with blocks around it (their __exit__, the
  // grad mode from before a grad-mode block); a mode set outside any block
  // stays, as in the interpreter.
  if (out.is_empty()) run_with_exits(vm, r);
  // Drop the intermediates now: a tensor dies when its last reference goes.
  for (size_t i = g.consts.size(); i < regs->size(); i++) (*regs)[i] = Value();
  if (regs == &regs_) busy_ = false;
  return out;
}

}  // namespace kiln::tracer
