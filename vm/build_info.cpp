// vm/build_info.cpp — kiln::Runtime::version() and build_info(): what this
// build links and what the machine offers, as `vmrun --version` prints it.
//
// Everything is computed when called, from the libraries themselves (CPU
// features through asmjit, the host CPU through LLVM, oneTBB's and mimalloc's
// run-time versions, the CUDA driver and NVRTC through dlopen), so a bundle
// copied to another machine describes that machine. Nothing here runs at
// start-up.
#include <cstdio>
#include <string>
#include <thread>

#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/version.h>

#ifndef KILN_SYSTEM_MALLOC
#include <mimalloc.h>
#endif

#include "gpu/cuda_loader.h"
#include "jit/host_info.h"
#include "kiln/kiln.h"

#ifndef KILN_VERSION
#define KILN_VERSION "0.1.0"
#endif
#ifndef KILN_BUILD_TYPE
#define KILN_BUILD_TYPE "unknown"
#endif

namespace kiln {

namespace {

std::string compiler_name() {
#if defined(__clang__)
  return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("GCC ") + __VERSION__;
#else
  return "unknown compiler";
#endif
}

const char* yes_no(bool b) { return b ? "yes" : "no"; }

std::string cuda_version_text(int v) {  // 13000 -> "13.0"
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string cuda_lines() {
  gpu::CudaProbe p = gpu::probe_cuda();
  std::string s = "CUDA:     ";
#if KILN_HAVE_CUDA_HEADERS
  s += "headers " + cuda_version_text(CUDA_VERSION) + " at build time; ";
#else
  s += "no headers at build time; ";
#endif
  if (!p.driver_loaded) {
    s += "driver not available (" + p.driver_error + ")";
  } else {
    s += "driver " + cuda_version_text(p.driver_version) + " (" + p.driver_library + "), ";
    s += std::to_string(p.device_count) + (p.device_count == 1 ? " device" : " devices");
    if (p.device_count > 0) {
      s += "; device 0: " + p.device0_name + " (sm_" + std::to_string(p.device0_cc_major) +
           std::to_string(p.device0_cc_minor) + ", " + std::to_string(p.device0_sms) + " SMs)";
    }
    if (!p.driver_error.empty()) s += "; " + p.driver_error;
  }
  s += "\nNVRTC:    ";
  if (p.nvrtc_loaded) {
    s += std::to_string(p.nvrtc_major) + "." + std::to_string(p.nvrtc_minor) + " (" + p.nvrtc_library + ")";
    if (!p.nvrtc_error.empty()) s += "; " + p.nvrtc_error;
  } else {
    s += "not available (" + p.nvrtc_error + ")";
  }
  return s;
}

}  // namespace

std::string Runtime::version() { return "Kiln " KILN_VERSION " (Python 3.11 subset)"; }

std::string Runtime::build_info() {
  std::string s;
  s += "build:    " KILN_BUILD_TYPE ", " + compiler_name() + ", C++" + std::to_string(__cplusplus / 100 % 100);
#ifdef KILN_SYSTEM_MALLOC
  s += ", sanitizers";
#endif
#if defined(KILN_PGO_INSTRUMENTED)
  s += ", instrumented for profile-guided optimisation";
#elif defined(KILN_PGO_STAMP)
  s += ", profile-guided (profile " KILN_PGO_STAMP ")";
#endif
  s += "\n";

  jit::AsmjitHostInfo a = jit::asmjit_host_info();
  s += "asmjit:   " + a.version + "; host " + a.arch + " CPU: " + a.vendor;
  if (!a.brand.empty()) s += " \"" + a.brand + "\"";
  s += ", " + std::to_string(a.hw_threads) + " hardware threads; ";
  s += std::string("AVX2 ") + yes_no(a.avx2) + ", FMA " + yes_no(a.fma) + ", AVX-512 " + yes_no(a.avx512f) + "\n";

  jit::LlvmHostInfo l = jit::llvm_host_info();
  s += "LLVM:     " + l.version + " (static ORC JIT libraries); host CPU " + l.cpu_name + ", triple " + l.triple +
       "\n";

  // The run-time library's version, which may differ from the headers'.
  s += std::string("oneTBB:   ") + TBB_runtime_version() + " (interface " +
       std::to_string(TBB_runtime_interface_version()) + "); default concurrency " +
       std::to_string(oneapi::tbb::this_task_arena::max_concurrency()) + " threads\n";

#ifdef KILN_SYSTEM_MALLOC
  s += "mimalloc: not used in this build (KILN_SYSTEM_MALLOC: objects come from malloc for the sanitizers)\n";
#else
  int mv = mi_version();  // e.g. 209 for 2.0.9
  s += "mimalloc: " + std::to_string(mv / 100) + "." + std::to_string(mv / 10 % 10) + "." + std::to_string(mv % 10) +
       " (VM object allocator)\n";
#endif

  s += cuda_lines();
  s += "\n";
  return s;
}

}  // namespace kiln
