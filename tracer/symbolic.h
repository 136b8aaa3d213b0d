// tracer/symbolic.h — the tracer's symbolic values (TorchDynamo's
// VariableTrackers).
//
// Each operand-stack entry, local and cell of a traced frame holds a Sym:
//   * Const — a Python value known at trace time: a literal, something
//     computed from literals, or a value from a source that a guard pins
//     (an int argument, a function, a module). Operations on constants are
//     folded.
//   * Ref — a value that exists only when the graph runs: a graph input
//     (a tensor argument: its guard pins dtype, sizes, strides) or a node's
//     output. `ex` is its example: for tensors a copy with the same
//     metadata and data, computed while tracing.
//   * Seq — a tuple or list whose items are Syms (built by the traced code,
//     or an argument unpacked item by item). Lists alias: two Syms share one
//     SeqData, so an append through one is seen through the other.
//   * Super — super() in a method: `ex` the class to look past, `recv` the
//     instance.
//   * Map — a dict made by the traced code, keys constants (values Syms),
//     or a set of constants and tensors (a tensor item: key its example,
//     value its Sym); aliasing like Seq.
//   * Iter — an iterator being unrolled by FOR_ITER: made in the trace (a
//     generator function's call among them), or a list/tuple/range iterator
//     from a source (its state guarded, each item taken a `next` node on the
//     real one).
//   * Func — a function made by MAKE_FUNCTION in the traced code (a
//     comprehension, a lambda, a closure), inlined when called.
//   * Cell — a closure cell (LOAD_CLOSURE): created in the traced code, or
//     a real one from outside (its contents read through a source, stores
//     into it store_cell nodes).
//   * Method — a method read as an attribute (`t.sum` before a keyword
//     call, `self.forward`): `ex` is the native or the class's function,
//     `recv` its receiver.
//   * Inst — an instance of a plain user class made by the traced code
//     (`Point(x, y)`: object's __new__, a Python __init__, no __setattr__).
//     `ex` is a bare example instance of the class (for isinstance/type);
//     its attributes are Syms in `map` (str keys; aliasing like Seq). It
//     exists only in the trace until it escapes (returned, stored outside,
//     live at a graph break): then a NewObject node makes it, and later
//     stores to it are setattr nodes.
//   * Obj — an object that exists outside the trace, read from a source: a
//     user-class instance (nn.Module...) or a dict. `ex` is the object,
//     `reg` its source; its attributes and items are read through sources
//     too, each with its guard.
//   * GradCtx — torch.no_grad() / enable_grad() / set_grad_enabled(b)
//     made in the trace (`ex`: the mode it sets); GradExit — what
//     BEFORE_WITH pushes for its __exit__ (`ex`: the mode to restore).
//   * UserExit — what BEFORE_WITH pushes for a user context manager's
//     __exit__: `recv` the manager, `ex` its class's __exit__ function.
//   * Null — the marker LOAD_METHOD pushes for a plain callable; Unbound —
//     a local not assigned yet.
#pragma once

#include <memory>
#include <vector>

#include "vm/object.h"
#include "vm/value.h"

namespace kiln::tracer {

using vm::Value;

enum class SymKind : uint8_t { Null, Unbound, Const, Ref, Seq, Iter, Func, Cell, Method, Obj, GradCtx, GradExit, Map, Super, Inst, UserExit };

struct Sym;
struct SeqData;
struct MapData;
struct IterData;
struct FuncData;
struct CellData;
struct GenState;  // a generator's suspended frame (tracer/translator.h)

struct Sym {
  SymKind kind = SymKind::Null;
  Value ex;           // Const: the value; Ref: the example
  int reg = -1;       // Ref: its graph register; Obj (and module/class Consts): its source
  bool tensor = false;  // Ref: a tensor (else a tuple, a return_types result, None...)
  std::shared_ptr<SeqData> seq;
  std::shared_ptr<MapData> map;
  std::shared_ptr<IterData> iter;
  std::shared_ptr<FuncData> func;
  std::shared_ptr<CellData> cell;
  std::shared_ptr<Sym> recv;  // Method: the receiver

