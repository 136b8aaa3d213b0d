// stdlib/torch/tensor_iter.h — the loop nest every elementwise kernel runs.
//
// PyTorch's TensorIterator in miniature. `for_each_element` visits the
// elements of N operands that share one shape (inputs already broadcast:
// stride 0 along broadcast dimensions). Dimensions that are laid out
// back-to-back in every operand are merged first, so a contiguous tensor,
// however many dimensions it has, becomes one flat loop; the innermost
// dimension is handed to `inner(ptrs, byte_strides, n)` which runs a tight
// loop (kernels specialise it for unit strides so that it vectorises).
// Large loops are split across threads with oneTBB; below kParallelGrain
// elements everything stays on the calling thread, so small tensors pay no
// scheduling cost.
#pragma once

#include <array>
#include <algorithm>
#include <cstdint>
#include <functional>

#include "stdlib/torch/tensor.h"

namespace kiln::torch {

// Elements per task below which a loop is not split across threads.
constexpr int64_t kParallelGrain = 32768;

// Runs body(begin, end) over [0, n), in parallel chunks when n is large
// (`cost` scales the grain down for expensive per-element work).
void parallel_range(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body);

// The byte step of a view walked in row-major order as one flat array:
// `itemsize` when it is laid out contiguously, 0 when every element is the
// same one (a broadcast scalar: all strides of non-size-1 dims are 0), -1
// otherwise. Small elementwise ops whose operands are all flat skip
// StridedLoop (building and merging its shapes cost more than the loop).
inline int64_t flat_byte_stride(const Shape& sizes, const Shape& strides, int64_t itemsize) {
  bool contiguous = true, broadcast = true;
  int64_t expected = 1;
  for (int d = sizes.size() - 1; d >= 0; --d) {
    if (sizes[d] == 1) continue;
    if (strides[d] != 0) broadcast = false;
    if (strides[d] != expected) contiguous = false;
    expected *= sizes[d];
  }
  return contiguous ? itemsize : broadcast ? 0 : -1;
}

template <int N>
struct StridedLoop {
  Shape sizes;                          // after merging; at least one dim
  std::array<Shape, N> strides;         // byte strides per operand
  std::array<char*, N> base;

  // ops[i]: operand i's data pointer and element strides over `shape`.
  StridedLoop(const Shape& shape, const std::array<char*, N>& ptrs, const std::array<Shape, N>& elem_strides,
              const std::array<int64_t, N>& itemsizes) {
    base = ptrs;
    // Drop size-1 dimensions, convert to bytes.
    for (int d = 0; d < shape.size(); ++d) {
      if (shape[d] == 1) continue;
      sizes.push_back(shape[d]);
      for (int k = 0; k < N; ++k) strides[k].push_back(elem_strides[k][d] * itemsizes[k]);
    }
    if (sizes.empty()) {
      sizes.push_back(1);
      for (int k = 0; k < N; ++k) strides[k].push_back(0);
    }
    // Merge dim d into d+1 when every operand steps over d as one block of d+1.
    Shape ms;
    std::array<Shape, N> mst;
    ms.push_back(sizes[0]);
    for (int k = 0; k < N; ++k) mst[k].push_back(strides[k][0]);
    for (int d = 1; d < sizes.size(); ++d) {
      bool merge = true;
      for (int k = 0; k < N; ++k)
        if (mst[k][mst[k].size() - 1] != strides[k][d] * sizes[d]) merge = false;
      if (merge) {
        ms[ms.size() - 1] *= sizes[d];
        for (int k = 0; k < N; ++k) mst[k][mst[k].size() - 1] = strides[k][d];
      } else {
        ms.push_back(sizes[d]);
        for (int k = 0; k < N; ++k) mst[k].push_back(strides[k][d]);
      }
    }
    sizes = ms;
    strides = mst;
  }

  // inner(std::array<char*, N> ptrs, const std::array<int64_t, N>& byte_strides, int64_t n)
  template <class Inner>
  void run(Inner&& inner, int64_t grain = kParallelGrain) const {
    const int nd = sizes.size();
    const int64_t inner_n = sizes[nd - 1];
    std::array<int64_t, N> inner_strides;
    for (int k = 0; k < N; ++k) inner_strides[k] = strides[k][nd - 1];
    int64_t outer = 1;
    for (int d = 0; d < nd - 1; ++d) outer *= sizes[d];
    if (outer == 0 || inner_n == 0) return;
    auto rows = [&](int64_t r0, int64_t r1) {
      // Odometer over the outer dimensions, starting at row r0.
      int64_t idx[kMaxDims];
      int64_t rem = r0;
      for (int d = nd - 2; d >= 0; --d) {
        idx[d] = rem % sizes[d];
        rem /= sizes[d];
      }
      std::array<char*, N> p;
      for (int k = 0; k < N; ++k) {
        p[k] = base[k];
        for (int d = 0; d < nd - 1; ++d) p[k] += idx[d] * strides[k][d];
      }
      for (int64_t r = r0; r < r1; ++r) {
        inner(p, inner_strides, inner_n);
        for (int d = nd - 2; d >= 0; --d) {
          for (int k = 0; k < N; ++k) p[k] += strides[k][d];
          if (++idx[d] < sizes[d]) break;
          for (int k = 0; k < N; ++k) p[k] -= strides[k][d] * sizes[d];
          idx[d] = 0;
        }
      }
    };
    int64_t total = outer * inner_n;
    if (total < grain * 2) {
      rows(0, outer);
      return;
    }
    if (outer == 1) {
      // One long row: split the row itself.
      parallel_range(inner_n, grain, [&](int64_t b, int64_t e) {
        std::array<char*, N> p;
        for (int k = 0; k < N; ++k) p[k] = base[k] + b * inner_strides[k];
        inner(p, inner_strides, e - b);
      });
      return;
    }
    int64_t row_grain = std::max<int64_t>(1, grain / inner_n);
    parallel_range(outer, row_grain, [&](int64_t b, int64_t e) { rows(b, e); });
  }
};

}  // namespace kiln::torch
