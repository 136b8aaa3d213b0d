// jit/column_runner.cpp — see jit/column_runner.h.
#include "jit/column_runner.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>

#include "codegen/reference.h"

namespace kiln::jit {

using codegen::Form;
using codegen::KInstr;
using codegen::KOp;
using codegen::ReduceOp;
using codegen::RowPlan;

namespace {

constexpr size_t kAcc = 2;               // doubles per column a fold may keep (codegen::reduce_column_acc)

// The reduced rows of a block in order: per operand, the byte offset of
// the block's first column in row r (ColumnRunner::offset(op, run, r, j0),
// stepped like an odometer instead of divided out at every row).
struct Rows {
  std::vector<int64_t> base, at;  // per operand: row 0's offset; row r's
  int64_t idx[codegen::LoopNest::kMaxDims] = {};
};

// Per-thread buffers, reused across launches.
struct Buffers {
  Rows rows;
  std::vector<float> scratch, stats, blk, gather;
  std::vector<double> acc;
  std::vector<const char*> in;
  std::vector<char*> out;
};
Buffers& buffers() {
  thread_local Buffers b;
  return b;
}

// The launch's set-up, in the calling thread's reused buffers (worker
// threads only read them).
struct Setup {
  std::vector<int64_t> stride;  // per sub-kernel input: bytes along the block
  std::vector<float> consts;
  std::vector<RowFn> fns;
};
Setup& setup() {
  thread_local Setup s;
  return s;
}

class ColumnRunner {
 public:
  ColumnRunner(const RowPlan& p, const codegen::Kernel& k, codegen::KernelLaunch& L, const RowSource& src)
      : p_(p), k_(k), L_(L), nest_(L.nest), ni_(k.inputs.size()), inner_(L.nest.rank - 1), R_(L.rowlen) {
    M_ = std::max<int64_t>(nest_.sizes[inner_], 1);
    B_ = std::min(M_, kColumnBlockWidth);
    per_run_ = (M_ + B_ - 1) / B_;
    items_ = L.rows / M_ * per_run_;
    size_t ns = size_t(p.slots);
    stride_.assign(ni_ + ns, 4);  // slots step 4: a value per column
    for (size_t i = 0; i < ni_; i++) stride_[i] = k.inputs[i].scalar ? 0 : nest_.strides[i][size_t(inner_)];
    consts_.assign(k.body.size(), 0.0f);
    for (size_t i = 0; i < k.body.size(); i++)
      if (p.forms[i] == Form::Const) consts_[i] = eval(i, nullptr, 0);
    fns_.clear();
    for (size_t s = 0; s <= p.sweeps.size(); s++) {
      bool has = s < p.sweeps.size() ? !p.sweeps[s].producer.outputs.empty() : p.has_final;
      fns_.push_back(has ? src.row(s, stride_.data()) : nullptr);
    }
    for (const RowPlan::Sweep& sw : p.sweeps) {
      outputs_ = std::max(outputs_, sw.producer.outputs.size());
      folds_ = std::max(folds_, sw.folds.size());
    }
  }

  void run() {
    if (L_.rows == 0) return;
    int64_t total = L_.rows * std::max<int64_t>(R_, 1);
    int threads = std::max(1, tbb::this_task_arena::max_concurrency());
    if (total < kParallelPoints || threads == 1 || items_ == 1) {
      run_items(0, items_);
      return;
    }
    int64_t grain = std::max<int64_t>(1, kParallelPoints / (B_ * std::max<int64_t>(R_, 1)));
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, items_, grain),
                      [&](const tbb::blocked_range<int64_t>& b) { run_items(b.begin(), b.end()); });
  }

 private:
  const RowPlan& p_;
  const codegen::Kernel& k_;
  codegen::KernelLaunch& L_;
  const codegen::LoopNest& nest_;
  size_t ni_;
  int inner_;
  int64_t R_;                 // reduced elements per column
  int64_t M_ = 1, B_ = 1;     // the innermost kept dim's size; columns per block
  int64_t per_run_ = 1, items_ = 0;  // blocks per innermost run; blocks in all
  size_t outputs_ = 0, folds_ = 0;   // the most producer outputs, folds of a sweep
  Setup& setup_ = setup();
  std::vector<int64_t>& stride_ = setup_.stride;
  std::vector<float>& consts_ = setup_.consts;
  std::vector<RowFn>& fns_ = setup_.fns;

