// codegen/kernel_ir.h — the Kernel IR: what the graph compiler hands to
// every backend.
//
// A Kernel is a loop nest over an iteration space and, inside it, a list of
// SSA instructions (codegen/kernel_ops.def) that load inputs at the current
// point, combine them with pointwise operations, and store some of the
// values to outputs. The iteration space is symbolic in the IR: its rank
// and sizes are bound when the kernel runs, from the broadcast shape of its
// tensor inputs (so one kernel serves every size a dynamic graph sees), and
// so are each input's strides (0 along a dimension it broadcasts over; a
// Python number is an input with every stride 0). Outputs are
// contiguous tensors of the iteration shape.
//
// The operations are torch's own elementwise ops (stdlib/torch/
// elementwise.h), and they mean exactly what the eager kernels compute for
// the kernel's dtype, bit for bit: the reference executor
// (codegen/reference.h) evaluates them with the eager rows, and each
// backend must agree with it (tests/unit/test_codegen.cpp, the random graph
// test). A backend that cannot compile an instruction refuses the kernel,
// and the graph runs it on the executor instead. Predicates (compares,
// logical ops) define masks, 1.0 or 0.0, and a Select picks by one;
// besides inputs of the kernel's dtype, a kernel may read bool tensors
// (masks, each byte as 0.0 or 1.0) and a pointwise kernel store them (each
// byte the value != 0).
//
// A kernel may also reduce: its trailing `reduce_dims` dimensions are
// folded by Reduce instructions (codegen/reduce_ops.h), one value per point
// of the outer dimensions. Every value then has a form (`forms()`): a
// row-level value varies over the whole iteration space; a per-row value
// (a reduction, and pointwise ops of reductions and constants) has one
// value per outer point, in the reduced shape kept (keepdim=True: it
// broadcasts along the row, so row-level ops may use it, as softmax's
// x - max does) or squeezed (keepdim=False: only other squeezed per-row
// values and constants may combine with it, since its shape broadcasts
// against the full one differently). A row-level output is stored over
// the iteration shape, a per-row output over the reduced shape.
//
// The reduced dims may instead be leading or middle ones (`reduce_from`:
// x.sum(0), x.mean(1) of [A, B, C]), with kept dims after them: a column
// reduction. Its "rows" are then the output points (every kept dim, outer
// and inner), each folding its column of reduced elements with eager's
// column fold (rows added in order: codegen/reduce_ops.h); every
// reduction but logsumexp folds so (var and std by Welford's steps). The forms are the same: a kept per-row value
// ([A, 1, C]) broadcasts along the reduced dims, and over leading dims
// (reduce_from 0) a squeezed one does too ([C] against [B, C]): it meets
// row-level and kept values as a kept one.
//
// The IR is printable (`--dump-kernels=DIR`, KILN_LOGS=kernels) and
// validated after lowering. LoopNest is the binding of the symbolic loop
// nest to actual tensors: the broadcast shape with dimensions merged where
// every operand allows it, innermost last.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "codegen/reduce_ops.h"
#include "stdlib/torch/tensor.h"

