// tests/unit/op_samples.h — random calls of registry ops, drawn from their
// schemas, for the tests generated per op (test_op_registry.cpp's meta
// functions, test_op_gradients.cpp's derivatives).
//
// Each argument is drawn by its parameter's type and name: tensors of every
// dtype and of broadcastable or mismatched shapes (a quarter of those with
// two or more dims are transposed views), indices and masks of 0s and 1s,
// Python numbers, dims in and out of range, strings, dtypes, omitted
// defaults, keywords. In the Gradients style every tensor that is not an
// index or a mask is float64 with continuous values (no ties, no kinks: the
// points gradcheck needs) and numbers are floats or small ints.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "stdlib/torch/autograd/variable.h"
#include "stdlib/torch/ops/registry.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace kiln_test {

using kiln::vm::Value;

// One VM with torch imported, shared by every generated test.
struct OpHarness {
  kiln::Options opts;
  kiln::vm::VM vm{opts};
  Value torch_mod;
  OpHarness();
  Value attr(const char* name);  // torch.<name>
};
OpHarness& op_harness();

struct Gen {
  std::mt19937 rng;
  explicit Gen(uint32_t seed) : rng(seed) {}
  int pick(int n) { return int(rng() % uint32_t(n)); }
  bool coin(int percent) { return pick(100) < percent; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * (double(rng()) / 4294967296.0); }
};

enum class SampleStyle { Metadata, Gradients };

// A call of an op: positional values first, then keyword values
// (kwnames names them); a method call has its receiver first.
struct SampledCall {
  std::vector<Value> args;
  size_t npos = 0;
  Value kwnames;  // tuple, or Empty
  bool method = false;
  kiln::vm::CallArgs call_args() const {
    return kiln::vm::CallArgs{args.data(), npos, kwnames ? kwnames.as<kiln::vm::TupleObject>() : nullptr};
  }
};
SampledCall sample_call(OpHarness& h, const kiln::torch::ops::OpDef& op, Gen& g, SampleStyle style);

// The op as a function of the float64 tensors of one sampled call (its
// slots: each float64 tensor argument, and each float64 tensor in a list
// argument, in order).
struct OpFunction {
  OpHarness& h;
  const kiln::torch::ops::OpDef& op;
  SampledCall call;
  struct Slot {
    size_t arg;
    int item;  // -1: args[arg] itself; else an item of the list args[arg]
  };
  std::vector<Slot> slots;
  std::vector<kiln::torch::Tensor> x0;  // the sampled values of the slots

  OpFunction(OpHarness& h, const kiln::torch::ops::OpDef& op, SampledCall c);
  // The op's floating outputs at xs (one Var per slot), or nullopt when the
  // call raises (the exception cleared). In-place ops write a clone of
  // their first argument.
  std::optional<kiln::torch::autograd::VarList> operator()(const kiln::torch::autograd::VarList& xs);
  // Of the last call, per output: its index in the tuple or list the op
  // returned (-1: the op returned that tensor itself).
  std::vector<int> items;
};

// A float64 tensor of t's sizes, contiguous, of random values in (-1, 1).
kiln::torch::Tensor random_like(const kiln::torch::Tensor& t, Gen& g);
// t as a leaf that requires grad.
kiln::torch::autograd::Var leaf(const kiln::torch::Tensor& t);
// Equal dtype, sizes and bits, but any NaN equals any NaN: a graph's number
// constants are NaN-boxed Values, which hold one canonical NaN, and a
// NaN's sign and payload are not a value a program prints.
bool same_bits(const kiln::torch::Tensor& a, const kiln::torch::Tensor& b);

// The call as Python source would write it: "(tensor(...), 2, dim=1)".
std::string describe(OpHarness& h, const SampledCall& c);

// The pending exception as "TypeError: message" (cleared), or "(none)".
std::string exception_text(OpHarness& h);

}  // namespace kiln_test
