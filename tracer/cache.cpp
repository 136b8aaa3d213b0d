// tracer/cache.cpp — the hot-call hook, compiled entries, and the tracer's
// reports (tracer/cache.h).
#include "tracer/cache.h"

#include "jit/tier_manager.h"
#include "stdlib/torch/storage.h"
#include "vm/trace_events.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "tracer/executor.h"
#include "tracer/trace.h"
#include "vm/code.h"
#include "vm/dict.h"
#include "vm/list.h"
#include "vm/tuple.h"
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
  std::string shapes;  // "dynamic shapes", or why sizes asked to be dynamic stayed static
  uint64_t runs = 0;   // graph runs, for the tier manager's threshold
  double run_ms = 0;   // total time in the graph (--profile, --trace-dump)
  uint64_t allocations = 0;  // tensors allocated while it ran (--profile)
  std::unique_ptr<jit::CompiledGraph> compiled;  // once the threshold is reached
  // The class of the frame's first argument when the guards pin it (a
  // method's self): entries are looked up, and counted against the cache
  // limit, per class, so Module.__call__, which every nn.Module runs,
  // keeps up to --cache-size-limit entries for each module class.
  const vm::TypeObject* self_type = nullptr;
  // Whether the entry beats the interpreter: calls kSampleFrom.. of it
  // alternate between the call as it runs now (guard check, graph, and for
  // a break the interpreted instruction and resume functions) and the
  // original code run by the interpreter, each timed by the sampler
  // native; an entry whose best call is not below the interpreter's is no
  // longer used (`slow`): where a function is mostly Python plumbing (a
  // DataLoader's per-item __getitem__, a collate over a list of tuples), its
  // guards cost what the graph saves.
  std::vector<double> entry_us, interp_us;
  bool slow = false;
  std::string slow_note;  // for --explain
};

constexpr uint64_t kSampleFrom = 32;  // hits before sampling starts (the graph compiled and warm)
constexpr size_t kSamples = 12;       // samples of each kind

struct BreakRecord {
  BreakReason reason;
  std::string detail, file;
  int line;
  std::string outcome;  // "resumed in ..." or "no resume: ...; the call runs in the interpreter"
};

// Where a resume function's code comes from: the original function's code
// and the length of the prologue put before it (pcs of the original plus
// `prologue` are the resume code's).
struct ResumeOrigin {
  Value orig;  // CodeObject
  uint32_t prologue = 0;
};

struct CodeState {
  Value code;  // the original CodeObject (kept alive while the tracer knows it)
  std::string qualname, file;
  int firstline = 0;
  int calls = 0;
  std::vector<std::unique_ptr<Entry>> entries;
  bool given_up = false;     // no more tracing
  // Automatic dynamic shapes: per tensor source, the dims whose size made
  // an entry miss; the next traces leave them unguarded when they can.
  std::unordered_map<std::string, uint64_t> dynamic;
  std::vector<std::string> dynamic_numbers;  // int and float sources whose value changed
  std::vector<const vm::TypeObject*> limit_logged;  // classes of self whose entries hit the limit
  std::vector<BreakRecord> breaks;
  std::vector<std::string> recompiles;
  Value sampler_code;  // the code run for an interpreter sample (entry_code with the sampler native)
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
  jit::TierSettings tiers;
  bool profile = false;  // --profile
  // Self-check (debug builds, or KILN_TRACER_SELFCHECK=1): the values a
  // partial graph hands to the interpreter at every resume point are what
  // the trace saw (class, dtype, sizes), and every registry op's meta
  // function agrees with the trace (Graph::check_meta).
#ifdef NDEBUG
  bool self_check = std::getenv("KILN_TRACER_SELFCHECK") != nullptr;
#else
  bool self_check = true;
#endif
  std::vector<std::unique_ptr<CodeState>> codes;
  std::vector<Entry*> entries;  // by id (a graph native's data)
  // Resume functions' code, one per (original code, pc, stack depth, which
  // stack entries are the LOAD_METHOD marker), and where each came from.
  std::map<std::tuple<const CodeObject*, uint32_t, int, std::vector<bool>>, Value> resume_codes;
  std::unordered_map<const CodeObject*, ResumeOrigin> origins;
  bool sample_interpreter = true;  // --sample-interpreter
  // The interpreter sample the sampler native is about to run: the entry,
  // and the function and frame whose call it repeats.
  struct Sample {
    Entry* entry = nullptr;
    FunctionObject* fn = nullptr;
    CodeObject* co = nullptr;
    const Value* slots = nullptr;
    bool interpreted = false;  // a sample of the interpreter (else of the entry)
  } sample;
  const CodeObject* skip_code = nullptr;  // the next frame of this code runs interpreted (a sample)
  Entry* in_sample = nullptr;  // a sample of this entry is running (no other starts inside it)
  // KILN_SAMPLE_VERDICT=fast|slow (tests only): the samples' outcome, which
  // timing on a shared machine cannot promise.
  int sample_verdict = 0;
};

TracerState& state(vm::VM& vm) { return *static_cast<TracerState*>(vm.jit_state); }

void log(vm::VM& vm, const std::string& s) { vm.err(s); }

std::string where(const CodeState& cs) { return fmt::format("{} ({}:{})", cs.qualname, cs.file, cs.firstline); }

CodeState* code_state_of(TracerState& ts, const Entry& e);

