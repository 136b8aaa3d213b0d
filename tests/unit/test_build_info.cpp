// tests/unit/test_build_info.cpp — Runtime::version() / build_info() and the
// host probes behind them (jit/host_info.h, gpu/cuda_loader.h).
#include <gtest/gtest.h>

#include <string>

#include "gpu/cuda_loader.h"
#include "jit/host_info.h"
#include "kiln/kiln.h"

namespace {

bool has_line_starting(const std::string& text, const std::string& prefix) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    if (text.compare(pos, prefix.size(), prefix) == 0) return true;
    pos = end + 1;
  }
  return false;
}

TEST(BuildInfo, Version) {
  EXPECT_EQ(kiln::Runtime::version(), "Kiln 0.1.0 (Python 3.11 subset)");
}

TEST(BuildInfo, NamesEveryDependency) {
  std::string info = kiln::Runtime::build_info();
  for (const char* lib : {"asmjit:", "LLVM:", "oneTBB:", "mimalloc:", "CUDA:", "NVRTC:"}) {
    EXPECT_TRUE(has_line_starting(info, lib)) << "no line for " << lib << " in:\n" << info;
  }
  EXPECT_NE(info.find("AVX2 "), std::string::npos) << info;
  EXPECT_NE(info.find("AVX-512 "), std::string::npos) << info;
  EXPECT_NE(info.find("host CPU"), std::string::npos) << info;
  EXPECT_NE(info.find("default concurrency"), std::string::npos) << info;
}

TEST(HostInfo, AsmjitSeesTheCpu) {
  kiln::jit::AsmjitHostInfo a = kiln::jit::asmjit_host_info();
  EXPECT_FALSE(a.version.empty());
  EXPECT_GT(a.hw_threads, 0u);
#if defined(__x86_64__)
  EXPECT_EQ(a.arch, "x86_64");
  EXPECT_TRUE(a.sse4_2 || !a.avx2);  // AVX2 parts have SSE4.2
#ifdef __AVX2__
  EXPECT_TRUE(a.avx2);  // this test was compiled for AVX2 and runs
#endif
#endif
}

TEST(HostInfo, LlvmNamesTheHost) {
  kiln::jit::LlvmHostInfo l = kiln::jit::llvm_host_info();
  EXPECT_FALSE(l.version.empty());
  EXPECT_FALSE(l.cpu_name.empty());
  EXPECT_NE(l.triple.find("linux"), std::string::npos) << l.triple;
}

TEST(CudaLoader, ReportsWhyOrWhat) {
  kiln::gpu::CudaProbe p = kiln::gpu::probe_cuda();
  if (!p.driver_loaded) {
    EXPECT_FALSE(p.driver_error.empty());
    EXPECT_EQ(p.device_count, 0);
  } else if (p.device_count > 0) {
    EXPECT_FALSE(p.device0_name.empty());
    EXPECT_GT(p.device0_cc_major, 0);
  }
  if (p.nvrtc_loaded) {
    EXPECT_GT(p.nvrtc_major, 0);
  } else {
    EXPECT_FALSE(p.nvrtc_error.empty());
  }
  if (p.device_count == 0) std::printf("skipped: no CUDA device (%s)\n", p.driver_error.c_str());
}

TEST(CudaLoader, MissingLibraryIsAnErrorNotACrash) {
  kiln::gpu::DynamicLibrary lib;
  EXPECT_FALSE(lib.open({"libkiln-does-not-exist.so.1"}));
  EXPECT_NE(lib.error().find("libkiln-does-not-exist.so.1"), std::string::npos) << lib.error();
  EXPECT_EQ(lib.symbol("cuInit"), nullptr);
}

TEST(CudaLoader, NeverTheToolkitStub) {
  for (const std::string& n : kiln::gpu::cuda_driver_candidates()) {
    EXPECT_NE(n, "libcuda.so");
    EXPECT_EQ(n.find("stubs"), std::string::npos);
  }
  EXPECT_FALSE(kiln::gpu::nvrtc_candidates().empty());
}

}  // namespace
