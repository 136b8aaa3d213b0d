// tests/fuzz/fuzz_compiler.cpp — libFuzzer target over the whole front end:
// lexer, parser, scope analysis (vm/symtable), bytecode compiler and
// disassembler. Nothing is executed.
//
// Each input is parsed (parse_module, and parse_expression for the
// f-string / eval paths); a module that parses is dumped and then compiled
// into a CodeObject, as a script (`vmrun x.py`) and as REPL input
// (interactive: expression statements print); each code object is checked
// by the bytecode verifier below and disassembled (`vmrun --dis`). A source
// that does not compile must raise a SyntaxError / IndentationError /
// TabError (with a 1-based line and offset) or a NotImplementedError naming
// the line; its traceback is rendered as vmrun would print it.
//
// Properties checked, besides "no crash, no hang, no sanitizer report":
//   * compile returns a code object with no exception pending, or Empty
//     with one of the exceptions above pending;
//   * the bytecode is well formed (verify_code: operands, jump targets,
//     exception table, superinstructions, closures, stack depths);
//   * the compiler frees what it allocates: when a compile leaves more live
//     VM objects than before (new interned names), compiling the same module
//     again must leave exactly as many as the first time. A reference leaked
//     by the compiler is invisible to LeakSanitizer (the VM frees every
//     object it owns when it dies), so it is counted here.
//
// The same entry point is linked into kiln_fuzz_replay (tests/fuzz/replay_main.cpp)
// in every build; CTest replays tests/fuzz/regressions/ and the script corpus
// through it (fuzz_regressions, fuzz_seed_corpus; under the asan preset,
// with the sanitizers).
//
// Build and run (clang, the `fuzz` preset): see tests/fuzz/README.md.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "kiln/kiln.h"
#include "vm/ast.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/gc.h"
#include "vm/exception.h"
#include "vm/numbers.h"
#include "vm/ops.h"
#include "vm/parser.h"
#include "vm/str.h"
#include "vm/vm.h"

namespace {

using namespace kiln::vm;

[[noreturn]] void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz_compiler: %s%s%.*s\n", what, detail.empty() ? "" : ": ", int(detail.size()),
               detail.data());
  std::abort();
}

// The VM's live tracked objects (containers, code, functions...). The fuzz
// VM never collects cycles automatically (gc_threshold 0), so a cycle the
// compiler made and dropped counts too. Untracked atomic objects (str, int)
// are not counted: a leaked one outlives the VM and LeakSanitizer reports it.
size_t count_objects(VM& vm) { return gc_tracked_count(vm); }

int64_t int_attr(VM& vm, const Value& exc, const char* name) {
  Value key = vm.intern(name);
  Value v = getattr(vm, exc, key.as<StrObject>());
  int64_t i = 0;
  if (!v || !int_value(v, &i)) fail("SyntaxError lacks an int attribute", name);
  return i;
}

// ---------------------------------------------------------------- bytecode verifier
// What the interpreter takes for granted about a code object, checked on
// everything the compiler produces: operands in range, jump targets and the
// exception table inside the code, fused superinstructions matching the
// instruction they absorb, closures wired to the right cells, and one stack
// depth per instruction on every path (never negative, never above
// stacksize, exactly the return value at RETURN_VALUE, no falling off the
// end). A violation would be an out-of-bounds access or a corrupted stack at
// run time, so it aborts here, before anything runs.

enum class ArgKind { NONE, CONST, LOCAL, NAME, CELL, JUMP, COUNT, OP, CACHE };
constexpr ArgKind kArgKinds[] = {
#define OP(name, effect, kind) ArgKind::kind,
#include "vm/opcodes.def"
#undef OP
};
constexpr int kVar = INT32_MIN;
constexpr int kFixedEffect[] = {
#define VAR kVar
#define OP(name, effect, kind) effect,
#include "vm/opcodes.def"
#undef OP
#undef VAR
};
constexpr uint32_t kNumBinOps = 0
#define X(name, sym, dunder) +1
    KILN_AST_BINOPS(X)
#undef X
    ;

[[noreturn]] void bad_code(const CodeObject* co, uint32_t pc, const std::string& what) {
  std::string where = std::string(str_view(co->qualname)) + " @" + std::to_string(pc);
  if (pc < co->code.size()) where += " " + std::string(op_name(decode_op(co->code[pc])));
  fail("compiler produced bad bytecode", where + ": " + what);
}

bool no_fallthrough(Op op) {
  return op == Op::JUMP || op == Op::JUMP_FOR_ITER || op == Op::RETURN_VALUE || op == Op::RAISE_VARARGS || op == Op::RERAISE ||
         op == Op::POP_EXCEPT_RERAISE;
}

