// jit/host_info.cpp — host probes through asmjit and LLVM (see host_info.h).
#include "jit/host_info.h"

#include <asmjit/core.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/Support/Host.h>

namespace kiln::jit {

AsmjitHostInfo asmjit_host_info() {
  AsmjitHostInfo info;
  // asmjit is linked statically, so the header's version is the library's.
  constexpr unsigned v = ASMJIT_LIBRARY_VERSION;
  info.version = std::to_string(v >> 16) + "." + std::to_string((v >> 8) & 0xff) + "." + std::to_string(v & 0xff);
  const asmjit::CpuInfo& cpu = asmjit::CpuInfo::host();
  info.vendor = cpu.vendor();
  info.brand = cpu.brand();
  // CPUID brand strings are padded with spaces on some parts.
  while (!info.brand.empty() && info.brand.back() == ' ') info.brand.pop_back();
  while (!info.brand.empty() && info.brand.front() == ' ') info.brand.erase(info.brand.begin());
  info.hw_threads = cpu.hwThreadCount();
#if ASMJIT_ARCH_X86
  info.arch = ASMJIT_ARCH_X86 == 64 ? "x86_64" : "x86";
  const auto& f = cpu.features().x86();
  info.sse4_2 = f.hasSSE4_2();
  info.avx = f.hasAVX();
  info.avx2 = f.hasAVX2();
  info.fma = f.hasFMA();
  info.avx512f = f.hasAVX512_F();
  info.avx512bw = f.hasAVX512_BW();
  info.avx512vl = f.hasAVX512_VL();
#elif ASMJIT_ARCH_ARM
  info.arch = ASMJIT_ARCH_ARM == 64 ? "aarch64" : "arm";
#else
  info.arch = "unknown";
#endif
  return info;
}

LlvmHostInfo llvm_host_info() {
  LlvmHostInfo info;
  info.version = LLVM_VERSION_STRING;  // static component libraries: the header is the library
  info.cpu_name = llvm::sys::getHostCPUName().str();
  info.triple = llvm::sys::getProcessTriple();
  return info;
}

}  // namespace kiln::jit
