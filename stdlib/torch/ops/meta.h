// stdlib/torch/ops/meta.h — an op's output, known from its arguments'
// metadata without running it (PyTorch's meta functions).
//
// A meta tensor is a tensor's metadata (dtype, sizes, strides, offset)
// with no storage, on Device::Meta (tensor.h: meta_tensor, meta_like,
// is_meta; views of it are meta tensors too). Every op of
// the registry has a meta function (OpDef::meta, `meta_<impl>` declared
// beside `impl_<impl>` by ops.def, so an op without one does not link): it
// takes the arguments the impl takes, bound the same way, with meta
// tensors for tensors, and returns what the impl would return with meta
// tensors for its tensors — a tuple of them for sort or chunk, the input
// object itself for an in-place op — or raises the exception the impl
// would raise.
//
// So that the two cannot drift, almost every meta function *is* its impl
// (KILN_META_IS_IMPL): meta tensors go through the same argument parsing
// and autograd layer, and each kernel entry answers for them — it runs its
// own checks and returns the result's layout instead of computing
// (elementwise.h's unary/binary/add/where, reduce.h's entries, shape_ops.h,
// linalg's product, cast, copy_into; views.h's ops only touch metadata
// anyway). Composite ops (lerp, addcmul, clamp, linear, outer) then need
// nothing of their own. A kernel reached with a meta tensor that does not
// answer for it raises an internal error (Tensor::data_bytes), never reads
// through the null storage. masked_fill's meta is its own: its impl reads a
// value tensor's number.
//
// The generated test tests/unit/test_op_registry.cpp (MetaOfOp) runs every
// op on random arguments drawn from its schema both ways and compares
// dtype and sizes (strides and offset for views, the input for in-place
// ops), and exception type and message.
//
// A meta function whose result's sizes are the data of a meta tensor
// (arange of a 0-dim tensor) returns Empty with no exception pending:
// unknown, as an argument without a meta value is (Graph::call_meta).
//
// Limits: the strides of a new (non-view) result follow the kernels' own
// rule only where they use empty_like_layout; others are row-major. Errors
// that depend on values (an index out of range, an integer division by
// zero) are not raised: a meta tensor has no values. A call of Python
// numbers only (torch.mul(2, 3.5)) has a real 0-dim result.
#pragma once

#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/tensor.h"

namespace kiln::torch::ops {

// meta_tensor, meta_like, is_meta: tensor.h.
using torch::is_meta;
using torch::meta_like;
using torch::meta_tensor;
// A Python tensor object holding a meta tensor (never seen by scripts).
Value meta_object(VM& vm, Tensor t);

// The meta of `op` called with the Python arguments `a` (a method call: the
// receiver first); tensors among them may be meta objects. True: *result
// is the impl's result with meta tensors; false: the exception the impl
// would raise is pending, or none is when the result depends on a meta
// tensor's data (unknown).
bool infer_meta(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, Value* result);

// Defines meta_<f> as impl_<f>: for ops whose kernels answer for meta
// tensors (each kernel entry checks as it does for data and returns the
// result's layout; views.h's ops read only metadata anyway).
#define KILN_META_IS_IMPL(f)                                                                  \
  ::kiln::vm::Value kiln::torch::ops::meta_##f(::kiln::vm::VM& vm, const ::kiln::torch::ops::Bound& args, \
                                               const ::kiln::torch::ops::OpDef& def) {                    \
    return impl_##f(vm, args, def);                                                           \
  }

}  // namespace kiln::torch::ops
