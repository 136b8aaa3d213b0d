// The random kernel test: thousands of random Kernel IR kernels — random
// DAGs of every op the asmjit backend compiles, tensor and number inputs,
// constants (1, ±0 and others, so the passes have work), broadcast shapes,
// odd sizes, transposed and sliced (strided) inputs, one to three outputs;
// a third of them reduce their trailing dims (every reduction, kept and
// squeezed per-row values used by later ops, several sweeps), or, half of
// those of 2 dims or more, a run of leading or middle dims (column
// reductions: every reduction but logsumexp).
// Each kernel is optimized by the graph compiler's passes and compiled by
// the tier-1 backend; the reference executor runs the original kernel, and
// the two must agree bit for bit. A failure prints a reproducer: the seed,
// the kernel (before and after the passes) and the input shapes and strides.
//
// KILN_RANDOM_KERNELS=N runs N kernels (default 5000, about a second);
// KILN_RANDOM_SEED=S starts from seed S (to replay one case: its seed and N=1).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <random>
#include <sstream>

#include "codegen/kernel_ir.h"
#include "codegen/launch.h"
#include "codegen/passes.h"
#include "codegen/reference.h"
#include "jit/asmjit_backend.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/views.h"

namespace {

using kiln::codegen::KArg;
using kiln::codegen::Kernel;
using kiln::codegen::KernelLaunch;
using kiln::codegen::KInput;
using kiln::codegen::KInstr;
using kiln::codegen::KOp;
using kiln::codegen::ReduceOp;
namespace torch = kiln::torch;

int env_int(const char* name, int def) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : def;
}

struct Case {
  Kernel kernel;
  std::vector<torch::Tensor> storage;  // keeps the inputs' bases alive
  std::vector<KArg> args;
  std::string describe;
};

float random_value(std::mt19937& rng) {
  static const float kSpecial[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, 1e-40f, 88.8f, -88.8f, 100.5f, -150.5f,
                                   std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                                   std::numeric_limits<float>::quiet_NaN(), 1e-7f, 3.5f, -2.5f};
  std::uniform_int_distribution<int> pick(0, 19);
  int p = pick(rng);
  if (p == 0) return kSpecial[std::uniform_int_distribution<size_t>(0, std::size(kSpecial) - 1)(rng)];
  if (p < 10) return std::uniform_real_distribution<float>(-4.0f, 4.0f)(rng);
  return std::uniform_real_distribution<float>(-60.0f, 60.0f)(rng);
}

