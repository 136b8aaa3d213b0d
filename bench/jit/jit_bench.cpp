// bench/jit/jit_bench.cpp — micro-benchmarks of tier 1 (Google Benchmark),
// for issue 6's targets, measured on the machine code alone (no
// interpreter, no allocation: the outputs are allocated once):
//   * Copy/N, CopyParallel/N: this machine's copy bandwidth (memcpy of N
//     float32, on one thread and on oneTBB's threads in the kernels'
//     chunks), the yardstick of the fused kernels' bandwidth.
//   * Chain12/N: a fused chain of 12 pointwise ops (the one in chain.py:
//     mul, add, tanh, sigmoid, relu, maximum...) on two inputs of N float32
//     into one output; bytes_per_second counts 12 bytes per element (two
//     loads, one store). Target: at least 60% of the copy bandwidth.
//   * Compile/K: tier-1 compile latency of a K-op chain kernel (lowered
//     Kernel IR to machine code: the strided row and the contiguous one).
//     Target: under 1 ms at 8-16 ops.
//   * Softmax/N, LayerNorm/N: the fused reducing kernels the lowering makes
//     of softmax(x) and layer_norm(x, w, b) over rows of 1024 (N float32),
//     run as row plans; bytes_per_second counts one load and one store per
//     element. CompileSoftmax, CompileLayerNorm: their compile latency
//     (every pointwise part of the plan).
//
//     build/release/bench/kiln_jit_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <oneapi/tbb/parallel_for.h>

#include <cstring>
#include <vector>

#include "codegen/kernel_ir.h"
#include "codegen/launch.h"
#include "jit/asmjit_backend.h"
#include "stdlib/torch/elementwise.h"

namespace {

using kiln::codegen::KArg;
using kiln::codegen::Kernel;
using kiln::codegen::KernelLaunch;
using kiln::codegen::KInput;
using kiln::codegen::KInstr;
using kiln::codegen::KOp;
namespace torch = kiln::torch;

// The 12-op chain of chain.py:
//   a = x * 1.5 + y; b = torch.tanh(a); c = b * x - 0.25; d = torch.sigmoid(c)
//   e = torch.relu(d - y); f = torch.maximum(e, x * 0.1); return f * f + a
Kernel chain12() {
  Kernel k;
  k.name = "chain12";
  k.inputs = {KInput{false}, KInput{false}, KInput{true}, KInput{true}, KInput{true}};
  auto B = [](torch::BinaryOp op, int a, int b) { return KInstr{KOp::Binary, int(op), a, b}; };
  auto U = [](torch::UnaryOp op, int a) { return KInstr{KOp::Unary, int(op), a}; };
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}, KInstr{KOp::Load, 2}, KInstr{KOp::Load, 3},
            KInstr{KOp::Load, 4},
            B(torch::BinaryOp::mul, 0, 2),       // 5: x * 1.5
            B(torch::BinaryOp::add, 5, 1),       // 6: a
            U(torch::UnaryOp::tanh, 6),          // 7: b
            B(torch::BinaryOp::mul, 7, 0),       // 8
            B(torch::BinaryOp::sub, 8, 3),       // 9: c
            U(torch::UnaryOp::sigmoid, 9),       // 10: d
            B(torch::BinaryOp::sub, 10, 1),      // 11
            U(torch::UnaryOp::relu, 11),         // 12: e
            B(torch::BinaryOp::mul, 0, 4),       // 13: x * 0.1
            B(torch::BinaryOp::maximum, 12, 13),  // 14: f
            B(torch::BinaryOp::mul, 14, 14),     // 15
            B(torch::BinaryOp::add, 15, 6)};     // 16
  k.outputs = {16};
  return k;
}