// After an entry's samples: drops it when it is no faster than the
// interpreter (its best call not 3% below the interpreter's best: its guards
// and executor cost what it saves). The minimum of each kind is the time
// least disturbed by whatever else the machine runs.
void judge(vm::VM& vm, Entry& e) {
  if (e.entry_us.size() < kSamples || e.interp_us.size() < kSamples || e.slow) return;
  double g = *std::min_element(e.entry_us.begin(), e.entry_us.end());
  double i = *std::min_element(e.interp_us.begin(), e.interp_us.end());
  TracerState& ts = state(vm);
  CodeState* cs = code_state_of(ts, e);
  bool faster = g < 0.97 * i;
  if (ts.sample_verdict) faster = ts.sample_verdict > 0;  // KILN_SAMPLE_VERDICT (tests)
  if (faster) {
    if (ts.tiers.log_jit)
      vm.err(fmt::format("[kiln:jit] {}: at best {:.2f} us a call against the interpreter's {:.2f}: kept\n", e.graph->name, g, i));
    return;
  }
  e.slow = true;
  e.slow_note = fmt::format("no faster than the interpreter (at best {:.2f} us a call against {:.2f}): no longer used", g, i);
  if (ts.tiers.log_jit) vm.err(fmt::format("[kiln:jit] {}: {}\n", e.graph->name, e.slow_note));
  if (!cs) return;
  for (auto& x : cs->entries)
    if (!x->slow) return;
  // Every entry of the code is slow: it runs interpreted from now on, its
  // guards unchecked.
  cs->given_up = true;
  cs->code.as<CodeObject>()->flags &= ~uint32_t(vm::kCodeJitWatch);
}

// The sampler native: runs again the call jit_enter stashed, timed: through
// the interpreter alone (the original code, its entries skipped) or as it
// runs now (its entry), as one sample of either for that entry.
Value sampler_call(vm::VM& vm, const vm::CallArgs&, const Value&) {
  TracerState& ts = state(vm);
  TracerState::Sample s = ts.sample;
  ts.sample = {};
  if (!s.entry) return vm.raise(vm::Exc::SystemError, "interpreter sample without its call");
  // The call again from the bound frame: positional parameters, *args,
  // keyword-only parameters by name, **kwargs.
  const CodeObject* co = s.co;
  std::vector<Value> args;
  int argc = co->argcount, kwonly = co->kwonlyargcount;
  for (int i = 0; i < argc; i++) args.push_back(s.slots[i]);
  int slot = argc + kwonly;
  if (co->flags & vm::kCodeVarargs) {
    const Value& rest = s.slots[slot++];
    if (vm::is_kind(rest, vm::ObjKind::Tuple))
      for (const Value& v : *rest.as<vm::TupleObject>()) args.push_back(v);
  }
  size_t npos = args.size();
  std::vector<Value> names;
  for (int i = argc; i < argc + kwonly; i++) {
    names.push_back(co->varnames[size_t(i)]);
    args.push_back(s.slots[i]);
  }
  if (co->flags & vm::kCodeVarkeywords) {
    const Value& kw = s.slots[slot];
    if (vm::is_kind(kw, vm::ObjKind::Dict))
      for (const auto& en : kw.as<vm::DictObject>()->entries)
        if (!en.key.is_empty()) {
          names.push_back(en.key);
          args.push_back(en.value);
        }
  }
  Value kwnames;
  if (!names.empty()) {
    kwnames = vm::tuple_new(vm, names.size());
    for (size_t i = 0; i < names.size(); i++) kwnames.as<vm::TupleObject>()->items[i] = names[i];
  }
  ts.skip_code = s.interpreted ? co : nullptr;
  ts.in_sample = s.entry;
  auto t0 = std::chrono::steady_clock::now();
  Value r = vm.call(Value::borrow(s.fn), args.data(), npos, names.empty() ? nullptr : kwnames.as<vm::TupleObject>());
  double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  ts.skip_code = nullptr;
  ts.in_sample = nullptr;
  if (r) {
    (s.interpreted ? s.entry->interp_us : s.entry->entry_us).push_back(us);
    judge(vm, *s.entry);
  }
  return r;
}

// The graph native: runs entry `data`'s graph on the sources its guards
// loaded a moment ago (nothing runs between the check and this call).
Value graph_call(vm::VM& vm, const vm::CallArgs&, const Value& data) {
  int64_t id = 0;
  vm::int_value(data, &id);
  Entry* e = state(vm).entries[size_t(id)];
  if (!e->loaded_valid) return vm.raise(vm::Exc::SystemError, "compiled graph called without its guard check");
  e->loaded_valid = false;
  ++e->runs;
  if (!e->compiled && e->runs >= uint64_t(state(vm).tiers.threshold)) {
    // Hot: the tier manager compiles what it can (synchronously, tier 1).
    e->compiled = jit::CompiledGraph::compile(vm, *e->graph, state(vm).tiers);
    if (e->compiled->tier() > 0) e->runner->set_compiled(e->compiled.get());
  }
  Value out;
  if (vm.trace_events || state(vm).profile) {
    auto t0 = std::chrono::steady_clock::now();
    double ts0 = vm.trace_events ? vm.trace_events->now_us() : 0;
    uint64_t a0 = torch::storage_stats().allocations;
    out = e->runner->run(vm, e->loaded);
    e->allocations += torch::storage_stats().allocations - a0;
    e->run_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (vm.trace_events) vm.trace_events->graph_run(e->graph->name, ts0, vm.trace_events->now_us());
  } else {
    out = e->runner->run(vm, e->loaded);
  }
  // The sources stay referenced only for the call (an argument dies when
  // its caller drops it, as without the tracer).
  for (Value& v : e->loaded) v = Value();
  const Graph& g = *e->graph;
  if (!out) {
    // The traceback of the node that raised: its line in the traced
    // function and in each inlined call (the frame's own call of the graph
    // is hidden: its line is -1).
    const Value& exc = vm.pending_exception();
    int fi = e->runner->failed_node();
    if (vm::is_kind(exc, vm::ObjKind::Exception) && fi >= 0) {
      auto* eo = exc.as<vm::ExceptionObject>();
      if (!eo->traceback.is_object()) eo->traceback = vm::list_new(vm, 0);
      auto& items = eo->traceback.as<vm::ListObject>()->items;
      const auto& sites = g.nodes[size_t(fi)].sites;
      for (auto it = sites.rbegin(); it != sites.rend(); ++it) {
        auto* c = it->code.as<CodeObject>();
        Value t = vm::tuple_new(vm, 3);
        t.as<vm::TupleObject>()->items[0] = c->filename;
        t.as<vm::TupleObject>()->items[1] = Value::small_int(it->line);
        t.as<vm::TupleObject>()->items[2] = c->name;
        items.insert(items.begin(), std::move(t));
      }
    }
    return out;
  }
  if (out && g.tuple_output && state(vm).self_check) {
    // The live values at a graph break, against what the trace saw.
    auto* t = out.as<vm::TupleObject>();
    for (size_t i = 0; i < g.outputs.size(); i++) {
      Meta want = g.reg_meta(vm, g.outputs[i]);
      Meta got = meta_of(vm, t->items[i]);
      // Sizes may differ from the trace's in a dynamic graph: class and
      // dtype only.
      bool ok = g.dynamic && want.tensor ? got.tensor && got.dtype == want.dtype : meta_fits(vm, t->items[i], want);
      if (!ok)
        return vm.raise(vm::Exc::SystemError,
                        fmt::format("kiln tracer self-check: graph {} hands the interpreter a {} as live value {} "
                                    "where the trace had a {}",
                                    g.name, got.str(), i, want.str()));
    }
  }
  return out;
}

