// vm/trace_events.cpp — see vm/trace_events.h.
#include "vm/trace_events.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>

namespace kiln::vm {

TraceEvents::TraceEvents() : t0_(std::chrono::steady_clock::now()) {}

double TraceEvents::now_us() const {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0_).count();
}

void TraceEvents::span(const std::string& name, const char* cat, double start_us, double end_us, Args args) {
  events_.push_back(Event{name, cat, 'X', start_us, std::max(0.0, end_us - start_us), std::move(args)});
}

void TraceEvents::instant(const std::string& name, const char* cat, Args args) {
  events_.push_back(Event{name, cat, 'i', now_us(), 0, std::move(args)});
}

void TraceEvents::graph_run(const std::string& graph, double start_us, double end_us) {
  Batch& b = batches_[graph];
  b.runs++;
  if (b.runs <= kIndividualRuns) {
    span(graph, "graph", start_us, end_us, {{"run", num(double(b.runs))}});
    return;
  }
  if (b.pending == 0) b.first = start_us;
  b.pending++;
  b.last = end_us;
  b.busy += end_us - start_us;
  if (b.pending == kBatchRuns) flush(graph, b);
}

void TraceEvents::flush(const std::string& graph, Batch& b) {
  if (b.pending == 0) return;
  span(fmt::format("{} ({} runs)", graph, b.pending), "graph", b.first, b.last,
       {{"runs", num(double(b.pending))}, {"busy_ms", num(b.busy / 1000.0)}, {"aggregated", "true"}});
  b.pending = 0;
  b.busy = 0;
}

std::string TraceEvents::str(const std::string& s) {
  std::string r = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': r += "\\\""; break;
      case '\\': r += "\\\\"; break;
      case '\n': r += "\\n"; break;
      case '\t': r += "\\t"; break;
      case '\r': r += "\\r"; break;
      default:
        if (c < 0x20) r += fmt::format("\\u{:04x}", c);
        else r += char(c);
    }
  }
  return r + "\"";
}

std::string TraceEvents::num(double v) {
  if (!std::isfinite(v)) return "0";
  return fmt::format("{}", v);
}

bool TraceEvents::write(const std::string& path) {
  for (auto& [graph, b] : batches_) flush(graph, b);
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return false;
  std::string out = "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n";
  out += "  {\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"kiln\"}}";
  for (const Event& e : events_) {
    out += fmt::format(",\n  {{\"name\": {}, \"cat\": \"{}\", \"ph\": \"{}\", \"ts\": {:.3f}, ", str(e.name), e.cat, e.ph, e.ts);
    if (e.ph == 'X') out += fmt::format("\"dur\": {:.3f}, ", e.dur);
    else out += "\"s\": \"t\", ";
    out += "\"pid\": 1, \"tid\": 1, \"args\": {";
    for (size_t i = 0; i < e.args.size(); i++) out += fmt::format("{}{}: {}", i ? ", " : "", str(e.args[i].first), e.args[i].second);
    out += "}}";
  }
  out += "\n]}\n";
  bool ok = std::fwrite(out.data(), 1, out.size(), f) == out.size();
  return std::fclose(f) == 0 && ok;
}

}  // namespace kiln::vm
