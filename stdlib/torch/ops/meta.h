// stdlib/torch/ops/meta.h — an op's output, known from its arguments'
// metadata without running it (PyTorch's meta functions).
//
// `infer_meta` answers for an op of the registry called with arguments
// bound by its schema: each argument is a tensor's metadata (dtype and
// sizes; no data) or a Python value. It applies the rules the eager kernel
// applies — dtype promotion, the op's dtype restrictions, broadcasting —
// by the same functions (elementwise.h's *_result_dtype), so the two cannot
// drift, and raises the same torch::Error where eager would refuse.
//
// Ops with a meta function so far: the plain unary and binary pointwise ops
// (ops::elementwise_of). Others answer false ("no meta function yet");
// tests/unit/test_op_registry.cpp checks every op that has one against
// its eager result on sample inputs.
#pragma once

#include <optional>
#include <span>

#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/tensor.h"

namespace kiln::torch::ops {

struct TensorMeta {
  DType dtype = DType::Float32;
  Shape sizes;
  bool operator==(const TensorMeta&) const = default;
};

// An argument: a tensor's metadata, or a Python value (Empty: not given).
struct MetaArg {
  std::optional<TensorMeta> tensor;
  Value value;
};

// The metadata of op's result, or false when op has no meta function yet.
// Throws torch::Error where the eager op would raise on such arguments.
bool infer_meta(const OpDef& op, std::span<const MetaArg> args, TensorMeta* out);

}  // namespace kiln::torch::ops
