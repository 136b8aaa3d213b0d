// tracer/trace.cpp — trace_function (tracer/trace.h): one capture, run by
// a Tracer (tracer/translator.h), retried when a generator made in the
// trace stopped it.
#include "tracer/translator.h"

namespace kiln::tracer {

TraceResult Tracer::run() {
  TraceResult res;
  Frame f;
  f.co = co_;
  f.globals = fn_->globals;
  f.locals.assign(size_t(co_->nlocals), Sym::unbound());
  guards_.sources.nlocals = co_->nlocals;
  for (int i = 0; i < co_->nlocals; i++) guards_.sources.local_names.emplace_back(vm::str_view(co_->varnames[size_t(i)]));
  for (const Value& n : co_->cellvars) guards_.sources.cell_names.emplace_back(vm::str_view(n));
  for (const Value& n : co_->freevars) guards_.sources.cell_names.emplace_back(vm::str_view(n));
  find_regions();
  std::optional<Break> brk;
  try {
    if (vm_.torch_state) guard(GuardKind::GradMode, -1, Value(), torch::autograd::GradMode::is_enabled());
    int nparams = co_->argcount + co_->kwonlyargcount + ((co_->flags & vm::kCodeVarargs) ? 1 : 0) +
                  ((co_->flags & vm::kCodeVarkeywords) ? 1 : 0);
    for (int i = 0; i < nparams; i++) {
      if (slots_[i].is_empty()) continue;
      f.locals[size_t(i)] = from_source(guards_.sources.add(Source{SourceKind::Local, -1, i, Value(), Value()}), slots_[i]);
    }
    for (size_t i = 0; i < co_->cellvars.size(); i++) {
      auto c = std::make_shared<CellData>();
      c->contents = co_->cell2arg[i] >= 0 ? f.locals[size_t(co_->cell2arg[i])] : Sym::unbound();
      f.cells.push_back(c);
    }
    for (size_t i = 0; i < co_->freevars.size(); i++) {
      // The frame's free variables: real cells, read when used.
      const Value& cell = slots_[size_t(co_->nlocals) + co_->cellvars.size() + i];
      int src = guards_.sources.add(Source{SourceKind::DerefCell, -1, int(co_->cellvars.size() + i), Value(), Value()});
      f.cells.push_back(real_cell(src, cell));
    }
    Sym out = run_frame(f);
    // Worth a graph only if some node computes on tensors: one that only
    // switches state (no_grad's __enter__ setting the grad mode) runs
    // faster in the interpreter than through a guard check and the executor.
    auto tensor_reg = [&](int id) {
      switch (tag_kind(id)) {
        case kConstTag: return torch::is_tensor(consts_[size_t(tag_index(id))]);
        case kInputTag: return input_meta_[size_t(tag_index(id))].tensor;
        default: return nodes_[size_t(tag_index(id))].meta.tensor;
      }
    };
    size_t tensor_nodes = 0;
    for (auto& n : nodes_) {
      if (is_plumbing(n)) continue;
      bool touches = n.meta.tensor;
      for (int r : n.in) touches = touches || tensor_reg(r);
      if (touches) tensor_nodes++;
    }
    if (tensor_nodes == 0) stop(BreakReason::NoTensorOps);
    res.graph = finish_graph({reg_of(out)}, false);
    res.ok = true;
  } catch (const Break& b) {
    brk = b;
  } catch (const torch::Error& e) {
    brk = Break{BreakReason::ExceptionInTrace, e.message};
  }
  if (brk) {
    res.reason = brk->reason;
    res.detail = brk->detail;
    res.failed_generator = brk->generator;
    res.file = cur_co_ ? std::string(vm::str_view(cur_co_->filename)) : std::string(vm::str_view(co_->filename));
    res.line = cur_line_ ? cur_line_ : co_->firstlineno;
    if (brk->reason != BreakReason::NoTensorOps) {
      res.no_resume = resume_at_break(f, res);
      res.ok = res.no_resume.empty();
    }
  }
  if (res.ok) {
    res.dynamic = res.graph->dynamic;
    res.size_read_at = size_read_at_;
    res.guards = std::move(guards_);
  }
  res.instructions = ninsns_;
  return res;
}

TraceResult trace_function(VM& vm, FunctionObject* fn, CodeObject* co, const Value* slots, const TraceLimits& limits,
                           NativeTable& natives, const TraceOptions& opts) {
  // Tracing runs tensor ops on copies; put back what they touch globally.
  std::optional<torch::Generator> gen;
  if (vm.torch_state) gen = torch::torch_state(vm).generator;
  bool grad = torch::autograd::GradMode::is_enabled();
  TraceResult r;
  // A break inside a generator made in the trace usually leaves it live (on
  // the stack of the loop consuming it), so the graph cannot resume there;
  // traced again with that generator's calls left to the interpreter, the
  // break comes at the call and resumes.
  std::set<const CodeObject*> no_inline = opts.no_inline_generators ? *opts.no_inline_generators
                                                                     : std::set<const CodeObject*>();
  TraceOptions o = opts;
  for (int attempt = 0;; attempt++) {
    o.no_inline_generators = &no_inline;
    {
      Tracer t(vm, fn, co, slots, limits, natives, o);
      r = t.run();
    }
    torch::autograd::GradMode::set_enabled(grad);
    if (gen && vm.torch_state) torch::torch_state(vm).generator = *gen;
    vm.clear_exception();
    if (r.ok || !r.failed_generator || attempt >= 4 || !no_inline.insert(r.failed_generator).second) break;
  }
  return r;
}

}  // namespace kiln::tracer
