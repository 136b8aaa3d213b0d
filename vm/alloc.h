// vm/alloc.h — where the VM's memory comes from.
//
// Heap objects and the buffers of VM containers come from mimalloc, a fast
// allocator with good locality for many small objects. Under the `asan`
// preset (KILN_SYSTEM_MALLOC) they come from malloc instead, so AddressSanitizer
// and LeakSanitizer see every block.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

#ifndef KILN_SYSTEM_MALLOC
#include <mimalloc.h>
#endif

namespace kiln::vm {

inline void* vm_alloc(size_t bytes) {
#ifdef KILN_SYSTEM_MALLOC
  void* p = std::malloc(bytes);
#else
  void* p = mi_malloc(bytes);
#endif
  if (!p) throw std::bad_alloc();
  return p;
}

inline void vm_free(void* p) noexcept {
#ifdef KILN_SYSTEM_MALLOC
  std::free(p);
#else
  mi_free(p);
#endif
}

// STL allocator over vm_alloc / vm_free.
template <class T>
struct VmAllocator {
  using value_type = T;
  VmAllocator() noexcept = default;
  template <class U> VmAllocator(const VmAllocator<U>&) noexcept {}
  T* allocate(size_t n) { return static_cast<T*>(vm_alloc(n * sizeof(T))); }
  void deallocate(T* p, size_t) noexcept { vm_free(p); }
  template <class U> bool operator==(const VmAllocator<U>&) const noexcept { return true; }
};

}  // namespace kiln::vm
