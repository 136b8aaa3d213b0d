// tracer/translator.h — the state of one capture, shared by the files
// that trace each kind of value (the tracer's private header).
//
// trace_function (tracer/trace.h) makes one Tracer per capture. Its parts
// follow the seams TorchDynamo's are cut along, one file each:
//
//   tracer/trace.cpp              the driver: run, and retries of a capture
//   tracer/instructions.cpp       the instruction translator (run_frame:
//                                 handlers by opcode), truth and operators
//   tracer/build_from_source.cpp  a value read from a source: its Sym and
//                                 the guards it installs (VariableBuilder)
//   tracer/values_tensor.cpp      tensors: copies, symbolic sizes, SymInts
//   tracer/values_containers.cpp  tuples, lists, dicts, sets and iterators
//   tracer/values_functions.cpp   calls of Python functions and closures
//                                 (inlining, cells, generators)
//   tracer/values_natives.cpp     builtins and native (torch) functions
//   tracer/values_objects.cpp     user classes, instances, attributes,
//                                 super(), builtin subclasses
//   tracer/context_managers.cpp   with blocks: grad mode and user managers
//   tracer/side_effects.cpp       changes to objects from outside the trace
//   tracer/output_graph.cpp       the graph being built, and its output
//                                 (live values, breaks, resume points)
//
// A new kind of value or higher-order op is a new file of Tracer members
// declared here. Frames (the traced function and the calls it inlines)
// hold Syms (tracer/symbolic.h); run_frame interprets raw instructions
// (CodeObject::raw_code: the same pcs as the fused code) over them. A Break
// exception carries the reason out of any depth; it never leaves
// trace_function.
#pragma once

#include "tracer/trace.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <fmt/format.h>
#include <unordered_map>

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/compile.h"
#include "stdlib/torch/state.h"
#include "stdlib/torch/tensor_object.h"
#include "tracer/bytecode_flow.h"
#include "tracer/decompose.h"
#include "tracer/functionalize.h"
#include "tracer/symbolic.h"
#include "vm/ast.h"
#include "vm/code.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/slice.h"
#include "vm/tuple.h"
#include "vm/set.h"
#include "vm/shape.h"
#include "vm/type.h"

namespace kiln::tracer {


using vm::CodeObject;
using vm::FunctionObject;
using vm::NativeObject;
using vm::ObjKind;
using vm::Op;

struct Break {
  BreakReason reason;
  std::string detail;
  // Set when the break happened while a generator made in the trace was
  // running: tracing again with that generator's calls left to the
  // interpreter may resume where this could not (trace_function retries).
  const CodeObject* generator = nullptr;
  // ExceptionInTrace: the class of the exception the traced code raised
  // (hasattr and getattr with a default turn an AttributeError into a value).
  const vm::TypeObject* exc_type = nullptr;
};

[[noreturn]] inline void stop(BreakReason r, std::string detail = {}) { throw Break{r, std::move(detail)}; }
[[noreturn]] inline void raised(const vm::TypeObject* type, std::string detail) {
  Break b{BreakReason::ExceptionInTrace, std::move(detail)};
  b.exc_type = type;
  throw b;
}

inline constexpr const char* kBinSyms[] = {
#define X(name, sym, dunder) sym,
    KILN_AST_BINOPS(X)
#undef X
};
inline constexpr const char* kCmpSyms[] = {
#define X(name, sym) sym,
    KILN_AST_CMPOPS(X)
#undef X
};
inline constexpr const char* kUnarySyms[] = {"~", "not ", "+", "-"};
inline constexpr const char* kBinDunders[] = {
#define X(name, sym, dunder) dunder,
    KILN_AST_BINOPS(X)
#undef X
};
// The dunders a builtin container's behaviour comes from: a user subclass
// of list, tuple or dict that defines one of these is not the builtin as far
// as that operation goes (tracer: subclass_override).
inline constexpr const char* kProtocolDunders[] = {"__getitem__", "__setitem__", "__delitem__", "__iter__",  "__len__",
                                        "__contains__", "__bool__",   "__eq__",      "__ne__",    "__lt__",
                                        "__le__",      "__gt__",      "__ge__",      "__hash__",  "__add__",
                                        "__radd__",    "__iadd__",    "__mul__",     "__rmul__",  "__imul__",
                                        "__reversed__", "__missing__", "__getattr__", "__or__",   "__ror__"};

// Register ids during tracing: the kind in the top bits (constants, inputs
// and nodes are numbered separately until the graph is finished).
inline constexpr int kConstTag = 0, kInputTag = 1, kNodeTag = 2;
constexpr int tag(int kind, int i) { return (kind << 26) | i; }
constexpr int tag_kind(int id) { return id >> 26; }
constexpr int tag_index(int id) { return id & ((1 << 26) - 1); }

struct Frame {
  CodeObject* co = nullptr;
  Value globals;  // DictObject
  std::vector<Sym> locals;
  std::vector<std::shared_ptr<CellData>> cells;
  std::vector<Sym> stack;
  uint32_t pc = 0;
  int depth = 0;
  // Exception-table ranges (by start) of `with` blocks of grad-mode
  // managers entered here: traced through (a failing graph restores grad
  // mode as their __exit__ would), where other try/with code breaks.
  std::vector<uint32_t> traced_with_starts;
  bool generator = false;  // a generator's frame: YIELD_VALUE returns from run_frame
  bool yielded = false;    // run_frame returned at a yield (else at the return)
  // The code calling this frame is inside a try block the trace follows
  // (an exception here would reach that block's handlers).
  bool outer_try = false;
};

// A generator function called in the trace: its frame, suspended at a yield
// between items, and the inlined calls it was made under (its nodes' sites).
struct GenState {
  Frame frame;
  bool started = false, done = false;
  std::vector<std::pair<const CodeObject*, int>> chain;
};

inline bool is_immutable_const(const Value& v) {
  if (v.is_none() || v.is_bool() || v.is_double() || v.is_small_int()) return true;
  if (!v.is_object()) return true;
  switch (v.as_object()->kind) {
    case ObjKind::Int:
    case ObjKind::Str:
    case ObjKind::Range:
    case ObjKind::Slice:
      return true;
    case ObjKind::Tuple: {
      auto* t = v.as<vm::TupleObject>();
      for (size_t i = 0; i < t->size; i++)
        if (!is_immutable_const(t->items[i])) return false;
      return true;
    }
    default: return false;
  }
}

class Tracer {
 public:
  Tracer(VM& vm, FunctionObject* fn, CodeObject* co, const Value* slots, const TraceLimits& lim, NativeTable& natives,
         const TraceOptions& opts)
      : vm_(vm), fn_(fn), co_(co), slots_(slots), lim_(lim), natives_(natives), opts_(opts),
        carry_locals_(opts.carry_locals) {}

