// tracer/bytecode_flow.cpp — what the tracer reads off raw bytecode without
// running it (tracer/bytecode_flow.h).
#include "tracer/bytecode_flow.h"

#include <string_view>

#include "vm/code.h"
#include "vm/ops.h"

namespace kiln::tracer {

namespace {

using vm::CodeObject;
using vm::Op;

// Per opcode (vm/opcodes.def): its fixed stack effect (kVarEffect when it
// depends on the argument), and its argument kind.
constexpr int kVarEffect = 1000;
constexpr int kStackEffect[] = {
#define VAR kVarEffect
#define OP(name, effect, kind) effect,
#include "vm/opcodes.def"
#undef OP
#undef VAR
};
constexpr std::string_view kArgKind[] = {
#define OP(name, effect, kind) #kind,
#include "vm/opcodes.def"
#undef OP
};

// How a break at `insn` (raw, run from stack depth k) continues when the
// interpreter runs it: one (pc, depth) per way out. Empty when a break there
// cannot be resumed (the instruction reads or writes locals or cells, ends
// the frame, or handles exceptions).
std::vector<std::pair<uint32_t, int>> successors(uint32_t pc, uint32_t insn, int k) {
  Op op = vm::decode_op(insn);
  uint32_t a = vm::decode_arg(insn);
  int e = kStackEffect[size_t(op)];
  std::string_view kind = kArgKind[size_t(op)];
  switch (op) {
    case Op::POP_JUMP_IF_FALSE:
    case Op::POP_JUMP_IF_TRUE: return {{pc + 1, k - 1}, {a, k - 1}};
    case Op::JUMP_IF_FALSE_OR_POP:
    case Op::JUMP_IF_TRUE_OR_POP: return {{pc + 1, k - 1}, {a, k}};
    case Op::CALL: e = -int(a); break;
    case Op::CALL_METHOD:
    case Op::CALL_KW: e = -int(a) - 1; break;
    case Op::CALL_EX: e = -1 - int(a & 1); break;
    case Op::BUILD_TUPLE:
    case Op::BUILD_LIST:
    case Op::BUILD_SET:
    case Op::BUILD_SLICE:
    case Op::BUILD_STRING: e = 1 - int(a); break;
    case Op::BUILD_MAP: e = 1 - 2 * int(a); break;
    case Op::BINARY_SLICE: e = -int(a); break;
    case Op::UNPACK_SEQUENCE: e = int(a) - 1; break;
    case Op::UNPACK_EX: e = int(a & 0xff) + int(a >> 8); break;
    case Op::FORMAT_VALUE: e = (a & 4) ? -1 : 0; break;
    case Op::MAKE_FUNCTION: e = -(int(a & 1) + int((a >> 1) & 1) + int((a >> 3) & 1)); break;
    case Op::LOAD_METHOD:  // may push the marker of a plain function
    case Op::LOAD_CLASSDEREF:
    case Op::LOAD_NAME:
    case Op::STORE_NAME:
    case Op::DELETE_NAME:
    case Op::RETURN_VALUE:
    case Op::YIELD_VALUE:
    case Op::GET_YIELD_FROM_ITER:
    case Op::YIELD_FROM:
    case Op::RAISE_VARARGS:
    case Op::RERAISE:
    case Op::PUSH_EXC_INFO:
    case Op::POP_EXCEPT:
    case Op::POP_EXCEPT_RERAISE:
    case Op::CHECK_EXC_MATCH:
    case Op::WITH_EXIT:
    case Op::WITH_EXCEPT_START:
    case Op::IMPORT_STAR:
    case Op::SETUP_ANNOTATIONS:
    case Op::COPY_FREE_VARS: return {};
    default:
      if (e == kVarEffect || kind == "LOCAL" || kind == "CELL" || kind == "JUMP") return {};
      if (uint32_t(op) >= uint32_t(Op::COPY_FREE_VARS)) return {};  // superinstructions: not in raw code
      break;
  }
  return {{pc + 1, k + e}};
}

}  // namespace

bool is_jump_arg(Op op) { return kArgKind[size_t(op)] == "JUMP"; }

std::vector<std::pair<uint32_t, int>> resume_successors(uint32_t pc, uint32_t insn, int k) {
  return successors(pc, insn, k);
}

bool is_try_block(const CodeObject* co, const vm::ExcEntry& h) {
  const auto& code = co->raw_code;
  if (h.handler >= code.size() || vm::decode_op(code[h.handler]) != Op::PUSH_EXC_INFO) return false;
  return h.handler + 1 >= code.size() || vm::decode_op(code[h.handler + 1]) != Op::WITH_EXCEPT_START;
}

std::vector<bool> live_locals_at(const CodeObject* co, uint32_t at) {
  // Backward liveness over the raw code: LOAD_FAST and DELETE_FAST use a
  // local, STORE_FAST kills it; every instruction in an exception-table
  // range also flows to its handler. Code that may read its locals by name
  // (locals(), vars(), eval, exec, dir) keeps them all.
  const auto& code = co->raw_code;
  size_t n = size_t(co->nlocals), npc = code.size();
  std::vector<bool> all(n, true);
  for (uint32_t insn : code) {
    Op op = vm::decode_op(insn);
    if (op == Op::LOAD_GLOBAL || op == Op::LOAD_NAME) {
      uint32_t a = vm::decode_arg(insn);
      size_t ni = op == Op::LOAD_GLOBAL ? co->caches[a].name : a;
      if (ni >= co->names.size()) return all;
      std::string_view nm = vm::str_view(co->names[ni]);
      if (nm == "locals" || nm == "vars" || nm == "eval" || nm == "exec" || nm == "dir") return all;
    }
  }
  if (at >= npc) return all;
  std::vector<std::vector<bool>> in(npc, std::vector<bool>(n, false));
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t p = npc; p-- > 0;) {
      Op op = vm::decode_op(code[p]);
      uint32_t a = vm::decode_arg(code[p]);
      std::vector<bool> out(n, false);
      auto flow = [&](size_t to) {
        if (to < npc)
          for (size_t i = 0; i < n; i++) out[i] = out[i] || in[to][i];
      };
      bool falls = op != Op::RETURN_VALUE && op != Op::RAISE_VARARGS && op != Op::RERAISE &&
                   op != Op::POP_EXCEPT_RERAISE && op != Op::JUMP;
      if (falls) flow(p + 1);
      if (kArgKind[size_t(op)] == "JUMP") flow(a);
      for (const vm::ExcEntry& h : co->exc_table)
        if (p >= h.start && p < h.end) flow(h.handler);
      if (op == Op::STORE_FAST && a < n) out[a] = false;
      if ((op == Op::LOAD_FAST || op == Op::DELETE_FAST) && a < n) out[a] = true;
      if (out != in[p]) {
        in[p] = std::move(out);
        changed = true;
      }
    }
  }
  return in[at];
}

