// tracer/output_graph.cpp — the graph being built (nodes, registers,
// constants, graph inputs) and its output: the finished graph, or after a
// break the partial graph with its live values and resume point.
#include "tracer/symbolic_sizes.h"
#include "tracer/translator.h"

namespace kiln::tracer {

int Tracer::add_node(Node n, const Value& example) {
  if (cur_try_) {
    // In a try block: the handlers would not run if this node raised.
    if (trace_is_dynamic() || guards_dynamic())
      stop(BreakReason::TryBlock, "a tensor operation with dynamic sizes inside try (it may raise when the graph runs)");
    if (may_raise_on_data(n, example))
      stop(BreakReason::TryBlock, fmt::format("{} inside try may raise on its data when the graph runs", n.label));
  }
  n.line = cur_line_;
  for (const auto& [c, l] : call_chain_) n.sites.push_back({Value::borrow(const_cast<CodeObject*>(c)), l});
  if (cur_co_) n.sites.push_back({Value::borrow(const_cast<CodeObject*>(cur_co_)), cur_line_});
  if (cur_co_ && cur_co_->filename.bits() != co_->filename.bits()) n.file = cur_co_->filename;
  n.meta = meta_of(example);
  nodes_.push_back(std::move(n));
  return tag(kNodeTag, int(nodes_.size() - 1));
}

bool Tracer::may_raise_on_data(const Node& n, const Value& r) const {
  bool int_result = torch::is_tensor(r) ? !torch::is_floating(torch::tensor_of(r).dtype) : vm::is_int(r);
  auto tensorish = [&](int reg) {
    switch (tag_kind(reg)) {
      case kConstTag: return torch::is_tensor(consts_[size_t(tag_index(reg))]);
      case kInputTag: {
        const Meta& m = input_meta_[size_t(tag_index(reg))];
        return m.tensor || m.type == "tuple" || m.type == "list";
      }
      default: {
        const Meta& m = nodes_[size_t(tag_index(reg))].meta;
        return m.tensor || m.type == "tuple" || m.type == "list";
      }
    }
  };
  return tracer::may_raise_on_data(n, int_result, tensorish);
}

int Tracer::reg_of(const Sym& s) {
  switch (s.kind) {
    case SymKind::Const: return const_id(s.ex);
    case SymKind::Ref: return s.reg;
    case SymKind::Obj: return input_for_source(s.reg, s.ex);
    case SymKind::Method:
      if (s.reg < 0) break;  // read from a source (from_source): that object
      return input_for_source(s.reg, vm::make_bound_method(vm_, s.ex, example_of(*s.recv)));
    case SymKind::Inst: return made_instance(s);
    case SymKind::Map: {
      Node n;
      if (s.map->is_set) {
        n.op = GraphOp::BuildSet;
        for (auto& kv : s.map->items) n.in.push_back(identity_hashed(kv.second) ? reg_of(kv.second) : const_id(kv.first));
        n.label = "set";
        return add_node(std::move(n), example_of(s));
      }
      n.op = GraphOp::BuildDict;
      Value keys = vm::tuple_new(vm_, s.map->items.size());
      for (size_t i = 0; i < s.map->items.size(); i++) {
        keys.as<vm::TupleObject>()->items[i] = s.map->items[i].first;
        n.in.push_back(reg_of(s.map->items[i].second));
      }
      n.kwnames = keys;
      n.label = "dict";
      return add_node(std::move(n), example_of(s));
    }
    case SymKind::Seq: {
      if (s.seq->source >= 0) return input_for_source(s.seq->source, example_of(s));
      Node n;
      n.op = s.seq->is_list ? GraphOp::BuildList : GraphOp::BuildTuple;
      if (s.seq->is_size) n.callee = Value::borrow(torch::torch_state(vm_).size_type);  // the tuple's type
      for (const Sym& it : s.seq->items) n.in.push_back(reg_of(it));
      return add_node(std::move(n), example_of(s));
    }
    default: break;
  }
  stop(BreakReason::UnsupportedValue, "a function, iterator or cell used as a value in the graph");
}

Value Tracer::example_of(const Sym& s) {
  switch (s.kind) {
    case SymKind::Const:
    case SymKind::Ref:
    case SymKind::Inst:
    case SymKind::Obj: return s.ex;
    case SymKind::Map: {
      if (s.map->is_set) {
        Value st = vm::set_new(vm_);
        for (auto& kv : s.map->items)
          if (!vm::set_add(vm_, st.as<vm::SetObject>(), kv.first)) checked(Value(), "set");
        return st;
      }
      Value d = vm::dict_new(vm_);
      for (auto& [k, v] : s.map->items)
        if (!vm::dict_setitem(vm_, d.as<vm::DictObject>(), k, example_of(v))) checked(Value(), "dict");
      return d;
    }
    case SymKind::Seq: {
      size_t n = s.seq->items.size();
      if (s.seq->is_list) {
        Value l = vm::list_new(vm_, n);
        for (const Sym& it : s.seq->items) l.as<vm::ListObject>()->items.push_back(example_of(it));
        if (s.seq->cls) {  // of the subclass (isinstance, type()): the items are what matter otherwise
          vm::TypeObject* old = l.as_object()->type;
          Value::incref(s.seq->cls.as_object());
          l.as_object()->type = s.seq->cls.as<vm::TypeObject>();
          Value::decref(old);
        }
        return l;
      }
      Value t = s.seq->is_size ? vm::tuple_new_of(vm_, torch::torch_state(vm_).size_type, n)
                : s.seq->cls   ? vm::tuple_new_of(vm_, s.seq->cls.as<vm::TypeObject>(), n)
                               : vm::tuple_new(vm_, n);
      for (size_t i = 0; i < n; i++) t.as<vm::TupleObject>()->items[i] = example_of(s.seq->items[i]);
      return t;
    }
    default: stop(BreakReason::UnsupportedValue, "a function, iterator or cell passed to a native function");
  }
}

Sym Tracer::node_result(int id, const Value& r, const std::string& label) {
  if (r.is_none()) return Sym::constant(Value::none());
  if (torch::is_tensor(r)) return ref(id, r);
  if (vm::is_kind(r, ObjKind::Tuple) || vm::is_kind(r, ObjKind::List)) return ref(id, r);
  if (r.is_object() && vm::type_of(vm_, r) == torch::torch_state(vm_).size_type) {
    size_read();
    return Sym::constant(r);
  }
  stop(BreakReason::DataDependentScalar, label + " returns a Python value computed from tensor data");
}

Value Tracer::checked(Value r, const std::string& what) {
  if (r.is_empty()) {
    Value exc = vm_.take_exception();
    std::string msg = what;
    Value s = exc ? vm::str(vm_, exc) : Value();
    if (s) msg += fmt::format(": {}: {}", vm::type_name(vm_, exc), vm::str_view(s));
    vm_.clear_exception();
    raised(exc ? vm::type_of(vm_, exc) : nullptr, msg);
  }
  return r;
}

bool Tracer::node_is_pure(const Node& n) {
  switch (n.op) {
    case GraphOp::Binary:
    case GraphOp::Unary:
    case GraphOp::Compare:
    case GraphOp::GetItem:
    case GraphOp::GetAttr:
    case GraphOp::BuildTuple:
    case GraphOp::BuildList:
    case GraphOp::BuildDict:
    case GraphOp::BuildSet: return true;
    case GraphOp::Call: return !n.label.ends_with("_") && n.label != "next" && n.label != "dict.pop";
    default: return false;
  }
}

int Tracer::input_for_source(int src, const Value& example) {
  for (size_t i = 0; i < input_sources_.size(); i++)
    if (input_sources_[i] == src) return tag(kInputTag, int(i));
  input_sources_.push_back(src);
  input_meta_.push_back(meta_of(example));
  input_values_.push_back(example);
  return tag(kInputTag, int(input_sources_.size() - 1));
}

void Tracer::find_regions() {
  std::vector<Region> rs;
  const auto& code = co_->raw_code;
  for (uint32_t p = 0; p < code.size(); p++) {
    Op op = vm::decode_op(code[p]);
    uint32_t t = vm::decode_arg(code[p]);
    if (!is_jump_arg(op) || t > p) continue;
    // A back edge: the loop starts at its target; a for loop at its GET_ITER.
    if (t > 0 && vm::decode_op(code[t]) == Op::FOR_ITER && vm::decode_op(code[t - 1]) == Op::GET_ITER) t--;
    rs.push_back({t, p});
  }
  // (try and with blocks are no regions: a break inside one resumes at the
  // breaking instruction, in the resume function, under its handlers.)
  std::sort(rs.begin(), rs.end(), [](const Region& a, const Region& b) { return a.entry < b.entry; });
  for (const Region& r : rs) {
    if (!regions_.empty() && r.entry <= regions_.back().end) regions_.back().end = std::max(regions_.back().end, r.end);
    else regions_.push_back(r);
  }
}

std::unique_ptr<Graph> Tracer::finish_graph(const std::vector<int>& outputs, bool tuple_output) {
  // Automatic dynamic shapes: dims and ints stay unguarded only if no size
  // was read (a tensor's size may follow from a dynamic int: arange(n)).
  for (Guard& gd : guards_.guards)
    if (gd.kind == GuardKind::TensorMatch && gd.dynamic && sizes_read_) gd.dynamic = 0;
  if (sizes_read_) {
    pin_numbers(floats_to_calls_);  // (a float in arithmetic with tensors decides no size)
    if (offsets_read_)
      for (auto& [src, off] : tensor_offsets_) guard(GuardKind::StorageOffset, src, Value(), off);
  }
  for (size_t i = 0; i < input_sources_.size(); i++)
    for (const Guard& gd : guards_.guards)
      if (gd.kind == GuardKind::TensorMatch && gd.dynamic && gd.source == input_sources_[i]) {
        Meta& m = input_meta_[i];
        m.dtype = gd.dtype;
        m.sizes.clear();
        for (int d = 0; d < gd.sizes.n; d++) m.sizes.push_back(((gd.dynamic >> d) & 1) ? Meta::kDynamic : gd.sizes[d]);
      }
  // Size reads whose SymInt was pinned (used by Python) leave Tensor.size
  // nodes nobody reads: dropped.
  {
    std::vector<bool> used(nodes_.size(), false);
    for (const Node& n : nodes_)
      for (int r : n.in)
        if (tag_kind(r) == kNodeTag) used[size_t(tag_index(r))] = true;
    for (int o : outputs)
      if (tag_kind(o) == kNodeTag) used[size_t(tag_index(o))] = true;
    std::vector<int> renum(nodes_.size(), -1);
    std::vector<Node> kept;
    for (size_t i = 0; i < nodes_.size(); i++) {
      if (!used[i] && nodes_[i].op == GraphOp::Call && nodes_[i].label == "Tensor.size") continue;
      renum[i] = int(kept.size());
      kept.push_back(std::move(nodes_[i]));
    }
    auto fix = [&](int& r) {
      if (tag_kind(r) == kNodeTag) r = tag(kNodeTag, renum[size_t(tag_index(r))]);
    };
    for (Node& n : kept)
      for (int& r : n.in) fix(r);
    // A with block's node range: from its first kept node.
    auto first_kept = [&](size_t i) {
      size_t k = 0;
      for (size_t j = 0; j < i && j < renum.size(); j++) k += renum[j] >= 0;
      return k;
    };
    std::vector<Graph::WithExit> exits;
    for (auto w : with_exits_) {
      if (w.first >= nodes_.size() ||
          (w.manager >= 0 && tag_kind(w.manager) == kNodeTag && size_t(tag_index(w.manager)) >= nodes_.size()))
        continue;  // cut off by a graph break
      w.first = first_kept(w.first);
      w.end = first_kept(std::min(w.end, nodes_.size()));
      if (w.manager >= 0) fix(w.manager);
      exits.push_back(w);
    }
    with_exits_ = std::move(exits);
    nodes_ = std::move(kept);
    size_nodes_.clear();
    std::vector<int> outs = outputs;
    for (int& o : outs) fix(o);
    std::unique_ptr<Graph> g = number_graph(outs, tuple_output);
    symbolize_graph(*g);            // sizes as expressions (tracer/symbolic_sizes.h)
    functionalize_graph(*g);        // in-place ops pure, writes to inputs copied back (tracer/functionalize.h)
    decompose_composites(vm_, *g);  // composites as their primitives, for the lowering (tracer/decompose.h)
    return g;
  }
}

void Tracer::symbolize_graph(Graph& g) {
  SymbolicSizes ss = symbolize_sizes(vm_, g, input_values_);
  g.symbolic_mismatch = ss.mismatch;
  // The facts the answers assume about free sizes, guarded: not 1
  // (squeeze), or the trace's value (unbind along it).
  auto size_guard = [&](const Graph::Symbol& s, vm::CmpOpKind cmp, int64_t v) {
    Guard gd;
    gd.kind = GuardKind::SizeCompare;
    gd.source = input_sources_[s.input];
    gd.n = s.dim;
    gd.expected = vm::make_int(vm_, v);
    gd.cmp = uint8_t(cmp);
    gd.want = true;
    guards_.add(std::move(gd));
  };
  for (const Graph::Symbol& s : ss.facts.not_one) size_guard(s, vm::CmpOpKind::NotEq, 1);
  for (const auto& [s, v] : ss.facts.fixed) size_guard(s, vm::CmpOpKind::Eq, v);
  if (ss.varies_at.empty()) return;
  // A rank (or a number of results) follows from a free size: every size
  // and int pinned, as when Python reads one (finish_graph's start).
  size_read_at_ = ss.varies_at;
  sizes_read_ = true;
  for (Guard& gd : guards_.guards)
    if (gd.kind == GuardKind::TensorMatch) gd.dynamic = 0;
  pin_numbers(floats_to_calls_);  // (a float in arithmetic with tensors decides no size)
  if (offsets_read_)
    for (auto& [src, off] : tensor_offsets_) guard(GuardKind::StorageOffset, src, Value(), off);
  for (size_t i = 0; i < g.input_meta.size() && i < input_values_.size(); i++)
    if (g.input_meta[i].tensor) g.input_meta[i] = tracer::meta_of(vm_, input_values_[i]);
  g.dynamic = false;
}

void Tracer::functionalize_graph(Graph& g) {
  FunctionalizeFacts facts;
  facts.input_values = input_values_;
  for (const Guard& gd : guards_.guards)
    if (gd.kind == GuardKind::GradMode) facts.grad_mode = int(gd.n);
  Functionalized f = functionalize(vm_, g, facts);
  if (f.written.empty()) return;
  // The written inputs keep their own storage (tracer/functionalize.h).
  Guard gd;
  gd.kind = GuardKind::NoAliasing;
  for (size_t i : f.written) gd.group.push_back(input_sources_[i]);
  gd.n = int64_t(gd.group.size());
  for (size_t i : f.read)
    if (std::find(f.written.begin(), f.written.end(), i) == f.written.end()) gd.group.push_back(input_sources_[i]);
  if (gd.group.size() < 2) return;
  for (int s : gd.group) gd.source = std::max(gd.source, s);
  guards_.add(std::move(gd));
}

std::unique_ptr<Graph> Tracer::number_graph(const std::vector<int>& outputs, bool tuple_output) {
  // Number the registers (constants, inputs, nodes).
  auto g = std::make_unique<Graph>();
  g->filename = std::string(vm::str_view(co_->filename));
  g->consts = consts_;
  g->inputs = input_sources_;
  for (int s : input_sources_) g->input_names.push_back(guards_.sources.describe(s));
  g->input_meta = input_meta_;
  auto final_reg = [&](int id) {
    switch (tag_kind(id)) {
      case kConstTag: return g->const_reg(size_t(tag_index(id)));
      case kInputTag: return g->input_reg(size_t(tag_index(id)));
      default: return g->node_reg(size_t(tag_index(id)));
    }
  };
  for (auto& n : nodes_) {
    for (int& r : n.in) r = final_reg(r);
    g->nodes.push_back(std::move(n));
  }
  for (int o : outputs) g->outputs.push_back(final_reg(o));
  for (auto w : with_exits_) {
    if (w.manager >= 0) w.manager = final_reg(w.manager);
    g->with_exits.push_back(w);
  }
  g->tuple_output = tuple_output;
  bool int_inputs = offsets_read_;
  for (auto& [src, v] : dynamic_number_inputs_) int_inputs = int_inputs || !v.is_double();  // (a float is no size)
  g->dynamic = !sizes_read_ && (int_inputs || [&] {
    for (const Guard& gd : guards_.guards)
      if (gd.kind == GuardKind::TensorMatch && gd.dynamic) return true;
    return false;
  }());
  std::string bad = g->validate();
  if (!bad.empty()) stop(BreakReason::UnsupportedValue, "internal: the captured graph is malformed: " + bad);
  return g;
}

// After a Break: turns the trace so far into a partial graph and a resume
// point (res.resume), or says why it cannot.
std::string Tracer::resume_at_break(Frame& top, TraceResult& res) {
  if (!snap_.valid) return "the break happened while reading the arguments";
  if (block_break_) return "inside a with block whose __exit__ the tracer does not follow";
  if (co_->flags & (vm::kCodeGenerator | vm::kCodeVarkeywords)) return "a generator or **kwargs function";
  ResumePoint rp;
  std::vector<Sym> stack, locals, cells;
  size_t nodes;
  std::vector<std::pair<uint32_t, int>> ways;
  cur_try_ = false;  // (the nodes made below hand live values on; tracing is over)
  if (const Region* r = region_at(snap_.pc)) {
    // Inside a loop: resume at its entry, before it.
    if (!region_snap_.valid || region_snap_.pc != r->entry) return "inside a loop entered mid-way";
    for (auto& [seq, items] : region_undo_) seq->items = items;
    for (auto& [m, items] : region_map_undo_) m->items = items;
    stack = region_snap_.stack;
    locals = region_snap_.locals;
    cells = region_snap_.cells;
    nodes = region_snap_.nodes;
    if (nodes == 0) return "inside a loop, with no tensor operation before it";
    rp.pc = r->entry;
    rp.run_insn = false;
  } else {
    for (auto& [seq, items] : undo_) seq->items = items;
    for (auto& [m, items] : map_undo_) m->items = items;
    stack = snap_.stack;
    locals = top.locals;
    cells = snap_.cells;
    nodes = snap_.nodes;
    rp.pc = snap_.pc;
    rp.insn = co_->raw_code[rp.pc];
    // The transformed code runs the instruction; inside a try or with
    // block, under the block's handler (transformed_code), which hands an
    // exception to a resume function starting at the handler. The block's
    // values are live values (a with block's __exit__: the real manager's,
    // or a torch.no_grad() restoring the mode), and the resume function
    // after the instruction traces on inside the block (resumed_with).
    bool in_block = false;
    for (const vm::ExcEntry& h : co_->exc_table) in_block = in_block || (snap_.pc >= h.start && snap_.pc < h.end);
    rp.run_insn = true;
    rp.in_block = in_block;
    // Self-check: the symbolic stack is as deep as the bytecode's own
    // stack at this pc (a flow analysis of the code, like the compiler's).
    std::vector<int> depths = bytecode_stack_depths(co_);
    if (depths[rp.pc] >= 0 && depths[rp.pc] != int(stack.size()))
      return fmt::format("internal: the traced stack holds {} values at pc {} where the bytecode holds {}",
                         stack.size(), rp.pc, depths[rp.pc]);
    if (rp.run_insn && resume_successors(rp.pc, rp.insn, int(stack.size())).empty())
      return fmt::format("the interpreter cannot run {} on its own", vm::op_name(vm::decode_op(rp.insn)));
  }
  nodes_.resize(nodes);
  // The live values: graph outputs, constants, or nothing.
  std::vector<int> outputs;
  std::unordered_map<const SeqData*, int> seq_out;
  std::unordered_map<const MapData*, int> map_out;
  std::set<const FuncData*> seen_funcs;
  std::string why;
  auto live = [&](const Sym& s) {
    LiveValue v;
    switch (s.kind) {
      case SymKind::Null:
      case SymKind::Unbound: v.kind = LiveValue::Empty; return v;
      case SymKind::Const: {
        const Value& c = s.ex;
        bool shareable = is_immutable_const(c) || vm::is_kind(c, ObjKind::Function) || vm::is_kind(c, ObjKind::Native) ||
                         vm::is_kind(c, ObjKind::Type) || vm::is_kind(c, ObjKind::Module) ||
                         (vm_.torch_state && c.is_object() &&
                          (vm::type_of(vm_, c) == torch::torch_state(vm_).dtype_type ||
                           vm::type_of(vm_, c) == torch::torch_state(vm_).device_type ||
                           vm::type_of(vm_, c) == torch::torch_state(vm_).size_type));
        if (vm::is_kind(c, ObjKind::BoundMethod)) {
          auto* bm = c.as<vm::BoundMethodObject>();
          shareable = vm::is_kind(bm->func, ObjKind::Native) && is_immutable_const(bm->self);
        }
        if (!shareable) {
          if (why.empty()) why = fmt::format("a live '{}' made while tracing", vm::type_name(vm_, c));
          return v;
        }
        v.kind = LiveValue::Const;
        v.value = c;
        return v;
      }
      case SymKind::Inst:
      case SymKind::Map: {
        auto it = map_out.find(s.map.get());
        v.kind = LiveValue::Output;
        if (it != map_out.end()) {
          v.output = it->second;
          return v;
        }
        v.output = int(outputs.size());
        outputs.push_back(reg_of(s));
        map_out[s.map.get()] = v.output;
        return v;
      }
      case SymKind::Ref:
      case SymKind::Obj:
      case SymKind::Seq: {
        int reg;
        if (s.kind == SymKind::Obj) {
          reg = reg_of(s);
        } else if (s.kind == SymKind::Seq) {
          auto it = seq_out.find(s.seq.get());
          if (it != seq_out.end()) {
            v.kind = LiveValue::Output;
            v.output = it->second;
            return v;
          }
          reg = reg_of(s);
        } else {
          reg = s.reg;
        }
        v.kind = LiveValue::Output;
        v.output = int(outputs.size());
        outputs.push_back(reg);
        if (s.kind == SymKind::Seq) seq_out[s.seq.get()] = v.output;
        return v;
      }
      case SymKind::Func: {
        // Made for real by the transformed code, over the frame's own cells
        // (each function object once: one made in the trace is not shared).
        const FuncData& fd = *s.func;
        if (!seen_funcs.insert(s.func.get()).second) {
          if (why.empty()) why = "a function made while tracing, held in two places";
          return v;
        }
        v.kind = LiveValue::Function;
        v.value = fd.code;
        v.defaults = fd.defaults;
        if (fd.globals.bits() != fn_->globals.bits()) {
          if (why.empty()) why = "a function made while tracing in another module";
          return v;
        }
        for (const auto& cell : fd.closure) {
          int idx = -1;
          for (size_t i = 0; i < top.cells.size(); i++)
            if (top.cells[i] == cell) idx = int(i);
          if (idx < 0) {
            if (why.empty()) why = "a function made while tracing that closes over cells of an inlined call";
            return v;
          }
          v.closure.push_back(idx);
        }
        return v;
      }
      case SymKind::Method: {
        if (s.reg < 0) {
          if (why.empty()) why = "a live bound method made while tracing";
          return v;
        }
        v.kind = LiveValue::Output;  // read from a source: handed on as it came in
        v.output = int(outputs.size());
        outputs.push_back(reg_of(s));
        return v;
      }
      case SymKind::UserExit: {
        // A user manager's with block: its real manager's bound __exit__.
        const Sym& exit = *s.recv;  // Method: __exit__, bound to the manager
        Node n;
        n.op = GraphOp::GetAttr;
        n.name = vm_.intern("__exit__");
        n.label = "__exit__";
        n.in = {reg_of(*exit.recv)};
        v.kind = LiveValue::Output;
        v.output = int(outputs.size());
        outputs.push_back(add_node(std::move(n), vm::make_bound_method(vm_, exit.ex, example_of(*exit.recv))));
        return v;
      }
      case SymKind::GradExit: {
        // A grad-mode block: a torch.no_grad() whose __exit__ restores the
        // mode from before the block (its `prev`).
        Value cls = vm::dict_get_str(torch::torch_state(vm_).module.as<vm::ModuleObject>()->dict.as<vm::DictObject>(),
                                     vm_.intern("no_grad").as<vm::StrObject>());
        if (!vm::is_kind(cls, ObjKind::Type)) {
          if (why.empty()) why = "a grad-mode block without torch.no_grad";
          return v;
        }
        Node mk;
        mk.op = GraphOp::NewObject;
        mk.callee = cls;
        mk.label = "no_grad";
        Value names = vm::tuple_new(vm_, 1);
        names.as<vm::TupleObject>()->items[0] = vm_.intern("prev");
        mk.kwnames = names;
        mk.in = {const_id(s.ex)};
        Value example = vm::instance_alloc(vm_, cls.as<vm::TypeObject>());
        int obj = add_node(std::move(mk), example);
        Node n;
        n.op = GraphOp::GetAttr;
        n.name = vm_.intern("__exit__");
        n.label = "__exit__";
        n.in = {obj};
        Value exit_fn = vm::type_lookup(cls.as<vm::TypeObject>(), vm_.names.__exit__);
        v.kind = LiveValue::Output;
        v.output = int(outputs.size());
        outputs.push_back(add_node(std::move(n), vm::make_bound_method(vm_, exit_fn, example)));
        return v;
      }
      default:
        if (why.empty()) why = "a live iterator or cell made while tracing";
        return v;
    }
  };
  try {
    // A local no later code reads is handed on as nothing (dead values are
    // not graph outputs, and the interpreter does not keep them alive).
    std::vector<bool> needed = live_locals_at(co_, rp.pc);
    for (int i = 0; i < carry_locals_; i++)
      rp.locals.push_back(size_t(i) < needed.size() && !needed[size_t(i)] ? LiveValue{} : live(locals[size_t(i)]));
    for (const Sym& x : stack) rp.stack.push_back(live(x));
    // The frame's own cells: written back (other frames may share them);
    // the free variables' cells were not stored into (that breaks).
    for (size_t i = 0; i < co_->cellvars.size() && i < cells.size(); i++) rp.cells.push_back(live(cells[i]));
  } catch (const Break& b) {
    return b.detail;
  }
  if (!why.empty()) return why;
  try {
    res.graph = finish_graph(outputs, true);
  } catch (const Break& b) {
    return b.detail;
  }
  res.resume = std::move(rp);
  return "";
}

}  // namespace kiln::tracer
