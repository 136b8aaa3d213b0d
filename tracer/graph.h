// tracer/graph.h — the graph IR the tracer captures.
//
// A Graph is a straight-line SSA program over registers: constants first,
// then inputs (values loaded through sources, tracer/source.h), then one
// register per node. A node applies one op of tracer/ops.def to earlier
// registers. Tensor ops are calls of the torch module's own natives (or the
// object protocol the interpreter would use), so running a graph
// (tracer/executor.h) computes exactly what the interpreter computes, in
// program order — side effects on tensors included — without bytecode
// dispatch, name lookups or Python-level control flow, which the tracer
// resolved while capturing. The codegen tiers (issue 6) lower the tensor
// part of a graph further.
//
// Graphs print as readable code (`to_code`, with source lines) and as
// Graphviz DOT (`to_dot`), and are checked by `validate` after capture.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "stdlib/torch/ops/registry.h"
#include "tracer/meta.h"
#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::tracer {

using vm::Value;
using vm::VM;

enum class GraphOp : uint8_t {
#define GRAPH_OP(name, printed, arity) name,
#include "tracer/ops.def"
#undef GRAPH_OP
  Count_
};
const char* graph_op_name(GraphOp op);
int graph_op_arity(GraphOp op);  // -1: any

struct Node {
  GraphOp op;
  int arg = 0;              // BinOpKind / UnaryOpKind / CmpOpKind for operator nodes
  std::vector<int> in;      // input registers (Call: positional, then keyword values)
  Value callee;             // Call: the native function; BuildTuple: the tuple type when not tuple (torch.Size)
  Value kwnames;            // Call: tuple of keyword names, or Empty
  Value name;               // GetAttr: the attribute (interned str)
  int line = 0;             // source line of the instruction that made it
  Value file;               // its file when not the graph's (an inlined function of another module)
  std::string label;        // Call: "torch.add" / "Tensor.add_"; operators: the symbol
  Meta meta;                // what the output was while tracing (tracer/meta.h)
  // Where it was made, outermost first: the traced function's line, then
  // each inlined call's (its code and line). A failing node's traceback.
  struct Site {
    Value code;  // CodeObject
    int line;
  };
  std::vector<Site> sites;
  // A Call of torch._kiln_setitem (functionalisation's write through a
  // view) may write its input itself instead of a copy (reinplacing):
  //   IfUnshared: the input, a tensor the graph made, dies here and
  //     nothing but views (which the executor sees by the storage's count)
  //     shares it: written when no other tensor holds the storage;
  //   Always: the input is a graph input x whose writes functionalisation
  //     moved to a copy_back(x, ...) at the end, or a value of x's chain
  //     of setitems (each one x itself when written in place); nothing
  //     after reads it but the next setitem of the chain or the copy back,
  //     so writing x now is what eager does.
  // Either way the version counter is left as a pure op leaves it: a
  // copy_back at the end advances it once per write eager made, where the
  // program can see the tensor.
  enum class Reinplace : uint8_t { No, IfUnshared, Always };
  Reinplace reinplace = Reinplace::No;
  // The trace unpacked this op's tuple (a, b = x.chunk(2, 1)), so its
  // length is part of the graph: the symbolic-size pass pins the graph's
  // sizes unless the op's rule gives it for every call.
  bool count_read = false;
};

// A Call node of an op of the torch registry (stdlib/torch/ops/registry.h),
// its argument registers bound by the op's schema — as the native binds the
// call when it runs: arg[i] is the register of params[i], -1 where the call
// leaves it to its default. `torch.clamp(x, min=0)` and `x.clamp(0)` give
// the same OpCall.
struct OpCall {
  const torch::ops::OpDef* op = nullptr;
  int arg[torch::ops::kMaxParams];
  // A method call's separate arguments for its int... parameter
  // (x.view(2, 3)): `packed` registers from arg[op->schema.varargs] on
  // (0: it binds as usual; 1: one int, or one tuple or list).
  size_t packed = 0;
  int pack[8];  // those registers (packed > 1)
  torch::ops::OpId id() const { return op->id; }
};
// Whether n calls an op of the registry with arguments that bind (a call
// that does not bind raises when it runs; it is no op here).
bool op_call_of(const Node& n, OpCall* out);

// A node that moves Python values around rather than computing on tensors:
// building tuples, lists, dicts, sets and objects, attribute and global
// stores, grad-mode switches, advancing an iterator from outside, deleting
// from a dict. A trace with nothing else is not worth a graph.
bool is_plumbing(const Node& n);