  // The capture (tracer/trace.cpp): the graph, or a partial graph and a
  // resume point, or the reason there is none.
  TraceResult run();

 private:
  VM& vm_;
  FunctionObject* fn_;
  CodeObject* co_;
  const Value* slots_;
  TraceLimits lim_;
  NativeTable& natives_;
  int ninsns_ = 0;
  TraceOptions opts_;
  int carry_locals_;
  // Where the instruction being traced is (for node lines and break sites).
  const CodeObject* cur_co_ = nullptr;
  int cur_line_ = 0;
  Frame* cur_frame_ = nullptr;  // the frame running the current instruction
  std::vector<std::pair<const CodeObject*, int>> call_chain_;  // the inlined calls in progress: caller and line
  bool cur_try_ = false;  // the instruction being traced is inside a try block (of its frame or a caller's)
  void count_insn() {
    if (++ninsns_ > lim_.max_instructions)
      stop(BreakReason::TraceTooLong, fmt::format("more than {} instructions", lim_.max_instructions));
  }

  // --------------------------- the graph being built (tracer/output_graph.cpp)
  GuardProgram guards_;
  std::vector<Value> consts_;
  std::vector<int> input_sources_;
  std::vector<Meta> input_meta_;
  std::vector<Value> input_values_;  // per input: the value its source held while tracing (a tensor: the real one)
  std::vector<Node> nodes_;
  int const_id(const Value& v) {
    for (size_t i = 0; i < consts_.size(); i++)
      if (consts_[i].bits() == v.bits()) return tag(kConstTag, int(i));
    consts_.push_back(v);
    return tag(kConstTag, int(consts_.size() - 1));
  }
  Meta meta_of(const Value& v) { return tracer::meta_of(vm_, v); }
  int add_node(Node n, const Value& example);
  bool guards_dynamic() const {
    for (const Guard& g : guards_.guards)
      if (g.kind == GuardKind::TensorMatch && g.dynamic) return true;
    return false;
  }
  // Whether node `n` (its result `r`) may raise when the graph runs though
  // it did not while tracing, its inputs' metadata being guarded: ops that
  // index by a tensor's data (gather, embedding, advanced indexing...),
  // integer division and remainder (by zero), decompositions of singular
  // matrices, sampling from bad probabilities.
  bool may_raise_on_data(const Node& n, const Value& r) const;
  // The functionalisation pass on the finished graph, and the NO_ALIASING
  // guard its writes to inputs need (tracer/functionalize.h).
  // Gives a dynamic graph its symbolic sizes, or pins them (tracer/symbolic_sizes.h).
  void symbolize_graph(Graph& g);
  void functionalize_graph(Graph& g);
  Sym ref(int id, const Value& example) {
    Sym s;
    s.kind = SymKind::Ref;
    s.reg = id;
    s.ex = example;
    s.tensor = torch::is_tensor(example);
    return s;
  }
  // The register holding s when the graph runs.
  int reg_of(const Sym& s);
  // A real value standing for s while tracing.
  Value example_of(const Sym& s);
  // What a node's result becomes.
  Sym node_result(int id, const Value& r, const std::string& label);
  Value checked(Value r, const std::string& what);
  // A node without effects: dropping it changes nothing but its value.
  static bool node_is_pure(const Node& n);
  // The graph input that carries source `src` (added if new).
  int input_for_source(int src, const Value& example);
  void guard(GuardKind k, int src, Value expected = Value(), int64_t n = 0) {
    Guard g;
    g.kind = k;
    g.source = src;
    g.expected = std::move(expected);
    g.n = n;
    guards_.add(std::move(g));
  }
  // The source a value was read from (-1 for values made in the trace).
  int source_of(const Sym& s) const {
    switch (s.kind) {
      case SymKind::Obj: return s.reg;
      case SymKind::Ref: return tag_kind(s.reg) == kInputTag ? input_sources_[size_t(tag_index(s.reg))] : -1;
      case SymKind::Seq: return s.seq->source;
      default: return -1;
    }
  }