// Stack effect on the fall-through path (superinstructions: their first half;
// the absorbed instruction follows them in the code and is checked as itself).
int fallthrough_effect(Op op, uint32_t arg) {
  switch (op) {
    case Op::CALL: return -int(arg);
    case Op::CALL_METHOD:
    case Op::CALL_KW: return -int(arg) - 1;
    case Op::CALL_EX: return -1 - int(arg & 1);
    case Op::BUILD_TUPLE:
    case Op::BUILD_LIST:
    case Op::BUILD_SET:
    case Op::BUILD_STRING:
    case Op::BUILD_SLICE: return 1 - int(arg);
    case Op::BINARY_SLICE: return -int(arg);
    case Op::BUILD_MAP: return 1 - 2 * int(arg);
    case Op::UNPACK_SEQUENCE:
    case Op::UNPACK_SEQUENCE_STORE_FAST: return int(arg) - 1;
    case Op::UNPACK_EX: return int(arg & 0xff) + int(arg >> 8);
    case Op::FORMAT_VALUE: return (arg & 4) ? -1 : 0;
    case Op::JUMP_IF_FALSE_OR_POP:
    case Op::JUMP_IF_TRUE_OR_POP: return -1;
    case Op::FOR_ITER:
    case Op::FOR_ITER_STORE_FAST:
    case Op::FOR_ITER_STORE_FAST_LOAD_FAST: return 1;
    case Op::MAKE_FUNCTION: return -(int(arg & 1) + int((arg >> 1) & 1) + int((arg >> 3) & 1));
    case Op::RAISE_VARARGS: return -int(arg);
    case Op::LOAD_FAST_LOAD_FAST:
    case Op::LOAD_FAST_LOAD_CONST:
    case Op::LOAD_CONST_LOAD_FAST:
    case Op::LOAD_FAST_LOAD_FAST_BINARY:
    case Op::LOAD_FAST_LOAD_FAST_BINARY_STORE_FAST:
    case Op::LOAD_FAST_LOAD_CONST_BINARY_STORE_FAST:
    case Op::LOAD_FAST_LOAD_FAST_COMPARE_JUMP:
    case Op::LOAD_FAST_LOAD_CONST_COMPARE_JUMP:
    case Op::LOAD_FAST_LOAD_FAST_SUBSCR:
    case Op::LOAD_FAST_LOAD_FAST_STORE_SUBSCR: return 1;
    case Op::STORE_FAST_LOAD_FAST: return -1;
    case Op::COMPARE_JUMP: return -1;
    default: return kFixedEffect[int(op)];
  }
}

// Items an instruction needs on the stack before it runs.
int needs(Op op, uint32_t arg) {
  switch (op) {
    case Op::CALL: return int(arg) + 1;
    case Op::CALL_METHOD: return int(arg) + 2;
    case Op::CALL_KW: return int(arg) + 2;
    case Op::CALL_EX: return 2 + int(arg & 1);
    case Op::BUILD_TUPLE:
    case Op::BUILD_LIST:
    case Op::BUILD_SET:
    case Op::BUILD_STRING:
    case Op::BUILD_SLICE: return int(arg);
    case Op::BINARY_SLICE: return int(arg) + 1;
    case Op::BUILD_MAP: return 2 * int(arg);
    case Op::UNPACK_SEQUENCE_STORE_FAST:
    case Op::UNPACK_SEQUENCE:
    case Op::UNPACK_EX: return 1;
    case Op::FORMAT_VALUE: return (arg & 4) ? 2 : 1;
    case Op::MAKE_FUNCTION: return 1 - fallthrough_effect(op, arg);
    case Op::RAISE_VARARGS: return int(arg);
    // Containers addressed below the popped operands: sp[-arg] after the pops.
    case Op::LIST_APPEND:
    case Op::SET_ADD:
    case Op::LIST_EXTEND:
    case Op::SET_UPDATE:
    case Op::DICT_UPDATE:
    case Op::DICT_MERGE: return 1 + int(op == Op::LIST_EXTEND ? (arg & 0xffff) : arg);
    case Op::MAP_ADD: return 2 + int(arg);
    case Op::DUP_TOP:
    case Op::POP_TOP:
    case Op::GET_ITER:
    case Op::GET_YIELD_FROM_ITER:
    case Op::RETURN_VALUE:
    case Op::YIELD_VALUE:
    case Op::LIST_TO_TUPLE:
    case Op::UNARY_OP:
    case Op::POP_JUMP_IF_FALSE:
    case Op::POP_JUMP_IF_TRUE:
    case Op::JUMP_IF_FALSE_OR_POP:
    case Op::JUMP_IF_TRUE_OR_POP:
    case Op::FOR_ITER:
    case Op::FOR_ITER_STORE_FAST:
    case Op::FOR_ITER_STORE_FAST_LOAD_FAST:
    case Op::STORE_FAST:
    case Op::STORE_DEREF:
    case Op::STORE_GLOBAL:
    case Op::STORE_NAME:
    case Op::LOAD_ATTR:
    case Op::LOAD_METHOD:
    case Op::DELETE_ATTR:
    case Op::RERAISE:
    case Op::POP_EXCEPT:
    case Op::PUSH_EXC_INFO:
    case Op::BEFORE_WITH:
    case Op::WITH_EXIT:
    case Op::IMPORT_FROM:
    case Op::IMPORT_STAR:
    case Op::PRINT_EXPR:
    case Op::STORE_FAST_LOAD_FAST: return 1;
    case Op::ROT_TWO:
    case Op::DUP_TOP_TWO:
    case Op::BINARY_OP:
    case Op::INPLACE_OP:
    case Op::COMPARE_OP:
    case Op::IS_OP:
    case Op::CONTAINS_OP:
    case Op::BINARY_SUBSCR:
    case Op::STORE_ATTR:
    case Op::DELETE_SUBSCR:
    case Op::YIELD_FROM:
    case Op::POP_EXCEPT_RERAISE:
    case Op::CHECK_EXC_MATCH:
    case Op::IMPORT_NAME:
    case Op::COMPARE_JUMP:
    case Op::IS_OP_JUMP:
    case Op::CONTAINS_OP_JUMP:
    case Op::DUP_TOP_TWO_BINARY_SUBSCR:
    case Op::ROT_TWO_STORE_ATTR: return 2;
    case Op::ROT_THREE_STORE_SUBSCR: return 3;
    case Op::DUP_TOP_LOAD_ATTR: return 1;
    case Op::ROT_THREE:
    case Op::STORE_SUBSCR:
    case Op::WITH_EXCEPT_START: return 3;
    case Op::ROT_FOUR: return 4;
    default: return 0;
  }
}