// Whether node n may raise when the graph runs though it did not while
// tracing, its inputs' metadata being guarded: ops that index by a
// tensor's data (gather, embedding, advanced indexing...), integer
// division and remainder (by zero), decompositions of singular matrices,
// sampling from bad probabilities. `int_result`: n's value is an integer
// (a number or a tensor); `tensorish(r)`: register r holds a tensor, a
// tuple or a list.
bool may_raise_on_data(const Node& n, bool int_result, const std::function<bool(int)>& tensorish);

// Whether key is a basic index (ints, slices of ints, None, `...`, a
// tuple of them): t[key] is a view of t (index.h).
bool basic_index(const Value& key);

struct Graph;
// Inserts nodes: inserts[k] = (p, node) puts node right after node p of g
// (inserts sorted by p; several after one node keep their order). In every
// node, old and inserted, and in g.outputs, registers are numbered as g's
// with g.nregs() + k naming inserted node k; they and the `with` ranges
// are renumbered.
void splice_nodes(Graph& g, std::vector<std::pair<size_t, Node>> inserts);

struct Graph {
  std::string name;          // "f_0": the function and the entry number
  std::string filename;
  std::vector<Value> consts;
  std::vector<int> inputs;               // per input: its source index
  std::vector<std::string> input_names;  // per input: the source, described
  std::vector<Meta> input_meta;
  std::vector<Node> nodes;
  std::vector<int> outputs;  // registers; one output is returned as itself, several as a tuple
  bool tuple_output = false;  // always a tuple (a partial graph's live values at a graph break)
  bool dynamic = false;       // some sizes or ints are not guarded: its values' sizes may differ from the trace's
  // A dynamic graph's symbols (tracer/symbolic_sizes.h): s<k> is dim
  // size_symbols[k].dim of input size_symbols[k].input; n<k> is the int
  // input int_symbols[k].input.
  struct Symbol {
    size_t input;
    int dim;
  };
  std::vector<Symbol> size_symbols, int_symbols;
  // A symbolic-size rule that disagreed with the trace (its node took
  // u-symbols instead); check_meta reports it.
  std::string symbolic_mismatch;
  // The `with` blocks the graph traced through (or resumed inside): when
  // node i in [first, end) raises, each block around it is left innermost
  // first, as the interpreter's unwinding would: a user manager's
  // `exit(manager, type, exc, tb)` runs; a grad-mode block (torch.no_grad
  // and its kin) restores the mode from before it.
  struct WithExit {
    int manager;  // register (-1 for a grad-mode block)
    Value exit;   // the class's __exit__ function (Empty for a grad-mode block)
    size_t first, end;
    int grad_prev = -1;  // a grad-mode block: the mode it restores (0 or 1)
  };
  std::vector<WithExit> with_exits;

  int const_reg(size_t i) const { return int(i); }
  int input_reg(size_t i) const { return int(consts.size() + i); }
  int node_reg(size_t i) const { return int(consts.size() + inputs.size() + i); }
  int nregs() const { return int(consts.size() + inputs.size() + nodes.size()); }
  // Nodes that are tensor operations (not plumbing: see is_plumbing).
  size_t op_count() const;
  // What register r held while tracing (the meta of its example).
  Meta reg_meta(VM& vm, int r) const;
  // Register r as an argument of a meta function (stdlib/torch/ops/meta.h):
  // a constant itself, a tensor (every size fixed) as a meta tensor; Empty
  // for anything else (a number the graph computes, a dynamic size).
  Value meta_value(VM& vm, int r) const;
  // The meta function of `op` (stdlib/torch/ops/meta.h: infer_meta) called
  // as node n makes its call: its registers' meta values, its keywords.
  // False when an argument has no meta value (nothing pending) or when the
  // meta function raises (its exception pending).
  bool call_meta(VM& vm, const Node& n, const torch::ops::OpDef& op, bool method, Value* result) const;

  std::string to_code(VM& vm) const;
  std::string to_dot(VM& vm) const;
  // Empty if well formed, else what is wrong (a register used before it is
  // defined, a wrong arity, a Call without a native...).
  std::string validate() const;
  // Empty if every registry op node's meta function (infer_meta on its
  // arguments' meta values) gives the dtype and sizes the trace saw, and
  // every symbolic size agreed with it (symbolic_mismatch), else the first
  // that does not (the tracer's self-check, KILN_TRACER_SELFCHECK).
  std::string check_meta(VM& vm) const;
};

}  // namespace kiln::tracer
