// tracer/cache.cpp — the hot-call hook, compiled entries, and the tracer's
// reports (tracer/cache.h).
#include "tracer/cache.h"

#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "tracer/executor.h"
#include "tracer/trace.h"
#include "vm/code.h"
#include "vm/ops.h"

namespace kiln::tracer {

namespace {

using vm::CodeObject;
using vm::FunctionObject;
using vm::Op;

enum LogBits : unsigned { kLogGraph = 1, kLogGuards = 2, kLogRecompiles = 4, kLogBreaks = 8 };

struct Entry {
  int id = 0;
  GuardProgram guards;
  std::unique_ptr<Graph> graph;
  std::unique_ptr<GraphRunner> runner;
  Value code;                 // the CodeObject run in the frame instead of the original
  std::vector<Value> loaded;  // sources loaded by the last passing guard check
  bool loaded_valid = false;
  uint64_t hits = 0;
  double trace_ms = 0;
};

struct BreakRecord {
  BreakReason reason;
  std::string detail, file;
  int line;
};

struct CodeState {
  Value code;  // the original CodeObject (kept alive while the tracer knows it)
  std::string qualname, file;
  int firstline = 0;
  int calls = 0;
  std::vector<std::unique_ptr<Entry>> entries;
  bool given_up = false;     // no more tracing
  bool limit_logged = false;
  std::vector<BreakRecord> breaks;
  std::vector<std::string> recompiles;
};

struct TracerState {
  explicit TracerState(vm::VM& v) : vm(v) {}
  ~TracerState() {
    vm.jit_enter = nullptr;
    vm.jit_state = nullptr;
    vm.jit_watch_new_code = false;
    for (auto& cs : codes) cs->code.as<CodeObject>()->jit = nullptr;
  }
  vm::VM& vm;
  NativeTable natives;
  TraceLimits limits;
  int threshold = 2;
  size_t cache_limit = 8;
  unsigned logs = 0;
  std::string dump_dir;
  std::vector<std::unique_ptr<CodeState>> codes;
  std::vector<Entry*> entries;  // by id (a graph native's data)
};

TracerState& state(vm::VM& vm) { return *static_cast<TracerState*>(vm.jit_state); }

void log(vm::VM& vm, const std::string& s) { vm.err(s); }

std::string where(const CodeState& cs) { return fmt::format("{} ({}:{})", cs.qualname, cs.file, cs.firstline); }

// The graph native: runs entry `data`'s graph on the sources its guards
// loaded a moment ago (nothing runs between the check and this call).
Value graph_call(vm::VM& vm, const vm::CallArgs&, const Value& data) {
  int64_t id = 0;
  vm::int_value(data, &id);
  Entry* e = state(vm).entries[size_t(id)];
  if (!e->loaded_valid) return vm.raise(vm::Exc::SystemError, "compiled graph called without its guard check");
  e->loaded_valid = false;
  return e->runner->run(vm, e->loaded);
}

// The code run in the frame for an entry: the graph's call, with the
// original's locals and cells (the frame's slots are laid out for those).
Value entry_code(vm::VM& vm, CodeObject* co, const Value& native, int line) {
  auto* t = vm::object_new<CodeObject>(vm, vm::ObjKind::Code, vm.types.code);
  Value tv = Value::steal(t);
  t->code.push_back(vm::encode(Op::LOAD_CONST, 0));
  t->code.push_back(vm::encode(Op::CALL, 0));
  t->code.push_back(vm::encode(Op::RETURN_VALUE, 0));
  t->raw_code = t->code;
  t->consts.push_back(native);
  t->varnames = co->varnames;
  t->cellvars = co->cellvars;
  t->freevars = co->freevars;
  t->cell2arg = co->cell2arg;
  t->lines.push_back(vm::LineEntry{0, line});
  t->name = co->name;
  t->qualname = co->qualname;
  t->filename = co->filename;
  t->firstlineno = co->firstlineno;
  t->argcount = co->argcount;
  t->posonlyargcount = co->posonlyargcount;
  t->kwonlyargcount = co->kwonlyargcount;
  t->nlocals = co->nlocals;
  t->stacksize = 3;
  t->flags = (co->flags & ~uint32_t(vm::kCodeJitWatch)) | vm::kCodeGenerated;
  t->ncells_ = co->ncells_;
  t->nlive_ = co->nlive_;
  t->nslots_ = t->nlive_ + t->stacksize;
  return tv;
}

void dump_graph(TracerState& ts, const Entry& e) {
  std::error_code ec;
  std::filesystem::create_directories(ts.dump_dir, ec);
  std::string base = ts.dump_dir + "/" + e.graph->name;
  std::ofstream(base + ".txt") << e.graph->to_code(ts.vm) << "\n# guards\n" << e.guards.describe(ts.vm);
  std::ofstream(base + ".dot") << e.graph->to_dot(ts.vm);
}

void give_up(CodeState& cs, CodeObject* co) {
  cs.given_up = true;
  if (cs.entries.empty()) co->flags &= ~uint32_t(vm::kCodeJitWatch);  // the hook is never taken again
}

CodeObject* compile(TracerState& ts, CodeState& cs, FunctionObject* fn, CodeObject* co, vm::Value* slots) {
  vm::VM& vm = ts.vm;
  auto t0 = std::chrono::steady_clock::now();
  TraceResult r = trace_function(vm, fn, co, slots, ts.limits, ts.natives);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!r.ok) {
    if (r.reason != BreakReason::NoTensorOps) {
      cs.breaks.push_back({r.reason, r.detail, r.file, r.line});
      if (ts.logs & kLogBreaks)
        log(vm, fmt::format("[kiln:breaks] {}: graph break at {}:{}: {}{}{} (the call runs in the interpreter)\n",
                            cs.qualname, r.file, r.line, break_reason_name(r.reason), r.detail.empty() ? "" : ": ",
                            r.detail));
    }
    give_up(cs, co);
    return co;
  }
  auto e = std::make_unique<Entry>();
  e->id = int(ts.entries.size());
  e->graph = std::move(r.graph);
  e->graph->name = fmt::format("{}_{}", std::string(vm::str_view(co->name)), e->id);
  for (char& c : e->graph->name)
    if (!isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  e->guards = std::move(r.guards);
  e->runner = std::make_unique<GraphRunner>(e->graph.get());
  e->trace_ms = ms;
  int line = e->graph->nodes.empty() ? co->firstlineno : e->graph->nodes.front().line;
  Value native = vm::new_native(vm, "compiled_graph", graph_call, vm::make_int(vm, e->id), Value::none());
  e->code = entry_code(vm, co, native, line);
  if (ts.logs & kLogGraph)
    log(vm, fmt::format("[kiln:graph] {} ({} ops, traced in {:.3f} ms)\n{}", where(cs), e->graph->op_count(), ms,
                        e->graph->to_code(vm)));
  if (ts.logs & kLogGuards) log(vm, fmt::format("[kiln:guards] {}\n{}", e->graph->name, e->guards.describe(vm)));
  if (!ts.dump_dir.empty()) dump_graph(ts, *e);
  ts.entries.push_back(e.get());
  Entry* raw = e.get();
  cs.entries.push_back(std::move(e));
  // The trace read the arguments; the entry's guards hold by construction.
  // Check them anyway (loading the sources the graph reads).
  int miss = raw->guards.check(vm, fn, slots, &raw->loaded);
  if (miss != -1) {
    vm.clear_exception();
    return co;
  }
  raw->loaded_valid = true;
  raw->hits++;
  return raw->code.as<CodeObject>();
}

CodeObject* jit_enter(vm::VM& vm, FunctionObject* fn, CodeObject* co, vm::Value* slots) {
  TracerState& ts = state(vm);
  auto* cs = static_cast<CodeState*>(co->jit);
  if (!cs) {
    auto owned = std::make_unique<CodeState>();
    cs = owned.get();
    cs->code = Value::borrow(co);
    cs->qualname = std::string(vm::str_view(co->qualname));
    cs->file = std::string(vm::str_view(co->filename));
    cs->firstline = co->firstlineno;
    co->jit = cs;
    ts.codes.push_back(std::move(owned));
  }
  for (auto& e : cs->entries) {
    if (e->guards.check(vm, fn, slots, &e->loaded) == -1) {
      e->hits++;
      e->loaded_valid = true;
      return e->code.as<CodeObject>();
    }
  }
  if (cs->given_up) return co;
  if (cs->entries.empty() && ++cs->calls < ts.threshold) return co;
  if (!vm.torch_state) {
    // Hot before `import torch`: no tensor op can be in it now; stop watching
    // (a program without torch pays nothing more per call).
    give_up(*cs, co);
    return co;
  }
  if (!cs->entries.empty()) {
    if (cs->entries.size() >= ts.cache_limit) {
      if (!cs->limit_logged) {
        cs->limit_logged = true;
        std::string msg = fmt::format("{} hit the cache size limit ({}); the calls that miss run in the interpreter",
                                      where(*cs), ts.cache_limit);
        cs->recompiles.push_back(msg);
        if (ts.logs & kLogRecompiles) log(vm, "[kiln:recompiles] " + msg + "\n");
      }
      return co;
    }
    const Entry& first = *cs->entries.front();
    std::string why = first.guards.failure_reason(vm, first.guards.check(vm, fn, slots, &cs->entries.front()->loaded),
                                                  fn, slots);
    cs->recompiles.push_back(why);
    if (ts.logs & kLogRecompiles) log(vm, fmt::format("[kiln:recompiles] {}: recompiling: {}\n", where(*cs), why));
  }
  return compile(ts, *cs, fn, co, slots);
}

void explain(TracerState& ts) {
  size_t graphs = 0, breaks = 0, recompiles = 0, traced = 0;
  for (auto& cs : ts.codes) {
    if (cs->entries.empty() && cs->breaks.empty() && cs->recompiles.empty()) continue;
    traced++;
    graphs += cs->entries.size();
    breaks += cs->breaks.size();
    recompiles += cs->recompiles.size();
  }
  std::string r = fmt::format("kiln --explain: {} function{} traced, {} graph{}, {} graph break{}, {} recompile{}\n",
                              traced, traced == 1 ? "" : "s", graphs, graphs == 1 ? "" : "s", breaks,
                              breaks == 1 ? "" : "s", recompiles, recompiles == 1 ? "" : "s");
  for (auto& cs : ts.codes) {
    if (cs->entries.empty() && cs->breaks.empty() && cs->recompiles.empty()) continue;
    r += fmt::format("\n{}\n", where(*cs));
    for (auto& e : cs->entries)
      r += fmt::format("  graph {}: {} ops, {} inputs, {} guards, {} calls, traced in {:.3f} ms\n", e->graph->name,
                       e->graph->op_count(), e->graph->inputs.size(), e->guards.guards.size(), e->hits, e->trace_ms);
    for (auto& b : cs->breaks)
      r += fmt::format("  graph break at {}:{}: {}{}{}\n    why: {}\n    hint: {}\n", b.file, b.line,
                       break_reason_name(b.reason), b.detail.empty() ? "" : ": ", b.detail,
                       break_reason_explanation(b.reason), break_reason_hint(b.reason));
    for (auto& w : cs->recompiles) r += fmt::format("  recompile: {}\n", w);
  }
  ts.vm.err(r);
}

unsigned parse_logs(const std::string& s, vm::VM& vm) {
  unsigned bits = 0;
  size_t i = 0;
  while (i <= s.size()) {
    size_t j = s.find(',', i);
    if (j == std::string::npos) j = s.size();
    std::string w = s.substr(i, j - i);
    if (w == "graph") bits |= kLogGraph;
    else if (w == "guards") bits |= kLogGuards;
    else if (w == "recompiles") bits |= kLogRecompiles;
    else if (w == "breaks") bits |= kLogBreaks;
    else if (w == "all") bits |= kLogGraph | kLogGuards | kLogRecompiles | kLogBreaks;
    else if (!w.empty())
      vm.err(fmt::format("kiln: KILN_LOGS / --logs: unknown log '{}' (known: graph, guards, recompiles, breaks, all)\n", w));
    i = j + 1;
  }
  return bits;
}

}  // namespace

void install(vm::VM& vm) {
  const Options& o = vm.options();
  if (o.tier < 1) return;
  auto ts = std::make_shared<TracerState>(vm);
  ts->threshold = o.hot_threshold < 1 ? 1 : o.hot_threshold;
  ts->cache_limit = o.cache_size_limit < 1 ? 1 : size_t(o.cache_size_limit);
  ts->logs = parse_logs(o.logs, vm);
  ts->dump_dir = o.dump_graphs;
  vm.jit_state = ts.get();
  vm.jit_enter = jit_enter;
  vm.jit_watch_new_code = true;
  TracerState* raw = ts.get();
  vm.extension_state["tracer"] = ts;
  if (o.explain) vm.at_exit.push_back([raw]() { explain(*raw); });
}

}  // namespace kiln::tracer
