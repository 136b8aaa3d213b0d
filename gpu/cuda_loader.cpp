// gpu/cuda_loader.cpp — dlopen-based loading of the CUDA driver and NVRTC
// (see cuda_loader.h).
#include "gpu/cuda_loader.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <type_traits>

namespace kiln::gpu {

#if KILN_HAVE_CUDA_HEADERS
// The fallback declarations (used when a build has no CUDA headers) must
// have the ABI of the real ones: check them here whenever the headers exist.
#define KILN_CHECK_FN(name, ret, params) \
  static_assert(std::is_same_v<decltype(&::name), ret(*) params>, "fallback signature of " #name " differs from the CUDA headers");
KILN_CUDA_DRIVER_FUNCTIONS(KILN_CHECK_FN)
KILN_NVRTC_FUNCTIONS(KILN_CHECK_FN)
#undef KILN_CHECK_FN
static_assert(kCudaErrorNoDevice == CUDA_ERROR_NO_DEVICE && kCudaSuccess == CUDA_SUCCESS);
static_assert(kAttrComputeCapabilityMajor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
static_assert(kAttrComputeCapabilityMinor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
static_assert(kAttrMultiprocessorCount == CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
#endif

// ------------------------------------------------------------ DynamicLibrary
DynamicLibrary::~DynamicLibrary() {
  if (handle_) dlclose(handle_);
}

bool DynamicLibrary::open(const std::vector<std::string>& candidates) {
  if (handle_) return true;
  error_.clear();
  for (const std::string& name : candidates) {
    // RTLD_LOCAL: the GPU libraries' symbols must not interpose on Kiln's.
    // RTLD_NODELETE: cuInit starts driver threads, so the code must stay
    // mapped after dlclose.
    void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (h) {
      handle_ = h;
      path_ = name;
      error_.clear();
      return true;
    }
    const char* why = dlerror();
    // Report the first failure in full (the soname's, usually the clearest).
    if (error_.empty()) error_ = why ? why : (name + ": cannot be loaded");
  }
  if (error_.empty()) error_ = "no candidate library names";
  return false;
}

void* DynamicLibrary::symbol(const char* symbol) {
  if (!handle_) return nullptr;
  dlerror();
  void* p = dlsym(handle_, symbol);
  if (!p) error_ = std::string(path_) + ": missing symbol " + symbol;
  return p;
}

// ------------------------------------------------------------ candidates
std::vector<std::string> cuda_driver_candidates() {
  // Never the unversioned libcuda.so: in the toolkit that is a link-time stub.
  return {"libcuda.so.1", "/usr/local/nvidia/lib64/libcuda.so.1", "/usr/lib/wsl/lib/libcuda.so.1"};
}

std::vector<std::string> nvrtc_candidates() {
  std::vector<std::string> names;
#if KILN_HAVE_CUDA_HEADERS
  // The major version the build's headers describe first.
  names.push_back("libnvrtc.so." + std::to_string(CUDA_VERSION / 1000));
#endif
  for (const char* n : {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2"}) {
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  // Toolkits that are not on the loader's path.
  std::vector<std::string> dirs;
  for (const char* var : {"CUDA_HOME", "CUDA_PATH"}) {
    if (const char* d = std::getenv(var); d && *d) dirs.push_back(std::string(d) + "/lib64");
  }
  dirs.push_back("/usr/local/cuda/lib64");
  for (const std::string& d : dirs) names.push_back(d + "/libnvrtc.so");
  return names;
}

// ------------------------------------------------------------ CudaDriver
bool CudaDriver::load() {
  if (loaded_) return true;
  if (!lib_.open(cuda_driver_candidates())) {
    error_ = lib_.error();
    return false;
  }
#define KILN_RESOLVE(name, ret, params)                                               \
  api_.name = reinterpret_cast<decltype(api_.name)>(lib_.symbol(#name));              \
  if (!api_.name) {                                                                   \
    error_ = lib_.error();                                                            \
    return false;                                                                     \
  }
  KILN_CUDA_DRIVER_FUNCTIONS(KILN_RESOLVE)
  loaded_ = true;
  return true;
}

std::string CudaDriver::result_name(CUresult r) const {
  const char* name = nullptr;
  if (loaded_ && api_.cuGetErrorName(r, &name) == CUresult(kCudaSuccess) && name) return name;
  return "CUDA error " + std::to_string(int(r));
}

// ------------------------------------------------------------ Nvrtc
bool Nvrtc::load() {
  if (loaded_) return true;
  if (!lib_.open(nvrtc_candidates())) {
    error_ = lib_.error();
    return false;
  }
  KILN_NVRTC_FUNCTIONS(KILN_RESOLVE)
#undef KILN_RESOLVE
  loaded_ = true;
  return true;
}

// ------------------------------------------------------------ probe
CudaProbe probe_cuda() {
  CudaProbe p;
  CudaDriver drv;
  if (drv.load()) {
    p.driver_loaded = true;
    p.driver_library = drv.library_path();
    const CudaDriver::Api& api = drv.api();
    api.cuDriverGetVersion(&p.driver_version);
    CUresult r = api.cuInit(0);
    if (r == CUresult(kCudaSuccess)) {
      int n = 0;
      r = api.cuDeviceGetCount(&n);
      if (r == CUresult(kCudaSuccess)) p.device_count = n;
      else p.driver_error = "cuDeviceGetCount failed: " + drv.result_name(r);
    } else if (r != CUresult(kCudaErrorNoDevice)) {
      p.driver_error = "cuInit failed: " + drv.result_name(r);
    }
    if (p.device_count > 0) {
      CUdevice dev{};
      if (api.cuDeviceGet(&dev, 0) == CUresult(kCudaSuccess)) {
        char name[256] = {};
        if (api.cuDeviceGetName(name, sizeof name, dev) == CUresult(kCudaSuccess)) p.device0_name = name;
        api.cuDeviceGetAttribute(&p.device0_cc_major, CUdevice_attribute(kAttrComputeCapabilityMajor), dev);
        api.cuDeviceGetAttribute(&p.device0_cc_minor, CUdevice_attribute(kAttrComputeCapabilityMinor), dev);
        api.cuDeviceGetAttribute(&p.device0_sms, CUdevice_attribute(kAttrMultiprocessorCount), dev);
      }
    }
  } else {
    p.driver_error = drv.error();
  }
  Nvrtc nvrtc;
  if (nvrtc.load()) {
    p.nvrtc_loaded = true;
    p.nvrtc_library = nvrtc.library_path();
    if (nvrtc.api().nvrtcVersion(&p.nvrtc_major, &p.nvrtc_minor) != nvrtcResult(0)) {
      p.nvrtc_error = "nvrtcVersion failed";
    }
  } else {
    p.nvrtc_error = nvrtc.error();
  }
  return p;
}

}  // namespace kiln::gpu