  ReduceOp op(const RowPlan::Fold& f) const { return ReduceOp(k_.body[size_t(f.value)].arg); }

  // Value i of the body at column j of the block: per-column operands from
  // `stats` (slot s at s * B), the rest from the constants.
  float eval(size_t i, const float* stats, int64_t j) const {
    const KInstr& in = k_.body[i];
    auto operand = [&](int v) { return p_.slot_of[size_t(v)] >= 0 ? stats[p_.slot_of[size_t(v)] * B_ + j] : consts_[size_t(v)]; };
    switch (in.op) {
      case KOp::Const: return in.imm;
      case KOp::Load: return L_.numbers[size_t(in.arg)];  // a number input (a tensor's is not per column)
      case KOp::Unary: return codegen::eval_element(in, operand(in.a), 0, 0);
      case KOp::Binary: return codegen::eval_element(in, operand(in.a), operand(in.b), 0);
      case KOp::Select: return codegen::eval_element(in, operand(in.a), operand(in.b), operand(in.c));
      case KOp::Reduce: break;
    }
    return 0;
  }

  // The byte offset of operand `op` (inputs, then outputs) at element j of
  // innermost run `run` (row-major over the kept dims but the innermost)
  // and reduced element r (row-major over the reduced dims).
  int64_t offset(size_t op, int64_t run, int64_t r, int64_t j) const {
    const auto& st = nest_.strides[op];
    int64_t off = j * st[size_t(inner_)];
    for (int d = inner_ - 1; d >= 0; d--) {
      int64_t& x = d >= nest_.outer_rank && d < nest_.reduced_end ? r : run;
      off += (x % nest_.sizes[d]) * st[size_t(d)];
      x /= nest_.sizes[d];
    }
    return off;
  }

  void rows_start(Rows& w, int64_t run, int64_t j0) const {
    size_t nops = nest_.strides.size();
    w.base.resize(nops);
    for (size_t op = 0; op < nops; op++) w.base[op] = offset(op, run, 0, j0);
    w.at = w.base;
    std::fill(std::begin(w.idx), std::end(w.idx), 0);
  }
  void rows_next(Rows& w) const {
    for (int d = nest_.reduced_end - 1; d >= nest_.outer_rank; d--) {
      bool carry = ++w.idx[d] == nest_.sizes[d];
      for (size_t op = 0; op < w.at.size(); op++)
        w.at[op] += carry ? -(nest_.sizes[d] - 1) * nest_.strides[op][size_t(d)] : nest_.strides[op][size_t(d)];
      if (!carry) return;
      w.idx[d] = 0;
    }
  }

  // Points the inputs at the current row of the block; the slots at `stats`.
  void point_inputs(Buffers& b, const Rows& w, const float* stats) const {
    size_t ns = size_t(p_.slots);
    b.in.resize(ni_ + ns);
    for (size_t i = 0; i < ni_; i++) b.in[i] = k_.inputs[i].scalar ? L_.in_ptrs[i] : L_.in_ptrs[i] + w.at[i];
    for (size_t s = 0; s < ns; s++) b.in[ni_ + s] = reinterpret_cast<const char*>(stats + int64_t(s) * B_);
  }

