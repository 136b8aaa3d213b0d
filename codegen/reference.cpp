// codegen/reference.cpp — see codegen/reference.h.
#include "codegen/reference.h"

#include "stdlib/torch/elementwise.h"

namespace kiln::codegen {

bool reference_supports_unary(int op) {
  return op >= 0 && op < unary_op_count() &&
         (torch::unary_row_f32_ok(torch::UnaryOp(op)) || torch::unary_pred_f32_ok(torch::UnaryOp(op)));
}
bool reference_supports_binary(int op) {
  return op >= 0 && op < binary_op_count() &&
         (torch::binary_row_f32_ok(torch::BinaryOp(op)) || torch::binary_pred_f32_ok(torch::BinaryOp(op)));
}

float eval_element(const KInstr& in, float a, float b, float c) {
  float r = 0;
  switch (in.op) {
    case KOp::Unary: {
      auto op = torch::UnaryOp(in.arg);
      if (torch::unary_pred_f32_ok(op)) return torch::unary_pred_f32(op, a) ? 1.0f : 0.0f;
      torch::unary_row_f32(op, &r, &a, 1);
      return r;
    }
    case KOp::Binary: {
      auto op = torch::BinaryOp(in.arg);
      if (torch::binary_pred_f32_ok(op)) return torch::binary_pred_f32(op, a, b) ? 1.0f : 0.0f;
      torch::binary_row_f32(op, &r, &a, 1, &b, 1, 1);
      return r;
    }
    case KOp::Select: return a != 0.0f ? b : c;
    default: return 0;
  }
}

namespace {

// A reducing kernel, one row (output point) at a time: each row-level
// value is a vector over the row (its reduced elements), each other value
// one float; a reduction folds its operand's vector with the eager row
// fold, or a column reduction's with the eager column fold.
void run_reference_reducing(const Kernel& k, KernelLaunch& L) {
  const LoopNest& nest = L.nest;
  size_t ni = k.inputs.size();
  int64_t n = L.rowlen;
  std::vector<std::vector<float>> row(k.body.size());
  std::vector<float> one(k.body.size());
  auto operand = [&](int v, int64_t j) { return L.forms[size_t(v)] == Form::Row ? row[size_t(v)][size_t(j)] : one[size_t(v)]; };
  // The nest's reduced dims are [lo, hi); the others walk the rows.
  const int lo = nest.outer_rank, hi = nest.reduced_end;
  for (int64_t r = 0; r < L.rows; r++) {
    // The byte offset of operand op at element j of row r (both
    // row-major: j over the reduced dims, r over the others).
    auto at = [&](size_t op, int64_t j) {
      int64_t off = 0, q = r;
      for (int d = nest.rank - 1; d >= 0; d--) {
        int64_t& x = d >= lo && d < hi ? j : q;
        off += (x % nest.sizes[d]) * nest.strides[op][size_t(d)];
        x /= nest.sizes[d];
      }
      return off;
    };
    for (size_t i = 0; i < k.body.size(); i++) {
      const KInstr& in = k.body[i];
      bool is_row = L.forms[i] == Form::Row;
      if (is_row) row[i].resize(size_t(n));
      int64_t count = is_row ? n : 1;
      for (int64_t j = 0; j < count; j++) {
        float& out = is_row ? row[i][size_t(j)] : one[i];
        switch (in.op) {
          case KOp::Const: out = in.imm; break;
          case KOp::Load: {
            size_t a = size_t(in.arg);
            out = k.inputs[a].scalar ? L.numbers[a] : read_input(k.inputs[a].dtype, L.in_ptrs[a] + at(a, j));
            break;
          }
          case KOp::Unary: out = eval_element(in, operand(in.a, j), 0, 0); break;
          case KOp::Binary: out = eval_element(in, operand(in.a, j), operand(in.b, j), 0); break;
          case KOp::Select: out = eval_element(in, operand(in.a, j), operand(in.b, j), operand(in.c, j)); break;
          case KOp::Reduce:
            out = k.columns() ? reduce_column(ReduceOp(in.arg), row[size_t(in.a)].data(), n, in.imm)
                              : reduce_row(ReduceOp(in.arg), row[size_t(in.a)].data(), n, L.rows, in.imm);
            break;
        }
      }
    }
    for (size_t o = 0; o < k.outputs.size(); o++) {
      int v = k.outputs[o];
      if (L.forms[size_t(v)] == Form::Row) {
        for (int64_t j = 0; j < n; j++)
          *reinterpret_cast<float*>(L.out_ptrs[o] + at(ni + o, j)) = row[size_t(v)][size_t(j)];
      } else {
        reinterpret_cast<float*>(L.out_ptrs[o])[r] = one[size_t(v)];
      }
    }
  }
}

}  // namespace

void run_reference(const Kernel& k, KernelLaunch& L) {
  if (k.reduces()) {
    run_reference_reducing(k, L);
    return;
  }
  const LoopNest& nest = L.nest;
  size_t ni = k.inputs.size(), no = k.outputs.size();
  std::vector<float> v(k.body.size());
  std::vector<int64_t> idx(size_t(nest.rank), 0);
  for (int64_t p = 0; p < nest.numel; p++) {
    // The byte offset of every operand at point idx.
    auto offset = [&](size_t operand) {
      int64_t off = 0;
      for (int d = 0; d < nest.rank; d++) off += idx[size_t(d)] * nest.strides[operand][size_t(d)];
      return off;
    };
    for (size_t i = 0; i < k.body.size(); i++) {
      const KInstr& in = k.body[i];
      switch (in.op) {
        case KOp::Const: v[i] = in.imm; break;
        case KOp::Load: {
          size_t a = size_t(in.arg);
          v[i] = k.inputs[a].scalar ? L.numbers[a] : read_input(k.inputs[a].dtype, L.in_ptrs[a] + offset(a));
          break;
        }
        case KOp::Unary: v[i] = eval_element(in, v[size_t(in.a)], 0, 0); break;
        case KOp::Binary: v[i] = eval_element(in, v[size_t(in.a)], v[size_t(in.b)], 0); break;
        case KOp::Select: v[i] = eval_element(in, v[size_t(in.a)], v[size_t(in.b)], v[size_t(in.c)]); break;
        case KOp::Reduce: v[i] = 0; break;  // not in a kernel that reduces no dims (validate)
      }
    }
    for (size_t o = 0; o < no; o++) write_output(k.output_dtype(o), L.out_ptrs[o] + offset(ni + o), v[size_t(k.outputs[o])]);
    for (int d = nest.rank - 1; d >= 0; d--) {  // the next point, innermost fastest
      if (++idx[size_t(d)] < nest.sizes[d]) break;
      idx[size_t(d)] = 0;
    }
  }
}

}  // namespace kiln::codegen
