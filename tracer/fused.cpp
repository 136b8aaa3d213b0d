// tracer/fused.cpp — fused evaluation of pointwise chains (tracer/fused.h).
#include "tracer/fused.h"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>

#include "codegen/pointwise.h"
#include "stdlib/torch/bindings.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/ast.h"

namespace kiln::tracer {

namespace {

using torch::BinaryOp;
using torch::UnaryOp;

constexpr int64_t kBlock = 256;      // elements per block (scratch: 1 KiB per step)
constexpr int64_t kParallel = 1 << 16;  // elements from which blocks run on several threads

// The pointwise op a node computes, if it is one the region handles.
bool step_of(const Graph& g, const Node& n, FusedRegion::Step* s) {
  codegen::PointwiseOp p;
  if (!codegen::pointwise_of(g, n, &p)) return false;
  s->unary = p.unary;
  s->op = p.op;
  return true;
}

}  // namespace

std::vector<FusedRegion> FusedRegion::find(const Graph& g) {
  std::vector<FusedRegion> out;
  // Registers read after each node (by later nodes or as outputs).
  std::vector<size_t> last_use(size_t(g.nregs()), 0);
  for (size_t i = 0; i < g.nodes.size(); i++)
    for (int r : g.nodes[i].in) last_use[size_t(r)] = std::max(last_use[size_t(r)], i + 1);
  for (int r : g.outputs) last_use[size_t(r)] = SIZE_MAX;
  size_t i = 0;
  while (i < g.nodes.size()) {
    FusedRegion reg;
    reg.first = i;
    FusedRegion::Step s;
    while (i < g.nodes.size() && step_of(g, g.nodes[i], &s)) {
      reg.steps.push_back(s);
      i++;
    }
    reg.end = i;
    if (reg.steps.size() < 2) {
      i = reg.end == reg.first ? i + 1 : i;
      continue;
    }
    // Operand slots: registers from outside the region become inputs.
    auto slot_of = [&](int r) {
      int node_base = g.node_reg(reg.first), node_end = g.node_reg(reg.end);
      if (r >= node_base && r < node_end) return int(r - node_base) + 1000000;  // fixed below
      for (size_t k = 0; k < reg.inputs.size(); k++)
        if (reg.inputs[k] == r) return int(k);
      reg.inputs.push_back(r);
      return int(reg.inputs.size() - 1);
    };
    for (size_t k = 0; k < reg.steps.size(); k++) {
      const Node& n = g.nodes[reg.first + k];
      reg.steps[k].a = slot_of(n.in[0]);
      reg.steps[k].b = n.in.size() > 1 ? slot_of(n.in[1]) : 0;
    }
    int ni = int(reg.inputs.size());
    for (auto& st : reg.steps) {
      if (st.a >= 1000000) st.a = st.a - 1000000 + ni;
      if (st.b >= 1000000) st.b = st.b - 1000000 + ni;
    }
    reg.live_out.resize(reg.steps.size());
    for (size_t k = 0; k < reg.steps.size(); k++) reg.live_out[k] = last_use[size_t(g.node_reg(reg.first + k))] > reg.end;
    out.push_back(std::move(reg));
  }
  return out;
}

bool FusedRegion::run(VM& vm, const Graph& g, Value* regs) const {
  size_t ni = inputs.size();
  // Inputs: pointers with a step of 1 (tensors) or 0 (numbers).
  thread_local std::vector<const float*> in_ptr;
  thread_local std::vector<float> scalars;
  thread_local std::vector<int> in_step;
  in_ptr.resize(ni);
  scalars.resize(ni);
  in_step.resize(ni);
  const torch::Tensor* shape_of = nullptr;
  for (size_t k = 0; k < ni; k++) {
    const Value& v = regs[inputs[k]];
    if (torch::is_tensor(v)) {
      const torch::autograd::Var& var = torch::var_of(v);
      const torch::Tensor& t = var.t;
      if (t.dtype != torch::DType::Float32 || var.requires_grad() || !t.is_contiguous()) return false;
      if (shape_of && !(shape_of->sizes == t.sizes)) return false;
      shape_of = &t;
      in_ptr[k] = reinterpret_cast<const float*>(t.data_bytes());
      in_step[k] = 1;
    } else {
      torch::Scalar s;
      if (!(v.is_double() || v.is_bool() || vm::is_int(v)) || !torch::as_scalar(v, &s)) return false;
      scalars[k] = s.to<float>();
      in_ptr[k] = &scalars[k];
      in_step[k] = 0;
    }
  }
  if (!shape_of) return false;
  const int64_t numel = shape_of->numel();
  size_t ns = steps.size();
  // Not thread-local: wrapping the results allocates objects, and a
  // collection may run Python code that runs this region again.
  std::vector<torch::Tensor> outs;  // one per live step, in step order
  outs.reserve(4);
  for (size_t k = 0; k < ns; k++)
    if (live_out[k]) outs.push_back(torch::empty(shape_of->sizes, torch::DType::Float32));
  // Per step, its output's data (null: scratch).
  thread_local std::vector<float*> out_data;
  out_data.assign(ns, nullptr);
  for (size_t k = 0, j = 0; k < ns; k++)
    if (live_out[k]) out_data[k] = reinterpret_cast<float*>(outs[j++].data_bytes());
  const int64_t block = std::min(kBlock, std::max<int64_t>(numel, 1));
  // The caller's thread-local buffers, seen from the worker threads too.
  const float* const* in_ptrs = in_ptr.data();
  const int* in_steps = in_step.data();
  float* const* out_ptrs = out_data.data();
  auto run_blocks = [&, in_ptrs, in_steps, out_ptrs](int64_t lo, int64_t hi) {
    // Per thread, kept between calls (no allocation on the hot path).
    thread_local std::vector<float> scratch;
    thread_local std::vector<const float*> ptr;
    thread_local std::vector<int> step;
    if (scratch.size() < ns * size_t(block)) scratch.resize(ns * size_t(block));
    if (ptr.size() < ni + ns) {
      ptr.resize(ni + ns);
      step.resize(ni + ns);
    }
    for (int64_t k0 = lo; k0 < hi; k0 += block) {
      int64_t n = std::min(block, hi - k0);
      for (size_t k = 0; k < ni; k++) {
        ptr[k] = in_ptrs[k] + (in_steps[k] ? k0 : 0);
        step[k] = in_steps[k];
      }
      for (size_t k = 0; k < ns; k++) {
        float* o = out_ptrs[k] ? out_ptrs[k] + k0 : scratch.data() + k * size_t(block);
        const Step& st = steps[k];
        if (st.unary) {
          // A unary op of a number stays a number: broadcast it first.
          if (!step[size_t(st.a)]) {
            for (int64_t e = 0; e < n; e++) o[e] = *ptr[size_t(st.a)];
            torch::unary_row_f32(UnaryOp(st.op), o, o, n);
          } else {
            torch::unary_row_f32(UnaryOp(st.op), o, ptr[size_t(st.a)], n);
          }
        } else {
          torch::binary_row_f32(BinaryOp(st.op), o, ptr[size_t(st.a)], step[size_t(st.a)], ptr[size_t(st.b)],
                                step[size_t(st.b)], n);
        }
        ptr[ni + k] = o;
        step[ni + k] = 1;
      }
    }
  };
  if (numel >= kParallel) {
    int64_t nblocks = (numel + kBlock - 1) / kBlock;
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, nblocks, 16), [&](const tbb::blocked_range<int64_t>& r) {
      run_blocks(r.begin() * kBlock, std::min(numel, r.end() * kBlock));
    });
  } else {
    run_blocks(0, numel);
  }
  for (size_t k = 0, j = 0; k < ns; k++)
    if (live_out[k]) regs[g.node_reg(first + k)] = torch::wrap(vm, std::move(outs[j++]));
  return true;
}

}  // namespace kiln::tracer
