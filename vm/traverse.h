// vm/traverse.h — object_visit_children: every Value an object holds, for a
// visitor the compiler can inline (the cycle collector's inner loops in
// vm/gc.cpp; object_traverse in vm/object.cpp is the function-pointer form).
//
// Instances of user classes hold a strong reference to their class (not a
// Value field): the collector must see it, or a class kept alive only by its
// own instances in a cycle could never be collected. Builtin classes live as
// long as the VM and are not visited.
#pragma once

#include <type_traits>

#include "vm/code.h"
#include "vm/gc.h"
#include "vm/interpreter.h"
#include "vm/object.h"

namespace kiln::vm {

namespace detail {
template <class Visit>
inline void visit_all(VmVector<Value>& v, Visit& visit) {
  for (Value& x : v) visit(x);
}
template <class Visit>
inline void visit_type(Object* o, Visit& visit) {
  if (!o->type || (o->type->aux & 1)) return;
  Value t = Value::from_raw_bits(Value::kPtrTag | reinterpret_cast<uint64_t>(o->type));
  visit(t);
  t.release_bits();
}
}  // namespace detail

template <class Visit>
inline void object_visit_children(Object* o, Visit&& visit) {
  if (o->kind != ObjKind::Type) detail::visit_type(o, visit);
  if (Value* d = trailing_dict(o)) visit(*d);
  switch (o->kind) {
    case ObjKind::Int:
    case ObjKind::Str:
    case ObjKind::Range:
    case ObjKind::Opaque:
    case ObjKind::Tensor:
    case ObjKind::Count_:
      break;
    case ObjKind::List:
      detail::visit_all(static_cast<ListObject*>(o)->items, visit);
      break;
    case ObjKind::Tuple: {
      auto* t = static_cast<TupleObject*>(o);
      for (size_t i = 0; i < t->size; ++i) visit(t->items[i]);
      break;
    }
    case ObjKind::Dict:
      for (auto& e : static_cast<DictObject*>(o)->entries) {
        visit(e.key);
        visit(e.value);
      }
      break;
    case ObjKind::Set:
      for (auto& s : static_cast<SetObject*>(o)->table) visit(s.key);
      break;
    case ObjKind::Slice: {
      auto* s = static_cast<SliceObject*>(o);
      visit(s->start);
      visit(s->stop);
      visit(s->step);
      break;
    }
    case ObjKind::Type: {
      auto* t = static_cast<TypeObject*>(o);
      visit(t->name);
      visit(t->qualname);
      visit(t->module);
      visit(t->dict);
      visit(t->base);
      detail::visit_all(t->mro, visit);
      for (auto& e : t->lookup_cache) {
        visit(e.name);
        visit(e.value);
      }
      visit(t->init_cache);
      break;
    }
    case ObjKind::Instance: {
      auto* inst = static_cast<InstanceObject*>(o);
      visit(inst->dict);
      Value* slots = inst->slots();
      for (uint32_t i = 0; i < inst->capacity; ++i) visit(slots[i]);  // unused slots are Empty
      break;
    }
    case ObjKind::Exception: {
      auto* e = static_cast<ExceptionObject*>(o);
      visit(e->args);
      visit(e->dict);
      visit(e->traceback);
      visit(e->cause);
      visit(e->context);
      break;
    }
    case ObjKind::Code: {
      auto* c = static_cast<CodeObject*>(o);
      detail::visit_all(c->consts, visit);
      detail::visit_all(c->names, visit);
      detail::visit_all(c->varnames, visit);
      detail::visit_all(c->cellvars, visit);
      detail::visit_all(c->freevars, visit);
      for (auto& ic : c->caches)
        for (auto& w : ic.ways) visit(w.value);
      visit(c->name);
      visit(c->qualname);
      visit(c->filename);
      break;
    }
    case ObjKind::Function: {
      auto* f = static_cast<FunctionObject*>(o);
      visit(f->code);
      visit(f->globals);
      visit(f->name);
      visit(f->qualname);
      visit(f->defaults);
      visit(f->kwdefaults);
      visit(f->closure);
      visit(f->dict);
      visit(f->module);
      visit(f->doc);
      break;
    }
    case ObjKind::Native: {
      auto* n = static_cast<NativeObject*>(o);
      visit(n->data);
      visit(n->owner);
      break;
    }
    case ObjKind::BoundMethod: {
      auto* m = static_cast<BoundMethodObject*>(o);
      visit(m->self);
      visit(m->func);
      break;
    }
    case ObjKind::Cell:
      visit(static_cast<CellObject*>(o)->contents);
      break;
    case ObjKind::Module: {
      auto* m = static_cast<ModuleObject*>(o);
      visit(m->name);
      visit(m->dict);
      break;
    }
    case ObjKind::Generator: {
      auto* g = static_cast<GeneratorObject*>(o);
      visit(g->name);
      visit(g->qualname);
      if (g->frame) {
        generator_traverse(
            g, [](Value& v, void* c) { (*static_cast<std::remove_reference_t<Visit>*>(c))(v); }, &visit);
      }
      break;
    }
    case ObjKind::Iterator: {
      auto* it = static_cast<IteratorObject*>(o);
      visit(it->a);
      visit(it->b);
      break;
    }
    case ObjKind::DictView:
      visit(static_cast<DictViewObject*>(o)->dict);
      break;
    case ObjKind::Property: {
      auto* p = static_cast<PropertyObject*>(o);
      visit(p->fget);
      visit(p->fset);
      visit(p->fdel);
      visit(p->doc);
      break;
    }
    case ObjKind::StaticMethod:
      visit(static_cast<StaticMethodObject*>(o)->func);
      break;
    case ObjKind::ClassMethod:
      visit(static_cast<ClassMethodObject*>(o)->func);
      break;
    case ObjKind::Super: {
      auto* s = static_cast<SuperObject*>(o);
      visit(s->type);
      visit(s->obj);
      visit(s->obj_type);
      break;
    }
    case ObjKind::File: {
      auto* f = static_cast<FileObject*>(o);
      visit(f->name);
      visit(f->mode);
      break;
    }
  }
}

}  // namespace kiln::vm