namespace kiln::codegen {

enum class KOp : uint8_t {
#define KERNEL_OP(name, printed, operands) name,
#include "codegen/kernel_ops.def"
#undef KERNEL_OP
};
const char* kop_name(KOp op);
int kop_operands(KOp op);
// How many torch::UnaryOp / torch::BinaryOp there are (valid `arg`s).
int unary_op_count();
int binary_op_count();

struct KInstr {
  KOp op;
  int arg = 0;        // Load: the input; Unary / Binary: the torch op; Reduce: the ReduceOp
  int a = -1, b = -1;  // operand values (earlier instructions)
  float imm = 0;      // Const: the value (converted to float32 as eager converts a Python number)
  bool keepdim = true;  // Reduce: whether its value keeps the reduced dims (as size 1)
  int c = -1;         // Select: the third operand (the value where a is 0)
};

// What a value varies over (see above).
enum class Form : uint8_t {
  Const,     // the same everywhere: constants, number inputs, ops of them
  Row,       // every point of the iteration space
  Kept,      // one per outer point, keepdim shape
  Squeezed,  // one per outer point, reduced dims dropped
  Invalid,   // a squeezed value met a row-level or kept one
};

// One view an input tensor is read through (fusion through views of a
// value the kernel computes: the value's expression again over its inputs,
// each read through the same view). Applied in order to the tensor:
//   * Dims: right-aligned to `rank` dims (leading size-1 dims added), then
//     result dim d is its dim dims[d], or a new size-1 dim where -1
//     (transpose, permute, unsqueeze); dims not listed must be of size 1
//     (squeeze). Sizes may be dynamic.
//   * Reshape: broadcast to `from` (the shape of the value it is a view
//     of), then read as `to` with the strides a view would have (a copy
//     where there is no such view: see launch.h).
//   * Index: broadcast to `from`, then result dim d is dim dims[d] of it
//     (-1: a new size-1 dim) from start[d] by step[d], size[d] elements;
//     a dim of `from` not listed is fixed at at[dim] (basic indexing:
//     ints, slices with steps, None, Ellipsis).
struct ViewStep {
  enum class Kind : uint8_t { Dims, Reshape, Index };
  Kind kind = Kind::Dims;
  int rank = 0;                                 // Dims
  std::vector<int8_t> dims;                     // Dims, Index
  std::vector<int64_t> from, to;                // Reshape (from, to), Index (from)
  std::vector<int64_t> start, step, size, at;   // Index
  static ViewStep dims_view(int rank, std::vector<int8_t> dims) {
    ViewStep v;
    v.rank = rank;
    v.dims = std::move(dims);
    return v;
  }
  int result_rank() const { return kind == Kind::Reshape ? int(to.size()) : int(dims.size()); }
  std::string to_string() const;
  // Empty if well formed for a tensor of `in_rank` dims (-1: unknown),
  // else what is wrong.
  std::string invalid(int in_rank) const;
};

struct KInput {
  KInput() = default;
  explicit KInput(bool number) : scalar(number) {}
  bool scalar = false;  // a Python number (converted to the kernel's dtype), else a tensor
  std::vector<ViewStep> views;  // a tensor read through these views, in order
  // A tensor's dtype: the kernel's, or bool (a mask: each byte, 0 or 1,
  // read as 0.0 or 1.0, as eager promotes a bool to float32).
  torch::DType dtype = torch::DType::Float32;
  bool viewed() const { return !views.empty(); }
};

// Element `p` of a tensor input of dtype d, as the kernel reads it (a
// bool's nonzero byte as 1.0).
inline float read_input(torch::DType d, const char* p) {
  if (d == torch::DType::Bool) return *reinterpret_cast<const uint8_t*>(p) ? 1.0f : 0.0f;
  return *reinterpret_cast<const float*>(p);
}
// Stores value v to element `p` of an output of dtype d (a bool: v != 0,
// NaN counting as true, as truth() does).
inline void write_output(torch::DType d, char* p, float v) {
  if (d == torch::DType::Bool) *reinterpret_cast<uint8_t*>(p) = v != 0.0f ? 1 : 0;
  else *reinterpret_cast<float*>(p) = v;
}

struct Kernel {
  std::string name;                              // "f_0_k0": graph and index
  torch::DType dtype = torch::DType::Float32;    // of every value, input and output
  std::vector<KInput> inputs;
  std::vector<KInstr> body;                      // instruction i defines value i
  std::vector<int> outputs;                      // values stored, one output each
  // Per output, its dtype where it is not the kernel's: bool (a mask, each
  // element stored as the byte value != 0; a pointwise kernel's row-level
  // outputs only). Shorter than `outputs`: the rest are the kernel's.
  std::vector<torch::DType> out_dtypes;
  torch::DType output_dtype(size_t o) const { return o < out_dtypes.size() ? out_dtypes[o] : dtype; }
  int reduce_dims = 0;                           // trailing dims folded by Reduce instructions (0: none)
  // A column reduction: the folded dims are reduce_dims dims from this one
  // (counted from the front), with at least one kept dim after them; -1:
  // the trailing reduce_dims.
  int reduce_from = -1;
  // --fast-math: a backend may compute exp, tanh and sigmoid with its own
  // float32 sequences (error bounds in docs/ARCHITECTURE.md, "Fast math")
  // instead of eager's bits. The reference executor stays exact; --verify
  // then compares within float32 tolerances.
  bool fast_math = false;

  // Readable text: the loop nest, the body, the stores.
  std::string to_string() const;
  // Empty if well formed, else what is wrong.
  std::string validate() const;
  // Per value, the inputs it reads (bit i: input i; inputs past 63 all
  // count as bit 63), not through a reduction (a per-row value reads
  // nothing itself); per output, the same.
  void value_inputs_into(std::vector<uint64_t>* out) const;
  std::vector<uint64_t> output_inputs() const;
  // Per value, its form (into *out: no allocation once its capacity suffices).
  std::vector<Form> forms() const;
  void forms_into(std::vector<Form>* out) const;
  // The form of value i, given the forms of the values before it.
  Form form_of(size_t i, const std::vector<Form>& earlier) const;
  bool reduces() const { return reduce_dims > 0; }
  bool columns() const { return reduce_dims > 0 && reduce_from >= 0; }
};

// A kernel's loop nest bound to its operands: `rank` dims of `sizes`
// (innermost last) and per operand (inputs, then outputs) a byte stride per
// dim. Dims where every operand is contiguous across the boundary are
// merged, so a contiguous elementwise kernel has rank 1.
struct LoopNest {
  static constexpr int kMaxDims = torch::kMaxDims;
  int rank = 0;
  int64_t numel = 0;
  int64_t sizes[kMaxDims] = {};
  std::vector<std::array<int64_t, kMaxDims>> strides;  // [operand][dim], bytes (reused between binds)

  // The broadcast shape of `shapes` (PyTorch's rules), or false.
  static bool broadcast(const std::vector<torch::Shape>& shapes, torch::Shape* out);
  // *acc broadcast with `s` in place, or false.
  static bool broadcast_into(torch::Shape* acc, const torch::Shape& s);
  // Binds `shape` with each operand's byte strides over it (a Shape of the
  // operand's own sizes/strides, right-aligned; a scalar has none), merging
  // dims where possible. With `split` >= 0 (a reducing kernel: its first
  // reduced dim), dims before it and dims from it merge only among
  // themselves: `outer_rank` merged dims come first, then at least one
  // (of size 1 if every reduced dim is) that spans the reduced ones.
  // (Byte strides: each operand's element size is its dtype's.)
  // `split_end` (a column reduction: the end of its reduced dims) groups
  // the dims from it too: `outer_rank` merged dims, then the reduced ones
  // (at least one) up to `reduced_end`, then the inner kept ones (at least
  // one). Otherwise reduced_end is rank.
  bool bind(const torch::Shape& shape, const std::vector<const torch::Tensor*>& operands, int split = -1, int split_end = -1);
  int outer_rank = 0;
  int reduced_end = 0;
};

}  // namespace kiln::codegen
