// stdlib/torch/storage.cpp — tensor memory from mimalloc (see storage.h).
//
// The Storage header and its data share one block: the header in the first
// 64 bytes, the data 64-byte aligned after it, so a new tensor costs one
// allocation. Under the asan preset (KILN_SYSTEM_MALLOC) blocks come from
// aligned_alloc so that AddressSanitizer and LeakSanitizer see them.

#include "stdlib/torch/storage.h"

#include <cstdlib>
#include <new>

#ifndef KILN_SYSTEM_MALLOC
#include <mimalloc.h>
#endif

namespace kiln::torch {

namespace {
constexpr size_t kAlign = 64;
static_assert(sizeof(Storage) <= kAlign);
}  // namespace

Storage* Storage::allocate(size_t nbytes) {
  size_t total = kAlign + (nbytes + kAlign - 1) / kAlign * kAlign;
#ifdef KILN_SYSTEM_MALLOC
  void* block = std::aligned_alloc(kAlign, total);
#else
  void* block = mi_malloc_aligned(total, kAlign);
#endif
  if (!block) throw std::bad_alloc();
  auto* s = new (block) Storage();
  s->nbytes = nbytes;
  s->data = static_cast<char*>(block) + kAlign;
  return s;
}

void Storage::release(Storage* s) {
  s->~Storage();
#ifdef KILN_SYSTEM_MALLOC
  std::free(s);
#else
  mi_free(s);
#endif
}

}  // namespace kiln::torch
