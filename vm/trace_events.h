// vm/trace_events.h — the built-in trace dump (`--trace-dump=FILE`).
//
// When the option is set, the runtime gives the VM a TraceEvents recorder
// (VM::trace_events; null otherwise, and every hook is one pointer test).
// Each layer records what it does as Chrome Trace Event Format events, and
// the file is written when the runtime goes (kiln::Runtime's destructor):
// JSON that opens in Perfetto (ui.perfetto.dev) and chrome://tracing.
//
//   spans ("X"):     parse, bytecode compile (per source: the script and
//                    each imported module), tracing a frame (its graph,
//                    ops, outcome), each backend compile (tier, kernels),
//                    graph executions;
//   instants ("i"):  graph breaks, guard failures / recompiles, kernel
//                    fallbacks to the executor, with their reasons.
//
// Graph executions would swamp the file in a hot loop, so each graph's
// first kIndividualRuns runs are spans of their own and later ones are
// aggregated: one span per batch of runs, from the batch's first start to
// its last end, with `runs` and `busy_ms` arguments. Timestamps are
// microseconds from the recorder's creation; every event is on the main
// thread (tid 1), in program order.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kiln::vm {

class TraceEvents {
 public:
  static constexpr int kIndividualRuns = 64;
  static constexpr int kBatchRuns = 4096;

  TraceEvents();
  // Microseconds since the recorder was made.
  double now_us() const;
  using Args = std::vector<std::pair<std::string, std::string>>;  // values already JSON (quoted strings or numbers)
  void span(const std::string& name, const char* cat, double start_us, double end_us, Args args = {});
  void instant(const std::string& name, const char* cat, Args args = {});
  // One execution of graph `graph` from start to end (aggregated past the
  // first kIndividualRuns).
  void graph_run(const std::string& graph, double start_us, double end_us);
  // Writes the JSON (flushing pending aggregates). False on I/O error.
  bool write(const std::string& path);

  static std::string str(const std::string& s);  // a JSON string literal
  static std::string num(double v);

 private:
  struct Event {
    std::string name;
    const char* cat;
    char ph;
    double ts, dur;
    Args args;
  };
  struct Batch {
    int64_t runs = 0;       // all runs so far
    int64_t pending = 0;    // runs in the open batch
    double first = 0, last = 0, busy = 0;
  };
  void flush(const std::string& graph, Batch& b);
  std::chrono::steady_clock::time_point t0_;
  std::vector<Event> events_;
  std::unordered_map<std::string, Batch> batches_;
};

// A span recorded when it goes out of scope (no-op without a recorder).
class TraceSpan {
 public:
  TraceSpan(TraceEvents* t, std::string name, const char* cat)
      : t_(t), name_(std::move(name)), cat_(cat), start_(t ? t->now_us() : 0) {}
  ~TraceSpan() {
    if (t_) t_->span(name_, cat_, start_, t_->now_us(), std::move(args_));
  }
  void arg(const std::string& k, const std::string& json_value) {
    if (t_) args_.emplace_back(k, json_value);
  }
  TraceSpan(const TraceSpan&) = delete;
  TraceSpan& operator=(const TraceSpan&) = delete;

 private:
  TraceEvents* t_;
  std::string name_;
  const char* cat_;
  double start_;
  TraceEvents::Args args_;
};

}  // namespace kiln::vm
