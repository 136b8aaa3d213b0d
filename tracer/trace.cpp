// tracer/trace.cpp — symbolic execution of bytecode into a graph (tracer/trace.h).
//
// One Tracer per capture. Frames (the traced function and the calls it
// inlines) hold Syms (tracer/symbolic.h); the loop in run_frame interprets
// raw instructions (CodeObject::raw_code: the same pcs as the fused code)
// over them. A Break exception carries the reason out of any depth; it never
// leaves trace_function.
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

namespace {

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

[[noreturn]] void stop(BreakReason r, std::string detail = {}) { throw Break{r, std::move(detail)}; }
[[noreturn]] void raised(const vm::TypeObject* type, std::string detail) {
  Break b{BreakReason::ExceptionInTrace, std::move(detail)};
  b.exc_type = type;
  throw b;
}

const char* const kBinSyms[] = {
#define X(name, sym, dunder) sym,
    KILN_AST_BINOPS(X)
#undef X
};
const char* const kCmpSyms[] = {
#define X(name, sym) sym,
    KILN_AST_CMPOPS(X)
#undef X
};
const char* const kUnarySyms[] = {"~", "not ", "+", "-"};
const char* const kBinDunders[] = {
#define X(name, sym, dunder) dunder,
    KILN_AST_BINOPS(X)
#undef X
};
// The dunders a builtin container's behaviour comes from: a user subclass
// of list, tuple or dict that defines one of these is not the builtin as far
// as that operation goes (tracer: subclass_override).
const char* const kProtocolDunders[] = {"__getitem__", "__setitem__", "__delitem__", "__iter__",  "__len__",
                                        "__contains__", "__bool__",   "__eq__",      "__ne__",    "__lt__",
                                        "__le__",      "__gt__",      "__ge__",      "__hash__",  "__add__",
                                        "__radd__",    "__iadd__",    "__mul__",     "__rmul__",  "__imul__",
                                        "__reversed__", "__missing__", "__getattr__", "__or__",   "__ror__"};

// Register ids during tracing: the kind in the top bits (constants, inputs
// and nodes are numbered separately until the graph is finished).
constexpr int kConstTag = 0, kInputTag = 1, kNodeTag = 2;
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

}  // namespace

// A generator function called in the trace: its frame, suspended at a yield
// between items, and the inlined calls it was made under (its nodes' sites).
struct GenState {
  Frame frame;
  bool started = false, done = false;
  std::vector<std::pair<const CodeObject*, int>> chain;
};

namespace {

bool is_immutable_const(const Value& v) {
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

}  // namespace

namespace {

class Tracer {
 public:
  Tracer(VM& vm, FunctionObject* fn, CodeObject* co, const Value* slots, const TraceLimits& lim, NativeTable& natives,
         const TraceOptions& opts)
      : vm_(vm), fn_(fn), co_(co), slots_(slots), lim_(lim), natives_(natives), opts_(opts),
        carry_locals_(opts.carry_locals) {}

  TraceResult run();

