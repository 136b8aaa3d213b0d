// stdlib/torch/tensor_object.h — torch.Tensor as a VM object.
//
// A TensorObject is a VM heap object (kind Tensor, vm/object_kinds.def)
// holding one torch::Tensor by value. The VM sees it through the slot table
// `tensor_slots` (operators, indexing, repr, len, iteration, truth) and the
// methods registered on the torch.Tensor class (stdlib/torch/methods.cpp).
// Operators go straight from the interpreter's generic path to the kernels:
// `x * 2` is one slot call, one result allocation and one loop.
#pragma once

#include "stdlib/torch/tensor.h"
#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

struct TensorObject : Object {
  torch::Tensor t;
};

}  // namespace kiln::vm

namespace kiln::torch {

using vm::Value;
using vm::VM;

inline bool is_tensor(const Value& v) { return v.is_object() && v.as_object()->kind == vm::ObjKind::Tensor; }
// Precondition: is_tensor(v).
inline Tensor& tensor_of(const Value& v) { return static_cast<vm::TensorObject*>(v.as_object())->t; }
// A new torch.Tensor object owning `t`.
Value wrap(VM& vm, Tensor t);

}  // namespace kiln::torch
