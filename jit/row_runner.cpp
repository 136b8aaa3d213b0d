// jit/row_runner.cpp — see jit/row_runner.h.
#include "jit/row_runner.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>

#include "codegen/reference.h"
#include "stdlib/torch/elementwise.h"

namespace kiln::jit {

using codegen::Form;
using codegen::KInstr;
using codegen::KOp;
using codegen::ReduceOp;
using codegen::RowPlan;

namespace {


// Per-thread buffers, reused across launches.
struct Buffers {
  std::vector<float> scratch, stats, consts;
  std::vector<const char*> in;
  std::vector<char*> out;
  std::vector<double> acc;
};
Buffers& buffers() {
  thread_local Buffers b;
  return b;
}

class Runner {
 public:
  Runner(const RowPlan& p, const codegen::Kernel& k, codegen::KernelLaunch& L, const RowSource& src)
      : p_(p), k_(k), L_(L), nest_(L.nest), ni_(k.inputs.size()), inner_(L.nest.rank - 1), n_(L.rowlen) {
    size_t ns = size_t(p.slots);
    stride_.assign(ni_ + ns + size_t(p.stored), 4);  // stored rows step 4
    for (size_t i = 0; i < ni_ + ns; i++) stride_[i] = 0;
    for (size_t i = 0; i < ni_; i++)
      if (!k.inputs[i].scalar) stride_[i] = nest_.strides[i][size_t(inner_)];
    scratch_ = size_t(p.stored) * size_t(std::max<int64_t>(n_, 1));
    // Values that are the same everywhere (constants, number inputs, ops
    // of them), for the per-row ops that use them.
    consts_.assign(k.body.size(), 0.0f);
    for (size_t i = 0; i < k.body.size(); i++)
      if (p.forms[i] == Form::Const) consts_[i] = eval(i, consts_.data(), nullptr);
    fns_.clear();
    block_.clear();
    for (size_t s = 0; s <= p.sweeps.size(); s++) {
      bool has = s < p.sweeps.size() ? !p.sweeps[s].producer.outputs.empty() : p.has_final;
      fns_.push_back(has ? src.row(s, stride_.data()) : nullptr);
    }
    // Per sweep: the block a producer fills at a time, and how wide.
    for (const RowPlan::Sweep& sw : p.sweeps) {
      int64_t piece = -1;
      bool same = true;
      for (const RowPlan::Fold& f : sw.folds) {
        int64_t ps = codegen::reduce_piece_size(op(f), n_, L.rows);
        if (piece >= 0 && ps != piece) same = false;
        piece = ps;
      }
      block_.push_back(same && piece > 0 ? piece : std::max<int64_t>(n_, 1));
    }
  }

  void run() {
    int64_t rows = L_.rows;
    if (rows == 0) return;
    int64_t total = rows * std::max<int64_t>(n_, 1);
    int threads = std::max(1, tbb::this_task_arena::max_concurrency());
    if (total < kParallelPoints || threads == 1) {
      run_rows(0, rows);
    } else if (rows < 2 * threads && n_ >= kParallelPoints) {
      for (int64_t r = 0; r < rows; r++) run_long_row(r);
    } else {
      int64_t grain = std::max<int64_t>(1, kParallelPoints / std::max<int64_t>(n_, 1));
      tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, grain),
                        [&](const tbb::blocked_range<int64_t>& b) { run_rows(b.begin(), b.end()); });
    }
  }

 private:
  const RowPlan& p_;
  const codegen::Kernel& k_;
  codegen::KernelLaunch& L_;
  const codegen::LoopNest& nest_;
  size_t ni_;
  int inner_;
  int64_t n_;
  // The launch's set-up, in the calling thread's reused buffers (no
  // allocation per launch once warm; worker threads only read them).
  struct Setup {
    std::vector<int64_t> stride;  // per sub-kernel input: bytes along the row
    std::vector<float> consts;
    std::vector<RowFn> fns;
    std::vector<int64_t> block;
  };
  static Setup& setup() {
    thread_local Setup s;
    return s;
  }
  Setup& setup_ = setup();
  std::vector<int64_t>& stride_ = setup_.stride;
  std::vector<float>& consts_ = setup_.consts;
  std::vector<RowFn>& fns_ = setup_.fns;
  std::vector<int64_t>& block_ = setup_.block;
  size_t scratch_ = 0;

