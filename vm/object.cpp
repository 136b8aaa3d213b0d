// vm/object.cpp — destroying objects when the last reference dies (tracked
// ones leave their generation list), and the traverse/clear pair the cycle
// collector uses. Allocation and linking are inline in vm/object.h.
//
// Destruction is iterative past a depth limit (CPython's "trashcan"): freeing
// the head of a million-long chain of nested lists would otherwise recurse a
// million C++ frames deep. Objects met below the limit are queued and freed
// once the outermost destroy returns.

#include <cstdio>

#include "vm/code.h"
#include "vm/gc.h"
#include "vm/interpreter.h"
#include "vm/object.h"
#include "vm/traverse.h"
#include "vm/vm.h"

namespace kiln::vm {

namespace {
constexpr const char* kKindNames[] = {
#define KIND(name, st) #name,
#include "vm/object_kinds.def"
#undef KIND
};

// Trashcan state: per thread (a VM is only ever used by one thread at a
// time), it only guards the C++ stack and holds no Python state.
thread_local int t_destroy_depth = 0;
thread_local Object* t_deferred = nullptr;  // singly linked through gc_next
constexpr int kMaxDestroyDepth = 200;

void unlink(Object* o) {
  if (o->gc_prev) {
    o->gc_prev->gc_next = o->gc_next;
    o->gc_next->gc_prev = o->gc_prev;
    o->gc_prev = o->gc_next = nullptr;
  }
}

// A dying object leaves its generation list and, if it was tracked, generation
// 0's count (as CPython's PyObject_GC_Del): a loop that makes and drops
// containers never triggers a collection. Its class knows the VM.
inline void untrack_dying(Object* o) {
  if (!o->gc_prev) return;
  unlink(o);
  if (o->type) {
    if (VM* vm = o->type->vm) {
      size_t& count = vm->gc_generations[0].count;
      if (count) --count;
    }
  }
}

// Runs the C++ destructor of the layout and any kind-specific teardown.
void destroy_layout(Object* o) {
  switch (o->kind) {
    case ObjKind::Tuple: {
      auto* t = static_cast<TupleObject*>(o);
      // items[0] is a member; the rest were placement-constructed inline.
      for (size_t i = 1; i < t->size; ++i) t->items[i].~Value();
      t->~TupleObject();
      break;
    }
    case ObjKind::Generator: {
      auto* g = static_cast<GeneratorObject*>(o);
      if (g->frame) generator_free_frame(g);
      g->~GeneratorObject();
      break;
    }
    case ObjKind::File: {
      auto* f = static_cast<FileObject*>(o);
      // An unclosed file is flushed and closed when collected, as in CPython.
      if (f->fp && !f->closed) std::fclose(static_cast<FILE*>(f->fp));
      f->fp = nullptr;
      f->~FileObject();
      break;
    }
    case ObjKind::Opaque: {
      auto* p = static_cast<OpaqueObject*>(o);
      if (p->destroy && p->payload) p->destroy(p->payload);
      p->payload = nullptr;
      p->~OpaqueObject();
      break;
    }
    case ObjKind::Tensor: tensor_object_destroy(o); break;
    // The remaining kinds need nothing beyond their C++ destructor.
    case ObjKind::Int: static_cast<IntObject*>(o)->~IntObject(); break;
    case ObjKind::Str: static_cast<StrObject*>(o)->~StrObject(); break;
    case ObjKind::List: {
      auto* l = static_cast<ListObject*>(o);
      while (!l->items.empty()) l->items.pop_back();  // last to first, as CPython's list_dealloc
      l->~ListObject();
      break;
    }
    case ObjKind::Dict: static_cast<DictObject*>(o)->~DictObject(); break;
    case ObjKind::Set: static_cast<SetObject*>(o)->~SetObject(); break;
    case ObjKind::Range: static_cast<RangeObject*>(o)->~RangeObject(); break;
    case ObjKind::Slice: static_cast<SliceObject*>(o)->~SliceObject(); break;
    case ObjKind::Type: static_cast<TypeObject*>(o)->~TypeObject(); break;
    case ObjKind::Instance: {
      auto* inst = static_cast<InstanceObject*>(o);
      Value* slots = inst->slots();
      for (uint32_t i = 0; i < inst->capacity; ++i) slots[i].~Value();
      inst->~InstanceObject();
      break;
    }
    case ObjKind::Exception: static_cast<ExceptionObject*>(o)->~ExceptionObject(); break;
    case ObjKind::Code: static_cast<CodeObject*>(o)->~CodeObject(); break;
    case ObjKind::Function: static_cast<FunctionObject*>(o)->~FunctionObject(); break;
    case ObjKind::Native: static_cast<NativeObject*>(o)->~NativeObject(); break;
    case ObjKind::BoundMethod: static_cast<BoundMethodObject*>(o)->~BoundMethodObject(); break;
    case ObjKind::Cell: static_cast<CellObject*>(o)->~CellObject(); break;
    case ObjKind::Module: static_cast<ModuleObject*>(o)->~ModuleObject(); break;
    case ObjKind::Iterator: static_cast<IteratorObject*>(o)->~IteratorObject(); break;
    case ObjKind::DictView: static_cast<DictViewObject*>(o)->~DictViewObject(); break;
    case ObjKind::Property: static_cast<PropertyObject*>(o)->~PropertyObject(); break;
    case ObjKind::StaticMethod: static_cast<StaticMethodObject*>(o)->~StaticMethodObject(); break;
    case ObjKind::ClassMethod: static_cast<ClassMethodObject*>(o)->~ClassMethodObject(); break;
    case ObjKind::Super: static_cast<SuperObject*>(o)->~SuperObject(); break;
    case ObjKind::Count_: break;
  }
}

size_t layout_size(ObjKind k) {
  switch (k) {
    case ObjKind::List: return sizeof(ListObject);
    case ObjKind::Dict: return sizeof(DictObject);
    case ObjKind::Set: return sizeof(SetObject);
    default: return 0;
  }
}

void destroy_now(Object* o) {
  TypeObject* type = o->type;
  untrack_dying(o);
  if (Value* d = trailing_dict(o)) d->~Value();
  destroy_layout(o);
  vm_free(o);
  if (type) Value::decref(type);
}
}  // namespace

Value* trailing_dict(Object* o) {
  if (!(o->gc_flags & kGcTrailingDict)) return nullptr;
  return reinterpret_cast<Value*>(reinterpret_cast<char*>(o) + layout_size(o->kind));
}

Object* alloc_with_trailing_dict(VM& vm, ObjKind kind, TypeObject* cls) {
  size_t base = layout_size(kind);
  Object* o;
  switch (kind) {
    case ObjKind::List: o = object_new<ListObject>(vm, kind, cls, base + sizeof(Value)); break;
    case ObjKind::Dict: o = object_new<DictObject>(vm, kind, cls, base + sizeof(Value)); break;
    case ObjKind::Set: {
      auto* s = object_new<SetObject>(vm, kind, cls, base + sizeof(Value));
      s->table.resize(8);  // the set's minimum table (vm/set.cpp)
      o = s;
      break;
    }
    default: return nullptr;
  }
  new (reinterpret_cast<char*>(o) + base) Value();
  o->gc_flags |= kGcTrailingDict;
  return o;
}

void object_force_free(Object* o) {
  unlink(o);
  if (Value* d = trailing_dict(o)) d->~Value();
  destroy_layout(o);
  vm_free(o);
}

const char* obj_kind_name(ObjKind k) {
  size_t i = size_t(k);
  return i < size_t(ObjKind::Count_) ? kKindNames[i] : "?";
}

void object_destroy(Object* o) {
  // A generator suspended inside try/finally or with: closed first (its
  // finally blocks run), then destroyed when that close lets go of it.
  if (o->kind == ObjKind::Generator && generator_close_on_drop(static_cast<GeneratorObject*>(o))) return;
  // The common case first: an untracked str, int or range has a trivial
  // destructor and holds nothing but its class, so it cannot recurse deeply.
  constexpr uint64_t kPlain = (uint64_t(1) << unsigned(ObjKind::Int)) | (uint64_t(1) << unsigned(ObjKind::Str)) |
                              (uint64_t(1) << unsigned(ObjKind::Range));
  if (((kPlain >> unsigned(o->kind)) & 1) && !o->gc_prev) {
    TypeObject* type = o->type;
    vm_free(o);
    Value::decref(type);
    return;
  }
  if (o->kind == ObjKind::Slice && o->type) {
    // Keep one dead slice for reuse (see VM::slice_cache): drop its fields,
    // keep its memory and its class reference.
    VM* vm = o->type->vm;
    if (vm && !vm->slice_cache && !vm->gc_collecting && o->type == vm->types.slice) {
      untrack_dying(o);
      auto* s = static_cast<SliceObject*>(o);
      {
        Value a = std::move(s->start), b = std::move(s->stop), c = std::move(s->step);
      }
      o->gc_flags = 0;
      if (!vm->slice_cache) {  // dropping the fields may have cached another slice
        vm->slice_cache = s;
        return;
      }
      TypeObject* type = o->type;
      s->~SliceObject();
      vm_free(s);
      Value::decref(type);
      return;
    }
  }
  if (t_destroy_depth >= kMaxDestroyDepth) {
    // Too deep: queue it (it is already dead; refcount 0) and free it later.
    untrack_dying(o);
    o->gc_next = t_deferred;
    t_deferred = o;
    return;
  }
  ++t_destroy_depth;
  destroy_now(o);
  --t_destroy_depth;
  if (t_destroy_depth == 0) {
    while (t_deferred) {
      Object* d = t_deferred;
      t_deferred = d->gc_next;
      d->gc_next = nullptr;
      ++t_destroy_depth;
      destroy_now(d);
      --t_destroy_depth;
    }
  }
}

void object_traverse(Object* o, VisitFn visit, void* ctx) {
  object_visit_children(o, [visit, ctx](Value& v) { visit(v, ctx); });
}

namespace {
// Drops one reference safely: the slot is emptied before the old value dies,
// so a destructor that runs meanwhile never sees a dangling slot.
inline void drop(Value& v) {
  Value old = std::move(v);
}
template <class Vec> void drop_all(Vec& v) {
  Vec old;
  old.swap(v);
}
}  // namespace

void object_clear(Object* o) {
  if (Value* d = trailing_dict(o)) drop(*d);
  switch (o->kind) {
    case ObjKind::Int:
    case ObjKind::Str:
    case ObjKind::Range:
    case ObjKind::Opaque:
    case ObjKind::Tensor:
    case ObjKind::Count_:
      break;
    case ObjKind::List:
      drop_all(static_cast<ListObject*>(o)->items);
      break;
    case ObjKind::Tuple: {
      auto* t = static_cast<TupleObject*>(o);
      for (size_t i = 0; i < t->size; ++i) drop(t->items[i]);
      break;
    }
    case ObjKind::Dict: {
      auto* d = static_cast<DictObject*>(o);
      d->used = 0;
      ++d->version;
      ++d->mutations;
      drop_all(d->index);
      drop_all(d->entries);
      break;
    }
    case ObjKind::Set: {
      auto* s = static_cast<SetObject*>(o);
      // Keep the table's shape (its size is an invariant); empty every slot.
      VmVector<Value> keys;
      for (auto& slot : s->table) {
        if (slot.key.is_object()) keys.push_back(std::move(slot.key));
        slot.key = Value();
        slot.hash = 0;
      }
      s->fill = s->used = 0;
      break;
    }
    case ObjKind::Slice: {
      auto* s = static_cast<SliceObject*>(o);
      drop(s->start);
      drop(s->stop);
      drop(s->step);
      break;
    }
    case ObjKind::Type: {
      auto* t = static_cast<TypeObject*>(o);
      ++t->version;
      for (auto& e : t->lookup_cache) {
        drop(e.name);
        drop(e.value);
      }
      drop(t->init_cache);
      drop(t->dict);
      drop_all(t->mro);
      drop(t->base);
      drop(t->module);
      drop(t->qualname);
      drop(t->name);
      break;
    }
    case ObjKind::Instance: {
      // Attributes gone: the instance is left in dict mode with no dict
      // (vm/shape.h), which needs no shape (clearing may run in ~VM, after
      // the shapes are freed).
      auto* inst = static_cast<InstanceObject*>(o);
      drop(inst->dict);
      Value* slots = inst->slots();
      for (uint32_t i = 0; i < inst->capacity; ++i) drop(slots[i]);
      inst->shape = nullptr;
      break;
    }
    case ObjKind::Exception: {
      auto* e = static_cast<ExceptionObject*>(o);
      drop(e->args);
      drop(e->dict);
      drop(e->traceback);
      drop(e->cause);
      drop(e->context);
      break;
    }
    case ObjKind::Code: {
      auto* c = static_cast<CodeObject*>(o);
      drop_all(c->consts);
      drop_all(c->names);
      drop_all(c->varnames);
      drop_all(c->cellvars);
      drop_all(c->freevars);
      for (auto& ic : c->caches) {
        ic.type = nullptr;
        ic.version = 0;
        for (auto& w : ic.ways) {
          drop(w.value);
          w.key = nullptr;
          w.kind = 0;
        }
      }
      drop(c->name);
      drop(c->qualname);
      drop(c->filename);
      break;
    }
    case ObjKind::Function: {
      auto* f = static_cast<FunctionObject*>(o);
      drop(f->defaults);
      drop(f->kwdefaults);
      drop(f->closure);
      drop(f->dict);
      drop(f->globals);
      drop(f->code);
      drop(f->doc);
      drop(f->name);
      drop(f->qualname);
      drop(f->module);
      break;
    }
    case ObjKind::Native: {
      auto* n = static_cast<NativeObject*>(o);
      drop(n->data);
      drop(n->owner);
      break;
    }
    case ObjKind::BoundMethod: {
      auto* m = static_cast<BoundMethodObject*>(o);
      drop(m->self);
      drop(m->func);
      break;
    }
    case ObjKind::Cell:
      drop(static_cast<CellObject*>(o)->contents);
      break;
    case ObjKind::Module:
      drop(static_cast<ModuleObject*>(o)->dict);
      drop(static_cast<ModuleObject*>(o)->name);
      break;
    case ObjKind::Generator: {
      auto* g = static_cast<GeneratorObject*>(o);
      if (g->frame) generator_free_frame(g);
      g->finished = true;
      drop(g->name);
      drop(g->qualname);
      break;
    }
    case ObjKind::Iterator: {
      auto* it = static_cast<IteratorObject*>(o);
      drop(it->a);
      drop(it->b);
      break;
    }
    case ObjKind::DictView:
      drop(static_cast<DictViewObject*>(o)->dict);
      break;
    case ObjKind::Property: {
      auto* p = static_cast<PropertyObject*>(o);
      drop(p->fget);
      drop(p->fset);
      drop(p->fdel);
      drop(p->doc);
      break;
    }
    case ObjKind::StaticMethod:
      drop(static_cast<StaticMethodObject*>(o)->func);
      break;
    case ObjKind::ClassMethod:
      drop(static_cast<ClassMethodObject*>(o)->func);
      break;
    case ObjKind::Super: {
      auto* s = static_cast<SuperObject*>(o);
      drop(s->type);
      drop(s->obj);
      drop(s->obj_type);
      break;
    }
    case ObjKind::File:
      drop(static_cast<FileObject*>(o)->name);
      drop(static_cast<FileObject*>(o)->mode);
      break;
  }
}

}  // namespace kiln::vm