// Whether `insn` loads constant k: LOAD_CONST k, or LOAD_CONST_BINARY that
// starts with it.
bool is_load_const(uint32_t insn, uint32_t k) {
  Op op = decode_op(insn);
  uint32_t arg = decode_arg(insn);
  return (op == Op::LOAD_CONST && arg == k) || (op == Op::LOAD_CONST_BINARY && (arg & 0xffff) == k) ||
         (op == Op::LOAD_CONST_LOAD_FAST && (arg & 0xfff) == k);
}

// LOAD_FAST a; LOAD_FAST b / LOAD_CONST k; BINARY_OP/INPLACE_OP op, all three
// kept (the first word is `op`, arg `arg`, at pc).
void verify_binary_triple(const CodeObject* co, uint32_t pc, Op op, uint32_t arg) {
  const auto& c = co->code;
  if (op == Op::LOAD_FAST_LOAD_FAST_BINARY) {
    // LOAD_FAST a; LOAD_FAST b; BINARY_OP/INPLACE_OP op, all three kept.
    uint32_t a = arg & 0xff, b = (arg >> 8) & 0xff, bop = arg >> 16;
    if (a >= co->varnames.size() || b >= co->varnames.size()) bad_code(co, pc, "local index out of range");
    if (bop >= kNumBinOps) bad_code(co, pc, "bad binary operator");
    bool ok = pc + 2 < c.size() && decode_op(c[pc + 1]) == Op::LOAD_FAST && decode_arg(c[pc + 1]) == b &&
              (decode_op(c[pc + 2]) == Op::BINARY_OP || decode_op(c[pc + 2]) == Op::INPLACE_OP) &&
              decode_arg(c[pc + 2]) == bop;
    if (!ok) bad_code(co, pc, "superinstruction does not match the instructions it absorbs");
    return;
  }
  // LOAD_FAST a; LOAD_CONST k; BINARY_OP/INPLACE_OP op, all three kept.
  uint32_t a = arg & 0xff, k = (arg >> 8) & 0x3ff, bop = arg >> 18;
  if (a >= co->varnames.size()) bad_code(co, pc, "local index out of range");
  if (k >= co->consts.size()) bad_code(co, pc, "constant index out of range");
  if (bop >= kNumBinOps) bad_code(co, pc, "bad binary operator");
  bool ok = pc + 2 < c.size() && is_load_const(c[pc + 1], k) &&
            (decode_op(c[pc + 2]) == Op::BINARY_OP || decode_op(c[pc + 2]) == Op::INPLACE_OP) &&
            decode_arg(c[pc + 2]) == bop;
  if (!ok) bad_code(co, pc, "superinstruction does not match the instructions it absorbs");
}

