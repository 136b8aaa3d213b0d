// vm/disassembler.cpp — human-readable bytecode (vmrun --dis), in the spirit
// of CPython's `dis`: one line per instruction with its source line, offset,
// name, argument and what the argument means.
#include <cstdio>
#include <string>
#include <vector>

#include "vm/code.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

enum class ArgKind { NONE, CONST, LOCAL, NAME, CELL, JUMP, COUNT, OP, CACHE };

constexpr ArgKind kArgKinds[] = {
#define OP(name, effect, kind) ArgKind::kind,
#include "vm/opcodes.def"
#undef OP
};

constexpr const char* kOpNames[] = {
#define OP(name, effect, kind) #name,
#include "vm/opcodes.def"
#undef OP
};

std::string const_repr(const Value& v) {
  if (v.is_none()) return "None";
  if (v.is_true()) return "True";
  if (v.is_false()) return "False";
  if (v.is_ellipsis()) return "Ellipsis";
  if (v.is_small_int()) return std::to_string(v.as_small_int());
  if (v.is_double()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v.as_double());
    return buf;
  }
  if (is_str(v)) {
    std::string s = "'";
    for (char c : str_view(v)) {
      if (c == '\n') s += "\\n";
      else if (c == '\'') s += "\\'";
      else s += c;
    }
    return s + "'";
  }
  if (is_kind(v, ObjKind::Code)) {
    auto* c = v.as<CodeObject>();
    return "<code object " + std::string(str_view(c->name)) + ", line " + std::to_string(c->firstlineno) + ">";
  }
  if (is_kind(v, ObjKind::Tuple)) {
    auto* t = v.as<TupleObject>();
    std::string s = "(";
    for (size_t i = 0; i < t->size; i++) {
      if (i) s += ", ";
      s += const_repr(t->items[i]);
    }
    if (t->size == 1) s += ",";
    return s + ")";
  }
  if (is_kind(v, ObjKind::Int)) return std::to_string(v.as<IntObject>()->value);
  return "<" + std::string(obj_kind_name(v.as_object()->kind)) + ">";
}

void disassemble_one(const CodeObject* co, std::string& out) {
  out += "Disassembly of <code object " + std::string(str_view(co->name)) + ", file \"" +
         std::string(str_view(co->filename)) + "\", line " + std::to_string(co->firstlineno) + ">:\n";
  int last_line = -1;
  char buf[256];
  std::vector<bool> is_handler(co->code.size(), false);  // ">>" marks, without a scan per instruction
  for (auto& e : co->exc_table)
    if (e.handler < is_handler.size()) is_handler[e.handler] = true;
  for (uint32_t pc = 0; pc < co->code.size(); pc++) {
    uint32_t insn = co->code[pc];
    Op op = decode_op(insn);
    uint32_t arg = decode_arg(insn);
    int line = co->line_of(pc);
    std::string line_col = line != last_line ? std::to_string(line) : "";
    last_line = line;
    std::string note;
    switch (kArgKinds[int(op)]) {
      case ArgKind::CONST:
        if (arg < co->consts.size()) note = const_repr(co->consts[arg]);
        break;
      case ArgKind::LOCAL:
        if (arg < co->varnames.size()) note = std::string(str_view(co->varnames[arg]));
        break;
      case ArgKind::NAME:
        if (arg < co->names.size()) note = std::string(str_view(co->names[arg]));
        break;
      case ArgKind::CACHE:
        if (arg < co->caches.size() && co->caches[arg].name < co->names.size())
          note = std::string(str_view(co->names[co->caches[arg].name]));
        break;
      case ArgKind::CELL: {
        size_t nc = co->cellvars.size();
        if (arg < nc) note = std::string(str_view(co->cellvars[arg]));
        else if (arg - nc < co->freevars.size()) note = std::string(str_view(co->freevars[arg - nc]));
        break;
      }
      case ArgKind::JUMP: note = "to " + std::to_string(arg); break;
      case ArgKind::OP:
        if (op == Op::BINARY_OP || op == Op::INPLACE_OP) {
          static const char* syms[] = {
#define X(name, sym, dunder) sym,
              KILN_AST_BINOPS(X)
#undef X
          };
          note = std::string(syms[arg]) + (op == Op::INPLACE_OP ? "=" : "");
        } else if (op == Op::COMPARE_OP) {
          static const char* syms[] = {
#define X(name, sym) sym,
              KILN_AST_CMPOPS(X)
#undef X
          };
          note = syms[arg];
        } else if (op == Op::UNARY_OP) {
          static const char* syms[] = {"~", "not", "+", "-"};
          note = syms[arg & 3];
        }
        break;
      default: break;
    }
    bool marker = is_handler[pc];
    std::snprintf(buf, sizeof buf, "%4s %s %6u %-28s %u", line_col.c_str(), marker ? ">>" : "  ", pc, kOpNames[int(op)],
                  arg);
    out += buf;
    if (!note.empty()) out += " (" + note + ")";
    out += "\n";
  }
  if (!co->exc_table.empty()) {
    out += "ExceptionTable:\n";
    for (auto& e : co->exc_table) {
      std::snprintf(buf, sizeof buf, "  %u to %u -> %u [%u]\n", e.start, e.end, e.handler, e.depth);
      out += buf;
    }
  }
  out += "\n";
  for (auto& c : co->consts)
    if (is_kind(c, ObjKind::Code)) disassemble_one(c.as<CodeObject>(), out);
}

}  // namespace

const char* op_name(Op op) { return int(op) < int(Op::Count_) ? kOpNames[int(op)] : "?"; }

std::string disassemble(const CodeObject* code) {
  std::string out;
  disassemble_one(code, out);
  return out;
}

}  // namespace kiln::vm
