// tracer/values_objects.cpp — user classes and objects: attribute reads
// and stores, class attributes, super(), instances made in the trace, and
// user subclasses of builtin containers (their dunders inlined).
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::probe_attr(const Sym& o, vm::StrObject* name, Sym* out) {
  size_t nodes = nodes_.size();
  int touches = touches_;
  struct Depth {
    int& d;
    ~Depth() { d--; }
  } depth{++probing_};
  try {
    *out = load_attr(o, name);
    return true;
  } catch (const Break& b) {
    if (b.reason != BreakReason::ExceptionInTrace || !is_attribute_error(b.exc_type) || touches_ != touches) throw;
    for (size_t i = nodes; i < nodes_.size(); i++)
      if (!node_is_pure(nodes_[i])) throw;
    nodes_.resize(nodes);
    return false;
  }
}

void Tracer::class_guards(vm::TypeObject* t) {
  for (const Value& c : t->mro) {
    auto* ct = c.as<vm::TypeObject>();
    if (vm::type_is_builtin(ct)) continue;
    guard(GuardKind::ClassVersion, -1, c, int64_t(ct->version));
  }
}

void Tracer::store_attr(const Sym& o, vm::StrObject* name, const Sym& v, bool object_setattr) {
  std::string nm(vm::str_view(Value::borrow(name)));
  if (!is_instance_obj(o)) stop(BreakReason::SideEffect, "attribute assignment to a value that is not a plain object");
  if (o.kind == SymKind::Inst) return inst_store(o, name, v);
  vm::TypeObject* t = o.ex.as_object()->type;
  Value cls_attr = vm::type_lookup(t, name);
  if (vm::is_kind(cls_attr, ObjKind::Property) ||
      (cls_attr.is_object() && vm::type_lookup(cls_attr.as_object()->type, vm_.intern("__set__").as<vm::StrObject>())))
    stop(BreakReason::SideEffect, fmt::format("assignment to attribute {} through a descriptor", nm));
  Value sa = object_setattr ? Value() : vm::user_type_lookup(t, vm_.intern("__setattr__").as<vm::StrObject>());
  if (sa) {
    auto* sc = vm::is_kind(sa, ObjKind::Function) ? sa.as<FunctionObject>()->code.as<CodeObject>() : nullptr;
    bool module_setattr = sc && vm::str_view(sc->qualname) == "Module.__setattr__" &&
                          vm::str_view(sc->filename).ends_with("torch/nn/modules/module.py");
    if (!module_setattr) stop(BreakReason::SideEffect, fmt::format("assignment to attribute {} of an object with __setattr__", nm));
    // Module.__setattr__ stores a plain value as object.__setattr__ does
    // unless it is a module, a parameter, or the name is a registered one.
    if (v.kind == SymKind::Obj || v.is_tensor())
      stop(BreakReason::SideEffect, fmt::format("assignment of a tensor or module to module attribute {}", nm));
    for (const char* reg : {"_parameters", "_buffers", "_modules"}) {
      Sym d = load_attr(o, vm_.intern(reg).as<vm::StrObject>());
      if (!is_dict_obj(d)) stop(BreakReason::SideEffect, "assignment to an attribute of a module before __init__");
      for (const Value& k : dict_keys(d))
        if (vm::str_view(k) == nm) stop(BreakReason::SideEffect, fmt::format("assignment to registered module attribute {}", nm));
    }
  }
  escape_check(v, "an attribute");
  note_change(o.reg, o.ex.as_object());
  Node n;
  n.op = GraphOp::SetAttr;
  n.name = Value::borrow(name);
  n.label = "setattr";
  n.in = {reg_of(o), reg_of(v)};
  add_node(std::move(n), Value::none());
  attr_overlay_[{o.ex.as_object(), nm}] = v;
}

Sym Tracer::make_super(Frame& f, std::vector<Sym>& args) {
  Sym cls, self;
  if (args.size() == 2) {
    cls = args[0];
    self = args[1];
  } else if (args.empty()) {
    for (size_t i = 0; i < f.co->freevars.size(); i++)
      if (vm::str_view(f.co->freevars[i]) == "__class__") cls = cell_load(f.cells[f.co->cellvars.size() + i]);
    if (f.co->argcount > 0) self = f.locals[0];
  }
  bool class_recv = cls.is_const() && vm::is_kind(cls.ex, ObjKind::Type) && self.is_const() &&
                    vm::is_kind(self.ex, ObjKind::Type) &&
                    vm::is_subtype(self.ex.as<vm::TypeObject>(), cls.ex.as<vm::TypeObject>());  // in a __new__
  if (!cls.is_const() || !vm::is_kind(cls.ex, ObjKind::Type) || (!is_instance_obj(self) && !class_recv))
    stop(BreakReason::UnsupportedCall, "super() here (only in a method of an object from outside the trace, or a __new__)");
  Sym s;
  s.kind = SymKind::Super;
  s.ex = cls.ex;
  s.recv = std::make_shared<Sym>(self);
  return s;
}