std::vector<int> bytecode_stack_depths(const CodeObject* co) {
  const auto& code = co->raw_code;
  std::vector<int> depth(code.size(), -1);
  std::vector<uint32_t> work;
  auto reach = [&](uint32_t pc, int d) {
    if (pc >= code.size() || d < 0 || depth[pc] >= 0) return;
    depth[pc] = d;
    work.push_back(pc);
  };
  reach(0, 0);
  for (const vm::ExcEntry& h : co->exc_table) reach(h.handler, int(h.depth) + 1);
  while (!work.empty()) {
    uint32_t pc = work.back();
    work.pop_back();
    int k = depth[pc];
    Op op = vm::decode_op(code[pc]);
    uint32_t a = vm::decode_arg(code[pc]);
    switch (op) {
      case Op::RETURN_VALUE:
      case Op::RAISE_VARARGS:
      case Op::RERAISE:
      case Op::POP_EXCEPT_RERAISE: continue;
      case Op::JUMP: reach(a, k); continue;
      case Op::FOR_ITER:
        reach(pc + 1, k + 1);
        reach(a, k - 1);
        continue;
      case Op::LOAD_METHOD: reach(pc + 1, k + 1); continue;
      case Op::LOAD_FAST:
      case Op::LOAD_DEREF:
      case Op::LOAD_CLOSURE:
      case Op::LOAD_CLASSDEREF:
      case Op::LOAD_NAME: reach(pc + 1, k + 1); continue;
      case Op::STORE_FAST:
      case Op::STORE_DEREF:
      case Op::STORE_NAME: reach(pc + 1, k - 1); continue;
      case Op::DELETE_FAST:
      case Op::DELETE_DEREF:
      case Op::DELETE_NAME: reach(pc + 1, k); continue;
      default: break;
    }
    auto next = successors(pc, code[pc], k);
    if (next.empty()) {
      int e = kStackEffect[size_t(op)];
      if (e == kVarEffect) continue;  // not followed: its depth stays unknown
      reach(pc + 1, k + e);
      continue;
    }
    for (auto [to, d] : next) reach(to, d);
  }
  return depth;
}

}  // namespace kiln::tracer