  void run_items(int64_t i0, int64_t i1) const {
    Buffers& b = buffers();
    b.scratch.resize(std::max<size_t>(outputs_, 1) * size_t(B_));
    b.stats.resize(std::max<size_t>(size_t(p_.slots), 1) * size_t(B_));
    b.acc.resize(std::max<size_t>(folds_, 1) * kAcc * size_t(B_));
    b.blk.resize(std::max<size_t>(folds_, 1) * size_t(B_));
    float* scratch = b.scratch.data();
    float* stats = b.stats.data();
    for (int64_t item = i0; item < i1; item++) {
      int64_t run = item / per_run_, j0 = item % per_run_ * B_, n = std::min(B_, M_ - j0);
      for (size_t s = 0; s < p_.sweeps.size(); s++) {
        const RowPlan::Sweep& sw = p_.sweeps[s];
        for (size_t f = 0; f < sw.folds.size(); f++)
          codegen::reduce_column_start(op(sw.folds[f]), b.acc.data() + f * kAcc * size_t(B_), b.blk.data() + f * size_t(B_), n);
        if (R_ > 0) rows_start(b.rows, run, j0);  // (no rows: sizes of 0, nothing to walk)
        for (int64_t r = 0; r < R_; r++, rows_next(b.rows)) {
          if (fns_[s]) {
            point_inputs(b, b.rows, stats);
            b.out.resize(sw.producer.outputs.size());
            for (size_t j = 0; j < b.out.size(); j++) b.out[j] = reinterpret_cast<char*>(scratch + int64_t(j) * B_);
            fns_[s](n, b.in.data(), stride_.data(), b.out.data());
          }
          for (size_t f = 0; f < sw.folds.size(); f++) {
            const RowPlan::Fold& fo = sw.folds[f];
            const float* src = scratch + int64_t(fo.output) * B_;
            if (fo.direct >= 0) {
              // (A folded input is contiguous, the launch checked, unless
              // each column has one element: then it is gathered.)
              const char* at = L_.in_ptrs[size_t(fo.direct)] + b.rows.at[size_t(fo.direct)];
              int64_t step = nest_.strides[size_t(fo.direct)][size_t(inner_)];
              src = reinterpret_cast<const float*>(at);
              if (step != 4) {
                b.gather.resize(size_t(B_));
                for (int64_t j = 0; j < n; j++) b.gather[size_t(j)] = *reinterpret_cast<const float*>(at + j * step);
                src = b.gather.data();
              }
            }
            codegen::reduce_column_row(op(fo), b.acc.data() + f * kAcc * size_t(B_), b.blk.data() + f * size_t(B_), src, n, r, R_);
          }
        }
        for (size_t f = 0; f < sw.folds.size(); f++) {
          const RowPlan::Fold& fo = sw.folds[f];
          float* dst = stats + int64_t(p_.slot_of[size_t(fo.value)]) * B_;
          const double* acc = b.acc.data() + f * kAcc * size_t(B_);
          for (int64_t j = 0; j < n; j++)
            dst[j] = codegen::reduce_finish(op(fo), codegen::reduce_column_result(op(fo), acc, j), R_, k_.body[size_t(fo.value)].imm);
        }
        for (int v : sw.after) {
          float* dst = stats + int64_t(p_.slot_of[size_t(v)]) * B_;
          for (int64_t j = 0; j < n; j++) dst[j] = eval(size_t(v), stats, j);
        }
      }
      if (fns_.back()) {
        b.out.assign(p_.final.outputs.size(), nullptr);
        if (R_ > 0) rows_start(b.rows, run, j0);  // (no rows: sizes of 0, nothing to walk)
        for (int64_t r = 0; r < R_; r++, rows_next(b.rows)) {
          point_inputs(b, b.rows, stats);
          for (size_t o = 0; o < k_.outputs.size(); o++) {
            int fo = p_.final_output[o];
            if (fo >= 0) b.out[size_t(fo)] = L_.out_ptrs[o] + b.rows.at[ni_ + o];
          }
          fns_.back()(n, b.in.data(), stride_.data(), b.out.data());
        }
      }
      for (size_t o = 0; o < k_.outputs.size(); o++) {
        if (p_.final_output[o] >= 0) continue;
        const float* src = stats + int64_t(p_.slot_of[size_t(k_.outputs[o])]) * B_;
        float* dst = reinterpret_cast<float*>(L_.out_ptrs[o]) + run * M_ + j0;  // per-column: output point run * M + j
        std::copy(src, src + n, dst);
      }
    }
  }
};

}  // namespace

void run_column_plan(const RowPlan& plan, const codegen::Kernel& k, codegen::KernelLaunch& L, const RowSource& rows) {
  ColumnRunner(plan, k, L, rows).run();
}

}  // namespace kiln::jit
