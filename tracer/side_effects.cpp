// tracer/side_effects.cpp — changes the trace makes to objects from outside
// (lists, attributes, cells): which are sound to replay as graph nodes in
// program order, and the guards that keep two sources apart or together.
#include "tracer/translator.h"

namespace kiln::tracer {

void Tracer::before_source_list_change(const Sym& l) {
  // The graph replays the change as `lst[:] = [...]`, which a subclass's
  // own __setitem__ would intercept.
  refuse_overrides(l, {"__setitem__"}, "a change to a list");
  if (iterated_lists_.count(l.seq.get()))
    stop(BreakReason::SideEffect, "a change to a list from outside that an iterator from outside is iterating");
  note_change(l.seq->source, l.seq->real.as_object());
}

void Tracer::sync_source_list(const Sym& l) {
  Sym fresh;
  fresh.kind = SymKind::Seq;
  fresh.seq = std::make_shared<SeqData>();
  fresh.seq->is_list = true;
  fresh.seq->items = l.seq->items;
  Node n;
  n.op = GraphOp::SetItem;
  n.label = "setitem";
  n.in = {input_for_source(l.seq->source, example_of(l)),
          const_id(vm::slice_new(vm_, Value::none(), Value::none(), Value::none())), reg_of(fresh)};
  add_node(std::move(n), Value::none());
}

void Tracer::escape_check(const Sym& v, const char* where) {
  if ((v.kind == SymKind::Seq && v.seq->is_list && v.seq->source < 0) || v.kind == SymKind::Map)
    stop(BreakReason::SideEffect, fmt::format("a list or dict made in the traced code stored into {}", where));
  if (v.kind != SymKind::Const && v.kind != SymKind::Ref && v.kind != SymKind::Seq && v.kind != SymKind::Obj &&
      v.kind != SymKind::Inst)
    stop(BreakReason::SideEffect, fmt::format("a function or iterator made in the traced code stored into {}", where));
}

void Tracer::alias_guard(int a, const void* pa, int b, const void* pb) {
  if (a == b) return;
  Guard g;
  g.kind = GuardKind::SameObject;
  g.source = std::max(a, b);  // the later source: both are loaded by then
  g.n = std::min(a, b);
  g.expected = Value::boolean(pa == pb);
  guards_.add(std::move(g));
}

void Tracer::note_change(int src, const void* obj) {
  if (std::find(changed_sources_.begin(), changed_sources_.end(), src) != changed_sources_.end()) return;
  for (auto& [s, o] : mutable_sources_) alias_guard(src, obj, s, o);
  changed_sources_.push_back(src);
}

void Tracer::note_mutable_source(int src, const void* obj) {
  for (auto& [s, o] : mutable_sources_)
    if (s == src) return;
  for (int c : changed_sources_)
    for (auto& [s, o] : mutable_sources_)
      if (s == c) alias_guard(src, obj, s, o);
  mutable_sources_.emplace_back(src, obj);
}

}  // namespace kiln::tracer
