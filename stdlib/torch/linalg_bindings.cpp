// stdlib/torch/linalg_bindings.cpp — torch.matmul, mm, bmm, mv, dot, outer,
// ger, their Tensor methods and nn.functional.linear's kernel: the impls of
// the registry's products (ops/ops.def) over linalg.h.
//
// These take tensors only; the registry's binder raises PyTorch's own
// argument errors (python_arg_parser): "mm(): argument 'mat2' (position 2)
// must be Tensor, not int", "mm() missing 1 required positional arguments:
// \"mat2\"" (sic). The products go through the autograd layer (ag::matmul,
// ...), which records their gradients when an operand requires grad.

#include <string>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/linalg.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"

namespace kiln::torch {

// The products of the registry (ops/ops.def; arg: the product). Their
// arguments are bound and checked (tensors) by the registry's binder.
Value ops::impl_linalg(VM& vm, const ops::Bound& args, const ops::OpDef& def) {
  const Var &x = var_of(args[0]), &y = var_of(args[1]);
  return guarded(vm, [&] {
    switch (def.arg) {
      case 0: return wrap(vm, ag::matmul(x, y));
      case 1: return wrap(vm, ag::mm(x, y));
      case 2: return wrap(vm, ag::bmm(x, y));
      case 3: return wrap(vm, ag::mv(x, y));
      case 4: return wrap(vm, ag::dot(x, y));
      default: return wrap(vm, ag::outer(x, y));  // outer, ger
    }
  });
}

// nn.functional.linear's kernel (torch._kiln_linear: torch.nn.functional is
// Python; PyTorch's is torch._C._nn.linear).
Value ops::impl_linear(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  const Var &x = var_of(args[0]), &w = var_of(args[1]);
  Var* b = nullptr;
  if (args[2] && !args[2].is_none() && !(b = expect_var(vm, args[2], "linear", "bias"))) return Value();
  return guarded(vm, [&] { return wrap(vm, ag::linear(x, w, b)); });
}

// The products' kernels answer for meta tensors (linalg.cpp's product():
// the checks and shapes are the kernels', only the multiplication is
// skipped), so each meta function is its impl run on meta tensors.
KILN_META_IS_IMPL(linalg)
KILN_META_IS_IMPL(linear)

void register_linalg(Registrar&) {}  // every product is an op of the registry

}  // namespace kiln::torch
