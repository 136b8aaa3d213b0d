// jit/host_info.h — what the JIT backends can see of the host machine.
//
// The tier-1 backend (asmjit) and the tier-2 backend (LLVM ORC) each detect
// the host CPU their own way; the tier manager will use these probes to pick
// instruction sets (AVX2 / AVX-512 code paths, LLVM's -mcpu), and
// `vmrun --version` prints them through kiln::Runtime::build_info(). Each
// probe runs when called (nothing at start-up: vmrun must start in a few
// milliseconds) and is cheap enough to call once per runtime.
#pragma once

#include <string>

namespace kiln::jit {

// The host CPU as asmjit's CpuInfo detects it (CPUID on x86-64).
struct AsmjitHostInfo {
  std::string version;        // version of the linked asmjit, e.g. "1.9.0"
  std::string arch;           // "x86_64", "aarch64", ...
  std::string vendor;         // e.g. "GenuineIntel"
  std::string brand;          // e.g. "Intel(R) Xeon(R) ..."
  unsigned hw_threads = 0;
  bool sse4_2 = false, avx = false, avx2 = false, fma = false;
  bool avx512f = false, avx512bw = false, avx512vl = false;
};
AsmjitHostInfo asmjit_host_info();

// The host as LLVM sees it: the -mcpu name ORC would compile for.
struct LlvmHostInfo {
  std::string version;        // version of the linked LLVM, e.g. "14.0.6"
  std::string cpu_name;       // llvm::sys::getHostCPUName(), e.g. "skylake-avx512"
  std::string triple;         // llvm::sys::getProcessTriple()
};
LlvmHostInfo llvm_host_info();

}  // namespace kiln::jit
