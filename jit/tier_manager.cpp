// jit/tier_manager.cpp — see jit/tier_manager.h.
#include "jit/tier_manager.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "codegen/launch.h"
#include "codegen/passes.h"
#include "codegen/reference.h"
#include "jit/asmjit_backend.h"
#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/error.h"
#include "stdlib/torch/linalg.h"
#include "stdlib/torch/views.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/trace_events.h"
#include "vm/vm.h"

namespace kiln::jit {

TierSettings TierSettings::from(const Options& o) {
  TierSettings s;
  s.tier = o.tier;
  s.jit = o.jit;
  s.threshold = o.jit_threshold < 1 ? 1 : o.jit_threshold;
  s.verify = o.verify;
  s.short_rows = o.short_rows < 0 ? 0 : o.short_rows;
  s.fast_math = o.fast_math;
  s.dump_dir = o.dump_kernels;
  s.passes_off = o.passes_off;
  // KILN_LOGS / --logs words this module owns (the tracer owns the rest).
  size_t i = 0;
  const std::string& l = o.logs;
  while (i <= l.size()) {
    size_t j = l.find(',', i);
    if (j == std::string::npos) j = l.size();
    std::string w = l.substr(i, j - i);
    if (w == "jit") s.log_jit = true;
    if (w == "kernels") s.log_kernels = true;
    i = j + 1;
  }
  return s;
}

std::unique_ptr<CompiledGraph> CompiledGraph::compile(vm::VM& vm, const tracer::Graph& g, const TierSettings& s) {
  auto cg = std::unique_ptr<CompiledGraph>(new CompiledGraph());
  cg->g_ = &g;
  cg->verify_ = s.verify;
  cg->short_rows_limit_ = s.short_rows;
  if (const char* f = std::getenv("KILN_JIT_FAULT")) cg->fault_ = std::string(f) == "exponent" ? 1u << 23 : 1u;
  cg->region_at_.assign(g.nodes.size(), -1);
  auto t0 = std::chrono::steady_clock::now();
  Backend& be = asmjit_backend();
  if (!s.jit) cg->why_not_ = "--jit=off";
  else if (s.tier < be.tier()) cg->why_not_ = fmt::format("--tier={}", s.tier);
  else if (std::string u = be.unavailable(); !u.empty()) cg->why_not_ = fmt::format("{} is unavailable: {}", be.name(), u);
  if (cg->why_not_.empty()) {
    cg->backend_ = be.name();
    std::vector<codegen::KernelRegion> regions = codegen::lower_graph(g, [&](const codegen::KInstr& k) { return be.compiles(k); });
    std::vector<std::string> refused;
    for (auto& r : regions) {
      r.kernel.fast_math = s.fast_math;
      std::string bad = codegen::optimize(r.kernel, s.passes_off);
      if (bad.empty()) codegen::drop_unloaded_inputs(&r);
      if (bad.empty()) bad = r.kernel.validate();
      std::string why;
      std::unique_ptr<CompiledKernel> ck = bad.empty() ? be.compile(r.kernel, &why) : nullptr;
      if (!bad.empty()) why = "invalid kernel: " + bad;
      if (!ck) {
        refused.push_back(fmt::format("{}: {}", r.kernel.name, why));
        continue;
      }
      if (s.log_kernels) vm.err(fmt::format("[kiln:kernels] {}", r.kernel.to_string()));
      if (!s.dump_dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(s.dump_dir, ec);
        std::ofstream(std::filesystem::path(s.dump_dir) / (r.kernel.name + ".txt")) << r.kernel.to_string();
      }
      cg->region_at_[r.first] = int(cg->regions_.size());
      std::vector<uint64_t> masks = r.kernel.output_inputs();
      cg->regions_.push_back(Region{std::move(r), std::move(ck), std::move(masks), {}, {}, -1, {}, {}, nullptr});
    }
    cg->plan_buffers();
    if (cg->regions_.empty())
      cg->why_not_ = refused.empty() ? "no float32 pointwise op to compile" : "every kernel was refused (" + refused.front() + ")";
    else
      cg->tier_ = be.tier();
    if (s.log_jit)
      for (const auto& r : refused) vm.err(fmt::format("[kiln:jit] {}: kernel refused: {}\n", g.name, r));
  }
  cg->compile_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (vm.trace_events) {
    using vm::TraceEvents;
    double end = vm.trace_events->now_us();
    vm.trace_events->span(fmt::format("tier {} compile {}", cg->tier_ ? cg->tier_ : 0, g.name), "jit", end - cg->compile_ms_ * 1000.0,
                          end,
                          {{"graph", TraceEvents::str(g.name)}, {"tier", TraceEvents::num(cg->tier_)},
                           {"backend", TraceEvents::str(cg->backend_.empty() ? "none" : cg->backend_)},
                           {"kernels", TraceEvents::num(double(cg->regions_.size()))},
                           {"summary", TraceEvents::str(cg->summary())}});
  }
  if (s.log_jit) vm.err(fmt::format("[kiln:jit] {}: {}\n", g.name, cg->summary()));
  return cg;
}

void CompiledGraph::plan_buffers() {
  // Two decisions per region. In place: a tensor input may give its buffer
  // to the region's first row-level output when it is an earlier region's
  // output (a fresh tensor of ours) that only regions read (no executor
  // node could have kept a reference or made a view of it), is not a graph
  // output, and dies at this region; or it is the region's matmul product,
  // dying there. The launch checks its shape and layout; --verify keeps
  // inputs intact. Slots: every other value a region computes that only
  // regions read (not a graph output, never seen by an executor node), and
  // a matmul's product that dies in its region, lives in a planned buffer
  // kept across calls, shared by values whose lifetimes do not overlap
  // (first fit, in node order). An output written in place lives on in its
  // donor's slot.
  const tracer::Graph& g = *g_;
  size_t nregs = size_t(g.nregs());
  std::vector<int> made_by(nregs, -1);     // register -> region storing it
  std::vector<int> node_region(g.nodes.size(), -1);
  for (size_t ri = 0; ri < regions_.size(); ri++) {
    const codegen::KernelRegion& kr = regions_[ri].region;
    for (size_t n = kr.first; n < kr.end; n++) node_region[n] = int(ri);
    for (size_t n : kr.outs) made_by[size_t(g.node_reg(n))] = int(ri);
  }
  std::vector<bool> outside(nregs, false);  // read by an executor node or the caller
  std::vector<size_t> last_use(nregs, 0);
  for (size_t i = 0; i < g.nodes.size(); i++)
    for (int r : g.nodes[i].in) {
      if (node_region[i] < 0) outside[size_t(r)] = true;
      last_use[size_t(r)] = std::max(last_use[size_t(r)], i + 1);
    }
  for (int r : g.outputs) outside[size_t(r)] = true;

  for (size_t ri = 0; ri < regions_.size(); ri++) {
    Region& R = regions_[ri];
    const codegen::KernelRegion& kr = R.region;
    R.reuse = -1;
    R.into.clear();
    if (kr.ext != codegen::KernelRegion::Extern::None) {
      // Input 0, the product, is the epilogue's to overwrite when it dies
      // here and no other input reads it (through a view).
      R.reuse = kr.extern_stored || std::count(kr.inputs.begin(), kr.inputs.end(), kr.inputs[0]) != 1 ? -1 : 0;
      continue;
    }
    for (size_t j = 0; j < kr.inputs.size(); j++) {
      int r = kr.inputs[j];
      if (kr.kernel.inputs[j].scalar || kr.kernel.inputs[j].viewed() || r < 0 || size_t(r) >= nregs ||
          made_by[size_t(r)] < 0 || made_by[size_t(r)] >= int(ri) || outside[size_t(r)] || last_use[size_t(r)] > kr.end)
        continue;
      // Read once: another input of the same tensor (read through a view,
      // at other points) would see the output overwrite it.
      if (std::count(kr.inputs.begin(), kr.inputs.end(), r) != 1) continue;
      R.reuse = int(j);
      break;
    }
    copy_back_in_place(ri, made_by);
    if (!R.into.empty()) R.reuse = -1;  // (one kind of donation per region)
  }

  constexpr size_t kForever = SIZE_MAX;     // a slot whose storage left the graph (refilled next call)
  std::vector<size_t> busy_until;            // per slot: the node after its value's last reader
  std::vector<int> slot_of(nregs, -1);       // per register: its slot
  std::vector<int> product_slot(regions_.size(), -1);
  std::vector<std::vector<int>> out_slot(regions_.size());
  auto take_slot = [&](size_t from, size_t until) {
    for (size_t s = 0; s < busy_until.size(); s++)
      if (busy_until[s] <= from) {
        busy_until[s] = until;
        return int(s);
      }
    busy_until.push_back(until);
    return int(busy_until.size() - 1);
  };
  std::vector<codegen::Form> forms;
  for (size_t ri = 0; ri < regions_.size(); ri++) {
    const Region& R = regions_[ri];
    const codegen::KernelRegion& kr = R.region;
    bool ext = kr.ext != codegen::KernelRegion::Extern::None;
    if (ext && !kr.extern_stored) product_slot[ri] = take_slot(kr.first, kr.end);
    int donor_slot = R.reuse < 0 ? -1 : ext ? product_slot[ri] : slot_of[size_t(kr.inputs[size_t(R.reuse)])];
    // The output the launch writes in place: its first row-level one of
    // the kernel's dtype.
    int in_place = -1;
    if (R.reuse >= 0) {
      kr.kernel.forms_into(&forms);
      for (size_t o = 0; o < kr.kernel.outputs.size() && in_place < 0; o++)
        if ((!kr.kernel.reduces() || forms[size_t(kr.kernel.outputs[o])] == codegen::Form::Row) &&
            kr.kernel.output_dtype(o) == kr.kernel.dtype)
          in_place = int(o);
    }
    for (size_t o = 0; o < kr.outs.size(); o++) {
      size_t r = size_t(g.node_reg(kr.outs[o]));
      size_t until = outside[r] ? kForever : std::max(last_use[r], kr.end);
      int s = -1;
      if (int(o) == in_place && donor_slot >= 0) {
        s = donor_slot;  // lives on in the donor's buffer, unless the launch finds it unfit
        busy_until[size_t(s)] = std::max(busy_until[size_t(s)], until);
        out_slot[ri].push_back(-1);
      } else {
        if (!outside[r]) s = take_slot(kr.first, until);
        out_slot[ri].push_back(s);
      }
      slot_of[r] = s;
    }
  }
  slots_.assign(busy_until.size(), torch::StoragePtr());
  for (size_t ri = 0; ri < regions_.size(); ri++) {
    Region& R = regions_[ri];
    R.product_slot = product_slot[ri] >= 0 ? &slots_[size_t(product_slot[ri])] : nullptr;
    R.out_slots.clear();
    for (int s : out_slot[ri]) R.out_slots.push_back(s >= 0 ? &slots_[size_t(s)] : nullptr);
  }
}

void CompiledGraph::copy_back_in_place(size_t ri, const std::vector<int>& made_by) {
  // A graph input's final value (tracer/functionalize.h: copy_back(x, v))
  // that this region computes may be written straight into x's buffer when
  // the kernel reads x once, directly (not through a view: each point
  // reads x there before writing there), and nothing after the region
  // reads x but the copy back, which then finds x already holding v.
  // (Each launch also checks that no other operand shares x's storage:
  // the NO_ALIASING guard leaves inputs read before x's first write free
  // to alias it, and the kernel reads those at every point.)
  const tracer::Graph& g = *g_;
  Region& R = regions_[ri];
  const codegen::KernelRegion& kr = R.region;
  std::vector<codegen::Form> forms;
  kr.kernel.forms_into(&forms);
  for (size_t i = kr.end; i < g.nodes.size(); i++) {
    const tracer::Node& c = g.nodes[i];
    if (c.op != tracer::GraphOp::CopyBack || made_by[size_t(c.in[1])] != int(ri)) continue;
    int x = c.in[0];
    auto j = std::find(kr.inputs.begin(), kr.inputs.end(), x);
    if (j == kr.inputs.end() || std::count(kr.inputs.begin(), kr.inputs.end(), x) != 1) continue;
    const codegen::KInput& kin = kr.kernel.inputs[size_t(j - kr.inputs.begin())];
    if (kin.scalar || kin.viewed()) continue;
    bool later_reader = false;  // a node after the region reading x, the copy back aside
    for (size_t n = kr.end; n < g.nodes.size() && !later_reader; n++)
      if (g.nodes[n].op != tracer::GraphOp::CopyBack)
        later_reader = std::find(g.nodes[n].in.begin(), g.nodes[n].in.end(), x) != g.nodes[n].in.end();
    if (later_reader || std::find(g.outputs.begin(), g.outputs.end(), c.in[1]) != g.outputs.end()) continue;
    auto o = std::find(kr.outs.begin(), kr.outs.end(), size_t(c.in[1] - g.node_reg(0)));
    if (o == kr.outs.end()) continue;
    size_t out = size_t(o - kr.outs.begin());
    if ((kr.kernel.reduces() && forms[size_t(kr.kernel.outputs[out])] != codegen::Form::Row) ||
        kr.kernel.output_dtype(out) != kr.kernel.dtype)
      continue;
    R.into.emplace_back(int(j - kr.inputs.begin()), int(out));
  }
}

std::string CompiledGraph::summary() const {
  if (tier_ == 0) return "tier 0.5 (graph executor): " + why_not_;
  size_t ops = 0, code = 0;
  for (const auto& r : regions_) {
    ops += r.region.end - r.region.first;
    code += r.kernel->code_size();  // rows compiled so far (contiguous ones on first need)
  }
  bool fast = !regions_.empty() && regions_.front().region.kernel.fast_math;
  std::string s = fmt::format("tier {} ({}{}): {} kernel{} of {} op{}, {} bytes of code, compiled in {:.3f} ms", tier_,
                              backend_, fast ? ", fast math" : "", regions_.size(), regions_.size() == 1 ? "" : "s", ops, ops == 1 ? "" : "s",
                              code, compile_ms_);
  if (!slots_.empty()) s += fmt::format(", {} planned buffer{}", slots_.size(), slots_.size() == 1 ? "" : "s");
  if (in_place_) s += fmt::format(", {} kernel run{} wrote in place", in_place_, in_place_ == 1 ? "" : "s");
  if (fallbacks_) s += fmt::format(", {} kernel run{} fell back to the executor", fallbacks_, fallbacks_ == 1 ? "" : "s");
  if (short_rows_)
    s += fmt::format(", {} reducing kernel run{} left to eager ops (rows shorter than {}, or at least {} rows of fewer than {} columns)",
                     short_rows_, short_rows_ == 1 ? "" : "s", short_rows_limit_, kManyRows, short_rows_limit_);
  return s;
}

namespace {

// Whether a fast-math kernel's `got` is close enough to the reference's
// `want`: float32's tolerance widened for a few ulp of transcendental
// error carried through the ops after it (|got - want| <= 1e-5 + 1e-4
// |want|); an infinity may come out as a float within 2^-20 of FLT_MAX.
bool fast_math_close(float got, float want) {
  if (std::isinf(want)) return std::isinf(got) ? got == want : std::fabs(double(got)) >= 0x1.fffffep127 * (1.0 - 0x1p-20) && (got > 0) == (want > 0);
  return std::isfinite(got) && std::fabs(double(got) - double(want)) <= 1e-5 + 1e-4 * std::fabs(double(want));
}

// The first element where a kernel's output `a` differs from the
// reference's `b`: in any bit, or for a fast-math kernel beyond
// fast_math_close.
int64_t first_difference(const torch::Tensor& a, const torch::Tensor& b, bool fast_math) {
  if (a.dtype == torch::DType::Bool) {  // a mask: its bytes
    const auto* x = reinterpret_cast<const uint8_t*>(a.data_bytes());
    const auto* y = reinterpret_cast<const uint8_t*>(b.data_bytes());
    for (int64_t i = 0; i < a.numel(); i++)
      if (x[i] != y[i]) return i;
    return -1;
  }
  const float* x = a.data<float>();
  const float* y = b.data<float>();
  for (int64_t i = 0; i < a.numel(); i++) {
    bool both_nan = std::isnan(x[i]) && std::isnan(y[i]);
    if (both_nan || std::bit_cast<uint32_t>(x[i]) == std::bit_cast<uint32_t>(y[i])) continue;
    if (fast_math && !std::isnan(y[i]) && fast_math_close(x[i], y[i])) continue;
    return i;
  }
  return -1;
}

}  // namespace

bool CompiledGraph::run_extern(vm::VM& vm, const Region& R, const vm::Value* regs, vm::Value* result, std::string* why) const {
  const codegen::KernelRegion& kr = R.region;
  using Extern = codegen::KernelRegion::Extern;
  const torch::Tensor* t[2] = {nullptr, nullptr};
  for (size_t i = 0; i < 2; i++) {
    const vm::Value& v = regs[kr.extern_args[i]];
    if (!torch::is_tensor(v)) {
      *why = "a matmul operand is not a tensor";
      return false;
    }
    const torch::autograd::Var& var = torch::var_of(v);
    bool records = var.requires_grad() && torch::autograd::GradMode::is_enabled();  // autograd would record it
    if (records || var.t.dtype != torch::DType::Float32) {
      *why = records ? "a matmul operand requires grad" : "a matmul operand is not float32";
      return false;
    }
    t[i] = &var.t;
  }
  torch::Tensor r;
  try {
    switch (kr.ext) {
      case Extern::Matmul: r = torch::matmul(*t[0], *t[1], R.product_slot); break;
      case Extern::Mm: r = torch::mm(*t[0], *t[1], R.product_slot); break;
      case Extern::Linear: r = torch::matmul(*t[0], torch::t_2d(*t[1]), R.product_slot); break;  // autograd::linear's product
      case Extern::None: break;
    }
  } catch (const torch::Error&) {
    *why = "the matmul raises (the executor reports it)";
    return false;
  }
  bytes_moved_ += uint64_t(t[0]->numel() + t[1]->numel() + r.numel()) * 4;
  *result = torch::wrap(vm, std::move(r));
  return true;
}

CompiledGraph::Ran CompiledGraph::run_at(vm::VM& vm, size_t node, vm::Value* regs, size_t* end) const {
  if (node >= region_at_.size() || region_at_[node] < 0) return Ran::No;
  const Region& R = regions_[size_t(region_at_[node])];
  const codegen::KernelRegion& kr = R.region;
  if (R.records_autograd) {
    fallbacks_++;
    return Ran::No;
  }
  if (R.eager_rows) {
    short_rows_++;
    return Ran::No;
  }
  std::string why;
  bool ok = true;
  vm::Value ext;
  if (kr.ext != codegen::KernelRegion::Extern::None) {
    // The extern call, with the eager op; its result is input 0 (and dies
    // here unless its register is used later: then the epilogue may write
    // into it). (Before the reused argument list is filled: making its
    // tensor object may run a finalizer that runs this graph.)
    ok = run_extern(vm, R, regs, &ext, &why);
  }
  std::vector<vm::Value>& args = R.args;
  args.clear();
  // The product for input 0 and any input reading it through a view.
  int product = kr.ext != codegen::KernelRegion::Extern::None ? kr.inputs[0] : -1;
  for (int r : kr.inputs) args.push_back(ext && r == product ? ext : regs[r]);
  codegen::KernelLaunch& L = R.launch;
  int reuse = verify_ ? -1 : R.reuse;
  ok = ok && L.prepare(kr.kernel, args, &why, &R.masks, reuse, &R.out_slots, verify_ ? nullptr : &R.into);
  // Short rows: a row plan's calls per row (a producer, a fold and the
  // final pass, each a call) cost more than eager's whole-tensor
  // reductions save, however few the rows (a softmax of [4096, 32] took
  // 300 µs here against eager's 118, of [64, 32] 21.7 against 11.9; a
  // layer norm of [64, 32] 24.6 against 17.9; they meet near 128 elements
  // per row), so the executor runs such a launch's nodes, with the same bits.
  bool short_rows = ok && kr.kernel.reduces() && !kr.kernel.columns() && L.rowlen < short_rows_limit_;
  if (short_rows) {
    ok = false;
    why = fmt::format("{} rows of {} elements: eager's reductions are faster on rows shorter than {}", L.rows, L.rowlen,
                      short_rows_limit_);
  }
  // Narrow columns, likewise: a column plan calls its producer once per
  // reduced row for a block of at most the innermost kept dim's columns;
  // under short_rows_limit_ of them, over at least kManyRows rows, the calls
  // cost more than eager's inline loop (column sums of [4096, 8] and
  // [4096, 64]: 57 and 63 µs against eager's 21 and 46; [4096, 128]: 84
  // against 141).
  bool narrow = ok && kr.kernel.columns() && L.rowlen >= kManyRows && L.nest.sizes[L.nest.rank - 1] < short_rows_limit_;
  if (narrow) {
    ok = false;
    short_rows = true;
    why = fmt::format("columns {} wide: eager's reductions are faster on fewer than {}", L.nest.sizes[L.nest.rank - 1],
                      short_rows_limit_);
  }
  if (short_rows && !g_->dynamic) R.eager_rows = true;  // its sizes are guarded: so every run
  auto count = [&] {
    if (short_rows) short_rows_++;
    else fallbacks_++;
  };
  if (!ok && why.find("requires grad") != std::string::npos) R.records_autograd = true;
  if (!ok && ext && kr.extern_is_value) {
    // The product is done: the executor takes it and runs the epilogue's
    // nodes as eager ops (no second matmul).
    args.clear();
    L.release();
    regs[g_->node_reg(kr.first)] = ext;
    count();
    *end = kr.first + 1;
    return Ran::Yes;
  }
  if (!ok) {
    args.clear();
    L.release();
    if (vm.trace_events && fallbacks_ + short_rows_ < 100)
      vm.trace_events->instant("kernel fallback", "jit",
                               {{"graph", vm::TraceEvents::str(g_->name)}, {"kernel", vm::TraceEvents::str(kr.kernel.name)},
                                {"reason", vm::TraceEvents::str(why)}});
    count();
    return Ran::No;
  }
  R.kernel->run(L);
  in_place_ += L.in_place;
  if (fault_ && L.nest.numel > 0 && L.outs[0].dtype == torch::DType::Float32) {
    // KILN_JIT_FAULT=1 (tests only): flip the last bit of one result, or
    // with KILN_JIT_FAULT=exponent the lowest exponent bit (beyond any
    // tolerance), so the tests can see --verify catch a wrong kernel.
    uint32_t bits = std::bit_cast<uint32_t>(L.outs[0].data<float>()[0]) ^ fault_;
    L.outs[0].data<float>()[0] = std::bit_cast<float>(bits);
  }
  for (size_t i = 0; i < kr.inputs.size(); i++)  // each tensor input read once per point, at most
    if (!kr.kernel.inputs[i].scalar) bytes_moved_ += uint64_t(L.nest.numel) * torch::itemsize(kr.kernel.inputs[i].dtype);
  for (const torch::Tensor& o : L.outs) bytes_moved_ += uint64_t(o.numel()) * torch::itemsize(o.dtype);
  if (verify_) {
    codegen::KernelLaunch ref;
    if (ref.prepare(kr.kernel, args, &why)) {
      codegen::run_reference(kr.kernel, ref);
      for (size_t o = 0; o < L.outs.size(); o++) {
        int64_t e = first_difference(L.outs[o], ref.outs[o], kr.kernel.fast_math);
        if (e >= 0) {
          vm.raisef(vm::Exc::RuntimeError,
                    "--verify: graph %s, kernel %s (%s%s), output %zu differs from the reference executor at element %lld: "
                    "%.9g instead of %.9g",
                    g_->name.c_str(), kr.kernel.name.c_str(), backend_.c_str(),
                    kr.kernel.fast_math ? ", fast math: beyond its tolerance" : "", o, (long long)e,
                    double(codegen::read_input(L.outs[o].dtype, L.outs[o].data_bytes() + e * int64_t(torch::itemsize(L.outs[o].dtype)))),
                    double(codegen::read_input(ref.outs[o].dtype, ref.outs[o].data_bytes() + e * int64_t(torch::itemsize(ref.outs[o].dtype)))));
          args.clear();
          L.release();
          return Ran::Error;
        }
      }
    }
  }
  vm::Value ext_result = kr.extern_stored ? args[0] : vm::Value();
  args.clear();  // no reference kept past the run
  // Take the outputs out of the reused launch before wrapping them: making
  // objects may run the collector, and a finalizer could run this graph
  // again (and prepare the same launch).
  std::vector<torch::Tensor> spill;
  torch::Tensor local[8];
  torch::Tensor* outs = local;
  size_t nout = kr.outs.size();
  if (nout > 8) {
    spill.resize(nout);
    outs = spill.data();
  }
  for (size_t o = 0; o < nout; o++) outs[o] = std::move(L.outs[o]);
  L.release();
  if (kr.extern_stored) regs[g_->node_reg(kr.first)] = ext_result;
  for (size_t o = 0; o < nout; o++) regs[g_->node_reg(kr.outs[o])] = torch::wrap(vm, std::move(outs[o]));
  *end = kr.end;
  return Ran::Yes;
}

}  // namespace kiln::jit