// The code run in the frame for an entry: the graph's call, with the
// original's locals and cells (the frame's slots are laid out for those).
// Generated code `t` runs in a frame laid out for `co`: the same names,
// parameters, locals and cells (the frame's slots were filled for `co`).
void take_frame_layout(CodeObject* t, const CodeObject* co, int stacksize) {
  t->varnames = co->varnames;
  t->cellvars = co->cellvars;
  t->freevars = co->freevars;
  t->cell2arg = co->cell2arg;
  t->name = co->name;
  t->qualname = co->qualname;
  t->filename = co->filename;
  t->firstlineno = co->firstlineno;
  t->argcount = co->argcount;
  t->posonlyargcount = co->posonlyargcount;
  t->kwonlyargcount = co->kwonlyargcount;
  t->nlocals = co->nlocals;
  t->stacksize = stacksize;
  t->flags = (co->flags & ~uint32_t(vm::kCodeJitWatch)) | vm::kCodeGenerated;
  t->ncells_ = co->ncells_;
  t->nlive_ = co->nlive_;
  t->nslots_ = t->nlive_ + t->stacksize;
}

Value entry_code(vm::VM& vm, CodeObject* co, const Value& native, int line) {
  auto* t = vm::object_new<CodeObject>(vm, vm::ObjKind::Code, vm.types.code);
  Value tv = Value::steal(t);
  t->code.push_back(vm::encode(Op::LOAD_CONST, 0));
  t->code.push_back(vm::encode(Op::CALL, 0));
  t->code.push_back(vm::encode(Op::RETURN_VALUE, 0));
  t->raw_code = t->code;
  t->consts.push_back(native);
  // The graph's call is hidden from tracebacks: graph_call names the line
  // of the node that raised.
  t->lines.push_back(vm::LineEntry{0, line});
  t->lines.push_back(vm::LineEntry{1, -1});
  t->lines.push_back(vm::LineEntry{2, line});
  take_frame_layout(t, co, 3);
  return tv;
}

ResumeOrigin origin_of(TracerState& ts, CodeObject* co) {
  auto it = ts.origins.find(co);
  if (it != ts.origins.end()) return it->second;
  return ResumeOrigin{Value::borrow(co), 0};
}

bool is_jump(vm::Op op) {
  switch (op) {
    case Op::JUMP:
    case Op::POP_JUMP_IF_FALSE:
    case Op::POP_JUMP_IF_TRUE:
    case Op::JUMP_IF_FALSE_OR_POP:
    case Op::JUMP_IF_TRUE_OR_POP:
    case Op::FOR_ITER: return true;
    default: return false;
  }
}