// The 12-op GELU block of chain.py (tanh approximation), between a bias
// and a residual:  h = x + y; g = 0.5 * h * (1 + tanh(0.7978845608 * (h + 0.044715 * h*h*h))); return g + x
Kernel gelu12() {
  Kernel k;
  k.name = "gelu12";
  k.inputs = {KInput{false}, KInput{false}, KInput{true}, KInput{true}, KInput{true}, KInput{true}};
  auto B = [](torch::BinaryOp op, int a, int b) { return KInstr{KOp::Binary, int(op), a, b}; };
  auto U = [](torch::UnaryOp op, int a) { return KInstr{KOp::Unary, int(op), a}; };
  // loads: 0 x, 1 y, 2 0.5, 3 1.0, 4 0.7978845608, 5 0.044715
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}, KInstr{KOp::Load, 2}, KInstr{KOp::Load, 3},
            KInstr{KOp::Load, 4}, KInstr{KOp::Load, 5},
            B(torch::BinaryOp::add, 0, 1),    // 6: h
            B(torch::BinaryOp::mul, 6, 6),    // 7: h*h
            B(torch::BinaryOp::mul, 7, 6),    // 8: h^3
            B(torch::BinaryOp::mul, 5, 8),    // 9
            B(torch::BinaryOp::add, 6, 9),    // 10
            B(torch::BinaryOp::mul, 4, 10),   // 11
            U(torch::UnaryOp::tanh, 11),      // 12
            B(torch::BinaryOp::add, 3, 12),   // 13
            B(torch::BinaryOp::mul, 2, 6),    // 14
            B(torch::BinaryOp::mul, 14, 13),  // 15: g
            B(torch::BinaryOp::add, 15, 0)};  // 16
  k.outputs = {16};
  return k;
}

// 12 ops without transcendentals: the memory-bound case.
Kernel cheap12() {
  Kernel k;
  k.name = "cheap12";
  k.inputs = {KInput{false}, KInput{false}, KInput{true}};
  auto B = [](torch::BinaryOp op, int a, int b) { return KInstr{KOp::Binary, int(op), a, b}; };
  auto U = [](torch::UnaryOp op, int a) { return KInstr{KOp::Unary, int(op), a}; };
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}, KInstr{KOp::Load, 2},
            B(torch::BinaryOp::mul, 0, 2),  B(torch::BinaryOp::add, 3, 1),       U(torch::UnaryOp::relu, 4),
            B(torch::BinaryOp::sub, 5, 0),  U(torch::UnaryOp::abs, 6),           B(torch::BinaryOp::maximum, 7, 1),
            B(torch::BinaryOp::mul, 8, 8),  B(torch::BinaryOp::div, 9, 2),       U(torch::UnaryOp::neg, 10),
            B(torch::BinaryOp::minimum, 11, 0), B(torch::BinaryOp::add, 12, 1), U(torch::UnaryOp::sqrt, 13)};
  k.outputs = {14};
  return k;
}

// A chain of `ops` cheap and transcendental ops on one input.
Kernel chain_of(int ops) {
  Kernel k;
  k.name = "chain" + std::to_string(ops);
  k.inputs = {KInput{false}, KInput{true}};
  k.body = {KInstr{KOp::Load, 0}, KInstr{KOp::Load, 1}};
  const torch::UnaryOp un[] = {torch::UnaryOp::tanh, torch::UnaryOp::relu, torch::UnaryOp::exp, torch::UnaryOp::abs};
  for (int i = 0; i < ops; i++) {
    int last = int(k.body.size()) - 1;
    if (i % 2) k.body.push_back(KInstr{KOp::Unary, int(un[(i / 2) % 4]), last});
    else k.body.push_back(KInstr{KOp::Binary, int(i % 4 ? torch::BinaryOp::add : torch::BinaryOp::mul), last, 1});
  }
  k.outputs = {int(k.body.size()) - 1};
  return k;
}

