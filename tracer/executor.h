// tracer/executor.h — the graph executor ("tier 0.5").
//
// Runs a captured Graph (tracer/graph.h) node by node, calling the eager
// implementations directly: a Call node is one native call with its
// arguments gathered from registers, an operator node one call into the
// object protocol — except chains of float32 pointwise ops, which run fused
// when their inputs allow (tracer/fused.h). There is no bytecode dispatch, no name or attribute
// lookup and no Python-level control flow left: the tracer resolved them.
// Registers are reused between calls of the same graph (a fresh set is
// taken if a graph is re-entered).
#pragma once

#include <vector>

#include "tracer/fused.h"
#include "tracer/graph.h"

namespace kiln::jit {
class CompiledGraph;
}

namespace kiln::tracer {

class GraphRunner {
 public:
  explicit GraphRunner(const Graph* g);
  // Runs the graph on `loaded`, the values of the guard program's sources
  // (the graph's inputs are some of them; those are consumed). Returns its output (a tuple when
  // it has several), or Empty with the exception pending; if a node fails,
  // the __exit__ of each user `with` block around it runs and grad mode is
  // restored.
  Value run(VM& vm, std::vector<Value>& loaded);
  // After a failed run: the node that raised (-1: none).
  int failed_node() const { return failed_; }
  // Machine code for some of the graph's nodes (the tier manager's); the
  // executor runs the rest. Null: none.
  void set_compiled(const jit::CompiledGraph* c) { compiled_ = c; }
  // Self-check (KILN_TRACER_SELFCHECK) of a dynamic graph's symbolic sizes
  // (tracer/symbolic_sizes.h): each node the executor runs has, at this
  // call's values of the symbols, the sizes its expressions give; a
  // difference is Kiln's bug and aborts with the node and both shapes.
  void check_symbolic_sizes(bool on) { check_sizes_ = on; }

 private:
  void run_with_exits(VM& vm, Value* regs);
  const Graph* g_;
  const jit::CompiledGraph* compiled_ = nullptr;
  std::vector<FusedRegion> regions_;  // pointwise chains evaluated fused when their inputs allow
  // Buffer planning: per node, the registers whose last use it is (not the
  // outputs): dropped right after it, so an intermediate tensor is freed as
  // soon as nothing needs it (peak memory of one call, not of all its
  // intermediates).
  std::vector<std::vector<int>> drop_after_;
  std::vector<Value> regs_;
  bool busy_ = false;
  bool check_sizes_ = false;
  int failed_ = -1;
};

}  // namespace kiln::tracer