  static Sym constant(Value v) {
    Sym s;
    s.kind = SymKind::Const;
    s.ex = std::move(v);
    return s;
  }
  static Sym unbound() {
    Sym s;
    s.kind = SymKind::Unbound;
    return s;
  }
  bool is_const() const { return kind == SymKind::Const; }
  bool is_tensor() const { return kind == SymKind::Ref && tensor; }
};

struct SeqData {
  uint64_t version = 0;       // bumped by every change (a list iterated by index sees them)
  bool is_list = false;
  bool is_size = false;       // a tuple that is a torch.Size (a tensor's shape, or made from one)
  bool from_source = false;  // an argument's list: mutating it is a side effect on the caller's object
  // A user subclass of list or tuple read from a source: its class, whose
  // own dunders (__getitem__, __iter__, __len__...) the tracer inlines
  // instead of the builtin behaviour. Null for list, tuple, torch.Size.
  Value cls;
  int source = -1;           // read from this source (unchanged): the graph passes that very object on
  Value real;                // a list from a source: the list itself
  std::vector<Sym> items;
};

struct MapData {
  std::vector<std::pair<Value, Sym>> items;  // insertion order; keys are hashable constants
  bool is_set = false;                       // a set: the keys are its items (values unused)
  // An Inst's attributes: the register of its NewObject node once it
  // escaped (-1 before; valid only while that node is still in the graph,
  // which `serial`, the node's arg, tells).
  int made = -1;
  int serial = 0;
};

struct IterData {
  // Items: a fixed sequence (a tuple's, a range's, a dict's keys...);
  // List: a list read by index as CPython's list iterator does, so items
  // appended or replaced while the loop runs are seen; Enumerate / Zip:
  // lazy over `children` (Iter Syms), as the builtins are; Generator: a
  // call of a generator function made in the trace, its frame run up to
  // the next yield each time an item is taken.
  enum Kind : uint8_t { Items, List, Enumerate, Zip, Generator } kind = Items;
  std::shared_ptr<GenState> gen;  // Generator
  std::vector<Sym> items;
  size_t pos = 0;
  std::shared_ptr<SeqData> list;  // List
  std::vector<Sym> children;      // Enumerate (one), Zip
  int64_t count = 0;              // Enumerate: the next index
  bool done = false;              // List, Enumerate, Zip: exhausted (stays so, as CPython's)
  // A builtin iterator from a source (list, tuple or range iterator): the
  // register of the real one (each item taken is a `next` node on it, so it
  // advances when the graph runs), and whether its exhaustion was made.
  int real_reg = -1;
  bool exhausted = false;
  // Items iterators over containers the trace can change: reversed(l) (the
  // list and its version when made), a dict's or set's keys (the container;
  // `items` are its keys then). A change while the iterator is in use stops
  // the trace: CPython would see it, or raise ("dictionary changed size
  // during iteration"), where a fixed sequence would not.
  std::shared_ptr<SeqData> watch_list;
  uint64_t watch_version = 0;
  std::shared_ptr<MapData> watch_map;
  std::vector<Value> watch_keys;    // watch_map's keys when made, in its order
  std::shared_ptr<Sym> watch_dict;  // a dict from outside (an Obj): its keys, with the trace's stores
};

struct FuncData {
  Value code;                                   // CodeObject
  Value defaults;                               // tuple or None (constants)
  std::vector<std::shared_ptr<CellData>> closure;
  Value globals;                                // the defining frame's globals dict
};

struct CellData {
  Sym contents;  // Unbound until stored
  // A real cell from outside the trace (a free variable of the traced
  // function, or of a function it inlines): `src` is the source of the cell
  // object, its contents are read through a source on first use (then
  // `loaded`), and a store into it is a store_cell node.
  int src = -1;
  Value real;  // the CellObject
  bool loaded = false;
};

}  // namespace kiln::tracer
