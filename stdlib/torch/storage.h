// stdlib/torch/storage.h — the memory behind tensors.
//
// A Storage is one 64-byte-aligned block from mimalloc with an intrusive
// reference count. Every tensor and view on it holds one reference
// (StoragePtr); the block is freed the moment the last one dies, as in
// PyTorch. The count is not atomic: a VM and its tensors live on one thread
// (kernels parallelised with TBB never touch counts).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace kiln::torch {

struct Storage {
  uint32_t refcount = 1;
  // Bumped by every in-place write through any tensor on this storage;
  // autograd's saved tensors compare it (autograd/node.h).
  uint32_t version = 0;
  // The version Python's `_version` counts from: an op's fresh result
  // starts at 0 however many times its kernels wrote it while making it
  // (ops/registry.cpp sets it; autograd compares raw versions).
  uint32_t version_base = 0;
  size_t nbytes = 0;
  void* data = nullptr;
  // The storage whose memory `data` is, when not this block's own
  // (borrow): held by one reference, released with this storage.
  Storage* lender = nullptr;
  // Allocates nbytes, uninitialised (storage.cpp: header and data in one block).
  static Storage* allocate(size_t nbytes);
  // A new storage (its own count and version) on `of`'s memory, no copy:
  // writes through either are seen by both. The tracer's tensors start as
  // these (tracer/values_tensor.cpp: copy on write).
  static Storage* borrow(Storage* of);
  // Makes a borrowing storage own a copy of its memory (its data pointer
  // changes; every tensor on it sees the copy).
  static void own_copy(Storage* s);
  static void release(Storage* s);
};

// Storages allocated so far in this process, and their bytes (every tensor
// that is not a view costs one): `torch._kiln_allocations()` and --profile
// report them, and the tests of the JIT's buffer planning count them.
struct StorageStats {
  uint64_t allocations = 0, bytes = 0;
};
StorageStats storage_stats();

// Owning handle to a Storage.
class StoragePtr {
 public:
  StoragePtr() = default;
  explicit StoragePtr(Storage* s) : s_(s) {}  // adopts a reference
  StoragePtr(const StoragePtr& o) : s_(o.s_) {
    if (s_) ++s_->refcount;
  }
  StoragePtr(StoragePtr&& o) noexcept : s_(std::exchange(o.s_, nullptr)) {}
  StoragePtr& operator=(StoragePtr o) noexcept {
    std::swap(s_, o.s_);
    return *this;
  }
  ~StoragePtr() {
    if (s_ && --s_->refcount == 0) Storage::release(s_);
  }
  Storage* get() const { return s_; }
  Storage* operator->() const { return s_; }
  explicit operator bool() const { return s_ != nullptr; }

 private:
  Storage* s_ = nullptr;
};

}  // namespace kiln::torch
