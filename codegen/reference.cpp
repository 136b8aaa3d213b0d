// codegen/reference.cpp — see codegen/reference.h.
#include "codegen/reference.h"

#include "stdlib/torch/elementwise.h"

namespace kiln::codegen {

bool reference_supports_unary(int op) {
  return op >= 0 && op < unary_op_count() && torch::unary_row_f32_ok(torch::UnaryOp(op));
}
bool reference_supports_binary(int op) {
  return op >= 0 && op < binary_op_count() && torch::binary_row_f32_ok(torch::BinaryOp(op));
}

void run_reference(const Kernel& k, KernelLaunch& L) {
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
          v[i] = k.inputs[a].scalar ? L.numbers[a] : *reinterpret_cast<const float*>(L.in_ptrs[a] + offset(a));
          break;
        }
        case KOp::Unary: torch::unary_row_f32(torch::UnaryOp(in.arg), &v[i], &v[size_t(in.a)], 1); break;
        case KOp::Binary:
          torch::binary_row_f32(torch::BinaryOp(in.arg), &v[i], &v[size_t(in.a)], 1, &v[size_t(in.b)], 1, 1);
          break;
      }
    }
    for (size_t o = 0; o < no; o++) *reinterpret_cast<float*>(L.out_ptrs[o] + offset(ni + o)) = v[size_t(k.outputs[o])];
    for (int d = nest.rank - 1; d >= 0; d--) {  // the next point, innermost fastest
      if (++idx[size_t(d)] < nest.sizes[d]) break;
      idx[size_t(d)] = 0;
    }
  }
}

}  // namespace kiln::codegen
