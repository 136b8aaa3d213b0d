// tracer/natives.h — what the tracer may do with a native function.
//
// The tracer never runs Python code it has not read, and never lets a
// native with effects outside the graph run while tracing. Each native it
// meets is classified here:
//   * Graph: a function or Tensor method of the torch module that computes
//     tensors from its arguments (random ones included: tracing restores the
//     generator). It becomes a graph node.
//   * Metadata: answers from tensor metadata the guards pin (size, dim,
//     dtype...): evaluated while tracing, the result a constant.
//   * Pure: a builtin or math function, or a method of str/int/float/tuple,
//     that is deterministic and has no effects: folded when its arguments
//     are constants.
//   * Break: anything else, with the reason (print, .item(), nonzero,
//     backward, manual_seed, an unknown native...).
#pragma once

#include <string>
#include <unordered_map>

#include "tracer/break_reason.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace kiln::tracer {

using vm::Value;
using vm::VM;

enum class NativeClass : uint8_t { Graph, Metadata, Pure, Break };

struct NativeInfo {
  NativeClass cls = NativeClass::Break;
  BreakReason reason = BreakReason::UnknownNative;
  std::string label;  // "torch.add", "Tensor.relu", "len"
};

// Tensor attributes read with LOAD_ATTR (getters).
enum class TensorAttrClass : uint8_t { Metadata, Node, Break };
TensorAttrClass classify_tensor_attr(std::string_view name, BreakReason* why);

class NativeTable {
 public:
  // Classifies `fn`; the table is filled from the torch module, the
  // builtins, math, time, random and sys on first use (and again when
  // sys.modules has grown).
  const NativeInfo& classify(VM& vm, const vm::NativeObject* fn);

 private:
  void fill(VM& vm);
  bool filled_with_torch_ = false;
  bool filled_ = false;
  size_t modules_seen_ = 0;  // sys.modules' size at the last fill (new modules: fill again)
  std::unordered_map<const vm::NativeObject*, NativeInfo> table_;
  NativeInfo unknown_;
};

}  // namespace kiln::tracer