Sym Tracer::super_attr(const Sym& sup, vm::StrObject* name) {
  bool class_recv = sup.recv->is_const() && vm::is_kind(sup.recv->ex, ObjKind::Type);
  vm::TypeObject* t = class_recv ? sup.recv->ex.as<vm::TypeObject>() : sup.recv->ex.as_object()->type;
  bool is_new = vm::str_view(Value::borrow(name)) == "__new__";
  if (class_recv && !is_new)
    stop(BreakReason::UnsupportedValue, fmt::format("super().{} with a class as the receiver", vm::str_view(Value::borrow(name))));
  bool after = false;
  for (const Value& c : t->mro) {
    if (after) {
      Value v = vm::dict_get_str(c.as<vm::TypeObject>()->dict.as<vm::DictObject>(), name);
      if (v.is_empty()) continue;
      if (is_new) {
        if (vm::is_object_native(vm_, v)) return Sym::constant(v);
        if (vm::is_kind(v, ObjKind::StaticMethod) && vm::is_kind(v.as<vm::StaticMethodObject>()->func, ObjKind::Function))
          return Sym::constant(v.as<vm::StaticMethodObject>()->func);
        stop(BreakReason::UnsupportedValue, "super().__new__ that is not object's or a Python function");
      }
      if (vm::is_object_native(vm_, v) && (vm::str_view(Value::borrow(name)) == "__init__" ||
                                            vm::str_view(Value::borrow(name)) == "__setattr__")) {
        // object.__init__: nothing to do (with no arguments);
        // object.__setattr__: a plain store (call()).
        Sym m;
        m.kind = SymKind::Method;
        m.ex = v;
        m.recv = sup.recv;
        return m;
      }
      if (!vm::is_kind(v, ObjKind::Function))
        stop(BreakReason::UnsupportedValue, fmt::format("super().{} that is not a function", vm::str_view(Value::borrow(name))));
      Sym m;
      m.kind = SymKind::Method;
      m.ex = v;
      m.recv = sup.recv;
      return m;
    }
    after = c.as_object() == sup.ex.as_object();
  }
  stop(BreakReason::UnsupportedValue, fmt::format("super().{}", vm::str_view(Value::borrow(name))));
}

bool Tracer::object_setattr_call(const Value& c, std::vector<Sym>& args, const Value& kwnames, Sym* out) {
  if (!vm::is_object_native(vm_, c) || !c.as<NativeObject>()->name ||
      std::string_view(c.as<NativeObject>()->name) != "__setattr__")
    return false;
  if (args.size() != 3 || vm::is_kind(kwnames, ObjKind::Tuple) || !args[1].is_const() || !vm::is_str(args[1].ex) ||
      !is_instance_obj(args[0]))
    stop(BreakReason::SideEffect, "object.__setattr__ with these arguments");
  store_attr(args[0], vm_.intern(vm::str_view(args[1].ex)).as<vm::StrObject>(), args[2], true);
  *out = Sym::constant(Value::none());
  return true;
}

bool Tracer::attr_builtin_call(const Value& c, std::vector<Sym>& args, const Value& kwnames, Sym* out) {
  auto* bd = vm_.builtins_dict.as<vm::DictObject>();
  bool has = c.bits() == vm::dict_get_str(bd, vm_.intern("hasattr").as<vm::StrObject>()).bits();
  bool get = c.bits() == vm::dict_get_str(bd, vm_.intern("getattr").as<vm::StrObject>()).bits();
  if (!has && !get) return false;
  if (vm::is_kind(kwnames, ObjKind::Tuple) || args.size() < 2 || args.size() > (has ? 2u : 3u)) return false;
  Sym name = concretize(args[1]);
  if (!name.is_const() || !vm::is_str(name.ex)) stop(BreakReason::UnsupportedValue, "hasattr / getattr with a computed name");
  auto* n = vm_.intern(vm::str_view(name.ex)).as<vm::StrObject>();
  if (get && args.size() == 2) {
    *out = load_attr(args[0], n);  // raises as o.name would
    return true;
  }
  Sym r;
  bool found = probe_attr(args[0], n, &r);
  *out = has ? Sym::constant(Value::boolean(found)) : found ? r : args[2];
  return true;
}