  // ------------------------ breaks and resume points (tracer/output_graph.cpp)
  // The traced function's state before its current instruction (the point a
  // graph break resumes from), and the lists that instruction has changed so
  // far with their items before it (put back if it breaks: a break inside an
  // inlined call backs up to the call).
  struct Snapshot {
    bool valid = false;
    uint32_t pc = 0;
    std::vector<Sym> stack, cells;  // cells: the contents of the frame's cells
    size_t nodes = 0;
  } snap_;
  using UndoLog = std::vector<std::pair<std::shared_ptr<SeqData>, std::vector<Sym>>>;
  UndoLog undo_;
  // The traced function's loops and try blocks, merged into outermost
  // [entry, end] pc ranges: a break inside one resumes from its entry (a
  // loop with a break in it runs in the interpreter), with the state saved
  // when the trace got there.
  struct Region {
    uint32_t entry, end;
  };
  std::vector<Region> regions_;
  struct RegionSnapshot {
    bool valid = false;
    uint32_t pc = 0;
    std::vector<Sym> stack, locals, cells;
    size_t nodes = 0;
  } region_snap_;
  UndoLog region_undo_;
  // Saves `d`'s items in `log` the first time it changes (lists and dicts).
  template <class Log, class Data>
  static void log_undo(Log& log, const std::shared_ptr<Data>& d) {
    for (auto& u : log)
      if (u.first == d) return;
    log.emplace_back(d, d->items);
  }
  void touch(const std::shared_ptr<SeqData>& s) {
    s->version++;
    touches_++;
    log_undo(undo_, s);
    if (region_snap_.valid) log_undo(region_undo_, s);
  }
  // The same for dicts made in the trace.
  using MapUndoLog = std::vector<std::pair<std::shared_ptr<MapData>, std::vector<std::pair<Value, Sym>>>>;
  MapUndoLog map_undo_, region_map_undo_;
  void touch(const std::shared_ptr<MapData>& m) {
    touches_++;
    log_undo(map_undo_, m);
    if (region_snap_.valid) log_undo(region_map_undo_, m);
  }
  void find_regions();
  const Region* region_at(uint32_t pc) const {
    for (auto& r : regions_)
      if (pc >= r.entry && pc <= r.end) return &r;
    return nullptr;
  }
  std::string resume_at_break(Frame& top, TraceResult& res);
  std::unique_ptr<Graph> finish_graph(const std::vector<int>& outputs, bool tuple_output);
  std::unique_ptr<Graph> number_graph(const std::vector<int>& outputs, bool tuple_output);

  // ---------------------- the instruction translator (tracer/instructions.cpp)
  Sym run_frame(Frame& f);
  // One instruction: its opcode and argument, and where the frame goes on
  // (the next pc, or a jump's target).
  struct Insn {
    Op op;
    uint32_t arg;
    uint32_t next;
  };
  // The handlers, by opcode family (tracer/insn_<family>.cpp): each
  // translates an instruction of its family and returns true, or returns
  // false for any other. insn_control sets *result when the frame returns
  // or yields.
  bool insn_stack_and_names(Frame& f, Insn& in);
  bool insn_calls(Frame& f, Insn& in);
  bool insn_operators(Frame& f, Insn& in);
  bool insn_containers(Frame& f, Insn& in);
  bool insn_control(Frame& f, Insn& in, std::optional<Sym>* result);
  // The top of a frame's stack, taken off it.
  static Sym pop(std::vector<Sym>& st) {
    Sym s = std::move(st.back());
    st.pop_back();
    return s;
  }
  bool truth(const Sym& s);
  Sym binary(vm::BinOpKind op, const Sym& a, const Sym& b, bool inplace);
  const void* identity(const Sym& s) {
    switch (s.kind) {
      case SymKind::Const:
      case SymKind::Ref:
      case SymKind::Obj: return reinterpret_cast<const void*>(s.ex.bits());
      case SymKind::Seq: return s.seq.get();
      case SymKind::Func: return s.func.get();
      case SymKind::Iter: return s.iter.get();
      case SymKind::Inst:
      case SymKind::Map: return s.map.get();
      default: return nullptr;
    }
  }