Case make_case(uint32_t seed) {
  std::mt19937 rng(seed);
  auto& be = kiln::jit::asmjit_backend();
  std::vector<int> unary, binary;
  for (int op = 0; op < kiln::codegen::unary_op_count(); op++)
    if (kiln::codegen::reference_supports_unary(op) && be.compiles(KInstr{KOp::Unary, op, 0})) unary.push_back(op);
  for (int op = 0; op < kiln::codegen::binary_op_count(); op++)
    if (kiln::codegen::reference_supports_binary(op) && be.compiles(KInstr{KOp::Binary, op, 0, 0})) binary.push_back(op);
  Case c;
  c.storage.reserve(16);  // KArgs point into it: no reallocation (at most 4 inputs, 2 tensors each)
  Kernel& k = c.kernel;
  k.name = "random_" + std::to_string(seed);
  // The iteration shape: rank 0-4, odd sizes.
  int rank = std::uniform_int_distribution<int>(0, 4)(rng);
  torch::Shape shape;
  for (int d = 0; d < rank; d++) shape.push_back(std::uniform_int_distribution<int64_t>(1, d == rank - 1 ? 37 : 7)(rng));
  int ninputs = std::uniform_int_distribution<int>(1, 4)(rng);
  // A third of the kernels reduce their trailing dims: Reduce instructions
  // of row-level values, used (kept or squeezed) by later ops. Input 0 is
  // then a tensor of the whole shape.
  bool reducing = rank >= 1 && std::uniform_int_distribution<int>(0, 2)(rng) == 0;
  std::ostringstream desc;
  desc << "seed " << seed << ", shape " << shape.str() << "\n";
  bool any_tensor = false;
  for (int i = 0; i < ninputs; i++) {
    bool number = (i > 0 || rank == 0) && std::uniform_int_distribution<int>(0, 3)(rng) == 0 && !(reducing && i == 0);
    if (i == ninputs - 1 && !any_tensor) number = false;
    k.inputs.push_back(KInput{number});
    KArg a;
    if (number) {
      a.number = random_value(rng);
      desc << "  in" << i << ": number " << a.number << "\n";
      c.args.push_back(a);
      continue;
    }
    any_tensor = true;
    // Some tensors (not a reducing kernel's input 0) are bool masks.
    bool mask = i > 0 && std::uniform_int_distribution<int>(0, 4)(rng) == 0;
    torch::DType dt = mask ? torch::DType::Bool : torch::DType::Float32;
    if (mask) k.inputs.back().dtype = dt;
    // A tensor broadcasting to `shape`: some leading dims dropped, some
    // dims 1; then laid out contiguous, transposed, or as a strided slice.
    torch::Shape s;
    int drop = reducing && i == 0 ? 0 : std::uniform_int_distribution<int>(0, rank)(rng);
    for (int d = drop; d < rank; d++)
      s.push_back(!(reducing && i == 0) && std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? 1 : shape[d]);
    int layout = std::uniform_int_distribution<int>(0, 2)(rng);
    torch::Tensor t;
    if (layout == 1 && s.n >= 2) {
      torch::Shape sw = s;
      std::swap(sw[sw.n - 1], sw[sw.n - 2]);
      torch::Tensor base = torch::empty(sw, dt);
      c.storage.push_back(base);
      t = torch::transpose(base, sw.n - 1, sw.n - 2);
    } else if (layout == 2 && s.n >= 1) {
      torch::Shape big = s;
      big[big.n - 1] = s[s.n - 1] * 2 + 1;  // every other element, from an offset of 1
      torch::Tensor base = torch::empty(big, dt);
      c.storage.push_back(base);
      torch::Shape st = base.strides;
      st[st.n - 1] *= 2;
      t = torch::make_view(base, s, st, base.offset + 1);
    } else {
      t = torch::empty(s, dt);
    }
    c.storage.push_back(t);
    // Fill through the view's own indexing.
    std::vector<int64_t> idx(size_t(t.sizes.n), 0);
    for (int64_t e = 0; e < t.numel(); e++) {
      int64_t off = 0;
      for (int d = 0; d < t.sizes.n; d++) off += idx[size_t(d)] * t.strides[d];
      if (mask) reinterpret_cast<uint8_t*>(t.data_bytes())[off] = uint8_t(std::uniform_int_distribution<int>(0, 1)(rng));
      else t.data<float>()[off] = random_value(rng);
      for (int d = t.sizes.n - 1; d >= 0; d--) {
        if (++idx[size_t(d)] < t.sizes[d]) break;
        idx[size_t(d)] = 0;
      }
    }
    a.tensor = &c.storage.back();
    desc << "  in" << i << ": " << (mask ? "bool " : "") << "tensor " << t.sizes.str() << " strides " << t.strides.str() << "\n";
    c.args.push_back(a);
  }
  for (int i = 0; i < ninputs; i++) k.body.push_back(KInstr{KOp::Load, i});
  // Half the reducing kernels of 2 dims or more reduce columns: a run of
  // leading or middle dims, with every reduction that folds so.
  bool columns = reducing && rank >= 2 && std::uniform_int_distribution<int>(0, 1)(rng) == 0;
  if (columns) {
    k.reduce_from = std::uniform_int_distribution<int>(0, rank - 2)(rng);
    k.reduce_dims = std::uniform_int_distribution<int>(1, rank - 1 - k.reduce_from)(rng);
    desc << "  reducing " << k.reduce_dims << " dims from dim " << k.reduce_from << " as columns\n";
  } else if (reducing) {
    k.reduce_dims = std::uniform_int_distribution<int>(1, rank)(rng);
    desc << "  reducing the last " << k.reduce_dims << " dims\n";
  }
  static const ReduceOp kColumnOps[] = {ReduceOp::sum, ReduceOp::mean,  ReduceOp::amax,  ReduceOp::amin,    ReduceOp::var,
                                        ReduceOp::std, ReduceOp::norm1, ReduceOp::norm2, ReduceOp::norm_inf};
  using kiln::codegen::Form;
  static const float kConsts[] = {1.0f, 0.0f, -0.0f, 2.0f, 0.5f, -1.0f, 3.25f};
  int nops = std::uniform_int_distribution<int>(1, 16)(rng);
  for (int j = 0; j < nops; j++) {
    if (std::uniform_int_distribution<int>(0, 4)(rng) == 0) {
      KInstr c{KOp::Const};
      c.imm = kConsts[std::uniform_int_distribution<size_t>(0, std::size(kConsts) - 1)(rng)];
      k.body.push_back(c);
    }
    int nv = int(k.body.size());
    std::uniform_int_distribution<int> operand(std::max(0, nv - 6), nv - 1);  // mostly recent values: long chains
    std::vector<Form> form = k.forms();
    if (reducing && std::uniform_int_distribution<int>(0, 3)(rng) == 0) {
      int a = operand(rng);
      for (int tries = 0; tries < 8 && form[size_t(a)] != Form::Row; tries++) a = std::uniform_int_distribution<int>(0, nv - 1)(rng);
      // (Straight of a bool input too: lowering never folds one, but the
      // passes may leave one, as of mask - 0; its producer reads the bytes.)
      if (form[size_t(a)] == Form::Row) {
        KInstr r{KOp::Reduce,
                 columns ? int(kColumnOps[std::uniform_int_distribution<size_t>(0, std::size(kColumnOps) - 1)(rng)])
                         : std::uniform_int_distribution<int>(0, kiln::codegen::reduce_op_count() - 1)(rng),
                 a};
        r.keepdim = std::uniform_int_distribution<int>(0, 3)(rng) != 0;
        k.body.push_back(r);
        continue;
      }
    }
    if (std::uniform_int_distribution<int>(0, 1)(rng) == 0) {
      k.body.push_back(KInstr{KOp::Unary, unary[std::uniform_int_distribution<size_t>(0, unary.size() - 1)(rng)], operand(rng)});
    } else {
      int a = operand(rng), b = operand(rng);
      // Squeezed per-row values meet only their own kind and constants.
      auto fits = [&](int x, int y) {
        Form fx = form[size_t(x)], fy = form[size_t(y)];
        return !((fx == Form::Squeezed && fy != Form::Squeezed && fy != Form::Const) ||
                 (fy == Form::Squeezed && fx != Form::Squeezed && fx != Form::Const));
      };
      for (int tries = 0; tries < 8 && !fits(a, b); tries++) b = std::uniform_int_distribution<int>(0, nv - 1)(rng);
      if (!fits(a, b)) b = a;
      int cond = operand(rng);
      if (std::uniform_int_distribution<int>(0, 4)(rng) == 0 && fits(cond, a) && fits(cond, b)) {
        KInstr sel{KOp::Select, 0, cond, a};  // where(cond != 0, a, b): cond mostly a mask, sometimes any value
        sel.c = b;
        k.body.push_back(sel);
        continue;
      }
      k.body.push_back(KInstr{KOp::Binary, binary[std::uniform_int_distribution<size_t>(0, binary.size() - 1)(rng)], a, b});
    }
  }
  int nout = std::uniform_int_distribution<int>(1, 3)(rng);
  std::vector<Form> form = k.forms();
  for (int o = 0; o < nout; o++) {
    int v = std::uniform_int_distribution<int>(ninputs, int(k.body.size()) - 1)(rng);
    if (reducing && form[size_t(v)] == Form::Const) continue;  // no shape to store it in
    k.outputs.push_back(v);
  }
  if (k.outputs.empty()) k.outputs.push_back(0);
  // A pointwise kernel's outputs may be bool (each stored as value != 0).
  for (size_t o = 0; o < k.outputs.size() && !reducing; o++)
    k.out_dtypes.push_back(std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? torch::DType::Bool : torch::DType::Float32);
  c.describe = desc.str();
  return c;
}

