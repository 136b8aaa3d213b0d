// tracer/source.h — where a traced value came from.
//
// Every value the tracer reads from outside the traced code has a source: an
// argument or local of the traced frame, a global (or builtin) name, an
// attribute or an item of another source, a closure cell. Guards are built
// from sources (tracer/guards.h), and a compiled entry loads its graph's
// inputs through them, the way TorchDynamo's `Source` objects do. Sources of
// one entry live in one vector, a parent always before its children, so
// loading them in order needs no recursion.
#pragma once

#include <string>
#include <vector>

#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::tracer {

using vm::Value;
using vm::VM;

enum class SourceKind : uint8_t {
  Local,   // slot `index` of the frame (arguments first)
  Global,  // `name` in the function's globals, else in builtins
  Attr,    // getattr(sources[parent], name) — modules and classes; a tensor's .grad
  Item,    // sources[parent][index] — a tuple or list
  InstAttr,  // instance attribute `name` of sources[parent] (its own, no class lookup, no code run)
  DictItem,  // sources[parent][name] — a dict (or subclass) with str keys
  IterState,  // field `index` of builtin iterator sources[parent]: 0 the iterated list or tuple (None once
              // exhausted), 1 the next index (list/tuple) or value (range), 2 items left (range), 3 step (range)
  Const,      // the object `name` itself (a module, a function the trace inlines): the root of the sources below
  FuncDefault,    // sources[parent].__defaults__[index] — a function's positional default
  FuncKwDefault,  // sources[parent].__kwdefaults__[name] — a function's keyword-only default
  FuncCell,   // the cell object sources[parent].__closure__[index] (the cell, not its contents)
  DerefCell,  // the cell object `index` of the frame (cellvars, then free variables)
  CellContents,  // sources[parent].cell_contents — the value in a cell
  ClassAttr,  // `name` of class sources[parent] or a base, from their dicts (no descriptor runs)
  MethodSelf,  // sources[parent].__self__ — the receiver of a bound method
  MethodFunc,  // sources[parent].__func__ — the function of a bound method
};

struct Source {
  SourceKind kind;
  int parent = -1;
  int index = 0;
  Value name;  // interned str (Global, Attr, InstAttr, DictItem, FuncKwDefault); the object (Const)
  Value dict;  // Global: the globals dict of an inlined function of another module (Empty: the traced function's)
  // The last load, remembered so the next skips hashing and searching
  // (Global: the dict and its insert/delete version, and where the name
  // was, in it or in builtins at their version; InstAttr: the instance's
  // shape and the slot). Checked before use: a stale memo is just a miss.
  mutable const void* memo_key = nullptr;
  mutable uint64_t memo_version = 0, memo_builtins_version = 0;
  mutable int64_t memo_index = -1;
  mutable bool memo_builtin = false;
  std::string label = {};  // DictItem with an object key: how describe() writes the key ("Color.RED")
};

// How guard and source descriptions write value v without running its code:
// an enum member as "Color.RED", another object as "<Tag object>", a tuple
// of them item by item; anything else by its repr.
std::string value_text(VM& vm, const Value& v);

struct SourceTable {
  std::vector<Source> items;
  std::vector<std::string> local_names;  // the traced code's varnames, for describe()
  std::vector<std::string> cell_names;   // its cellvars then freevars, for describe()
  int nlocals = 0;                       // where the frame's cells start in its slots
  // The index of an equal source, added if new.
  int add(const Source& s);
  // "x" (a local), "G['torch']", "x.weight", "x[0]".
  std::string describe(int i) const;
  // Loads source i into *out given the values of the earlier sources.
  // False when it cannot be loaded (missing name, short tuple): a guard miss,
  // never an exception (a pending one is cleared).
  bool load(VM& vm, int i, const vm::FunctionObject* fn, const Value* slots, const Value* loaded, Value* out) const;
};

}  // namespace kiln::tracer