void Copy(benchmark::State& state) {
  size_t n = size_t(state.range(0));
  std::vector<float> a(n, 1.0f), b(n);
  for (auto _ : state) {
    std::memcpy(b.data(), a.data(), n * sizeof(float));
    benchmark::DoNotOptimize(b.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(n * 8));  // read + write
}

void CopyParallel(benchmark::State& state) {
  size_t n = size_t(state.range(0));
  std::vector<float> a(n, 1.0f), b(n);
  for (auto _ : state) {
    tbb::parallel_for(tbb::blocked_range<size_t>(0, n, 1 << 14), [&](const tbb::blocked_range<size_t>& r) {
      std::memcpy(b.data() + r.begin(), a.data() + r.begin(), (r.end() - r.begin()) * sizeof(float));
    });
    benchmark::DoNotOptimize(b.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(n * 8));
}

// Runs kernel `k` over inputs x, y (N float32) and numbers 1.5, 0.25, 0.1, ...
void run_kernel(benchmark::State& state, const Kernel& k) {
  auto& be = kiln::jit::asmjit_backend();
  if (!be.unavailable().empty()) {
    state.SkipWithError(be.unavailable().c_str());
    return;
  }
  int64_t n = state.range(0);
  std::string why;
  auto ck = be.compile(k, &why);
  if (!ck) {
    state.SkipWithError(why.c_str());
    return;
  }
  torch::Tensor x = torch::empty({n}, torch::DType::Float32), y = torch::empty({n}, torch::DType::Float32);
  for (int64_t i = 0; i < n; i++) {
    x.data<float>()[i] = float(i % 1000) / 500.0f - 1.0f;
    y.data<float>()[i] = float(i % 777) / 777.0f;
  }
  std::vector<KArg> args(k.inputs.size());
  args[0].tensor = &x;
  args[1].tensor = &y;
  const double numbers[] = {1.5, 0.25, 0.1, 0.7978845608, 0.044715};
  for (size_t i = 2; i < args.size(); i++) args[i].number = numbers[(i - 2) % 5];
  KernelLaunch L;
  if (!L.prepare(k, args, &why)) {
    state.SkipWithError(why.c_str());
    return;
  }
  for (auto _ : state) {
    ck->run(L);  // into the same output every time: the machine code alone
    benchmark::DoNotOptimize(L.out_ptrs[0]);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * n * 12);
}
void Chain12(benchmark::State& state) { run_kernel(state, chain12()); }
void Gelu12(benchmark::State& state) { run_kernel(state, gelu12()); }
// The same two with --fast-math's float32 transcendentals.
Kernel fast(Kernel k) {
  k.fast_math = true;
  return k;
}
void Chain12Fast(benchmark::State& state) { run_kernel(state, fast(chain12())); }
void Gelu12Fast(benchmark::State& state) { run_kernel(state, fast(gelu12())); }
void Cheap12(benchmark::State& state) { run_kernel(state, cheap12()); }

void Compile(benchmark::State& state) {
  auto& be = kiln::jit::asmjit_backend();
  if (!be.unavailable().empty()) {
    state.SkipWithError(be.unavailable().c_str());
    return;
  }
  Kernel k = chain_of(int(state.range(0)));
  std::string why;
  for (auto _ : state) {
    auto ck = be.compile(k, &why);
    benchmark::DoNotOptimize(ck.get());
  }
}

KInstr reduce(kiln::codegen::ReduceOp op, int a) {
  KInstr r{KOp::Reduce, int(op), a};
  r.keepdim = true;
  return r;
}

// softmax(x) over the last dim, as codegen/lower.cpp decomposes it.
Kernel softmax_kernel() {
  using kiln::codegen::ReduceOp;
  Kernel k;
  k.name = "softmax";
  k.inputs = {KInput{false}};
  k.reduce_dims = 1;
  KInstr one{KOp::Const};
  one.imm = 1.0f;
  k.body = {KInstr{KOp::Load, 0},
            reduce(ReduceOp::line_max, 0),
            KInstr{KOp::Binary, int(torch::BinaryOp::sub), 0, 1},
            KInstr{KOp::Unary, int(torch::UnaryOp::exp), 2},
            reduce(ReduceOp::line_sum, 3),
            one,
            KInstr{KOp::Binary, int(torch::BinaryOp::div), 5, 4},
            KInstr{KOp::Binary, int(torch::BinaryOp::mul), 3, 6}};
  k.outputs = {7};
  return k;
}

// layer_norm(x, w, b) (nn.functional's Python: mean, centred variance,
// rsqrt, affine).
Kernel layer_norm_kernel() {
  using kiln::codegen::ReduceOp;
  Kernel k;
  k.name = "layer_norm";
  k.inputs = {KInput{false}, KInput{false}, KInput{false}};
  k.reduce_dims = 1;
  KInstr eps{KOp::Const};
  eps.imm = 1e-5f;
  k.body = {KInstr{KOp::Load, 0},
            reduce(ReduceOp::mean, 0),
            KInstr{KOp::Binary, int(torch::BinaryOp::sub), 0, 1},
            KInstr{KOp::Binary, int(torch::BinaryOp::mul), 2, 2},
            reduce(ReduceOp::mean, 3),
            eps,
            KInstr{KOp::Binary, int(torch::BinaryOp::add), 4, 5},
            KInstr{KOp::Unary, int(torch::UnaryOp::rsqrt), 6},
            KInstr{KOp::Binary, int(torch::BinaryOp::mul), 2, 7},
            KInstr{KOp::Load, 1},
            KInstr{KOp::Binary, int(torch::BinaryOp::mul), 8, 9},
            KInstr{KOp::Load, 2},
            KInstr{KOp::Binary, int(torch::BinaryOp::add), 10, 11}};
  k.outputs = {12};
  return k;
}

void run_rows(benchmark::State& state, const Kernel& k) {
  auto& be = kiln::jit::asmjit_backend();
  int64_t n = state.range(0);
  std::string why;
  auto ck = be.compile(k, &why);
  if (!ck) {
    state.SkipWithError(why.c_str());
    return;
  }
  torch::Tensor x = torch::empty({n / 1024, 1024}, torch::DType::Float32);
  torch::Tensor w = torch::empty({1024}, torch::DType::Float32), b = torch::empty({1024}, torch::DType::Float32);
  for (int64_t i = 0; i < n; i++) x.data<float>()[i] = float(i % 1000) / 100.0f - 5.0f;
  for (int64_t i = 0; i < 1024; i++) w.data<float>()[i] = b.data<float>()[i] = float(i) / 1024.0f;
  std::vector<KArg> args = {KArg{&x}, KArg{&w}, KArg{&b}};
  args.resize(k.inputs.size());
  KernelLaunch L;
  if (!L.prepare(k, args, &why)) {
    state.SkipWithError(why.c_str());
    return;
  }
  for (auto _ : state) {
    ck->run(L);
    benchmark::DoNotOptimize(L.out_ptrs[0]);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * n * 8);
}
void Softmax(benchmark::State& state) { run_rows(state, softmax_kernel()); }
void LayerNorm(benchmark::State& state) { run_rows(state, layer_norm_kernel()); }

void compile_kernel(benchmark::State& state, const Kernel& k) {
  auto& be = kiln::jit::asmjit_backend();
  std::string why;
  for (auto _ : state) {
    auto ck = be.compile(k, &why);
    benchmark::DoNotOptimize(ck.get());
  }
}
void CompileSoftmax(benchmark::State& state) { compile_kernel(state, softmax_kernel()); }
void CompileLayerNorm(benchmark::State& state) { compile_kernel(state, layer_norm_kernel()); }

BENCHMARK(Copy)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(CopyParallel)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(Chain12)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(Gelu12)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(Chain12Fast)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(Gelu12Fast)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(Cheap12)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(Softmax)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(LayerNorm)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(CompileSoftmax)->Unit(benchmark::kMicrosecond);
BENCHMARK(CompileLayerNorm)->Unit(benchmark::kMicrosecond);
BENCHMARK(Compile)->Arg(1)->Arg(4)->Arg(8)->Arg(12)->Arg(16)->Arg(32)->Arg(64)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
