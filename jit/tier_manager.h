// jit/tier_manager.h — which tier runs each captured graph.
//
// A graph the tracer captured starts on the graph executor (tier 0.5:
// eager kernels, node by node, with the executor's fused float32 chains).
// Each call of it is counted; on the call that reaches `--jit-threshold`
// the tier manager lowers it to Kernel IR (codegen/lower.h) and compiles
// its kernels with the highest backend `--tier` allows (1: asmjit,
// synchronously — microseconds). From then on the graph runs on a
// CompiledGraph: each kernel region runs its machine code, every other node
// runs on the executor as before.
//
// Buffers are planned once per graph (plan_buffers): a kernel writes in
// place over an input that dies there, and the values that die inside the
// graph live in slots kept across calls, so a warm call allocates only
// what it returns.
//
// Nothing here can change an answer or crash: a backend that is
// unavailable on the host, a kernel it refuses, or inputs a kernel was not
// built for at some call (another dtype, requires_grad) leave those nodes
// on the executor, and the reason is logged (KILN_LOGS=jit) and shown by
// --explain. With --verify every kernel run is also run on the reference
// executor (codegen/reference.h) and compared bit for bit (tier 1 claims
// the eager arithmetic exactly); a difference raises RuntimeError naming
// the graph and the kernel (KILN_JIT_FAULT=1 flips a bit of every kernel's
// first result, for the test that --verify catches it). `--jit=off` keeps
// every graph on the executor.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "codegen/lower.h"
#include "jit/backend.h"
#include "kiln/kiln.h"
#include "tracer/graph.h"

namespace kiln::jit {

struct TierSettings {
  int tier = 1;         // --tier: the highest tier (1 = asmjit)
  bool jit = true;      // --jit
  int threshold = 2;    // --jit-threshold: calls of a graph before it is compiled
  bool verify = false;  // --verify
  int64_t short_rows = 128;  // --short-rows: reductions over shorter rows (narrower columns) stay eager
  bool fast_math = false;  // --fast-math: kernels may use the backend's float32 transcendentals
  std::string dump_dir;  // --dump-kernels
  std::string passes_off;  // --passes-off
  bool log_jit = false, log_kernels = false;  // KILN_LOGS=jit, kernels
  static TierSettings from(const Options& o);
};

class CompiledGraph {
 public:
  // Lowers `g` and compiles its kernels for the highest tier `s` allows
  // (logging to vm's stderr as `s` asks). Never null.
  static std::unique_ptr<CompiledGraph> compile(vm::VM& vm, const tracer::Graph& g, const TierSettings& s);

  enum class Ran { No, Yes, Error };
  // If a compiled kernel starts at node `node`: runs it on `regs`, writes
  // the registers of the nodes it computes that are used later, sets *end
  // (the node after the region) and returns Yes. No when there is none or
  // its inputs do not qualify this time (the executor runs the nodes);
  // Error with an exception pending (--verify found a difference).
  Ran run_at(vm::VM& vm, size_t node, vm::Value* regs, size_t* end) const;

  // For --explain: "tier 1 (asmjit): 2 kernels of 9 ops, 1.3 KiB of code,
  // compiled in 0.041 ms", or why it stays on the executor.
  std::string summary() const;
  int tier() const { return tier_; }
  double compile_ms() const { return compile_ms_; }
  size_t kernels() const { return regions_.size(); }
  // Bytes the kernels read and wrote (tensor inputs and outputs), all runs.
  uint64_t bytes_moved() const { return bytes_moved_; }

 private:
  // Runs region R's extern call on its argument registers into *result
  // (a tensor value, in R's product slot when it has one); false, with
  // why, when they do not qualify.
  struct Region;
  bool run_extern(vm::VM& vm, const Region& R, const vm::Value* regs, vm::Value* result, std::string* why) const;
  struct Region {
    codegen::KernelRegion region;
    std::unique_ptr<CompiledKernel> kernel;
    std::vector<uint64_t> masks;                // kernel.output_inputs()
    mutable codegen::KernelLaunch launch;       // reused, released after each run
    mutable std::vector<vm::Value> args;
    int reuse = -1;  // an input whose buffer an output may take (plan_buffers), or -1
    codegen::KernelLaunch::Into into;  // (input, output): a graph input's new value written into its buffer
    std::vector<torch::StoragePtr*> out_slots;  // per kernel output: its planned buffer (slots_), or null
    torch::StoragePtr* product_slot = nullptr;  // the extern call's product's planned buffer, or null
    // An input of it required grad in a run: autograd records eager ops,
    // and every run would fall back the same way (the entry's guards pin
    // each input's requires_grad and the grad mode), so none is tried again.
    mutable bool records_autograd = false;
    // Its launch was left to the eager ops for short rows in a graph whose
    // sizes are all guarded: every run would be, so none prepares it again.
    mutable bool eager_rows = false;
  };
  // Buffer planning: which region inputs die into their region's output,
  // and which planned buffer (slot) each value that dies inside the graph
  // lives in.
  void plan_buffers();
  // Region ri writes graph inputs' copied-back values into the inputs'
  // own buffers where it can (fills its `into`).
  void copy_back_in_place(size_t ri, const std::vector<int>& made_by);
  // The planned buffers, kept across calls: values whose lifetimes do not
  // overlap share one. A slot is written only when nothing else holds its
  // storage (torch::empty_in), so a value that escaped some other way (a
  // view made by an executor node after a fallback) is never overwritten.
  mutable std::vector<torch::StoragePtr> slots_;
  const tracer::Graph* g_ = nullptr;
  std::vector<Region> regions_;
  std::vector<int> region_at_;  // per node: the region starting there, or -1
  int tier_ = 0;
  std::string backend_, why_not_;
  double compile_ms_ = 0;
  bool verify_ = false;
  uint32_t fault_ = 0;  // KILN_JIT_FAULT: the bits one result gets flipped (tests of --verify)
  mutable uint64_t fallbacks_ = 0;
  // Reducing kernel runs left to the executor for their short rows (fewer
  // than short_rows_ elements: run_at), or a column reduction's of at
  // least kManyRows reduced rows whose innermost kept dim is narrower.
  int64_t short_rows_limit_ = 128;
  static constexpr int64_t kManyRows = 256;
  mutable uint64_t short_rows_ = 0;
  mutable uint64_t in_place_ = 0;  // kernel runs whose output took a dying input's buffer
  mutable uint64_t bytes_moved_ = 0;
};

}  // namespace kiln::jit