void verify_operands(const CodeObject* co, uint32_t pc) {
  const auto& c = co->code;
  uint32_t insn = c[pc];
  if (uint32_t(insn & 0xff) >= uint32_t(Op::Count_)) bad_code(co, pc, "unknown opcode");
  Op op = decode_op(insn);
  uint32_t arg = decode_arg(insn);
  size_t ncells = co->cellvars.size() + co->freevars.size();
  switch (kArgKinds[int(op)]) {
    case ArgKind::CONST:
      if (arg >= co->consts.size()) bad_code(co, pc, "constant index out of range");
      break;
    case ArgKind::LOCAL:
      if (arg >= co->varnames.size()) bad_code(co, pc, "local index out of range");
      break;
    case ArgKind::NAME:
      if (arg >= co->names.size()) bad_code(co, pc, "name index out of range");
      break;
    case ArgKind::CACHE:
      if (arg >= co->caches.size() || co->caches[arg].name >= co->names.size())
        bad_code(co, pc, "inline cache index out of range");
      break;
    case ArgKind::CELL:
      if (arg >= ncells) bad_code(co, pc, "cell index out of range");
      break;
    case ArgKind::JUMP:
      if (arg >= c.size()) bad_code(co, pc, "jump target out of range");
      break;
    case ArgKind::OP:
      if ((op == Op::BINARY_OP || op == Op::INPLACE_OP) && arg >= kNumBinOps) bad_code(co, pc, "bad binary operator");
      if (op == Op::COMPARE_OP && arg > uint32_t(ast::CmpOpKind::GtE)) bad_code(co, pc, "bad comparison");
      if (op == Op::UNARY_OP && arg > uint32_t(ast::UnaryOpKind::USub)) bad_code(co, pc, "bad unary operator");
      break;
    default: break;
  }
  // The instruction a superinstruction absorbs stays in place (a jump to it
  // runs it alone); it may itself be the first half of the next pair.
  auto next_is = [&](Op want, uint32_t want_arg) {
    bool ok = pc + 1 < c.size();
    if (ok) {
      Op n = decode_op(c[pc + 1]);
      uint32_t na = decode_arg(c[pc + 1]);
      ok = (n == want && na == want_arg) ||
           (want == Op::LOAD_FAST && n == Op::LOAD_FAST_LOAD_FAST && (na & 0xfff) == want_arg) ||
           (want == Op::LOAD_FAST && n == Op::LOAD_FAST_LOAD_FAST_SUBSCR && (na & 0xfff) == want_arg) ||
           (want == Op::LOAD_FAST && n == Op::LOAD_FAST_LOAD_FAST_BINARY && (na & 0xff) == want_arg) ||
           (want == Op::LOAD_FAST && n == Op::LOAD_FAST_LOAD_FAST_COMPARE_JUMP && (na & 0xff) == want_arg) ||
           (want == Op::LOAD_FAST && n == Op::LOAD_FAST_LOAD_CONST_COMPARE_JUMP && (na & 0xff) == want_arg) ||
           (want == Op::LOAD_FAST && n == Op::LOAD_FAST_LOAD_FAST_STORE_SUBSCR && (na & 0xfff) == want_arg) ||
           (want == Op::LOAD_FAST && n == Op::LOAD_FAST_LOAD_CONST_BINARY && (na & 0xff) == want_arg) ||
           (want == Op::LOAD_FAST && (n == Op::LOAD_FAST_LOAD_ATTR || n == Op::LOAD_FAST_LOAD_METHOD) &&
            na == want_arg) ||
           (want == Op::LOAD_FAST && n == Op::LOAD_FAST_LOAD_CONST && (na & 0xfff) == want_arg) ||
           (want == Op::LOAD_CONST && (n == Op::LOAD_CONST_BINARY || n == Op::LOAD_CONST_LOAD_FAST) &&
            is_load_const(c[pc + 1], want_arg));
    }
    if (!ok) bad_code(co, pc, "superinstruction does not match the instruction it absorbs");
  };
  switch (op) {
    case Op::LOAD_FAST_LOAD_FAST:
    case Op::STORE_FAST_LOAD_FAST:
      if ((arg & 0xfff) >= co->varnames.size() || (arg >> 12) >= co->varnames.size())
        bad_code(co, pc, "local index out of range");
      next_is(Op::LOAD_FAST, arg >> 12);
      break;
    case Op::LOAD_FAST_LOAD_CONST:
      if ((arg & 0xfff) >= co->varnames.size()) bad_code(co, pc, "local index out of range");
      if ((arg >> 12) >= co->consts.size()) bad_code(co, pc, "constant index out of range");
      next_is(Op::LOAD_CONST, arg >> 12);
      break;
    case Op::LOAD_CONST_LOAD_FAST:
      if ((arg & 0xfff) >= co->consts.size()) bad_code(co, pc, "constant index out of range");
      if ((arg >> 12) >= co->varnames.size()) bad_code(co, pc, "local index out of range");
      next_is(Op::LOAD_FAST, arg >> 12);
      break;
    case Op::LOAD_FAST_LOAD_FAST_COMPARE_JUMP:
    case Op::LOAD_FAST_LOAD_CONST_COMPARE_JUMP: {
      // LOAD_FAST a; LOAD_FAST b / LOAD_CONST k; COMPARE_OP (or its fused
      // COMPARE_JUMP) cmp; POP_JUMP_IF_FALSE / TRUE t, all four kept.
      bool two_locals = op == Op::LOAD_FAST_LOAD_FAST_COMPARE_JUMP;
      uint32_t a = arg & 0xff, b = two_locals ? (arg >> 8) & 0xff : (arg >> 8) & 0x3ff;
      uint32_t cmp = two_locals ? (arg >> 16) & 0xf : (arg >> 18) & 0x7;
      uint32_t jump_if_true = two_locals ? arg >> 20 : arg >> 21;
      if (jump_if_true > 1) bad_code(co, pc, "bad jump sense");
      Op jump = jump_if_true ? Op::POP_JUMP_IF_TRUE : Op::POP_JUMP_IF_FALSE;
      if (a >= co->varnames.size() || (two_locals && b >= co->varnames.size())) bad_code(co, pc, "local index out of range");
      if (!two_locals && b >= co->consts.size()) bad_code(co, pc, "constant index out of range");
      if (cmp > uint32_t(ast::CmpOpKind::GtE)) bad_code(co, pc, "bad comparison");
      bool ok = pc + 3 < c.size() && decode_op(c[pc + 1]) == (two_locals ? Op::LOAD_FAST : Op::LOAD_CONST) &&
                decode_arg(c[pc + 1]) == b && decode_op(c[pc + 3]) == jump &&
                ((decode_op(c[pc + 2]) == Op::COMPARE_OP && decode_arg(c[pc + 2]) == cmp) ||
                 (decode_op(c[pc + 2]) == Op::COMPARE_JUMP && (decode_arg(c[pc + 2]) & 0xf) == (cmp | jump_if_true << 3) &&
                  (decode_arg(c[pc + 2]) >> 4) == decode_arg(c[pc + 3])));
      if (!ok) bad_code(co, pc, "superinstruction does not match the instructions it absorbs");
      break;
    }
    case Op::LOAD_FAST_LOAD_FAST_BINARY_STORE_FAST:
    case Op::LOAD_FAST_LOAD_CONST_BINARY_STORE_FAST: {
      // The triple, then STORE_FAST c, all four kept.
      Op triple = op == Op::LOAD_FAST_LOAD_FAST_BINARY_STORE_FAST ? Op::LOAD_FAST_LOAD_FAST_BINARY
                                                                  : Op::LOAD_FAST_LOAD_CONST_BINARY;
      if (!(pc + 3 < c.size() && decode_op(c[pc + 3]) == Op::STORE_FAST))
        bad_code(co, pc, "superinstruction does not match the instructions it absorbs");
      verify_binary_triple(co, pc, triple, arg);
      break;
    }
    case Op::LOAD_FAST_LOAD_FAST_BINARY:
    case Op::LOAD_FAST_LOAD_CONST_BINARY: verify_binary_triple(co, pc, op, arg); break;
    case Op::LOAD_FAST_LOAD_FAST_SUBSCR:
    case Op::LOAD_FAST_LOAD_FAST_STORE_SUBSCR: {
      // LOAD_FAST a; LOAD_FAST b; BINARY_SUBSCR / STORE_SUBSCR, all three kept.
      if ((arg & 0xfff) >= co->varnames.size() || (arg >> 12) >= co->varnames.size())
        bad_code(co, pc, "local index out of range");
      Op third = op == Op::LOAD_FAST_LOAD_FAST_SUBSCR ? Op::BINARY_SUBSCR : Op::STORE_SUBSCR;
      bool ok = pc + 2 < c.size() && decode_op(c[pc + 1]) == Op::LOAD_FAST && decode_arg(c[pc + 1]) == (arg >> 12) &&
                decode_op(c[pc + 2]) == third;
      if (!ok) bad_code(co, pc, "superinstruction does not match the instructions it absorbs");
      break;
    }
    case Op::COMPARE_JUMP:
      if ((arg & 0x7) > uint32_t(ast::CmpOpKind::GtE)) bad_code(co, pc, "bad comparison");
      if ((arg >> 4) >= c.size()) bad_code(co, pc, "jump target out of range");
      next_is((arg & 8) ? Op::POP_JUMP_IF_TRUE : Op::POP_JUMP_IF_FALSE, arg >> 4);
      break;
    case Op::LOAD_CONST_BINARY: {
      // LOAD_CONST k; BINARY_OP/INPLACE_OP op, both kept.
      uint32_t k = arg & 0xffff, bop = arg >> 16;
      if (k >= co->consts.size()) bad_code(co, pc, "constant index out of range");
      if (bop >= kNumBinOps) bad_code(co, pc, "bad binary operator");
      bool ok = pc + 1 < c.size() &&
                (decode_op(c[pc + 1]) == Op::BINARY_OP || decode_op(c[pc + 1]) == Op::INPLACE_OP) &&
                decode_arg(c[pc + 1]) == bop;
      if (!ok) bad_code(co, pc, "superinstruction does not match the instruction it absorbs");
      break;
    }
    case Op::DUP_TOP_TWO_BINARY_SUBSCR:
    case Op::ROT_THREE_STORE_SUBSCR:
    case Op::DUP_TOP_LOAD_ATTR:
    case Op::ROT_TWO_STORE_ATTR: {
      // A pair run as one: the second instruction, kept in place, follows.
      Op second = op == Op::DUP_TOP_TWO_BINARY_SUBSCR ? Op::BINARY_SUBSCR
                  : op == Op::ROT_THREE_STORE_SUBSCR  ? Op::STORE_SUBSCR
                  : op == Op::DUP_TOP_LOAD_ATTR       ? Op::LOAD_ATTR
                                                      : Op::STORE_ATTR;
      if (arg != 0 || !(pc + 1 < c.size() && decode_op(c[pc + 1]) == second))
        bad_code(co, pc, "superinstruction does not match the instruction it absorbs");
      break;
    }
    case Op::JUMP_FOR_ITER:
      if (decode_op(c[arg]) != Op::FOR_ITER && decode_op(c[arg]) != Op::FOR_ITER_STORE_FAST &&
          decode_op(c[arg]) != Op::FOR_ITER_STORE_FAST_LOAD_FAST)
        bad_code(co, pc, "JUMP_FOR_ITER to something other than FOR_ITER");
      break;
    case Op::UNPACK_SEQUENCE_STORE_FAST: {
      // UNPACK_SEQUENCE n, then the n stores it absorbs (the last may be
      // STORE_FAST_LOAD_FAST).
      bool ok = arg >= 2 && arg <= 16 && pc + arg < c.size();
      for (uint32_t k = 1; ok && k <= arg; k++) {
        Op s = decode_op(c[pc + k]);
        ok = s == Op::STORE_FAST || (k == arg && s == Op::STORE_FAST_LOAD_FAST);
      }
      if (!ok) bad_code(co, pc, "superinstruction does not match the instructions it absorbs");
      break;
    }
    case Op::FOR_ITER_STORE_FAST:
    case Op::FOR_ITER_STORE_FAST_LOAD_FAST: {
      // FOR_ITER t, then the STORE_FAST (or STORE_FAST_LOAD_FAST) it absorbs.
      Op second = op == Op::FOR_ITER_STORE_FAST ? Op::STORE_FAST : Op::STORE_FAST_LOAD_FAST;
      if (!(pc + 1 < c.size() && decode_op(c[pc + 1]) == second))
        bad_code(co, pc, "superinstruction does not match the instruction it absorbs");
      break;
    }
    case Op::IS_OP_JUMP:
    case Op::CONTAINS_OP_JUMP: {
      // IS_OP / CONTAINS_OP invert; POP_JUMP_IF_FALSE / TRUE t, both kept.
      uint32_t t = arg >> 2;
      Op jump = (arg & 2) ? Op::POP_JUMP_IF_TRUE : Op::POP_JUMP_IF_FALSE;
      if (t >= c.size()) bad_code(co, pc, "jump target out of range");
      next_is(jump, t);
      break;
    }
    case Op::LOAD_FAST_LOAD_ATTR:
    case Op::LOAD_FAST_LOAD_METHOD: {
      // LOAD_FAST a; LOAD_ATTR / LOAD_METHOD c, both kept (c is checked there).
      Op second = op == Op::LOAD_FAST_LOAD_ATTR ? Op::LOAD_ATTR : Op::LOAD_METHOD;
      if (!(pc + 1 < c.size() && decode_op(c[pc + 1]) == second))
        bad_code(co, pc, "superinstruction does not match the instruction it absorbs");
      break;
    }
    case Op::BUILD_SLICE:
      if (arg != 2 && arg != 3) bad_code(co, pc, "BUILD_SLICE of neither 2 nor 3");
      break;
    case Op::BINARY_SLICE:
      if (arg != 2 && arg != 3) bad_code(co, pc, "BINARY_SLICE of neither 2 nor 3");
      break;
    case Op::RAISE_VARARGS:
      if (arg > 2) bad_code(co, pc, "RAISE_VARARGS > 2");
      break;
    case Op::IS_OP:
    case Op::CONTAINS_OP:
      if (arg > 1) bad_code(co, pc, "flag out of range");
      break;
    case Op::CALL_EX:
      if (arg > (1 | kCallExRaw)) bad_code(co, pc, "flag out of range");
      break;
    case Op::FORMAT_VALUE:
      if (arg > 7) bad_code(co, pc, "flag out of range");
      break;
    case Op::LIST_APPEND:
    case Op::SET_ADD:
    case Op::MAP_ADD:
    case Op::SET_UPDATE:
    case Op::DICT_UPDATE:
    case Op::DICT_MERGE:
      if (arg == 0) bad_code(co, pc, "container at depth 0");
      break;
    case Op::LIST_EXTEND:
      if ((arg & 0xffff) == 0 || (arg & ~(0xffffu | kCallArgsFlag))) bad_code(co, pc, "bad LIST_EXTEND argument");
      break;
    case Op::YIELD_VALUE:
    case Op::YIELD_FROM:
      if (!(co->flags & kCodeGenerator)) bad_code(co, pc, "yield in a code object that is not a generator");
      break;
    case Op::MAKE_FUNCTION: {
      // make_closure's shape: [LOAD_CLOSURE x n, BUILD_TUPLE n,] LOAD_CONST code, MAKE_FUNCTION.
      if (arg & ~0xbu) bad_code(co, pc, "bad MAKE_FUNCTION flags");
      if (pc < 1 || decode_op(c[pc - 1]) != Op::LOAD_CONST || decode_arg(c[pc - 1]) >= co->consts.size() ||
          !is_kind(co->consts[decode_arg(c[pc - 1])], ObjKind::Code))
        bad_code(co, pc, "MAKE_FUNCTION not preceded by LOAD_CONST <code>");
      auto* child = co->consts[decode_arg(c[pc - 1])].as<CodeObject>();
      size_t nfree = child->freevars.size();
      if (bool(arg & 8) != (nfree > 0)) bad_code(co, pc, "closure flag does not match the code's free variables");
      if (nfree == 0) break;
      if (pc < 2 + nfree || decode_op(c[pc - 2]) != Op::BUILD_TUPLE || decode_arg(c[pc - 2]) != nfree)
        bad_code(co, pc, "closure tuple of the wrong size");
      for (size_t k = 0; k < nfree; k++) {
        uint32_t li = c[pc - 2 - nfree + k];
        uint32_t ci = decode_arg(li);
        if (decode_op(li) != Op::LOAD_CLOSURE || ci >= ncells) bad_code(co, pc, "closure built from a non-cell");
        const Value& cname = ci < co->cellvars.size() ? co->cellvars[ci] : co->freevars[ci - co->cellvars.size()];
        if (str_view(cname) != str_view(child->freevars[k]))
          bad_code(co, pc, "closure passes cell '" + std::string(str_view(cname)) + "' as free variable '" +
                               std::string(str_view(child->freevars[k])) + "'");
      }
      break;
    }
    default: break;
  }
}

