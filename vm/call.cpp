// vm/call.cpp — VM::call, the one entry point for calling any Python value,
// and VM::call_method.
//
// Dispatch is on the object kind: user functions go to the interpreter
// (call_function), natives are called directly, bound methods prepend their
// `self` (borrowing it into a small on-stack array, no reference traffic),
// classes construct instances (vm/type.cpp), and anything else needs a
// __call__ on its class.

#include "vm/dict.h"
#include "vm/interpreter.h"
#include "vm/kind_slots.h"
#include "vm/ops.h"
#include "vm/shape.h"
#include "vm/type.h"
#include "vm/vm.h"

namespace kiln::vm {

namespace {
// An argument array with one extra value in front. Values are copied as raw
// bits (borrowed: the originals outlive the call) and released unowned.
class PrependedArgs {
 public:
  PrependedArgs(const Value& first, const Value* args, size_t total) : n_(total + 1) {
    data_ = n_ <= kInline ? inline_ : new Value[n_];
    data_[0] = Value::from_raw_bits(first.bits());
    for (size_t i = 0; i < total; ++i) data_[i + 1] = Value::from_raw_bits(args[i].bits());
  }
  ~PrependedArgs() {
    for (size_t i = 0; i < n_; ++i) data_[i].release_bits();
    if (data_ != inline_) delete[] data_;
  }
  PrependedArgs(const PrependedArgs&) = delete;
  PrependedArgs& operator=(const PrependedArgs&) = delete;
  const Value* data() const { return data_; }

 private:
  static constexpr size_t kInline = 8;
  Value inline_[kInline];
  Value* data_;
  size_t n_;
};

Value not_callable(VM& vm, const Value& v) {
  return vm.raisef(Exc::TypeError, "'%s' object is not callable", type_name(vm, v));
}
}  // namespace

Value VM::call(const Value& callable, const Value* args, size_t nargs, const TupleObject* kwnames) {
  if (!callable.is_object()) return not_callable(*this, callable);
  Object* o = callable.as_object();
  switch (o->kind) {
    case ObjKind::Function:
      return call_function(*this, static_cast<FunctionObject*>(o), CallArgs{args, nargs, kwnames});
    case ObjKind::Native: {
      auto* n = static_cast<NativeObject*>(o);
      return n->fn(*this, CallArgs{args, nargs, kwnames}, n->data);
    }
    case ObjKind::BoundMethod: {
      auto* m = static_cast<BoundMethodObject*>(o);
      // Hold both: the callee may drop the last other reference to the method.
      Value self = m->self;
      Value func = m->func;
      size_t total = nargs + (kwnames ? kwnames->size : 0);
      PrependedArgs pa(self, args, total);
      if (is_kind(func, ObjKind::Function)) {
        return call_function(*this, func.as<FunctionObject>(), CallArgs{pa.data(), nargs + 1, kwnames});
      }
      return call(func, pa.data(), nargs + 1, kwnames);
    }
    case ObjKind::Type:
      return type_call(*this, static_cast<TypeObject*>(o), CallArgs{args, nargs, kwnames});
    default:
      break;
  }
  if (type_is_builtin(o->type)) {
    const KindSlots& s = kind_slots(o->kind);
    if (s.call) return s.call(*this, o, CallArgs{args, nargs, kwnames});
  }
  Value m = type_lookup(o->type, names.__call__);
  if (!m) return not_callable(*this, callable);
  size_t total = nargs + (kwnames ? kwnames->size : 0);
  // Functions and methods of builtin classes bind self; builtin functions
  // such as len do not (they are not descriptors).
  if (is_kind(m, ObjKind::Function) || (is_kind(m, ObjKind::Native) && m.as<NativeObject>()->owner.is_object())) {
    PrependedArgs pa(callable, args, total);
    return call(m, pa.data(), nargs + 1, kwnames);
  }
  Value bound = bind_descriptor(*this, m, callable, o->type);
  if (!bound) return bound;
  return call(bound, args, nargs, kwnames);
}

Value VM::call_method(const Value& obj, StrObject* name, const Value* args, size_t nargs) {
  // Skip making a bound method when the attribute is a plain method on the
  // class and nothing on the instance can shadow it.
  if (!obj.is_empty()) {
    TypeObject* t = type_of(*this, obj);
    // Classes and modules resolve names differently; a custom
    // __getattribute__ (aux bit 3 of a user class) sees every lookup.
    bool may_shadow = is_kind(obj, ObjKind::Type) || is_kind(obj, ObjKind::Module) ||
                      (!type_is_builtin(t) && (t->aux & 8));
    if (!may_shadow && is_kind(obj, ObjKind::Instance)) {
      may_shadow = instance_attr(obj.as<InstanceObject>(), name) != nullptr;
    } else if (!may_shadow && is_kind(obj, ObjKind::Exception)) {
      const Value& d = obj.as<ExceptionObject>()->dict;
      if (d.is_object() && dict_get_str(d.as<DictObject>(), name)) may_shadow = true;
    }
    if (!may_shadow) {
      Value m = type_lookup(t, name);
      if (is_kind(m, ObjKind::Function) ||
          (is_kind(m, ObjKind::Native) && m.as<NativeObject>()->owner.is_object())) {
        PrependedArgs pa(obj, args, nargs);
        return call(m, pa.data(), nargs + 1);
      }
    }
  }
  Value f = getattr(*this, obj, name);
  if (!f) return f;
  return call(f, args, nargs);
}

}  // namespace kiln::vm