  ReduceOp op(const RowPlan::Fold& f) const { return ReduceOp(k_.body[size_t(f.value)].arg); }

  // Value i of the body on one element: per-row operands from `stats`
  // (by slot), the rest from `vals`.
  float eval(size_t i, const float* vals, const float* stats) const {
    const KInstr& in = k_.body[i];
    auto operand = [&](int v) { return p_.slot_of[size_t(v)] >= 0 ? stats[p_.slot_of[size_t(v)]] : vals[size_t(v)]; };
    float r = 0;
    switch (in.op) {
      case KOp::Const: r = in.imm; break;
      case KOp::Load: r = L_.numbers[size_t(in.arg)]; break;  // a number input (a tensor's is not per row)
      case KOp::Unary: r = codegen::eval_element(in, operand(in.a), 0, 0); break;
      case KOp::Binary: r = codegen::eval_element(in, operand(in.a), operand(in.b), 0); break;
      case KOp::Select: r = codegen::eval_element(in, operand(in.a), operand(in.b), operand(in.c)); break;
      case KOp::Reduce: break;
    }
    return r;
  }

  // The byte offset of operand `op` (inputs, then outputs) at element c
  // of row r (c in row-major order over the reduced dims).
  int64_t offset(size_t op, int64_t r, int64_t c) const {
    int64_t off = 0;
    for (int d = nest_.rank - 1; d >= nest_.outer_rank; d--) {
      off += (c % nest_.sizes[d]) * nest_.strides[op][size_t(d)];
      c /= nest_.sizes[d];
    }
    for (int d = nest_.outer_rank - 1; d >= 0; d--) {
      off += (r % nest_.sizes[d]) * nest_.strides[op][size_t(d)];
      r /= nest_.sizes[d];
    }
    return off;
  }

  // Points `in` at row r's inputs at element c; slots at `stats`, stored
  // rows into `scratch` (the row's: stored row g at g * n).
  void point_inputs(Buffers& b, int64_t r, int64_t c, float* stats, const float* scratch) const {
    size_t ns = size_t(p_.slots);
    b.in.resize(ni_ + ns + size_t(p_.stored));
    for (size_t i = 0; i < ni_; i++) b.in[i] = k_.inputs[i].scalar ? L_.in_ptrs[i] : L_.in_ptrs[i] + offset(i, r, c);
    for (size_t s = 0; s < ns; s++) b.in[ni_ + s] = reinterpret_cast<const char*>(stats + s);
    for (int g = 0; g < p_.stored; g++) b.in[ni_ + ns + size_t(g)] = reinterpret_cast<const char*>(scratch + size_t(g) * size_t(n_) + c);
  }

  // Calls fn(c, n) for the pieces of elements [c0, c0 + len) of a row that
  // lie along its innermost dim (one piece when the reduced dims merged
  // into one).
  template <class F>
  void segments(int64_t c0, int64_t len, F fn) const {
    int64_t m = std::max<int64_t>(nest_.sizes[inner_], 1);
    for (int64_t c = c0; c < c0 + len;) {
      int64_t n = std::min(c0 + len, (c / m + 1) * m) - c;
      fn(c, n);
      c += n;
    }
  }

  // Folds elements [c0, c0 + len) of sweep s's operands into acc.
  void fold_block(Buffers& b, size_t s, int64_t r, int64_t c0, int64_t len, float* stats, float* scratch, double* acc) const {
    produce_only(b, s, r, c0, len, stats, scratch);
    fold_only(s, r, c0, len, scratch, acc);
  }