void verify_code(const CodeObject* co) {
  const auto& c = co->code;
  if (c.empty()) bad_code(co, 0, "empty code");
  if (c.size() > kMaxArg) bad_code(co, 0, "code longer than a jump can reach");
  if (co->nlocals != int(co->varnames.size())) bad_code(co, 0, "nlocals != len(varnames)");
  if (co->cell2arg.size() != co->cellvars.size()) bad_code(co, 0, "cell2arg does not match cellvars");
  int nparams = co->argcount + co->kwonlyargcount + ((co->flags & kCodeVarargs) ? 1 : 0) +
                ((co->flags & kCodeVarkeywords) ? 1 : 0);
  if (co->posonlyargcount > co->argcount || nparams > co->nlocals) bad_code(co, 0, "parameter counts");
  for (int32_t a : co->cell2arg)
    if (a >= nparams) bad_code(co, 0, "cell2arg names no parameter");
  if (co->ncells_ != int(co->cellvars.size() + co->freevars.size()) || co->nlive_ != co->nlocals + co->ncells_ ||
      co->nslots_ != co->nlive_ + co->stacksize)
    bad_code(co, 0, "slot counts");
  // Line table: starts at 0, strictly increasing pcs, real lines.
  if (co->lines.empty() || co->lines[0].pc != 0) bad_code(co, 0, "line table does not start at 0");
  for (size_t i = 0; i < co->lines.size(); i++) {
    if (co->lines[i].line < 1) bad_code(co, co->lines[i].pc, "line number < 1");
    if (i && co->lines[i].pc <= co->lines[i - 1].pc) bad_code(co, co->lines[i].pc, "line table not increasing");
    if (co->lines[i].pc >= c.size()) bad_code(co, co->lines[i].pc, "line table past the end");
  }
  // Exception table: inside the code; regions properly nested, so that the
  // interpreter's "smallest covering range" is the innermost handler. Sorted
  // by start (longest first), each region must lie inside the innermost open
  // one or after it. Then, per instruction, the deepest stack a covering
  // handler unwinds to (a sweep; nested regions make a pairwise check
  // quadratic, and inputs with thousands of `with` items exist).
  std::vector<const ExcEntry*> regions;
  for (const ExcEntry& e : co->exc_table) {
    if (e.start >= e.end || e.end > c.size() || e.handler >= c.size())
      bad_code(co, e.start, "exception table entry out of range");
    regions.push_back(&e);
  }
  std::sort(regions.begin(), regions.end(), [](const ExcEntry* a, const ExcEntry* b) {
    return a->start != b->start ? a->start < b->start : a->end > b->end;
  });
  std::vector<const ExcEntry*> open;
  for (const ExcEntry* e : regions) {
    while (!open.empty() && open.back()->end <= e->start) open.pop_back();
    if (!open.empty() && e->end > open.back()->end) bad_code(co, e->start, "exception regions overlap without nesting");
    open.push_back(e);
  }
  std::vector<int> handler_floor(c.size(), -1);  // max depth of the handlers covering each pc
  {
    std::vector<std::vector<int>> starts(c.size() + 1), ends(c.size() + 1);
    for (const ExcEntry& e : co->exc_table) {
      starts[e.start].push_back(int(e.depth));
      ends[e.end].push_back(int(e.depth));
    }
    std::multiset<int> active;
    for (uint32_t pc = 0; pc < c.size(); pc++) {
      for (int d : ends[pc]) active.erase(active.find(d));
      for (int d : starts[pc]) active.insert(d);
      if (!active.empty()) handler_floor[pc] = *active.rbegin();
    }
  }
  for (uint32_t pc = 0; pc < c.size(); pc++) verify_operands(co, pc);

  // Stack depths along every path from the entry and from every handler.
  std::vector<int> depth(c.size(), -1);
  std::vector<uint32_t> work;
  auto reach = [&](uint32_t from, uint32_t to, int d) {
    if (to >= c.size()) bad_code(co, from, "control falls off the end of the code");
    if (d < 0) bad_code(co, from, "stack underflow");
    if (d > co->stacksize) bad_code(co, from, "stack deeper than stacksize");
    if (depth[to] < 0) {
      depth[to] = d;
      work.push_back(to);
    } else if (depth[to] != d) {
      bad_code(co, to, "stack depth " + std::to_string(d) + " from @" + std::to_string(from) + ", " +
                           std::to_string(depth[to]) + " from elsewhere");
    }
  };
  reach(0, 0, 0);
  for (const ExcEntry& e : co->exc_table) reach(e.start, e.handler, int(e.depth) + 1);
  while (!work.empty()) {
    uint32_t pc = work.back();
    work.pop_back();
    int d = depth[pc];
    Op op = decode_op(c[pc]);
    uint32_t arg = decode_arg(c[pc]);
    if (d < needs(op, arg)) bad_code(co, pc, "needs " + std::to_string(needs(op, arg)) + " items, stack has " +
                                                 std::to_string(d));
    if (op == Op::RETURN_VALUE && d != 1) bad_code(co, pc, "returns with " + std::to_string(d - 1) + " items left");
    if (op == Op::POP_EXCEPT_RERAISE || op == Op::RERAISE || op == Op::RAISE_VARARGS) continue;
    // Raising unwinds to a handler's depth: it must not be above this one.
    if (handler_floor[pc] > d)
      bad_code(co, pc, "handler depth " + std::to_string(handler_floor[pc]) + " above the stack (" + std::to_string(d) + ")");
    if (kArgKinds[int(op)] == ArgKind::JUMP) {
      int taken = d;
      if (op == Op::POP_JUMP_IF_FALSE || op == Op::POP_JUMP_IF_TRUE) taken = d - 1;
      if (op == Op::FOR_ITER || op == Op::FOR_ITER_STORE_FAST || op == Op::FOR_ITER_STORE_FAST_LOAD_FAST) taken = d - 1;
      reach(pc, arg, taken);
    }
    if (op == Op::COMPARE_JUMP) reach(pc, arg >> 4, d - 2);
    if (op == Op::IS_OP_JUMP || op == Op::CONTAINS_OP_JUMP) reach(pc, arg >> 2, d - 2);
    if (!no_fallthrough(op)) reach(pc, pc + 1, d + fallthrough_effect(op, arg));
  }
  for (const Value& k : co->consts)
    if (is_kind(k, ObjKind::Code)) verify_code(k.as<CodeObject>());
}