// The resume function's code for continuing `orig` at `pc` with `nulls.size()`
// values on the stack (TorchDynamo's ContinueExecutionCache): the original
// code behind a prologue that rebuilds the stack from extra parameters and
// jumps to pc. Its parameters are the original's locals (an unbound one
// arrives as the empty value, which leaves it unbound), then the stack
// entries, bottom first; a LOAD_METHOD marker (nulls[i]) is pushed as a
// constant instead. Cached, so breaks at the same place share one.
Value resume_code(TracerState& ts, CodeObject* orig, uint32_t pc, const std::vector<bool>& nulls) {
  int depth = int(nulls.size());
  auto key = std::make_tuple(static_cast<const CodeObject*>(orig), pc, depth, nulls);
  auto found = ts.resume_codes.find(key);
  if (found != ts.resume_codes.end()) return found->second;
  vm::VM& vm = ts.vm;
  auto* r = vm::object_new<CodeObject>(vm, vm::ObjKind::Code, vm.types.code);
  Value rv = Value::steal(r);
  int n = orig->nlocals;
  r->consts = orig->consts;
  uint32_t empty_const = uint32_t(r->consts.size());
  r->consts.push_back(Value());
  r->names = orig->names;
  r->varnames = orig->varnames;
  for (int j = 0; j < depth; j++) r->varnames.push_back(vm.intern(fmt::format(".stack{}", j)));
  r->caches = orig->caches;
  vm::VmVector<uint32_t> code;
  for (int j = 0; j < depth; j++)
    code.push_back(nulls[size_t(j)] ? vm::encode(Op::LOAD_CONST, empty_const) : vm::encode(Op::LOAD_FAST, uint32_t(n + j)));
  for (int j = 0; j < depth; j++)
    if (!nulls[size_t(j)]) code.push_back(vm::encode(Op::DELETE_FAST, uint32_t(n + j)));
  uint32_t prologue = uint32_t(code.size()) + 1;
  code.push_back(vm::encode(Op::JUMP, pc + prologue));
  for (uint32_t insn : orig->raw_code) {
    Op op = vm::decode_op(insn);
    code.push_back(is_jump(op) ? vm::encode(op, vm::decode_arg(insn) + prologue) : insn);
  }
  int line = orig->line_of(pc);
  r->lines.push_back(vm::LineEntry{0, line});
  for (const vm::LineEntry& e : orig->lines) r->lines.push_back(vm::LineEntry{e.pc + prologue, e.line});
  for (const vm::ExcEntry& e : orig->exc_table)
    r->exc_table.push_back(vm::ExcEntry{e.start + prologue, e.end + prologue, e.handler + prologue, e.depth});
  r->raw_code = code;
  vm::fuse_superinstructions(code);
  r->code = std::move(code);
  r->name = orig->name;
  r->qualname = vm::make_str(vm, fmt::format("resume_in_{}_at_{}", vm::str_view(orig->qualname), pc));
  r->filename = orig->filename;
  r->firstlineno = line;
  r->argcount = n + depth;
  r->posonlyargcount = n + depth;
  r->kwonlyargcount = 0;
  r->nlocals = n + depth;
  r->stacksize = orig->stacksize + depth + 1;
  r->flags = (orig->flags & ~uint32_t(vm::kCodeVarargs | vm::kCodeVarkeywords | vm::kCodeGenerated)) |
             uint32_t(vm::kCodeJitWatch);
  // The original's cells (its own, then its free variables) are all free
  // variables here, in the same order (the same LOAD_DEREF indices): the
  // transformed code passes the live cells as the closure.
  r->freevars = orig->cellvars;
  r->freevars.insert(r->freevars.end(), orig->freevars.begin(), orig->freevars.end());
  r->ncells_ = orig->ncells_;
  r->nlive_ = r->nlocals + r->ncells_;
  r->nslots_ = r->nlive_ + r->stacksize;
  ts.resume_codes[key] = rv;
  ts.origins[r] = ResumeOrigin{Value::borrow(orig), prologue};
  return rv;
}

