// stdlib/torch/state.h — what `import torch` creates once per VM.
//
// The classes of the module (torch.Tensor, torch.dtype, torch.Size,
// torch.device, the named tuples of max/min), one dtype object per dtype,
// the cpu device object and the random generator. VM::torch_state points at
// it for the kernels' bindings; VM::extension_state["torch"] owns it, so it
// dies with the VM. The Values here are roots the VM keeps alive.
#pragma once

#include "stdlib/torch/dtype.h"
#include "stdlib/torch/generator.h"
#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::torch {

struct TorchState {
  vm::TypeObject* tensor_type = nullptr;
  vm::TypeObject* dtype_type = nullptr;
  vm::TypeObject* size_type = nullptr;
  vm::TypeObject* device_type = nullptr;
  vm::TypeObject* minmax_type = nullptr;
  vm::TypeObject* parameter_type = nullptr;  // torch._Parameter (nn.Parameter): a subclass of Tensor
  vm::TypeObject* node_type = nullptr;       // base of the grad_fn classes (autograd_bindings.cpp)
  vm::TypeObject* handle_type = nullptr;     // torch.RemovableHandle (register_hook's result)   // torch.return_types.max / min / ...: (values, indices)
  vm::Value dtypes[kNumDTypes];            // torch.float32 ...
  vm::Value cpu;                           // torch.device('cpu')
  vm::Value module;                        // the torch module
  Generator generator;
  ~TorchState();
};

// Precondition: torch has been imported in this VM.
inline TorchState& torch_state(vm::VM& vm) { return *static_cast<TorchState*>(vm.torch_state); }

}  // namespace kiln::torch