 private:
  VM& vm_;
  FunctionObject* fn_;
  CodeObject* co_;
  const Value* slots_;
  TraceLimits lim_;
  NativeTable& natives_;
  GuardProgram guards_;
  std::vector<Value> consts_;
  std::vector<int> input_sources_;
  std::vector<Meta> input_meta_;
  std::vector<Node> nodes_;
  std::unordered_map<const vm::Object*, Value> clones_;
  std::unordered_map<const torch::Storage*, torch::StoragePtr> storage_clones_;
  int ninsns_ = 0;
  TraceOptions opts_;
  int carry_locals_;
  // Whether the traced code read a tensor size into Python (then no size
  // stays dynamic).
  bool sizes_read_ = false;
  std::string size_read_at_;
  void size_read() {
    if (!sizes_read_)
      size_read_at_ = cur_co_ ? fmt::format("{}:{}", vm::str_view(cur_co_->filename), cur_line_) : "the arguments";
    sizes_read_ = true;
  }
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
  // The index of `key` in a dict made in the trace, or -1; a key must be a
  // hashable constant.
  // A value that hashes and compares by identity: a tensor, or an object of
  // a class without its own __hash__ and __eq__ (an nn.Module, in the memo
  // sets of Module.named_modules).
  // An object read as a class attribute (an enum member: its identity is
  // pinned by the class's CLASS_VERSION guard) of a class without its own
  // __eq__: as a dict key it is equal to itself alone.
  bool pinned_member(const Sym& s) {
    if (s.kind != SymKind::Obj || s.reg < 0 || guards_.sources.items[size_t(s.reg)].kind != SourceKind::ClassAttr) return false;
    return !vm::user_type_lookup(s.ex.as_object()->type, vm_.intern("__eq__").as<vm::StrObject>());
  }
  bool identity_hashed(const Sym& s) {
    if (s.is_tensor()) return true;
    if (!(s.kind == SymKind::Inst || (s.kind == SymKind::Obj && vm::is_kind(s.ex, ObjKind::Instance)))) return false;
    vm::TypeObject* t = s.ex.as_object()->type;
    return !vm::user_type_lookup(t, vm_.intern("__hash__").as<vm::StrObject>()) &&
           !vm::user_type_lookup(t, vm_.intern("__eq__").as<vm::StrObject>());
  }
  int map_find(const MapData& m, const Sym& key) {
    if (m.is_set && identity_hashed(key)) {
      // The same Sym (its example) or none; for two values from sources,
      // whether they are one object is guarded.
      int found = -1;
      int ks = source_of(key);
      for (size_t i = 0; i < m.items.size(); i++) {
        const Sym& it = m.items[i].second;
        int is = identity_hashed(it) ? source_of(it) : -1;
        if (ks >= 0 && is >= 0 && ks != is) alias_guard(ks, identity(key), is, identity(it));
        if (found < 0 && m.items[i].first.bits() == key.ex.bits()) found = int(i);
      }
      return found;
    }
    if (!m.is_set && pinned_member(key)) {
      // An enum member (a class attribute, pinned by the class's version)
      // compared by identity.
      for (size_t i = 0; i < m.items.size(); i++)
        if (m.items[i].first.bits() == key.ex.bits()) return int(i);
      return -1;
    }
    if (!key.is_const() || !is_immutable_const(key.ex))
      stop(BreakReason::UnsupportedValue, "a dict key that is not a constant made of numbers, strings, tuples or enum members");
    for (size_t i = 0; i < m.items.size(); i++) {
      int e = vm::equals(vm_, m.items[i].first, key.ex);
      if (e < 0) checked(Value(), "dict key comparison");
      if (e == 1) return int(i);
    }
    return -1;
  }
  void map_set(const Sym& m, const Sym& key, const Sym& v) {
    int i = map_find(*m.map, key);
    touch(m.map);
    const Sym& val = m.map->is_set && identity_hashed(key) ? key : v;  // a set's tensor or object keeps its Sym
    if (i >= 0) m.map->items[size_t(i)].second = val;
    else m.map->items.emplace_back(key.ex, val);
  }
  bool set_has_tensors(const Sym& m) {  // (or other values hashed by identity)
    if (m.kind != SymKind::Map || !m.map->is_set) return false;
    for (auto& kv : m.map->items)
      if (identity_hashed(kv.second)) return true;
    return false;
  }
  Sym map_get(const Sym& m, const Sym& key) {
    int i = map_find(*m.map, key);
    if (i < 0) {
      Value r = vm::repr(vm_, key.ex);
      checked(Value(vm_.raise(vm::Exc::KeyError, r ? std::string(vm::str_view(r)) : "key")), "dict lookup");
    }
    return m.map->items[size_t(i)].second;
  }
  Sym call_map_method(const vm::NativeObject* nat, std::vector<Sym>& args);
  Sym call_set_method(const vm::NativeObject* nat, std::vector<Sym>& args, const Value& kwnames);
  // A set Sym holding the items of real set `v` (constants).
  Sym set_of(const Value& v) {
    Sym m = new_map();
    m.map->is_set = true;
    Value l = checked(vm::sequence_to_list(vm_, v), "set");
    for (auto& x : l.as<vm::ListObject>()->items) m.map->items.emplace_back(x, Sym::constant(Value::none()));
    return m;
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
  // Where the instruction being traced is (for node lines and break sites).
  const CodeObject* cur_co_ = nullptr;
  int cur_line_ = 0;
  Frame* cur_frame_ = nullptr;  // the frame running the current instruction
  std::vector<std::pair<const CodeObject*, int>> call_chain_;  // the inlined calls in progress: caller and line

  // ------------------------------------------------------------ graph building
  int const_id(const Value& v) {
    for (size_t i = 0; i < consts_.size(); i++)
      if (consts_[i].bits() == v.bits()) return tag(kConstTag, int(i));
    consts_.push_back(v);
    return tag(kConstTag, int(consts_.size() - 1));
  }
  Meta meta_of(const Value& v) { return tracer::meta_of(vm_, v); }
  int add_node(Node n, const Value& example) {
    if (cur_try_) {
      // In a try block: the handlers would not run if this node raised.
      if (trace_is_dynamic() || guards_dynamic())
        stop(BreakReason::TryBlock, "a tensor operation with dynamic sizes inside try (it may raise when the graph runs)");
      if (may_raise_on_data(n, example))
        stop(BreakReason::TryBlock, fmt::format("{} inside try may raise on its data when the graph runs", n.label));
    }
    n.line = cur_line_;
    for (const auto& [c, l] : call_chain_) n.sites.push_back({Value::borrow(const_cast<CodeObject*>(c)), l});
    if (cur_co_) n.sites.push_back({Value::borrow(const_cast<CodeObject*>(cur_co_)), cur_line_});
    if (cur_co_ && cur_co_->filename.bits() != co_->filename.bits()) n.file = cur_co_->filename;
    n.meta = meta_of(example);
    nodes_.push_back(std::move(n));
    return tag(kNodeTag, int(nodes_.size() - 1));
  }
  bool cur_try_ = false;  // the instruction being traced is inside a try block (of its frame or a caller's)
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
  bool may_raise_on_data(const Node& n, const Value& r) const {
    static const std::set<std::string_view> kDataErrors = {
        "gather", "scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce", "scatter_reduce_",
        "index_select", "index_add", "index_add_", "index_copy", "index_copy_", "index_fill", "index_fill_",
        "index_put", "index_put_", "take", "take_along_dim", "embedding", "nll_loss", "one_hot", "multinomial",
        "bincount", "repeat_interleave", "searchsorted", "bucketize", "cholesky", "inverse", "solve", "lu",
        "histc", "cross_entropy", "masked_scatter", "masked_scatter_", "put_", "unravel_index"};
    auto int_result = [&] {
      if (torch::is_tensor(r)) return !torch::is_floating(torch::tensor_of(r).dtype);
      return vm::is_int(r);
    };
    auto tensorish = [&](int reg) {
      switch (tag_kind(reg)) {
        case kConstTag: return torch::is_tensor(consts_[size_t(tag_index(reg))]);
        case kInputTag: {
          const Meta& m = input_meta_[size_t(tag_index(reg))];
          return m.tensor || m.type == "tuple" || m.type == "list";
        }
        default: {
          const Meta& m = nodes_[size_t(tag_index(reg))].meta;
          return m.tensor || m.type == "tuple" || m.type == "list";
        }
      }
    };
    switch (n.op) {
      case GraphOp::Call: {
        std::string_view name = n.label;
        if (size_t dot = name.rfind('.'); dot != std::string_view::npos) name = name.substr(dot + 1);
        if (kDataErrors.count(name)) return true;
        bool div = name.find("div") != std::string_view::npos || name.find("remainder") != std::string_view::npos ||
                   name.find("fmod") != std::string_view::npos || name.find("pow") != std::string_view::npos;
        return div && int_result();
      }
      case GraphOp::GetItem:
      case GraphOp::SetItem: return tensorish(n.in[1]);
      case GraphOp::Binary:
      case GraphOp::Inplace: {
        auto op = vm::BinOpKind(n.arg);
        bool div = op == vm::BinOpKind::FloorDiv || op == vm::BinOpKind::Mod || op == vm::BinOpKind::Div ||
                   op == vm::BinOpKind::Pow || op == vm::BinOpKind::LShift || op == vm::BinOpKind::RShift;
        return div && int_result();
      }
      default: return false;
    }
  }
  Sym ref(int id, const Value& example) {
    Sym s;
    s.kind = SymKind::Ref;
    s.reg = id;
    s.ex = example;
    s.tensor = torch::is_tensor(example);
    return s;
  }
  // The register holding s when the graph runs.
  int reg_of(const Sym& s) {
    switch (s.kind) {
      case SymKind::Const: return const_id(s.ex);
      case SymKind::Ref: return s.reg;
      case SymKind::Obj: return input_for_source(s.reg, s.ex);
      case SymKind::Method:
        if (s.reg < 0) break;  // read from a source (from_source): that object
        return input_for_source(s.reg, vm::make_bound_method(vm_, s.ex, example_of(*s.recv)));
      case SymKind::Inst: return made_instance(s);
      case SymKind::Map: {
        Node n;
        if (s.map->is_set) {
          n.op = GraphOp::BuildSet;
          for (auto& kv : s.map->items) n.in.push_back(identity_hashed(kv.second) ? reg_of(kv.second) : const_id(kv.first));
          n.label = "set";
          return add_node(std::move(n), example_of(s));
        }
        n.op = GraphOp::BuildDict;
        Value keys = vm::tuple_new(vm_, s.map->items.size());
        for (size_t i = 0; i < s.map->items.size(); i++) {
          keys.as<vm::TupleObject>()->items[i] = s.map->items[i].first;
          n.in.push_back(reg_of(s.map->items[i].second));
        }
        n.kwnames = keys;
        n.label = "dict";
        return add_node(std::move(n), example_of(s));
      }
      case SymKind::Seq: {
        if (s.seq->source >= 0) return input_for_source(s.seq->source, example_of(s));
        Node n;
        n.op = s.seq->is_list ? GraphOp::BuildList : GraphOp::BuildTuple;
        if (s.seq->is_size) n.callee = Value::borrow(torch::torch_state(vm_).size_type);  // the tuple's type
        for (const Sym& it : s.seq->items) n.in.push_back(reg_of(it));
        return add_node(std::move(n), example_of(s));
      }
      default: break;
    }
    stop(BreakReason::UnsupportedValue, "a function, iterator or cell used as a value in the graph");
  }
  // A real value standing for s while tracing.
  Value example_of(const Sym& s) {
    switch (s.kind) {
      case SymKind::Const:
      case SymKind::Ref:
      case SymKind::Inst:
      case SymKind::Obj: return s.ex;
      case SymKind::Map: {
        if (s.map->is_set) {
          Value st = vm::set_new(vm_);
          for (auto& kv : s.map->items)
            if (!vm::set_add(vm_, st.as<vm::SetObject>(), kv.first)) checked(Value(), "set");
          return st;
        }
        Value d = vm::dict_new(vm_);
        for (auto& [k, v] : s.map->items)
          if (!vm::dict_setitem(vm_, d.as<vm::DictObject>(), k, example_of(v))) checked(Value(), "dict");
        return d;
      }
      case SymKind::Seq: {
        size_t n = s.seq->items.size();
        if (s.seq->is_list) {
          Value l = vm::list_new(vm_, n);
          for (const Sym& it : s.seq->items) l.as<vm::ListObject>()->items.push_back(example_of(it));
          if (s.seq->cls) {  // of the subclass (isinstance, type()): the items are what matter otherwise
            vm::TypeObject* old = l.as_object()->type;
            Value::incref(s.seq->cls.as_object());
            l.as_object()->type = s.seq->cls.as<vm::TypeObject>();
            Value::decref(old);
          }
          return l;
        }
        Value t = s.seq->is_size ? vm::tuple_new_of(vm_, torch::torch_state(vm_).size_type, n)
                  : s.seq->cls   ? vm::tuple_new_of(vm_, s.seq->cls.as<vm::TypeObject>(), n)
                                 : vm::tuple_new(vm_, n);
        for (size_t i = 0; i < n; i++) t.as<vm::TupleObject>()->items[i] = example_of(s.seq->items[i]);
        return t;
      }
      default: stop(BreakReason::UnsupportedValue, "a function, iterator or cell passed to a native function");
    }
  }
  // What a node's result becomes.
  Sym node_result(int id, const Value& r, const std::string& label) {
    if (r.is_none()) return Sym::constant(Value::none());
    if (torch::is_tensor(r)) return ref(id, r);
    if (vm::is_kind(r, ObjKind::Tuple) || vm::is_kind(r, ObjKind::List)) return ref(id, r);
    if (r.is_object() && vm::type_of(vm_, r) == torch::torch_state(vm_).size_type) {
      size_read();
      return Sym::constant(r);
    }
    stop(BreakReason::DataDependentScalar, label + " returns a Python value computed from tensor data");
  }
  Value checked(Value r, const std::string& what) {
    if (r.is_empty()) {
      Value exc = vm_.take_exception();
      std::string msg = what;
      Value s = exc ? vm::str(vm_, exc) : Value();
      if (s) msg += fmt::format(": {}: {}", vm::type_name(vm_, exc), vm::str_view(s));
      vm_.clear_exception();
      raised(exc ? vm::type_of(vm_, exc) : nullptr, msg);
    }
    return r;
  }
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
  bool probe_attr(const Sym& o, vm::StrObject* name, Sym* out) {
    size_t nodes = nodes_.size();
    int touches = touches_;
    struct Depth {
      int& d;
      ~Depth() { d--; }
    } depth{++probing_};
    try {
      *out = load_attr(o, name);
      return true;
    } catch (const Break& b) {
      if (b.reason != BreakReason::ExceptionInTrace || !is_attribute_error(b.exc_type) || touches_ != touches) throw;
      for (size_t i = nodes; i < nodes_.size(); i++)
        if (!node_is_pure(nodes_[i])) throw;
      nodes_.resize(nodes);
      return false;
    }
  }
  // A node without effects: dropping it changes nothing but its value.
  static bool node_is_pure(const Node& n) {
    switch (n.op) {
      case GraphOp::Binary:
      case GraphOp::Unary:
      case GraphOp::Compare:
      case GraphOp::GetItem:
      case GraphOp::GetAttr:
      case GraphOp::BuildTuple:
      case GraphOp::BuildList:
      case GraphOp::BuildDict:
      case GraphOp::BuildSet: return true;
      case GraphOp::Call: return !n.label.ends_with("_") && n.label != "next" && n.label != "dict.pop";
      default: return false;
    }
  }

  // ------------------------------------------------------------ sources
  // The graph input that carries source `src` (added if new).
  int input_for_source(int src, const Value& example) {
    for (size_t i = 0; i < input_sources_.size(); i++)
      if (input_sources_[i] == src) return tag(kInputTag, int(i));
    input_sources_.push_back(src);
    input_meta_.push_back(meta_of(example));
    return tag(kInputTag, int(input_sources_.size() - 1));
  }
  Value clone_tensor(const Value& real) {
    auto it = clones_.find(real.as_object());
    if (it != clones_.end()) return it->second;
    const torch::autograd::Var& v = torch::var_of(real);
    torch::Tensor c = v.t;
    if (const torch::Storage* s = v.t.storage.get()) {
      torch::StoragePtr& cs = storage_clones_[s];
      if (!cs) {
        torch::Storage* n = torch::Storage::allocate(s->nbytes);
        if (s->nbytes) std::memcpy(n->data, s->data, s->nbytes);
        cs = torch::StoragePtr(n);
      }
      c.storage = cs;
    }
    torch::autograd::Var cv(std::move(c));
    if (v.requires_grad()) cv.ensure_meta().requires_grad = true;
    Value o = torch::wrap(vm_, std::move(cv));
    vm::TypeObject* want = real.as_object()->type;
    if (o.as_object()->type != want) {
      vm::TypeObject* old = o.as_object()->type;
      Value::incref(want);
      o.as_object()->type = want;
      Value::decref(old);
    }
    clones_[real.as_object()] = o;
    return o;
  }
  void guard(GuardKind k, int src, Value expected = Value(), int64_t n = 0) {
    Guard g;
    g.kind = k;
    g.source = src;
    g.expected = std::move(expected);
    g.n = n;
    guards_.add(std::move(g));
  }
  // The Sym for `real`, read from source `src` (guards added).
  Sym from_source(int src, const Value& real) {
    if (torch::is_tensor(real)) {
      const torch::autograd::Var& v = torch::var_of(real);
      Guard g;
      g.kind = GuardKind::TensorMatch;
      g.source = src;
      g.expected = Value::borrow(real.as_object()->type);
      g.dtype = v.t.dtype;
      g.sizes = v.t.sizes;
      g.strides = v.t.strides;
      g.requires_grad = v.requires_grad();
      if ((opts_.all_dynamic || opts_.dynamic) && v.t.sizes.n > 0 && v.t.sizes.n <= 64 && v.t.is_contiguous()) {
        uint64_t all = v.t.sizes.n == 64 ? ~uint64_t(0) : (uint64_t(1) << v.t.sizes.n) - 1;
        if (opts_.all_dynamic) {
          g.dynamic = all;
        } else {
          auto it = opts_.dynamic->find(guards_.sources.describe(src));
          if (it != opts_.dynamic->end()) g.dynamic = it->second & all;
        }
      }
      guards_.add(std::move(g));
      tensor_offsets_.emplace_back(src, v.t.offset);
      return ref(input_for_source(src, real), clone_tensor(real));
    }
    if (((vm::is_int(real) && !real.is_bool()) || real.is_double()) && opts_.dynamic_numbers) {
      std::string d = guards_.sources.describe(src);
      if (std::find(opts_.dynamic_numbers->begin(), opts_.dynamic_numbers->end(), d) != opts_.dynamic_numbers->end()) {
        // Automatic dynamic int or float: a graph input, its type guarded.
        guard(GuardKind::TypeMatch, src, Value::borrow(vm::type_of(vm_, real)));
        for (auto& [s2, v2] : dynamic_number_inputs_)
          if (s2 == src) return ref(input_for_source(src, real), real);
        dynamic_number_inputs_.emplace_back(src, real);
        return ref(input_for_source(src, real), real);
      }
    }
    if (real.is_none() || real.is_bool() || real.is_double() || vm::is_int(real) || vm::is_str(real) ||
        vm::is_kind(real, ObjKind::Range) || vm::is_kind(real, ObjKind::Slice)) {
      guard(GuardKind::ConstMatch, src, real);
      return Sym::constant(real);
    }
    if (vm::is_kind(real, ObjKind::Iterator)) return iterator_from_source(src, real);
    if (vm::is_kind(real, ObjKind::Set)) {
      // A set (or frozenset) of constants (`SKIP = {"a", "b"}`): a constant
      // whose items are guarded in iteration order (CONST_MATCH against a
      // tuple of them); a mutable one also by identity, and changing it
      // breaks (its methods are not traced).
      auto* st = real.as<vm::SetObject>();
      if (st->used > 256) stop(BreakReason::UnsupportedValue, "a set of more than 256 items");
      for (const auto& slot : st->table)
        if (!slot.key.is_empty() && !is_immutable_const(slot.key))
          stop(BreakReason::UnsupportedValue, fmt::format("a set of non-constants from {}", guards_.sources.describe(src)));
      guard(GuardKind::TypeMatch, src, Value::borrow(real.as_object()->type));
      if (!vm::set_is_frozen(st)) guard(GuardKind::IdMatch, src, real);
      Value items = vm::tuple_new(vm_, st->used);
      size_t i = 0;
      for (const auto& slot : st->table)
        if (!slot.key.is_empty()) items.as<vm::TupleObject>()->items[i++] = slot.key;
      guard(GuardKind::ConstMatch, src, items);
      return Sym::constant(real);
    }
    if (vm::is_kind(real, ObjKind::Tuple) || vm::is_kind(real, ObjKind::List)) {
      bool list = vm::is_kind(real, ObjKind::List);
      guard(GuardKind::TypeMatch, src, Value::borrow(real.as_object()->type));
      size_t n = list ? real.as<vm::ListObject>()->items.size() : real.as<vm::TupleObject>()->size;
      guard(GuardKind::LenMatch, src, Value(), int64_t(n));
      if (n > 256) stop(BreakReason::UnsupportedValue, "a tuple or list of more than 256 items");
      bool size = !list && vm_.torch_state && real.as_object()->type == torch::torch_state(vm_).size_type;
      vm::TypeObject* sub = is_user_class(real.as_object()->type) ? real.as_object()->type : nullptr;
      // A user subclass: its class's version is guarded (a dunder added
      // later is seen), and its own dunders are inlined where the builtin's
      // would run (subclass_override).
      if (sub) class_guards(sub);
      Sym s;
      s.kind = SymKind::Seq;
      s.seq = std::make_shared<SeqData>();
      s.seq->cls = sub ? Value::borrow(sub) : Value();
      if (!list && sub && is_immutable_const(real) && !overrides_protocol(s)) {
        // A named tuple of constants: kept whole, guarded by value (its items
        // never become dynamic ints, which the constant would go stale on).
        guard(GuardKind::ConstMatch, src, real);
        return Sym::constant(real);
      }
      s.seq->is_list = list;
      s.seq->is_size = size;  // a torch.Size: items may be dynamic, rebuilt as a Size
      s.seq->from_source = list;
      s.seq->source = src;
      if (list) {
        // One list read through two sources is one SeqData (a change
        // through one is seen through the other), guarded to stay one
        // object; lists read apart are guarded apart once one changes.
        auto seen = source_lists_.find(real.as_object());
        if (seen != source_lists_.end()) {
          alias_guard(src, real.as_object(), seen->second.first, real.as_object());
          s.seq = seen->second.second;
          return s;
        }
        s.seq->real = real;
        source_lists_[real.as_object()] = {src, s.seq};
        note_mutable_source(src, real.as_object());
      }
      for (size_t i = 0; i < n; i++) {
        Value item = list ? real.as<vm::ListObject>()->items[i] : real.as<vm::TupleObject>()->items[i];
        Source is{SourceKind::Item, src, int(i), Value(), Value()};
        s.seq->items.push_back(from_source(guards_.sources.add(is), item));
      }
      return s;
    }
    if (real.is_object()) {
      ObjKind k = real.as_object()->kind;
      bool torch_singleton = vm_.torch_state && (vm::type_of(vm_, real) == torch::torch_state(vm_).dtype_type ||
                                                 vm::type_of(vm_, real) == torch::torch_state(vm_).device_type);
      if (k == ObjKind::Function || k == ObjKind::Native || k == ObjKind::Type || k == ObjKind::Module ||
          torch_singleton) {
        guard(GuardKind::IdMatch, src, real);
        Sym s = Sym::constant(real);
        s.reg = src;  // remembered for attribute sources of modules and classes
        return s;
      }
    }
    if (real.is_object() && ((real.as_object()->kind == ObjKind::Instance && !vm::type_is_builtin(real.as_object()->type)) ||
                             real.as_object()->kind == ObjKind::Dict)) {
      // An object outside the trace: its attributes and items are read
      // through sources, each guarded; a dict's keys when used as a whole.
      // Every object, nn.Modules included, is specialised on its class, not
      // its identity: identical modules (same class and structure) share a
      // graph, their parameters and buffers its inputs, each attribute read
      // guarded as it is read.
      guard(GuardKind::TypeMatch, src, Value::borrow(real.as_object()->type));
      note_mutable_source(src, real.as_object());
      if (real.as_object()->kind == ObjKind::Instance || is_user_class(real.as_object()->type))
        class_guards(real.as_object()->type);  // a dict subclass's too: its dunders are read
      Sym s;
      s.kind = SymKind::Obj;
      s.ex = real;
      s.reg = src;
      return s;
    }
    if (vm::is_kind(real, ObjKind::BoundMethod)) {
      // A bound method (a with block's __exit__ handed to a resume function
      // on its stack, a method kept in an attribute): its function and its
      // receiver are read through sources (__func__, __self__), each
      // guarded as such values are; handed on whole as a graph input.
      guard(GuardKind::TypeMatch, src, Value::borrow(real.as_object()->type));
      auto* bm = real.as<vm::BoundMethodObject>();
      Sym fn = from_source(guards_.sources.add(Source{SourceKind::MethodFunc, src, 0, Value(), Value()}), bm->func);
      Sym self = from_source(guards_.sources.add(Source{SourceKind::MethodSelf, src, 0, Value(), Value()}), bm->self);
      if (!fn.is_const()) stop(BreakReason::UnsupportedValue, fmt::format("a bound method from {}", guards_.sources.describe(src)));
      Sym m;
      m.kind = SymKind::Method;
      m.ex = fn.ex;
      m.recv = std::make_shared<Sym>(self);
      m.reg = src;
      return m;
    }
    stop(BreakReason::UnsupportedValue, fmt::format("a '{}' value from {}", vm::type_name(vm_, real),
                                                    guards_.sources.describe(src)));
  }
  // A source standing for the object itself: the root of sources read from
  // a function or module the trace holds as a constant.
  int const_source(const Value& obj) { return guards_.sources.add(Source{SourceKind::Const, -1, 0, obj, Value()}); }
  // A value whose identity pins everything the trace reads of it (its own
  // guards come where it is used: FUNC_VERSION when a function is inlined,
  // CLASS_VERSION when a class's attributes are read, MODULE_ATTRS for a
  // module's), so holding it as a constant is sound once that identity is.
  bool pinned_by_identity(const Value& v) const {
    if (is_immutable_const(v)) return true;
    if (!v.is_object()) return false;
    switch (v.as_object()->kind) {
      case ObjKind::Function:
      case ObjKind::Native:
      case ObjKind::Type:
      case ObjKind::Module: return true;
      default:
        return vm_.torch_state && (vm::type_of(vm_, v) == torch::torch_state(vm_).dtype_type ||
                                   vm::type_of(vm_, v) == torch::torch_state(vm_).device_type);
    }
  }
  // ------------------------------------------------------------ real cells
  // A cell from outside the trace (a free variable of the traced function or
  // of one it inlines), read through source `src`: one CellData per cell
  // object, so a store through one function is seen through another; its
  // contents are read on first use, and stores are store_cell nodes.
  std::unordered_map<const vm::Object*, std::shared_ptr<CellData>> real_cells_;
  std::shared_ptr<CellData> real_cell(int src, const Value& cell) {
    auto it = real_cells_.find(cell.as_object());
    if (it != real_cells_.end()) {
      alias_guard(src, cell.as_object(), it->second->src, cell.as_object());
      return it->second;
    }
    auto c = std::make_shared<CellData>();
    c->src = src;
    c->real = cell;
    c->contents = Sym::unbound();
    real_cells_[cell.as_object()] = c;
    note_mutable_source(src, cell.as_object());
    return c;
  }
  const Sym& cell_load(const std::shared_ptr<CellData>& c) {
    if (c->src >= 0 && !c->loaded) {
      c->loaded = true;
      const Value& v = c->real.as<vm::CellObject>()->contents;
      c->contents = v.is_empty() ? Sym::unbound()
                                 : from_source(guards_.sources.add(Source{SourceKind::CellContents, c->src, 0, Value(), Value()}), v);
    }
    return c->contents;
  }
  void cell_store(const std::shared_ptr<CellData>& c, Sym v) {
    if (c->src >= 0) {
      escape_check(v, "a closure cell");
      note_change(c->src, c->real.as_object());
      Node n;
      n.op = GraphOp::StoreCell;
      n.label = "store_cell";
      n.in = {input_for_source(c->src, c->real), reg_of(v)};
      add_node(std::move(n), Value::none());
      c->loaded = true;
    }
    c->contents = std::move(v);
  }
  // Whether __exit__ code may return something other than None or False
  // (every return must be one of those constants for the graph to trace
  // through its block: an exception it suppressed would have to continue
  // after the block, which is not in the graph).
  static bool exit_may_suppress(const CodeObject* co) {
    const auto& code = co->raw_code;
    for (size_t p = 0; p < code.size(); p++) {
      if (vm::decode_op(code[p]) != Op::RETURN_VALUE) continue;
      if (p == 0 || vm::decode_op(code[p - 1]) != Op::LOAD_CONST) return true;
      const Value& c = co->consts[vm::decode_arg(code[p - 1])];
      if (!c.is_none() && !(c.is_bool() && !c.is_true())) return true;
      for (size_t q = 0; q < code.size(); q++)  // a jump straight to the return: its value is another's
        if (is_jump_arg(vm::decode_op(code[q])) && vm::decode_arg(code[q]) == p) return true;
    }
    return false;
  }
  bool is_nn_module(vm::TypeObject* t) {
    for (const Value& c : t->mro) {
      Value call = vm::dict_get_str(c.as<vm::TypeObject>()->dict.as<vm::DictObject>(), vm_.intern("__call__").as<vm::StrObject>());
      if (!vm::is_kind(call, ObjKind::Function)) continue;
      auto* cc = call.as<FunctionObject>()->code.as<CodeObject>();
      if (vm::str_view(cc->qualname) == "Module.__call__" && vm::str_view(cc->filename).ends_with("torch/nn/modules/module.py"))
        return true;
    }
    return false;
  }
  // A list, tuple or range iterator from outside: its state is read through
  // IterState sources (each guarded: the iterated sequence item by item,
  // the position), its remaining items are unrolled like a trace-made
  // iterator's, and each item taken is a `next(it, None)` node on the real
  // iterator, so it has advanced as far when the graph has run. The
  // iterated list must not change in the trace.
  Sym iterator_from_source(int src, const Value& real) {
    auto* it = real.as<vm::IteratorObject>();
    vm::TypeObject* t = it->type;
    bool range = t == vm_.types.range_iterator;
    if (t != vm_.types.list_iterator && t != vm_.types.tuple_iterator && !range)
      stop(BreakReason::UnsupportedValue, fmt::format("a '{}' from {} (only list, tuple and range iterators are traced)",
                                                      vm::str_view(t->name), guards_.sources.describe(src)));
    auto seen = source_iters_.find(real.as_object());
    if (seen != source_iters_.end()) {
      alias_guard(src, real.as_object(), seen->second.first, real.as_object());
      return seen->second.second;
    }
    guard(GuardKind::TypeMatch, src, Value::borrow(t));
    auto field = [&](int k, const Value& v) {
      int fs = guards_.sources.add(Source{SourceKind::IterState, src, k, Value(), Value()});
      if (k == 0) return from_source(fs, v);
      guard(GuardKind::ConstMatch, fs, v);  // a position: never a dynamic int
      return Sym::constant(v);
    };
    Sym s;
    s.kind = SymKind::Iter;
    s.iter = std::make_shared<IterData>();
    if (range) {
      int64_t i = 0, n = 0, step = 0;
      vm::int_value(field(2, vm::make_int(vm_, it->n)).ex, &n);
      vm::int_value(field(3, vm::make_int(vm_, it->step)).ex, &step);
      vm::int_value(field(1, vm::make_int(vm_, it->i)).ex, &i);
      if (n > lim_.max_instructions) stop(BreakReason::TraceTooLong, fmt::format("a loop of {} iterations", n));
      for (int64_t k = 0; k < n; k++) s.iter->items.push_back(Sym::constant(vm::make_int(vm_, i + k * step)));
    } else {
      Sym seq = field(0, it->a.is_empty() ? Value::none() : it->a);
      if (seq.kind == SymKind::Seq) {
        int64_t i = 0;
        vm::int_value(field(1, vm::make_int(vm_, it->i)).ex, &i);
        for (size_t k = size_t(std::max<int64_t>(i, 0)); k < seq.seq->items.size(); k++) s.iter->items.push_back(seq.seq->items[k]);
        if (seq.seq->is_list) iterated_lists_.insert(seq.seq.get());
      } else if (!seq.is_const() || !seq.ex.is_none()) {
        stop(BreakReason::UnsupportedValue, "an iterator over this value");
      }
    }
    s.iter->real_reg = input_for_source(src, real);
    note_mutable_source(src, real.as_object());
    source_iters_[real.as_object()] = {src, s};
    return s;
  }
  std::unordered_map<const void*, std::pair<int, Sym>> source_iters_;
  std::set<const SeqData*> iterated_lists_;  // lists from outside that an iterator from outside iterates
  // The next item of Iter `it`, or false when it is exhausted (a source
  // iterator gets its `next` node either way).
  bool iter_next(const Sym& it, Sym* out) {
    IterData& d = *it.iter;
    switch (d.kind) {
      case IterData::List:
        if (d.done || d.pos >= d.list->items.size()) {
          d.done = true;  // CPython's list iterator drops its list once exhausted
          return false;
        }
        *out = d.list->items[d.pos++];
        return true;
      case IterData::Enumerate: {
        Sym x;
        if (d.done || !iter_next(d.children[0], &x)) {
          d.done = true;
          return false;
        }
        *out = seq_of({Sym::constant(vm::make_int(vm_, d.count++)), x});
        return true;
      }
      case IterData::Zip: {
        if (d.children.empty()) d.done = true;
        std::vector<Sym> row;
        for (auto& c : d.children) {
          Sym x;
          if (d.done || !iter_next(c, &x)) {  // zip stops at the first exhausted iterator, as CPython's
            d.done = true;
            return false;
          }
          row.push_back(std::move(x));
        }
        *out = seq_of(std::move(row));
        return true;
      }
      case IterData::Generator: return generator_next(*d.gen, out);
      case IterData::Items: break;
    }
    if (d.watch_list && d.watch_list->version != d.watch_version)
      stop(BreakReason::UnsupportedValue, "a list changed while a reversed() iterator over it is in use");
    if (d.watch_map) {
      bool same = d.watch_map->items.size() == d.watch_keys.size();
      for (size_t i = 0; same && i < d.watch_keys.size(); i++) same = d.watch_map->items[i].first.bits() == d.watch_keys[i].bits();
      if (!same)
        stop(BreakReason::ExceptionInTrace,
             d.watch_map->is_set ? "Set changed size during iteration" : "dictionary changed size during iteration");
    }
    if (d.watch_dict) {
      std::vector<Value> keys = dict_keys(*d.watch_dict);
      bool same = keys.size() == d.items.size();
      for (size_t i = 0; same && i < keys.size(); i++) same = vm::str_view(keys[i]) == vm::str_view(d.items[i].ex);
      if (!same) stop(BreakReason::ExceptionInTrace, "dictionary changed size during iteration");
    }
    bool more = d.pos < d.items.size();
    if (d.real_reg >= 0 && (more || !d.exhausted)) {
      Node n;
      n.op = GraphOp::Call;
      n.callee = vm::dict_get_str(vm_.builtins_dict.as<vm::DictObject>(), vm_.intern("next").as<vm::StrObject>());
      n.label = "next";
      n.in = {d.real_reg, const_id(Value::none())};
      add_node(std::move(n), more ? example_of(d.items[d.pos]) : Value::none());
      d.exhausted = !more;
    }
    if (!more) return false;
    *out = d.items[d.pos++];
    return true;
  }
  // Runs a generator made in the trace up to its next yield (its body's
  // nodes land between the consumer's, in program order).
  bool generator_next(GenState& g, Sym* out) {
    if (g.done) return false;
    const CodeObject* saved_co = cur_co_;
    int saved_line = cur_line_;
    Frame* saved_frame = cur_frame_;
    std::vector<std::pair<const CodeObject*, int>> saved_chain = std::move(call_chain_);
    call_chain_ = g.chain;
    struct Restore {
      Tracer& t;
      const CodeObject* co;
      int line;
      Frame* frame;
      std::vector<std::pair<const CodeObject*, int>>& chain;
      ~Restore() {
        t.cur_co_ = co;
        t.cur_line_ = line;
        t.cur_frame_ = frame;
        t.call_chain_ = std::move(chain);
      }
    } restore{*this, saved_co, saved_line, saved_frame, saved_chain};
    if (g.started) g.frame.stack.push_back(Sym::constant(Value::none()));  // the value next() sends
    g.started = true;
    g.frame.outer_try = cur_try_;  // the consumer's: its handlers catch what the body raises
    bool saved_try = cur_try_;
    Sym v;
    try {
      v = run_frame(g.frame);
    } catch (Break& b) {
      if (!b.generator) b.generator = g.frame.co;
      throw;
    }
    cur_try_ = saved_try;
    if (!g.frame.yielded) {
      g.done = true;
      return false;
    }
    g.frame.yielded = false;
    *out = std::move(v);
    return true;
  }
  // Every item left in `iterable` (iterated as a for loop would: a source
  // iterator's items are `next` nodes).
  std::vector<Sym> drain(const Sym& iterable) {
    Sym it = iterate(iterable);
    std::vector<Sym> out;
    for (Sym x; iter_next(it, &x);) {
      out.push_back(std::move(x));
      count_insn();
    }
    return out;
  }
  // The version guards of a user class and its user bases.
  void class_guards(vm::TypeObject* t) {
    for (const Value& c : t->mro) {
      auto* ct = c.as<vm::TypeObject>();
      if (vm::type_is_builtin(ct)) continue;
      guard(GuardKind::ClassVersion, -1, c, int64_t(ct->version));
    }
  }
  // A list from a source was changed in the trace: the graph replaces the
  // real list's contents, in program order (`lst[:] = [...]`), so the
  // object keeps its identity and every later reader sees the change.
  // A list from outside the trace is about to change: sound only while it
  // is the only such list (two sources may be one object, and the trace
  // keeps their items apart).
  std::unordered_map<const void*, std::pair<int, std::shared_ptr<SeqData>>> source_lists_;  // list -> (first source, its Seq)
  void before_source_list_change(const Sym& l) {
    // The graph replays the change as `lst[:] = [...]`, which a subclass's
    // own __setitem__ would intercept.
    refuse_overrides(l, {"__setitem__"}, "a change to a list");
    if (iterated_lists_.count(l.seq.get()))
      stop(BreakReason::SideEffect, "a change to a list from outside that an iterator from outside is iterating");
    note_change(l.seq->source, l.seq->real.as_object());
  }
  void sync_source_list(const Sym& l) {
    Sym fresh;
    fresh.kind = SymKind::Seq;
    fresh.seq = std::make_shared<SeqData>();
    fresh.seq->is_list = true;
    fresh.seq->items = l.seq->items;
    Node n;
    n.op = GraphOp::SetItem;
    n.label = "setitem";
    n.in = {input_for_source(l.seq->source, example_of(l)),
            const_id(vm::slice_new(vm_, Value::none(), Value::none(), Value::none())), reg_of(fresh)};
    add_node(std::move(n), Value::none());
  }
  // A value stored where code outside the trace can reach it: a list made
  // in the trace would be rebuilt by the graph, and later changes to it in
  // the trace would not reach the stored copy.
  void escape_check(const Sym& v, const char* where) {
    if ((v.kind == SymKind::Seq && v.seq->is_list && v.seq->source < 0) || v.kind == SymKind::Map)
      stop(BreakReason::SideEffect, fmt::format("a list or dict made in the traced code stored into {}", where));
    if (v.kind != SymKind::Const && v.kind != SymKind::Ref && v.kind != SymKind::Seq && v.kind != SymKind::Obj &&
        v.kind != SymKind::Inst)
      stop(BreakReason::SideEffect, fmt::format("a function or iterator made in the traced code stored into {}", where));
  }
  // obj.name = v on an object from outside the trace: a graph node, when it
  // is a plain instance attribute (no descriptor; no __setattr__ but
  // nn.Module's, for a name that is not a parameter, buffer or submodule).
  // `object_setattr`: object.__setattr__(o, name, v) (or super().__setattr__
  // reaching it), which skips the class's own __setattr__.
  void store_attr(const Sym& o, vm::StrObject* name, const Sym& v, bool object_setattr = false) {
    std::string nm(vm::str_view(Value::borrow(name)));
    if (!is_instance_obj(o)) stop(BreakReason::SideEffect, "attribute assignment to a value that is not a plain object");
    if (o.kind == SymKind::Inst) return inst_store(o, name, v);
    vm::TypeObject* t = o.ex.as_object()->type;
    Value cls_attr = vm::type_lookup(t, name);
    if (vm::is_kind(cls_attr, ObjKind::Property) ||
        (cls_attr.is_object() && vm::type_lookup(cls_attr.as_object()->type, vm_.intern("__set__").as<vm::StrObject>())))
      stop(BreakReason::SideEffect, fmt::format("assignment to attribute {} through a descriptor", nm));
    Value sa = object_setattr ? Value() : vm::user_type_lookup(t, vm_.intern("__setattr__").as<vm::StrObject>());
    if (sa) {
      auto* sc = vm::is_kind(sa, ObjKind::Function) ? sa.as<FunctionObject>()->code.as<CodeObject>() : nullptr;
      bool module_setattr = sc && vm::str_view(sc->qualname) == "Module.__setattr__" &&
                            vm::str_view(sc->filename).ends_with("torch/nn/modules/module.py");
      if (!module_setattr) stop(BreakReason::SideEffect, fmt::format("assignment to attribute {} of an object with __setattr__", nm));
      // Module.__setattr__ stores a plain value as object.__setattr__ does
      // unless it is a module, a parameter, or the name is a registered one.
      if (v.kind == SymKind::Obj || v.is_tensor())
        stop(BreakReason::SideEffect, fmt::format("assignment of a tensor or module to module attribute {}", nm));
      for (const char* reg : {"_parameters", "_buffers", "_modules"}) {
        Sym d = load_attr(o, vm_.intern(reg).as<vm::StrObject>());
        if (!is_dict_obj(d)) stop(BreakReason::SideEffect, "assignment to an attribute of a module before __init__");
        for (const Value& k : dict_keys(d))
          if (vm::str_view(k) == nm) stop(BreakReason::SideEffect, fmt::format("assignment to registered module attribute {}", nm));
      }
    }
    escape_check(v, "an attribute");
    note_change(o.reg, o.ex.as_object());
    Node n;
    n.op = GraphOp::SetAttr;
    n.name = Value::borrow(name);
    n.label = "setattr";
    n.in = {reg_of(o), reg_of(v)};
    add_node(std::move(n), Value::none());
    attr_overlay_[{o.ex.as_object(), nm}] = v;
  }
  // Side effects on objects outside the trace, as the trace sees them after
  // its own stores (the graph makes them for real, in program order).
  std::map<std::pair<const void*, std::string>, Sym> attr_overlay_, global_overlay_;
  // Grad mode changes inside the trace: a node, and the mode the examples
  // are computed in.
  void set_grad_mode(bool on) {
    Node n;
    n.op = GraphOp::SetGradMode;
    n.arg = on;
    n.label = "set_grad_enabled";
    add_node(std::move(n), Value::none());
    torch::autograd::GradMode::set_enabled(on);
  }
  // torch.no_grad() / enable_grad() / set_grad_enabled(b) called in the
  // trace: a GradCtx (set_grad_enabled changes the mode when made).
  bool grad_ctx_call(const vm::TypeObject* t, std::vector<Sym>& args, const Value& kwnames, Sym* out) {
    if (!vm_.torch_state) return false;
    auto* mod = torch::torch_state(vm_).module.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
    auto is = [&](const char* name) {
      Value v = vm::dict_get_str(mod, vm_.intern(name).as<vm::StrObject>());
      return v.is_object() && v.as_object() == t;
    };
    bool nkw = !vm::is_kind(kwnames, ObjKind::Tuple);
    Sym s;
    s.kind = SymKind::GradCtx;
    if (is("no_grad") && args.empty() && nkw) s.ex = Value::boolean(false);
    else if (is("enable_grad") && args.empty() && nkw) s.ex = Value::boolean(true);
    else if (is("set_grad_enabled") && args.size() == 1 && nkw && args[0].is_const() && args[0].ex.is_bool()) {
      s.ex = args[0].ex;
      // The mode changes when it is made (as PyTorch's does); __exit__
      // restores the one before.
      s.reg = torch::autograd::GradMode::is_enabled();
      set_grad_mode(args[0].ex.is_true());
    } else {
      return false;
    }
    *out = s;
    return true;
  }
  // A dunder of an instance's class, inlined: iter(o), len(o), o[k].
  bool call_dunder(const Sym& o, const char* name, std::vector<Sym> extra, Sym* out) {
    if (!is_instance_obj(o)) return false;
    Value fn = vm::user_type_lookup(o.ex.as_object()->type, vm_.intern(name).as<vm::StrObject>());
    if (!vm::is_kind(fn, ObjKind::Function)) return false;
    std::vector<Sym> args{o};
    args.insert(args.end(), extra.begin(), extra.end());
    *out = call(*cur_frame_, Sym::constant(fn), args, Value());
    return true;
  }
  // super() (in a method: its class's cell and first argument) or
  // super(C, obj): attribute reads look past C in obj's class's MRO.
  Sym make_super(Frame& f, std::vector<Sym>& args) {
    Sym cls, self;
    if (args.size() == 2) {
      cls = args[0];
      self = args[1];
    } else if (args.empty()) {
      for (size_t i = 0; i < f.co->freevars.size(); i++)
        if (vm::str_view(f.co->freevars[i]) == "__class__") cls = cell_load(f.cells[f.co->cellvars.size() + i]);
      if (f.co->argcount > 0) self = f.locals[0];
    }
    bool class_recv = cls.is_const() && vm::is_kind(cls.ex, ObjKind::Type) && self.is_const() &&
                      vm::is_kind(self.ex, ObjKind::Type) &&
                      vm::is_subtype(self.ex.as<vm::TypeObject>(), cls.ex.as<vm::TypeObject>());  // in a __new__
    if (!cls.is_const() || !vm::is_kind(cls.ex, ObjKind::Type) || (!is_instance_obj(self) && !class_recv))
      stop(BreakReason::UnsupportedCall, "super() here (only in a method of an object from outside the trace, or a __new__)");
    Sym s;
    s.kind = SymKind::Super;
    s.ex = cls.ex;
    s.recv = std::make_shared<Sym>(self);
    return s;
  }
  // super().name: a function found after the class in the MRO, bound.
  // In a __new__ the receiver is the class itself (a constant, its
  // version guarded where the constructor was traced), and super().__new__
  // is a static method: object's, or a base's Python __new__, unbound.
  Sym super_attr(const Sym& sup, vm::StrObject* name) {
    bool class_recv = sup.recv->is_const() && vm::is_kind(sup.recv->ex, ObjKind::Type);
    vm::TypeObject* t = class_recv ? sup.recv->ex.as<vm::TypeObject>() : sup.recv->ex.as_object()->type;
    bool is_new = vm::str_view(Value::borrow(name)) == "__new__";
    if (class_recv && !is_new)
      stop(BreakReason::UnsupportedValue, fmt::format("super().{} with a class as the receiver", vm::str_view(Value::borrow(name))));
    bool after = false;
    for (const Value& c : t->mro) {
      if (after) {
        Value v = vm::dict_get_str(c.as<vm::TypeObject>()->dict.as<vm::DictObject>(), name);
        if (v.is_empty()) continue;
        if (is_new) {
          if (vm::is_object_native(vm_, v)) return Sym::constant(v);
          if (vm::is_kind(v, ObjKind::StaticMethod) && vm::is_kind(v.as<vm::StaticMethodObject>()->func, ObjKind::Function))
            return Sym::constant(v.as<vm::StaticMethodObject>()->func);
          stop(BreakReason::UnsupportedValue, "super().__new__ that is not object's or a Python function");
        }
        if (vm::is_object_native(vm_, v) && (vm::str_view(Value::borrow(name)) == "__init__" ||
                                              vm::str_view(Value::borrow(name)) == "__setattr__")) {
          // object.__init__: nothing to do (with no arguments);
          // object.__setattr__: a plain store (call()).
          Sym m;
          m.kind = SymKind::Method;
          m.ex = v;
          m.recv = sup.recv;
          return m;
        }
        if (!vm::is_kind(v, ObjKind::Function))
          stop(BreakReason::UnsupportedValue, fmt::format("super().{} that is not a function", vm::str_view(Value::borrow(name))));
        Sym m;
        m.kind = SymKind::Method;
        m.ex = v;
        m.recv = sup.recv;
        return m;
      }
      after = c.as_object() == sup.ex.as_object();
    }
    stop(BreakReason::UnsupportedValue, fmt::format("super().{}", vm::str_view(Value::borrow(name))));
  }
  // object.__setattr__(o, name, v): a plain attribute store, skipping the
  // class's own __setattr__ (Module.__setattr__ ends in it).
  bool object_setattr_call(const Value& c, std::vector<Sym>& args, const Value& kwnames, Sym* out) {
    if (!vm::is_object_native(vm_, c) || !c.as<NativeObject>()->name ||
        std::string_view(c.as<NativeObject>()->name) != "__setattr__")
      return false;
    if (args.size() != 3 || vm::is_kind(kwnames, ObjKind::Tuple) || !args[1].is_const() || !vm::is_str(args[1].ex) ||
        !is_instance_obj(args[0]))
      stop(BreakReason::SideEffect, "object.__setattr__ with these arguments");
    store_attr(args[0], vm_.intern(vm::str_view(args[1].ex)).as<vm::StrObject>(), args[2], true);
    *out = Sym::constant(Value::none());
    return true;
  }
  // hasattr(o, name) and getattr(o, name[, default]) with a constant name:
  // the attribute read as `o.name` would be, with its guards (an absent
  // one's absence guarded too).
  bool attr_builtin_call(const Value& c, std::vector<Sym>& args, const Value& kwnames, Sym* out) {
    auto* bd = vm_.builtins_dict.as<vm::DictObject>();
    bool has = c.bits() == vm::dict_get_str(bd, vm_.intern("hasattr").as<vm::StrObject>()).bits();
    bool get = c.bits() == vm::dict_get_str(bd, vm_.intern("getattr").as<vm::StrObject>()).bits();
    if (!has && !get) return false;
    if (vm::is_kind(kwnames, ObjKind::Tuple) || args.size() < 2 || args.size() > (has ? 2u : 3u)) return false;
    Sym name = concretize(args[1]);
    if (!name.is_const() || !vm::is_str(name.ex)) stop(BreakReason::UnsupportedValue, "hasattr / getattr with a computed name");
    auto* n = vm_.intern(vm::str_view(name.ex)).as<vm::StrObject>();
    if (get && args.size() == 2) {
      *out = load_attr(args[0], n);  // raises as o.name would
      return true;
    }
    Sym r;
    bool found = probe_attr(args[0], n, &r);
    *out = has ? Sym::constant(Value::boolean(found)) : found ? r : args[2];
    return true;
  }
  // cls.name of a class: an attribute of the class or a base, found as the
  // interpreter finds it; user classes (and torch.Tensor, which takes new
  // methods) are pinned by their CLASS_VERSION guards.
  Sym class_attr(const Sym& cs, vm::StrObject* name) {
    auto* t = cs.ex.as<vm::TypeObject>();
    std::string_view nm = vm::str_view(Value::borrow(name));
    class_guards(t);
    if (vm::type_is_builtin(t) && (t->aux & vm::kTypeMutable)) guard(GuardKind::ClassVersion, -1, cs.ex, int64_t(t->version));
    if (nm == "__name__" || nm == "__qualname__" || nm == "__module__")
      return Sym::constant(checked(vm::getattr(vm_, cs.ex, name), fmt::format("attribute {}", nm)));
    Value v = vm::type_lookup(t, name);
    if (!v) {
      Value r = checked(vm::getattr(vm_, cs.ex, name), fmt::format("attribute {}", nm));  // raises AttributeError if absent
      if (is_immutable_const(r) || vm::is_kind(r, ObjKind::Type)) return Sym::constant(r);
      stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a class", nm));
    }
    if (vm::is_kind(v, ObjKind::StaticMethod)) return Sym::constant(v.as<vm::StaticMethodObject>()->func);
    if (vm::is_kind(v, ObjKind::ClassMethod)) {
      Sym m;
      m.kind = SymKind::Method;
      m.ex = v.as<vm::ClassMethodObject>()->func;
      m.recv = std::make_shared<Sym>(cs);
      return m;
    }
    if (pinned_by_identity(v) || vm::is_kind(v, ObjKind::Property)) return Sym::constant(v);
    if (v.is_object() && vm::type_lookup(v.as_object()->type, vm_.intern("__get__").as<vm::StrObject>()))
      stop(BreakReason::UnsupportedValue, fmt::format("class attribute {} with a __get__", nm));
    // Another object (an enum member, a list, a dict): read through a
    // source, as an attribute of the class's own dicts (no code runs).
    return from_source(guards_.sources.add(Source{SourceKind::ClassAttr, const_source(cs.ex), 0, Value::borrow(name), Value()}), v);
  }
  // ---------------------------------------------------------- symbolic sizes
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
  uint64_t dynamic_dims_of(const Sym& t) {
    if (!t.is_tensor() || sizes_read_) return 0;
    if (tag_kind(t.reg) == kNodeTag) {
      // An intermediate's sizes may follow from dynamic sizes and ints:
      // while the trace has any, each is read from the tensor when the
      // graph runs.
      int nd = torch::tensor_of(t.ex).sizes.n;
      if (nd == 0 || nd > 64 || !trace_is_dynamic()) return 0;
      return nd == 64 ? ~uint64_t(0) : (uint64_t(1) << nd) - 1;
    }
    if (tag_kind(t.reg) != kInputTag) return 0;
    int src = input_sources_[size_t(tag_index(t.reg))];
    for (const Guard& g : guards_.guards)
      if (g.kind == GuardKind::TensorMatch && g.source == src) return g.dynamic;
    return 0;
  }
  bool trace_is_dynamic() const {
    if (!dynamic_number_inputs_.empty() || offsets_read_) return true;
    for (const Guard& g : guards_.guards)
      if (g.kind == GuardKind::TensorMatch && g.dynamic) return true;
    return false;
  }
  Sym dim_sym(const Sym& t, int64_t d) {
    const torch::Tensor& ex = torch::tensor_of(t.ex);
    if (d < 0) d += ex.sizes.n;
    if (d < 0 || d >= ex.sizes.n) {
      size_read();
      checked(Value(vm_.raise(vm::Exc::IndexError, "Dimension out of range")), "size");
    }
    if (!((dynamic_dims_of(t) >> d) & 1)) return Sym::constant(vm::make_int(vm_, ex.sizes[int(d)]));
    // One node per (tensor, dim); a memo entry is stale once a break has
    // cut the node list back.
    int treg = reg_of(t);
    auto memo = size_nodes_.find({treg, d});
    if (memo != size_nodes_.end() && size_t(tag_index(memo->second)) < nodes_.size() &&
        nodes_[size_t(tag_index(memo->second))].label == "Tensor.size" &&
        nodes_[size_t(tag_index(memo->second))].in[0] == treg)
      return ref(memo->second, vm::make_int(vm_, ex.sizes[int(d)]));
    Node n;
    n.op = GraphOp::Call;
    n.callee = vm::type_lookup(torch::torch_state(vm_).tensor_type, vm_.intern("size").as<vm::StrObject>());
    n.label = "Tensor.size";
    n.in = {treg, const_id(vm::make_int(vm_, d))};
    Value r = vm::make_int(vm_, ex.sizes[int(d)]);
    int id = add_node(std::move(n), r);
    size_nodes_[{treg, d}] = id;
    return ref(id, r);
  }
  std::map<std::pair<int, int64_t>, int> size_nodes_;
  std::vector<Graph::WithExit> with_exits_;  // manager: a register tag; [first, end): node indices  // (tensor register, dim) -> its Tensor.size node
  Sym shape_sym(const Sym& t) {
    Sym s;
    s.kind = SymKind::Seq;
    s.seq = std::make_shared<SeqData>();
    s.seq->is_size = true;
    for (int d = 0; d < torch::tensor_of(t.ex).sizes.n; d++) s.seq->items.push_back(dim_sym(t, d));
    return s;
  }
  // A SymInt or SymFloat used by Python code: its value, with every size
  // pinned.
  Sym concretize(const Sym& s) {
    if (!is_symnum(s)) return s;
    size_read();
    // Dynamic ints become constants again, each with its guard; dynamic
    // floats too when this is one (it may follow from them) or when one
    // went into a torch call (a size may follow: arange(0, x)).
    pin_numbers(s.ex.is_double() || floats_to_calls_);
    // An int may follow from storage offsets read in the graph: pinned too.
    if (offsets_read_)
      for (auto& [src, off] : tensor_offsets_) guard(GuardKind::StorageOffset, src, Value(), off);
    return Sym::constant(s.ex);
  }
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
  bool constant_of(const Sym& s, Value* out) {
    if (is_symnum(s)) {
      *out = concretize(s).ex;
      return true;
    }
    if (s.is_const()) {
      *out = s.ex;
      return true;
    }
    if (s.kind != SymKind::Seq || !s.seq) return false;
    std::vector<Value> items;
    for (const Sym& it : s.seq->items) {
      Value v;
      if (!constant_of(it, &v)) return false;
      items.push_back(std::move(v));
    }
    Value r = s.seq->is_list   ? vm::list_new(vm_, items.size())
              : s.seq->is_size ? vm::tuple_new_of(vm_, torch::torch_state(vm_).size_type, items.size())
                               : vm::tuple_new(vm_, items.size());
    if (!r) return false;
    for (size_t i = 0; i < items.size(); i++) {
      if (s.seq->is_list) r.as<vm::ListObject>()->items.push_back(items[i]);
      else r.as<vm::TupleObject>()->items[i] = items[i];
    }
    *out = r;
    return true;
  }
  // A SymInt read straight from a source: a dynamic int input (dim -1) or
  // size `dim` of a dynamic input tensor.
  bool symint_origin(const Sym& s, int* src, int* dim) const {
    if (!is_symint(s)) return false;
    if (tag_kind(s.reg) == kInputTag) {
      *src = input_sources_[size_t(tag_index(s.reg))];
      *dim = -1;
      return true;
    }
    if (tag_kind(s.reg) != kNodeTag) return false;
    const Node& n = nodes_[size_t(tag_index(s.reg))];
    int64_t d = 0;
    if (n.op != GraphOp::Call || n.label != "Tensor.size" || n.in.size() != 2 || tag_kind(n.in[0]) != kInputTag ||
        tag_kind(n.in[1]) != kConstTag || !vm::int_value(consts_[size_t(tag_index(n.in[1]))], &d))
      return false;
    *src = input_sources_[size_t(tag_index(n.in[0]))];
    *dim = int(d);
    return true;
  }
  // `n <cmp> c` on a SymInt read from a source and an int constant (a
  // branch, an assert): its outcome becomes a SIZE_COMPARE guard instead of
  // pinning every size, so `assert T <= block_size` keeps T dynamic.
  bool symint_compare(vm::CmpOpKind k, const Sym& a, const Sym& b, Sym* out) {
    if (int(k) > int(vm::CmpOpKind::GtE)) return false;
    int src = -1, dim = 0;
    bool left = symint_origin(a, &src, &dim);
    const Sym& other = left ? b : a;
    if (!left && !symint_origin(b, &src, &dim)) return false;
    int64_t c = 0;
    if (!other.is_const() || other.ex.is_bool() || !vm::int_value(other.ex, &c)) return false;
    Value r = checked(vm::compare(vm_, k, example_of(a), example_of(b)), "comparison");
    static const uint8_t kSwap[] = {4, 5, 2, 3, 0, 1};  // c < n is n > c, ...
    Guard g;
    g.kind = GuardKind::SizeCompare;
    g.source = src;
    g.n = dim;
    g.expected = other.ex;
    g.cmp = left ? uint8_t(k) : kSwap[int(k)];
    g.want = r.is_true();
    guards_.add(std::move(g));
    *out = Sym::constant(r);
    return true;
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
  bool is_dict_obj(const Sym& s) const { return s.kind == SymKind::Obj && vm::is_kind(s.ex, ObjKind::Dict); }
  // A user-class instance: from outside the trace (Obj) or made in it (Inst).
  bool is_instance_obj(const Sym& s) const {
    return s.kind == SymKind::Inst || (s.kind == SymKind::Obj && vm::is_kind(s.ex, ObjKind::Instance));
  }
  // ------------------------------------------------- builtin subclasses
  // A value from a source whose class is a user subclass of list, tuple or
  // dict: that class (null for the builtins themselves, torch.Size, values
  // made in the trace).
  vm::TypeObject* user_subclass(const Sym& s) const {
    if (s.kind == SymKind::Seq && s.seq->cls) return s.seq->cls.as<vm::TypeObject>();
    if (s.kind == SymKind::Obj && vm::is_kind(s.ex, ObjKind::Dict) && !vm::type_is_builtin(s.ex.as_object()->type))
      return s.ex.as_object()->type;
    if (s.is_const() && vm::is_kind(s.ex, ObjKind::Tuple) && is_user_class(s.ex.as_object()->type))
      return s.ex.as_object()->type;
    return nullptr;
  }
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
  static bool equivalent_override(vm::TypeObject* owner, std::string_view name) {
    if (name == "__repr__") return true;
    std::string_view cls = vm::str_view(owner->name);
    std::string_view mod = vm::is_str(owner->module) ? vm::str_view(owner->module) : "";
    return cls == "OrderedDict" && (mod == "collections" || mod == "torch._kiln") &&
           (name == "keys" || name == "values" || name == "items" || name == "copy");
  }
  // The user-defined attribute `name` of builtin subclass value s that
  // replaces the builtin's, or Empty.
  Value subclass_override(const Sym& s, std::string_view name) {
    vm::TypeObject* t = user_subclass(s);
    if (!t) return Value();
    auto* key = vm_.intern(name).as<vm::StrObject>();
    Value v = vm::user_type_lookup(t, key);
    if (!v) return v;
    for (const Value& c : t->mro) {
      auto* ct = c.as<vm::TypeObject>();
      if (vm::type_is_builtin(ct)) break;
      if (!vm::dict_get_str(ct->dict.as<vm::DictObject>(), key).is_empty())
        return equivalent_override(ct, name) ? Value() : v;
    }
    return v;
  }
  bool overrides_protocol(const Sym& s) {
    for (const char* d : kProtocolDunders)
      if (subclass_override(s, d)) return true;
    return false;
  }
  // s's own `name` (a dunder its class defines) inlined with these
  // arguments; false when it has none. One that is not a Python function
  // stops the trace: it is never skipped.
  bool subclass_dunder(const Sym& s, std::string_view name, std::vector<Sym> extra, Sym* out) {
    Value fn = subclass_override(s, name);
    if (!fn) return false;
    if (!vm::is_kind(fn, ObjKind::Function))
      stop(BreakReason::UnsupportedValue, fmt::format("{} of a '{}' that is not a Python function", name,
                                                      vm::str_view(user_subclass(s)->name)));
    std::vector<Sym> args{s};
    args.insert(args.end(), extra.begin(), extra.end());
    *out = call(*cur_frame_, Sym::constant(fn), args, Value());
    return true;
  }
  // Stops when builtin subclass value s overrides one of `names`: what the
  // tracer is about to do assumes the builtin's.
  void refuse_overrides(const Sym& s, std::initializer_list<std::string_view> names, std::string_view what) {
    for (auto n : names)
      if (subclass_override(s, n))
        stop(BreakReason::UnsupportedValue,
             fmt::format("{} of a '{}', which defines its own {}", what, vm::str_view(user_subclass(s)->name), n));
  }
  // Attribute `name` of a tuple subclass value (a named tuple): a field (a
  // property over operator.itemgetter) is that item; a property or method
  // written in Python is inlined or bound; builtin tuple methods are the
  // builtin's. False when it is none of these.
  bool subclass_attr(const Sym& s, vm::StrObject* name, Sym* out) {
    vm::TypeObject* t = user_subclass(s);
    if (!t || vm::is_kind(s.ex, ObjKind::Dict)) return false;
    Value a = vm::user_type_lookup(t, name);
    if (!a) return false;
    if (vm::is_kind(a, ObjKind::Property)) {
      const Value& fget = a.as<vm::PropertyObject>()->fget;
      if (vm::is_kind(fget, ObjKind::Function)) {
        std::vector<Sym> args{s};
        *out = call(*cur_frame_, Sym::constant(fget), args, Value());
        return true;
      }
      if (fget.is_object() && vm::is_kind(fget, ObjKind::Instance) &&
          vm::str_view(fget.as_object()->type->name) == "itemgetter" && vm::is_str(fget.as_object()->type->module) &&
          vm::str_view(fget.as_object()->type->module) == "operator") {
        Value* items = vm::instance_attr(fget.as<vm::InstanceObject>(), vm_.intern("_items").as<vm::StrObject>());
        if (items && vm::is_kind(*items, ObjKind::Tuple) && items->as<vm::TupleObject>()->size == 1) {
          *out = getitem(s, Sym::constant(items->as<vm::TupleObject>()->items[0]));
          return true;
        }
      }
      stop(BreakReason::UnsupportedValue, fmt::format("property {} of a '{}'", vm::str_view(Value::borrow(name)),
                                                      vm::str_view(t->name)));
    }
    if (vm::is_kind(a, ObjKind::Function)) {
      Sym m;
      m.kind = SymKind::Method;
      m.ex = a;
      m.recv = std::make_shared<Sym>(s);
      *out = m;
      return true;
    }
    if (is_immutable_const(a)) {  // a class attribute (_fields), pinned by the class's version
      *out = Sym::constant(a);
      return true;
    }
    stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a '{}'", vm::str_view(Value::borrow(name)),
                                                    vm::str_view(t->name)));
  }
  // ------------------------------------------------- with blocks entered before the trace
  // A resume function that starts inside with blocks gets their __exit__
  // methods on its stack (bound methods from sources). Each block the frame
  // is in is traced on, as if its BEFORE_WITH had been traced: a torch
  // grad-mode block's __exit__ (no_grad, enable_grad, set_grad_enabled,
  // inference_mode) restores the mode in its `prev` (guarded); a user
  // manager's Python __exit__ is inlined at the block's end and runs on the
  // real manager if a node of the block raises. False when one of them is
  // neither (the caller breaks, and the interpreter runs the block).
  bool block_break_ = false;  // the break is a with block's the tracer cannot follow
  bool resumed_with(Frame& f) {
    std::vector<const vm::ExcEntry*> blocks;
    for (const vm::ExcEntry& h : f.co->exc_table)
      if (f.pc >= h.start && f.pc < h.end && !is_try_block(f.co, h) &&
          std::find(f.traced_with_starts.begin(), f.traced_with_starts.end(), h.start) == f.traced_with_starts.end())
        blocks.push_back(&h);
    std::sort(blocks.begin(), blocks.end(), [](auto* a, auto* b) { return a->depth < b->depth; });  // outermost first
    for (const vm::ExcEntry* h : blocks) {
      if (h->depth < 1 || f.stack.size() < size_t(h->depth)) return false;
      Sym& e = f.stack[size_t(h->depth - 1)];  // the block's __exit__ (the compiler's layout: exit, then the block's values)
      if (e.kind == SymKind::Method && e.reg >= 0 && e.recv && !resumed_exit(e)) return false;
      if (e.kind != SymKind::UserExit && e.kind != SymKind::GradExit) return false;
      f.traced_with_starts.push_back(h->start);
    }
    return true;
  }
  // The exit of a grad-mode block entered now, restoring `prev` at its end
  // (and, when a node inside raises as the graph runs, in with_exits_).
  Sym grad_exit(bool prev) {
    Graph::WithExit w{-1, Value(), nodes_.size(), SIZE_MAX};
    w.grad_prev = prev;
    with_exits_.push_back(w);
    Sym ex;
    ex.kind = SymKind::GradExit;
    ex.ex = Value::boolean(prev);
    ex.reg = int(with_exits_.size() - 1);
    return ex;
  }
  // Turns bound method `e` (a with block's __exit__ from a source) into the
  // exit BEFORE_WITH would have pushed; false if it is not one the tracer
  // knows.
  bool resumed_exit(Sym& e) {
    const Sym& mgr = *e.recv;
    if (!is_instance_obj(mgr) || !vm::is_kind(e.ex, ObjKind::Function)) return false;
    vm::TypeObject* t = mgr.ex.as_object()->type;
    if (vm::type_lookup(t, vm_.names.__exit__).bits() != e.ex.bits()) return false;  // not the class's __exit__
    if (vm_.torch_state) {
      auto* mod = torch::torch_state(vm_).module.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
      for (const char* name : {"no_grad", "enable_grad", "set_grad_enabled", "inference_mode"}) {
        Value c = vm::dict_get_str(mod, vm_.intern(name).as<vm::StrObject>());
        if (!c.is_object() || c.as_object() != t) continue;
        Sym prev = obj_attr(mgr, vm_.intern("prev").as<vm::StrObject>());
        if (!prev.is_const() || !prev.ex.is_bool()) return false;
        e = grad_exit(prev.ex.is_true());
        return true;
      }
    }
    if (exit_may_suppress(e.ex.as<FunctionObject>()->code.as<CodeObject>()))
      stop(BreakReason::UnsupportedBytecode, "a with block whose __exit__ may return true (suppress an exception)");
    with_exits_.push_back({reg_of(mgr), e.ex, nodes_.size(), SIZE_MAX});
    Sym ex;
    ex.kind = SymKind::UserExit;
    ex.recv = std::make_shared<Sym>(e);
    ex.reg = int(with_exits_.size() - 1);
    e = ex;
    return true;
  }
  // ------------------------------------------------- instances made in the trace
  // `cls(args)` for a plain user class, as type_call runs it: __new__ (object's,
  // or a Python staticmethod that calls `object.__new__(cls)`), then a Python
  // __init__ when __new__ returned an instance of the class. No __setattr__
  // (nn.Module's included): its stores would not be plain attribute stores.
  bool new_instance(Frame& f, vm::TypeObject* cls, std::vector<Sym>& args, const Value& kwnames, Sym* out) {
    if (vm::type_is_builtin(cls) || cls->instance_kind != ObjKind::Instance) return false;
    Value newm = vm::type_lookup(cls, vm_.names.__new__);
    Value user_new;
    if (vm::is_kind(newm, ObjKind::StaticMethod) &&
        vm::is_kind(newm.as<vm::StaticMethodObject>()->func, ObjKind::Function))
      user_new = newm.as<vm::StaticMethodObject>()->func;
    else if (!vm::is_object_native(vm_, newm))
      return false;
    Value initm = vm::type_lookup(cls, vm_.names.__init__);
    bool default_init = vm::is_object_native(vm_, initm);
    if (!default_init && !vm::is_kind(initm, ObjKind::Function)) return false;
    if (vm::user_type_lookup(cls, vm_.intern("__setattr__").as<vm::StrObject>()))
      stop(BreakReason::UnsupportedCall, fmt::format("constructing a '{}' (it has a __setattr__)", vm::str_view(cls->name)));
    class_guards(cls);
    Sym o;
    if (user_new) {
      std::vector<Sym> all{Sym::constant(Value::borrow(cls))};
      all.insert(all.end(), args.begin(), args.end());
      o = call(f, Sym::constant(user_new), all, kwnames);
      // __init__ runs only on an instance of the class; what else __new__
      // returned is the result. Tensors and numbers are never instances of a
      // plain user class; the class of an instance (made in the trace or
      // from outside it) is fixed by the guards.
      if (o.is_tensor() || is_symnum(o)) {
        *out = o;
        return true;
      }
      if (!(o.kind == SymKind::Inst || o.kind == SymKind::Obj || o.is_const()))
        stop(BreakReason::UnsupportedCall, fmt::format("{}.__new__ returned a value the tracer cannot type", vm::str_view(cls->name)));
      if (!vm::isinstance(vm_, o.ex, cls)) {
        *out = o;
        return true;
      }
    } else {
      if (default_init && (!args.empty() || vm::is_kind(kwnames, ObjKind::Tuple)))
        checked(Value(vm_.raisef(vm::Exc::TypeError, "%s() takes no arguments", std::string(vm::str_view(cls->name)).c_str())),
                "constructor");
      o = alloc_instance(cls);
    }
    if (!default_init) {
      std::vector<Sym> all{o};
      all.insert(all.end(), args.begin(), args.end());
      Sym r = call(f, Sym::constant(initm), all, kwnames);
      if (!r.is_const() || !r.ex.is_none())
        checked(Value(vm_.raise(vm::Exc::TypeError, "__init__() should return None")), "constructor");
    }
    *out = o;
    return true;
  }
  // A new, empty instance of user class `cls` (object.__new__(cls)), made
  // when the graph runs only if it escapes.
  Sym alloc_instance(vm::TypeObject* cls) {
    Sym o;
    o.kind = SymKind::Inst;
    o.ex = checked(vm::instance_alloc(vm_, cls), "constructor");
    o.map = std::make_shared<MapData>();
    o.map->serial = ++instance_serial_;
    return o;
  }
  int instance_serial_ = 0;
  // The index of attribute `name` of Inst `o`, or -1.
  static int inst_find(const Sym& o, std::string_view name) {
    for (size_t i = 0; i < o.map->items.size(); i++)
      if (vm::str_view(o.map->items[i].first) == name) return int(i);
    return -1;
  }
  // The register of Inst `o` when the graph runs: its NewObject node, made
  // the first time it escapes (every later store is a setattr node).
  int made_instance(const Sym& o) {
    MapData& m = *o.map;
    if (m.made >= 0 && size_t(tag_index(m.made)) < nodes_.size()) {
      const Node& n = nodes_[size_t(tag_index(m.made))];
      if (n.op == GraphOp::NewObject && n.arg == m.serial) return m.made;
    }
    Node n;
    n.op = GraphOp::NewObject;
    n.arg = m.serial;
    vm::TypeObject* cls = o.ex.as_object()->type;
    n.callee = Value::borrow(cls);
    n.label = std::string(vm::str_view(cls->name));
    Value names = vm::tuple_new(vm_, m.items.size());
    for (size_t i = 0; i < m.items.size(); i++) {
      escape_check(m.items[i].second, "an object made in the traced code that escapes");
      names.as<vm::TupleObject>()->items[i] = m.items[i].first;
      n.in.push_back(reg_of(m.items[i].second));
    }
    n.kwnames = names;
    m.made = add_node(std::move(n), o.ex);
    return m.made;
  }
  // o.name = v on an Inst: its attribute map, and a setattr node once it
  // has escaped.
  void inst_store(const Sym& o, vm::StrObject* name, const Sym& v) {
    std::string_view nm = vm::str_view(Value::borrow(name));
    Value cls_attr = vm::type_lookup(o.ex.as_object()->type, name);
    if (cls_attr && vm::is_data_descriptor(vm_, cls_attr))
      stop(BreakReason::SideEffect, fmt::format("assignment to attribute {} through a descriptor", nm));
    bool escaped = o.map->made >= 0 && size_t(tag_index(o.map->made)) < nodes_.size() &&
                   nodes_[size_t(tag_index(o.map->made))].op == GraphOp::NewObject &&
                   nodes_[size_t(tag_index(o.map->made))].arg == o.map->serial;
    if (escaped) {
      escape_check(v, "an attribute");
      Node n;
      n.op = GraphOp::SetAttr;
      n.name = Value::borrow(name);
      n.label = "setattr";
      n.in = {o.map->made, reg_of(v)};
      add_node(std::move(n), Value::none());
    }
    touch(o.map);
    int i = inst_find(o, nm);
    if (i >= 0) o.map->items[size_t(i)].second = v;
    else o.map->items.emplace_back(Value::borrow(name), v);
  }
  // A dict key whose hash and equality run no Python code: str, int,
  // float, bool, None, or a tuple of those.
  static bool plain_key(const Value& k) {
    if (k.is_none() || k.is_bool() || k.is_double() || vm::is_int(k) || vm::is_str(k)) return true;
    if (!vm::is_kind(k, ObjKind::Tuple) || k.as_object()->type != k.as_object()->type->vm->types.tuple) return false;
    for (const Value& x : *k.as<vm::TupleObject>())
      if (!plain_key(x)) return false;
    return true;
  }
  // A dict key equal to itself alone, whose lookup needs no Python code once
  // the dict's keys are guarded: an instance of a user class with object's
  // __eq__ and __hash__, or an enum member (Enum's __hash__, object's __eq__).
  bool identity_key(const Value& k) {
    if (!vm::is_kind(k, ObjKind::Instance)) return false;
    vm::TypeObject* t = k.as_object()->type;
    if (vm::user_type_lookup(t, vm_.intern("__eq__").as<vm::StrObject>())) return false;
    if (!vm::user_type_lookup(t, vm_.intern("__hash__").as<vm::StrObject>())) return true;
    for (const Value& c : t->mro) {  // the class that defines __hash__ must be enum.Enum
      auto* ct = c.as<vm::TypeObject>();
      if (vm::dict_get_str(ct->dict.as<vm::DictObject>(), vm_.intern("__hash__").as<vm::StrObject>()).is_empty()) continue;
      return vm::str_view(ct->name) == "Enum" && vm::is_str(ct->module) && vm::str_view(ct->module) == "enum";
    }
    return false;
  }
  bool dict_key_ok(const Value& k) { return plain_key(k) || identity_key(k); }
  // The key `k` reads as a Value: a constant, or an object compared by
  // identity whose identity is pinned (a class attribute under its class's
  // version, or else an ID_MATCH guard on its source). False for others.
  bool key_value(const Sym& k, Value* out) {
    if (k.is_const()) {
      *out = k.ex;
      return true;
    }
    if (k.kind != SymKind::Obj || !identity_key(k.ex) || k.reg < 0) return false;
    if (!pinned_member(k)) guard(GuardKind::IdMatch, k.reg, k.ex);
    *out = k.ex;
    return true;
  }
  // Equal as dict keys (1 == 1.0 == True, as Python's dicts): plain keys;
  // identity keys only to themselves.
  bool same_key(const Value& a, const Value& b) {
    if (a.bits() == b.bits()) return true;
    if (vm::is_str(a) && vm::is_str(b)) return vm::str_view(a) == vm::str_view(b);
    if (!plain_key(a) || !plain_key(b)) return false;
    int e = vm::equals(vm_, a, b);
    if (e < 0) vm_.clear_exception();
    return e == 1;
  }
  // The keys of dict Obj `d`, guarded (DICT_KEYS): plain keys only.
  std::vector<Value> dict_keys(const Sym& d) {
    auto* dict = d.ex.as<vm::DictObject>();
    std::vector<Value> keys;
    auto full = dict_overlay_.find(dict);
    if (full != dict_overlay_.end() && full->second.complete) {
      // After a deletion the overlay holds every key, in order.
      for (auto& [k, v] : full->second.items) keys.push_back(k);
      return keys;
    }
    for (const auto& e : dict->entries) {
      if (e.key.is_empty()) continue;
      if (!dict_key_ok(e.key))
        stop(BreakReason::UnsupportedValue,
             "a dict from outside the trace with keys other than strings, numbers, tuples, enum members and objects compared by identity");
      keys.push_back(e.key);
    }
    Value t = vm::tuple_new(vm_, keys.size());
    for (size_t i = 0; i < keys.size(); i++) t.as<vm::TupleObject>()->items[i] = keys[i];
    guard(GuardKind::DictKeys, d.reg, t);
    // Keys the graph adds (stores earlier in the trace) come after.
    auto ov = dict_overlay_.find(dict);
    if (ov != dict_overlay_.end())
      for (auto& [k, v] : ov->second.items) {
        bool known = false;
        for (const Value& x : keys) known = known || same_key(x, k);
        if (!known) keys.push_back(k);
      }
    return keys;
  }
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
  void alias_guard(int a, const void* pa, int b, const void* pb) {
    if (a == b) return;
    Guard g;
    g.kind = GuardKind::SameObject;
    g.source = std::max(a, b);  // the later source: both are loaded by then
    g.n = std::min(a, b);
    g.expected = Value::boolean(pa == pb);
    guards_.add(std::move(g));
  }
  // Source `src` (object `obj`) is about to change: whether each other
  // mutable source is the same object is guarded from now on, since the
  // trace's reads after the change assume it.
  void note_change(int src, const void* obj) {
    if (std::find(changed_sources_.begin(), changed_sources_.end(), src) != changed_sources_.end()) return;
    for (auto& [s, o] : mutable_sources_) alias_guard(src, obj, s, o);
    changed_sources_.push_back(src);
  }
  void note_mutable_source(int src, const void* obj) {
    for (auto& [s, o] : mutable_sources_)
      if (s == src) return;
    for (int c : changed_sources_)
      for (auto& [s, o] : mutable_sources_)
        if (s == c) alias_guard(src, obj, s, o);
    mutable_sources_.emplace_back(src, obj);
  }
  // d[key] = v on a dict from outside the trace: a setitem node, in order.
  void dict_store(const Sym& d, const Sym& key, const Sym& v) {
    refuse_overrides(d, {"__setitem__"}, "a store into a dict");  // the setitem node would run it
    if (!key.is_const() || !plain_key(key.ex))
      stop(BreakReason::SideEffect, "a store into a dict from outside the trace with a key that is not a constant string, number or tuple");
    if (!vm::is_str(key.ex)) dict_keys(d);  // its keys guarded: lookups by this key run no Python code
    escape_check(v, "a dict from outside the trace");
    note_change(d.reg, d.ex.as_object());
    Node n;
    n.op = GraphOp::SetItem;
    n.label = "setitem";
    n.in = {reg_of(d), const_id(key.ex), reg_of(v)};
    add_node(std::move(n), Value::none());
    auto& ov = dict_overlay_[d.ex.as_object()].items;
    for (auto& kv : ov)
      if (same_key(kv.first, key.ex)) {
        kv.second = v;
        return;
      }
    ov.emplace_back(key.ex, v);
  }
  // del d[key] / d.pop(key) on a dict from outside the trace: a node that
  // deletes it when the graph runs (dict.pop, its result unused); the
  // overlay then lists every key, so later reads see the deletion.
  void dict_delete(const Sym& d, const Sym& key) {
    if (!key.is_const() || !plain_key(key.ex))
      stop(BreakReason::SideEffect, "a deletion from a dict from outside the trace with a key that is not a constant string, number or tuple");
    std::vector<Value> keys = dict_keys(d);
    bool found = false;
    for (const Value& k : keys) found = found || same_key(k, key.ex);
    if (!found) {
      Value r = vm::repr(vm_, key.ex);
      checked(Value(vm_.raise(vm::Exc::KeyError, r ? std::string(vm::str_view(r)) : "key")), "dict deletion");
    }
    note_change(d.reg, d.ex.as_object());
    auto& ov = dict_overlay_[d.ex.as_object()];
    if (!ov.complete) {
      std::vector<std::pair<Value, Sym>> all;
      for (const Value& k : keys) {
        Sym v;  // Null: unchanged
        for (auto& [k2, v2] : ov.items)
          if (same_key(k2, k)) v = v2;
        all.emplace_back(k, v);
      }
      ov.items = std::move(all);
      ov.complete = true;
    }
    std::erase_if(ov.items, [&](const auto& kv) { return same_key(kv.first, key.ex); });
    Node n;
    n.op = GraphOp::Call;
    n.callee = vm::type_lookup(vm_.types.dict, vm_.intern("pop").as<vm::StrObject>());
    n.label = "dict.pop";
    n.in = {reg_of(d), const_id(key.ex)};
    add_node(std::move(n), Value::none());
  }
  // d[key] of dict Obj `d`, read through a source.
  Sym dict_item(const Sym& d, const Value& key) {
    if (!dict_key_ok(key))
      stop(BreakReason::UnsupportedValue,
           "a dict from outside the trace indexed by a key other than a string, number, tuple, enum member or object compared by identity");
    // A key other than a str: the dict's keys are guarded, so looking it up
    // when the guards load it compares only plain keys (no __eq__ runs).
    if (!vm::is_str(key)) dict_keys(d);
    auto ov = dict_overlay_.find(d.ex.as_object());
    bool gone = false;
    if (ov != dict_overlay_.end()) {
      gone = ov->second.complete;
      for (auto& [k, v] : ov->second.items)
        if (same_key(k, key)) {
          if (v.kind != SymKind::Null) return v;
          gone = false;
        }
    }
    Value v;
    if (!gone) {
      v = vm::is_str(key)         ? vm::dict_get_str(d.ex.as<vm::DictObject>(), key.as<vm::StrObject>())
          : identity_key(key) ? vm::dict_get_identical(d.ex.as<vm::DictObject>(), key)
                              : vm::dict_get(vm_, d.ex.as<vm::DictObject>(), key);
      if (v.is_empty()) vm_.clear_exception();
    }
    if (v.is_empty()) {
      Value r = vm::repr(vm_, key);
      if (!r) vm_.clear_exception();
      checked(Value(vm_.raise(vm::Exc::KeyError, r ? std::string(vm::str_view(r)) : "key")), "dict lookup");
    }
    Source item{SourceKind::DictItem, d.reg, 0, key, Value()};
    if (identity_key(key)) item.label = value_text(vm_, key);
    return from_source(guards_.sources.add(item), v);
  }
  Sym obj_attr(const Sym& o, vm::StrObject* name);
  Sym call_dict_method(const vm::NativeObject* nat, std::vector<Sym>& args);
  // The (key, value) items of a mapping to unpack (**m): a dict made in the
  // trace, or one from outside (read through its sources).
  std::vector<std::pair<Value, Sym>> mapping_items(const Sym& m, const char* what) {
    std::vector<std::pair<Value, Sym>> out;
    if (m.kind == SymKind::Map && !m.map->is_set) return m.map->items;
    if (!is_dict_obj(m)) stop(BreakReason::UnsupportedValue, fmt::format("{} of this value", what));
    refuse_overrides(m, {"keys", "__getitem__", "__iter__"}, what);
    for (const Value& k : dict_keys(m)) out.emplace_back(k, dict_item(m, k));
    return out;
  }
  // A module whose attributes are taken as constants without guards (as
  // TorchDynamo treats torch.*): the native torch and math modules.
  bool trusted_module(const Value& m) {
    std::string_view name = vm::str_view(m.as<vm::ModuleObject>()->name);
    return name == "torch" || name == "math";
  }