// Compiles `m`; checks the result and the pending exception, and exercises
// what a user sees (the disassembly, or the traceback).
void compile_once(VM& vm, ast::Module& m, const std::string& filename, bool interactive) {
  Value code = compile_module(vm, m, filename, interactive);
  if (code) {
    if (vm.has_exception()) fail("compile returned a code object with an exception pending");
    if (!is_kind(code, ObjKind::Code)) fail("compile returned something other than a code object");
    verify_code(code.as<CodeObject>());
    std::string dis = disassemble(code.as<CodeObject>());
    if (dis.empty()) fail("empty disassembly");
    return;
  }
  if (!vm.has_exception()) fail("compile failed with no exception pending");
  Value exc = vm.take_exception();
  std::string type = type_repr_name_of(vm, exc);
  std::string msg = exception_message(vm, exc);
  if (msg.empty()) fail("compile error without a message", type);
  if (type == "SyntaxError" || type == "IndentationError" || type == "TabError") {
    if (int_attr(vm, exc, "lineno") < 1) fail("SyntaxError without a line", msg);
    if (int_attr(vm, exc, "offset") < 1) fail("SyntaxError without an offset", msg);
  } else if (type == "NotImplementedError") {
    if (msg.find(", line ") == std::string::npos) fail("NotImplementedError does not name the line", msg);
  } else {
    fail("compile raised an unexpected exception", type + ": " + msg);
  }
  std::string tb = format_exception(vm, exc);
  if (tb.find(type) == std::string::npos) fail("traceback does not name the exception", tb);
  vm.clear_exception();
}

