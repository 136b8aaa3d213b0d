// stdlib/torch/ops/meta.h — an op's output, known from its arguments'
// metadata without running it (PyTorch's meta functions).
//
// A meta tensor is a tensor's metadata (dtype, sizes, strides, offset)
// with no storage. Every op of the registry has a meta function (OpDef::meta,
// `meta_<impl>` beside `impl_<impl>` in the op's area): it takes the
// arguments the impl takes, bound the same way, with meta tensors for
// tensors, and returns what the impl would return with meta tensors for
// its tensors — a tuple of them for sort or chunk, the input object itself
// for an in-place op — or raises the exception the impl would raise.
//
// So that the two cannot drift, a meta function shares its impl's argument
// parsing (the same helpers, in the same file) and its kernel's checks and
// shape rules (the kernel's prologue, exported as `<kernel>_meta` or called
// by both: elementwise.h's *_result_dtype, reduce.h's reduce_meta, views.h
// itself for view ops, which read and write only metadata). The generated
// test tests/unit/test_op_registry.cpp (MetaOfOp) runs every op on random
// arguments drawn from its schema both ways and compares dtype and sizes
// (and strides and offset for views), and exception type and message.
//
// The strides of a meta result that is a new tensor are row-major: eager
// kernels may give a pointwise result the layout of a permuted input.
// An op whose meta function is not written yet says so (no_meta_yet), and
// infer_meta answers Unknown; the test lists them.
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

enum class MetaStatus { Ok, Raises, Unknown };

// The meta of `op` called with the Python arguments `a` (a method call: the
// receiver first); tensors among them may be meta objects. Ok: *result is
// the impl's result with meta tensors; Raises: the exception the impl
// would raise is pending; Unknown: op has no meta function yet.
MetaStatus infer_meta(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, Value* result);

// For a meta function not written yet.
inline Value no_meta_yet() { return Value(); }

// Defines meta_<f> as impl_<f>: for ops whose kernels answer for meta
// tensors (each kernel entry checks as it does for data and returns the
// result's layout; views.h's ops read only metadata anyway).
#define KILN_META_IS_IMPL(f)                                                                  \
  ::kiln::vm::Value kiln::torch::ops::meta_##f(::kiln::vm::VM& vm, const ::kiln::torch::ops::Bound& args, \
                                               const ::kiln::torch::ops::OpDef& def) {                    \
    return impl_##f(vm, args, def);                                                           \
  }

}  // namespace kiln::torch::ops
