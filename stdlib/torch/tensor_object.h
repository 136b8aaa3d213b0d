// stdlib/torch/tensor_object.h — torch.Tensor as a VM object.
//
// A TensorObject is a VM heap object (kind Tensor, vm/object_kinds.def)
// holding one torch::Tensor by value. The VM sees it through the slot table
// `tensor_slots` (operators, indexing, repr, len, iteration, truth) and the
// methods registered on the torch.Tensor class (stdlib/torch/methods.cpp).
// Operators go straight from the interpreter's generic path to the kernels:
// `x * 2` is one slot call, one result allocation and one loop.
//
// A TensorObject *is* an autograd Var (stdlib/torch/autograd/variable.h):
// the Tensor `t` plus the optional AutogradMeta that gives it identity for
// autograd (requires_grad, grad_fn, .grad). The meta points back at its
// object weakly (`pyobj`), so wrapping a Var whose meta already has an
// object returns that object: `x.grad is x.grad`, `x.float() is x` for a
// float x, saved tensors of custom Functions come back as themselves.
#pragma once

#include "stdlib/torch/autograd/variable.h"
#include "stdlib/torch/tensor.h"
#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

struct TensorObject : Object, torch::autograd::Var {};

}  // namespace kiln::vm

namespace kiln::torch {

using vm::Value;
using vm::VM;

inline bool is_tensor(const Value& v) { return v.is_object() && v.as_object()->kind == vm::ObjKind::Tensor; }
// Precondition: is_tensor(v).
inline Tensor& tensor_of(const Value& v) { return static_cast<vm::TensorObject*>(v.as_object())->t; }
// Precondition: is_tensor(v). The tensor with its autograd identity.
inline autograd::Var& var_of(const Value& v) { return *static_cast<vm::TensorObject*>(v.as_object()); }
// The kernel op (a BinaryOp) a Python operator on tensors computes, or -1
// (@ is matmul, handled apart).
int binary_of(vm::BinOpKind op);
// A new torch.Tensor object owning `t` (no autograd history).
Value wrap(VM& vm, Tensor t);
// The torch.Tensor object of v: the existing one when v's meta has one.
Value wrap(VM& vm, autograd::Var v);

}  // namespace kiln::torch
