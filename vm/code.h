// vm/code.h — CodeObject: the compiled form of a module, class body, function,
// lambda or comprehension, and the instruction encoding.
//
// The compiler (vm/compiler.cpp) produces one CodeObject per scope; the
// interpreter (vm/interpreter.cpp) runs them. Instructions are 32-bit words
// (opcode | arg << 8, see vm/opcodes.def). Alongside the code:
//   * consts / names / varnames / cellvars / freevars, as in CPython;
//   * a line table (pc → source line) for tracebacks and the disassembler;
//   * an exception table (CPython 3.11's zero-cost scheme): a pc range, the
//     handler's pc and the stack depth to unwind to. No instruction runs when
//     entering a `try`; only raising consults the table;
//   * inline caches: LOAD_GLOBAL / LOAD_ATTR / STORE_ATTR / LOAD_METHOD carry
//     an index into `caches`, which remembers the name and what the last
//     lookup found, keyed on dict / type versions.
#pragma once

#include <cstdint>
#include <string>

#include "vm/object.h"

namespace kiln::vm {

enum class Op : uint8_t {
#define OP(name, effect, kind) name,
#include "vm/opcodes.def"
#undef OP
  Count_
};
const char* op_name(Op op);

inline constexpr uint32_t encode(Op op, uint32_t arg) { return uint32_t(op) | (arg << 8); }
inline constexpr Op decode_op(uint32_t insn) { return Op(insn & 0xff); }
inline constexpr uint32_t decode_arg(uint32_t insn) { return insn >> 8; }
inline constexpr uint32_t kMaxArg = (1u << 24) - 1;
// LIST_EXTEND's argument carries this bit when it builds a call's positional
// arguments, so that its error message can name the function.
inline constexpr uint32_t kCallArgsFlag = 1u << 16;
// CALL_EX's arg: bit 0 a ** mapping is on the stack; kCallExRaw: the
// operands are the call's own `*a` (and `**k`) values, not yet a tuple and a
// fresh dict (f(*a) and f(*a, **k), the forwarding idiom: no copies made).
inline constexpr uint32_t kCallExRaw = 2;

enum CodeFlags : uint32_t {
  kCodeVarargs = 1 << 0,      // has *args
  kCodeVarkeywords = 1 << 1,  // has **kwargs
  kCodeGenerator = 1 << 2,    // contains yield
  kCodeModule = 1 << 3,       // module body: names via globals dict
  kCodeClassBody = 1 << 4,    // class body: names via the namespace dict
  kCodeNested = 1 << 5,       // defined inside a function
  kCodeComprehension = 1 << 6,
};

struct LineEntry {
  uint32_t pc;   // first instruction of the run
  int32_t line;
};

struct ExcEntry {
  uint32_t start, end;  // [start, end) instruction range
  uint32_t handler;     // where to jump
  uint32_t depth;       // stack depth to unwind to before pushing the exception
};

// One way of an attribute site's polymorphic cache (vm/attr_cache.h): what
// `name` resolves to on objects whose class (or, for modules and classes,
// the receiver itself) is `key` at `version`.
struct AttrCacheEntry {
  const Object* key = nullptr;  // borrowed; only compared, and checked with version
  uint64_t version = 0;         // key's type version or module dict version
  uint8_t kind = 0;             // attr_cache::Kind (0: unused way)
  uint8_t bind = 0;             // attr_cache::Bind
  int32_t index = -1;           // slot in `shape` (-1: absent there); with no shape, a dict entry hint
  uint64_t bloom = 0;           // dict_bloom_bits(hash of name)
  const Shape* shape = nullptr;     // the instance shape `index` describes (vm/shape.h)
  const Shape* shape_to = nullptr;  // kStore: the shape after the store (== shape: a replacement)
  Value value;                  // class attribute / method / property (strong)
};

// One inline cache. `name` is the index into CodeObject::names. LOAD_GLOBAL
// uses the scalar fields; attribute instructions use `ways`.
struct InlineCache {
  static constexpr size_t kWays = 4;
  uint32_t name = 0;
  uint32_t kind = 0;         // what was found (interpreter-private)
  uint64_t version = 0;      // globals dict version it was valid for
  uint64_t version2 = 0;     // builtins dict version
  int64_t index = -1;        // dict entry index
  Object* type = nullptr;    // the globals dict (borrowed; checked with version)
  uint32_t next_way = 0;     // round-robin replacement when all ways are taken
  AttrCacheEntry ways[kWays];
};

struct CodeObject : Object {
  VmVector<uint32_t> code;
  VmVector<Value> consts;
  VmVector<Value> names;      // interned str
  VmVector<Value> varnames;   // interned str; parameters first
  VmVector<Value> cellvars;   // names of cells this code creates
  VmVector<Value> freevars;   // names of cells it receives in its closure
  VmVector<int32_t> cell2arg; // per cellvar: the parameter it starts as, or -1
  VmVector<LineEntry> lines;
  VmVector<ExcEntry> exc_table;
  VmVector<InlineCache> caches;
  Value name, qualname, filename;
  int firstlineno = 1;
  int argcount = 0;           // positional parameters (incl. positional-only)
  int posonlyargcount = 0;
  int kwonlyargcount = 0;
  int nlocals = 0;            // == varnames.size()
  int stacksize = 0;
  uint32_t flags = 0;

  // Slot counts, fixed by the compiler when the code object is finished
  // (the call path reads them on every call).
  int ncells_ = 0;            // cellvars + freevars
  int nlive_ = 0;             // nlocals + ncells: slots that hold live Values at entry
  int nslots_ = 0;            // nlive + stacksize
  int ncells() const { return ncells_; }
  // Source line of instruction `pc` (binary search of `lines`).
  int line_of(uint32_t pc) const;
};

// Renders the bytecode of `code` and of every code object among its
// constants, recursively (vmrun --dis).
std::string disassemble(const CodeObject* code);

}  // namespace kiln::vm