// One VM for many inputs: creating one (its builtin classes, interned names)
// costs far more than compiling a typical input. Nothing the compiler does
// depends on what an earlier input left behind (interned names only), and
// the VM is replaced every kInputsPerVm inputs so that the interned names
// of past inputs do not pile up.
constexpr int kInputsPerVm = 20000;

VM& fuzz_vm() {
  static kiln::Options options = [] {
    kiln::Options o;
    o.gc_threshold = 0;
    return o;
  }();
  static std::unique_ptr<VM> vm;
  static int uses = 0;
  if (!vm || ++uses >= kInputsPerVm) {
    vm.reset();
    vm = std::make_unique<VM>(options);
    vm->out = [](std::string_view) {};
    vm->err = [](std::string_view) {};
    uses = 0;
  }
  return *vm;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view src(reinterpret_cast<const char*>(data), size);
  ParseError err;
  auto expr = parse_expression(src, &err);
  if (expr) (void)ast::dump(*expr);
  expr.reset();

  err = ParseError();
  auto mod = parse_module(src, &err);
  if (!mod) {
    if (err.type.empty() || err.msg.empty() || err.line < 1 || err.col < 1) fail("malformed ParseError", err.msg);
    return 0;
  }
  if (ast::dump(*mod).empty()) fail("empty AST dump");

  VM& vm = fuzz_vm();
  const std::string filename = "<fuzz>";
  vm.sources[filename] = std::string(src);  // what compile_source records, for error source lines
  for (bool interactive : {false, true}) {
    size_t before = count_objects(vm);
    compile_once(vm, *mod, filename, interactive);
    size_t after_first = count_objects(vm);
    if (after_first == before) continue;
    // More objects: new interned names, or a leak. A second compile of the
    // same module interns nothing new, so it must not add any.
    compile_once(vm, *mod, filename, interactive);
    size_t after_second = count_objects(vm);
    if (after_second != after_first) {
      fail("the compiler leaked VM objects",
           std::to_string(after_second - after_first) + (interactive ? " (interactive)" : " (script)"));
    }
  }
  vm.sources.erase(filename);
  return 0;
}