  // ------------------- values read from sources (tracer/build_from_source.cpp)
  // The Sym for `real`, read from source `src` (guards added): constants,
  // functions, classes and modules here; each other kind in its file
  // (tensor_from_source, seq_from_source, object_from_source...).
  Sym from_source(int src, const Value& real);
  // A source standing for the object itself: the root of sources read from
  // a function or module the trace holds as a constant.
  int const_source(const Value& obj) { return guards_.sources.add(Source{SourceKind::Const, -1, 0, obj, Value()}); }
  // A value whose identity pins everything the trace reads of it (its own
  // guards come where it is used: FUNC_VERSION when a function is inlined,
  // CLASS_VERSION when a class's attributes are read, MODULE_ATTRS for a
  // module's), so holding it as a constant is sound once that identity is.
  bool pinned_by_identity(const Value& v) const;

  // --------------------- tensors and symbolic sizes (tracer/values_tensor.cpp)
  // The trace's tensors: per real tensor object its copy, per real storage
  // the copy's storage. A copy starts on the real memory (Storage::borrow)
  // and gets memory of its own before anything may write it
  // (before_write): most traces only read their arguments and parameters,
  // so a trace costs no copy of them.
  std::unordered_map<const vm::Object*, Value> clones_;
  struct StorageClone {
    torch::StoragePtr storage;  // the trace's storage
    uint32_t version = 0;       // its version while it borrows (a write would change it)
    bool owns = false;          // has its own copy now
  };
  std::unordered_map<const torch::Storage*, StorageClone> storage_clones_;
  // Before an op that may write example x (in place, item assignment):
  // x's storage gets its own copy.
  void before_write(const Value& x);
  // Before a native that may write its arguments (a registry op that
  // writes, or one the registry does not describe): every tensor among
  // them (in lists and tuples too) gets its own copy; an argument of
  // another kind, which may hold any tensor, makes every one get its own.
  void before_native(const vm::NativeObject* nat, const std::vector<Value>& args);
  void own_all_copies();
  // Kiln's own check after each op: no borrowing storage was written (the
  // argument's memory itself). A failure is a tracer bug: it stops the
  // process rather than let the program go on with a changed argument.
  void check_borrowed(const std::string& after) const;
  // Whether the traced code read a tensor size into Python (then no size
  // stays dynamic).
  bool sizes_read_ = false;
  std::string size_read_at_;
  void size_read() {
    if (!sizes_read_)
      size_read_at_ = cur_co_ ? fmt::format("{}:{}", vm::str_view(cur_co_->filename), cur_line_) : "the arguments";
    sizes_read_ = true;
  }
  // The trace reads how many values s holds (unpacking, iterating): an
  // op's tuple marks its node (Node::count_read), anything else is a size
  // read.
  void length_read(const Sym& s);
  Value clone_tensor(const Value& real);
  // A tensor argument: a graph input, its metadata guarded (TENSOR_MATCH:
  // class, dtype, sizes and strides, requires_grad; the dims marked dynamic
  // are left free), traced on a copy (clone_tensor).
  Sym tensor_from_source(int src, const Value& real);
  // An int or float the cache marked dynamic (it changed between calls):
  // a graph input with its type guarded, not a constant. False for others.
  bool dynamic_number_from_source(int src, const Value& real, Sym* out);
  // A size of a graph input whose dim is dynamic, read in the trace
  // (x.size(0), x.shape[0], len(x)), is a graph value (a SymInt: a Ref
  // holding a Python int), so the graph computes it from the tensor it gets.
  // Arithmetic on SymInts stays in the graph and they can be passed to
  // torch functions (x.view(n, -1)); any other use in Python (a branch, a
  // loop bound, formatting) makes them constants and pins every size. While
  // the trace has dynamic sizes or ints, an intermediate's sizes are
  // SymInts too (h = x @ w; h.view(h.size(0), -1)): each is read from the
  // tensor the graph computes.
  static bool is_symint(const Sym& s) { return s.kind == SymKind::Ref && !s.tensor && vm::is_int(s.ex); }
  // A SymInt or a SymFloat (a dynamic float input, or arithmetic on one):
  // a Python number that exists only when the graph runs.
  static bool is_symnum(const Sym& s) {
    return s.kind == SymKind::Ref && !s.tensor && ((vm::is_int(s.ex) && !s.ex.is_bool()) || s.ex.is_double());
  }
  static bool is_number_const(const Sym& s) {
    return s.is_const() && ((vm::is_int(s.ex) && !s.ex.is_bool()) || s.ex.is_double());
  }
  uint64_t dynamic_dims_of(const Sym& t);
  bool trace_is_dynamic() const {
    if (!dynamic_number_inputs_.empty() || offsets_read_) return true;
    for (const Guard& g : guards_.guards)
      if (g.kind == GuardKind::TensorMatch && g.dynamic) return true;
    return false;
  }
  Sym dim_sym(const Sym& t, int64_t d);
  std::map<std::pair<int, int64_t>, int> size_nodes_;  // (tensor register, dim) -> its Tensor.size node
  Sym shape_sym(const Sym& t);
  // A SymInt or SymFloat used by Python code: its value, with every size
  // pinned.
  Sym concretize(const Sym& s);
  void pin_numbers(bool floats) {
    for (auto& [src, v] : dynamic_number_inputs_)
      if (floats || !v.is_double()) guard(GuardKind::ConstMatch, src, v);
  }
  bool floats_to_calls_ = false;  // a SymFloat is an argument of a Call node
  bool offsets_read_ = false;  // Tensor.storage_offset nodes exist
  std::vector<std::pair<int, int64_t>> tensor_offsets_;  // (source, storage offset) of each tensor input
  std::vector<std::pair<int, Value>> dynamic_number_inputs_;  // (source, value while tracing)
  // s as a constant, where it is one once its SymInts are pinned: a Const,
  // a SymInt (concretized: guarded), or a tuple / list of such (a new
  // constant tuple / list; its items' guards are theirs). False otherwise.
  bool constant_of(const Sym& s, Value* out);
  // A SymInt read straight from a source: a dynamic int input (dim -1) or
  // size `dim` of a dynamic input tensor.
  bool symint_origin(const Sym& s, int* src, int* dim) const;
  // `n <cmp> c` on a SymInt read from a source and an int constant (a
  // branch, an assert): its outcome becomes a SIZE_COMPARE guard instead of
  // pinning every size, so `assert T <= block_size` keeps T dynamic.
  bool symint_compare(vm::CmpOpKind k, const Sym& a, const Sym& b, Sym* out);