// The code run in the frame for an entry that ends in a graph break
// (TorchDynamo's transformed code): call the partial graph, rebuild the
// locals and the operand stack of the break from its outputs, run the
// instruction the tracer could not, and call the resume function with the
// locals and the stack (one per way out of a conditional jump). The
// frame's own locals are not written: everything live goes to the resume
// function, whose frame then shows in tracebacks (the call here is hidden:
// its line is -1).
Value transformed_code(TracerState& ts, CodeObject* co, const Value& native, const ResumePoint& rp,
                       std::string* resumed_in) {
  vm::VM& vm = ts.vm;
  ResumeOrigin org = origin_of(ts, co);
  auto* orig = org.orig.as<CodeObject>();
  int carry = int(rp.locals.size());
  int k = int(rp.stack.size());
  std::vector<std::pair<uint32_t, int>> ways;
  if (rp.run_insn) ways = resume_successors(rp.pc, rp.insn, k);
  else ways = {{rp.pc, k}};
  if (ways.empty() || rp.pc < org.prologue) return Value();
  auto* t = vm::object_new<CodeObject>(vm, vm::ObjKind::Code, vm.types.code);
  Value tv = Value::steal(t);
  t->consts = co->consts;
  t->names = co->names;
  t->caches = co->caches;
  auto konst = [&](const Value& v) {
    t->consts.push_back(v);
    return uint32_t(t->consts.size() - 1);
  };
  vm::VmVector<uint32_t>& c = t->code;
  int line = co->line_of(rp.pc);
  c.push_back(vm::encode(Op::LOAD_CONST, konst(native)));
  c.push_back(vm::encode(Op::CALL, 0));
  // Pushes live value v (the graph's output tuple is on top of the stack).
  auto push_value = [&](const LiveValue& v) {
    switch (v.kind) {
      case LiveValue::Output:
        c.push_back(vm::encode(Op::DUP_TOP, 0));
        c.push_back(vm::encode(Op::LOAD_CONST, konst(vm::make_int(vm, v.output))));
        c.push_back(vm::encode(Op::BINARY_SUBSCR, 0));
        break;
      case LiveValue::Const: c.push_back(vm::encode(Op::LOAD_CONST, konst(v.value))); break;
      case LiveValue::Empty: c.push_back(vm::encode(Op::LOAD_CONST, konst(Value()))); break;
      case LiveValue::Function: {
        // MAKE_FUNCTION's operands: defaults, closure, code.
        uint32_t flags = 0;
        if (v.defaults.is_object() && !v.defaults.is_none()) {
          c.push_back(vm::encode(Op::LOAD_CONST, konst(v.defaults)));
          flags |= 1;
        }
        if (!v.closure.empty()) {
          for (int i : v.closure) c.push_back(vm::encode(Op::LOAD_CLOSURE, uint32_t(i)));
          c.push_back(vm::encode(Op::BUILD_TUPLE, uint32_t(v.closure.size())));
          flags |= 8;
        }
        c.push_back(vm::encode(Op::LOAD_CONST, konst(v.value)));
        c.push_back(vm::encode(Op::MAKE_FUNCTION, flags));
        break;
      }
    }
  };
  // The same, put under the output tuple.
  auto push_under = [&](const LiveValue& v) {
    push_value(v);
    c.push_back(vm::encode(Op::ROT_TWO, 0));
  };
  for (auto& v : rp.locals) push_under(v);
  for (auto& v : rp.stack) push_under(v);
  // Write the frame's own cells back (closures made before may share them).
  for (size_t i = 0; i < rp.cells.size(); i++) {
    const LiveValue& v = rp.cells[i];
    if (v.kind == LiveValue::Empty) continue;
    push_value(v);
    c.push_back(vm::encode(Op::STORE_DEREF, uint32_t(i)));
  }
  c.push_back(vm::encode(Op::POP_TOP, 0));
  size_t insn_pc = c.size();
  if (rp.run_insn) c.push_back(rp.insn);
  std::vector<uint32_t> hidden;
  // Packs the locals and the `nulls.size()` values on the stack into a tuple
  // and returns what the resume function of `orig` at `pc` returns for them
  // (made by the interpreter's MAKE_FUNCTION, in this frame's globals,
  // closing over this frame's cells if it has any); its call is hidden from
  // tracebacks. Returns the resume function's name.
  auto call_resume = [&](uint32_t pc, const std::vector<bool>& nulls) {
    Value rcode = resume_code(ts, orig, pc, nulls);
    c.push_back(vm::encode(Op::BUILD_TUPLE, uint32_t(carry) + uint32_t(nulls.size())));
    uint32_t flags = 0;
    if (co->ncells_) {
      for (int i = 0; i < co->ncells_; i++) c.push_back(vm::encode(Op::LOAD_CLOSURE, uint32_t(i)));
      c.push_back(vm::encode(Op::BUILD_TUPLE, uint32_t(co->ncells_)));
      flags = 8;
    }
    c.push_back(vm::encode(Op::LOAD_CONST, konst(rcode)));
    c.push_back(vm::encode(Op::MAKE_FUNCTION, flags));
    c.push_back(vm::encode(Op::ROT_TWO, 0));
    hidden.push_back(uint32_t(c.size()));
    c.push_back(vm::encode(Op::CALL_EX, 0));
    c.push_back(vm::encode(Op::RETURN_VALUE, 0));
    return std::string(vm::str_view(rcode.as<CodeObject>()->qualname));
  };
  for (size_t w = 0; w < ways.size(); w++) {
    auto [pc, depth] = ways[w];
    if (w == 1) c[insn_pc] = vm::encode(vm::decode_op(rp.insn), uint32_t(c.size()));  // the jump's target
    std::vector<bool> nulls;
    for (int i = 0; i < depth; i++) {
      bool replaced = rp.run_insn && vm::decode_op(rp.insn) == Op::CALL_METHOD && i == depth - 1;
      nulls.push_back(i < k && !replaced && rp.stack[size_t(i)].kind == LiveValue::Empty);
    }
    std::string name = call_resume(pc - org.prologue, nulls);
    *resumed_in = w == 0 ? name : *resumed_in + " / " + name;
  }
  if (rp.in_block) {
    // A break inside a try or with block: the instruction runs here under
    // the block's innermost handler, as in the original code. If it raises,
    // the stack is cut to the handler's depth, the exception pushed, and a
    // resume function starting at the handler (an except clause, or the
    // with block's __exit__ call) takes the locals, that stack and the
    // exception; the code after it re-raises or carries on there. No
    // exception reaches this frame's handler twice: the resume functions'
    // own exception tables cover what they run.
    const vm::ExcEntry* h = nullptr;
    for (const vm::ExcEntry& e : co->exc_table)
      if (rp.pc >= e.start && rp.pc < e.end && (!h || e.end - e.start < h->end - h->start)) h = &e;
    if (!h || h->handler < org.prologue || int(h->depth) > k) return Value();
    uint32_t handler = uint32_t(c.size());
    t->exc_table.push_back(vm::ExcEntry{uint32_t(insn_pc), uint32_t(insn_pc + 1), handler, uint32_t(carry) + h->depth});
    std::vector<bool> nulls;
    for (uint32_t i = 0; i < h->depth; i++) nulls.push_back(rp.stack[i].kind == LiveValue::Empty);
    nulls.push_back(false);  // the exception
    *resumed_in += " (on an exception: " + call_resume(h->handler - org.prologue, nulls) + ")";
  }
  // Lines: the break's, except the graph's call (graph_call names the line
  // of a node that raises) and the resume calls (hidden from tracebacks).
  t->lines.push_back(vm::LineEntry{0, line});
  t->lines.push_back(vm::LineEntry{1, -1});
  uint32_t pc = 2;
  for (uint32_t h : hidden) {
    t->lines.push_back(vm::LineEntry{pc, line});
    t->lines.push_back(vm::LineEntry{h, -1});
    pc = h + 1;
  }
  t->lines.push_back(vm::LineEntry{pc, line});
  t->raw_code = c;
  vm::fuse_superinstructions(t->code);
  size_t most_cells = 0;
  for (auto* vs : {&rp.locals, &rp.stack, &rp.cells})
    for (auto& v : *vs) most_cells = std::max(most_cells, v.closure.size());
  int stacksize = carry + k + 8 + std::max(co->ncells_, int(most_cells) + 2);
  for (auto& w : ways) stacksize = std::max(stacksize, carry + w.second + 4);
  take_frame_layout(t, co, stacksize);
  return tv;
}

void dump_graph(TracerState& ts, const Entry& e) {
  std::error_code ec;
  std::filesystem::create_directories(ts.dump_dir, ec);
  std::string base = ts.dump_dir + "/" + e.graph->name;
  std::ofstream(base + ".txt") << e.graph->to_code(ts.vm) << "\n# guards\n" << e.guards.describe(ts.vm);
  std::ofstream(base + ".dot") << e.graph->to_dot(ts.vm);
}

// The class of a frame's first argument (nullptr without one).
const vm::TypeObject* self_type_of(vm::VM& vm, const CodeObject* co, const Value* slots) {
  return co->argcount > 0 && !slots[0].is_empty() ? vm::type_of(vm, slots[0]) : nullptr;
}

