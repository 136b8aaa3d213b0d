// tracer/guards.h — the checks that decide whether a compiled entry may run.
//
// The tracer records every assumption it makes as a guard on a source: a
// tensor argument's dtype, sizes and strides; an int it specialised on; the
// identity of a function it inlined; the length of a tuple it unpacked. A
// GuardProgram is those guards flattened into one array (kinds from
// tracer/guard_kinds.def) over a SourceTable: checking loads each source
// once, in order, and runs the checks in a tight loop — no walk over
// symbolic values, no allocation on the path that passes. The loaded
// sources are handed to the graph executor as its inputs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stdlib/torch/tensor.h"
#include "tracer/source.h"

namespace kiln::tracer {

enum class GuardKind : uint8_t {
#define GUARD_KIND(name, printed) name,
#include "tracer/guard_kinds.def"
#undef GUARD_KIND
};
const char* guard_kind_name(GuardKind k);

struct Guard {
  GuardKind kind;
  int source = -1;        // index in the SourceTable (-1: global state)
  Value expected;         // IdMatch object, ConstMatch value, TypeMatch / TensorMatch class
  int64_t n = 0;          // LenMatch length; GradMode flag; NoAliasing: how many of `group` are written
  // TensorMatch
  torch::DType dtype{};
  bool requires_grad = false;
  torch::Shape sizes, strides;
  // Automatic dynamic shapes: dims (bit d: size(d)) whose size is not
  // checked; the tensor must then be contiguous (its strides follow from
  // its sizes) instead of having `strides`.
  uint64_t dynamic = 0;
  // SizeCompare: the comparison (a vm::CmpOpKind: <, <=, ==, !=, >, >=) of
  // the size or int with `expected`, and its outcome while tracing.
  uint8_t cmp = 0;
  bool want = false;
  // ModuleAttrs: the names read and the objects they held; `seen` is the
  // module dict's DictObject::mutations when every name last matched (the
  // fast path: one compare while nothing in the module changes).
  std::vector<std::pair<Value, Value>> attrs;
  mutable uint64_t seen = 0;
  // NoAliasing: the tensors' sources, the n written ones first; `source`
  // is the last loaded of them.
  std::vector<int> group;
};

struct GuardProgram {
  SourceTable sources;
  std::vector<Guard> guards;

  // Loads every source and runs every guard, each as soon as the sources it
  // reads are loaded. On success returns -1 and leaves the loaded sources in
  // `loaded` (sized to the table). Otherwise returns the index of a failing
  // guard (the first in that order), or -2 - i when source i could not be
  // loaded.
  int check(VM& vm, const vm::FunctionObject* fn, const Value* slots, std::vector<Value>* loaded) const;
  // One line per guard: "TENSOR_MATCH x: float32[8, 16] stride (16, 1)".
  std::string describe(VM& vm) const;
  // For these arguments, each TENSOR_MATCH that fails only on sizes (same
  // class, dtype, rank, requires_grad): its source, described, and the dims
  // whose size differs.
  std::vector<std::pair<std::string, uint64_t>> changed_dims(VM& vm, const vm::FunctionObject* fn,
                                                             const Value* slots) const;
  // Why guard `failed` (a check() result) failed for these arguments, in
  // words: "x.size(0) changed from 8 to 16".
  std::string failure_reason(VM& vm, int failed, const vm::FunctionObject* fn, const Value* slots) const;
  // Adds a guard unless an identical one is there.
  void add(Guard g);

 private:
  // The order check() runs the guards in (by the sources each needs), made
  // on first use after the guards change.
  void plan() const;
  mutable std::vector<uint32_t> order_;
  mutable std::vector<int> need_;
  mutable size_t planned_ = size_t(-1);
};

}  // namespace kiln::tracer
