// bench/tracer/tracer_bench.cpp — micro-benchmarks of the tracer's fixed
// costs (Google Benchmark), for issue 5's targets:
//   * GuardCheck10: the hot-call hook on a cached entry of a function of 10
//     tensor arguments — the guard program (grad mode, 10 TENSOR_MATCHes)
//     plus finding the entry; target under 1 µs.
//   * Trace50: tracing a function of 50 tensor ops into a graph with its
//     guards (symbolic execution, the ops run on argument copies to learn
//     shapes); target under 2 ms.
// Both drive the VM's hook directly (VM::jit_enter, tracer::trace_function)
// on functions defined by a script, at sizes where the tensors' data does
// not matter (8 floats).
//
//     build/release/bench/tracer/kiln_tracer_bench [--benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <fmt/format.h>
#include <cstdlib>
#include <string>

#include "kiln/kiln.h"
#include "tracer/cache.h"
#include "tracer/trace.h"
#include "vm/code.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/interpreter.h"
#include "vm/str.h"
#include "vm/list.h"
#include "vm/vm.h"

namespace {

using kiln::vm::Value;

std::string script() {
  std::string s = "import torch\n";
  s += "def f10(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9):\n";
  s += "    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9\n";
  s += "def f50(x, y):\n";
  s += "    z = x\n";
  const char* ops[] = {"z = z + y", "z = z * 0.5", "z = z.relu()", "z = torch.tanh(z)", "z = z - x"};
  for (int i = 0; i < 50; i++) s += fmt::format("    {}\n", ops[i % 5]);
  s += "    return z\n";
  s += "args10 = [torch.ones(8) * i for i in range(10)]\n";
  s += "args2 = [torch.ones(8), torch.arange(8.0)]\n";
  s += "f10(*args10)\nf10(*args10)\n";
  return s;
}

struct Fixture {
  kiln::Options options;
  kiln::vm::VM vm;
  Value globals;
  explicit Fixture() : options(make_options()), vm(options) {
    vm.out = [](std::string_view) {};
    vm.err = [](std::string_view s) { fmt::print(stderr, "{}", s); };
    kiln::tracer::install(vm);
    globals = kiln::vm::dict_new(vm);
    auto* g = globals.as<kiln::vm::DictObject>();
    kiln::vm::dict_setitem(vm, g, Value::borrow(vm.names.__builtins__), vm.builtins_dict);
    kiln::vm::dict_setitem(vm, g, Value::borrow(vm.names.__name__), kiln::vm::make_str(vm, "__main__"));
    if (!kiln::vm::exec_source(vm, script(), "<bench>", globals)) {
      fmt::print(stderr, "{}", kiln::vm::format_exception(vm, vm.take_exception()));
      std::abort();
    }
  }
  static kiln::Options make_options() {
    kiln::Options o;
    o.tier = 1;
    o.hot_threshold = 1;
    return o;
  }
  Value global(const char* name) {
    return kiln::vm::dict_get_str(globals.as<kiln::vm::DictObject>(), vm.intern(name).as<kiln::vm::StrObject>());
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

// The frame slots of a call of `fn` with the items of list `args`.
std::vector<Value> slots_for(Fixture& fx, const Value& fn, const Value& args) {
  auto* co = fn.as<kiln::vm::FunctionObject>()->code.as<kiln::vm::CodeObject>();
  std::vector<Value> slots(size_t(co->nslots_));
  auto& items = args.as<kiln::vm::ListObject>()->items;
  for (size_t i = 0; i < items.size(); i++) slots[i] = items[i];
  return slots;
}

void GuardCheck10(benchmark::State& state) {
  Fixture& fx = fixture();
  Value fn = fx.global("f10");
  auto* f = fn.as<kiln::vm::FunctionObject>();
  auto* co = f->code.as<kiln::vm::CodeObject>();
  std::vector<Value> slots = slots_for(fx, fn, fx.global("args10"));
  if (fx.vm.jit_enter(fx.vm, f, co, slots.data()) == co) {
    fmt::print(stderr, "f10 has no compiled entry (the tracer did not capture it)\n");
    std::exit(1);
  }
  for (auto _ : state) benchmark::DoNotOptimize(fx.vm.jit_enter(fx.vm, f, co, slots.data()));
}
BENCHMARK(GuardCheck10);

void Trace50(benchmark::State& state) {
  Fixture& fx = fixture();
  Value fn = fx.global("f50");
  auto* f = fn.as<kiln::vm::FunctionObject>();
  auto* co = f->code.as<kiln::vm::CodeObject>();
  std::vector<Value> slots = slots_for(fx, fn, fx.global("args2"));
  kiln::tracer::NativeTable natives;
  kiln::tracer::TraceLimits limits;
  kiln::tracer::TraceOptions opts;
  opts.carry_locals = co->nlocals;
  size_t ops = 0;
  for (auto _ : state) {
    kiln::tracer::TraceResult r = kiln::tracer::trace_function(fx.vm, f, co, slots.data(), limits, natives, opts);
    if (!r.ok) {
      fmt::print(stderr, "f50 did not trace: {}\n", r.detail);
      std::exit(1);
    }
    ops = r.graph->op_count();
  }
  state.counters["ops"] = double(ops);
}
BENCHMARK(Trace50)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
