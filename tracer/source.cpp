// tracer/source.cpp — loading and naming sources (tracer/source.h).
#include "tracer/source.h"

#include <fmt/format.h>

#include "vm/dict.h"
#include "vm/ops.h"
#include "vm/shape.h"
#include "vm/type.h"

namespace kiln::tracer {

int SourceTable::add(const Source& s) {
  for (size_t i = 0; i < items.size(); i++) {
    const Source& o = items[i];
    if (o.kind == s.kind && o.parent == s.parent && o.index == s.index && o.name.bits() == s.name.bits() &&
        o.dict.bits() == s.dict.bits()) return int(i);
  }
  items.push_back(s);
  return int(items.size() - 1);
}

namespace {
// A plain dict key (a number, None, a tuple of such) as Python writes it,
// without running code.
std::string key_text(const Value& k) {
  if (k.is_none()) return "None";
  if (k.is_bool()) return k.is_true() ? "True" : "False";
  if (k.is_double()) return fmt::format("{}", k.as_double());
  int64_t i = 0;
  if (vm::int_value(k, &i)) return std::to_string(i);
  if (vm::is_str(k)) return "'" + std::string(vm::str_view(k)) + "'";
  if (vm::is_kind(k, vm::ObjKind::Tuple)) {
    std::string r = "(";
    auto* t = k.as<vm::TupleObject>();
    for (size_t j = 0; j < t->size; j++) r += (j ? ", " : "") + key_text(t->items[j]);
    return r + (t->size == 1 ? ",)" : ")");
  }
  if (k.is_object()) return "<" + std::string(vm::str_view(k.as_object()->type->name)) + " object>";
  return "<key>";
}
}  // namespace

std::string value_text(VM& vm, const Value& v) {
  if (vm::is_kind(v, vm::ObjKind::Instance)) {
    std::string type(vm::str_view(v.as_object()->type->name));
    Value* name = vm::instance_attr(v.as<vm::InstanceObject>(), vm.intern("_name_").as<vm::StrObject>());
    if (name && vm::is_str(*name)) return type + "." + std::string(vm::str_view(*name));  // an enum member
    return "<" + type + " object>";
  }
  if (vm::is_kind(v, vm::ObjKind::Tuple)) {
    auto* t = v.as<vm::TupleObject>();
    std::string r = "(";
    for (size_t j = 0; j < t->size; j++) r += (j ? ", " : "") + value_text(vm, t->items[j]);
    return r + (t->size == 1 ? ",)" : ")");
  }
  // (Only a builtin class's repr: a user subclass's __repr__ is user code.)
  if (v.is_object() && !vm::type_is_builtin(v.as_object()->type))
    return "<" + std::string(vm::type_name(vm, v)) + " object>";
  Value r = vm::repr(vm, v);
  if (!r) {
    vm.clear_exception();
    return "<" + std::string(vm::type_name(vm, v)) + ">";
  }
  return std::string(vm::str_view(r));
}

std::string SourceTable::describe(int i) const {
  const Source& s = items[size_t(i)];
  switch (s.kind) {
    case SourceKind::Local:
      if (size_t(s.index) < local_names.size()) return local_names[size_t(s.index)];
      return "L[" + std::to_string(s.index) + "]";
    case SourceKind::Global: return "G['" + std::string(vm::str_view(s.name)) + "']";
    case SourceKind::Attr: return describe(s.parent) + "." + std::string(vm::str_view(s.name));
    case SourceKind::Item: return describe(s.parent) + "[" + std::to_string(s.index) + "]";
    case SourceKind::DerefCell:
      if (size_t(s.index) < cell_names.size()) return "<cell " + cell_names[size_t(s.index)] + ">";
      return "<cell " + std::to_string(s.index) + ">";
    case SourceKind::Const: {
      const Value& v = s.name;
      if (vm::is_kind(v, vm::ObjKind::Function)) return std::string(vm::str_view(v.as<vm::FunctionObject>()->qualname));
      if (vm::is_kind(v, vm::ObjKind::Module)) return std::string(vm::str_view(v.as<vm::ModuleObject>()->name));
      if (vm::is_kind(v, vm::ObjKind::Type)) return std::string(vm::str_view(v.as<vm::TypeObject>()->name));
      return "<const>";
    }
    case SourceKind::FuncDefault: return describe(s.parent) + ".__defaults__[" + std::to_string(s.index) + "]";
    case SourceKind::FuncKwDefault:
      return describe(s.parent) + ".__kwdefaults__['" + std::string(vm::str_view(s.name)) + "']";
    case SourceKind::FuncCell: return describe(s.parent) + ".__closure__[" + std::to_string(s.index) + "]";
    case SourceKind::ClassAttr: return describe(s.parent) + "." + std::string(vm::str_view(s.name));
    case SourceKind::CellContents: {
      const Source& cell = items[size_t(s.parent)];
      if (cell.kind == SourceKind::DerefCell && size_t(cell.index) < cell_names.size()) return cell_names[size_t(cell.index)];
      return describe(s.parent) + ".cell_contents";
    }
    case SourceKind::InstAttr: return describe(s.parent) + "." + std::string(vm::str_view(s.name));
    case SourceKind::MethodSelf: return describe(s.parent) + ".__self__";
    case SourceKind::MethodFunc: return describe(s.parent) + ".__func__";
    case SourceKind::DictItem: {
      if (vm::is_str(s.name)) return describe(s.parent) + "['" + std::string(vm::str_view(s.name)) + "']";
      return describe(s.parent) + "[" + (s.label.empty() ? key_text(s.name) : s.label) + "]";
    }
    case SourceKind::IterState: {
      static const char* const kFields[] = {"<seq>", "<index>", "<left>", "<step>"};
      return describe(s.parent) + "." + kFields[s.index & 3];
    }
  }
  return "?";
}

bool SourceTable::load(VM& vm, int i, const vm::FunctionObject* fn, const Value* slots, const Value* loaded,
                       Value* out) const {
  const Source& s = items[size_t(i)];
  switch (s.kind) {
    case SourceKind::Local:
      *out = slots[s.index];
      return !out->is_empty();
    case SourceKind::Global: {
      auto* name = s.name.as<vm::StrObject>();
      auto* g = (s.dict ? s.dict : fn->globals).as<vm::DictObject>();
      auto* b = vm.builtins_dict.as<vm::DictObject>();
      // Entry positions hold while a dict's version (inserts and deletions)
      // does, as the interpreter's LOAD_GLOBAL caches assume.
      if (s.memo_key == g && s.memo_version == g->version && (!s.memo_builtin || s.memo_builtins_version == b->version)) {
        auto* d = s.memo_builtin ? b : g;
        // (The key is checked too: another dict may live where a freed one was.)
        if (size_t(s.memo_index) < d->entries.size() && d->entries[size_t(s.memo_index)].key.bits() == s.name.bits()) {
          *out = d->entries[size_t(s.memo_index)].value;
          return !out->is_empty();
        }
      }
      int64_t ix = vm::dict_lookup_str_index(g, name);
      bool builtin = ix < 0;
      if (builtin) ix = vm::dict_lookup_str_index(b, name);
      if (ix < 0) return false;
      s.memo_key = g;
      s.memo_version = g->version;
      s.memo_builtins_version = b->version;
      s.memo_index = ix;
      s.memo_builtin = builtin;
      *out = (builtin ? b : g)->entries[size_t(ix)].value;
      return !out->is_empty();
    }
    case SourceKind::Attr: {
      const Value& p = loaded[s.parent];
      if (vm::is_kind(p, vm::ObjKind::Module)) {
        *out = vm::dict_get_str(p.as<vm::ModuleObject>()->dict.as<vm::DictObject>(), s.name.as<vm::StrObject>());
        return !out->is_empty();
      }
      *out = vm::getattr_opt(vm, p, s.name.as<vm::StrObject>());
      if (out->is_empty()) vm.clear_exception();
      return !out->is_empty();
    }
    case SourceKind::Item: {
      const Value& p = loaded[s.parent];
      if (vm::is_kind(p, vm::ObjKind::Tuple)) {
        auto* t = p.as<vm::TupleObject>();
        if (size_t(s.index) >= t->size) return false;
        *out = t->items[s.index];
        return true;
      }
      if (vm::is_kind(p, vm::ObjKind::List)) {
        auto* l = p.as<vm::ListObject>();
        if (size_t(s.index) >= l->items.size()) return false;
        *out = l->items[size_t(s.index)];
        return true;
      }
      return false;
    }
    case SourceKind::InstAttr: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::Instance)) return false;
      auto* inst = p.as<vm::InstanceObject>();
      if (inst->shape && inst->shape == s.memo_key) {  // a shape names its slots for good
        *out = inst->slots()[s.memo_index];
        return !out->is_empty();
      }
      Value* v = vm::instance_attr(inst, s.name.as<vm::StrObject>());
      if (!v || v->is_empty()) return false;
      if (inst->shape) {
        s.memo_key = inst->shape;
        s.memo_index = v - inst->slots();
      }
      *out = *v;
      return true;
    }
    case SourceKind::IterState: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::Iterator)) return false;
      auto* it = p.as<vm::IteratorObject>();
      switch (s.index) {
        case 0: *out = it->a.is_empty() ? Value::none() : it->a; return true;
        case 1: *out = vm::make_int(vm, it->i); return !out->is_empty();
        case 2: *out = vm::make_int(vm, it->n); return !out->is_empty();
        default: *out = vm::make_int(vm, it->step); return !out->is_empty();
      }
    }
    case SourceKind::DictItem: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::Dict)) return false;
      if (vm::is_str(s.name)) {
        *out = vm::dict_get_str(p.as<vm::DictObject>(), s.name.as<vm::StrObject>());
      } else if (vm::is_kind(s.name, vm::ObjKind::Instance)) {
        // An enum member or an object compared by identity: the entry whose
        // key it is (the dict's keys are guarded; no __hash__ runs).
        *out = vm::dict_get_identical(p.as<vm::DictObject>(), s.name);
      } else {
        // A number or a tuple of plain keys (the dict's keys are guarded
        // before it is loaded, so no __eq__ of a stranger key runs).
        *out = vm::dict_get(vm, p.as<vm::DictObject>(), s.name);
        if (out->is_empty()) vm.clear_exception();
      }
      return !out->is_empty();
    }
    case SourceKind::DerefCell:  // cells (and free variables) follow the locals in the frame's slots
      *out = slots[nlocals + s.index];
      return vm::is_kind(*out, vm::ObjKind::Cell);
    case SourceKind::Const:
      *out = s.name;
      return true;
    case SourceKind::FuncDefault: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::Function)) return false;
      const Value& d = p.as<vm::FunctionObject>()->defaults;
      if (!vm::is_kind(d, vm::ObjKind::Tuple) || size_t(s.index) >= d.as<vm::TupleObject>()->size) return false;
      *out = d.as<vm::TupleObject>()->items[s.index];
      return true;
    }
    case SourceKind::FuncKwDefault: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::Function)) return false;
      const Value& d = p.as<vm::FunctionObject>()->kwdefaults;
      if (!vm::is_kind(d, vm::ObjKind::Dict)) return false;
      *out = vm::dict_get_str(d.as<vm::DictObject>(), s.name.as<vm::StrObject>());
      return !out->is_empty();
    }
    case SourceKind::FuncCell: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::Function)) return false;
      const Value& c = p.as<vm::FunctionObject>()->closure;
      if (!vm::is_kind(c, vm::ObjKind::Tuple) || size_t(s.index) >= c.as<vm::TupleObject>()->size) return false;
      *out = c.as<vm::TupleObject>()->items[s.index];
      return vm::is_kind(*out, vm::ObjKind::Cell);
    }
    case SourceKind::ClassAttr: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::Type)) return false;
      *out = vm::type_lookup(p.as<vm::TypeObject>(), s.name.as<vm::StrObject>());
      return !out->is_empty();
    }
    case SourceKind::MethodSelf:
    case SourceKind::MethodFunc: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::BoundMethod)) return false;
      auto* m = p.as<vm::BoundMethodObject>();
      *out = s.kind == SourceKind::MethodSelf ? m->self : m->func;
      return !out->is_empty();
    }
    case SourceKind::CellContents: {
      const Value& p = loaded[s.parent];
      if (!vm::is_kind(p, vm::ObjKind::Cell)) return false;
      *out = p.as<vm::CellObject>()->contents;
      return !out->is_empty();
    }
  }
  return false;
}

}  // namespace kiln::tracer
