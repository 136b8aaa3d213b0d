// tracer/build_from_source.cpp — a real value read from a source (an
// argument, a global, an attribute, an item) becomes a Sym, and the guards
// that make reusing the graph sound are installed (TorchDynamo's
// VariableBuilder).
#include "tracer/translator.h"

namespace kiln::tracer {

Sym Tracer::from_source(int src, const Value& real) {
  if (torch::is_tensor(real)) return tensor_from_source(src, real);
  if (Sym n; dynamic_number_from_source(src, real, &n)) return n;
  if (real.is_none() || real.is_bool() || real.is_double() || vm::is_int(real) || vm::is_str(real) ||
      vm::is_kind(real, ObjKind::Range) || vm::is_kind(real, ObjKind::Slice)) {
    guard(GuardKind::ConstMatch, src, real);
    return Sym::constant(real);
  }
  if (vm::is_kind(real, ObjKind::Iterator)) return iterator_from_source(src, real);
  if (vm::is_kind(real, ObjKind::Set)) return set_from_source(src, real);
  if (vm::is_kind(real, ObjKind::Tuple) || vm::is_kind(real, ObjKind::List)) return seq_from_source(src, real);
  if (vm::is_kind(real, ObjKind::BoundMethod)) return method_from_source(src, real);
  if (!real.is_object()) stop(BreakReason::UnsupportedValue, fmt::format("a '{}' value from {}", vm::type_name(vm_, real),
                                                                        guards_.sources.describe(src)));
  ObjKind k = real.as_object()->kind;
  bool torch_singleton = vm_.torch_state && (vm::type_of(vm_, real) == torch::torch_state(vm_).dtype_type ||
                                             vm::type_of(vm_, real) == torch::torch_state(vm_).device_type);
  if (k == ObjKind::Function || k == ObjKind::Native || k == ObjKind::Type || k == ObjKind::Module || torch_singleton) {
    // A function, class, module, dtype or device: its identity guarded;
    // what the trace reads of it is guarded where it is read.
    guard(GuardKind::IdMatch, src, real);
    Sym s = Sym::constant(real);
    s.reg = src;  // remembered for attribute sources of modules and classes
    return s;
  }
  if ((k == ObjKind::Instance && !vm::type_is_builtin(real.as_object()->type)) || k == ObjKind::Dict)
    return object_from_source(src, real);
  stop(BreakReason::UnsupportedValue, fmt::format("a '{}' value from {}", vm::type_name(vm_, real),
                                                  guards_.sources.describe(src)));
}

bool Tracer::pinned_by_identity(const Value& v) const {
  if (is_immutable_const(v)) return true;
  if (!v.is_object()) return false;
  switch (v.as_object()->kind) {
    case ObjKind::Function:
    case ObjKind::Native:
    case ObjKind::Type:
    case ObjKind::Module: return true;
    default:
      return vm_.torch_state && (vm::type_of(vm_, v) == torch::torch_state(vm_).dtype_type ||
                                 vm::type_of(vm_, v) == torch::torch_state(vm_).device_type);
  }
}

}  // namespace kiln::tracer
