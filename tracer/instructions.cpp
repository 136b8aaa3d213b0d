// tracer/instructions.cpp — the instruction translator: run_frame
// interprets one frame's raw instructions over Syms (the snapshot a break
// resumes from, try and with blocks around the instruction), each by the
// handler of its opcode family (tracer/insn_*.cpp); truth() and binary()
// are the operators its jumps and arithmetic use.
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::truth(const Sym& s) {
  if (user_subclass(s)) {
    if (Sym r; subclass_dunder(s, "__bool__", {}, &r)) return truth(r);
    if (Sym r; subclass_dunder(s, "__len__", {}, &r)) return truth(r);
  }
  switch (s.kind) {
    case SymKind::Const: {
      int t = vm::truthy(vm_, s.ex);
      if (t < 0) checked(Value(), "bool()");
      return t == 1;
    }
    case SymKind::Seq: return !s.seq->items.empty();
    case SymKind::Map: return !s.map->items.empty();
    case SymKind::Ref:
      if (s.tensor) stop(BreakReason::DataDependentBranch, "the truth value of a tensor");
      if (is_symnum(s)) return truth(concretize(s));
      size_read();  // a tuple's length may follow from a size
      return vm::truthy(vm_, s.ex) == 1;
    case SymKind::Func: return true;
    case SymKind::Inst:
    case SymKind::Obj: {
      if (is_dict_obj(s)) return !dict_keys(s).empty();
      vm::TypeObject* t = s.ex.as_object()->type;
      if (vm::user_type_lookup(t, vm_.intern("__bool__").as<vm::StrObject>()) ||
          vm::user_type_lookup(t, vm_.intern("__len__").as<vm::StrObject>()))
        stop(BreakReason::UnsupportedValue, "the truth value of an object with __bool__ or __len__");
      return true;
    }
    default: stop(BreakReason::UnsupportedValue, "the truth value of an iterator");
  }
}

Sym Tracer::binary(vm::BinOpKind op, const Sym& a, const Sym& b, bool inplace) {
  const char* sym = kBinSyms[size_t(op)];
  if (user_subclass(a) || user_subclass(b)) {
    // A builtin subclass's own operator methods, in CPython's order (the
    // in-place one, then the forward one); a reflected one is not traced.
    std::string fwd = kBinDunders[size_t(op)];
    refuse_overrides(b, {"__r" + fwd.substr(2)}, std::string("operator ") + sym);
    Sym r;
    bool got = (inplace && subclass_dunder(a, "__i" + fwd.substr(2), {b}, &r)) || subclass_dunder(a, fwd, {b}, &r);
    if (got) {
      if (r.is_const() && r.ex.is_not_implemented())
        stop(BreakReason::UnsupportedValue, fmt::format("{} returning NotImplemented", fwd));
      return r;
    }
  }
  if (a.is_const() && b.is_const()) {
    return Sym::constant(checked(inplace ? vm::inplace_op(vm_, op, a.ex, b.ex) : vm::binary_op(vm_, op, a.ex, b.ex),
                                 std::string("operator ") + sym));
  }
  if (a.kind == SymKind::Map && b.kind == SymKind::Map && a.map->is_set && b.map->is_set) {
    // | & - ^ on sets of constants: computed on the real sets.
    Value r = checked(inplace ? vm::inplace_op(vm_, op, example_of(a), example_of(b))
                              : vm::binary_op(vm_, op, example_of(a), example_of(b)),
                      std::string("operator ") + sym);
    if (!vm::is_kind(r, ObjKind::Set)) stop(BreakReason::UnsupportedValue, std::string("operator ") + sym + " on sets");
    Sym res = set_of(r);
    if (inplace) {
      touch(a.map);
      a.map->items = res.map->items;
      return a;
    }
    return res;
  }
  if (a.kind == SymKind::Seq && b.kind == SymKind::Seq && op == vm::BinOpKind::Add &&
      a.seq->is_list == b.seq->is_list) {
    if (inplace && a.seq->is_list) {
      if (a.seq->from_source) before_source_list_change(a);
      touch(a.seq);
      auto items = b.seq->items;
      a.seq->items.insert(a.seq->items.end(), items.begin(), items.end());
      if (a.seq->from_source) sync_source_list(a);
      return a;
    }
    Sym s;
    s.kind = SymKind::Seq;
    s.seq = std::make_shared<SeqData>();
    s.seq->is_list = a.seq->is_list;
    s.seq->is_size = a.seq->is_size;  // Size + tuple is a Size, tuple + Size a tuple
    s.seq->items = a.seq->items;
    s.seq->items.insert(s.seq->items.end(), b.seq->items.begin(), b.seq->items.end());
    return s;
  }
  if ((is_symnum(a) || is_symnum(b)) && (is_symnum(a) || is_number_const(a)) && (is_symnum(b) || is_number_const(b))) {
    // Arithmetic on sizes and dynamic numbers stays in the graph while it
    // stays a number.
    Value r = checked(inplace ? vm::inplace_op(vm_, op, a.ex, b.ex) : vm::binary_op(vm_, op, a.ex, b.ex),
                      std::string("operator ") + sym);
    if ((vm::is_int(r) && !r.is_bool()) || r.is_double()) {
      Node n;
      n.op = GraphOp::Binary;
      n.arg = int(op);
      n.label = sym;
      n.in = {reg_of(a), reg_of(b)};
      int id = add_node(std::move(n), r);
      return ref(id, r);
    }
    return binary(op, concretize(a), concretize(b), inplace);
  }
  if ((is_symnum(a) || is_symnum(b)) && !a.is_tensor() && !b.is_tensor())
    return binary(op, concretize(a), concretize(b), inplace);
  if (!a.is_tensor() && !b.is_tensor())
    stop(BreakReason::UnsupportedValue, fmt::format("operator {} on {} and {}", sym, vm::type_name(vm_, example_of(a)),
                                                    vm::type_name(vm_, example_of(b))));
  Value ea = example_of(a), eb = example_of(b);
  if (inplace) before_write(ea);
  Value r = checked(inplace ? vm::inplace_op(vm_, op, ea, eb) : vm::binary_op(vm_, op, ea, eb),
                    std::string("operator ") + sym);
  if (inplace) check_borrowed(std::string("operator ") + sym + "=");
  Node n;
  n.op = inplace ? GraphOp::Inplace : GraphOp::Binary;
  n.arg = int(op);
  n.label = sym;
  n.in = {reg_of(a), reg_of(b)};
  int id = add_node(std::move(n), r);
  return node_result(id, r, std::string("operator ") + sym);
}

