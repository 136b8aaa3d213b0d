// stdlib/modules.cpp — registers the native standard modules with a VM
// (see stdlib/modules.h).

#include "stdlib/modules.h"

#include "stdlib/embedded.h"

namespace kiln::vm {

void register_stdlib_modules(VM& vm) {
  vm.register_native_module("math", init_math_module);
  vm.register_native_module("random", init_random_module);
  vm.register_native_module("time", init_time_module);
  vm.register_native_module("sys", init_sys_module);
  vm.register_native_module("io", init_io_module);
  vm.register_native_module("torch", init_torch_module);
  // The pure-Python modules (stdlib/lib), compiled on first import.
  register_embedded_sources(vm, std_lib_sources());
}

}  // namespace kiln::vm