  // Sweep s's producer over elements [c0, c0 + len) of row r, into scratch.
  void produce_only(Buffers& b, size_t s, int64_t r, int64_t c0, int64_t len, float* stats, float* scratch) const {
    const RowPlan::Sweep& sw = p_.sweeps[s];
    if (fns_[s]) {
      b.out.resize(sw.producer.outputs.size());
      segments(c0, len, [&](int64_t c, int64_t n) {
        point_inputs(b, r, c, stats, scratch);
        for (size_t j = 0; j < b.out.size(); j++)
          b.out[j] = reinterpret_cast<char*>(scratch + size_t(sw.first_stored + int(j)) * size_t(n_) + c);
        fns_[s](n, b.in.data(), stride_.data(), b.out.data());
      });
    }
  }

  // Folds elements [c0, c0 + len) of sweep s's operands (produced) into acc.
  void fold_only(size_t s, int64_t r, int64_t c0, int64_t len, const float* scratch, double* acc) const {
    const RowPlan::Sweep& sw = p_.sweeps[s];
    for (size_t f = 0; f < sw.folds.size(); f++) {
      const RowPlan::Fold& fo = sw.folds[f];
      // (A folded input's row is contiguous: the launch checked.)
      const float* src = fo.direct >= 0
                             ? reinterpret_cast<const float*>(L_.in_ptrs[size_t(fo.direct)] + offset(size_t(fo.direct), r, c0))
                             : scratch + size_t(sw.first_stored + fo.output) * size_t(n_) + c0;
      int64_t piece = codegen::reduce_piece_size(op(fo), n_, L_.rows);
      for (int64_t q = 0; q < len; q += piece)
        acc[f] = codegen::reduce_piece(op(fo), acc[f], src + q, std::min(piece, len - q), L_.rows);
    }
  }

  // The per-row values known after sweep s.
  void finish_sweep(size_t s, const double* acc, float* stats) const {
    const RowPlan::Sweep& sw = p_.sweeps[s];
    for (size_t f = 0; f < sw.folds.size(); f++)
      stats[p_.slot_of[size_t(sw.folds[f].value)]] =
          codegen::reduce_finish(op(sw.folds[f]), acc[f], n_, k_.body[size_t(sw.folds[f].value)].imm);
    for (int v : sw.after) stats[p_.slot_of[size_t(v)]] = eval(size_t(v), consts_.data(), stats);
  }

  // The row-level outputs of row r, elements [c0, c0 + len); per-row ones at c0 == 0.
  void write_row(Buffers& b, int64_t r, int64_t c0, int64_t len, float* stats, const float* scratch) const {
    if (fns_.back()) {
      b.out.assign(p_.final.outputs.size(), nullptr);
      segments(c0, len, [&](int64_t c, int64_t n) {
        point_inputs(b, r, c, stats, scratch);
        for (size_t o = 0; o < k_.outputs.size(); o++) {
          int fo = p_.final_output[o];
          if (fo >= 0) b.out[size_t(fo)] = L_.out_ptrs[o] + offset(ni_ + o, r, c);
        }
        fns_.back()(n, b.in.data(), stride_.data(), b.out.data());
      });
    }
    if (c0 == 0)
      for (size_t o = 0; o < k_.outputs.size(); o++)
        if (p_.final_output[o] < 0) reinterpret_cast<float*>(L_.out_ptrs[o])[r] = stats[p_.slot_of[size_t(k_.outputs[o])]];
  }

  // Scratch for one row at a time: the thread's own, reused, unless a row
  // needs more than kKeptScratch floats (then the task's, freed after).
  static constexpr size_t kKeptScratch = size_t(4) << 20;