  // ---- tuples, lists, dicts, sets and iterators (tracer/values_containers.cpp)
  // A tuple (or list) made in the trace from these items.
  static Sym seq_of(std::vector<Sym> items, bool list = false) {
    Sym s;
    s.kind = SymKind::Seq;
    s.seq = std::make_shared<SeqData>();
    s.seq->is_list = list;
    s.seq->items = std::move(items);
    return s;
  }
  static Sym new_map() {
    Sym s;
    s.kind = SymKind::Map;
    s.map = std::make_shared<MapData>();
    return s;
  }
  // An object read as a class attribute (an enum member: its identity is
  // pinned by the class's CLASS_VERSION guard) of a class without its own
  // __eq__: as a dict key it is equal to itself alone.
  bool pinned_member(const Sym& s);
  // A value that hashes and compares by identity: a tensor, or an object of
  // a class without its own __hash__ and __eq__ (an nn.Module, in the memo
  // sets of Module.named_modules).
  bool identity_hashed(const Sym& s);
  // The index of `key` in a dict made in the trace, or -1; a key must be a
  // hashable constant.
  int map_find(const MapData& m, const Sym& key);
  void map_set(const Sym& m, const Sym& key, const Sym& v);
  bool set_has_tensors(const Sym& m) {  // (or other values hashed by identity)
    if (m.kind != SymKind::Map || !m.map->is_set) return false;
    for (auto& kv : m.map->items)
      if (identity_hashed(kv.second)) return true;
    return false;
  }
  Sym map_get(const Sym& m, const Sym& key);
  Sym call_map_method(const vm::NativeObject* nat, std::vector<Sym>& args);
  Sym call_set_method(const vm::NativeObject* nat, std::vector<Sym>& args, const Value& kwnames);
  // A set Sym holding the items of real set `v` (constants).
  Sym set_of(const Value& v);
  // A tuple or list from a source: a Seq whose items are read through Item
  // sources (its class and length guarded). A list read through two
  // sources is one SeqData, guarded to stay one object; a user subclass's
  // class version is guarded and its own dunders are inlined; a named tuple
  // of constants is one constant.
  Sym seq_from_source(int src, const Value& real);
  // A set (or frozenset) of constants (`SKIP = {"a", "b"}`): a constant
  // whose items are guarded in iteration order (CONST_MATCH against a
  // tuple of them); a mutable one also by identity, and changing it
  // breaks (its methods are not traced).
  Sym set_from_source(int src, const Value& real);
  // A list, tuple or range iterator from outside: its state is read through
  // IterState sources (each guarded: the iterated sequence item by item,
  // the position), its remaining items are unrolled like a trace-made
  // iterator's, and each item taken is a `next(it, None)` node on the real
  // iterator, so it has advanced as far when the graph has run. The
  // iterated list must not change in the trace.
  Sym iterator_from_source(int src, const Value& real);
  std::unordered_map<const void*, std::pair<int, Sym>> source_iters_;
  std::set<const SeqData*> iterated_lists_;  // lists from outside that an iterator from outside iterates
  // The next item of Iter `it`, or false when it is exhausted (a source
  // iterator gets its `next` node either way).
  bool iter_next(const Sym& it, Sym* out);
  // Every item left in `iterable` (iterated as a for loop would: a source
  // iterator's items are `next` nodes).
  std::vector<Sym> drain(const Sym& iterable);
  // A dict key whose hash and equality run no Python code: str, int,
  // float, bool, None, or a tuple of those.
  static bool plain_key(const Value& k);
  // A dict key equal to itself alone, whose lookup needs no Python code once
  // the dict's keys are guarded: an instance of a user class with object's
  // __eq__ and __hash__, or an enum member (Enum's __hash__, object's __eq__).
  bool identity_key(const Value& k);
  bool dict_key_ok(const Value& k) { return plain_key(k) || identity_key(k); }
  // The key `k` reads as a Value: a constant, or an object compared by
  // identity whose identity is pinned (a class attribute under its class's
  // version, or else an ID_MATCH guard on its source). False for others.
  bool key_value(const Sym& k, Value* out);
  // Equal as dict keys (1 == 1.0 == True, as Python's dicts): plain keys;
  // identity keys only to themselves.
  bool same_key(const Value& a, const Value& b);
  // The keys of dict Obj `d`, guarded (DICT_KEYS): plain keys only.
  std::vector<Value> dict_keys(const Sym& d);
  // d[key] = v on a dict from outside the trace: a setitem node, in order.
  void dict_store(const Sym& d, const Sym& key, const Sym& v);
  // del d[key] / d.pop(key) on a dict from outside the trace: a node that
  // deletes it when the graph runs (dict.pop, its result unused); the
  // overlay then lists every key, so later reads see the deletion.
  void dict_delete(const Sym& d, const Sym& key);
  // d[key] of dict Obj `d`, read through a source.
  Sym dict_item(const Sym& d, const Value& key);
  Sym call_dict_method(const vm::NativeObject* nat, std::vector<Sym>& args);
  // The (key, value) items of a mapping to unpack (**m): a dict made in the
  // trace, or one from outside (read through its sources).
  std::vector<std::pair<Value, Sym>> mapping_items(const Sym& m, const char* what);
  Sym call_list_method(const NativeObject* nat, std::vector<Sym>& args);
  Sym list_method(std::string_view name, const Sym& self, std::vector<Sym>& args);
  Sym getitem(const Sym& c, const Sym& key);
  Sym iterate(const Sym& s);
  std::vector<Sym> unpack(const Sym& s, size_t n);