TEST(RandomKernels, AsmjitMatchesTheReference) {
  auto& be = kiln::jit::asmjit_backend();
  if (!be.unavailable().empty()) GTEST_SKIP() << be.unavailable();
  int n = env_int("KILN_RANDOM_KERNELS", 5000);
  uint32_t seed0 = uint32_t(env_int("KILN_RANDOM_SEED", 1));
  int refused = 0, reduced = 0, column_kernels = 0;
  for (int i = 0; i < n; i++) {
    uint32_t seed = seed0 + uint32_t(i);
    Case c = make_case(seed);
    std::string repro = "reproduce with KILN_RANDOM_SEED=" + std::to_string(seed) +
                        " KILN_RANDOM_KERNELS=1 kiln_unit_tests --gtest_filter=RandomKernels.*\n" + c.describe +
                        c.kernel.to_string();
    ASSERT_EQ(c.kernel.validate(), "") << repro;
    std::string why;
    KernelLaunch ref, jit;
    if (!ref.prepare(c.kernel, c.args, &why)) {
      // A stored value of a smaller shape than the loop nest: not a kernel
      // lowering makes, and the launch refuses it (checked here).
      // (Or, reducing, a fold straight of a strided input, which eager
      // folds another way.)
      // (Or a column reduction eager folds as rows: no kept dim after it
      // wider than 1.)
      ASSERT_TRUE(why.find("within the iteration shape") != std::string::npos || why.find("not contiguous") != std::string::npos ||
                  why.find("a reduction of a value of shape") != std::string::npos || why.find("as rows") != std::string::npos)
          << why << "\n" << repro;
      refused++;
      continue;
    }
    kiln::codegen::run_reference(c.kernel, ref);
    Kernel opt = c.kernel;
    std::string bad = kiln::codegen::optimize(opt, "");
    ASSERT_EQ(bad, "") << repro;
    repro += "after the passes:\n" + opt.to_string();
    // The launch binds the kernel that runs (the optimized one, as the tier
    // manager does): a simplification may leave a reduction straight of a
    // strided input, which the launch refuses.
    if (!jit.prepare(opt, c.args, &why)) {
      ASSERT_TRUE(why.find("not contiguous") != std::string::npos) << why << "\n" << repro;
      refused++;
      continue;
    }
    // Alternate the code paths: AVX2 (8 lanes) and AVX-512F (16) where the host has it.
    auto& lb = kiln::jit::asmjit_backend_with_lanes(i % 2 ? 16 : 8);
    auto& use = lb.unavailable().empty() ? lb : be;
    auto compiled = use.compile(opt, &why);
    ASSERT_TRUE(compiled) << why << "\n" << repro;
    compiled->run(jit);
    reduced += c.kernel.reduces();
    column_kernels += c.kernel.columns();
    for (size_t o = 0; o < c.kernel.outputs.size(); o++) {
      if (ref.outs[o].dtype == torch::DType::Bool) {  // masks: the bytes
        ASSERT_EQ(jit.outs[o].dtype, torch::DType::Bool);
        const auto* r = reinterpret_cast<const uint8_t*>(ref.outs[o].data_bytes());
        const auto* j = reinterpret_cast<const uint8_t*>(jit.outs[o].data_bytes());
        for (int64_t e = 0; e < ref.outs[o].numel(); e++)
          ASSERT_EQ(int(r[e]), int(j[e])) << "bool output " << o << " element " << e << " ("
                                          << (&use == &be ? "default" : (i % 2 ? "16" : "8")) << " lanes)\n" << repro;
        continue;
      }
      const float* r = ref.outs[o].data<float>();
      const float* j = jit.outs[o].data<float>();
      for (int64_t e = 0; e < ref.outs[o].numel(); e++) {
        bool same = (std::isnan(r[e]) && std::isnan(j[e])) || std::bit_cast<uint32_t>(r[e]) == std::bit_cast<uint32_t>(j[e]);
        ASSERT_TRUE(same) << "output " << o << " element " << e << ": reference " << r[e] << ", asmjit " << j[e]
                          << " (" << (&use == &be ? "default" : (i % 2 ? "16" : "8")) << " lanes)\n"
                          << repro;
      }
    }
  }
  if (n >= 100) {  // (the generator's mix, over enough kernels; a reproducer runs one)
    EXPECT_LT(refused, n / 2) << "most random kernels were refused: the generator no longer tests much";
    EXPECT_GT(reduced, n / 12) << "few reducing kernels ran";
    EXPECT_GT(column_kernels, n / 40) << "few column reductions ran";
  }
}

}  // namespace
