// gpu/cuda_loader.h — the CUDA driver API and NVRTC, loaded at run time.
//
// Kiln never links against CUDA: one binary must run on machines with and
// without a GPU (the build machines and CI have the toolkit's headers but no
// driver). This file dlopens the driver (libcuda.so.1) and NVRTC
// (libnvrtc.so, or a versioned name) and resolves the functions Kiln calls
// into tables of function pointers. When cuda.h / nvrtc.h were found at
// build time (KILN_HAVE_CUDA_HEADERS) the pointers have the headers' exact
// types; without them, ABI-compatible fallback declarations are used (and
// cuda_loader.cpp checks those against the headers whenever they are there).
//
// A library that cannot be loaded is not an error for Kiln: `load()` returns
// false and `error()` says why ("libcuda.so.1: cannot open shared object
// file ..."), which `vmrun --version` prints and the GPU tier (a later issue)
// reports when asked for a GPU. Nothing is loaded at start-up, and there is
// no process-global state: each CudaDriver / Nvrtc object owns its handle.
//
// To call another function, add it to the X-macro list below (name, return
// type, parameters). cuda.h renames some functions with macros (cuCtxCreate
// -> cuCtxCreate_v4): list those under the versioned name that the library
// exports.
#pragma once

#include <string>
#include <vector>

#if KILN_HAVE_CUDA_HEADERS
#include <cuda.h>
#include <nvrtc.h>
#endif

namespace kiln::gpu {

#if KILN_HAVE_CUDA_HEADERS
using CUresult = ::CUresult;
using CUdevice = ::CUdevice;
using CUdevice_attribute = ::CUdevice_attribute;
using nvrtcResult = ::nvrtcResult;
#else
// ABI of the driver API's types: enums and int handles are all `int`.
using CUresult = int;
using CUdevice = int;
using CUdevice_attribute = int;
using nvrtcResult = int;
#endif

// Values from cuda.h that Kiln uses, so code compiles without the headers.
inline constexpr int kCudaSuccess = 0;
inline constexpr int kCudaErrorNoDevice = 100;
inline constexpr int kAttrComputeCapabilityMajor = 75;
inline constexpr int kAttrComputeCapabilityMinor = 76;
inline constexpr int kAttrMultiprocessorCount = 16;

// X(name, return type, (parameters))
#define KILN_CUDA_DRIVER_FUNCTIONS(X)                                     \
  X(cuInit, CUresult, (unsigned int flags))                               \
  X(cuDriverGetVersion, CUresult, (int* version))                         \
  X(cuDeviceGetCount, CUresult, (int* count))                             \
  X(cuDeviceGet, CUresult, (CUdevice * device, int ordinal))              \
  X(cuDeviceGetName, CUresult, (char* name, int len, CUdevice dev))       \
  X(cuDeviceGetAttribute, CUresult, (int* pi, CUdevice_attribute attrib, CUdevice dev)) \
  X(cuGetErrorName, CUresult, (CUresult error, const char** str))

#define KILN_NVRTC_FUNCTIONS(X)                                           \
  X(nvrtcVersion, nvrtcResult, (int* major, int* minor))                  \
  X(nvrtcGetErrorString, const char*, (nvrtcResult result))

#if KILN_HAVE_CUDA_HEADERS
#define KILN_CUDA_FN_FIELD(name, ret, params) decltype(&::name) name = nullptr;
#else
#define KILN_CUDA_FN_FIELD(name, ret, params) ret(*name) params = nullptr;
#endif

// A dlopen'ed shared library; closes it on destruction.
class DynamicLibrary {
 public:
  DynamicLibrary() = default;
  ~DynamicLibrary();
  DynamicLibrary(const DynamicLibrary&) = delete;
  DynamicLibrary& operator=(const DynamicLibrary&) = delete;

  // Tries each name in turn (a bare soname searches the loader's path);
  // false with error() naming what each attempt said.
  bool open(const std::vector<std::string>& candidates);
  // Null (and error() set) if the library lacks `symbol`.
  void* symbol(const char* symbol);
  bool is_open() const { return handle_ != nullptr; }
  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }

 private:
  void* handle_ = nullptr;
  std::string path_;
  std::string error_;
};

// The CUDA driver API (libcuda.so.1).
class CudaDriver {
 public:
  struct Api {
    KILN_CUDA_DRIVER_FUNCTIONS(KILN_CUDA_FN_FIELD)
  };

  // Loads the library and resolves every function of the list; idempotent.
  bool load();
  bool loaded() const { return loaded_; }
  const std::string& error() const { return error_; }
  const std::string& library_path() const { return lib_.path(); }
  const Api& api() const { return api_; }
  // "CUDA_ERROR_NO_DEVICE" (or the number when the driver cannot name it).
  std::string result_name(CUresult r) const;

 private:
  DynamicLibrary lib_;
  Api api_;
  bool loaded_ = false;
  std::string error_;
};

// NVRTC, the runtime compiler from CUDA C++ to PTX (needs no GPU).
class Nvrtc {
 public:
  struct Api {
    KILN_NVRTC_FUNCTIONS(KILN_CUDA_FN_FIELD)
  };

  bool load();
  bool loaded() const { return loaded_; }
  const std::string& error() const { return error_; }
  const std::string& library_path() const { return lib_.path(); }
  const Api& api() const { return api_; }

 private:
  DynamicLibrary lib_;
  Api api_;
  bool loaded_ = false;
  std::string error_;
};

// What this machine offers, for `vmrun --version` and for tests that need a
// device (they skip with "skipped: no CUDA device" when device_count == 0).
struct CudaProbe {
  bool driver_loaded = false;
  std::string driver_library;     // the path or soname that loaded
  std::string driver_error;       // why the driver is unusable (load or cuInit)
  int driver_version = 0;         // e.g. 13000 for CUDA 13.0
  int device_count = 0;
  std::string device0_name;
  int device0_cc_major = 0, device0_cc_minor = 0, device0_sms = 0;
  bool nvrtc_loaded = false;
  std::string nvrtc_library;
  std::string nvrtc_error;
  int nvrtc_major = 0, nvrtc_minor = 0;
};
// Loads both libraries, initialises the driver and queries device 0; then
// closes the libraries again.
CudaProbe probe_cuda();

// The candidates tried for each library, in order (exposed for tests and
// error messages).
std::vector<std::string> cuda_driver_candidates();
std::vector<std::string> nvrtc_candidates();

}  // namespace kiln::gpu