  // ------------------- calls of Python functions (tracer/values_functions.cpp)
  // A cell from outside the trace (a free variable of the traced function or
  // of one it inlines), read through source `src`: one CellData per cell
  // object, so a store through one function is seen through another; its
  // contents are read on first use, and stores are store_cell nodes.
  std::unordered_map<const vm::Object*, std::shared_ptr<CellData>> real_cells_;
  std::shared_ptr<CellData> real_cell(int src, const Value& cell);
  const Sym& cell_load(const std::shared_ptr<CellData>& c);
  void cell_store(const std::shared_ptr<CellData>& c, Sym v);
  // Runs a generator made in the trace up to its next yield (its body's
  // nodes land between the consumer's, in program order).
  bool generator_next(GenState& g, Sym* out);
  // A dunder of an instance's class, inlined: iter(o), len(o), o[k].
  bool call_dunder(const Sym& o, const char* name, std::vector<Sym> extra, Sym* out);
  // A bound method (a with block's __exit__ handed to a resume function
  // on its stack, a method kept in an attribute): its function and its
  // receiver are read through sources (__func__, __self__), each
  // guarded as such values are; handed on whole as a graph input.
  Sym method_from_source(int src, const Value& real);
  Sym call(Frame& f, const Sym& callee, std::vector<Sym>& args, const Value& kwnames);
  Sym inline_call(Frame& caller, CodeObject* code, const Value& defaults, const Value& kwdefaults, const Value& globals,
                  const std::vector<std::shared_ptr<CellData>>* closure, FunctionObject* real_fn,
                  std::vector<Sym>& args, const Value& kwnames);

  // ----------------- builtins and native functions (tracer/values_natives.cpp)
  // A module whose attributes are taken as constants without guards (as
  // TorchDynamo treats torch.*): the native torch and math modules.
  bool trusted_module(const Value& m) {
    std::string_view name = vm::str_view(m.as<vm::ModuleObject>()->name);
    return name == "torch" || name == "math";
  }
  Sym call_native(const NativeObject* nat, std::vector<Sym>& args, const Value& kwnames);
  Sym call_pure(const Value& callee, const std::string& label, std::vector<Sym>& args, const Value& kwnames);