  void run_rows(int64_t r0, int64_t r1) const {
    Buffers& b = buffers();
    std::vector<float> big;
    float* scratch = nullptr;
    if (scratch_ > kKeptScratch) {
      big.resize(scratch_);
      scratch = big.data();
    } else {
      if (b.scratch.size() < scratch_) b.scratch.resize(scratch_);
      scratch = b.scratch.data();
    }
    b.stats.resize(size_t(p_.slots) + 1);
    float* stats = b.stats.data();
    for (int64_t r = r0; r < r1; r++) {
      for (size_t s = 0; s < p_.sweeps.size(); s++) {
        const RowPlan::Sweep& sw = p_.sweeps[s];
        b.acc.resize(sw.folds.size());
        for (size_t f = 0; f < sw.folds.size(); f++) b.acc[f] = codegen::reduce_start(op(sw.folds[f]));
        for (int64_t c0 = 0; c0 < n_; c0 += block_[s])
          fold_block(b, s, r, c0, std::min(block_[s], n_ - c0), stats, scratch, b.acc.data());
        finish_sweep(s, b.acc.data(), stats);
      }
      write_row(b, r, 0, n_, stats, scratch);
    }
  }

  // One long row, its blocks on several threads: each block's partial
  // folds, then combined in block order (as eager combines its chunks).
  void run_long_row(int64_t r) const {
    std::vector<float> stats(size_t(p_.slots) + 1);
    std::vector<float> scratch(scratch_);  // the row's stored values (as large as eager's intermediates)
    for (size_t s = 0; s < p_.sweeps.size(); s++) {
      const RowPlan::Sweep& sw = p_.sweeps[s];
      size_t nf = sw.folds.size();
      std::vector<double> acc(nf);
      for (size_t f = 0; f < nf; f++) acc[f] = codegen::reduce_start(op(sw.folds[f]));
      int64_t B = block_[s];
      int64_t blocks = (n_ + B - 1) / B;
      if (blocks == 1) {
        // Folded whole (softmax's line folds): the producer still fills the
        // row on several threads.
        constexpr int64_t kBlock = 1 << 14;
        if (fns_[s])
          tbb::parallel_for(tbb::blocked_range<int64_t>(0, n_, kBlock), [&](const tbb::blocked_range<int64_t>& br) {
            Buffers& b = buffers();
            produce_only(b, s, r, br.begin(), br.end() - br.begin(), stats.data(), scratch.data());
          });
        fold_only(s, r, 0, n_, scratch.data(), acc.data());
      } else {
        // Each block's partial starts from the identity; combining in order
        // is what eager's chunked fold does.
        std::vector<double> part(size_t(blocks) * nf);
        tbb::parallel_for(tbb::blocked_range<int64_t>(0, blocks, 1), [&](const tbb::blocked_range<int64_t>& br) {
          Buffers& b = buffers();
          for (int64_t c = br.begin(); c < br.end(); c++) {
            double* pa = part.data() + size_t(c) * nf;
            for (size_t f = 0; f < nf; f++) pa[f] = codegen::reduce_start(op(sw.folds[f]));
            fold_block(b, s, r, c * B, std::min(B, n_ - c * B), stats.data(), scratch.data(), pa);
          }
        });
        for (int64_t c = 0; c < blocks; c++)
          for (size_t f = 0; f < nf; f++)
            acc[f] = torch::row_fold_combine(codegen::reduce_fold(op(sw.folds[f])), acc[f], part[size_t(c) * nf + f]);
      }
      finish_sweep(s, acc.data(), stats.data());
    }
    constexpr int64_t kBlock = 1 << 14;
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, std::max<int64_t>(n_, 1), kBlock), [&](const tbb::blocked_range<int64_t>& br) {
      Buffers& b = buffers();
      write_row(b, r, br.begin(), std::min(br.end(), n_) - br.begin(), stats.data(), scratch.data());
    });
  }
};

}  // namespace

void run_row_plan(const RowPlan& plan, const codegen::Kernel& k, codegen::KernelLaunch& L, const RowSource& rows) {
  Runner(plan, k, L, rows).run();
}

}  // namespace kiln::jit