Sym Tracer::class_attr(const Sym& cs, vm::StrObject* name) {
  auto* t = cs.ex.as<vm::TypeObject>();
  std::string_view nm = vm::str_view(Value::borrow(name));
  class_guards(t);
  if (vm::type_is_builtin(t) && (t->aux & vm::kTypeMutable)) guard(GuardKind::ClassVersion, -1, cs.ex, int64_t(t->version));
  if (nm == "__name__" || nm == "__qualname__" || nm == "__module__")
    return Sym::constant(checked(vm::getattr(vm_, cs.ex, name), fmt::format("attribute {}", nm)));
  Value v = vm::type_lookup(t, name);
  if (!v) {
    Value r = checked(vm::getattr(vm_, cs.ex, name), fmt::format("attribute {}", nm));  // raises AttributeError if absent
    if (is_immutable_const(r) || vm::is_kind(r, ObjKind::Type)) return Sym::constant(r);
    stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a class", nm));
  }
  if (vm::is_kind(v, ObjKind::StaticMethod)) return Sym::constant(v.as<vm::StaticMethodObject>()->func);
  if (vm::is_kind(v, ObjKind::ClassMethod)) {
    Sym m;
    m.kind = SymKind::Method;
    m.ex = v.as<vm::ClassMethodObject>()->func;
    m.recv = std::make_shared<Sym>(cs);
    return m;
  }
  if (pinned_by_identity(v) || vm::is_kind(v, ObjKind::Property)) return Sym::constant(v);
  if (v.is_object() && vm::type_lookup(v.as_object()->type, vm_.intern("__get__").as<vm::StrObject>()))
    stop(BreakReason::UnsupportedValue, fmt::format("class attribute {} with a __get__", nm));
  // Another object (an enum member, a list, a dict): read through a
  // source, as an attribute of the class's own dicts (no code runs).
  return from_source(guards_.sources.add(Source{SourceKind::ClassAttr, const_source(cs.ex), 0, Value::borrow(name), Value()}), v);
}

vm::TypeObject* Tracer::user_subclass(const Sym& s) const {
  if (s.kind == SymKind::Seq && s.seq->cls) return s.seq->cls.as<vm::TypeObject>();
  if (s.kind == SymKind::Obj && vm::is_kind(s.ex, ObjKind::Dict) && !vm::type_is_builtin(s.ex.as_object()->type))
    return s.ex.as_object()->type;
  if (s.is_const() && vm::is_kind(s.ex, ObjKind::Tuple) && is_user_class(s.ex.as_object()->type))
    return s.ex.as_object()->type;
  return nullptr;
}

bool Tracer::equivalent_override(vm::TypeObject* owner, std::string_view name) {
  if (name == "__repr__") return true;
  std::string_view cls = vm::str_view(owner->name);
  std::string_view mod = vm::is_str(owner->module) ? vm::str_view(owner->module) : "";
  return cls == "OrderedDict" && (mod == "collections" || mod == "torch._kiln") &&
         (name == "keys" || name == "values" || name == "items" || name == "copy");
}

Value Tracer::subclass_override(const Sym& s, std::string_view name) {
  vm::TypeObject* t = user_subclass(s);
  if (!t) return Value();
  auto* key = vm_.intern(name).as<vm::StrObject>();
  Value v = vm::user_type_lookup(t, key);
  if (!v) return v;
  for (const Value& c : t->mro) {
    auto* ct = c.as<vm::TypeObject>();
    if (vm::type_is_builtin(ct)) break;
    if (!vm::dict_get_str(ct->dict.as<vm::DictObject>(), key).is_empty())
      return equivalent_override(ct, name) ? Value() : v;
  }
  return v;
}

bool Tracer::subclass_dunder(const Sym& s, std::string_view name, std::vector<Sym> extra, Sym* out) {
  Value fn = subclass_override(s, name);
  if (!fn) return false;
  if (!vm::is_kind(fn, ObjKind::Function))
    stop(BreakReason::UnsupportedValue, fmt::format("{} of a '{}' that is not a Python function", name,
                                                    vm::str_view(user_subclass(s)->name)));
  std::vector<Sym> args{s};
  args.insert(args.end(), extra.begin(), extra.end());
  *out = call(*cur_frame_, Sym::constant(fn), args, Value());
  return true;
}