  // ---------------------- user classes and objects (tracer/values_objects.cpp)
  // Whether `t` is AttributeError or a subclass.
  bool is_attribute_error(const vm::TypeObject* t) {
    return t && vm::is_subtype(t, vm_.exc_type(vm::Exc::AttributeError));
  }
  // o.name where the trace can tell whether it exists: the value (with the
  // guards of reading it), or false when reading it raises AttributeError
  // (hasattr, getattr with a default). What a failed read added to the graph
  // is dropped; a read that changed a container of the trace stops instead.
  int touches_ = 0;  // touch() calls so far
  int probing_ = 0;  // inside probe_attr
  bool probe_attr(const Sym& o, vm::StrObject* name, Sym* out);
  // The version guards of a user class and its user bases.
  void class_guards(vm::TypeObject* t);
  // obj.name = v on an object from outside the trace: a graph node, when it
  // is a plain instance attribute (no descriptor; no __setattr__ but
  // nn.Module's, for a name that is not a parameter, buffer or submodule).
  // `object_setattr`: object.__setattr__(o, name, v) (or super().__setattr__
  // reaching it), which skips the class's own __setattr__.
  void store_attr(const Sym& o, vm::StrObject* name, const Sym& v, bool object_setattr = false);
  // super() (in a method: its class's cell and first argument) or
  // super(C, obj): attribute reads look past C in obj's class's MRO.
  Sym make_super(Frame& f, std::vector<Sym>& args);
  // super().name: a function found after the class in the MRO, bound.
  // In a __new__ the receiver is the class itself (a constant, its
  // version guarded where the constructor was traced), and super().__new__
  // is a static method: object's, or a base's Python __new__, unbound.
  Sym super_attr(const Sym& sup, vm::StrObject* name);
  // object.__setattr__(o, name, v): a plain attribute store, skipping the
  // class's own __setattr__ (Module.__setattr__ ends in it).
  bool object_setattr_call(const Value& c, std::vector<Sym>& args, const Value& kwnames, Sym* out);
  // hasattr(o, name) and getattr(o, name[, default]) with a constant name:
  // the attribute read as `o.name` would be, with its guards (an absent
  // one's absence guarded too).
  bool attr_builtin_call(const Value& c, std::vector<Sym>& args, const Value& kwnames, Sym* out);
  // cls.name of a class: an attribute of the class or a base, found as the
  // interpreter finds it; user classes (and torch.Tensor, which takes new
  // methods) are pinned by their CLASS_VERSION guards.
  Sym class_attr(const Sym& cs, vm::StrObject* name);
  bool is_dict_obj(const Sym& s) const { return s.kind == SymKind::Obj && vm::is_kind(s.ex, ObjKind::Dict); }
  // A user-class instance: from outside the trace (Obj) or made in it (Inst).
  bool is_instance_obj(const Sym& s) const {
    return s.kind == SymKind::Inst || (s.kind == SymKind::Obj && vm::is_kind(s.ex, ObjKind::Instance));
  }
  // A value from a source whose class is a user subclass of list, tuple or
  // dict: that class (null for the builtins themselves, torch.Size, values
  // made in the trace).
  vm::TypeObject* user_subclass(const Sym& s) const;
  // A class Python code defined (not torch.Size or torch's return types,
  // which are native classes open to their own native dunders).
  bool is_user_class(vm::TypeObject* t) const {
    if (vm::type_is_builtin(t)) return false;
    return !vm_.torch_state || (t != torch::torch_state(vm_).size_type && t != torch::torch_state(vm_).minmax_type);
  }
  // Overrides known to behave as the builtin does for what the tracer reads:
  // the OrderedDicts' keys/values/items views and copy (nn.Module keeps its
  // parameters in torch._kiln.OrderedDict), and every class's __repr__ (the
  // tracer never prints).
  static bool equivalent_override(vm::TypeObject* owner, std::string_view name);
  // The user-defined attribute `name` of builtin subclass value s that
  // replaces the builtin's, or Empty.
  Value subclass_override(const Sym& s, std::string_view name);
  bool overrides_protocol(const Sym& s) {
    for (const char* d : kProtocolDunders)
      if (subclass_override(s, d)) return true;
    return false;
  }
  // s's own `name` (a dunder its class defines) inlined with these
  // arguments; false when it has none. One that is not a Python function
  // stops the trace: it is never skipped.
  bool subclass_dunder(const Sym& s, std::string_view name, std::vector<Sym> extra, Sym* out);
  // Stops when builtin subclass value s overrides one of `names`: what the
  // tracer is about to do assumes the builtin's.
  void refuse_overrides(const Sym& s, std::initializer_list<std::string_view> names, std::string_view what);
  // Attribute `name` of a tuple subclass value (a named tuple): a field (a
  // property over operator.itemgetter) is that item; a property or method
  // written in Python is inlined or bound; builtin tuple methods are the
  // builtin's. False when it is none of these.
  bool subclass_attr(const Sym& s, vm::StrObject* name, Sym* out);
  // `cls(args)` for a plain user class, as type_call runs it: __new__ (object's,
  // or a Python staticmethod that calls `object.__new__(cls)`), then a Python
  // __init__ when __new__ returned an instance of the class. No __setattr__
  // (nn.Module's included): its stores would not be plain attribute stores.
  bool new_instance(Frame& f, vm::TypeObject* cls, std::vector<Sym>& args, const Value& kwnames, Sym* out);
  // A new, empty instance of user class `cls` (object.__new__(cls)), made
  // when the graph runs only if it escapes.
  Sym alloc_instance(vm::TypeObject* cls);
  int instance_serial_ = 0;
  // The index of attribute `name` of Inst `o`, or -1.
  static int inst_find(const Sym& o, std::string_view name);
  // The register of Inst `o` when the graph runs: its NewObject node, made
  // the first time it escapes (every later store is a setattr node).
  int made_instance(const Sym& o);
  // o.name = v on an Inst: its attribute map, and a setattr node once it
  // has escaped.
  void inst_store(const Sym& o, vm::StrObject* name, const Sym& v);
  // An object outside the trace (a user-class instance or a dict): its
  // attributes and items are read through sources, each guarded; a dict's
  // keys when used as a whole. Every object, nn.Modules included, is
  // specialised on its class, not its identity: identical modules (same
  // class and structure) share a graph, their parameters and buffers its
  // inputs, each attribute read guarded as it is read.
  Sym object_from_source(int src, const Value& real);
  Sym obj_attr(const Sym& o, vm::StrObject* name);
  Sym load_attr(const Sym& obj, vm::StrObject* name);