Sym Tracer::run_frame(Frame& f) {
  CodeObject* co = f.co;
  const auto& code = co->raw_code;
  auto& st = f.stack;
  for (;;) {
    count_insn();
    if (f.pc >= code.size()) stop(BreakReason::UnsupportedBytecode, "fell off the end of the code");
    uint32_t insn = code[f.pc];
    Op op = vm::decode_op(insn);
    uint32_t arg = vm::decode_arg(insn);
    cur_co_ = co;
    cur_line_ = co->line_of(f.pc);
    cur_frame_ = &f;
    if (f.depth == 0) {
      snap_.valid = true;
      snap_.pc = f.pc;
      snap_.stack = st;
      snap_.cells.clear();
      for (auto& c : f.cells) snap_.cells.push_back(c->contents);
      snap_.nodes = nodes_.size();
      undo_.clear();
      map_undo_.clear();
      const Region* r = region_at(f.pc);
      if (!r) {
        region_snap_.valid = false;
      } else if (f.pc == r->entry && !(region_snap_.valid && region_snap_.pc == r->entry)) {
        region_snap_.valid = true;
        region_snap_.pc = f.pc;
        region_snap_.stack = st;
        region_snap_.locals = f.locals;
        region_snap_.cells.clear();
        for (auto& c : f.cells) region_snap_.cells.push_back(c->contents);
        region_snap_.nodes = nodes_.size();
        region_undo_.clear();
        region_map_undo_.clear();
      }
    }
    uint32_t next = f.pc + 1;
    // Inside a try block the trace follows the normal path: its handlers are
    // not in the graph, so no node made there may raise when the graph
    // runs (add_node). Other with blocks break.
    cur_try_ = f.outer_try;
    for (const vm::ExcEntry& h : co->exc_table) {
      if (f.pc < h.start || f.pc >= h.end) continue;
      if (std::find(f.traced_with_starts.begin(), f.traced_with_starts.end(), h.start) != f.traced_with_starts.end()) continue;
      if (!is_try_block(co, h)) {
        // (A break here is the block's, not an instruction's: resuming
        // inside the block would break again at once.)
        block_break_ = true;
        if (!resumed_with(f)) stop(BreakReason::TryBlock, "code inside a with block");
        block_break_ = false;
        continue;
      }
      cur_try_ = true;
    }
    // The handlers by opcode family (tracer/insn_*.cpp), most frequent first.
    Insn in{op, arg, next};
    std::optional<Sym> result;
    if (!insn_stack_and_names(f, in) && !insn_calls(f, in) && !insn_operators(f, in) && !insn_containers(f, in) &&
        !insn_control(f, in, &result))
      stop(BreakReason::UnsupportedBytecode, vm::op_name(op));
    if (result) return std::move(*result);
    f.pc = in.next;
  }
}

}  // namespace kiln::tracer