  // ------------------------------------------------------------ calls
  Sym call(Frame& f, const Sym& callee, std::vector<Sym>& args, const Value& kwnames);
  Sym call_native(const NativeObject* nat, std::vector<Sym>& args, const Value& kwnames);
  Sym call_pure(const Value& callee, const std::string& label, std::vector<Sym>& args, const Value& kwnames);
  Sym call_list_method(const NativeObject* nat, std::vector<Sym>& args);
  Sym list_method(std::string_view name, const Sym& self, std::vector<Sym>& args);
  Sym inline_call(Frame& caller, CodeObject* code, const Value& defaults, const Value& kwdefaults, const Value& globals,
                  const std::vector<std::shared_ptr<CellData>>* closure, FunctionObject* real_fn,
                  std::vector<Sym>& args, const Value& kwnames);
  Sym run_frame(Frame& f);

  // ------------------------------------------------------------ operations
  bool truth(const Sym& s) {
    if (user_subclass(s)) {
      if (Sym r; subclass_dunder(s, "__bool__", {}, &r)) return truth(r);
      if (Sym r; subclass_dunder(s, "__len__", {}, &r)) return truth(r);
    }
    switch (s.kind) {
      case SymKind::Const: {
        int t = vm::truthy(vm_, s.ex);
        if (t < 0) checked(Value(), "bool()");
        return t == 1;
      }
      case SymKind::Seq: return !s.seq->items.empty();
      case SymKind::Map: return !s.map->items.empty();
      case SymKind::Ref:
        if (s.tensor) stop(BreakReason::DataDependentBranch, "the truth value of a tensor");
        if (is_symnum(s)) return truth(concretize(s));
        size_read();  // a tuple's length may follow from a size
        return vm::truthy(vm_, s.ex) == 1;
      case SymKind::Func: return true;
      case SymKind::Inst:
      case SymKind::Obj: {
        if (is_dict_obj(s)) return !dict_keys(s).empty();
        vm::TypeObject* t = s.ex.as_object()->type;
        if (vm::user_type_lookup(t, vm_.intern("__bool__").as<vm::StrObject>()) ||
            vm::user_type_lookup(t, vm_.intern("__len__").as<vm::StrObject>()))
          stop(BreakReason::UnsupportedValue, "the truth value of an object with __bool__ or __len__");
        return true;
      }
      default: stop(BreakReason::UnsupportedValue, "the truth value of an iterator");
    }
  }
  Sym binary(vm::BinOpKind op, const Sym& a, const Sym& b, bool inplace);
  Sym getitem(const Sym& c, const Sym& key);
  Sym iterate(const Sym& s);
  std::vector<Sym> unpack(const Sym& s, size_t n);
  Sym load_attr(const Sym& obj, vm::StrObject* name);
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
  void count_insn() {
    if (++ninsns_ > lim_.max_instructions)
      stop(BreakReason::TraceTooLong, fmt::format("more than {} instructions", lim_.max_instructions));
  }
};

// ================================================================ operations
Sym Tracer::binary(vm::BinOpKind op, const Sym& a, const Sym& b, bool inplace) {
  const char* sym = kBinSyms[size_t(op)];
  if (user_subclass(a) || user_subclass(b)) {
    // A builtin subclass's own operator methods, in CPython's order (the
    // in-place one, then the forward one); a reflected one is not traced.
    std::string fwd = kBinDunders[size_t(op)];
    refuse_overrides(b, {"__r" + fwd.substr(2)}, std::string("operator ") + sym);
    Sym r;
    bool got = (inplace && subclass_dunder(a, "__i" + fwd.substr(2), {b}, &r)) || subclass_dunder(a, fwd, {b}, &r);
    if (got) {
      if (r.is_const() && r.ex.is_not_implemented())
        stop(BreakReason::UnsupportedValue, fmt::format("{} returning NotImplemented", fwd));
      return r;
    }
  }
  if (a.is_const() && b.is_const()) {
    return Sym::constant(checked(inplace ? vm::inplace_op(vm_, op, a.ex, b.ex) : vm::binary_op(vm_, op, a.ex, b.ex),
                                 std::string("operator ") + sym));
  }
  if (a.kind == SymKind::Map && b.kind == SymKind::Map && a.map->is_set && b.map->is_set) {
    // | & - ^ on sets of constants: computed on the real sets.
    Value r = checked(inplace ? vm::inplace_op(vm_, op, example_of(a), example_of(b))
                              : vm::binary_op(vm_, op, example_of(a), example_of(b)),
                      std::string("operator ") + sym);
    if (!vm::is_kind(r, ObjKind::Set)) stop(BreakReason::UnsupportedValue, std::string("operator ") + sym + " on sets");
    Sym res = set_of(r);
    if (inplace) {
      touch(a.map);
      a.map->items = res.map->items;
      return a;
    }
    return res;
  }
  if (a.kind == SymKind::Seq && b.kind == SymKind::Seq && op == vm::BinOpKind::Add &&
      a.seq->is_list == b.seq->is_list) {
    if (inplace && a.seq->is_list) {
      if (a.seq->from_source) before_source_list_change(a);
      touch(a.seq);
      auto items = b.seq->items;
      a.seq->items.insert(a.seq->items.end(), items.begin(), items.end());
      if (a.seq->from_source) sync_source_list(a);
      return a;
    }
    Sym s;
    s.kind = SymKind::Seq;
    s.seq = std::make_shared<SeqData>();
    s.seq->is_list = a.seq->is_list;
    s.seq->is_size = a.seq->is_size;  // Size + tuple is a Size, tuple + Size a tuple
    s.seq->items = a.seq->items;
    s.seq->items.insert(s.seq->items.end(), b.seq->items.begin(), b.seq->items.end());
    return s;
  }
  if ((is_symnum(a) || is_symnum(b)) && (is_symnum(a) || is_number_const(a)) && (is_symnum(b) || is_number_const(b))) {
    // Arithmetic on sizes and dynamic numbers stays in the graph while it
    // stays a number.
    Value r = checked(inplace ? vm::inplace_op(vm_, op, a.ex, b.ex) : vm::binary_op(vm_, op, a.ex, b.ex),
                      std::string("operator ") + sym);
    if ((vm::is_int(r) && !r.is_bool()) || r.is_double()) {
      Node n;
      n.op = GraphOp::Binary;
      n.arg = int(op);
      n.label = sym;
      n.in = {reg_of(a), reg_of(b)};
      int id = add_node(std::move(n), r);
      return ref(id, r);
    }
    return binary(op, concretize(a), concretize(b), inplace);
  }
  if ((is_symnum(a) || is_symnum(b)) && !a.is_tensor() && !b.is_tensor())
    return binary(op, concretize(a), concretize(b), inplace);
  if (!a.is_tensor() && !b.is_tensor())
    stop(BreakReason::UnsupportedValue, fmt::format("operator {} on {} and {}", sym, vm::type_name(vm_, example_of(a)),
                                                    vm::type_name(vm_, example_of(b))));
  Value ea = example_of(a), eb = example_of(b);
  Value r = checked(inplace ? vm::inplace_op(vm_, op, ea, eb) : vm::binary_op(vm_, op, ea, eb),
                    std::string("operator ") + sym);
  Node n;
  n.op = inplace ? GraphOp::Inplace : GraphOp::Binary;
  n.arg = int(op);
  n.label = sym;
  n.in = {reg_of(a), reg_of(b)};
  int id = add_node(std::move(n), r);
  return node_result(id, r, std::string("operator ") + sym);
}

Sym Tracer::getitem(const Sym& c0, const Sym& key0) {
  const Sym c = c0.kind == SymKind::Ref && !c0.tensor ? concretize(c0) : c0;
  const Sym key = c.is_tensor() ? key0 : concretize(key0);
  if (Sym r; subclass_dunder(c, "__getitem__", {key}, &r)) return r;
  if (c.is_const() && key.is_const()) return Sym::constant(checked(vm::getitem(vm_, c.ex, key.ex), "subscript"));
  if (Value k; is_dict_obj(c) && key_value(key, &k)) return dict_item(c, k);
  if (c.kind == SymKind::Map) return map_get(c, key);
  if (Sym r; call_dunder(c, "__getitem__", {key}, &r)) return r;
  if (c.kind == SymKind::Seq && key.is_const()) {
    auto& items = c.seq->items;
    int64_t i;
    if (vm::int_value(key.ex, &i)) {
      if (i < 0) i += int64_t(items.size());
      if (i < 0 || i >= int64_t(items.size())) checked(Value(vm_.raise(vm::Exc::IndexError, "index out of range")), "subscript");
      return items[size_t(i)];
    }
    if (vm::is_kind(key.ex, ObjKind::Slice)) {
      // Slice the indices (a range of the same length) to pick the items.
      Value idx = checked(vm::sequence_to_list(vm_, checked(vm_.call1(Value::borrow(vm_.types.range),
                                                                          vm::make_int(vm_, int64_t(items.size()))),
                                                                "range")),
                          "slice");
      Value picked = checked(vm::getitem(vm_, idx, key.ex), "slice");
      Sym s;
      s.kind = SymKind::Seq;
      s.seq = std::make_shared<SeqData>();
      s.seq->is_list = c.seq->is_list;
      s.seq->is_size = c.seq->is_size;
      for (auto& v : picked.as<vm::ListObject>()->items) {
        int64_t k = 0;
        vm::int_value(v, &k);
        s.seq->items.push_back(items[size_t(k)]);
      }
      return s;
    }
    stop(BreakReason::UnsupportedValue, "a tuple or list indexed by a non-int");
  }
  if (c.kind == SymKind::Ref) {
    Value ek = example_of(key);
    if (torch::is_tensor(ek) && torch::tensor_of(ek).dtype == torch::DType::Bool)
      stop(BreakReason::DataDependentShape, "indexing with a boolean mask");
    if (vm::is_kind(ek, ObjKind::Tuple) || vm::is_kind(ek, ObjKind::List)) {
      auto items = vm::is_kind(ek, ObjKind::Tuple) ? std::vector<Value>(ek.as<vm::TupleObject>()->begin(),
                                                                        ek.as<vm::TupleObject>()->end())
                                                   : std::vector<Value>(ek.as<vm::ListObject>()->items.begin(),
                                                                        ek.as<vm::ListObject>()->items.end());
      for (auto& v : items)
        if (torch::is_tensor(v) && torch::tensor_of(v).dtype == torch::DType::Bool)
          stop(BreakReason::DataDependentShape, "indexing with a boolean mask");
    }
    Value r = checked(vm::getitem(vm_, c.ex, ek), "subscript");
    Node n;
    n.op = GraphOp::GetItem;
    n.label = "getitem";
    n.in = {reg_of(c), reg_of(key)};
    int id = add_node(std::move(n), r);
    return node_result(id, r, "subscript");
  }
  stop(BreakReason::UnsupportedValue, "subscript of this value");
}

std::vector<Sym> Tracer::unpack(const Sym& s, size_t n) {
  std::vector<Sym> out;
  if (subclass_override(s, "__iter__")) {  // unpacking iterates
    out = drain(s);
    if (out.size() != n) stop(BreakReason::ExceptionInTrace, fmt::format("unpacking {} values into {}", out.size(), n));
    return out;
  }
  if (s.kind == SymKind::Seq) {
    if (s.seq->items.size() != n)
      stop(BreakReason::ExceptionInTrace, fmt::format("unpacking {} values into {}", s.seq->items.size(), n));
    return s.seq->items;
  }
  int64_t len = -1;
  Value e = example_of(s);
  size_read();
  if (!vm::length(vm_, e, &len)) checked(Value(), "unpack");
  if (len != int64_t(n)) stop(BreakReason::ExceptionInTrace, fmt::format("unpacking {} values into {}", len, n));
  for (size_t i = 0; i < n; i++) out.push_back(getitem(s, Sym::constant(vm::make_int(vm_, int64_t(i)))));
  return out;
}

Sym Tracer::iterate(const Sym& s) {
  Sym it;
  it.kind = SymKind::Iter;
  it.iter = std::make_shared<IterData>();
  if (s.kind == SymKind::Iter) return s;
  if (Sym r; subclass_dunder(s, "__iter__", {}, &r)) return iterate(r);
  if (s.kind == SymKind::Seq) {
    if (s.seq->is_list) {
      // By index, as CPython's list iterator: items the loop appends or
      // replaces are seen.
      it.iter->kind = IterData::List;
      it.iter->list = s.seq;
      return it;
    }
    it.iter->items = s.seq->items;
    return it;
  }
  if (is_dict_obj(s)) {
    for (const Value& k : dict_keys(s)) it.iter->items.push_back(Sym::constant(k));
    it.iter->watch_dict = std::make_shared<Sym>(s);
    return it;
  }
  if (s.kind == SymKind::Map && s.map->is_set) {
    if (set_has_tensors(s))
      stop(BreakReason::UnsupportedValue, "iterating over a set of tensors (its order follows their addresses)");
    // A set iterates in its hash order: the real set's.
    // The set's keys in the map's order are checked against changes; the
    // items come in the real set's order.
    Value l = checked(vm::sequence_to_list(vm_, example_of(s)), "iter()");
    for (auto& x : l.as<vm::ListObject>()->items) it.iter->items.push_back(Sym::constant(x));
    it.iter->watch_map = s.map;
    for (auto& kv : s.map->items) it.iter->watch_keys.push_back(kv.first);
    return it;
  }
  if (s.kind == SymKind::Map) {
    for (auto& kv : s.map->items) it.iter->items.push_back(Sym::constant(kv.first));
    it.iter->watch_map = s.map;
    for (auto& kv : s.map->items) it.iter->watch_keys.push_back(kv.first);
    return it;
  }
  if (Sym r; call_dunder(s, "__iter__", {}, &r)) return iterate(r);
  if (s.is_const()) {
    const Value& v = s.ex;
    if (vm::is_kind(v, ObjKind::Range) || vm::is_kind(v, ObjKind::Tuple) || vm::is_str(v) ||
        vm::is_kind(v, ObjKind::Set)) {  // a frozenset constant, or a set from a source (its contents guarded)
      int64_t n = 0;
      if (!vm::length(vm_, v, &n)) checked(Value(), "iter()");
      if (n > lim_.max_instructions) stop(BreakReason::TraceTooLong, fmt::format("a loop of {} iterations", n));
      Value l = checked(vm::sequence_to_list(vm_, v), "iter()");
      for (auto& x : l.as<vm::ListObject>()->items) it.iter->items.push_back(Sym::constant(x));
      return it;
    }
    stop(BreakReason::UnsupportedValue, fmt::format("iterating over a '{}'", vm::type_name(vm_, v)));
  }
  if (s.kind == SymKind::Ref) {
    int64_t n = 0;
    size_read();
    if (s.tensor && torch::tensor_of(s.ex).dim() == 0) checked(Value(vm_.raise(vm::Exc::TypeError, "iteration over a 0-d tensor")), "iter()");
    if (!vm::length(vm_, s.ex, &n)) checked(Value(), "iter()");
    if (n > 1024) stop(BreakReason::TraceTooLong, fmt::format("iterating over {} rows of a tensor", n));
    for (int64_t i = 0; i < n; i++) it.iter->items.push_back(getitem(s, Sym::constant(vm::make_int(vm_, i))));
    return it;
  }
  stop(BreakReason::UnsupportedValue, "iterating over this value");
}

Sym Tracer::obj_attr(const Sym& o, vm::StrObject* name) {
  std::string_view nm = vm::str_view(Value::borrow(name));
  if (!is_instance_obj(o)) stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a '{}'", nm, vm::type_name(vm_, o.ex)));
  bool made = o.kind == SymKind::Inst;  // made in the trace: its attributes are all known, no guards
  auto* inst = o.ex.as<vm::InstanceObject>();
  vm::TypeObject* t = inst->type;
  if (!made) {
    auto ov = attr_overlay_.find({inst, std::string(nm)});
    if (ov != attr_overlay_.end()) return ov->second;
  }
  Value cls_attr = vm::type_lookup(t, name);
  if (vm::is_kind(cls_attr, ObjKind::Property)) {
    const Value& fget = cls_attr.as<vm::PropertyObject>()->fget;
    if (!vm::is_kind(fget, ObjKind::Function)) stop(BreakReason::UnsupportedValue, fmt::format("property {}", nm));
    std::vector<Sym> args{o};
    return call(*cur_frame_, Sym::constant(fget), args, Value());
  }
  if (made) {
    if (int i = inst_find(o, nm); i >= 0) return o.map->items[size_t(i)].second;
  } else if (Value* own = vm::instance_attr(inst, name); own && !own->is_empty()) {
    return from_source(guards_.sources.add(Source{SourceKind::InstAttr, o.reg, 0, Value::borrow(name), Value()}), *own);
  }
  if (cls_attr) {
    if (!made) guard(GuardKind::NoInstAttr, o.reg, Value::borrow(name));
    if (vm::is_kind(cls_attr, ObjKind::Function)) {
      Sym m;
      m.kind = SymKind::Method;
      m.ex = cls_attr;
      m.recv = std::make_shared<Sym>(o);
      return m;
    }
    if (vm::is_kind(cls_attr, ObjKind::StaticMethod)) return Sym::constant(cls_attr.as<vm::StaticMethodObject>()->func);
    if (is_immutable_const(cls_attr) || vm::is_kind(cls_attr, ObjKind::Type) || vm::is_kind(cls_attr, ObjKind::Module))
      return Sym::constant(cls_attr);  // pinned by the class's version guard
    stop(BreakReason::UnsupportedValue, fmt::format("class attribute {} of a '{}'", nm, vm::type_name(vm_, o.ex)));
  }
  Value ga = vm::user_type_lookup(t, vm_.intern("__getattr__").as<vm::StrObject>());
  if (vm::is_kind(ga, ObjKind::Function)) {
    if (!made) guard(GuardKind::NoInstAttr, o.reg, Value::borrow(name));
    std::vector<Sym> args{o, Sym::constant(Value::borrow(name))};
    return call(*cur_frame_, Sym::constant(ga), args, Value());
  }
  if (!made) guard(GuardKind::NoInstAttr, o.reg, Value::borrow(name));  // absent: guarded as absent
  checked(Value(vm_.raisef(vm::Exc::AttributeError, "'%s' object has no attribute '%s'", vm::type_name(vm_, o.ex),
                           std::string(nm).c_str())),
          "attribute");
  return Sym();
}

Sym Tracer::load_attr(const Sym& obj, vm::StrObject* name) {
  std::string_view nm = vm::str_view(Value::borrow(name));
  if (Sym r; subclass_attr(obj, name, &r)) return r;
  if (obj.kind == SymKind::Obj || obj.kind == SymKind::Inst) return obj_attr(obj, name);
  if (obj.kind == SymKind::Super) return super_attr(obj, name);
  if (obj.is_const()) {
    const Value& o = obj.ex;
    if (vm::is_kind(o, ObjKind::Module)) {
      auto* dict = o.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
      auto ov = global_overlay_.find({dict, std::string(nm)});  // stored by the trace (a global of that module)
      if (ov != global_overlay_.end()) return ov->second;
      Value v = vm::dict_get_str(dict, name);
      // A missing name may come from the module's __getattr__ (torch.nn is
      // imported on first use): what the interpreter would do next anyway.
      if (v.is_empty()) {
        if (vm::dict_get_str(dict, vm_.names.__getattr__).is_empty()) {
          // Absent (hasattr() False): guarded as absent.
          Guard g;
          g.kind = GuardKind::ModuleAttrs;
          g.expected = o;
          g.attrs.emplace_back(Value::borrow(name), Value());
          g.seen = dict->mutations;
          guards_.add(std::move(g));
        }
        v = checked(vm::getattr(vm_, o, name), fmt::format("attribute {}", nm));
        if (vm::dict_get_str(dict, name).bits() != v.bits())
          stop(BreakReason::UnsupportedValue, fmt::format("module attribute {} made by the module's __getattr__ on each read", nm));
      }
      if (trusted_module(o) || obj.reg < 0) {
        // torch.*, math.*, and modules reached as constants: the names read
        // are guarded together (MODULE_ATTRS: one compare while nothing in
        // the module changes), their values held as constants; a mutable
        // value is read through a source rooted at the module.
        if (pinned_by_identity(v)) {
          Guard g;
          g.kind = GuardKind::ModuleAttrs;
          g.expected = o;
          g.attrs.emplace_back(Value::borrow(name), v);
          g.seen = dict->mutations;
          guards_.add(std::move(g));
          Sym c = Sym::constant(v);
          return c;
        }
        int ms = obj.reg >= 0 ? obj.reg : const_source(o);
        return from_source(guards_.sources.add(Source{SourceKind::Attr, ms, 0, Value::borrow(name), Value()}), v);
      }
      Source s{SourceKind::Attr, obj.reg, 0, Value::borrow(name), Value()};
      return from_source(guards_.sources.add(s), v);
    }
    if (vm::is_kind(o, ObjKind::Type)) return class_attr(obj, name);
    if (is_immutable_const(o) || (o.is_object() && vm_.torch_state &&
                                  (vm::type_of(vm_, o) == torch::torch_state(vm_).dtype_type ||
                                   vm::type_of(vm_, o) == torch::torch_state(vm_).device_type ||
                                   vm::type_of(vm_, o) == torch::torch_state(vm_).size_type))) {
      Value v = checked(vm::getattr(vm_, o, name), fmt::format("attribute {}", nm));
      if (!is_immutable_const(v) && !vm::is_kind(v, ObjKind::Native) && !vm::is_kind(v, ObjKind::BoundMethod) &&
          !(v.is_object() && vm::type_of(vm_, v) == torch::torch_state(vm_).dtype_type))
        stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a constant", nm));
      return Sym::constant(v);
    }
    stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of a '{}'", nm, vm::type_name(vm_, o)));
  }
  if (obj.kind == SymKind::Ref) {
    if (obj.tensor) {
      // A method read as an attribute (`t.sum(dim=1)` compiles to LOAD_ATTR
      // and CALL_KW): bound to its receiver until called.
      Value m = vm::type_lookup(vm::type_of(vm_, obj.ex), name);
      if (vm::is_kind(m, ObjKind::Native)) {
        Sym s;
        s.kind = SymKind::Method;
        s.ex = m;
        s.recv = std::make_shared<Sym>(obj);
        return s;
      }
      BreakReason why = BreakReason::Autograd;
      switch (classify_tensor_attr(nm, &why)) {
        case TensorAttrClass::Metadata:
          if (nm == "shape" && dynamic_dims_of(obj)) return shape_sym(obj);
          if (!(nm == "dtype" || nm == "device" || nm == "ndim" || nm == "is_cuda" || nm == "requires_grad" ||
                nm == "is_leaf" || nm == "layout"))
            size_read();
          return Sym::constant(checked(vm::getattr(vm_, obj.ex, name), std::string(nm)));
        case TensorAttrClass::Node: break;
        case TensorAttrClass::Break: stop(why, fmt::format("tensor attribute .{}", nm));
      }
    }
    Value r = checked(vm::getattr(vm_, obj.ex, name), fmt::format("attribute {}", nm));
    Node n;
    n.op = GraphOp::GetAttr;
    n.name = Value::borrow(name);
    n.label = std::string(nm);
    n.in = {reg_of(obj)};
    int id = add_node(std::move(n), r);
    return node_result(id, r, fmt::format("attribute .{}", nm));
  }
  stop(BreakReason::UnsupportedValue, fmt::format("attribute {} of this value", nm));
}

// ================================================================ calls
Sym Tracer::call_native(const NativeObject* nat, std::vector<Sym>& args, const Value& kwnames) {
  // object.__new__(cls), as a user __new__ calls it: a new instance of a
  // plain user class (the class's version is guarded).
  if (vm::is_object_native(vm_, Value::borrow(const_cast<NativeObject*>(nat))) && std::string_view(nat->name) == "__new__" &&
      args.size() == 1 && !vm::is_kind(kwnames, ObjKind::Tuple) && args[0].is_const() &&
      vm::is_kind(args[0].ex, ObjKind::Type)) {
    auto* cls = args[0].ex.as<vm::TypeObject>();
    if (!vm::type_is_builtin(cls) && cls->instance_kind == ObjKind::Instance &&
        !vm::user_type_lookup(cls, vm_.intern("__setattr__").as<vm::StrObject>())) {
      class_guards(cls);
      return alloc_instance(cls);
    }
  }
  const NativeInfo& info = natives_.classify(vm_, nat);
  size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
  size_t npos = args.size() - nkw;
  const vm::TupleObject* kw = nkw ? kwnames.as<vm::TupleObject>() : nullptr;
  switch (info.cls) {
    case NativeClass::Break: stop(info.reason, info.label);
    case NativeClass::Pure: return call_pure(Value::borrow(const_cast<NativeObject*>(nat)), info.label, args, kwnames);
    case NativeClass::Metadata: {
      if (info.label == "Tensor.storage_offset" && nkw == 0 && args.size() == 1 && args[0].is_tensor()) {
        // The guards do not pin offsets (a view at another offset reuses the
        // graph): the offset is a graph value, read when the graph runs, and
        // pinned by STORAGE_OFFSET guards only if Python code uses it.
        Value r = vm::make_int(vm_, torch::tensor_of(args[0].ex).offset);
        Node n;
        n.op = GraphOp::Call;
        n.callee = Value::borrow(const_cast<NativeObject*>(nat));
        n.label = info.label;
        n.in = {reg_of(args[0])};
        offsets_read_ = true;
        return ref(add_node(std::move(n), r), r);
      }
      if (info.label == "Tensor.size" && nkw == 0 && !args.empty() && dynamic_dims_of(args[0])) {
        if (args.size() == 1) return shape_sym(args[0]);
        int64_t d;
        if (args.size() == 2 && args[1].is_const() && vm::int_value(args[1].ex, &d)) return dim_sym(args[0], d);
      }
      for (auto& a : args) a = concretize(a);
      static const std::set<std::string> kSizeFree = {"Tensor.dim", "Tensor.ndimension", "Tensor.is_floating_point",
                                                       "Tensor.is_complex", "Tensor.element_size", "Tensor.get_device",
                                                       "Tensor.is_contiguous", "torch.is_tensor",
                                                       "torch.is_floating_point", "torch.is_complex"};
      if (!kSizeFree.count(info.label))
        for (auto& a : args)
          if (a.kind == SymKind::Ref) size_read();
      std::vector<Value> ex;
      for (auto& a : args) ex.push_back(example_of(a));
      Value r = checked(nat->fn(vm_, vm::CallArgs{ex.data(), npos, kw}, nat->data), info.label);
      if (torch::is_tensor(r)) stop(BreakReason::UnsupportedValue, info.label + " returned a tensor");
      return Sym::constant(r);
    }
    case NativeClass::Graph: {
      // torch._kiln_name_grad_fn names the grad_fn of a tensor that has one;
      // on one without, it is the identity (no node, nothing for fusion to
      // step around).
      if (info.label == "torch._kiln_name_grad_fn" && args.size() == 2 && args[0].is_tensor() &&
          !torch::var_of(args[0].ex).grad_fn())
        return args[0];
      std::vector<Value> ex;
      for (auto& a : args) {
        ex.push_back(example_of(a));
        if (is_symnum(a) && a.ex.is_double()) floats_to_calls_ = true;
      }
      Value r = checked(nat->fn(vm_, vm::CallArgs{ex.data(), npos, kw}, nat->data), info.label);
      Node n;
      n.op = GraphOp::Call;
      n.callee = Value::borrow(const_cast<NativeObject*>(nat));
      n.kwnames = nkw ? kwnames : Value();
      n.label = info.label;
      for (auto& a : args) n.in.push_back(reg_of(a));
      int id = add_node(std::move(n), r);
      return node_result(id, r, info.label);
    }
  }
  stop(BreakReason::UnknownNative, info.label);
}

Sym Tracer::call_pure(const Value& callee, const std::string& label, std::vector<Sym>& args, const Value& kwnames) {
  if (!(label == "len" && args.size() == 1))
    for (auto& a : args) a = concretize(a);
  bool consts = true;
  for (auto& a : args) consts = consts && a.is_const();
  size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
  auto items_of = [&](const Sym& s) { return drain(s); };
  if (nkw == 0 && args.size() == 1 && (label == "len") && !consts) {
    if (Sym r; subclass_dunder(args[0], "__len__", {}, &r)) return r;
    if (args[0].kind == SymKind::Seq) return Sym::constant(vm::make_int(vm_, int64_t(args[0].seq->items.size())));
    if (is_dict_obj(args[0])) return Sym::constant(vm::make_int(vm_, int64_t(dict_keys(args[0]).size())));
    if (args[0].kind == SymKind::Map) return Sym::constant(vm::make_int(vm_, int64_t(args[0].map->items.size())));
    if (Sym r; call_dunder(args[0], "__len__", {}, &r)) return r;
    if (dynamic_dims_of(args[0]) & 1) return dim_sym(args[0], 0);
    size_read();
    int64_t n;
    if (!vm::length(vm_, example_of(args[0]), &n)) checked(Value(), "len()");
    return Sym::constant(vm::make_int(vm_, n));
  }
  if (nkw == 0 && (label == "isinstance" || label == "type") && !consts) {
    std::vector<Value> ex;
    for (auto& a : args) ex.push_back(example_of(a));
    return Sym::constant(checked(vm_.call(callee, ex.data(), ex.size()), label));
  }
  if (nkw == 0 && !consts && label == "iter" && args.size() == 1) return iterate(args[0]);
  if (nkw == 0 && !consts && (label == "list" || label == "tuple") && args.size() == 1)
    return seq_of(items_of(args[0]), label == "list");
  if (nkw == 0 && !consts && label == "reversed" && args.size() == 1) {
    if (args[0].kind != SymKind::Seq) stop(BreakReason::UnsupportedCall, "reversed() of something other than a list or tuple");
    refuse_overrides(args[0], {"__reversed__", "__len__", "__getitem__"}, "reversed()");
    Sym it;
    it.kind = SymKind::Iter;
    it.iter = std::make_shared<IterData>();
    it.iter->items = args[0].seq->items;
    std::reverse(it.iter->items.begin(), it.iter->items.end());
    if (args[0].seq->is_list) {
      it.iter->watch_list = args[0].seq;
      it.iter->watch_version = args[0].seq->version;
    }
    return it;
  }
  if (nkw == 0 && !consts && (label == "enumerate" || label == "zip")) {
    // Lazy, as the builtins: each step takes the next item of each iterator.
    Sym it;
    it.kind = SymKind::Iter;
    it.iter = std::make_shared<IterData>();
    if (label == "enumerate") {
      if (args.empty() || args.size() > 2 || (args.size() == 2 && (!args[1].is_const() || !vm::int_value(args[1].ex, &it.iter->count))))
        stop(BreakReason::UnsupportedCall, "enumerate() with these arguments");
      it.iter->kind = IterData::Enumerate;
      it.iter->children.push_back(iterate(args[0]));
    } else {
      it.iter->kind = IterData::Zip;
      for (auto& a : args) it.iter->children.push_back(iterate(a));
    }
    return it;
  }
  if (nkw == 0 && !consts && label == "sum" && args.size() == 1) {
    Sym acc = Sym::constant(vm::make_int(vm_, 0));
    for (auto& x : items_of(args[0])) acc = binary(vm::BinOpKind::Add, acc, x, false);
    return acc;
  }
  if (nkw == 0 && !consts && label == "abs" && args.size() == 1 && args[0].is_tensor()) {
    Value r = checked(vm_.call1(callee, args[0].ex), "abs");
    Node n;
    n.op = GraphOp::Call;
    n.callee = callee;
    n.label = "abs";
    n.in = {reg_of(args[0])};
    int id = add_node(std::move(n), r);
    return node_result(id, r, "abs");
  }
  // What follows reads containers as the builtins (examples are plain
  // lists and tuples): a subclass with its own protocol stops here.
  if (label != "isinstance" && label != "type")
    for (auto& a : args)
      if (user_subclass(a) && overrides_protocol(a))
        stop(BreakReason::UnsupportedValue, fmt::format("{}() of a '{}', which defines its own container methods", label,
                                                        vm::str_view(user_subclass(a)->name)));
  // Tuples, lists and dicts made in the trace from constants only are
  // constants too, for a pure builtin (sorted(d.keys()), max([1, 2])...).
  std::function<bool(const Sym&)> all_const = [&](const Sym& x) -> bool {
    if (x.kind == SymKind::Const) return true;
    if (x.kind == SymKind::Seq) {
      for (auto& it : x.seq->items)
        if (!all_const(it)) return false;
      return true;
    }
    if (x.kind == SymKind::Map) {
      for (auto& kv : x.map->items)
        if (!all_const(kv.second)) return false;
      return true;
    }
    return false;
  };
  if (!consts) {
    bool folded = true;
    for (auto& a : args) folded = folded && all_const(a);
    if (!folded) {
      for (auto& a : args)
        if (a.is_tensor()) stop(BreakReason::DataDependentScalar, label + "() of a tensor");
      stop(BreakReason::UnsupportedValue, label + "() of these values");
    }
  }
  std::vector<Value> ex;
  for (auto& a : args) ex.push_back(example_of(a));
  Value r = checked(vm_.call(callee, ex.data(), ex.size() - nkw, nkw ? kwnames.as<vm::TupleObject>() : nullptr), label);
  if (vm::is_kind(r, ObjKind::List)) {
    std::vector<Sym> items;
    for (auto& x : r.as<vm::ListObject>()->items) items.push_back(Sym::constant(x));
    return seq_of(std::move(items), true);
  }
  if (vm::is_kind(r, ObjKind::Iterator) || vm::is_kind(r, ObjKind::Generator)) {
    Value l = checked(vm::sequence_to_list(vm_, r), label);
    Sym it;
    it.kind = SymKind::Iter;
    it.iter = std::make_shared<IterData>();
    for (auto& x : l.as<vm::ListObject>()->items) it.iter->items.push_back(Sym::constant(x));
    return it;
  }
  return Sym::constant(r);
}

Sym Tracer::call_list_method(const NativeObject* nat, std::vector<Sym>& args) {
  Sym self = args[0];
  std::string_view name = nat->name ? nat->name : "";
  bool mutating = name == "append" || name == "extend" || name == "pop" || name == "insert" || name == "clear" ||
                  name == "reverse";
  if (mutating && self.seq->from_source) before_source_list_change(self);
  if (mutating) touch(self.seq);
  Sym r = list_method(name, self, args);
  if (mutating && self.seq->from_source) sync_source_list(self);
  return r;
}

Sym Tracer::list_method(std::string_view name, const Sym& self, std::vector<Sym>& args) {
  auto& items = self.seq->items;
  if (name == "append" && args.size() == 2) {
    items.push_back(args[1]);
    return Sym::constant(Value::none());
  }
  if (name == "extend" && args.size() == 2) {
    auto more = drain(args[1]);
    items.insert(items.end(), more.begin(), more.end());
    return Sym::constant(Value::none());
  }
  if (name == "pop" && args.size() <= 2) {
    int64_t i = -1;
    if (args.size() == 2 && (!args[1].is_const() || !vm::int_value(args[1].ex, &i)))
      stop(BreakReason::UnsupportedCall, "list.pop with this index");
    if (i < 0) i += int64_t(items.size());
    if (i < 0 || i >= int64_t(items.size())) stop(BreakReason::ExceptionInTrace, "pop from empty list or index out of range");
    Sym r = items[size_t(i)];
    items.erase(items.begin() + i);
    return r;
  }
  if (name == "insert" && args.size() == 3 && args[1].is_const()) {
    int64_t i = 0;
    if (!vm::int_value(args[1].ex, &i)) stop(BreakReason::UnsupportedCall, "list.insert with this index");
    int64_t n = int64_t(items.size());
    if (i < 0) i = std::max<int64_t>(0, i + n);
    i = std::min(i, n);
    items.insert(items.begin() + i, args[2]);
    return Sym::constant(Value::none());
  }
  if (name == "clear" && args.size() == 1) {
    items.clear();
    return Sym::constant(Value::none());
  }
  if (name == "reverse" && args.size() == 1) {
    std::reverse(items.begin(), items.end());
    return Sym::constant(Value::none());
  }
  stop(BreakReason::UnsupportedCall, fmt::format("list.{}", name));
}

Sym Tracer::call_map_method(const NativeObject* nat, std::vector<Sym>& args) {
  std::string_view name = nat->name ? nat->name : "";
  const Sym& m = args[0];
  if ((name == "items" || name == "keys" || name == "values") && args.size() == 1) {
    std::vector<Sym> out;
    for (auto& [k, v] : m.map->items) {
      if (name == "keys") out.push_back(Sym::constant(k));
      else if (name == "values") out.push_back(v);
      else out.push_back(seq_of({Sym::constant(k), v}));
    }
    return seq_of(std::move(out));
  }
  if (name == "get" && (args.size() == 2 || args.size() == 3)) {
    int i = map_find(*m.map, args[1]);
    if (i >= 0) return m.map->items[size_t(i)].second;
    return args.size() == 3 ? args[2] : Sym::constant(Value::none());
  }
  if (name == "pop" && (args.size() == 2 || args.size() == 3)) {
    int i = map_find(*m.map, args[1]);
    if (i < 0) {
      if (args.size() == 3) return args[2];
      return map_get(m, args[1]);  // raises KeyError
    }
    touch(m.map);
    Sym v = m.map->items[size_t(i)].second;
    m.map->items.erase(m.map->items.begin() + i);
    return v;
  }
  if (name == "setdefault" && (args.size() == 2 || args.size() == 3)) {
    int i = map_find(*m.map, args[1]);
    if (i >= 0) return m.map->items[size_t(i)].second;
    Sym d = args.size() == 3 ? args[2] : Sym::constant(Value::none());
    map_set(m, args[1], d);
    return d;
  }
  if (name == "copy" && args.size() == 1) {
    Sym c = new_map();
    c.map->items = m.map->items;
    return c;
  }
  if (name == "__contains__" && args.size() == 2) return Sym::constant(Value::boolean(map_find(*m.map, args[1]) >= 0));
  stop(BreakReason::UnsupportedCall, fmt::format("dict.{}", name));
}

Sym Tracer::call_set_method(const NativeObject* nat, std::vector<Sym>& args, const Value& kwnames) {
  std::string_view name = nat->name ? nat->name : "";
  const Sym& m = args[0];
  if (name == "add" && args.size() == 2) {
    map_set(m, concretize(args[1]), Sym::constant(Value::none()));
    return Sym::constant(Value::none());
  }
  if ((name == "discard" || name == "remove") && args.size() == 2) {
    int i = map_find(*m.map, concretize(args[1]));
    if (i < 0) {
      if (name == "remove") checked(Value(vm_.raise(vm::Exc::KeyError, "set.remove")), "set.remove");
      return Sym::constant(Value::none());
    }
    touch(m.map);
    m.map->items.erase(m.map->items.begin() + i);
    return Sym::constant(Value::none());
  }
  if (name == "update" && args.size() == 2) {
    for (auto& x : drain(args[1])) map_set(m, concretize(x), Sym::constant(Value::none()));
    return Sym::constant(Value::none());
  }
  if (name == "clear" && args.size() == 1) {
    touch(m.map);
    m.map->items.clear();
    return Sym::constant(Value::none());
  }
  // Anything else that does not change the set (union, issubset, copy...):
  // computed on the constants.
  static const std::set<std::string> kReading = {"union", "intersection", "difference", "symmetric_difference",
                                                 "issubset", "issuperset", "isdisjoint", "copy", "__contains__"};
  if (!kReading.count(std::string(name))) stop(BreakReason::UnsupportedCall, fmt::format("set.{}", name));
  if (name == "__contains__" && args.size() == 2) return Sym::constant(Value::boolean(map_find(*m.map, args[1]) >= 0));
  for (auto& a : args)
    if (set_has_tensors(a)) stop(BreakReason::UnsupportedCall, fmt::format("set.{} on a set of tensors", name));
  std::vector<Value> ex;
  for (auto& a : args) ex.push_back(example_of(concretize(a)));
  size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
  Value r = checked(nat->fn(vm_, vm::CallArgs{ex.data(), ex.size() - nkw, nkw ? kwnames.as<vm::TupleObject>() : nullptr},
                           nat->data),
                    fmt::format("set.{}", name));
  if (vm::is_kind(r, ObjKind::Set)) return set_of(r);
  if (!is_immutable_const(r)) stop(BreakReason::UnsupportedValue, fmt::format("the result of set.{}", name));
  return Sym::constant(r);
}

Sym Tracer::call_dict_method(const NativeObject* nat, std::vector<Sym>& args) {
  std::string_view name = nat->name ? nat->name : "";
  const Sym& d = args[0];
  if ((name == "items" || name == "keys" || name == "values") && args.size() == 1) {
    std::vector<Sym> out;
    for (const Value& k : dict_keys(d)) {
      if (name == "keys") out.push_back(Sym::constant(k));
      else if (name == "values") out.push_back(dict_item(d, k));
      else out.push_back(seq_of({Sym::constant(k), dict_item(d, k)}, false));
    }
    return seq_of(std::move(out), false);
  }
  Value key;
  if (name == "get" && (args.size() == 2 || args.size() == 3) && key_value(args[1], &key)) {
    std::vector<Value> keys = dict_keys(d);
    for (const Value& k : keys)
      if (same_key(k, key)) return dict_item(d, k);
    return args.size() == 3 ? args[2] : Sym::constant(Value::none());
  }
  if (name == "__contains__" && args.size() == 2 && key_value(args[1], &key)) {
    for (const Value& k : dict_keys(d))
      if (same_key(k, key)) return Sym::constant(Value::boolean(true));
    return Sym::constant(Value::boolean(false));
  }
  if (name == "pop" && (args.size() == 2 || args.size() == 3) && args[1].is_const() && plain_key(args[1].ex)) {
    bool has = false;
    for (const Value& k : dict_keys(d)) has = has || same_key(k, args[1].ex);
    if (!has && args.size() == 3) return args[2];
    Sym v = has ? dict_item(d, args[1].ex) : Sym();
    dict_delete(d, args[1]);  // raises KeyError when missing
    return v;
  }
  if (name == "update" && args.size() == 2) {
    // d.update(other) of a dict (made in the trace or read from outside)
    // with str keys: one store per item, in order.
    std::vector<std::pair<Sym, Sym>> items;
    if (args[1].kind == SymKind::Map && !args[1].map->is_set) {
      for (auto& [k, v] : args[1].map->items) items.emplace_back(Sym::constant(k), v);
    } else if (is_dict_obj(args[1])) {
      for (const Value& k : dict_keys(args[1])) items.emplace_back(Sym::constant(k), dict_item(args[1], k));
    } else {
      stop(BreakReason::SideEffect, "dict.update with something other than a dict, on a dict from outside the traced function");
    }
    for (auto& [k, v] : items) dict_store(d, k, v);
    return Sym::constant(Value::none());
  }
  stop(BreakReason::SideEffect, fmt::format("dict.{} on a dict from outside the traced function", name));
}

Sym Tracer::call(Frame& f, const Sym& callee, std::vector<Sym>& args, const Value& kwnames) {
  if (callee.kind == SymKind::Func) {
    auto& fd = *callee.func;
    return inline_call(f, fd.code.as<CodeObject>(), fd.defaults, Value::none(), fd.globals, &fd.closure, nullptr, args,
                       kwnames);
  }
  if (callee.kind == SymKind::Method) {
    std::vector<Sym> all{*callee.recv};
    all.insert(all.end(), args.begin(), args.end());
    if (vm::is_kind(callee.ex, ObjKind::Function)) return call(f, Sym::constant(callee.ex), all, kwnames);
    if (vm::is_object_native(vm_, callee.ex) && callee.ex.as<NativeObject>()->name &&
        std::string_view(callee.ex.as<NativeObject>()->name) == "__init__" && all.size() == 1 &&
        !vm::is_kind(kwnames, ObjKind::Tuple))
      return Sym::constant(Value::none());  // super().__init__() reaching object's
    if (Sym r; object_setattr_call(callee.ex, all, kwnames, &r)) return r;
    if (is_dict_obj(*callee.recv)) return call_dict_method(callee.ex.as<NativeObject>(), all);
    return call_native(callee.ex.as<NativeObject>(), all, kwnames);
  }
  if (is_instance_obj(callee)) {
    vm::TypeObject* t = callee.ex.as_object()->type;
    Value c = vm::type_lookup(t, vm_.intern("__call__").as<vm::StrObject>());
    if (!vm::is_kind(c, ObjKind::Function)) stop(BreakReason::UnsupportedCall, fmt::format("calling a '{}'", vm::type_name(vm_, callee.ex)));
    auto* cc = c.as<FunctionObject>()->code.as<CodeObject>();
    if (vm::str_view(cc->qualname) == "Module.__call__" &&
        vm::str_view(cc->filename).ends_with("torch/nn/modules/module.py")) {
      // nn.Module.__call__ without hooks is self.forward(*args, **kwargs)
      // (TorchDynamo inlines it the same way).
      if (truth(load_attr(callee, vm_.intern("_forward_hooks").as<vm::StrObject>())) ||
          truth(load_attr(callee, vm_.intern("_forward_pre_hooks").as<vm::StrObject>())))
        stop(BreakReason::UnsupportedCall, "a module with forward hooks");
      return call(f, load_attr(callee, vm_.intern("forward").as<vm::StrObject>()), args, kwnames);
    }
    std::vector<Sym> all{callee};
    all.insert(all.end(), args.begin(), args.end());
    return call(f, Sym::constant(c), all, kwnames);
  }
  if (!callee.is_const()) stop(BreakReason::UnsupportedCall, "calling a value computed in the graph");
  const Value& c = callee.ex;
  if (vm::is_kind(c, ObjKind::Native)) {
    auto* nat = c.as<NativeObject>();
    if (Sym r; object_setattr_call(c, args, kwnames, &r)) return r;
    if (Sym r; attr_builtin_call(c, args, kwnames, &r)) return r;
    if (!args.empty() && is_dict_obj(args[0]) && nat->owner.is_object() &&
        vm::is_kind(nat->owner, ObjKind::Type) && nat->owner.as<vm::TypeObject>() == vm_.types.dict)
      return call_dict_method(nat, args);
    if (!args.empty() && args[0].kind == SymKind::Map && nat->owner.is_object() &&
        vm::is_kind(nat->owner, ObjKind::Type) && nat->owner.as<vm::TypeObject>() == vm_.types.dict)
      return call_map_method(nat, args);
    if (!args.empty() && args[0].kind == SymKind::Map && args[0].map->is_set && nat->owner.is_object() &&
        vm::is_kind(nat->owner, ObjKind::Type) && nat->owner.as<vm::TypeObject>() == vm_.types.set)
      return call_set_method(nat, args, kwnames);
    if (nat->fn == torch::compiled_call) {
      // A torch.compile'd function called from traced code: inlined.
      Sym inner = Sym::constant(nat->data.as<vm::TupleObject>()->items[0]);
      return call(f, inner, args, kwnames);
    }
    if (nat->fn == torch::disabled_call) stop(BreakReason::CompilerDisabled, nat->name);
    if (nat->fn == torch::is_compiling_native && args.empty()) return Sym::constant(Value::boolean(true));
    if (!args.empty() && args[0].kind == SymKind::Iter && args.size() <= 2 && !vm::is_kind(kwnames, ObjKind::Tuple) &&
        c.bits() == vm::dict_get_str(vm_.builtins_dict.as<vm::DictObject>(), vm_.intern("next").as<vm::StrObject>()).bits()) {
      // next(it[, default]) on an iterator the trace models.
      if (Sym x; iter_next(args[0], &x)) return x;
      if (args.size() == 2) return args[1];
      checked(Value(vm_.raise(vm::Exc::StopIteration, "")), "next()");
    }
    if (!args.empty() && args[0].kind == SymKind::Seq && args[0].seq->is_list && nat->owner.bits() == Value::borrow(vm_.types.list).bits())
      return call_list_method(nat, args);
    return call_native(nat, args, kwnames);
  }
  if (vm::is_kind(c, ObjKind::Function)) {
    auto* fn = c.as<FunctionObject>();
    // Its code and defaults are read as they are now: a FUNC_VERSION guard
    // sees them replaced.
    guard(GuardKind::FuncVersion, -1, c, int64_t(fn->version));
    return inline_call(f, fn->code.as<CodeObject>(), fn->defaults, fn->kwdefaults, fn->globals, nullptr, fn, args,
                       kwnames);
  }
  if (vm::is_kind(c, ObjKind::Type)) {
    auto* t = c.as<vm::TypeObject>();
    if (Sym g; grad_ctx_call(t, args, kwnames, &g)) return g;
    if (probing_ && vm::type_is_builtin(t) && vm::is_subtype(t, vm_.exc_type(vm::Exc::BaseException)) &&
        !vm::is_kind(kwnames, ObjKind::Tuple)) {
      // A builtin exception to raise (`raise AttributeError(msg)` in a
      // __getattr__ hasattr is asking): made now (no effects), a constant.
      // Elsewhere the trace breaks at the constructor, and the interpreter
      // makes and raises it after the graph so far.
      std::vector<Value> ex;
      for (auto& a : args) {
        Sym k = concretize(a);
        if (!k.is_const() || !is_immutable_const(k.ex)) stop(BreakReason::UnsupportedValue, "an exception made of these values");
        ex.push_back(k.ex);
      }
      return Sym::constant(checked(vm_.call(c, ex.data(), ex.size()), "exception"));
    }
    if (t == vm_.types.super && !vm::is_kind(kwnames, ObjKind::Tuple)) return make_super(f, args);
    if (Sym o; new_instance(f, t, args, kwnames, &o)) return o;
    if (t == vm_.types.dict) {
      // dict(), dict(mapping or pairs), dict(..., **kw): a dict made in the trace.
      size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
      size_t npos = args.size() - nkw;
      if (npos > 1) checked(Value(vm_.raisef(vm::Exc::TypeError, "dict expected at most 1 argument, got %zu", npos)), "dict()");
      Sym m = new_map();
      if (npos == 1) {
        if (args[0].kind == SymKind::Map || is_dict_obj(args[0])) {
          for (auto& [k, v] : mapping_items(args[0], "dict()")) map_set(m, Sym::constant(k), v);
        } else {
          for (auto& pair : drain(args[0])) {
            std::vector<Sym> kv = unpack(pair, 2);
            map_set(m, concretize(kv[0]), kv[1]);
          }
        }
      }
      for (size_t k = 0; k < nkw; k++) map_set(m, Sym::constant(kwnames.as<vm::TupleObject>()->items[k]), args[npos + k]);
      return m;
    }
    if (t == vm_.types.set && !vm::is_kind(kwnames, ObjKind::Tuple) && args.size() <= 1) {
      Sym m = new_map();
      m.map->is_set = true;
      if (args.size() == 1)
        for (auto& x : drain(args[0])) map_set(m, concretize(x), Sym::constant(Value::none()));
      return m;
    }
    std::string name(vm::str_view(t->name));
    bool torch_type = vm_.torch_state && (t == torch::torch_state(vm_).size_type || t == torch::torch_state(vm_).dtype_type ||
                                          t == torch::torch_state(vm_).device_type);
    static const std::set<std::string> kPureTypes = {"int", "float", "bool", "str", "tuple", "list", "range",
                                                     "enumerate", "zip", "reversed", "slice", "type"};
    if ((vm::type_is_builtin(t) && kPureTypes.count(name)) || torch_type) return call_pure(c, name, args, kwnames);
    stop(BreakReason::UnsupportedCall, fmt::format("constructing a '{}'", name));
  }
  if (vm::is_kind(c, ObjKind::BoundMethod)) {
    auto* bm = c.as<vm::BoundMethodObject>();
    if (vm::is_kind(bm->func, ObjKind::Native) && is_immutable_const(bm->self)) {
      std::vector<Sym> all{Sym::constant(bm->self)};
      all.insert(all.end(), args.begin(), args.end());
      return call_native(bm->func.as<NativeObject>(), all, kwnames);
    }
  }
  stop(BreakReason::UnsupportedCall, fmt::format("calling a '{}'", vm::type_name(vm_, c)));
}

Sym Tracer::inline_call(Frame& caller, CodeObject* code, const Value& defaults, const Value& kwdefaults,
                        const Value& globals, const std::vector<std::shared_ptr<CellData>>* closure,
                        FunctionObject* real_fn, std::vector<Sym>& args, const Value& kwnames) {
  if (code->flags & vm::kCodeNoTrace)
    stop(BreakReason::CompilerDisabled, std::string(vm::str_view(code->qualname)) + " (recursive=False)");
  if ((code->flags & vm::kCodeGenerator) && opts_.no_inline_generators &&
      opts_.no_inline_generators->count(code))
    stop(BreakReason::UnsupportedCall, "a generator function whose body the tracer could not follow");
  if (caller.depth + 1 > lim_.max_inline_depth)
    stop(BreakReason::InlineDepth, fmt::format("deeper than {} calls", lim_.max_inline_depth));
  Frame f;
  f.co = code;
  f.globals = globals;
  f.depth = caller.depth + 1;
  f.outer_try = cur_try_;
  f.locals.assign(size_t(code->nlocals), Sym::unbound());
  size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
  size_t npos = args.size() - nkw;
  size_t argc = size_t(code->argcount);
  for (size_t i = 0; i < std::min(npos, argc); i++) f.locals[i] = args[i];
  size_t slot_varargs = argc + size_t(code->kwonlyargcount);
  if (code->flags & vm::kCodeVarargs) {
    Sym rest;
    rest.kind = SymKind::Seq;
    rest.seq = std::make_shared<SeqData>();
    for (size_t i = argc; i < npos; i++) rest.seq->items.push_back(args[i]);
    f.locals[slot_varargs] = rest;
  } else if (npos > argc) {
    stop(BreakReason::ExceptionInTrace, fmt::format("{}() takes {} positional arguments but {} were given",
                                                    vm::str_view(code->name), argc, npos));
  }
  // **kwargs: a dict made in the trace, the keywords no parameter takes.
  Sym kwmap;
  if (code->flags & vm::kCodeVarkeywords) {
    kwmap = new_map();
    f.locals[slot_varargs + ((code->flags & vm::kCodeVarargs) ? 1 : 0)] = kwmap;
  }
  for (size_t k = 0; k < nkw; k++) {
    const Value& kname = kwnames.as<vm::TupleObject>()->items[k];
    std::string_view kn = vm::str_view(kname);
    size_t i = 0;
    for (; i < argc + size_t(code->kwonlyargcount); i++)
      if (i >= size_t(code->posonlyargcount) && vm::str_view(code->varnames[i]) == kn) break;
    if (i == argc + size_t(code->kwonlyargcount) && kwmap.kind == SymKind::Map && map_find(*kwmap.map, Sym::constant(kname)) < 0) {
      kwmap.map->items.emplace_back(kname, args[npos + k]);
      continue;
    }
    if (i == argc + size_t(code->kwonlyargcount) || f.locals[i].kind != SymKind::Unbound)
      stop(BreakReason::ExceptionInTrace, fmt::format("bad keyword argument '{}'", kn));
    f.locals[i] = args[npos + k];
  }
  // A real function's defaults: constants whose identity says it all are
  // pinned by its FUNC_VERSION guard; a mutable one (a dict, a list) is read
  // through a source like any outside value, and so are keyword-only
  // defaults (their dict may change in place).
  size_t ndef = vm::is_kind(defaults, ObjKind::Tuple) ? defaults.as<vm::TupleObject>()->size : 0;
  for (size_t i = 0; i < argc; i++) {
    if (f.locals[i].kind != SymKind::Unbound) continue;
    if (i + ndef < argc) stop(BreakReason::ExceptionInTrace, "missing a required argument");
    size_t k = i - (argc - ndef);
    const Value& d = defaults.as<vm::TupleObject>()->items[k];
    f.locals[i] = !real_fn || pinned_by_identity(d)
                      ? Sym::constant(d)
                      : from_source(guards_.sources.add(Source{SourceKind::FuncDefault, const_source(Value::borrow(real_fn)),
                                                               int(k), Value(), Value()}),
                                    d);
  }
  for (size_t i = argc; i < argc + size_t(code->kwonlyargcount); i++) {
    if (f.locals[i].kind != SymKind::Unbound) continue;
    Value d = vm::is_kind(kwdefaults, ObjKind::Dict)
                  ? vm::dict_get_str(kwdefaults.as<vm::DictObject>(), code->varnames[i].as<vm::StrObject>())
                  : Value();
    if (d.is_empty()) stop(BreakReason::ExceptionInTrace, "missing a required keyword-only argument");
    f.locals[i] = !real_fn ? Sym::constant(d)
                           : from_source(guards_.sources.add(Source{SourceKind::FuncKwDefault,
                                                                    const_source(Value::borrow(real_fn)), 0,
                                                                    code->varnames[i], Value()}),
                                         d);
  }
  for (size_t i = 0; i < code->cellvars.size(); i++) {
    auto c = std::make_shared<CellData>();
    c->contents = code->cell2arg[i] >= 0 ? f.locals[size_t(code->cell2arg[i])] : Sym::unbound();
    f.cells.push_back(c);
  }
  for (size_t i = 0; i < code->freevars.size(); i++) {
    if (closure && i < closure->size()) {
      f.cells.push_back((*closure)[i]);
      continue;
    }
    // A real closure of an inlined function: its cells are read through
    // sources (their contents guarded as any outside value), and stores
    // into them are store_cell nodes.
    const Value& cl = real_fn ? real_fn->closure : Value();
    if (!vm::is_kind(cl, ObjKind::Tuple) || i >= cl.as<vm::TupleObject>()->size)
      stop(BreakReason::UnsupportedCall, "a function whose closure does not match its code");
    int cs = guards_.sources.add(Source{SourceKind::FuncCell, const_source(Value::borrow(real_fn)), int(i), Value(), Value()});
    f.cells.push_back(real_cell(cs, cl.as<vm::TupleObject>()->items[i]));
  }
  if (code->flags & vm::kCodeGenerator) {
    // A generator: its frame runs when items are taken (generator_next).
    Sym it;
    it.kind = SymKind::Iter;
    it.iter = std::make_shared<IterData>();
    it.iter->kind = IterData::Generator;
    it.iter->gen = std::make_shared<GenState>();
    it.iter->gen->frame = std::move(f);
    it.iter->gen->frame.generator = true;
    it.iter->gen->chain = call_chain_;
    it.iter->gen->chain.emplace_back(cur_co_, cur_line_);
    return it;
  }
  const CodeObject* saved_co = cur_co_;
  int saved_line = cur_line_;
  Frame* saved_frame = cur_frame_;
  call_chain_.emplace_back(cur_co_, cur_line_);
  struct Pop {
    std::vector<std::pair<const CodeObject*, int>>& v;
    ~Pop() { v.pop_back(); }
  } pop_chain{call_chain_};
  bool saved_try = cur_try_;
  Sym r = run_frame(f);
  cur_co_ = saved_co;
  cur_line_ = saved_line;
  cur_frame_ = saved_frame;
  cur_try_ = saved_try;
  return r;
}

// ================================================================ the loop
Sym Tracer::run_frame(Frame& f) {
  CodeObject* co = f.co;
  const auto& code = co->raw_code;
  auto& st = f.stack;
  auto pop = [&]() {
    Sym s = std::move(st.back());
    st.pop_back();
    return s;
  };
  for (;;) {
    count_insn();
    if (f.pc >= code.size()) stop(BreakReason::UnsupportedBytecode, "fell off the end of the code");
    uint32_t insn = code[f.pc];
    Op op = vm::decode_op(insn);
    uint32_t arg = vm::decode_arg(insn);
    cur_co_ = co;
    cur_line_ = co->line_of(f.pc);
    cur_frame_ = &f;
    if (f.depth == 0) {
      snap_.valid = true;
      snap_.pc = f.pc;
      snap_.stack = st;
      snap_.cells.clear();
      for (auto& c : f.cells) snap_.cells.push_back(c->contents);
      snap_.nodes = nodes_.size();
      undo_.clear();
      map_undo_.clear();
      const Region* r = region_at(f.pc);
      if (!r) {
        region_snap_.valid = false;
      } else if (f.pc == r->entry && !(region_snap_.valid && region_snap_.pc == r->entry)) {
        region_snap_.valid = true;
        region_snap_.pc = f.pc;
        region_snap_.stack = st;
        region_snap_.locals = f.locals;
        region_snap_.cells.clear();
        for (auto& c : f.cells) region_snap_.cells.push_back(c->contents);
        region_snap_.nodes = nodes_.size();
        region_undo_.clear();
        region_map_undo_.clear();
      }
    }
    uint32_t next = f.pc + 1;
    // Inside a try block the trace follows the normal path: its handlers are
    // not in the graph, so no node made there may raise when the graph
    // runs (add_node). Other with blocks break.
    cur_try_ = f.outer_try;
    for (const vm::ExcEntry& h : co->exc_table) {
      if (f.pc < h.start || f.pc >= h.end) continue;
      if (std::find(f.traced_with_starts.begin(), f.traced_with_starts.end(), h.start) != f.traced_with_starts.end()) continue;
      if (!is_try_block(co, h)) {
        // (A break here is the block's, not an instruction's: resuming
        // inside the block would break again at once.)
        block_break_ = true;
        if (!resumed_with(f)) stop(BreakReason::TryBlock, "code inside a with block");
        block_break_ = false;
        continue;
      }
      cur_try_ = true;
    }
    switch (op) {
      case Op::NOP:
      case Op::COPY_FREE_VARS: break;
      case Op::POP_TOP: pop(); break;
      case Op::ROT_TWO: std::swap(st[st.size() - 1], st[st.size() - 2]); break;
      case Op::ROT_THREE: {
        Sym top = pop();
        st.insert(st.end() - 2, std::move(top));
        break;
      }
      case Op::ROT_FOUR: {
        Sym top = pop();
        st.insert(st.end() - 3, std::move(top));
        break;
      }
      case Op::DUP_TOP: st.push_back(st.back()); break;
      case Op::DUP_TOP_TWO: {
        Sym a = st[st.size() - 2], b = st.back();
        st.push_back(a);
        st.push_back(b);
        break;
      }
      case Op::LOAD_CONST:
        // A resume function's prologue pushes the LOAD_METHOD marker as an Empty constant.
        st.push_back(co->consts[arg].is_empty() ? Sym() : Sym::constant(co->consts[arg]));
        break;
      case Op::LOAD_FAST: {
        const Sym& s = f.locals[arg];
        if (s.kind == SymKind::Unbound)
          stop(BreakReason::ExceptionInTrace, fmt::format("local variable '{}' referenced before assignment",
                                                          vm::str_view(co->varnames[arg])));
        st.push_back(s);
        break;
      }
      case Op::STORE_FAST: f.locals[arg] = pop(); break;
      case Op::DELETE_FAST: f.locals[arg] = Sym::unbound(); break;
      case Op::LOAD_DEREF: {
        const Sym& v = cell_load(f.cells[arg]);
        if (v.kind == SymKind::Unbound) stop(BreakReason::ExceptionInTrace, "free variable referenced before assignment");
        st.push_back(v);
        break;
      }
      case Op::STORE_DEREF: cell_store(f.cells[arg], pop()); break;
      case Op::LOAD_CLOSURE: {
        Sym s;
        s.kind = SymKind::Cell;
        s.cell = f.cells[arg];
        st.push_back(s);
        break;
      }
      case Op::LOAD_GLOBAL: {
        auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
        auto ov = global_overlay_.find({f.globals.as_object(), std::string(vm::str_view(Value::borrow(name)))});
        if (ov != global_overlay_.end()) {
          st.push_back(ov->second);
          break;
        }
        Value v = vm::dict_get_str(f.globals.as<vm::DictObject>(), name);
        if (v.is_empty()) v = vm::dict_get_str(vm_.builtins_dict.as<vm::DictObject>(), name);
        if (v.is_empty()) stop(BreakReason::ExceptionInTrace, fmt::format("name '{}' is not defined", vm::str_view(Value::borrow(name))));
        Source s{SourceKind::Global, -1, 0, Value::borrow(name), Value()};
        if (f.globals.bits() != fn_->globals.bits()) s.dict = f.globals;
        st.push_back(from_source(guards_.sources.add(s), v));
        break;
      }
      case Op::LOAD_ATTR: {
        auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
        Sym o = pop();
        st.push_back(load_attr(o, name));
        break;
      }
      case Op::LOAD_METHOD: {
        auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
        Sym o = pop();
        if (Value own = subclass_override(o, vm::str_view(Value::borrow(name))); own && vm::is_kind(own, ObjKind::Function)) {
          // A method a builtin subclass defines: bound to it and inlined.
          st.push_back(Sym::constant(own));
          st.push_back(o);
          break;
        }
        if (is_dict_obj(o) || o.kind == SymKind::Map) {
          Value m = vm::type_lookup(o.kind == SymKind::Map && o.map->is_set ? vm_.types.set : vm_.types.dict, name);
          if (!vm::is_kind(m, ObjKind::Native)) stop(BreakReason::UnsupportedValue, "this dict method");
          st.push_back(Sym::constant(m));
          st.push_back(o);
          break;
        }
        if (is_instance_obj(o) || o.kind == SymKind::Super) {
          Sym a = o.kind == SymKind::Super ? super_attr(o, name) : obj_attr(o, name);
          if (a.kind == SymKind::Method) {
            st.push_back(Sym::constant(a.ex));
            st.push_back(*a.recv);
          } else {
            st.push_back(Sym());
            st.push_back(a);
          }
          break;
        }
        Value e;
        if (o.kind == SymKind::Ref && o.tensor) e = o.ex;
        else if (o.kind == SymKind::Seq)
          e = Value::borrow(o.seq->is_list   ? vm_.types.list
                            : o.seq->is_size ? torch::torch_state(vm_).size_type
                                             : vm_.types.tuple);
        else if (o.is_const() && is_immutable_const(o.ex)) e = o.ex;
        if (e) {
          vm::TypeObject* t = vm::is_kind(e, ObjKind::Type) && o.kind == SymKind::Seq ? e.as<vm::TypeObject>()
                                                                                      : vm::type_of(vm_, e);
          Value m = vm::type_lookup(t, name);
          if (vm::is_kind(m, ObjKind::Native)) {
            st.push_back(Sym::constant(m));
            st.push_back(o);
            break;
          }
          if (o.kind == SymKind::Ref) stop(BreakReason::UnsupportedValue, fmt::format("tensor method {}", vm::str_view(Value::borrow(name))));
        }
        Sym nul;
        st.push_back(nul);
        st.push_back(load_attr(o, name));
        break;
      }
      case Op::CALL:
      case Op::CALL_METHOD:
      case Op::CALL_KW: {
        Value kwnames;
        if (op == Op::CALL_KW) kwnames = pop().ex;
        size_t n = arg;
        std::vector<Sym> args(st.end() - long(n), st.end());
        st.resize(st.size() - n);
        Sym callee;
        if (op == Op::CALL_METHOD) {
          Sym self = pop();
          Sym m = pop();
          if (m.kind == SymKind::Null) {
            callee = self;
          } else {
            callee = m;
            args.insert(args.begin(), self);
          }
        } else {
          callee = pop();
        }
        st.push_back(call(f, callee, args, kwnames));
        break;
      }
      case Op::CALL_EX: {
        // f(*args) / f(*args, **kwargs): the operands are a sequence (or the
        // call's own *a value) and a dict.
        Sym kw;
        if (arg & 1) kw = pop();
        Sym a = pop();
        Sym callee = pop();
        std::vector<Sym> args = drain(a);
        Value kwnames;
        if (arg & 1) {
          std::vector<std::pair<Value, Sym>> items = mapping_items(kw, "** unpacking");
          if (!items.empty()) {
            kwnames = vm::tuple_new(vm_, items.size());
            for (size_t i = 0; i < items.size(); i++) {
              if (!vm::is_str(items[i].first)) stop(BreakReason::UnsupportedCall, "** with keys that are not strings");
              kwnames.as<vm::TupleObject>()->items[i] = vm_.intern(vm::str_view(items[i].first));
              args.push_back(items[i].second);
            }
          }
        }
        st.push_back(call(f, callee, args, kwnames));
        break;
      }
      case Op::DICT_UPDATE:
      case Op::DICT_MERGE: {
        // {**a, ...} and f(x=1, **kw): the items of a dict made in the trace
        // or read from outside added to the dict being built (DICT_MERGE: a
        // repeated key is the TypeError CPython raises).
        Sym v = pop();
        Sym& m = st[st.size() - arg];
        if (m.kind != SymKind::Map || m.map->is_set) stop(BreakReason::UnsupportedValue, "dict update");
        for (auto& [k, val] : mapping_items(v, "** unpacking")) {
          Sym key = Sym::constant(k);
          if (op == Op::DICT_MERGE && map_find(*m.map, key) >= 0) {
            Value r = vm::repr(vm_, k);
            checked(Value(vm_.raisef(vm::Exc::TypeError, "got multiple values for keyword argument %s",
                                     r ? std::string(vm::str_view(r)).c_str() : "?")),
                    "** unpacking");
          }
          map_set(m, key, val);
        }
        break;
      }
      case Op::BINARY_OP:
      case Op::INPLACE_OP: {
        Sym b = pop(), a = pop();
        st.push_back(binary(vm::BinOpKind(arg), a, b, op == Op::INPLACE_OP));
        break;
      }
      case Op::UNARY_OP: {
        Sym a = pop();
        auto k = vm::UnaryOpKind(arg);
        if (is_symnum(a) && (k == vm::UnaryOpKind::USub || k == vm::UnaryOpKind::UAdd)) {
          // -lr: stays a graph value
          Value r = checked(vm::unary_op(vm_, k, a.ex), "unary operator");
          Node n;
          n.op = GraphOp::Unary;
          n.arg = int(k);
          n.label = kUnarySyms[arg];
          n.in = {reg_of(a)};
          st.push_back(ref(add_node(std::move(n), r), r));
          break;
        }
        a = concretize(a);
        if (a.is_const()) {
          st.push_back(Sym::constant(checked(vm::unary_op(vm_, k, a.ex), "unary operator")));
        } else if (k == vm::UnaryOpKind::Not) {
          st.push_back(Sym::constant(Value::boolean(!truth(a))));
        } else if (a.is_tensor()) {
          Value r = checked(vm::unary_op(vm_, k, a.ex), "unary operator");
          Node n;
          n.op = GraphOp::Unary;
          n.arg = int(k);
          n.label = kUnarySyms[arg];
          n.in = {reg_of(a)};
          int id = add_node(std::move(n), r);
          st.push_back(node_result(id, r, "unary operator"));
        } else {
          stop(BreakReason::UnsupportedValue, "unary operator on this value");
        }
        break;
      }
      case Op::COMPARE_OP: {
        Sym b = pop(), a = pop();
        auto k = vm::CmpOpKind(arg);
        for (const Sym* x : {&a, &b})
          refuse_overrides(*x, {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"}, "a comparison");
        if (Sym r; symint_compare(k, a, b, &r)) {
          st.push_back(r);
          break;
        }
        if (!a.is_tensor() && !b.is_tensor()) {  // a SymInt compared with a tensor stays in the graph
          a = concretize(a);
          b = concretize(b);
        }
        Value ca, cb;
        if (a.is_const() && b.is_const()) {
          st.push_back(Sym::constant(checked(vm::compare(vm_, k, a.ex, b.ex), "comparison")));
        } else if (!a.is_tensor() && !b.is_tensor() && constant_of(a, &ca) && constant_of(b, &cb)) {
          // Tuples and lists of constants and sizes (a shape check such as
          // tuple(x.shape[-1:]) != normalized_shape): decided while tracing.
          st.push_back(Sym::constant(checked(vm::compare(vm_, k, ca, cb), "comparison")));
        } else if (a.is_tensor() || b.is_tensor()) {
          Value ea = example_of(a), eb = example_of(b);
          Value r = checked(vm::compare(vm_, k, ea, eb), "comparison");
          if (!torch::is_tensor(r)) stop(BreakReason::DataDependentScalar, "a comparison of tensors that is not a tensor");
          Node n;
          n.op = GraphOp::Compare;
          n.arg = int(k);
          n.label = kCmpSyms[arg];
          n.in = {reg_of(a), reg_of(b)};
          int id = add_node(std::move(n), r);
          st.push_back(node_result(id, r, "comparison"));
        } else {
          stop(BreakReason::UnsupportedValue, "comparison of these values");
        }
        break;
      }
      case Op::IS_OP: {
        Sym b = pop(), a = pop();
        bool same = a.kind == b.kind || (a.kind == SymKind::Const && b.kind == SymKind::Ref) ||
                    (a.kind == SymKind::Ref && b.kind == SymKind::Const);
        same = same && identity(a) == identity(b) && identity(a) != nullptr;
        // Two values from different sources: `is` holds when the graph runs
        // only if it held while tracing.
        int sa = source_of(a), sb = source_of(b);
        if (sa >= 0 && sb >= 0 && sa != sb) alias_guard(sa, identity(a), sb, identity(b));
        st.push_back(Sym::constant(Value::boolean(same != (arg == 1))));
        break;
      }
      case Op::CONTAINS_OP: {
        Sym b = concretize(pop()), a = concretize(pop());
        int r = -1;
        if (Sym got; subclass_dunder(b, "__contains__", {a}, &got)) {
          r = truth(got);
        } else if (a.is_const() && b.is_const()) {
          r = vm::contains(vm_, b.ex, a.ex);
          if (r < 0) checked(Value(), "in");
        } else if (b.kind == SymKind::Map) {
          r = map_find(*b.map, a) >= 0;
        } else if (Value key; is_dict_obj(b) && key_value(a, &key)) {
          r = 0;
          for (const Value& k : dict_keys(b))
            if (same_key(k, key)) r = 1;
        } else if (a.is_const() && b.kind == SymKind::Seq) {
          r = 0;
          for (auto& it : b.seq->items) {
            if (!it.is_const()) stop(BreakReason::UnsupportedValue, "'in' over a sequence holding tensors");
            int e = vm::equals(vm_, a.ex, it.ex);
            if (e < 0) checked(Value(), "in");
            if (e == 1) {
              r = 1;
              break;
            }
          }
        } else {
          stop(BreakReason::DataDependentScalar, "'in' with a tensor");
        }
        st.push_back(Sym::constant(Value::boolean((r == 1) != (arg == 1))));
        break;
      }
      case Op::BINARY_SUBSCR: {
        Sym k = pop(), c = pop();
        st.push_back(getitem(c, k));
        break;
      }
      case Op::STORE_SUBSCR: {
        Sym k = pop(), c = pop(), v = pop();
        if (Sym r; subclass_dunder(c, "__setitem__", {k, v}, &r)) {
          // a builtin subclass's own __setitem__, inlined
        } else if (c.is_tensor()) {
          Value ek = example_of(k), ev = example_of(v);
          if (torch::is_tensor(ek) && torch::tensor_of(ek).dtype == torch::DType::Bool) {
            // a[mask] = v keeps a's shape: a fixed-shape side effect, fine.
          }
          if (!vm::setitem(vm_, c.ex, ek, ev)) checked(Value(), "item assignment");
          Node n;
          n.op = GraphOp::SetItem;
          n.label = "setitem";
          n.in = {reg_of(c), reg_of(k), reg_of(v)};
          add_node(std::move(n), Value::none());
        } else if (c.kind == SymKind::Map) {
          map_set(c, k, v);
        } else if (is_dict_obj(c)) {
          dict_store(c, k, v);
        } else if (c.kind == SymKind::Seq && c.seq->is_list && k.is_const()) {
          int64_t i;
          if (!vm::int_value(k.ex, &i)) stop(BreakReason::UnsupportedValue, "list assignment with a non-int index");
          auto& items = c.seq->items;
          if (i < 0) i += int64_t(items.size());
          if (i < 0 || i >= int64_t(items.size())) stop(BreakReason::ExceptionInTrace, "list assignment index out of range");
          if (c.seq->from_source) before_source_list_change(c);
          touch(c.seq);
          items[size_t(i)] = v;
          if (c.seq->from_source) sync_source_list(c);
        } else {
          stop(BreakReason::SideEffect, "item assignment to a value from outside the graph");
        }
        break;
      }
      case Op::DELETE_SUBSCR: {
        Sym k = pop(), c = pop();
        if (Sym r; subclass_dunder(c, "__delitem__", {k}, &r)) {
          // a builtin subclass's own __delitem__, inlined
        } else if (is_dict_obj(c)) {
          dict_delete(c, k);
        } else if (c.kind == SymKind::Map && !c.map->is_set) {
          int i = map_find(*c.map, k);
          if (i < 0) map_get(c, k);  // raises KeyError
          touch(c.map);
          c.map->items.erase(c.map->items.begin() + i);
        } else {
          stop(BreakReason::SideEffect, "item deletion (only from dicts)");
        }
        break;
      }
      case Op::BUILD_TUPLE:
      case Op::BUILD_LIST: {
        std::vector<Sym> items(st.end() - long(arg), st.end());
        st.resize(st.size() - arg);
        bool consts = op == Op::BUILD_TUPLE;
        for (auto& it : items) consts = consts && it.is_const() && is_immutable_const(it.ex);
        if (consts) {
          Value t = vm::tuple_new(vm_, items.size());
          for (size_t i = 0; i < items.size(); i++) t.as<vm::TupleObject>()->items[i] = items[i].ex;
          st.push_back(Sym::constant(t));
        } else {
          Sym s;
          s.kind = SymKind::Seq;
          s.seq = std::make_shared<SeqData>();
          s.seq->is_list = op == Op::BUILD_LIST;
          s.seq->items = std::move(items);
          st.push_back(s);
        }
        break;
      }
      case Op::LIST_TO_TUPLE: {
        Sym l = pop();
        if (l.kind != SymKind::Seq) stop(BreakReason::UnsupportedValue, "list to tuple");
        Sym s;
        s.kind = SymKind::Seq;
        s.seq = std::make_shared<SeqData>();
        s.seq->items = l.seq->items;
        st.push_back(s);
        break;
      }
      case Op::LIST_APPEND:
      case Op::LIST_EXTEND: {
        // (LIST_EXTEND's argument may carry vm::kCallArgsFlag, for its
        // error message: the depth is the low 16 bits.)
        uint32_t depth = op == Op::LIST_EXTEND ? arg & 0xffff : arg;
        if (depth == 0 || st.size() < size_t(depth) + 1)
          stop(BreakReason::UnsupportedBytecode, fmt::format("internal: {} with {} values on the traced stack at pc {} of {}",
                                                             vm::op_name(op), st.size(), f.pc, vm::str_view(co->qualname)));
        Sym v = pop();
        Sym& l = st[st.size() - depth];
        if (l.kind != SymKind::Seq || !l.seq->is_list) stop(BreakReason::UnsupportedValue, "list append");
        touch(l.seq);
        if (op == Op::LIST_APPEND) {
          l.seq->items.push_back(v);
        } else {
          auto more = drain(v);
          l.seq->items.insert(l.seq->items.end(), more.begin(), more.end());
        }
        break;
      }
      case Op::BUILD_MAP: {
        std::vector<Sym> kv(st.end() - long(2 * arg), st.end());
        st.resize(st.size() - 2 * arg);
        Sym m = new_map();
        for (size_t i = 0; i < arg; i++) map_set(m, kv[2 * i], kv[2 * i + 1]);
        st.push_back(m);
        break;
      }
      case Op::BUILD_SET: {
        std::vector<Sym> items(st.end() - long(arg), st.end());
        st.resize(st.size() - arg);
        Sym m = new_map();
        m.map->is_set = true;
        for (auto& x : items) map_set(m, concretize(x), Sym::constant(Value::none()));
        st.push_back(m);
        break;
      }
      case Op::SET_UPDATE: {
        Sym it = pop();
        Sym& m = st[st.size() - (arg & 0xffff)];
        if (m.kind != SymKind::Map || !m.map->is_set) stop(BreakReason::UnsupportedValue, "set update");
        for (auto& x : drain(it)) map_set(m, concretize(x), Sym::constant(Value::none()));
        break;
      }
      case Op::SET_ADD: {
        Sym v = concretize(pop());
        Sym& m = st[st.size() - arg];
        if (m.kind != SymKind::Map || !m.map->is_set) stop(BreakReason::UnsupportedValue, "set comprehension");
        map_set(m, v, Sym::constant(Value::none()));
        break;
      }
      case Op::MAP_ADD: {
        Sym v = pop(), k = pop();
        Sym& m = st[st.size() - arg];
        if (m.kind != SymKind::Map) stop(BreakReason::UnsupportedValue, "dict comprehension");
        map_set(m, k, v);
        break;
      }
      case Op::BUILD_SLICE: {
        std::vector<Sym> parts(st.end() - long(arg), st.end());
        st.resize(st.size() - arg);
        for (auto& p : parts) p = concretize(p);
        for (auto& p : parts)
          if (!p.is_const()) stop(BreakReason::DataDependentScalar, "a slice bound computed from a tensor");
        st.push_back(Sym::constant(vm::slice_new(vm_, parts[0].ex, parts[1].ex, arg == 3 ? parts[2].ex : Value::none())));
        break;
      }
      case Op::BINARY_SLICE: {
        std::vector<Sym> parts(st.end() - long(arg), st.end());
        st.resize(st.size() - arg);
        for (auto& p : parts) p = concretize(p);
        Sym c = pop();
        for (auto& p : parts)
          if (!p.is_const()) stop(BreakReason::DataDependentScalar, "a slice bound computed from a tensor");
        Sym k = Sym::constant(vm::slice_new(vm_, parts[0].ex, parts[1].ex, arg == 3 ? parts[2].ex : Value::none()));
        st.push_back(getitem(c, k));
        break;
      }
      case Op::UNPACK_SEQUENCE: {
        Sym s = pop();
        auto items = unpack(s, arg);
        for (size_t i = items.size(); i-- > 0;) st.push_back(items[i]);
        break;
      }
      case Op::FORMAT_VALUE: {
        Value spec;
        if (arg & 4) {
          Sym sp = pop();
          if (!sp.is_const()) stop(BreakReason::UnsupportedValue, "a computed format spec");
          spec = sp.ex;
        }
        Sym v = concretize(pop());
        if (!v.is_const()) stop(BreakReason::DataDependentScalar, "formatting a tensor as text");
        Value x = v.ex;
        if ((arg & 3) == 1) x = checked(vm::str(vm_, x), "str()");
        else if ((arg & 3) >= 2) x = checked(vm::repr(vm_, x), "repr()");
        st.push_back(Sym::constant(checked(vm::format(vm_, x, spec ? vm::str_view(spec) : ""), "format")));
        break;
      }
      case Op::BUILD_STRING: {
        std::vector<Sym> parts(st.end() - long(arg), st.end());
        st.resize(st.size() - arg);
        std::string s;
        for (auto& p : parts) {
          if (!p.is_const() || !vm::is_str(p.ex)) stop(BreakReason::UnsupportedValue, "building a string");
          s += vm::str_view(p.ex);
        }
        st.push_back(Sym::constant(vm::make_str(vm_, s)));
        break;
      }
      case Op::JUMP: next = arg; break;
      case Op::POP_JUMP_IF_FALSE:
      case Op::POP_JUMP_IF_TRUE: {
        bool t = truth(pop());
        if (t == (op == Op::POP_JUMP_IF_TRUE)) next = arg;
        break;
      }
      case Op::JUMP_IF_FALSE_OR_POP:
      case Op::JUMP_IF_TRUE_OR_POP: {
        bool t = truth(st.back());
        if (t == (op == Op::JUMP_IF_TRUE_OR_POP)) next = arg;
        else pop();
        break;
      }
      case Op::GET_ITER: st.push_back(iterate(pop())); break;
      case Op::FOR_ITER: {
        Sym& it = st.back();
        if (it.kind != SymKind::Iter) stop(BreakReason::UnsupportedValue, "for loop over this value");
        if (Sym x; iter_next(it, &x)) {
          st.push_back(x);
        } else {
          pop();
          next = arg;
        }
        break;
      }
      case Op::MAKE_FUNCTION: {
        Sym c = pop();
        Sym fsym;
        fsym.kind = SymKind::Func;
        fsym.func = std::make_shared<FuncData>();
        fsym.func->code = c.ex;
        fsym.func->defaults = Value::none();
        fsym.func->globals = f.globals;
        if (arg & 8) {
          Sym cl = pop();
          if (cl.kind != SymKind::Seq) stop(BreakReason::UnsupportedValue, "a closure");
          for (auto& x : cl.seq->items) {
            if (x.kind != SymKind::Cell) stop(BreakReason::UnsupportedValue, "a closure");
            fsym.func->closure.push_back(x.cell);
          }
        }
        if (arg & 2) stop(BreakReason::UnsupportedValue, "a function with keyword-only defaults made in the traced code");
        if (arg & 1) {
          Sym d = pop();
          if (!d.is_const()) stop(BreakReason::UnsupportedValue, "defaults computed in the traced code");
          fsym.func->defaults = d.ex;
        }
        st.push_back(fsym);
        break;
      }
      case Op::STORE_GLOBAL: {
        Sym v = pop();
        escape_check(v, "a global");
        Node n;
        n.op = GraphOp::StoreGlobal;
        n.callee = f.globals;
        n.name = co->names[arg];
        n.label = "store_global";
        n.in = {reg_of(v)};
        add_node(std::move(n), Value::none());
        global_overlay_[{f.globals.as_object(), std::string(vm::str_view(co->names[arg]))}] = v;
        break;
      }
      case Op::STORE_ATTR: {
        auto* name = co->names[co->caches[arg].name].as<vm::StrObject>();
        Sym o = pop();
        Sym v = pop();
        store_attr(o, name, v);
        break;
      }
      case Op::BEFORE_WITH: {
        Sym m = pop();
        if (is_instance_obj(m)) {
          // A user context manager: __enter__ and, on the normal way out,
          // __exit__(None, None, None), both inlined.
          Sym enter = obj_attr(m, vm_.names.__enter__);
          Sym exit = obj_attr(m, vm_.names.__exit__);
          std::vector<Sym> none;
          if (exit.kind != SymKind::Method || !vm::is_kind(exit.ex, ObjKind::Function))
            stop(BreakReason::UnsupportedValue, "a context manager whose __exit__ is not a Python method");
          if (exit_may_suppress(exit.ex.as<FunctionObject>()->code.as<CodeObject>()))
            stop(BreakReason::UnsupportedBytecode, "a with block whose __exit__ may return true (suppress an exception)");
          // If a node of the block raises when the graph runs, __exit__
          // runs on the real manager (made now if it is an Inst).
          with_exits_.push_back({reg_of(m), exit.ex, nodes_.size(), SIZE_MAX});
          Sym r = call(f, enter, none, Value());
          Sym ex;
          ex.kind = SymKind::UserExit;
          ex.recv = std::make_shared<Sym>(exit);
          ex.reg = int(with_exits_.size() - 1);
          st.push_back(ex);
          st.push_back(r);
          f.traced_with_starts.push_back(f.pc + 1);
          break;
        }
        if (m.kind != SymKind::GradCtx)
          stop(BreakReason::UnsupportedBytecode, "a with block over a value that is not a user object or torch.no_grad(), enable_grad(), set_grad_enabled()");
        bool prev = m.reg >= 0 ? m.reg != 0 : torch::autograd::GradMode::is_enabled();
        if (m.reg < 0) set_grad_mode(m.ex.is_true());
        Sym ex = grad_exit(prev);
        st.push_back(ex);
        st.push_back(Sym::constant(Value::none()));
        f.traced_with_starts.push_back(f.pc + 1);
        break;
      }
      case Op::WITH_EXIT: {
        Sym ex = pop();
        if (ex.kind == SymKind::UserExit) {
          std::vector<Sym> none(3, Sym::constant(Value::none()));
          with_exits_[size_t(ex.reg)].end = nodes_.size();
          call(f, *ex.recv, none, Value());  // its result matters only when an exception is leaving
          break;
        }
        if (ex.kind != SymKind::GradExit) stop(BreakReason::UnsupportedBytecode, "leaving a with block");
        with_exits_[size_t(ex.reg)].end = nodes_.size();
        set_grad_mode(ex.ex.is_true());
        break;
      }
      case Op::RETURN_VALUE: return pop();
      case Op::RAISE_VARARGS: {
        // The traced code raises: tracing stops there (the interpreter
        // raises it for real); hasattr / getattr read an AttributeError.
        if (arg != 1) stop(BreakReason::UnsupportedBytecode, "raise without an exception or with a cause");
        Sym e = pop();
        const Value& x = e.ex;
        if (e.is_const() && vm::is_kind(x, ObjKind::Type) &&
            vm::is_subtype(x.as<vm::TypeObject>(), vm_.exc_type(vm::Exc::BaseException)))
          raised(x.as<vm::TypeObject>(), fmt::format("raise {}", vm::str_view(x.as<vm::TypeObject>()->name)));
        if (e.is_const() && vm::is_kind(x, ObjKind::Exception)) {
          Value msg = vm::str(vm_, x);
          if (!msg) vm_.clear_exception();
          raised(vm::type_of(vm_, x), fmt::format("raise {}: {}", vm::type_name(vm_, x), msg ? vm::str_view(msg) : ""));
        }
        stop(BreakReason::UnsupportedValue, "raising this value");
      }
      case Op::YIELD_VALUE: {
        if (!f.generator) stop(BreakReason::UnsupportedBytecode, "YIELD_VALUE");
        // A generator dropped while suspended inside try or with runs its
        // handlers when closed, which no graph does.
        for (const vm::ExcEntry& h : co->exc_table)
          if (f.pc >= h.start && f.pc < h.end) stop(BreakReason::TryBlock, "a yield inside try or with");
        Sym v = pop();
        f.pc = next;
        f.yielded = true;
        return v;
      }
      default:
        stop(BreakReason::UnsupportedBytecode, vm::op_name(op));
    }
    f.pc = next;
  }
}

void Tracer::find_regions() {
  std::vector<Region> rs;
  const auto& code = co_->raw_code;
  for (uint32_t p = 0; p < code.size(); p++) {
    Op op = vm::decode_op(code[p]);
    uint32_t t = vm::decode_arg(code[p]);
    if (!is_jump_arg(op) || t > p) continue;
    // A back edge: the loop starts at its target; a for loop at its GET_ITER.
    if (t > 0 && vm::decode_op(code[t]) == Op::FOR_ITER && vm::decode_op(code[t - 1]) == Op::GET_ITER) t--;
    rs.push_back({t, p});
  }
  // (try and with blocks are no regions: a break inside one resumes at the
  // breaking instruction, in the resume function, under its handlers.)
  std::sort(rs.begin(), rs.end(), [](const Region& a, const Region& b) { return a.entry < b.entry; });
  for (const Region& r : rs) {
    if (!regions_.empty() && r.entry <= regions_.back().end) regions_.back().end = std::max(regions_.back().end, r.end);
    else regions_.push_back(r);
  }
}

std::unique_ptr<Graph> Tracer::finish_graph(const std::vector<int>& outputs, bool tuple_output) {
  // Automatic dynamic shapes: dims and ints stay unguarded only if no size
  // was read (a tensor's size may follow from a dynamic int: arange(n)).
  for (Guard& gd : guards_.guards)
    if (gd.kind == GuardKind::TensorMatch && gd.dynamic && sizes_read_) gd.dynamic = 0;
  if (sizes_read_) {
    pin_numbers(floats_to_calls_);  // (a float in arithmetic with tensors decides no size)
    if (offsets_read_)
      for (auto& [src, off] : tensor_offsets_) guard(GuardKind::StorageOffset, src, Value(), off);
  }
  for (size_t i = 0; i < input_sources_.size(); i++)
    for (const Guard& gd : guards_.guards)
      if (gd.kind == GuardKind::TensorMatch && gd.dynamic && gd.source == input_sources_[i]) {
        Meta& m = input_meta_[i];
        m.dtype = gd.dtype;
        m.sizes.clear();
        for (int d = 0; d < gd.sizes.n; d++) m.sizes.push_back(((gd.dynamic >> d) & 1) ? Meta::kDynamic : gd.sizes[d]);
      }
  // Size reads whose SymInt was pinned (used by Python) leave Tensor.size
  // nodes nobody reads: dropped.
  {
    std::vector<bool> used(nodes_.size(), false);
    for (const Node& n : nodes_)
      for (int r : n.in)
        if (tag_kind(r) == kNodeTag) used[size_t(tag_index(r))] = true;
    for (int o : outputs)
      if (tag_kind(o) == kNodeTag) used[size_t(tag_index(o))] = true;
    std::vector<int> renum(nodes_.size(), -1);
    std::vector<Node> kept;
    for (size_t i = 0; i < nodes_.size(); i++) {
      if (!used[i] && nodes_[i].op == GraphOp::Call && nodes_[i].label == "Tensor.size") continue;
      renum[i] = int(kept.size());
      kept.push_back(std::move(nodes_[i]));
    }
    auto fix = [&](int& r) {
      if (tag_kind(r) == kNodeTag) r = tag(kNodeTag, renum[size_t(tag_index(r))]);
    };
    for (Node& n : kept)
      for (int& r : n.in) fix(r);
    // A with block's node range: from its first kept node.
    auto first_kept = [&](size_t i) {
      size_t k = 0;
      for (size_t j = 0; j < i && j < renum.size(); j++) k += renum[j] >= 0;
      return k;
    };
    std::vector<Graph::WithExit> exits;
    for (auto w : with_exits_) {
      if (w.first >= nodes_.size() ||
          (w.manager >= 0 && tag_kind(w.manager) == kNodeTag && size_t(tag_index(w.manager)) >= nodes_.size()))
        continue;  // cut off by a graph break
      w.first = first_kept(w.first);
      w.end = first_kept(std::min(w.end, nodes_.size()));
      if (w.manager >= 0) fix(w.manager);
      exits.push_back(w);
    }
    with_exits_ = std::move(exits);
    nodes_ = std::move(kept);
    size_nodes_.clear();
    std::vector<int> outs = outputs;
    for (int& o : outs) fix(o);
    return number_graph(outs, tuple_output);
  }
}

std::unique_ptr<Graph> Tracer::number_graph(const std::vector<int>& outputs, bool tuple_output) {
  // Number the registers (constants, inputs, nodes).
  auto g = std::make_unique<Graph>();
  g->filename = std::string(vm::str_view(co_->filename));
  g->consts = consts_;
  g->inputs = input_sources_;
  for (int s : input_sources_) g->input_names.push_back(guards_.sources.describe(s));
  g->input_meta = input_meta_;
  auto final_reg = [&](int id) {
    switch (tag_kind(id)) {
      case kConstTag: return g->const_reg(size_t(tag_index(id)));
      case kInputTag: return g->input_reg(size_t(tag_index(id)));
      default: return g->node_reg(size_t(tag_index(id)));
    }
  };
  for (auto& n : nodes_) {
    for (int& r : n.in) r = final_reg(r);
    g->nodes.push_back(std::move(n));
  }
  for (int o : outputs) g->outputs.push_back(final_reg(o));
  for (auto w : with_exits_) {
    if (w.manager >= 0) w.manager = final_reg(w.manager);
    g->with_exits.push_back(w);
  }
  g->tuple_output = tuple_output;
  bool int_inputs = offsets_read_;
  for (auto& [src, v] : dynamic_number_inputs_) int_inputs = int_inputs || !v.is_double();  // (a float is no size)
  g->dynamic = !sizes_read_ && (int_inputs || [&] {
    for (const Guard& gd : guards_.guards)
      if (gd.kind == GuardKind::TensorMatch && gd.dynamic) return true;
    return false;
  }());
  std::string bad = g->validate();
  if (!bad.empty()) stop(BreakReason::UnsupportedValue, "internal: the captured graph is malformed: " + bad);
  return g;
}

// After a Break: turns the trace so far into a partial graph and a resume
// point (res.resume), or says why it cannot.
std::string Tracer::resume_at_break(Frame& top, TraceResult& res) {
  if (!snap_.valid) return "the break happened while reading the arguments";
  if (block_break_) return "inside a with block whose __exit__ the tracer does not follow";
  if (co_->flags & (vm::kCodeGenerator | vm::kCodeVarkeywords)) return "a generator or **kwargs function";
  ResumePoint rp;
  std::vector<Sym> stack, locals, cells;
  size_t nodes;
  std::vector<std::pair<uint32_t, int>> ways;
  cur_try_ = false;  // (the nodes made below hand live values on; tracing is over)
  if (const Region* r = region_at(snap_.pc)) {
    // Inside a loop: resume at its entry, before it.
    if (!region_snap_.valid || region_snap_.pc != r->entry) return "inside a loop entered mid-way";
    for (auto& [seq, items] : region_undo_) seq->items = items;
    for (auto& [m, items] : region_map_undo_) m->items = items;
    stack = region_snap_.stack;
    locals = region_snap_.locals;
    cells = region_snap_.cells;
    nodes = region_snap_.nodes;
    if (nodes == 0) return "inside a loop, with no tensor operation before it";
    rp.pc = r->entry;
    rp.run_insn = false;
  } else {
    for (auto& [seq, items] : undo_) seq->items = items;
    for (auto& [m, items] : map_undo_) m->items = items;
    stack = snap_.stack;
    locals = top.locals;
    cells = snap_.cells;
    nodes = snap_.nodes;
    rp.pc = snap_.pc;
    rp.insn = co_->raw_code[rp.pc];
    // The transformed code runs the instruction; inside a try or with
    // block, under the block's handler (transformed_code), which hands an
    // exception to a resume function starting at the handler. The block's
    // values are live values (a with block's __exit__: the real manager's,
    // or a torch.no_grad() restoring the mode), and the resume function
    // after the instruction traces on inside the block (resumed_with).
    bool in_block = false;
    for (const vm::ExcEntry& h : co_->exc_table) in_block = in_block || (snap_.pc >= h.start && snap_.pc < h.end);
    rp.run_insn = true;
    rp.in_block = in_block;
    // Self-check: the symbolic stack is as deep as the bytecode's own
    // stack at this pc (a flow analysis of the code, like the compiler's).
    std::vector<int> depths = bytecode_stack_depths(co_);
    if (depths[rp.pc] >= 0 && depths[rp.pc] != int(stack.size()))
      return fmt::format("internal: the traced stack holds {} values at pc {} where the bytecode holds {}",
                         stack.size(), rp.pc, depths[rp.pc]);
    if (rp.run_insn && resume_successors(rp.pc, rp.insn, int(stack.size())).empty())
      return fmt::format("the interpreter cannot run {} on its own", vm::op_name(vm::decode_op(rp.insn)));
  }
  nodes_.resize(nodes);
  // The live values: graph outputs, constants, or nothing.
  std::vector<int> outputs;
  std::unordered_map<const SeqData*, int> seq_out;
  std::unordered_map<const MapData*, int> map_out;
  std::set<const FuncData*> seen_funcs;
  std::string why;
  auto live = [&](const Sym& s) {
    LiveValue v;
    switch (s.kind) {
      case SymKind::Null:
      case SymKind::Unbound: v.kind = LiveValue::Empty; return v;
      case SymKind::Const: {
        const Value& c = s.ex;
        bool shareable = is_immutable_const(c) || vm::is_kind(c, ObjKind::Function) || vm::is_kind(c, ObjKind::Native) ||
                         vm::is_kind(c, ObjKind::Type) || vm::is_kind(c, ObjKind::Module) ||
                         (vm_.torch_state && c.is_object() &&
                          (vm::type_of(vm_, c) == torch::torch_state(vm_).dtype_type ||
                           vm::type_of(vm_, c) == torch::torch_state(vm_).device_type ||
                           vm::type_of(vm_, c) == torch::torch_state(vm_).size_type));
        if (vm::is_kind(c, ObjKind::BoundMethod)) {
          auto* bm = c.as<vm::BoundMethodObject>();
          shareable = vm::is_kind(bm->func, ObjKind::Native) && is_immutable_const(bm->self);
        }
        if (!shareable) {
          if (why.empty()) why = fmt::format("a live '{}' made while tracing", vm::type_name(vm_, c));
          return v;
        }
        v.kind = LiveValue::Const;
        v.value = c;
        return v;
      }
      case SymKind::Inst:
      case SymKind::Map: {
        auto it = map_out.find(s.map.get());
        v.kind = LiveValue::Output;
        if (it != map_out.end()) {
          v.output = it->second;
          return v;
        }
        v.output = int(outputs.size());
        outputs.push_back(reg_of(s));
        map_out[s.map.get()] = v.output;
        return v;
      }
      case SymKind::Ref:
      case SymKind::Obj:
      case SymKind::Seq: {
        int reg;
        if (s.kind == SymKind::Obj) {
          reg = reg_of(s);
        } else if (s.kind == SymKind::Seq) {
          auto it = seq_out.find(s.seq.get());
          if (it != seq_out.end()) {
            v.kind = LiveValue::Output;
            v.output = it->second;
            return v;
          }
          reg = reg_of(s);
        } else {
          reg = s.reg;
        }
        v.kind = LiveValue::Output;
        v.output = int(outputs.size());
        outputs.push_back(reg);
        if (s.kind == SymKind::Seq) seq_out[s.seq.get()] = v.output;
        return v;
      }
      case SymKind::Func: {
        // Made for real by the transformed code, over the frame's own cells
        // (each function object once: one made in the trace is not shared).
        const FuncData& fd = *s.func;
        if (!seen_funcs.insert(s.func.get()).second) {
          if (why.empty()) why = "a function made while tracing, held in two places";
          return v;
        }
        v.kind = LiveValue::Function;
        v.value = fd.code;
        v.defaults = fd.defaults;
        if (fd.globals.bits() != fn_->globals.bits()) {
          if (why.empty()) why = "a function made while tracing in another module";
          return v;
        }
        for (const auto& cell : fd.closure) {
          int idx = -1;
          for (size_t i = 0; i < top.cells.size(); i++)
            if (top.cells[i] == cell) idx = int(i);
          if (idx < 0) {
            if (why.empty()) why = "a function made while tracing that closes over cells of an inlined call";
            return v;
          }
          v.closure.push_back(idx);
        }
        return v;
      }
      case SymKind::Method: {
        if (s.reg < 0) {
          if (why.empty()) why = "a live bound method made while tracing";
          return v;
        }
        v.kind = LiveValue::Output;  // read from a source: handed on as it came in
        v.output = int(outputs.size());
        outputs.push_back(reg_of(s));
        return v;
      }
      case SymKind::UserExit: {
        // A user manager's with block: its real manager's bound __exit__.
        const Sym& exit = *s.recv;  // Method: __exit__, bound to the manager
        Node n;
        n.op = GraphOp::GetAttr;
        n.name = vm_.intern("__exit__");
        n.label = "__exit__";
        n.in = {reg_of(*exit.recv)};
        v.kind = LiveValue::Output;
        v.output = int(outputs.size());
        outputs.push_back(add_node(std::move(n), vm::make_bound_method(vm_, exit.ex, example_of(*exit.recv))));
        return v;
      }
      case SymKind::GradExit: {
        // A grad-mode block: a torch.no_grad() whose __exit__ restores the
        // mode from before the block (its `prev`).
        Value cls = vm::dict_get_str(torch::torch_state(vm_).module.as<vm::ModuleObject>()->dict.as<vm::DictObject>(),
                                     vm_.intern("no_grad").as<vm::StrObject>());
        if (!vm::is_kind(cls, ObjKind::Type)) {
          if (why.empty()) why = "a grad-mode block without torch.no_grad";
          return v;
        }
        Node mk;
        mk.op = GraphOp::NewObject;
        mk.callee = cls;
        mk.label = "no_grad";
        Value names = vm::tuple_new(vm_, 1);
        names.as<vm::TupleObject>()->items[0] = vm_.intern("prev");
        mk.kwnames = names;
        mk.in = {const_id(s.ex)};
        Value example = vm::instance_alloc(vm_, cls.as<vm::TypeObject>());
        int obj = add_node(std::move(mk), example);
        Node n;
        n.op = GraphOp::GetAttr;
        n.name = vm_.intern("__exit__");
        n.label = "__exit__";
        n.in = {obj};
        Value exit_fn = vm::type_lookup(cls.as<vm::TypeObject>(), vm_.names.__exit__);
        v.kind = LiveValue::Output;
        v.output = int(outputs.size());
        outputs.push_back(add_node(std::move(n), vm::make_bound_method(vm_, exit_fn, example)));
        return v;
      }
      default:
        if (why.empty()) why = "a live iterator or cell made while tracing";
        return v;
    }
  };
  try {
    // A local no later code reads is handed on as nothing (dead values are
    // not graph outputs, and the interpreter does not keep them alive).
    std::vector<bool> needed = live_locals_at(co_, rp.pc);
    for (int i = 0; i < carry_locals_; i++)
      rp.locals.push_back(size_t(i) < needed.size() && !needed[size_t(i)] ? LiveValue{} : live(locals[size_t(i)]));
    for (const Sym& x : stack) rp.stack.push_back(live(x));
    // The frame's own cells: written back (other frames may share them);
    // the free variables' cells were not stored into (that breaks).
    for (size_t i = 0; i < co_->cellvars.size() && i < cells.size(); i++) rp.cells.push_back(live(cells[i]));
  } catch (const Break& b) {
    return b.detail;
  }
  if (!why.empty()) return why;
  try {
    res.graph = finish_graph(outputs, true);
  } catch (const Break& b) {
    return b.detail;
  }
  res.resume = std::move(rp);
  return "";
}

TraceResult Tracer::run() {
  TraceResult res;
  Frame f;
  f.co = co_;
  f.globals = fn_->globals;
  f.locals.assign(size_t(co_->nlocals), Sym::unbound());
  guards_.sources.nlocals = co_->nlocals;
  for (int i = 0; i < co_->nlocals; i++) guards_.sources.local_names.emplace_back(vm::str_view(co_->varnames[size_t(i)]));
  for (const Value& n : co_->cellvars) guards_.sources.cell_names.emplace_back(vm::str_view(n));
  for (const Value& n : co_->freevars) guards_.sources.cell_names.emplace_back(vm::str_view(n));
  find_regions();
  std::optional<Break> brk;
  try {
    if (vm_.torch_state) guard(GuardKind::GradMode, -1, Value(), torch::autograd::GradMode::is_enabled());
    int nparams = co_->argcount + co_->kwonlyargcount + ((co_->flags & vm::kCodeVarargs) ? 1 : 0) +
                  ((co_->flags & vm::kCodeVarkeywords) ? 1 : 0);
    for (int i = 0; i < nparams; i++) {
      if (slots_[i].is_empty()) continue;
      f.locals[size_t(i)] = from_source(guards_.sources.add(Source{SourceKind::Local, -1, i, Value(), Value()}), slots_[i]);
    }
    for (size_t i = 0; i < co_->cellvars.size(); i++) {
      auto c = std::make_shared<CellData>();
      c->contents = co_->cell2arg[i] >= 0 ? f.locals[size_t(co_->cell2arg[i])] : Sym::unbound();
      f.cells.push_back(c);
    }
    for (size_t i = 0; i < co_->freevars.size(); i++) {
      // The frame's free variables: real cells, read when used.
      const Value& cell = slots_[size_t(co_->nlocals) + co_->cellvars.size() + i];
      int src = guards_.sources.add(Source{SourceKind::DerefCell, -1, int(co_->cellvars.size() + i), Value(), Value()});
      f.cells.push_back(real_cell(src, cell));
    }
    Sym out = run_frame(f);
    // Worth a graph only if some node computes on tensors: one that only
    // switches state (no_grad's __enter__ setting the grad mode) runs
    // faster in the interpreter than through a guard check and the executor.
    auto tensor_reg = [&](int id) {
      switch (tag_kind(id)) {
        case kConstTag: return torch::is_tensor(consts_[size_t(tag_index(id))]);
        case kInputTag: return input_meta_[size_t(tag_index(id))].tensor;
        default: return nodes_[size_t(tag_index(id))].meta.tensor;
      }
    };
    size_t tensor_nodes = 0;
    for (auto& n : nodes_) {
      if (is_plumbing(n)) continue;
      bool touches = n.meta.tensor;
      for (int r : n.in) touches = touches || tensor_reg(r);
      if (touches) tensor_nodes++;
    }
    if (tensor_nodes == 0) stop(BreakReason::NoTensorOps);
    res.graph = finish_graph({reg_of(out)}, false);
    res.ok = true;
  } catch (const Break& b) {
    brk = b;
  } catch (const torch::Error& e) {
    brk = Break{BreakReason::ExceptionInTrace, e.message};
  }
  if (brk) {
    res.reason = brk->reason;
    res.detail = brk->detail;
    res.failed_generator = brk->generator;
    res.file = cur_co_ ? std::string(vm::str_view(cur_co_->filename)) : std::string(vm::str_view(co_->filename));
    res.line = cur_line_ ? cur_line_ : co_->firstlineno;
    if (brk->reason != BreakReason::NoTensorOps) {
      res.no_resume = resume_at_break(f, res);
      res.ok = res.no_resume.empty();
    }
  }
  if (res.ok) {
    res.dynamic = res.graph->dynamic;
    res.size_read_at = size_read_at_;
    res.guards = std::move(guards_);
  }
  res.instructions = ninsns_;
  return res;
}

}  // namespace

TraceResult trace_function(VM& vm, FunctionObject* fn, CodeObject* co, const Value* slots, const TraceLimits& limits,
                           NativeTable& natives, const TraceOptions& opts) {
  // Tracing runs tensor ops on copies; put back what they touch globally.
  std::optional<torch::Generator> gen;
  if (vm.torch_state) gen = torch::torch_state(vm).generator;
  bool grad = torch::autograd::GradMode::is_enabled();
  TraceResult r;
  // A break inside a generator made in the trace usually leaves it live (on
  // the stack of the loop consuming it), so the graph cannot resume there;
  // traced again with that generator's calls left to the interpreter, the
  // break comes at the call and resumes.
  std::set<const CodeObject*> no_inline = opts.no_inline_generators ? *opts.no_inline_generators
                                                                     : std::set<const CodeObject*>();
  TraceOptions o = opts;
  for (int attempt = 0;; attempt++) {
    o.no_inline_generators = &no_inline;
    {
      Tracer t(vm, fn, co, slots, limits, natives, o);
      r = t.run();
    }
    torch::autograd::GradMode::set_enabled(grad);
    if (gen && vm.torch_state) torch::torch_state(vm).generator = *gen;
    vm.clear_exception();
    if (r.ok || !r.failed_generator || attempt >= 4 || !no_inline.insert(r.failed_generator).second) break;
  }
  return r;
}

}  // namespace kiln::tracer