  // --------------------------------- with blocks (tracer/context_managers.cpp)
  // Whether __exit__ code may return something other than None or False
  // (every return must be one of those constants for the graph to trace
  // through its block: an exception it suppressed would have to continue
  // after the block, which is not in the graph).
  static bool exit_may_suppress(const CodeObject* co);
  // Grad mode changes inside the trace: a node, and the mode the examples
  // are computed in.
  void set_grad_mode(bool on);
  // torch.no_grad() / enable_grad() / set_grad_enabled(b) called in the
  // trace: a GradCtx (set_grad_enabled changes the mode when made).
  bool grad_ctx_call(const vm::TypeObject* t, std::vector<Sym>& args, const Value& kwnames, Sym* out);
  std::vector<Graph::WithExit> with_exits_;  // manager: a register tag; [first, end): node indices
  // A resume function that starts inside with blocks gets their __exit__
  // methods on its stack (bound methods from sources). Each block the frame
  // is in is traced on, as if its BEFORE_WITH had been traced: a torch
  // grad-mode block's __exit__ (no_grad, enable_grad, set_grad_enabled,
  // inference_mode) restores the mode in its `prev` (guarded); a user
  // manager's Python __exit__ is inlined at the block's end and runs on the
  // real manager if a node of the block raises. False when one of them is
  // neither (the caller breaks, and the interpreter runs the block).
  bool block_break_ = false;  // the break is a with block's the tracer cannot follow
  bool resumed_with(Frame& f);
  // The exit of a grad-mode block entered now, restoring `prev` at its end
  // (and, when a node inside raises as the graph runs, in with_exits_).
  Sym grad_exit(bool prev);
  // Turns bound method `e` (a with block's __exit__ from a source) into the
  // exit BEFORE_WITH would have pushed; false if it is not one the tracer
  // knows.
  bool resumed_exit(Sym& e);

  // ------------ side effects on objects from outside (tracer/side_effects.cpp)
  std::unordered_map<const void*, std::pair<int, std::shared_ptr<SeqData>>> source_lists_;  // list -> (first source, its Seq)
  // A list from outside the trace is about to change: sound only while it
  // is the only such list (two sources may be one object, and the trace
  // keeps their items apart).
  void before_source_list_change(const Sym& l);
  // A list from a source was changed in the trace: the graph replaces the
  // real list's contents, in program order (`lst[:] = [...]`), so the
  // object keeps its identity and every later reader sees the change.
  void sync_source_list(const Sym& l);
  // A value stored where code outside the trace can reach it: a list made
  // in the trace would be rebuilt by the graph, and later changes to it in
  // the trace would not reach the stored copy.
  void escape_check(const Sym& v, const char* where);
  // Side effects on objects outside the trace, as the trace sees them after
  // its own stores (the graph makes them for real, in program order).
  std::map<std::pair<const void*, std::string>, Sym> attr_overlay_, global_overlay_;
  // Stores into dicts from outside the trace (graph nodes): what the trace
  // reads back, per dict object, and the sources of dicts seen, for the
  // aliasing guards that make that sound.
  struct DictOverlay {
    // Stored items (key, value), in order; once `complete` (after a
    // deletion), every key of the dict in its order, a Null value meaning
    // "unchanged: read through its source".
    std::vector<std::pair<Value, Sym>> items;
    bool complete = false;
  };
  std::map<const void*, DictOverlay> dict_overlay_;
  std::vector<std::pair<int, const void*>> mutable_sources_;  // (source, object)
  std::vector<int> changed_sources_;
  void alias_guard(int a, const void* pa, int b, const void* pb);
  // Source `src` (object `obj`) is about to change: whether each other
  // mutable source is the same object is guarded from now on, since the
  // trace's reads after the change assume it.
  void note_change(int src, const void* obj);
  void note_mutable_source(int src, const void* obj);
};

}  // namespace kiln::tracer