void Tracer::refuse_overrides(const Sym& s, std::initializer_list<std::string_view> names, std::string_view what) {
  for (auto n : names)
    if (subclass_override(s, n))
      stop(BreakReason::UnsupportedValue,
           fmt::format("{} of a '{}', which defines its own {}", what, vm::str_view(user_subclass(s)->name), n));
}

bool Tracer::subclass_attr(const Sym& s, vm::StrObject* name, Sym* out) {
  vm::TypeObject* t = user_subclass(s);
  if (!t || vm::is_kind(s.ex, ObjKind::Dict)) return false;
  Value a = vm::user_type_lookup(t, name);
  if (!a) return false;
  if (vm::is_kind(a, ObjKind::Property)) {
    const Value& fget = a.as<vm::PropertyObject>()->fget;
    if (vm::is_kind(fget, ObjKind::Function)) {
      std::vector<Sym> args{s};
      *out = call(*cur_frame_, Sym::constant(fget), args, Value());
      return true;
    }
    if (fget.is_object() && vm::is_kind(fget, ObjKind::Instance) &&
        vm::str_view(fget.as_object()->type->name) == "itemgetter" && vm::is_str(fget.as_object()->type->module) &&
        vm::str_view(fget.as_object()->type->module) == "operator") {
      Value* items = vm::instance_attr(fget.as<vm::InstanceObject>(), vm_.intern("_items").as<vm::StrObject>());
      if (items && vm::is_kind(*items, ObjKind::Tuple) && items->as<vm::TupleObject>()->size == 1) {
        *out = getitem(s, Sym::constant(items->as<vm::TupleObject>()->items[0]));
        return true;
      }
    }
    stop(BreakReason::UnsupportedValue, fmt::format("property {} of a '{}'", vm::str_view(Value::borrow(name)),
                                                    vm::str_view(t->name)));
  }
  if (vm::is_kind(a, ObjKind::Function)) {
    Sym m;
    m.kind = SymKind::Method;
    m.ex = a;
    m.recv = std::make_shared<Sym>(s);
    *out = m;
    return true;
  }
  if (is_immutable_const(a)) {  // a class attribute (_fields), pinned by the class's version
    *out = Sym::constant(a);
    return true;
  }
  stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a '{}'", vm::str_view(Value::borrow(name)),
                                                  vm::str_view(t->name)));
}

bool Tracer::new_instance(Frame& f, vm::TypeObject* cls, std::vector<Sym>& args, const Value& kwnames, Sym* out) {
  if (vm::type_is_builtin(cls) || cls->instance_kind != ObjKind::Instance) return false;
  Value newm = vm::type_lookup(cls, vm_.names.__new__);
  Value user_new;
  if (vm::is_kind(newm, ObjKind::StaticMethod) &&
      vm::is_kind(newm.as<vm::StaticMethodObject>()->func, ObjKind::Function))
    user_new = newm.as<vm::StaticMethodObject>()->func;
  else if (!vm::is_object_native(vm_, newm))
    return false;
  Value initm = vm::type_lookup(cls, vm_.names.__init__);
  bool default_init = vm::is_object_native(vm_, initm);
  if (!default_init && !vm::is_kind(initm, ObjKind::Function)) return false;
  if (vm::user_type_lookup(cls, vm_.intern("__setattr__").as<vm::StrObject>()))
    stop(BreakReason::UnsupportedCall, fmt::format("constructing a '{}' (it has a __setattr__)", vm::str_view(cls->name)));
  class_guards(cls);
  Sym o;
  if (user_new) {
    std::vector<Sym> all{Sym::constant(Value::borrow(cls))};
    all.insert(all.end(), args.begin(), args.end());
    o = call(f, Sym::constant(user_new), all, kwnames);
    // __init__ runs only on an instance of the class; what else __new__
    // returned is the result. Tensors and numbers are never instances of a
    // plain user class; the class of an instance (made in the trace or
    // from outside it) is fixed by the guards.
    if (o.is_tensor() || is_symnum(o)) {
      *out = o;
      return true;
    }
    if (!(o.kind == SymKind::Inst || o.kind == SymKind::Obj || o.is_const()))
      stop(BreakReason::UnsupportedCall, fmt::format("{}.__new__ returned a value the tracer cannot type", vm::str_view(cls->name)));
    if (!vm::isinstance(vm_, o.ex, cls)) {
      *out = o;
      return true;
    }
  } else {
    if (default_init && (!args.empty() || vm::is_kind(kwnames, ObjKind::Tuple)))
      checked(Value(vm_.raisef(vm::Exc::TypeError, "%s() takes no arguments", std::string(vm::str_view(cls->name)).c_str())),
              "constructor");
    o = alloc_instance(cls);
  }
  if (!default_init) {
    std::vector<Sym> all{o};
    all.insert(all.end(), args.begin(), args.end());
    Sym r = call(f, Sym::constant(initm), all, kwnames);
    if (!r.is_const() || !r.ex.is_none())
      checked(Value(vm_.raise(vm::Exc::TypeError, "__init__() should return None")), "constructor");
  }
  *out = o;
  return true;
}

