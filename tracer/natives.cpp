// tracer/natives.cpp — classifying natives for the tracer (tracer/natives.h).
#include "tracer/natives.h"

#include <set>
#include <string_view>

#include "stdlib/torch/state.h"
#include "vm/dict.h"
#include "vm/ops.h"

namespace kiln::tracer {

namespace {
using Names = std::set<std::string_view>;

// Tensor → Python value conversions: the value depends on the data.
const Names kDataToPython = {"item", "tolist", "__bool__", "__int__", "__float__", "__index__", "__repr__",
                             "__str__", "__format__", "numpy", "equal", "allclose", "is_nonzero", "__iter__",
                             "__contains__", "__hash__", "__array__"};
// Results whose shape depends on the data.
const Names kDataShape = {"nonzero", "masked_select", "unique", "unique_consecutive", "argwhere",
                          "repeat_interleave", "bincount", "nonzero_static"};
// Autograd state outside the graph.
const Names kAutograd = {"backward", "register_hook", "retain_grad", "_version", "detach_", "requires_grad_"};
// Global state of the torch module, printing options, generator seeds.
const Names kGlobalState = {"manual_seed", "seed", "initial_seed", "set_printoptions", "set_grad_enabled",
                            "set_default_dtype", "get_rng_state", "set_rng_state", "save", "load",
                            "set_num_threads", "get_num_threads", "compile", "_kiln_sgd_update_",
                            "_kiln_adam_update_"};
// Answers from metadata the guards pin.
const Names kMetadata = {"size", "dim", "ndimension", "numel", "nelement", "stride", "is_contiguous",
                         "is_floating_point", "is_complex", "element_size", "is_tensor", "is_grad_enabled",
                         "get_default_dtype", "storage_offset", "__len__", "is_signed", "result_type",
                         "can_cast", "promote_types", "is_inference_mode_enabled", "type", "get_device"};
// Pure builtins and methods of immutable builtin types (folded on constants).
const Names kPureBuiltins = {"len", "abs", "min", "max", "int", "float", "bool", "isinstance", "issubclass",
                             "range", "round", "sum", "any", "all", "divmod", "pow", "str", "repr", "tuple",
                             "type", "hasattr", "callable", "ord", "chr", "hash", "format", "sorted", "reversed",
                             "list", "enumerate", "zip", "slice", "iter"};
// Builtins with effects outside: output, input, files, the clock.
const Names kEffectBuiltins = {"print", "input", "open", "exec", "eval", "compile", "exit", "quit",
                               "breakpoint", "globals", "locals", "vars", "setattr", "delattr", "id",
                               "next", "getattr", "__import__", "help", "dir", "object", "super",
                               "map", "filter", "dict", "set", "frozenset", "bytearray", "memoryview"};

void add_dict(VM& vm, std::unordered_map<const vm::NativeObject*, NativeInfo>& table, const Value& dict,
              const std::string& prefix, bool torch) {
  if (!vm::is_kind(dict, vm::ObjKind::Dict)) return;
  auto* d = dict.as<vm::DictObject>();
  for (auto& e : d->entries) {
    if (e.key.is_empty() || !vm::is_kind(e.value, vm::ObjKind::Native) || !vm::is_str(e.key)) continue;
    std::string_view name = vm::str_view(e.key);
    auto* nat = e.value.as<vm::NativeObject>();
    if (table.count(nat)) continue;
    NativeInfo info;
    info.label = prefix + std::string(name);
    if (torch) {
      if (kDataToPython.count(name)) {
        info.reason = BreakReason::DataDependentScalar;
      } else if (kDataShape.count(name)) {
        info.reason = BreakReason::DataDependentShape;
      } else if (kAutograd.count(name)) {
        info.reason = BreakReason::Autograd;
      } else if (kGlobalState.count(name)) {
        info.reason = BreakReason::NonTraceableBuiltin;
      } else if (kMetadata.count(name)) {
        info.cls = NativeClass::Metadata;
      } else {
        info.cls = NativeClass::Graph;
      }
    } else if (kPureBuiltins.count(name) || prefix == "math.") {
      info.cls = NativeClass::Pure;
    } else if (kEffectBuiltins.count(name)) {
      info.reason = BreakReason::NonTraceableBuiltin;
    } else {
      info.reason = BreakReason::UnknownNative;
    }
    table.emplace(nat, std::move(info));
  }
}
}  // namespace

TensorAttrClass classify_tensor_attr(std::string_view name, BreakReason* why) {
  static const Names kMeta = {"shape", "dtype", "device", "ndim", "requires_grad", "is_cuda", "layout",
                              "itemsize", "nbytes", "is_sparse", "is_quantized", "is_meta"};
  static const Names kNode = {"T", "mT", "H", "mH", "data", "real", "imag"};
  if (kMeta.count(name)) return TensorAttrClass::Metadata;
  if (kNode.count(name)) return TensorAttrClass::Node;
  *why = BreakReason::Autograd;  // grad, grad_fn, is_leaf, _version, ...
  return TensorAttrClass::Break;
}

void NativeTable::fill(VM& vm) {
  filled_ = true;
  if (vm.torch_state) {
    filled_with_torch_ = true;
    auto& st = torch::torch_state(vm);
    add_dict(vm, table_, st.module.as<vm::ModuleObject>()->dict, "torch.", true);
    add_dict(vm, table_, st.tensor_type->dict, "Tensor.", true);
    if (st.parameter_type) add_dict(vm, table_, st.parameter_type->dict, "Tensor.", true);
  }
  Value math = vm::dict_get_str(vm.modules.as<vm::DictObject>(), vm.intern("math").as<vm::StrObject>());
  if (math) add_dict(vm, table_, math.as<vm::ModuleObject>()->dict, "math.", false);
  // Modules whose functions reach outside (the clock, Python's generator, the process).
  for (const char* name : {"time", "random", "sys", "io"}) {
    Value m = vm::dict_get_str(vm.modules.as<vm::DictObject>(), vm.intern(name).as<vm::StrObject>());
    if (!m || !vm::is_kind(m, vm::ObjKind::Module)) continue;
    for (auto& e : m.as<vm::ModuleObject>()->dict.as<vm::DictObject>()->entries) {
      if (e.key.is_empty() || !vm::is_kind(e.value, vm::ObjKind::Native)) continue;
      NativeInfo info;
      info.reason = BreakReason::NonTraceableBuiltin;
      info.label = std::string(name) + "." + std::string(vm::str_view(e.key));
      table_.emplace(e.value.as<vm::NativeObject>(), std::move(info));
    }
  }
  add_dict(vm, table_, vm.builtins_dict, "", false);
  // Methods of immutable builtin types: pure.
  for (vm::TypeObject* t : {vm.types.str, vm.types.int_, vm.types.float_, vm.types.tuple, vm.types.bool_})
    add_dict(vm, table_, t->dict, std::string(vm::str_view(t->name)) + ".", false);
  for (vm::TypeObject* t : {vm.types.str, vm.types.int_, vm.types.float_, vm.types.tuple, vm.types.bool_}) {
    auto* d = t->dict.as<vm::DictObject>();
    for (auto& e : d->entries)
      if (vm::is_kind(e.value, vm::ObjKind::Native)) table_[e.value.as<vm::NativeObject>()].cls = NativeClass::Pure;
  }
}

const NativeInfo& NativeTable::classify(VM& vm, const vm::NativeObject* fn) {
  size_t nmodules = vm.modules.as<vm::DictObject>()->used;
  if (!filled_ || (!filled_with_torch_ && vm.torch_state) || nmodules != modules_seen_) {
    modules_seen_ = nmodules;
    fill(vm);
  }
  auto it = table_.find(fn);
  if (it != table_.end()) return it->second;
  unknown_ = NativeInfo{};
  unknown_.label = fn->name ? fn->name : "<native>";
  return unknown_;
}

}  // namespace kiln::tracer
