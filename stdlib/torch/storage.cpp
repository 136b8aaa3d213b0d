// stdlib/torch/storage.cpp — tensor memory from mimalloc (see storage.h).
//
// The Storage header and its data share one block: the header in the first
// 64 bytes, the data 64-byte aligned after it, so a new tensor costs one
// allocation. Under the asan preset (KILN_SYSTEM_MALLOC) blocks come from
// aligned_alloc so that AddressSanitizer and LeakSanitizer see them.
//
// Blocks of kHugeBytes and more (mimalloc's huge objects, which it maps and
// unmaps for every allocation) are asked for 2 MiB-aligned and advised
// MADV_HUGEPAGE: a fresh 64 MiB tensor then takes 32 page faults instead of
// 16384, which was half the time of `x + y` on 16M floats. (NumPy does the
// same for its large arrays.) mimalloc unmaps them on release, so memory
// still goes back to the system the moment a tensor dies.

#include "stdlib/torch/storage.h"

#include <sys/sysinfo.h>

#include "stdlib/torch/error.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#ifndef KILN_SYSTEM_MALLOC
#include <mimalloc.h>
#include <sys/mman.h>
#endif

namespace kiln::torch {

namespace {
constexpr size_t kAlign = 64;
static_assert(sizeof(Storage) <= kAlign);

#ifndef KILN_SYSTEM_MALLOC
constexpr size_t kHugePage = size_t(2) << 20;
constexpr size_t kHugeBytes = size_t(16) << 20;
#endif
}  // namespace

namespace {
// Relaxed counters: a storage may be allocated on a oneTBB worker.
std::atomic<uint64_t> g_allocations{0}, g_bytes{0};
}  // namespace

StorageStats storage_stats() {
  return {g_allocations.load(std::memory_order_relaxed), g_bytes.load(std::memory_order_relaxed)};
}

namespace {
// Physical memory plus swap. mimalloc maps with MAP_NORESERVE, which the
// kernel's overcommit heuristic does not refuse, so a request beyond this
// would "succeed" and the process be killed on first touch; PyTorch's
// allocator fails such requests, and so does Kiln.
size_t memory_limit() {
  static const size_t limit = [] {
    struct sysinfo si;
    if (sysinfo(&si) != 0) return ~size_t(0);
    return size_t((unsigned __int128)(si.totalram + si.totalswap) * si.mem_unit > ~size_t(0)
                      ? ~size_t(0)
                      : (si.totalram + si.totalswap) * size_t(si.mem_unit));
  }();
  return limit;
}
}  // namespace

Storage* Storage::allocate(size_t nbytes) {
  if (nbytes > memory_limit())
    runtime_error("can't allocate memory: you tried to allocate {} bytes. Error code 12 (Cannot allocate memory)", nbytes);
  size_t total = kAlign + (nbytes + kAlign - 1) / kAlign * kAlign;
#ifdef KILN_SYSTEM_MALLOC
  void* block = std::aligned_alloc(kAlign, total);
#else
  void* block;
  if (nbytes >= kHugeBytes) {
    block = mi_malloc_aligned(total, kHugePage);
    if (block) madvise(block, total, MADV_HUGEPAGE);  // a hint: failure is harmless
  } else {
    block = mi_malloc_aligned(total, kAlign);
  }
#endif
  if (!block) throw std::bad_alloc();
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(nbytes, std::memory_order_relaxed);
  auto* s = new (block) Storage();
  s->nbytes = nbytes;
  s->data = static_cast<char*>(block) + kAlign;
  return s;
}

Storage* Storage::borrow(Storage* of) {
#ifdef KILN_SYSTEM_MALLOC
  void* block = std::aligned_alloc(kAlign, kAlign);
#else
  void* block = mi_malloc_aligned(kAlign, kAlign);
#endif
  if (!block) throw std::bad_alloc();
  auto* s = new (block) Storage();
  s->nbytes = of->nbytes;
  s->data = of->data;
  s->lender = of;
  ++of->refcount;
  return s;
}

void Storage::own_copy(Storage* s) {
  Storage* copy = allocate(s->nbytes);
  if (s->nbytes) std::memcpy(copy->data, s->data, s->nbytes);
  Storage* old = s->lender;
  s->data = copy->data;
  s->lender = copy;
  if (old && --old->refcount == 0) release(old);
}

void Storage::release(Storage* s) {
  if (Storage* lender = s->lender) {  // (a borrowing storage: rare, kept off the common path)
    s->lender = nullptr;
    release(s);
    if (--lender->refcount == 0) release(lender);
    return;
  }
  s->~Storage();
#ifdef KILN_SYSTEM_MALLOC
  std::free(s);
#else
  mi_free(s);
#endif
}

}  // namespace kiln::torch