Sym Tracer::alloc_instance(vm::TypeObject* cls) {
  Sym o;
  o.kind = SymKind::Inst;
  o.ex = checked(vm::instance_alloc(vm_, cls), "constructor");
  o.map = std::make_shared<MapData>();
  o.map->serial = ++instance_serial_;
  return o;
}

int Tracer::inst_find(const Sym& o, std::string_view name) {
  for (size_t i = 0; i < o.map->items.size(); i++)
    if (vm::str_view(o.map->items[i].first) == name) return int(i);
  return -1;
}

int Tracer::made_instance(const Sym& o) {
  MapData& m = *o.map;
  if (m.made >= 0 && size_t(tag_index(m.made)) < nodes_.size()) {
    const Node& n = nodes_[size_t(tag_index(m.made))];
    if (n.op == GraphOp::NewObject && n.arg == m.serial) return m.made;
  }
  Node n;
  n.op = GraphOp::NewObject;
  n.arg = m.serial;
  vm::TypeObject* cls = o.ex.as_object()->type;
  n.callee = Value::borrow(cls);
  n.label = std::string(vm::str_view(cls->name));
  Value names = vm::tuple_new(vm_, m.items.size());
  for (size_t i = 0; i < m.items.size(); i++) {
    escape_check(m.items[i].second, "an object made in the traced code that escapes");
    names.as<vm::TupleObject>()->items[i] = m.items[i].first;
    n.in.push_back(reg_of(m.items[i].second));
  }
  n.kwnames = names;
  m.made = add_node(std::move(n), o.ex);
  return m.made;
}

void Tracer::inst_store(const Sym& o, vm::StrObject* name, const Sym& v) {
  std::string_view nm = vm::str_view(Value::borrow(name));
  Value cls_attr = vm::type_lookup(o.ex.as_object()->type, name);
  if (cls_attr && vm::is_data_descriptor(vm_, cls_attr))
    stop(BreakReason::SideEffect, fmt::format("assignment to attribute {} through a descriptor", nm));
  bool escaped = o.map->made >= 0 && size_t(tag_index(o.map->made)) < nodes_.size() &&
                 nodes_[size_t(tag_index(o.map->made))].op == GraphOp::NewObject &&
                 nodes_[size_t(tag_index(o.map->made))].arg == o.map->serial;
  if (escaped) {
    escape_check(v, "an attribute");
    Node n;
    n.op = GraphOp::SetAttr;
    n.name = Value::borrow(name);
    n.label = "setattr";
    n.in = {o.map->made, reg_of(v)};
    add_node(std::move(n), Value::none());
  }
  touch(o.map);
  int i = inst_find(o, nm);
  if (i >= 0) o.map->items[size_t(i)].second = v;
  else o.map->items.emplace_back(Value::borrow(name), v);
}

