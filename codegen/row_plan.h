// codegen/row_plan.h — a reducing kernel as pointwise pieces over one row.
//
// A compiled backend runs a reducing kernel (codegen/kernel_ir.h) one row
// (outer point) at a time, in sweeps along the row. Sweep s evaluates the
// row-level operands of the reductions that become computable after s - 1
// sweeps (softmax: the max in sweep 1, the sum of exp(x - max) in sweep 2)
// into a scratch row and folds them with the eager row folds
// (codegen/reduce_ops.h); then the per-row values that depend only on
// what is known so far (1 / sum, log(sum), var + eps...) are computed once
// for the row. A last pass computes the row-level outputs (softmax's
// exp(x - max) * (1 / sum)) straight into the outputs.
//
// Each sweep's producer and the last pass are ordinary pointwise kernels
// (reduce_dims 0), so a backend compiles them with its pointwise code:
// their inputs are the kernel's inputs, then one number input per per-row
// value ("slot"), which the host points at the row's values, then one
// tensor input per value an earlier sweep's producer stored ("stored
// row"), which the host points at that row of scratch. A later pass reads
// a stored value instead of computing it again: softmax's last pass reads
// the exps its second sweep stored and only multiplies. A reduction whose
// operand is a load of a tensor input of the kernel's dtype folds the
// input's row in place (no producer output; folds_in_place). The plan is the same for every backend;
// jit/row_runner.h drives it on the host.
//
// A column reduction (Kernel::columns) has the same plan, run over blocks
// of columns (jit/column_runner.h): its slots hold one value per column of
// the block, so they are tensor inputs stepping along it, and nothing is
// stored (a later pass computes its values again: a stored block would
// span every reduced row).
#pragma once

#include <vector>

#include "codegen/kernel_ir.h"

namespace kiln::codegen {

struct RowPlan {
  std::vector<Form> forms;    // per value of the kernel
  std::vector<int> slot_of;   // per value: its slot (per-row values), else -1
  int slots = 0;
  struct Fold {
    int value;       // the Reduce instruction
    int direct = -1;  // the tensor input it folds in place, or -1: producer output `output`
    int output = -1;
  };
  struct Sweep {
    std::vector<Fold> folds;
    Kernel producer;            // outputs: the folds' operands (none if every fold is direct)
    int first_stored = 0;       // its outputs are stored rows first_stored, first_stored + 1, ...
    std::vector<int> after;     // per-row non-reductions computed after the sweep, in body order
  };
  int stored = 0;               // stored rows: every producer output, in sweep order
  std::vector<Sweep> sweeps;
  bool has_final = false;
  Kernel final;               // the row-level outputs
  std::vector<int> final_output;  // per kernel output: its output index in `final`, or -1 (a per-row output: its slot)
};

// Whether a reduction of `operand` folds a tensor input where it lies: a
// load of an input of the kernel's dtype (a bool mask's bytes go through a
// producer, which reads them as 0.0 / 1.0, as eager's mask.float() does).
bool folds_in_place(const Kernel& k, const KInstr& operand);

// The plan of a valid reducing kernel.
RowPlan plan_rows(const Kernel& k);

}  // namespace kiln::codegen
