// codegen/launch.h — binding a kernel to the values it runs on.
//
// Every way of running a kernel (the reference executor, each backend's
// host stub) starts the same: check that the operands are what the kernel
// was built for (float32 tensors that need no autograd; Python numbers
// where the kernel takes a number), view the inputs the kernel reads
// through a view, work out the broadcast shape of the inputs it loads,
// check what a reducing kernel folds, allocate the outputs (or give one a
// dying input's buffer, or a planned buffer of the compiled graph) and bind
// the loop nest. A launch that does not
// qualify says why; the graph then runs those nodes on the executor, as
// eager ops.
#pragma once

#include <string>
#include <vector>

#include "codegen/kernel_ir.h"
#include "vm/value.h"

namespace kiln::codegen {

// t read through view step v (KInput::views), into *out; false with *why.
// A reshape of a layout with no such view reads a contiguous copy, or
// with copy false fails (lowering's check of the expected layout).
bool view_through(const torch::Tensor& t, const ViewStep& v, torch::Tensor* out, std::string* why, bool copy);

// A kernel input's value: a tensor, or a Python number.
struct KArg {
  const torch::Tensor* tensor = nullptr;
  double number = 0;
  bool requires_grad = false;  // of the tensor: autograd must record eager ops then
};

struct KernelLaunch {
  torch::Shape shape;                 // the iteration shape (of row-level outputs)
  LoopNest nest;                      // operands: inputs, then outputs
  std::vector<const char*> in_ptrs;   // per input: its first element (a number: its float)
  std::vector<float> numbers;         // per input: the value of a number input
  std::vector<torch::Tensor> outs;    // fresh, contiguous
  std::vector<char*> out_ptrs;
  // A reducing kernel: the nest's first `nest.outer_rank` dims walk the
  // `rows` output points, its last dim (`rowlen` elements) the reduced
  // ones. Per-row outputs are bound with no strides: row r is element r.
  // A column reduction: dims [outer_rank, reduced_end) of the nest are the
  // reduced ones (`rowlen` elements), the rest walk the `rows` output
  // points (row-major, the inner kept dims fastest).
  int64_t rows = 0, rowlen = 0;
  bool in_place = false;              // an output took the `reuse` input's buffer (or an `into` input's)
  std::vector<Form> forms;            // the kernel's, per value

  // From the kernel's input values, in its input order. False, with
  // `why`, when they do not qualify. `masks`: the kernel's output_inputs()
  // (computed here if null). A launch may be prepared again: its buffers
  // are reused (the previous outputs must have been taken).
  // `reuse`: an input (a tensor that dies with this launch, unaliased, and
  // not read by any other input of the kernel) whose buffer the first
  // row-level output of its shape may take instead of a fresh one, when it
  // is contiguous and not read through a view (each point reads its inputs
  // before writing there, at the same point).
  // `slots`: per output, a slot its buffer is taken from (torch::empty_in:
  // the compiled graph's planned buffer for a value that dies inside the
  // graph), or null for a fresh one (or the donated buffer). An output
  // with a slot takes no donation. `into`: (input, output) pairs whose
  // output is written into the input's own buffer (a graph input's new
  // value: the same conditions as `reuse` but that the input lives on),
  // where it fits; else the output takes a fresh buffer.
  using Into = std::vector<std::pair<int, int>>;
  bool prepare(const Kernel& k, const std::vector<KArg>& args, std::string* why,
               const std::vector<uint64_t>* masks = nullptr, int reuse = -1,
               const std::vector<torch::StoragePtr*>* slots = nullptr, const Into* into = nullptr);
  // The same from graph values: tensors and Python numbers (ints, floats,
  // bools).
  bool prepare(const Kernel& k, const std::vector<vm::Value>& values, std::string* why,
               const std::vector<uint64_t>* masks = nullptr, int reuse = -1,
               const std::vector<torch::StoragePtr*>* slots = nullptr, const Into* into = nullptr);
  // Drops the launch's references to tensors (the outputs and the views
  // of inputs), keeping its buffers' capacity: a planned buffer the launch
  // still referenced would look taken at the next call.
  void release();

 private:
  std::vector<KArg> args_;                    // prepare(values)'s conversion, reused
  std::vector<const torch::Tensor*> operands_;  // reused
  std::vector<torch::Shape> shapes_;          // reused
  std::vector<uint64_t> masks_;               // when none is given
  std::vector<torch::Tensor> viewed_;         // per viewed input: the view it is read through
  // Input i (operands_[i]) read through its views (KInput::views), into
  // viewed_[i]; or false with *why. A reshape of a layout that has no
  // such view reads a contiguous copy (an allocation per launch: lowering
  // fuses reshapes only where its inputs' expected layout has the view).
  bool apply_views(size_t i, const KInput& kin, std::string* why);
  std::vector<bool> loaded_;                  // reused: per input, whether an instruction loads it
  std::vector<uint64_t> deps_;                // reused: per value, the inputs it reads (Kernel::value_inputs_into)
  std::vector<bool> stat_;                    // reused: per value, whether it uses a per-row value

 public:
};

}  // namespace kiln::codegen