// Whether `guards` pin the class of local 0 (a TYPE_MATCH, ID_MATCH or
// TENSOR_MATCH on it).
bool pins_self_type(const GuardProgram& guards) {
  for (const Guard& g : guards.guards) {
    if (g.source < 0) continue;
    const Source& s = guards.sources.items[size_t(g.source)];
    if (s.kind == SourceKind::Local && s.index == 0 &&
        (g.kind == GuardKind::TypeMatch || g.kind == GuardKind::IdMatch || g.kind == GuardKind::TensorMatch))
      return true;
  }
  return false;
}

void give_up(CodeState& cs, CodeObject* co) {
  cs.given_up = true;
  if (cs.entries.empty()) co->flags &= ~uint32_t(vm::kCodeJitWatch);  // the hook is never taken again
}

// `flags`: the vm::CompileFlags of the torch.compile call this frame was
// requested by (0 for a frame that is merely hot): options belong to the
// object compiled, not to its code, which other objects share
// (Module.__call__ runs every nn.Module).
CodeObject* compile(TracerState& ts, CodeState& cs, FunctionObject* fn, CodeObject* co, vm::Value* slots, uint32_t flags) {
  vm::VM& vm = ts.vm;
  auto t0 = std::chrono::steady_clock::now();
  TraceOptions opts;
  opts.carry_locals = origin_of(ts, co).orig.as<CodeObject>()->nlocals;
  opts.all_dynamic = flags & vm::kCompileDynamic;
  bool may_go_dynamic = !(flags & vm::kCompileStatic);  // torch.compile(dynamic=False): never
  if (may_go_dynamic && !cs.dynamic.empty()) opts.dynamic = &cs.dynamic;
  if (may_go_dynamic && !cs.dynamic_numbers.empty()) opts.dynamic_numbers = &cs.dynamic_numbers;
  double span_start = vm.trace_events ? vm.trace_events->now_us() : 0;
  TraceResult r = trace_function(vm, fn, co, slots, ts.limits, ts.natives, opts);
  if (r.graph && ts.self_check) {
    // Every registry op's meta function against what the trace ran (a
    // disagreement is Kiln's bug: it stops the test run).
    std::string bad = r.graph->check_meta(vm);
    if (!bad.empty()) {
      std::fprintf(stderr, "kiln tracer self-check: %s: %s\n", cs.qualname.c_str(), bad.c_str());
      std::abort();
    }
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (vm.trace_events) {
    using vm::TraceEvents;
    TraceEvents::Args args = {{"function", TraceEvents::str(cs.qualname)}};
    if (r.graph) args.emplace_back("ops", TraceEvents::num(double(r.graph->op_count())));
    if (!r.ok || r.resume)
      args.emplace_back("stopped", TraceEvents::str(fmt::format("{}{}{} at {}:{}", break_reason_name(r.reason),
                                                              r.detail.empty() ? "" : ": ", r.detail, r.file, r.line)));
    vm.trace_events->span("trace " + cs.qualname, "tracer", span_start, vm.trace_events->now_us(), std::move(args));
  }
  auto record_break = [&](const std::string& outcome) {
    if (vm.trace_events && r.reason != BreakReason::NoTensorOps) {
      using vm::TraceEvents;
      vm.trace_events->instant("graph break", "tracer",
                               {{"function", TraceEvents::str(cs.qualname)},
                                {"reason", TraceEvents::str(break_reason_name(r.reason))},
                                {"detail", TraceEvents::str(r.detail)},
                                {"at", TraceEvents::str(fmt::format("{}:{}", r.file, r.line))},
                                {"then", TraceEvents::str(outcome)}});
    }
    cs.breaks.push_back({r.reason, r.detail, r.file, r.line, outcome});
    if (ts.logs & kLogBreaks)
      log(vm, fmt::format("[kiln:breaks] {}: graph break at {}:{}: {}{}{} ({})\n", cs.qualname, r.file, r.line,
                          break_reason_name(r.reason), r.detail.empty() ? "" : ": ", r.detail, outcome));
  };
  if ((flags & vm::kCompileFullgraph) && r.reason != BreakReason::NoTensorOps && (!r.ok || r.resume)) {
    // torch.compile(fullgraph=True): a graph break is an error (each call
    // traces again and raises again).
    vm.raise(vm::Exc::RuntimeError,
             fmt::format("torch.compile(fullgraph=True): graph break in {} at {}:{}: {}{}{} ({})", cs.qualname, r.file,
                         r.line, break_reason_name(r.reason), r.detail.empty() ? "" : ": ", r.detail,
                         break_reason_explanation(r.reason)));
    return nullptr;
  }
  if (!r.ok) {
    if (r.reason != BreakReason::NoTensorOps)
      record_break(fmt::format("no resume: {}; the call runs in the interpreter", r.no_resume));
    give_up(cs, co);
    return co;
  }
  auto e = std::make_unique<Entry>();
  e->id = int(ts.entries.size());
  e->graph = std::move(r.graph);
  bool resumed = ts.origins.count(co) != 0;
  e->graph->name = fmt::format("{}_{}", std::string(vm::str_view(resumed ? co->qualname : co->name)), e->id);
  for (char& c : e->graph->name)
    if (!isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  e->guards = std::move(r.guards);
  if (pins_self_type(e->guards)) e->self_type = self_type_of(vm, co, slots);
  e->runner = std::make_unique<GraphRunner>(e->graph.get());
  e->runner->check_symbolic_sizes(ts.self_check);
  e->trace_ms = ms;
  if (r.dynamic) e->shapes = "dynamic shapes";
  else if ((opts.dynamic || opts.all_dynamic || opts.dynamic_numbers) && !r.size_read_at.empty())
    e->shapes = "static: a size or int is used in Python at " + r.size_read_at;
  int line = e->graph->nodes.empty() ? co->firstlineno : e->graph->nodes.front().line;
  Value native = vm::new_native(vm, "compiled_graph", graph_call, vm::make_int(vm, e->id), Value::none());
  if (r.resume) {
    std::string resumed_in;
    e->code = transformed_code(ts, co, native, *r.resume, &resumed_in);
    if (!e->code) {
      record_break("no resume: the tracer cannot resume there; the call runs in the interpreter");
      give_up(cs, co);
      return co;
    }
    int at = co->line_of(r.resume->pc);
    record_break(r.resume->in_block ? fmt::format("the interpreter runs line {} inside its try or with block, then {}", at,
                                                  resumed_in)
                 : r.resume->run_insn ? fmt::format("the interpreter runs line {}, then {}", at, resumed_in)
                                      : fmt::format("resumed before the loop at line {}, in {}", at, resumed_in));
  } else {
    e->code = entry_code(vm, co, native, line);
  }
  if (ts.logs & kLogGraph)
    log(vm, fmt::format("[kiln:graph] {} ({} ops{}{}, traced in {:.3f} ms)\n{}", where(cs), e->graph->op_count(),
                        e->shapes.empty() ? "" : ", ", e->shapes, ms, e->graph->to_code(vm)));
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

CodeState* code_state_of(TracerState& ts, const Entry& e) {
  for (auto& cs : ts.codes)
    for (auto& x : cs->entries)
      if (x.get() == &e) return cs.get();
  return nullptr;
}

CodeObject* jit_enter(vm::VM& vm, FunctionObject* fn, CodeObject* co, vm::Value* slots) {
  TracerState& ts = state(vm);
  if (ts.skip_code == co) {  // an interpreter sample (sampler_call)
    ts.skip_code = nullptr;
    return co;
  }
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
  bool requested = false;
  uint32_t flags = 0;
  if (vm.jit_request_code == co) {
    // The frame a torch.compile wrapper is calling, with that call's options.
    vm.jit_request_code = nullptr;
    requested = true;
    flags = vm.jit_request_flags;
    if (cs->given_up && cs->entries.empty() && cs->breaks.empty()) cs->given_up = false;
  }
  const vm::TypeObject* self_type = self_type_of(vm, co, slots);
  for (auto& e : cs->entries) {
    if (e->self_type && e->self_type != self_type) continue;  // another class's entry
    if (e->guards.check(vm, fn, slots, &e->loaded) == -1) {
      e->hits++;
      if (e->slow) {  // no faster than the interpreter
        for (Value& v : e->loaded) v = Value();
        return co;
      }
      if (ts.sample_interpreter && e->hits >= kSampleFrom && !ts.in_sample && !ts.sample.entry &&
          (e->entry_us.size() < kSamples || e->interp_us.size() < kSamples)) {
        // This call is a sample, of the entry or of the interpreter in turn:
        // the sampler native runs it again, timed (sampler_call).
        for (Value& v : e->loaded) v = Value();
        if (!cs->sampler_code)
          cs->sampler_code = entry_code(vm, co, vm::new_native(vm, "tier_sample", sampler_call, Value::none(), Value::none()),
                                        co->firstlineno);
        ts.sample = {e.get(), fn, co, slots, e->interp_us.size() < e->entry_us.size()};
        return cs->sampler_code.as<CodeObject>();
      }
      e->loaded_valid = true;
      return e->code.as<CodeObject>();
    }
    for (Value& v : e->loaded) v = Value();  // keep nothing alive past a miss
  }
  if (cs->given_up) return co;
  int threshold = (requested || vm.jit_compile_depth > 0) ? 1 : ts.threshold;
  if (cs->entries.empty() && ++cs->calls < threshold) return co;
  if (!vm.torch_state) {
    // Hot before `import torch`: no tensor op can be in it now; stop watching
    // (a program without torch pays nothing more per call).
    give_up(*cs, co);
    return co;
  }
  // The entries this call could have used: those of its class of self.
  const Entry* latest_same = nullptr;  // the newest: its failing guard is the recompile's reason
  size_t same = 0;
  for (auto& e : cs->entries)
    if (!e->self_type || e->self_type == self_type) {
      latest_same = e.get();
      same++;
    }
  if (!cs->entries.empty() && !latest_same) {
    std::string why = fmt::format("{} is a {}: a graph of its own", cs->code.as<CodeObject>()->varnames.empty() ? "self"
                                  : std::string(vm::str_view(cs->code.as<CodeObject>()->varnames[0])),
                                  vm::str_view(self_type->name));
    cs->recompiles.push_back(why);
    if (ts.logs & kLogRecompiles) log(vm, fmt::format("[kiln:recompiles] {}: recompiling: {}\n", where(*cs), why));
  }
  if (latest_same) {
    if (same >= ts.cache_limit) {
      if (std::find(cs->limit_logged.begin(), cs->limit_logged.end(), self_type) == cs->limit_logged.end()) {
        cs->limit_logged.push_back(self_type);
        std::string msg = fmt::format("{} hit the cache size limit ({}); the calls that miss run in the interpreter",
                                      where(*cs), ts.cache_limit);
        cs->recompiles.push_back(msg);
        if (vm.trace_events) vm.trace_events->instant("cache size limit", "tracer", {{"reason", vm::TraceEvents::str(msg)}});
        if (ts.logs & kLogRecompiles) log(vm, "[kiln:recompiles] " + msg + "\n");
      }
      return co;
    }
    Entry& latest = *const_cast<Entry*>(latest_same);
    int failed = latest.guards.check(vm, fn, slots, &latest.loaded);
    for (Value& v : latest.loaded) v = Value();
    std::string why = latest.guards.failure_reason(vm, failed, fn, slots);
    if (!(flags & vm::kCompileStatic) && failed >= 0 &&
        latest.guards.guards[size_t(failed)].kind == GuardKind::TensorMatch) {
      std::string dyn;
      for (auto& [src, dims] : latest.guards.changed_dims(vm, fn, slots)) {
        uint64_t fresh = dims & ~cs->dynamic[src];
        cs->dynamic[src] |= dims;
        for (int d = 0; d < 64; d++)
          if ((fresh >> d) & 1) dyn += fmt::format("{}{}.size({})", dyn.empty() ? "" : ", ", src, d);
      }
      if (!dyn.empty()) why += "; next graph tries dynamic " + dyn;
    }
    if (!(flags & vm::kCompileStatic) && failed >= 0 &&
        latest.guards.guards[size_t(failed)].kind == GuardKind::ConstMatch) {
      // An int or float that changed (a counter, a learning rate): a graph
      // input next time (automatic dynamic).
      const Guard& g = latest.guards.guards[size_t(failed)];
      std::vector<Value> v(latest.guards.sources.items.size());
      bool loaded = true;
      for (size_t i = 0; loaded && i <= size_t(g.source); i++)
        loaded = latest.guards.sources.load(vm, int(i), fn, slots, v.data(), &v[i]);
      if (!loaded) vm.clear_exception();
      bool position = latest.guards.sources.items[size_t(g.source)].kind == SourceKind::IterState;  // an iterator's: unrolled
      auto is_int = [](const Value& x) { return vm::is_int(x) && !x.is_bool(); };
      const Value& now = loaded ? v[size_t(g.source)] : Value();
      bool same_kind = (is_int(g.expected) && is_int(now)) || (g.expected.is_double() && now.is_double());
      if (loaded && !position && same_kind) {
        std::string src = latest.guards.sources.describe(g.source);
        if (std::find(cs->dynamic_numbers.begin(), cs->dynamic_numbers.end(), src) == cs->dynamic_numbers.end()) {
          cs->dynamic_numbers.push_back(src);
          why += "; next graph tries dynamic " + src;
        }
      }
    }
    cs->recompiles.push_back(why);
    if (vm.trace_events)
      vm.trace_events->instant("guard failure, recompile", "tracer",
                               {{"function", vm::TraceEvents::str(cs->qualname)}, {"reason", vm::TraceEvents::str(why)}});
    if (ts.logs & kLogRecompiles) log(vm, fmt::format("[kiln:recompiles] {}: recompiling: {}\n", where(*cs), why));
  }
  return compile(ts, *cs, fn, co, slots, flags);
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
    {
      r += fmt::format("  graph {}: {} ops, {} inputs, {} guards, {} calls, traced in {:.3f} ms{}{}\n", e->graph->name,
                       e->graph->op_count(), e->graph->inputs.size(), e->guards.guards.size(), e->hits, e->trace_ms,
                       e->shapes.empty() ? "" : ", ", e->shapes);
      if (e->compiled) r += "    " + e->compiled->summary() + "\n";
      if (e->slow) r += "    " + e->slow_note + "\n";
    }
    for (auto& b : cs->breaks)
      r += fmt::format("  graph break at {}:{}: {}{}{}\n    then: {}\n    why: {}\n    hint: {}\n", b.file, b.line,
                       break_reason_name(b.reason), b.detail.empty() ? "" : ": ", b.detail, b.outcome,
                       break_reason_explanation(b.reason), break_reason_hint(b.reason));
    for (auto& w : cs->recompiles) r += fmt::format("  recompile: {}\n", w);
  }
  ts.vm.err(r);
}

// --profile: per graph that ran, its calls, tier, time and work (stderr).
void profile(TracerState& ts) {
  std::vector<const Entry*> rows;
  for (auto& cs : ts.codes)
    for (auto& e : cs->entries)
      if (e->runs) rows.push_back(e.get());
  std::sort(rows.begin(), rows.end(), [](const Entry* a, const Entry* b) { return a->run_ms > b->run_ms; });
  std::string r = "kiln --profile: compiled graphs, by total time\n";
  r += fmt::format("{:<32} {:>9} {:>5} {:>11} {:>10} {:>11} {:>7} {:>10} {:>12}\n", "graph", "calls", "tier", "total ms",
                   "mean us", "compile ms", "kernels", "MB moved", "allocs/call");
  for (const Entry* e : rows) {
    const jit::CompiledGraph* c = e->compiled.get();
    double compile_ms = e->trace_ms + (c ? c->compile_ms() : 0);
    r += fmt::format("{:<32} {:>9} {:>5} {:>11.3f} {:>10.2f} {:>11.3f} {:>7} {:>10.1f} {:>12.1f}\n", e->graph->name, e->runs,
                     c && c->tier() > 0 ? "1" : "0.5", e->run_ms, e->run_ms * 1000.0 / double(e->runs), compile_ms,
                     c ? c->kernels() : 0, c ? double(c->bytes_moved()) / 1e6 : 0.0,
                     double(e->allocations) / double(e->runs));
  }
  if (rows.empty()) r += "(no graph ran)\n";
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
    else if (w == "jit" || w == "kernels") {
      // the tier manager's (jit::TierSettings)
    }
    else if (!w.empty())
      vm.err(fmt::format("kiln: KILN_LOGS / --logs: unknown log '{}' (known: graph, guards, recompiles, breaks, all, jit, kernels)\n", w));
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
  ts->tiers = jit::TierSettings::from(o);
  ts->profile = o.profile;
  ts->sample_interpreter = o.sample_interpreter;
  if (const char* v = std::getenv("KILN_SAMPLE_VERDICT"))
    ts->sample_verdict = std::string_view(v) == "slow" ? -1 : std::string_view(v) == "fast" ? 1 : 0;
  vm.jit_state = ts.get();
  vm.jit_enter = jit_enter;
  vm.jit_watch_new_code = true;
  TracerState* raw = ts.get();
  vm.extension_state["tracer"] = ts;
  if (o.explain) vm.at_exit.push_back([raw]() { explain(*raw); });
  if (o.profile) vm.at_exit.push_back([raw]() { profile(*raw); });
}

}  // namespace kiln::tracer
