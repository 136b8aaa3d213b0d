// jit/asmjit_backend.h — tier 1: Kernel IR to x86-64 machine code with
// asmjit, synchronously, in microseconds.
//
// A kernel compiles to "row" functions that compute n points of its
// innermost loop:
//
//   void row(int64_t n, const char* const* in, const int64_t* stride, char* const* out)
//
// and a host stub (CompiledKernel::run) walks the outer dimensions of the
// bound loop nest and calls the row once per row, on several threads
// (oneTBB) for large sizes. There are two kinds of rows:
//   * contiguous: every input steps 4 bytes (a tensor) or 0 (a broadcast
//     tensor, a number) along the row. The body runs on 8 floats at a time
//     in ymm registers (AVX2), or 16 in zmm registers (AVX-512F), then one
//     point at a time. One such row is compiled per pattern of broadcast inputs, when a launch first needs
//     it (kernels are small: a few microseconds each).
//   * strided: any byte strides, one point at a time.
//
// Arithmetic is the eager kernels', bit for bit (except in a --fast-math
// kernel, Kernel::fast_math: there exp, tanh and sigmoid are float32 FMA
// sequences within 2.5 ulp, on hosts with FMA): float32 + - * / sqrt
// round once as the eager loops do, the float32 transcendentals of
// stdlib/torch/vmath.h (exp, expm1, log, log1p, sigmoid in double
// precision, tanh in float32) are the same instruction sequences (the same
// constants, operations and order; an FMA exactly where vmath says
// std::fma, so kernels with exp, expm1, tanh or sigmoid compile only on
// hosts with FMA), and max/min/relu/sign/abs/neg/floor/ceil/trunc/round select
// exactly as the eager expressions do (NaN included). Other ops with a
// float32 eager row (sin, pow, erf, floor division...) call that row on the
// vector's lanes (through the stack).
//
// A reducing kernel compiles its row plan's pointwise kernels this way and
// runs them with the row runner (jit/row_runner.h).
//
// The backend needs AVX2 (checked at run time with asmjit's CpuInfo, as is
// AVX-512F); on other hosts it reports itself unavailable and graphs stay
// on the executor.
#pragma once

#include "jit/backend.h"

namespace kiln::jit {

// The process-wide tier-1 backend (its JitRuntime owns the code), for the
// host's widest vectors: 16 lanes with AVX-512F, else 8 (AVX2);
// KILN_ASMJIT_LANES=8 forces the AVX2 code.
Backend& asmjit_backend();
// The backend with `lanes` (8: AVX2, 16: AVX-512F; unavailable on a host
// without it), for tests of each code path.
Backend& asmjit_backend_with_lanes(int lanes);

}  // namespace kiln::jit