Sym Tracer::obj_attr(const Sym& o, vm::StrObject* name) {
  std::string_view nm = vm::str_view(Value::borrow(name));
  if (!is_instance_obj(o)) stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a '{}'", nm, vm::type_name(vm_, o.ex)));
  bool made = o.kind == SymKind::Inst;  // made in the trace: its attributes are all known, no guards
  auto* inst = o.ex.as<vm::InstanceObject>();
  vm::TypeObject* t = inst->type;
  if (!made) {
    auto ov = attr_overlay_.find({inst, std::string(nm)});
    if (ov != attr_overlay_.end()) return ov->second;
  }
  Value cls_attr = vm::type_lookup(t, name);
  if (vm::is_kind(cls_attr, ObjKind::Property)) {
    const Value& fget = cls_attr.as<vm::PropertyObject>()->fget;
    if (!vm::is_kind(fget, ObjKind::Function)) stop(BreakReason::UnsupportedValue, fmt::format("property {}", nm));
    std::vector<Sym> args{o};
    return call(*cur_frame_, Sym::constant(fget), args, Value());
  }
  if (made) {
    if (int i = inst_find(o, nm); i >= 0) return o.map->items[size_t(i)].second;
  } else if (Value* own = vm::instance_attr(inst, name); own && !own->is_empty()) {
    return from_source(guards_.sources.add(Source{SourceKind::InstAttr, o.reg, 0, Value::borrow(name), Value()}), *own);
  }
  if (cls_attr) {
    if (!made) guard(GuardKind::NoInstAttr, o.reg, Value::borrow(name));
    if (vm::is_kind(cls_attr, ObjKind::Function)) {
      Sym m;
      m.kind = SymKind::Method;
      m.ex = cls_attr;
      m.recv = std::make_shared<Sym>(o);
      return m;
    }
    if (vm::is_kind(cls_attr, ObjKind::StaticMethod)) return Sym::constant(cls_attr.as<vm::StaticMethodObject>()->func);
    if (is_immutable_const(cls_attr) || vm::is_kind(cls_attr, ObjKind::Type) || vm::is_kind(cls_attr, ObjKind::Module))
      return Sym::constant(cls_attr);  // pinned by the class's version guard
    stop(BreakReason::UnsupportedValue, fmt::format("class attribute {} of a '{}'", nm, vm::type_name(vm_, o.ex)));
  }
  Value ga = vm::user_type_lookup(t, vm_.intern("__getattr__").as<vm::StrObject>());
  if (vm::is_kind(ga, ObjKind::Function)) {
    if (!made) guard(GuardKind::NoInstAttr, o.reg, Value::borrow(name));
    std::vector<Sym> args{o, Sym::constant(Value::borrow(name))};
    return call(*cur_frame_, Sym::constant(ga), args, Value());
  }
  if (!made) guard(GuardKind::NoInstAttr, o.reg, Value::borrow(name));  // absent: guarded as absent
  checked(Value(vm_.raisef(vm::Exc::AttributeError, "'%s' object has no attribute '%s'", vm::type_name(vm_, o.ex),
                           std::string(nm).c_str())),
          "attribute");
  return Sym();
}

Sym Tracer::load_attr(const Sym& obj, vm::StrObject* name) {
  std::string_view nm = vm::str_view(Value::borrow(name));
  if (Sym r; subclass_attr(obj, name, &r)) return r;
  if (obj.kind == SymKind::Obj || obj.kind == SymKind::Inst) return obj_attr(obj, name);
  if (obj.kind == SymKind::Super) return super_attr(obj, name);
  if (obj.is_const()) {
    const Value& o = obj.ex;
    if (vm::is_kind(o, ObjKind::Module)) {
      auto* dict = o.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
      auto ov = global_overlay_.find({dict, std::string(nm)});  // stored by the trace (a global of that module)
      if (ov != global_overlay_.end()) return ov->second;
      Value v = vm::dict_get_str(dict, name);
      // A missing name may come from the module's __getattr__ (torch.nn is
      // imported on first use): what the interpreter would do next anyway.
      if (v.is_empty()) {
        if (vm::dict_get_str(dict, vm_.names.__getattr__).is_empty()) {
          // Absent (hasattr() False): guarded as absent.
          Guard g;
          g.kind = GuardKind::ModuleAttrs;
          g.expected = o;
          g.attrs.emplace_back(Value::borrow(name), Value());
          g.seen = dict->mutations;
          guards_.add(std::move(g));
        }
        v = checked(vm::getattr(vm_, o, name), fmt::format("attribute {}", nm));
        if (vm::dict_get_str(dict, name).bits() != v.bits())
          stop(BreakReason::UnsupportedValue, fmt::format("module attribute {} made by the module's __getattr__ on each read", nm));
      }
      if (trusted_module(o) || obj.reg < 0) {
        // torch.*, math.*, and modules reached as constants: the names read
        // are guarded together (MODULE_ATTRS: one compare while nothing in
        // the module changes), their values held as constants; a mutable
        // value is read through a source rooted at the module.
        if (pinned_by_identity(v)) {
          Guard g;
          g.kind = GuardKind::ModuleAttrs;
          g.expected = o;
          g.attrs.emplace_back(Value::borrow(name), v);
          g.seen = dict->mutations;
          guards_.add(std::move(g));
          Sym c = Sym::constant(v);
          return c;
        }
        int ms = obj.reg >= 0 ? obj.reg : const_source(o);
        return from_source(guards_.sources.add(Source{SourceKind::Attr, ms, 0, Value::borrow(name), Value()}), v);
      }
      Source s{SourceKind::Attr, obj.reg, 0, Value::borrow(name), Value()};
      return from_source(guards_.sources.add(s), v);
    }
    if (vm::is_kind(o, ObjKind::Type)) return class_attr(obj, name);
    if (is_immutable_const(o) || (o.is_object() && vm_.torch_state &&
                                  (vm::type_of(vm_, o) == torch::torch_state(vm_).dtype_type ||
                                   vm::type_of(vm_, o) == torch::torch_state(vm_).device_type ||
                                   vm::type_of(vm_, o) == torch::torch_state(vm_).size_type))) {
      Value v = checked(vm::getattr(vm_, o, name), fmt::format("attribute {}", nm));
      if (!is_immutable_const(v) && !vm::is_kind(v, ObjKind::Native) && !vm::is_kind(v, ObjKind::BoundMethod) &&
          !(v.is_object() && vm::type_of(vm_, v) == torch::torch_state(vm_).dtype_type))
        stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a constant", nm));
      return Sym::constant(v);
    }
    stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a '{}'", nm, vm::type_name(vm_, o)));
  }
  if (obj.kind == SymKind::Ref) {
    if (obj.tensor) {
      // A method read as an attribute (`t.sum(dim=1)` compiles to LOAD_ATTR
      // and CALL_KW): bound to its receiver until called.
      Value m = vm::type_lookup(vm::type_of(vm_, obj.ex), name);
      if (vm::is_kind(m, ObjKind::Native)) {
        Sym s;
        s.kind = SymKind::Method;
        s.ex = m;
        s.recv = std::make_shared<Sym>(obj);
        return s;
      }
      if (nm == "grad" && tag_kind(obj.reg) == kInputTag) {
        // The gradient of a tensor loaded from a source (an optimizer's
        // p.grad): loaded from its own source, guarded as any tensor (or
        // None) — the engine's next backward changes it between calls.
        size_t i = size_t(tag_index(obj.reg));
        Value real = checked(vm::getattr(vm_, input_values_[i], name), "attribute .grad");
        return from_source(guards_.sources.add(Source{SourceKind::Attr, input_sources_[i], 0, Value::borrow(name), Value()}), real);
      }
      BreakReason why = BreakReason::Autograd;
      switch (classify_tensor_attr(nm, &why)) {
        case TensorAttrClass::Metadata:
          if (nm == "shape" && dynamic_dims_of(obj)) return shape_sym(obj);
          if (!(nm == "dtype" || nm == "device" || nm == "ndim" || nm == "is_cuda" || nm == "requires_grad" ||
                nm == "is_leaf" || nm == "layout"))
            size_read();
          return Sym::constant(checked(vm::getattr(vm_, obj.ex, name), std::string(nm)));
        case TensorAttrClass::Node: break;
        case TensorAttrClass::Break: stop(why, fmt::format("tensor attribute .{}", nm));
      }
    }
    Value r = checked(vm::getattr(vm_, obj.ex, name), fmt::format("attribute {}", nm));
    Node n;
    n.op = GraphOp::GetAttr;
    n.name = Value::borrow(name);
    n.label = std::string(nm);
    n.in = {reg_of(obj)};
    int id = add_node(std::move(n), r);
    return node_result(id, r, fmt::format("attribute .{}", nm));
  }
  stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of this value", nm));
}

Sym Tracer::object_from_source(int src, const Value& real) {
  guard(GuardKind::TypeMatch, src, Value::borrow(real.as_object()->type));
  note_mutable_source(src, real.as_object());
  if (real.as_object()->kind == ObjKind::Instance || is_user_class(real.as_object()->type))
    class_guards(real.as_object()->type);  // a dict subclass's too: its dunders are read
  Sym s;
  s.kind = SymKind::Obj;
  s.ex = real;
  s.reg = src;
  return s;
}

}  // namespace kiln::tracer
