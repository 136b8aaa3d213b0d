// vm/compiler.cpp — see compiler.h.
#include "vm/compiler.h"
#include "vm/mangle.h"

#include <cmath>
#include <unordered_map>

#include "vm/code.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/parser.h"
#include "vm/set.h"
#include "vm/symtable.h"
#include "vm/trace_events.h"
#include "vm/tuple.h"
#include "vm/unparse.h"

namespace kiln::vm {

using namespace ast;

namespace {

constexpr int kStackEffect[] = {
#define VAR 0
#define OP(name, effect, kind) effect,
#include "vm/opcodes.def"
#undef OP
#undef VAR
};

struct Label {
  int pos = -1;
  int depth = -1;
  std::vector<uint32_t> refs;
};

// An entry of the compile-time block stack: what an early exit (return,
// break, continue) must clean up, and the exception-table region it opens.
// FinallyExc: the body of a `finally` running for an exception (stack: prev, exc).
// PopValue: a `finally` body inlined by a `return`, whose value waits below
// it on the stack; an early exit from that body must drop the value.
enum class BlockKind { Loop, ForLoop, TryFinally, With, HandlerCleanup, Region, FinallyExc, PopValue };
struct Block {
  explicit Block(BlockKind k, Label* brk = nullptr, Label* cont = nullptr) : kind(k), break_label(brk), continue_label(cont) {}
  BlockKind kind;
  Label* break_label = nullptr;     // loops
  Label* continue_label = nullptr;  // loops
  const StmtList* finalbody = nullptr;  // TryFinally
  std::string handler_name;         // HandlerCleanup: the `as` name to unbind
  bool has_region = false;
  Label* handler = nullptr;         // region handler
  int region_depth = 0;
  int seg_start = 0;
  bool paused = false;
};

class CodeGen;

struct CompileFailure {
  std::string type = "SyntaxError";
  std::string msg;
  Pos pos;
};

class CodeGen {
 public:
  CodeGen(VM& vm, const std::string& filename, Scope* scope, CodeGen* parent, bool interactive)
      : vm_(vm), filename_(filename), scope_(scope), parent_(parent), interactive_(interactive) {
    code_ = object_new<CodeObject>(vm, ObjKind::Code, vm.types.code);
    code_value_ = Value::steal(code_);
    code_->filename = make_str(vm, filename);
    // Slot numbering: parameters first, then other locals in first-seen order.
    for (auto& p : scope->params) local_index(p);
    if (scope->kind != ScopeKind::Module && scope->kind != ScopeKind::Class) {
      for (auto& n : scope->order) {
        NameScope r = scope->lookup(n);
        if (r == NameScope::Local || r == NameScope::Cell) local_index(n);
      }
    }
    for (auto& c : scope->cellvars) {
      code_->cellvars.push_back(vm.intern(c));
      int32_t arg = -1;
      for (size_t i = 0; i < scope->params.size(); i++)
        if (scope->params[i] == c) arg = int32_t(i);
      code_->cell2arg.push_back(arg);
    }
    for (auto& f : scope->freevars) code_->freevars.push_back(vm.intern(f));
  }

  CompileFailure* failure = nullptr;  // set on the first error
  CompileFailure fail_storage;

  Value finish_module(const Module& m);
  Value finish_function(const StmtList& body, const std::string& name, const std::string& qualname,
                        const Arguments* args, int firstline);
  Value finish_lambda(const Lambda& l, const std::string& qualname);
  Value finish_class(const ClassDef& c, const std::string& qualname);
  Value finish_comprehension(const Expr& e, const std::string& qualname);

  std::string qualname_prefix;  // "f.<locals>." / "C." for children
  // `from __future__ import annotations` at the top of the module: module
  // and class annotations are stored as strings (vm/unparse.h).
  bool future_annotations = false;
  bool annotations_as_strings() const { return parent_ ? parent_->annotations_as_strings() : future_annotations; }

 private:
  VM& vm_;
  const std::string& filename_;
  Scope* scope_;
  CodeGen* parent_;
  bool interactive_;
  CodeObject* code_;
  Value code_value_;
  int depth_ = 0;
  int max_depth_ = 0;
  bool reachable_ = true;
  int cur_line_ = 0;
  std::vector<Block> blocks_;
  std::vector<std::unique_ptr<Label>> labels_;
  std::unordered_map<std::string, int> local_idx_;
  std::unordered_map<std::string, uint32_t> name_idx_;
  std::unordered_map<uint64_t, uint32_t> const_idx_;  // immediates (small ints, floats, ...), by bits
  std::unordered_map<int64_t, uint32_t> boxed_int_const_idx_;  // ints too large for an immediate, by value
  std::unordered_map<std::string, uint32_t> str_const_idx_;

  // ------------------------------------------------------------ errors
  bool failed() const { return failure != nullptr; }
  void error(const std::string& msg, Pos p, const char* type = "SyntaxError") {
    if (failure) return;
    fail_storage.type = type;
    fail_storage.msg = msg;
    fail_storage.pos = p;
    failure = &fail_storage;
  }

  // ------------------------------------------------------------ tables
  int local_index(const std::string& n) {
    auto it = local_idx_.find(n);
    if (it != local_idx_.end()) return it->second;
    int i = int(code_->varnames.size());
    code_->varnames.push_back(vm_.intern(n));
    local_idx_[n] = i;
    return i;
  }
  uint32_t name_index(const std::string& n) {
    auto it = name_idx_.find(n);
    if (it != name_idx_.end()) return it->second;
    uint32_t i = uint32_t(code_->names.size());
    code_->names.push_back(vm_.intern(n));
    name_idx_[n] = i;
    return i;
  }
  uint32_t cell_index(const std::string& n) {
    for (size_t i = 0; i < scope_->cellvars.size(); i++)
      if (scope_->cellvars[i] == n) return uint32_t(i);
    for (size_t i = 0; i < scope_->freevars.size(); i++)
      if (scope_->freevars[i] == n) return uint32_t(scope_->cellvars.size() + i);
    return UINT32_MAX;
  }
  uint32_t add_const(Value v) {
    if (!v.is_object()) {
      auto it = const_idx_.find(v.bits());
      if (it != const_idx_.end()) return it->second;
      uint32_t i = uint32_t(code_->consts.size());
      const_idx_[v.bits()] = i;
      code_->consts.push_back(std::move(v));
      return i;
    }
    uint32_t i = uint32_t(code_->consts.size());
    code_->consts.push_back(std::move(v));
    return i;
  }
  uint32_t str_const(const std::string& s) {
    auto it = str_const_idx_.find(s);
    if (it != str_const_idx_.end()) return it->second;
    uint32_t i = uint32_t(code_->consts.size());
    code_->consts.push_back(vm_.intern(s));
    str_const_idx_[s] = i;
    return i;
  }
  uint32_t new_cache(uint32_t name) {
    uint32_t i = uint32_t(code_->caches.size());
    code_->caches.emplace_back();
    code_->caches.back().name = name;
    return i;
  }

  // ------------------------------------------------------------ emission
  void set_line(Pos p) {
    if (p.line > 0) cur_line_ = p.line;
  }
  uint32_t pc() const { return uint32_t(code_->code.size()); }
  void adjust(int d) {
    depth_ += d;
    if (depth_ > max_depth_) max_depth_ = depth_;
  }
  void emit_raw(Op op, uint32_t arg) {
    if (arg > kMaxArg) {
      error("function too large for Kiln's bytecode (argument overflow)", Pos{cur_line_, 1});
      arg = 0;
    }
    if (code_->lines.empty() || code_->lines.back().line != cur_line_) {
      if (!code_->lines.empty() && code_->lines.back().pc == pc())
        code_->lines.back().line = cur_line_;
      else
        code_->lines.push_back({pc(), cur_line_});
    }
    code_->code.push_back(encode(op, arg));
    reachable_ = !(op == Op::JUMP || op == Op::RETURN_VALUE || op == Op::RAISE_VARARGS || op == Op::RERAISE ||
                   op == Op::POP_EXCEPT_RERAISE);
  }
  // Fixed-effect instructions.
  void emit(Op op, uint32_t arg = 0) {
    emit_raw(op, arg);
    adjust(kStackEffect[int(op)]);
  }
  // Variable-effect instructions: the caller states the effect.
  void emitv(Op op, uint32_t arg, int effect) {
    emit_raw(op, arg);
    adjust(effect);
  }
  Label* new_label() {
    labels_.push_back(std::make_unique<Label>());
    return labels_.back().get();
  }
  // Jumps: `taken_depth` is the stack depth at the target.
  void emit_jump(Op op, Label* l) {
    int effect = 0, taken = depth_;
    switch (op) {
      case Op::JUMP: break;
      case Op::POP_JUMP_IF_FALSE:
      case Op::POP_JUMP_IF_TRUE: effect = -1; taken = depth_ - 1; break;
      case Op::JUMP_IF_FALSE_OR_POP:
      case Op::JUMP_IF_TRUE_OR_POP: effect = -1; taken = depth_; break;
      case Op::FOR_ITER: effect = 1; taken = depth_ - 1; break;
      default: break;
    }
    if (l->depth < 0) l->depth = taken;
    if (l->pos >= 0) {
      emit_raw(op, uint32_t(l->pos));  // backward jump to a bound label
    } else {
      l->refs.push_back(pc());
      emit_raw(op, 0);
    }
    adjust(effect);
  }
  void bind(Label* l) {
    l->pos = int(pc());
    for (uint32_t r : l->refs) {
      uint32_t insn = code_->code[r];
      code_->code[r] = encode(decode_op(insn), uint32_t(l->pos));
    }
    if (!reachable_ && l->depth >= 0) depth_ = l->depth;
    if (l->depth < 0) l->depth = depth_;
    if (!l->refs.empty()) reachable_ = true;
    // A label bound later than its jumps; future jumps patch immediately.
  }
  void emit_jump_back(Op op, Label* l) {  // target already bound
    int effect = (op == Op::POP_JUMP_IF_FALSE || op == Op::POP_JUMP_IF_TRUE) ? -1 : 0;
    emit_raw(op, uint32_t(l->pos));
    adjust(effect);
  }
  void jump_to(Op op, Label* l) {
    if (l->pos >= 0) emit_jump_back(op, l);
    else emit_jump(op, l);
  }

  // ------------------------------------------------------------ exception regions
  void open_region(Block& b, Label* handler, int depth) {
    b.has_region = true;
    b.handler = handler;
    b.region_depth = depth;
    b.seg_start = int(pc());
    b.paused = false;
    if (handler->depth < 0) handler->depth = depth + 1;
  }
  void close_segment(Block& b) {
    if (!b.has_region || b.paused) return;
    if (int(pc()) > b.seg_start) {
      handler_refs_.push_back({uint32_t(b.seg_start), pc(), b.handler, uint32_t(b.region_depth)});
    }
    b.paused = true;
  }
  void resume_segment(Block& b) {
    if (!b.has_region || !b.paused) return;
    b.seg_start = int(pc());
    b.paused = false;
  }
  struct PendingExc {
    uint32_t start, end;
    Label* handler;
    uint32_t depth;
  };
  std::vector<PendingExc> handler_refs_;

  // ------------------------------------------------------------ names
  void load_name(const std::string& n, Pos p) {
    switch (scope_->lookup(n)) {
      case NameScope::Local:
        emit(Op::LOAD_FAST, uint32_t(local_index(n)));
        break;
      case NameScope::Cell:
      case NameScope::Free:
        if (scope_->kind == ScopeKind::Class) emit(Op::LOAD_CLASSDEREF, cell_index(n));
        else emit(Op::LOAD_DEREF, cell_index(n));
        break;
      case NameScope::Global:
      case NameScope::GlobalImplicit:
        emit(Op::LOAD_GLOBAL, new_cache(name_index(n)));
        break;
      case NameScope::Name:
        emit(Op::LOAD_NAME, name_index(n));
        break;
    }
  }
  void store_name(const std::string& n) {
    switch (scope_->lookup(n)) {
      case NameScope::Local: emit(Op::STORE_FAST, uint32_t(local_index(n))); break;
      case NameScope::Cell:
      case NameScope::Free: emit(Op::STORE_DEREF, cell_index(n)); break;
      case NameScope::Global:
      case NameScope::GlobalImplicit: emit(Op::STORE_GLOBAL, name_index(n)); break;
      case NameScope::Name: emit(Op::STORE_NAME, name_index(n)); break;
    }
  }
  void delete_name(const std::string& n) {
    switch (scope_->lookup(n)) {
      case NameScope::Local: emit(Op::DELETE_FAST, uint32_t(local_index(n))); break;
      case NameScope::Cell:
      case NameScope::Free: emit(Op::DELETE_DEREF, cell_index(n)); break;
      case NameScope::Global:
      case NameScope::GlobalImplicit: emit(Op::DELETE_GLOBAL, name_index(n)); break;
      case NameScope::Name: emit(Op::DELETE_NAME, name_index(n)); break;
    }
  }

  // ------------------------------------------------------------ statements
  void stmts(const StmtList& body) {
    for (auto& s : body) {
      if (failed()) return;
      stmt(*s);
    }
  }
  void stmt(const Stmt& s);
  void assign_target(const Expr& t);
  void unpack_targets(const ExprList& elts, Pos p);
  void compile_for(const For& f);
  void compile_while(const While& w);
  void compile_if(const If& i);
  void compile_try(const Try& t);
  void compile_try_except(const Try& t);
  void compile_with(const With& w, size_t item);
  void compile_function_def(const FunctionDef& f);
  void compile_class_def(const ClassDef& c);
  void compile_import(const Import& im);
  void compile_import_from(const ImportFrom& im);
  void compile_return(const Return& r);
  void compile_break_continue(bool is_break, Pos p);
  void unwind_block(size_t i, bool preserve_tos);
  void compile_aug_assign(const AugAssign& a);
  void compile_delete(const Expr& t);

  // ------------------------------------------------------------ expressions
  void expr(const Expr& e);
  void constant(const Constant& c);
  Value constant_value(const Constant& c);
  void compile_call(const Call& c);
  bool call_args_simple(const Call& c) const;
  // kind: 0 list/tuple display, 1 set display, 2 call arguments.
  void starred_sequence(const ExprList& elts, Op build, int kind);
  void compile_compare(const Compare& c);
  void emit_compare_op(CmpOpKind op);
  bool rereadable_operands(const Compare& c);
  void compile_boolop(const BoolOp& b);
  void compile_jump_if(const Expr& e, bool jump_if_true, Label* target);
  void compile_comprehension(const Expr& e);
  void comprehension_body(const Expr& e, const std::vector<Comprehension>& gens, size_t i, int depth_items);
  void compile_joined_str(const JoinedStr& j);
  void compile_subscript_slice(const Expr& s);
  void make_closure(Scope* child, Value code, uint32_t flags, int extra_on_stack);
  void compile_dict(const Dict& d);
  bool is_const_tuple(const Tuple& t);
  Value folded_constant(const Expr& e);

  // Code objects of nested scopes are generated by child CodeGens.
  Scope* next_child() { return scope_->children[scope_->next_child++].get(); }
  std::string child_qualname(const std::string& name) const { return qualname_prefix + name; }

  void finalize(const std::string& name, const std::string& qualname, int firstline);
  void peephole();
};

// ====================================================================== finish
void CodeGen::finalize(const std::string& name, const std::string& qualname, int firstline) {
  code_->name = vm_.intern(name);
  code_->qualname = make_str(vm_, qualname);
  code_->firstlineno = firstline;
  code_->nlocals = int(code_->varnames.size());
  // Two spare slots: CALL of a bound method or callable instance shifts its
  // arguments up by one to run the function inlined (vm/interpreter.cpp).
  code_->stacksize = max_depth_ + 2;
  code_->ncells_ = int(code_->cellvars.size() + code_->freevars.size());
  code_->nlive_ = code_->nlocals + code_->ncells_;
  code_->nslots_ = code_->nlive_ + code_->stacksize;
  if (scope_->is_generator) code_->flags |= kCodeGenerator;
  if (parent_ && parent_->scope_->kind != ScopeKind::Module) code_->flags |= kCodeNested;
  for (auto& p : handler_refs_) {
    code_->exc_table.push_back({p.start, p.end, uint32_t(p.handler->pos), p.depth});
  }
  peephole();
}

namespace {
// The superinstruction that replaces the instruction at i, judged from the
// raw instructions at i and after; 0 when none applies. The plain pairs of
// loads and stores (LOAD_FAST_LOAD_FAST, LOAD_FAST_LOAD_CONST,
// LOAD_CONST_LOAD_FAST, STORE_FAST_LOAD_FAST) skip their second word, so
// they are not formed when that word starts a longer fusion; `lookahead`
// asks only for the longer ones (so the check looks one word ahead, not
// down a whole run of pairs).
uint32_t fusion_at(const VmVector<uint32_t>& c, size_t i, bool lookahead = false);

bool starts_longer_fusion(const VmVector<uint32_t>& c, size_t i) { return fusion_at(c, i, true) != 0; }

uint32_t fusion_at(const VmVector<uint32_t>& c, size_t i, bool lookahead) {
  if (i + 1 >= c.size()) return 0;
  Op a = decode_op(c[i]), b = decode_op(c[i + 1]);
  uint32_t x = decode_arg(c[i]), y = decode_arg(c[i + 1]);

  bool compare_jump = i + 3 < c.size() && decode_op(c[i + 2]) == Op::COMPARE_OP &&
                      decode_arg(c[i + 2]) <= uint32_t(CmpOpKind::GtE) &&
                      (decode_op(c[i + 3]) == Op::POP_JUMP_IF_FALSE || decode_op(c[i + 3]) == Op::POP_JUMP_IF_TRUE);
  uint32_t jump_if_true = compare_jump && decode_op(c[i + 3]) == Op::POP_JUMP_IF_TRUE;
  if (compare_jump && a == Op::LOAD_FAST && b == Op::LOAD_FAST && x < 256 && y < 256) {
    // `while i < j:` / `if a == b:` of two locals: four words, one dispatch
    // (the jump target is read from the POP_JUMP_IF_x word).
    return encode(Op::LOAD_FAST_LOAD_FAST_COMPARE_JUMP,
                  x | (y << 8) | (decode_arg(c[i + 2]) << 16) | (jump_if_true << 20));
  } else if (compare_jump && a == Op::LOAD_FAST && b == Op::LOAD_CONST && x < 256 && y < 1024) {
    return encode(Op::LOAD_FAST_LOAD_CONST_COMPARE_JUMP,
                  x | (y << 8) | (decode_arg(c[i + 2]) << 18) | (jump_if_true << 21));
  } else if (a == Op::LOAD_FAST && b == Op::LOAD_CONST && i + 2 < c.size() && x < 256 && y < 1024 &&
      (decode_op(c[i + 2]) == Op::BINARY_OP || decode_op(c[i + 2]) == Op::INPLACE_OP) &&
      decode_arg(c[i + 2]) < 64) {
    // `n - 1`, `i += 1`: a triple (the numeric fast path is the same for
    // the binary and the in-place form; anything else runs the originals).
    return encode(Op::LOAD_FAST_LOAD_CONST_BINARY, x | (y << 8) | (decode_arg(c[i + 2]) << 18));
  } else if (a == Op::LOAD_FAST && b == Op::LOAD_FAST && x < 256 && y < 256 && i + 2 < c.size() &&
             (decode_op(c[i + 2]) == Op::BINARY_OP || decode_op(c[i + 2]) == Op::INPLACE_OP) &&
             decode_arg(c[i + 2]) < 64) {
    // `x - y`, `s += x` of two locals: a triple, like the one above.
    return encode(Op::LOAD_FAST_LOAD_FAST_BINARY, x | (y << 8) | (decode_arg(c[i + 2]) << 16));
  } else if (a == Op::LOAD_FAST && b == Op::LOAD_FAST && x < 4096 && y < 4096 && i + 2 < c.size() &&
             (decode_op(c[i + 2]) == Op::BINARY_SUBSCR || decode_op(c[i + 2]) == Op::STORE_SUBSCR)) {
    // `a[i]` and `a[i] = v` with two locals: a triple (lists and tuples
    // indexed by an int; anything else runs the originals).
    return encode(decode_op(c[i + 2]) == Op::BINARY_SUBSCR ? Op::LOAD_FAST_LOAD_FAST_SUBSCR
                                                           : Op::LOAD_FAST_LOAD_FAST_STORE_SUBSCR,
                  x | (y << 12));
  } else if (lookahead && ((a == Op::LOAD_FAST && (b == Op::LOAD_FAST || b == Op::LOAD_CONST)) ||
                            (a == Op::LOAD_CONST && b == Op::LOAD_FAST) || (a == Op::STORE_FAST && b == Op::LOAD_FAST))) {
    return 0;  // a plain pair: not longer
  } else if (a == Op::LOAD_FAST && b == Op::LOAD_FAST && x < 4096 && y < 4096) {
    return encode(Op::LOAD_FAST_LOAD_FAST, x | (y << 12));
  } else if (a == Op::LOAD_FAST && b == Op::LOAD_CONST && x < 4096 && y < 4096 && !starts_longer_fusion(c, i + 1)) {
    return encode(Op::LOAD_FAST_LOAD_CONST, x | (y << 12));
  } else if (a == Op::LOAD_CONST && b == Op::LOAD_FAST && x < 4096 && y < 4096 && !starts_longer_fusion(c, i + 1)) {
    return encode(Op::LOAD_CONST_LOAD_FAST, x | (y << 12));
  } else if (a == Op::STORE_FAST && b == Op::LOAD_FAST && x < 4096 && y < 4096 && !starts_longer_fusion(c, i + 1)) {
    return encode(Op::STORE_FAST_LOAD_FAST, x | (y << 12));
  } else if (a == Op::LOAD_FAST && (b == Op::LOAD_ATTR || b == Op::LOAD_METHOD)) {
    // `self.x`, `obj.method(...)`: the load of the receiver is folded into
    // the attribute access (the cache index is read from the second word).
    return encode(b == Op::LOAD_ATTR ? Op::LOAD_FAST_LOAD_ATTR : Op::LOAD_FAST_LOAD_METHOD, x);
  } else if (a == Op::LOAD_CONST && (b == Op::BINARY_OP || b == Op::INPLACE_OP) && x < 65536 && y < 64) {
    // `expr * 2`, `(...) % m`: the constant operand of a binary operator.
    return encode(Op::LOAD_CONST_BINARY, x | (y << 16));
  } else if (a == Op::DUP_TOP_TWO && b == Op::BINARY_SUBSCR) {
    return encode(Op::DUP_TOP_TWO_BINARY_SUBSCR, 0);
  } else if (a == Op::ROT_THREE && b == Op::STORE_SUBSCR) {
    return encode(Op::ROT_THREE_STORE_SUBSCR, 0);
  } else if (a == Op::DUP_TOP && b == Op::LOAD_ATTR) {
    return encode(Op::DUP_TOP_LOAD_ATTR, 0);
  } else if (a == Op::ROT_TWO && b == Op::STORE_ATTR) {
    return encode(Op::ROT_TWO_STORE_ATTR, 0);
  } else if ((a == Op::IS_OP || a == Op::CONTAINS_OP) && (b == Op::POP_JUMP_IF_FALSE || b == Op::POP_JUMP_IF_TRUE) &&
             y < (1u << 22)) {
    // `if x is None:`, `if k in d:`: the bool is never made.
    return encode(a == Op::IS_OP ? Op::IS_OP_JUMP : Op::CONTAINS_OP_JUMP,
                  x | (uint32_t(b == Op::POP_JUMP_IF_TRUE) << 1) | (y << 2));
  } else if (a == Op::COMPARE_OP && (b == Op::POP_JUMP_IF_FALSE || b == Op::POP_JUMP_IF_TRUE) && y < (1u << 20)) {
    return encode(Op::COMPARE_JUMP, x | (uint32_t(b == Op::POP_JUMP_IF_TRUE) << 3) | (y << 4));
  }
  return 0;
}

}  // namespace

// Fuses common instruction pairs without moving any instruction: the first
// of the pair becomes a superinstruction that also does the second and skips
// it, so jump targets and the tables stay valid (a jump to the second still
// runs it alone).
void fuse_pairs(VmVector<uint32_t>& c);

void CodeGen::peephole() {
  code_->raw_code = code_->code;
  if (vm_.jit_watch_new_code && !(code_->flags & (kCodeGenerator | kCodeModule | kCodeClassBody)))
    code_->flags |= kCodeJitWatch;
  fuse_pairs(code_->code);
}

void fuse_pairs(VmVector<uint32_t>& c) {
  // Forward, so that fusion_at sees raw instructions after i.
  for (size_t i = 0; i + 1 < c.size(); i++)
    if (uint32_t f = fusion_at(c, i)) c[i] = f;
  // Second pass, over the pairs made above: the loop variable's store joins
  // FOR_ITER, and the back edge of a for loop goes straight into FOR_ITER's
  // handler.
  for (size_t i = 0; i + 1 < c.size(); i++) {
    Op a = decode_op(c[i]), b = decode_op(c[i + 1]);
    uint32_t x = decode_arg(c[i]);
    if (a == Op::FOR_ITER && b == Op::STORE_FAST) c[i] = encode(Op::FOR_ITER_STORE_FAST, x);
    if (a == Op::FOR_ITER && b == Op::STORE_FAST_LOAD_FAST) c[i] = encode(Op::FOR_ITER_STORE_FAST_LOAD_FAST, x);
    if ((a == Op::LOAD_FAST_LOAD_CONST_BINARY || a == Op::LOAD_FAST_LOAD_FAST_BINARY) && i + 3 < c.size() &&
        decode_op(c[i + 3]) == Op::STORE_FAST) {
      // `i += 1`, `d = x - y`: the result goes straight into the local.
      c[i] = encode(a == Op::LOAD_FAST_LOAD_CONST_BINARY ? Op::LOAD_FAST_LOAD_CONST_BINARY_STORE_FAST
                                                         : Op::LOAD_FAST_LOAD_FAST_BINARY_STORE_FAST,
                    x);
    }
    if (a == Op::UNPACK_SEQUENCE && x >= 2 && x <= 16 && i + x < c.size()) {
      // `x, y = p`, `for k, v in d.items():` into locals.
      bool stores = true;
      for (uint32_t k = 1; k <= x && stores; k++) {
        Op s = decode_op(c[i + k]);
        stores = s == Op::STORE_FAST || (k == x && s == Op::STORE_FAST_LOAD_FAST);
      }
      if (stores) c[i] = encode(Op::UNPACK_SEQUENCE_STORE_FAST, x);
    }
  }
  for (size_t i = 0; i < c.size(); i++) {
    uint32_t x = decode_arg(c[i]);
    if (decode_op(c[i]) != Op::JUMP || x >= c.size()) continue;
    Op t = decode_op(c[x]);
    if (t == Op::FOR_ITER || t == Op::FOR_ITER_STORE_FAST || t == Op::FOR_ITER_STORE_FAST_LOAD_FAST)
      c[i] = encode(Op::JUMP_FOR_ITER, x);
  }
}

namespace {
// Whether a module or class body has an annotated assignment, also inside
// its compound statements (not in nested functions or classes): CPython
// then creates __annotations__ when the body starts.
bool has_annotations(const StmtList& body) {
  for (auto& s : body) {
    switch (s->kind) {
      case StmtKind::AnnAssign: return true;
      case StmtKind::For: {
        auto& f = s->as<For>();
        if (has_annotations(f.body) || has_annotations(f.orelse)) return true;
        break;
      }
      case StmtKind::While: {
        auto& w = s->as<While>();
        if (has_annotations(w.body) || has_annotations(w.orelse)) return true;
        break;
      }
      case StmtKind::If: {
        auto& i = s->as<If>();
        if (has_annotations(i.body) || has_annotations(i.orelse)) return true;
        break;
      }
      case StmtKind::With:
        if (has_annotations(s->as<With>().body)) return true;
        break;
      case StmtKind::Try: {
        auto& t = s->as<Try>();
        if (has_annotations(t.body) || has_annotations(t.orelse) || has_annotations(t.finalbody)) return true;
        for (auto& h : t.handlers)
          if (has_annotations(h.body)) return true;
        break;
      }
      default: break;
    }
  }
  return false;
}
}  // namespace

Value CodeGen::finish_module(const Module& m) {
  code_->flags |= kCodeModule;
  cur_line_ = 1;
  if (!m.body.empty()) set_line(m.body[0]->pos);
  if (!interactive_ && !m.body.empty() && m.body[0]->kind == StmtKind::ExprStmt) {
    auto& v = *m.body[0]->as<ExprStmt>().value;
    if (v.kind == ExprKind::Constant && v.as<Constant>().ckind == ConstKind::Str) {
      emit(Op::LOAD_CONST, str_const(v.as<Constant>().s));
      emit(Op::STORE_GLOBAL, name_index("__doc__"));
    }
  }
  for (const auto& st : m.body) {
    // The future statements come first (after a docstring).
    if (st->kind == StmtKind::ExprStmt && st->as<ExprStmt>().value->kind == ExprKind::Constant) continue;
    if (st->kind != StmtKind::ImportFrom || st->as<ImportFrom>().module != "__future__") break;
    for (const auto& a : st->as<ImportFrom>().names)
      if (a.name == "annotations") future_annotations = true;
  }
  if (has_annotations(m.body)) emit(Op::SETUP_ANNOTATIONS);
  stmts(m.body);
  if (failed()) return Value();
  emit(Op::LOAD_CONST, add_const(Value::none()));
  emit(Op::RETURN_VALUE);
  finalize("<module>", "<module>", 1);
  return code_value_;
}

Value CodeGen::finish_function(const StmtList& body, const std::string& name, const std::string& qualname,
                               const Arguments* args, int firstline) {
  cur_line_ = firstline;
  if (args) {
    code_->posonlyargcount = int(args->posonlyargs.size());
    code_->argcount = int(args->posonlyargs.size() + args->args.size());
    code_->kwonlyargcount = int(args->kwonlyargs.size());
    if (args->vararg) code_->flags |= kCodeVarargs;
    if (args->kwarg) code_->flags |= kCodeVarkeywords;
  }
  qualname_prefix = qualname + ".<locals>.";
  // A leading string constant is the docstring: consts[0] as in CPython.
  size_t start = 0;
  if (!body.empty() && body[0]->kind == StmtKind::ExprStmt) {
    auto& v = *body[0]->as<ExprStmt>().value;
    if (v.kind == ExprKind::Constant && v.as<Constant>().ckind == ConstKind::Str) {
      str_const(v.as<Constant>().s);
      start = 1;
    }
  }
  if (start == 0) add_const(Value::none());
  for (size_t i = start; i < body.size() && !failed(); i++) stmt(*body[i]);
  if (failed()) return Value();
  if (reachable_) {
    emit(Op::LOAD_CONST, add_const(Value::none()));
    emit(Op::RETURN_VALUE);
  }
  finalize(name, qualname, firstline);
  return code_value_;
}

Value CodeGen::finish_lambda(const Lambda& l, const std::string& qualname) {
  cur_line_ = l.pos.line;
  code_->posonlyargcount = int(l.args.posonlyargs.size());
  code_->argcount = int(l.args.posonlyargs.size() + l.args.args.size());
  code_->kwonlyargcount = int(l.args.kwonlyargs.size());
  if (l.args.vararg) code_->flags |= kCodeVarargs;
  if (l.args.kwarg) code_->flags |= kCodeVarkeywords;
  qualname_prefix = qualname + ".<locals>.";
  add_const(Value::none());
  expr(*l.body);
  if (failed()) return Value();
  if (scope_->is_generator) {
    emit(Op::POP_TOP);
    emit(Op::LOAD_CONST, add_const(Value::none()));
  }
  emit(Op::RETURN_VALUE);
  finalize("<lambda>", qualname, l.pos.line);
  return code_value_;
}

Value CodeGen::finish_class(const ClassDef& c, const std::string& qualname) {
  code_->flags |= kCodeClassBody;
  cur_line_ = c.pos.line;
  qualname_prefix = qualname + ".";
  // __module__ = __name__ ; __qualname__ = "..."
  emit(Op::LOAD_NAME, name_index("__name__"));
  emit(Op::STORE_NAME, name_index("__module__"));
  emit(Op::LOAD_CONST, add_const(make_str(vm_, qualname)));
  emit(Op::STORE_NAME, name_index("__qualname__"));
  size_t start = 0;
  if (!c.body.empty() && c.body[0]->kind == StmtKind::ExprStmt) {
    auto& v = *c.body[0]->as<ExprStmt>().value;
    if (v.kind == ExprKind::Constant && v.as<Constant>().ckind == ConstKind::Str) {
      emit(Op::LOAD_CONST, str_const(v.as<Constant>().s));
      emit(Op::STORE_NAME, name_index("__doc__"));
      start = 1;
    }
  }
  if (has_annotations(c.body)) emit(Op::SETUP_ANNOTATIONS);
  for (size_t i = start; i < c.body.size() && !failed(); i++) stmt(*c.body[i]);
  if (failed()) return Value();
  if (scope_->needs_class_cell) {
    emit(Op::LOAD_CLOSURE, cell_index("__class__"));
  } else {
    emit(Op::LOAD_CONST, add_const(Value::none()));
  }
  emit(Op::RETURN_VALUE);
  finalize(c.name, qualname, c.pos.line);
  return code_value_;
}

Value CodeGen::finish_comprehension(const Expr& e, const std::string& qualname) {
  cur_line_ = e.pos.line;
  code_->argcount = 1;
  code_->flags |= kCodeComprehension;
  qualname_prefix = qualname + ".<locals>.";
  const std::vector<Comprehension>* gens = nullptr;
  switch (e.kind) {
    case ExprKind::ListComp: gens = &e.as<ListComp>().generators; emitv(Op::BUILD_LIST, 0, 1); break;
    case ExprKind::SetComp: gens = &e.as<SetComp>().generators; emitv(Op::BUILD_SET, 0, 1); break;
    case ExprKind::DictComp: gens = &e.as<DictComp>().generators; emitv(Op::BUILD_MAP, 0, 1); break;
    case ExprKind::GeneratorExp: gens = &e.as<GeneratorExp>().generators; break;
    default: break;
  }
  add_const(Value::none());
  comprehension_body(e, *gens, 0, e.kind == ExprKind::GeneratorExp ? 0 : 1);
  if (failed()) return Value();
  if (e.kind == ExprKind::GeneratorExp) emit(Op::LOAD_CONST, add_const(Value::none()));
  emit(Op::RETURN_VALUE);
  std::string short_name = e.kind == ExprKind::ListComp ? "<listcomp>"
                           : e.kind == ExprKind::SetComp ? "<setcomp>"
                           : e.kind == ExprKind::DictComp ? "<dictcomp>"
                                                          : "<genexpr>";
  finalize(short_name, qualname, e.pos.line);
  return code_value_;
}

// ====================================================================== statements
void CodeGen::stmt(const Stmt& s) {
  set_line(s.pos);
  switch (s.kind) {
    case StmtKind::ExprStmt: {
      auto& e = *s.as<ExprStmt>().value;
      if (e.kind == ExprKind::Constant && !interactive_) break;  // docstrings, `...`
      expr(e);
      if (interactive_ && scope_->kind == ScopeKind::Module) emit(Op::PRINT_EXPR);
      else emit(Op::POP_TOP);
      break;
    }
    case StmtKind::Assign: {
      auto& a = s.as<Assign>();
      expr(*a.value);
      for (size_t i = 0; i < a.targets.size(); i++) {
        if (i + 1 < a.targets.size()) emit(Op::DUP_TOP);
        assign_target(*a.targets[i]);
      }
      break;
    }
    case StmtKind::AugAssign: compile_aug_assign(s.as<AugAssign>()); break;
    case StmtKind::AnnAssign: {
      auto& a = s.as<AnnAssign>();
      if (a.value) {
        expr(*a.value);
        assign_target(*a.target);
      } else if (a.target->kind != ExprKind::Name) {
        // `obj.x: int` evaluates obj (CPython does too).
        if (a.target->kind == ExprKind::Attribute) {
          expr(*a.target->as<Attribute>().value);
          emit(Op::POP_TOP);
        }
      }
      // Module and class bodies evaluate the annotation (functions do not,
      // and the scope analysis only visits it there); a plain name's goes
      // into __annotations__, as in CPython.
      if (scope_->kind == ScopeKind::Module || scope_->kind == ScopeKind::Class) {
        std::string text;
        if (annotations_as_strings() && unparse_expr(*a.annotation, &text)) emit(Op::LOAD_CONST, str_const(text));
        else expr(*a.annotation);
        if (a.simple && a.target->kind == ExprKind::Name) {
          emit(Op::LOAD_NAME, name_index("__annotations__"));
          emit(Op::LOAD_CONST, str_const(a.target->as<Name>().id));
          emitv(Op::STORE_SUBSCR, 0, -3);
        } else {
          emit(Op::POP_TOP);
        }
      }
      break;
    }
    case StmtKind::If: compile_if(s.as<If>()); break;
    case StmtKind::While: compile_while(s.as<While>()); break;
    case StmtKind::For: compile_for(s.as<For>()); break;
    case StmtKind::Break: compile_break_continue(true, s.pos); break;
    case StmtKind::Continue: compile_break_continue(false, s.pos); break;
    case StmtKind::Pass: break;
    case StmtKind::Return: compile_return(s.as<Return>()); break;
    case StmtKind::FunctionDef: compile_function_def(s.as<FunctionDef>()); break;
    case StmtKind::ClassDef: compile_class_def(s.as<ClassDef>()); break;
    case StmtKind::Global:
    case StmtKind::Nonlocal: break;
    case StmtKind::Delete:
      for (auto& t : s.as<Delete>().targets) compile_delete(*t);
      break;
    case StmtKind::Raise: {
      auto& r = s.as<Raise>();
      int n = 0;
      if (r.exc) {
        expr(*r.exc);
        n = 1;
        if (r.cause) {
          expr(*r.cause);
          n = 2;
        }
      }
      emitv(Op::RAISE_VARARGS, uint32_t(n), -n);
      break;
    }
    case StmtKind::Try: compile_try(s.as<Try>()); break;
    case StmtKind::With: compile_with(s.as<With>(), 0); break;
    case StmtKind::Assert: {
      auto& a = s.as<Assert>();
      Label* end = new_label();
      compile_jump_if(*a.test, true, end);
      emit(Op::LOAD_ASSERTION_ERROR);
      if (a.msg) {
        expr(*a.msg);
        emitv(Op::CALL, 1, -1);
      }
      emitv(Op::RAISE_VARARGS, 1, -1);
      bind(end);
      break;
    }
    case StmtKind::Import: compile_import(s.as<Import>()); break;
    case StmtKind::ImportFrom: compile_import_from(s.as<ImportFrom>()); break;
  }
}

void CodeGen::assign_target(const Expr& t) {
  switch (t.kind) {
    case ExprKind::Name: store_name(t.as<Name>().id); break;
    case ExprKind::Attribute: {
      auto& a = t.as<Attribute>();
      expr(*a.value);
      set_line(t.pos);
      emit(Op::STORE_ATTR, new_cache(name_index(a.attr)));
      break;
    }
    case ExprKind::Subscript: {
      auto& s = t.as<Subscript>();
      expr(*s.value);
      compile_subscript_slice(*s.slice);
      set_line(t.pos);
      emit(Op::STORE_SUBSCR);
      break;
    }
    case ExprKind::Tuple: unpack_targets(t.as<Tuple>().elts, t.pos); break;
    case ExprKind::List: unpack_targets(t.as<List>().elts, t.pos); break;
    case ExprKind::Starred: error("starred assignment target must be in a list or tuple", t.pos); break;
    default: error("cannot assign to expression", t.pos); break;
  }
}

void CodeGen::unpack_targets(const ExprList& elts, Pos p) {
  int star = -1;
  for (size_t i = 0; i < elts.size(); i++) {
    if (elts[i]->kind == ExprKind::Starred) {
      if (star >= 0) {
        error("multiple starred expressions in assignment", elts[i]->pos);
        return;
      }
      star = int(i);
    }
  }
  set_line(p);
  if (star < 0) {
    emitv(Op::UNPACK_SEQUENCE, uint32_t(elts.size()), int(elts.size()) - 1);
  } else {
    uint32_t before = uint32_t(star), after = uint32_t(elts.size() - star - 1);
    if (before > 255 || after > 255) {
      error("too many expressions in star-unpacking assignment", p);
      return;
    }
    emitv(Op::UNPACK_EX, before | (after << 8), int(elts.size()) - 1);
  }
  for (auto& e : elts) {
    if (e->kind == ExprKind::Starred) assign_target(*e->as<Starred>().value);
    else assign_target(*e);
  }
}

void CodeGen::compile_aug_assign(const AugAssign& a) {
  auto& t = *a.target;
  switch (t.kind) {
    case ExprKind::Name:
      load_name(t.as<Name>().id, t.pos);
      expr(*a.value);
      set_line(t.pos);
      emit(Op::INPLACE_OP, uint32_t(a.op));
      store_name(t.as<Name>().id);
      break;
    case ExprKind::Attribute: {
      auto& at = t.as<Attribute>();
      expr(*at.value);
      emit(Op::DUP_TOP);
      emit(Op::LOAD_ATTR, new_cache(name_index(at.attr)));
      expr(*a.value);
      set_line(t.pos);
      emit(Op::INPLACE_OP, uint32_t(a.op));
      emit(Op::ROT_TWO);
      emit(Op::STORE_ATTR, new_cache(name_index(at.attr)));
      break;
    }
    case ExprKind::Subscript: {
      auto& s = t.as<Subscript>();
      expr(*s.value);
      compile_subscript_slice(*s.slice);
      emit(Op::DUP_TOP_TWO);
      emit(Op::BINARY_SUBSCR);
      expr(*a.value);
      set_line(t.pos);
      emit(Op::INPLACE_OP, uint32_t(a.op));
      emit(Op::ROT_THREE);
      emit(Op::STORE_SUBSCR);
      break;
    }
    default: error("'" + std::string(expr_kind_name(t.kind)) + "' is an illegal expression for augmented assignment", t.pos);
  }
}

void CodeGen::compile_delete(const Expr& t) {
  set_line(t.pos);
  switch (t.kind) {
    case ExprKind::Name: delete_name(t.as<Name>().id); break;
    case ExprKind::Attribute:
      expr(*t.as<Attribute>().value);
      emit(Op::DELETE_ATTR, name_index(t.as<Attribute>().attr));
      break;
    case ExprKind::Subscript:
      expr(*t.as<Subscript>().value);
      compile_subscript_slice(*t.as<Subscript>().slice);
      emit(Op::DELETE_SUBSCR);
      break;
    case ExprKind::Tuple:
      for (auto& e : t.as<Tuple>().elts) compile_delete(*e);
      break;
    case ExprKind::List:
      for (auto& e : t.as<List>().elts) compile_delete(*e);
      break;
    default: error("cannot delete expression", t.pos);
  }
}

void CodeGen::compile_if(const If& i) {
  Label* else_l = new_label();
  Label* end = new_label();
  compile_jump_if(*i.test, false, else_l);
  stmts(i.body);
  if (!i.orelse.empty()) {
    if (reachable_) emit_jump(Op::JUMP, end);
    bind(else_l);
    stmts(i.orelse);
  } else {
    bind(else_l);
  }
  bind(end);
}

// The test is compiled twice, as in CPython: once on entry (exit if false)
// and again after the body (back to the body if true), so an iteration runs
// one conditional jump and no JUMP. A test holding a lambda or comprehension
// (a child scope, which the compiler consumes once) keeps the single test
// at the top and a JUMP back to it.
void CodeGen::compile_while(const While& w) {
  Label* top = new_label();
  Label* body = new_label();
  Label* retest = new_label();
  Label* else_l = new_label();
  Label* end = new_label();
  bind(top);
  size_t children = scope_->next_child;
  compile_jump_if(*w.test, false, else_l);
  bool twice = scope_->next_child == children;
  bind(body);
  blocks_.push_back(Block(BlockKind::Loop, end, twice ? retest : top));
  stmts(w.body);
  blocks_.pop_back();
  if (twice) {
    if (reachable_ || !retest->refs.empty()) {
      bind(retest);
      set_line(w.test->pos);
      compile_jump_if(*w.test, true, body);
    }
  } else if (reachable_) {
    jump_to(Op::JUMP, top);
  }
  bind(else_l);
  stmts(w.orelse);
  bind(end);
}

void CodeGen::compile_for(const For& f) {
  Label* top = new_label();
  Label* exit = new_label();
  Label* end = new_label();
  expr(*f.iter);
  set_line(f.pos);
  emit(Op::GET_ITER);
  bind(top);
  emit_jump(Op::FOR_ITER, exit);
  assign_target(*f.target);
  blocks_.push_back(Block(BlockKind::ForLoop, end, top));
  stmts(f.body);
  blocks_.pop_back();
  if (reachable_) jump_to(Op::JUMP, top);
  bind(exit);
  stmts(f.orelse);
  bind(end);
}

// Emits the cleanup an early exit owes to block `b` (innermost first);
// `preserve_tos` keeps a return value on top of the stack.
void CodeGen::unwind_block(size_t i, bool preserve_tos) {
  // Index, not reference: compiling a finally body may grow blocks_.
  switch (blocks_[i].kind) {
    case BlockKind::Loop:
    case BlockKind::Region: break;
    case BlockKind::ForLoop:
      if (preserve_tos) emit(Op::ROT_TWO);
      emit(Op::POP_TOP);
      break;
    case BlockKind::TryFinally: {
      close_segment(blocks_[i]);
      // The finally body runs outside this try's region but inside outer
      // ones; while it is compiled here, an early exit inside it must not
      // run it again.
      // Blocks inside this try were already unwound by the caller: hide them
      // so an early exit within the finally body does not unwind them twice.
      const StmtList* body = blocks_[i].finalbody;
      std::vector<Block> inner(blocks_.begin() + long(i) + 1, blocks_.end());
      blocks_.resize(i + 1, Block(BlockKind::Region));
      blocks_[i].kind = BlockKind::Region;
      // A `return` in the body replaces the value being returned (CPython's
      // POP_VALUE block); `break` / `continue` drop it.
      if (preserve_tos) blocks_.push_back(Block(BlockKind::PopValue));
      stmts(*body);
      if (preserve_tos) blocks_.pop_back();
      blocks_[i].kind = BlockKind::TryFinally;
      blocks_.insert(blocks_.end(), inner.begin(), inner.end());
      break;
    }
    case BlockKind::PopValue:
      if (preserve_tos) emit(Op::ROT_TWO);
      emit(Op::POP_TOP);
      break;
    case BlockKind::With:
      close_segment(blocks_[i]);
      if (preserve_tos) emit(Op::ROT_TWO);
      emit(Op::WITH_EXIT);
      break;
    case BlockKind::FinallyExc:
      // Leaving a finally that runs for an exception: drop the exception
      // and restore the previously handled one.
      close_segment(blocks_[i]);
      if (preserve_tos) emit(Op::ROT_TWO);
      emit(Op::POP_TOP);
      if (preserve_tos) emit(Op::ROT_TWO);
      emit(Op::POP_EXCEPT);
      break;
    case BlockKind::HandlerCleanup: {
      close_segment(blocks_[i]);
      // blocks_[i - 1] is the region of the handlers' cleanup (it restores
      // `prev`): once POP_EXCEPT has popped `prev` it must not cover the
      // code, as CPython's POP_BLOCKs before POP_EXCEPT. The caller closes it
      // again (and resumes it after the exit) when it reaches it.
      bool outer_open = i > 0 && blocks_[i - 1].has_region && !blocks_[i - 1].paused;
      if (outer_open) close_segment(blocks_[i - 1]);
      if (preserve_tos) emit(Op::ROT_TWO);
      emit(Op::POP_EXCEPT);
      std::string name = blocks_[i].handler_name;
      if (!name.empty()) {
        emit(Op::LOAD_CONST, add_const(Value::none()));
        store_name(name);
        delete_name(name);
      }
      if (outer_open) resume_segment(blocks_[i - 1]);
      break;
    }
  }
}

void CodeGen::compile_return(const Return& r) {
  if (scope_->kind == ScopeKind::Module || scope_->kind == ScopeKind::Class) {
    error("'return' outside function", r.pos);
    return;
  }
  if (r.value) expr(*r.value);
  else emit(Op::LOAD_CONST, add_const(Value::none()));
  int saved_depth = depth_;
  std::vector<size_t> paused;
  for (size_t i = blocks_.size(); i-- > 0;) {
    bool was_paused = blocks_[i].paused;
    unwind_block(i, true);
    if (blocks_[i].has_region && !was_paused) {
      close_segment(blocks_[i]);
      paused.push_back(i);
    }
  }
  set_line(r.pos);
  emit(Op::RETURN_VALUE);
  for (auto it = paused.rbegin(); it != paused.rend(); ++it) resume_segment(blocks_[*it]);
  depth_ = saved_depth - 1;
}

void CodeGen::compile_break_continue(bool is_break, Pos p) {
  int loop = -1;
  for (int i = int(blocks_.size()) - 1; i >= 0; i--)
    if (blocks_[i].kind == BlockKind::Loop || blocks_[i].kind == BlockKind::ForLoop) {
      loop = i;
      break;
    }
  if (loop < 0) {
    error(is_break ? "'break' outside loop" : "'continue' not properly in loop", p);
    return;
  }
  int saved_depth = depth_;
  std::vector<size_t> paused;
  for (int i = int(blocks_.size()) - 1; i > loop; i--) {
    bool was_paused = blocks_[i].paused;
    unwind_block(size_t(i), false);
    if (blocks_[i].has_region && !was_paused) {
      close_segment(blocks_[i]);
      paused.push_back(size_t(i));
    }
  }
  Block& lb = blocks_[size_t(loop)];
  if (is_break) {
    if (lb.kind == BlockKind::ForLoop) emit(Op::POP_TOP);
    jump_to(Op::JUMP, lb.break_label);
  } else {
    jump_to(Op::JUMP, lb.continue_label);
  }
  for (auto it = paused.rbegin(); it != paused.rend(); ++it) resume_segment(blocks_[*it]);
  depth_ = saved_depth;
}

void CodeGen::compile_try(const Try& t) {
  if (t.finalbody.empty()) {
    compile_try_except(t);
    return;
  }
  //   [region F] body (with its except clauses) [end]  finalbody  JUMP end
  //   F: PUSH_EXC_INFO [region C] finalbody RERAISE   C: POP_EXCEPT_RERAISE
  Label* fin = new_label();
  Label* end = new_label();
  int base = depth_;
  blocks_.push_back(Block(BlockKind::TryFinally));
  blocks_.back().finalbody = &t.finalbody;
  open_region(blocks_.back(), fin, base);
  if (t.handlers.empty()) {
    stmts(t.body);
  } else {
    compile_try_except(t);
  }
  close_segment(blocks_.back());
  blocks_.pop_back();
  if (reachable_) {
    stmts(t.finalbody);
    if (reachable_) emit_jump(Op::JUMP, end);
  }
  // Exceptional path.
  reachable_ = false;
  depth_ = base;
  bind(fin);
  depth_ = base + 1;
  reachable_ = true;
  Label* cleanup = new_label();
  emit(Op::PUSH_EXC_INFO);
  blocks_.push_back(Block(BlockKind::FinallyExc));
  open_region(blocks_.back(), cleanup, base + 1);
  stmts(t.finalbody);
  if (reachable_) emit(Op::RERAISE);
  close_segment(blocks_.back());
  blocks_.pop_back();
  reachable_ = false;
  depth_ = base + 2;
  bind(cleanup);
  depth_ = base + 2;
  reachable_ = true;
  emit(Op::POP_EXCEPT_RERAISE);
  bind(end);
  depth_ = base;
}

void CodeGen::compile_try_except(const Try& t) {
  //   [region H] body [end] orelse JUMP end
  //   H: PUSH_EXC_INFO [region C]
  //      type CHECK_EXC_MATCH POP_JUMP_IF_FALSE next; STORE name; body; POP_EXCEPT; JUMP end
  //      ... RERAISE
  //   C: POP_EXCEPT_RERAISE
  Label* handler = new_label();
  Label* end = new_label();
  Label* cleanup = new_label();
  int base = depth_;
  blocks_.push_back(Block(BlockKind::Region));
  open_region(blocks_.back(), handler, base);
  stmts(t.body);
  close_segment(blocks_.back());
  blocks_.pop_back();
  if (reachable_) {
    stmts(t.orelse);
    if (reachable_) emit_jump(Op::JUMP, end);
  }
  reachable_ = false;
  bind(handler);
  depth_ = base + 1;
  reachable_ = true;
  set_line(t.handlers.empty() ? t.pos : t.handlers[0].pos);
  emit(Op::PUSH_EXC_INFO);  // base: prev, exc
  blocks_.push_back(Block(BlockKind::Region));
  open_region(blocks_.back(), cleanup, base + 1);
  for (size_t i = 0; i < t.handlers.size(); i++) {
    auto& h = t.handlers[i];
    set_line(h.pos);
    Label* next = new_label();
    if (!h.type && i + 1 < t.handlers.size()) {
      error("default 'except:' must be last", h.pos);
      return;
    }
    if (h.type) {
      expr(*h.type);
      emit(Op::CHECK_EXC_MATCH);
      emit_jump(Op::POP_JUMP_IF_FALSE, next);
    }
    // stack: base, prev, exc
    if (!h.name.empty()) store_name(h.name);
    else emit(Op::POP_TOP);
    // stack: base, prev
    Block hb(BlockKind::HandlerCleanup);
    hb.handler_name = h.name;
    Label* name_cleanup = nullptr;
    if (!h.name.empty()) {
      // An exception inside the handler body must still unbind the name.
      name_cleanup = new_label();
      blocks_.push_back(hb);
      open_region(blocks_.back(), name_cleanup, base + 1);
    } else {
      blocks_.push_back(hb);
    }
    stmts(h.body);
    close_segment(blocks_.back());
    blocks_.pop_back();
    if (reachable_) {
      // Leaving the handler normally: once POP_EXCEPT has popped `prev`, the
      // cleanup region (which unwinds to a stack that still holds it) must
      // not cover the rest, as in CPython.
      close_segment(blocks_.back());
      emit(Op::POP_EXCEPT);
      if (!h.name.empty()) {
        emit(Op::LOAD_CONST, add_const(Value::none()));
        store_name(h.name);
        delete_name(h.name);
      }
      emit_jump(Op::JUMP, end);
      resume_segment(blocks_.back());
    }
    if (name_cleanup) {
      // This cleanup re-raises itself; the surrounding cleanup region must
      // not cover it (it would pop `prev` twice).
      close_segment(blocks_.back());
      reachable_ = false;
      bind(name_cleanup);
      depth_ = base + 2;  // prev, new exc
      reachable_ = true;
      emit(Op::LOAD_CONST, add_const(Value::none()));
      store_name(h.name);
      delete_name(h.name);
      emit(Op::POP_EXCEPT_RERAISE);
      resume_segment(blocks_.back());
    }
    reachable_ = false;
    depth_ = base + 2;
    bind(next);
    depth_ = base + 2;
    reachable_ = true;
  }
  // No handler matched: re-raise (the cleanup region restores the handled exception).
  emit(Op::RERAISE);
  close_segment(blocks_.back());
  blocks_.pop_back();
  reachable_ = false;
  bind(cleanup);
  depth_ = base + 2;
  reachable_ = true;
  emit(Op::POP_EXCEPT_RERAISE);
  bind(end);
  depth_ = base;
}

void CodeGen::compile_with(const With& w, size_t item) {
  if (item >= w.items.size()) {
    stmts(w.body);
    return;
  }
  auto& it = w.items[item];
  int base = depth_;
  Label* exc = new_label();
  Label* end = new_label();
  Label* cleanup = new_label();
  expr(*it.context_expr);
  set_line(w.pos);
  emit(Op::BEFORE_WITH);  // base: exit, value
  blocks_.push_back(Block(BlockKind::With));
  open_region(blocks_.back(), exc, base + 1);
  if (it.optional_vars) assign_target(*it.optional_vars);
  else emit(Op::POP_TOP);
  compile_with(w, item + 1);
  close_segment(blocks_.back());
  blocks_.pop_back();
  if (reachable_) {
    set_line(w.pos);
    emit(Op::WITH_EXIT);
    emit_jump(Op::JUMP, end);
  }
  // exc path: base: exit, exc
  reachable_ = false;
  bind(exc);
  depth_ = base + 2;
  reachable_ = true;
  set_line(w.pos);
  emit(Op::PUSH_EXC_INFO);  // exit, prev, exc
  blocks_.push_back(Block(BlockKind::Region));
  open_region(blocks_.back(), cleanup, base + 2);
  emit(Op::WITH_EXCEPT_START);  // exit, prev, exc, res
  Label* suppress = new_label();
  emit_jump(Op::POP_JUMP_IF_TRUE, suppress);
  emit(Op::RERAISE);
  close_segment(blocks_.back());
  blocks_.pop_back();
  reachable_ = false;
  bind(suppress);
  depth_ = base + 3;
  reachable_ = true;
  emit(Op::POP_TOP);      // exc
  emit(Op::POP_EXCEPT);   // prev
  emit(Op::POP_TOP);      // exit
  emit_jump(Op::JUMP, end);
  reachable_ = false;
  bind(cleanup);
  depth_ = base + 3;
  reachable_ = true;
  emit(Op::POP_EXCEPT_RERAISE);
  bind(end);
  depth_ = base;
}

void CodeGen::make_closure(Scope* child, Value code, uint32_t flags, int extra_on_stack) {
  // Stack on entry: [defaults] [kwdefaults]. Pushes closure then code.
  if (!child->freevars.empty()) {
    for (auto& fv : child->freevars) {
      uint32_t ci = cell_index(fv);
      if (ci == UINT32_MAX) {
        error("internal compiler error: free variable '" + fv + "' not found", Pos{cur_line_, 1});
        return;
      }
      emit(Op::LOAD_CLOSURE, ci);
    }
    emitv(Op::BUILD_TUPLE, uint32_t(child->freevars.size()), 1 - int(child->freevars.size()));
    flags |= 8;
  }
  emit(Op::LOAD_CONST, add_const(std::move(code)));
  int pops = 0;
  if (flags & 1) pops++;
  if (flags & 2) pops++;
  if (flags & 8) pops++;
  emitv(Op::MAKE_FUNCTION, flags, -pops);
  (void)extra_on_stack;
}

void CodeGen::compile_function_def(const FunctionDef& f) {
  for (auto& d : f.decorator_list) expr(*d);
  set_line(f.pos);
  uint32_t flags = 0;
  if (!f.args.defaults.empty()) {
    for (auto& d : f.args.defaults) expr(*d);
    emitv(Op::BUILD_TUPLE, uint32_t(f.args.defaults.size()), 1 - int(f.args.defaults.size()));
    flags |= 1;
  }
  bool any_kw = false;
  for (auto& d : f.args.kw_defaults) any_kw |= bool(d);
  if (any_kw) {
    int n = 0;
    for (size_t i = 0; i < f.args.kwonlyargs.size(); i++) {
      if (!f.args.kw_defaults[i]) continue;
      emit(Op::LOAD_CONST, str_const(f.args.kwonlyargs[i].name));
      expr(*f.args.kw_defaults[i]);
      n++;
    }
    emitv(Op::BUILD_MAP, uint32_t(n), 1 - 2 * n);
    flags |= 2;
  }
  Scope* child = next_child();
  std::string qn = child_qualname(f.name);
  CodeGen g(vm_, filename_, child, this, false);
  Value code = g.finish_function(f.body, f.name, qn, &f.args, f.pos.line);
  if (g.failure) {
    fail_storage = *g.failure;
    failure = &fail_storage;
    return;
  }
  set_line(f.pos);
  make_closure(child, std::move(code), flags, 0);
  for (size_t i = 0; i < f.decorator_list.size(); i++) emitv(Op::CALL, 1, -1);
  store_name(f.name);
}

void CodeGen::compile_class_def(const ClassDef& c) {
  for (auto& d : c.decorator_list) expr(*d);
  set_line(c.pos);
  emit(Op::LOAD_BUILD_CLASS);
  Scope* child = next_child();
  std::string qn = child_qualname(c.name);
  CodeGen g(vm_, filename_, child, this, false);
  Value code = g.finish_class(c, qn);
  if (g.failure) {
    fail_storage = *g.failure;
    failure = &fail_storage;
    return;
  }
  set_line(c.pos);
  make_closure(child, std::move(code), 0, 0);
  emit(Op::LOAD_CONST, str_const(c.name));
  for (auto& b : c.bases) {
    if (b->kind == ExprKind::Starred) {
      error("starred base classes are not supported by Kiln", b->pos, "NotImplementedError");
      return;
    }
    expr(*b);
  }
  int nargs = 2 + int(c.bases.size());
  if (c.keywords.empty()) {
    emitv(Op::CALL, uint32_t(nargs), -nargs);
  } else {
    std::vector<Value> names;
    for (auto& k : c.keywords) {
      if (k.name.empty()) {
        error("**kwargs in a class definition is not supported by Kiln", k.pos, "NotImplementedError");
        return;
      }
      expr(*k.value);
      names.push_back(vm_.intern(k.name));
    }
    Value t = tuple_new(vm_, names.size());
    for (size_t i = 0; i < names.size(); i++) t.as<TupleObject>()->items[i] = names[i];
    emit(Op::LOAD_CONST, add_const(std::move(t)));
    int total = nargs + int(c.keywords.size());
    emitv(Op::CALL_KW, uint32_t(total), -total - 1);
  }
  for (size_t i = 0; i < c.decorator_list.size(); i++) emitv(Op::CALL, 1, -1);
  store_name(c.name);
}

void CodeGen::compile_import(const Import& im) {
  for (auto& al : im.names) {
    set_line(al.pos);
    emit(Op::LOAD_CONST, add_const(Value::small_int(0)));
    emit(Op::LOAD_CONST, add_const(Value::none()));
    emit(Op::IMPORT_NAME, name_index(al.name));
    if (al.asname.empty()) {
      store_name(al.name.substr(0, al.name.find('.')));
    } else {
      // import a.b.c as d: walk down to the submodule.
      size_t pos = al.name.find('.');
      while (pos != std::string::npos) {
        size_t next = al.name.find('.', pos + 1);
        std::string part = al.name.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1);
        emit(Op::IMPORT_FROM, name_index(part));
        emit(Op::ROT_TWO);
        emit(Op::POP_TOP);
        pos = next;
      }
      store_name(al.asname);
    }
  }
}

void CodeGen::compile_import_from(const ImportFrom& im) {
  emit(Op::LOAD_CONST, add_const(Value::small_int(im.level)));
  Value names = tuple_new(vm_, im.names.size());
  for (size_t i = 0; i < im.names.size(); i++) names.as<TupleObject>()->items[i] = vm_.intern(im.names[i].name);
  emit(Op::LOAD_CONST, add_const(std::move(names)));
  emit(Op::IMPORT_NAME, name_index(im.module));
  if (im.names.size() == 1 && im.names[0].name == "*") {
    emit(Op::IMPORT_STAR);
    return;
  }
  for (auto& al : im.names) {
    set_line(al.pos);
    emit(Op::IMPORT_FROM, name_index(al.name));
    store_name(al.asname.empty() ? al.name : al.asname);
  }
  emit(Op::POP_TOP);
}

// ====================================================================== expressions
Value CodeGen::constant_value(const Constant& c) {
  switch (c.ckind) {
    case ConstKind::None: return Value::none();
    case ConstKind::True: return Value::boolean(true);
    case ConstKind::False: return Value::boolean(false);
    case ConstKind::Ellipsis: return Value::ellipsis();
    case ConstKind::Int: return make_int(vm_, c.i);
    case ConstKind::Float: return Value::from_double(c.f);
    case ConstKind::Str: return Value();  // handled by caller
  }
  return Value::none();
}

void CodeGen::constant(const Constant& c) {
  if (c.ckind == ConstKind::Str) {
    emit(Op::LOAD_CONST, str_const(c.s));
    return;
  }
  Value v = constant_value(c);
  if (v.is_object()) {
    // Boxed ints: dedupe by value (their own map: const_idx_ is keyed by the
    // bits of immediates, which an int's value could equal).
    auto [it, inserted] = boxed_int_const_idx_.emplace(c.i, uint32_t(code_->consts.size()));
    if (inserted) code_->consts.push_back(std::move(v));
    emit(Op::LOAD_CONST, it->second);
    return;
  }
  emit(Op::LOAD_CONST, add_const(std::move(v)));
}

bool CodeGen::is_const_tuple(const Tuple& t) {
  if (t.elts.empty()) return true;
  for (auto& e : t.elts) {
    if (!folded_constant(*e)) return false;
  }
  return true;
}

// The value of a constant expression as CPython's AST optimizer folds it:
// literals and negated numeric literals. Empty if `e` is not one.
Value CodeGen::folded_constant(const Expr& e) {
  if (e.kind == ExprKind::Constant) {
    auto& c = e.as<Constant>();
    return c.ckind == ConstKind::Str ? vm_.intern(c.s) : constant_value(c);
  }
  if (e.kind == ExprKind::UnaryOp && e.as<UnaryOp>().op == UnaryOpKind::USub &&
      e.as<UnaryOp>().operand->kind == ExprKind::Constant) {
    auto& c = e.as<UnaryOp>().operand->as<Constant>();
    if (c.ckind == ConstKind::Int && c.i != INT64_MIN) return make_int(vm_, -c.i);
    if (c.ckind == ConstKind::Float) return Value::from_double(-c.f);
  }
  return Value();
}

void CodeGen::expr(const Expr& e) {
  if (failed()) return;
  int saved_line = cur_line_;
  set_line(e.pos);
  switch (e.kind) {
    case ExprKind::Constant: constant(e.as<Constant>()); break;
    case ExprKind::Name: load_name(e.as<Name>().id, e.pos); break;
    case ExprKind::BinOp: {
      auto& b = e.as<BinOp>();
      expr(*b.left);
      expr(*b.right);
      set_line(e.pos);
      emit(Op::BINARY_OP, uint32_t(b.op));
      break;
    }
    case ExprKind::UnaryOp: {
      auto& u = e.as<UnaryOp>();
      // Fold -<number> so negative literals are constants.
      if (u.op == UnaryOpKind::USub && u.operand->kind == ExprKind::Constant) {
        auto& c = u.operand->as<Constant>();
        if (c.ckind == ConstKind::Int && c.i != INT64_MIN) {
          Constant neg(c.pos);
          neg.ckind = ConstKind::Int;
          neg.i = -c.i;
          constant(neg);
          break;
        }
        if (c.ckind == ConstKind::Float) {
          emit(Op::LOAD_CONST, add_const(Value::from_double(-c.f)));
          break;
        }
      }
      expr(*u.operand);
      set_line(e.pos);
      emit(Op::UNARY_OP, uint32_t(u.op));
      break;
    }
    case ExprKind::BoolOp: compile_boolop(e.as<BoolOp>()); break;
    case ExprKind::Compare: compile_compare(e.as<Compare>()); break;
    case ExprKind::Call: compile_call(e.as<Call>()); break;
    case ExprKind::Attribute: {
      auto& a = e.as<Attribute>();
      expr(*a.value);
      set_line(e.pos);
      emit(Op::LOAD_ATTR, new_cache(name_index(a.attr)));
      break;
    }
    case ExprKind::Subscript: {
      auto& s = e.as<Subscript>();
      expr(*s.value);
      if (s.slice->kind == ExprKind::Slice) {
        // a[i:j] / a[i:j:k]: the parts stay on the stack (BINARY_SLICE).
        auto& sl = s.slice->as<Slice>();
        auto part = [&](const ExprPtr& p) {
          if (p) expr(*p);
          else emit(Op::LOAD_CONST, add_const(Value::none()));
        };
        part(sl.lower);
        part(sl.upper);
        if (sl.step) expr(*sl.step);
        set_line(e.pos);
        int n = sl.step ? 3 : 2;
        emitv(Op::BINARY_SLICE, uint32_t(n), -n);
        break;
      }
      compile_subscript_slice(*s.slice);
      set_line(e.pos);
      emit(Op::BINARY_SUBSCR);
      break;
    }
    case ExprKind::Slice: compile_subscript_slice(e); break;
    case ExprKind::Tuple: {
      auto& t = e.as<Tuple>();
      bool starred = false;
      for (auto& x : t.elts) starred |= x->kind == ExprKind::Starred;
      if (!starred && is_const_tuple(t) && !t.elts.empty()) {
        Value tv = tuple_new(vm_, t.elts.size());
        bool ok = true;
        for (size_t i = 0; i < t.elts.size(); i++) {
          Value v = folded_constant(*t.elts[i]);
          if (!v) ok = false;
          tv.as<TupleObject>()->items[i] = v ? std::move(v) : Value::none();
        }
        if (ok) {
          emit(Op::LOAD_CONST, add_const(std::move(tv)));
          break;
        }
      }
      if (!starred) {
        for (auto& x : t.elts) expr(*x);
        emitv(Op::BUILD_TUPLE, uint32_t(t.elts.size()), 1 - int(t.elts.size()));
      } else {
        starred_sequence(t.elts, Op::BUILD_LIST, 0);
        emit(Op::LIST_TO_TUPLE);
      }
      break;
    }
    case ExprKind::List: {
      auto& l = e.as<List>();
      bool starred = false;
      for (auto& x : l.elts) starred |= x->kind == ExprKind::Starred;
      if (!starred) {
        for (auto& x : l.elts) expr(*x);
        emitv(Op::BUILD_LIST, uint32_t(l.elts.size()), 1 - int(l.elts.size()));
      } else {
        starred_sequence(l.elts, Op::BUILD_LIST, 0);
      }
      break;
    }
    case ExprKind::Set: {
      auto& s = e.as<Set>();
      bool starred = false, all_const = s.elts.size() > 2;
      for (auto& x : s.elts) {
        starred |= x->kind == ExprKind::Starred;
        all_const &= bool(folded_constant(*x));
      }
      if (all_const) {
        // As CPython: a frozenset constant merged into a new set, which
        // fixes the iteration order of the result to CPython's.
        Value fs = frozenset_new(vm_);
        bool ok = true;
        for (auto& x : s.elts) {
          Value v = folded_constant(*x);
          ok = ok && v && set_add(vm_, fs.as<SetObject>(), v);
        }
        if (ok) {
          emitv(Op::BUILD_SET, 0, 1);
          emit(Op::LOAD_CONST, add_const(std::move(fs)));
          emit(Op::SET_UPDATE, 1);
          break;
        }
        vm_.clear_exception();
      }
      if (!starred) {
        for (auto& x : s.elts) expr(*x);
        emitv(Op::BUILD_SET, uint32_t(s.elts.size()), 1 - int(s.elts.size()));
      } else {
        starred_sequence(s.elts, Op::BUILD_SET, 1);
      }
      break;
    }
    case ExprKind::Dict: compile_dict(e.as<Dict>()); break;
    case ExprKind::IfExp: {
      auto& i = e.as<IfExp>();
      Label* else_l = new_label();
      Label* end = new_label();
      compile_jump_if(*i.test, false, else_l);
      expr(*i.body);
      emit_jump(Op::JUMP, end);
      depth_--;
      bind(else_l);
      expr(*i.orelse);
      bind(end);
      break;
    }
    case ExprKind::Lambda: {
      auto& l = e.as<Lambda>();
      uint32_t flags = 0;
      if (!l.args.defaults.empty()) {
        for (auto& d : l.args.defaults) expr(*d);
        emitv(Op::BUILD_TUPLE, uint32_t(l.args.defaults.size()), 1 - int(l.args.defaults.size()));
        flags |= 1;
      }
      bool any_kw = false;
      for (auto& d : l.args.kw_defaults) any_kw |= bool(d);
      if (any_kw) {
        int n = 0;
        for (size_t i = 0; i < l.args.kwonlyargs.size(); i++) {
          if (!l.args.kw_defaults[i]) continue;
          emit(Op::LOAD_CONST, str_const(l.args.kwonlyargs[i].name));
          expr(*l.args.kw_defaults[i]);
          n++;
        }
        emitv(Op::BUILD_MAP, uint32_t(n), 1 - 2 * n);
        flags |= 2;
      }
      Scope* child = next_child();
      CodeGen g(vm_, filename_, child, this, false);
      Value code = g.finish_lambda(l, child_qualname("<lambda>"));
      if (g.failure) {
        fail_storage = *g.failure;
        failure = &fail_storage;
        return;
      }
      make_closure(child, std::move(code), flags, 0);
      break;
    }
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::DictComp:
    case ExprKind::GeneratorExp: compile_comprehension(e); break;
    case ExprKind::Yield: {
      auto& y = e.as<Yield>();
      if (y.value) expr(*y.value);
      else emit(Op::LOAD_CONST, add_const(Value::none()));
      set_line(e.pos);
      emit(Op::YIELD_VALUE);
      break;
    }
    case ExprKind::YieldFrom: {
      expr(*e.as<YieldFrom>().value);
      set_line(e.pos);
      emit(Op::GET_YIELD_FROM_ITER);
      emit(Op::LOAD_CONST, add_const(Value::none()));
      emit(Op::YIELD_FROM);
      break;
    }
    case ExprKind::JoinedStr: compile_joined_str(e.as<JoinedStr>()); break;
    case ExprKind::FormattedValue: {
      // Not reached in practice: FormattedValue only appears inside JoinedStr.
      error("f-string expression outside an f-string", e.pos);
      break;
    }
    case ExprKind::Starred: error("can't use starred expression here", e.pos); break;
    case ExprKind::NamedExpr: {
      auto& n = e.as<NamedExpr>();
      expr(*n.value);
      emit(Op::DUP_TOP);
      assign_target(*n.target);
      break;
    }
  }
  cur_line_ = saved_line;
}

void CodeGen::compile_subscript_slice(const Expr& s) {
  if (s.kind == ExprKind::Slice) {
    auto& sl = s.as<Slice>();
    auto part = [&](const ExprPtr& p) {
      if (p) expr(*p);
      else emit(Op::LOAD_CONST, add_const(Value::none()));
    };
    part(sl.lower);
    part(sl.upper);
    if (sl.step) {
      expr(*sl.step);
      emitv(Op::BUILD_SLICE, 3, -2);
    } else {
      emitv(Op::BUILD_SLICE, 2, -1);
    }
    return;
  }
  if (s.kind == ExprKind::Tuple) {
    auto& t = s.as<Tuple>();
    bool has_slice = false;
    for (auto& x : t.elts) has_slice |= x->kind == ExprKind::Slice;
    if (has_slice) {
      for (auto& x : t.elts) compile_subscript_slice(*x);
      emitv(Op::BUILD_TUPLE, uint32_t(t.elts.size()), 1 - int(t.elts.size()));
      return;
    }
  }
  expr(s);
}

void CodeGen::starred_sequence(const ExprList& elts, Op build, int kind) {
  // Build incrementally: BUILD_LIST/SET of the leading plain items, then
  // append / extend for the rest.
  size_t i = 0;
  while (i < elts.size() && elts[i]->kind != ExprKind::Starred) expr(*elts[i++]);
  emitv(build, uint32_t(i), 1 - int(i));
  for (; i < elts.size(); i++) {
    if (elts[i]->kind == ExprKind::Starred) {
      expr(*elts[i]->as<Starred>().value);
      // kind 2: the arguments of a call (errors name the function below the list).
      emit(kind == 1 ? Op::SET_UPDATE : Op::LIST_EXTEND, kind == 2 ? (1 | kCallArgsFlag) : 1);
    } else {
      expr(*elts[i]);
      emit(kind == 1 ? Op::SET_ADD : Op::LIST_APPEND, 1);
    }
  }
}

void CodeGen::compile_dict(const Dict& d) {
  bool has_unpack = false;
  for (auto& k : d.keys) has_unpack |= !k;
  if (!has_unpack) {
    for (size_t i = 0; i < d.keys.size(); i++) {
      expr(*d.keys[i]);
      expr(*d.values[i]);
    }
    emitv(Op::BUILD_MAP, uint32_t(d.keys.size()), 1 - 2 * int(d.keys.size()));
    return;
  }
  emitv(Op::BUILD_MAP, 0, 1);
  for (size_t i = 0; i < d.keys.size(); i++) {
    if (!d.keys[i]) {
      expr(*d.values[i]);
      emit(Op::DICT_UPDATE, 1);
    } else {
      expr(*d.keys[i]);
      expr(*d.values[i]);
      emit(Op::MAP_ADD, 1);
    }
  }
}

void CodeGen::compile_boolop(const BoolOp& b) {
  Label* end = new_label();
  Op jump = b.op == BoolOpKind::And ? Op::JUMP_IF_FALSE_OR_POP : Op::JUMP_IF_TRUE_OR_POP;
  for (size_t i = 0; i < b.values.size(); i++) {
    expr(*b.values[i]);
    if (i + 1 < b.values.size()) emit_jump(jump, end);
  }
  bind(end);
}

void CodeGen::emit_compare_op(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Is: emit(Op::IS_OP, 0); break;
    case CmpOpKind::IsNot: emit(Op::IS_OP, 1); break;
    case CmpOpKind::In: emit(Op::CONTAINS_OP, 0); break;
    case CmpOpKind::NotIn: emit(Op::CONTAINS_OP, 1); break;
    default: emit(Op::COMPARE_OP, uint32_t(op)); break;
  }
}

// Whether every middle operand of a chained comparison (each one compared
// twice) may be evaluated twice instead of kept on the stack: a constant, or
// a name held in a fast local (a comparison's dunder cannot rebind it; a
// cell could be rebound by a closure, a global by anyone).
bool CodeGen::rereadable_operands(const Compare& c) {
  for (size_t i = 0; i + 1 < c.comparators.size(); i++) {
    const Expr& m = *c.comparators[i];
    bool ok = m.kind == ExprKind::Constant ||
              (m.kind == ExprKind::Name && scope_->lookup(m.as<Name>().id) == NameScope::Local);
    if (!ok) return false;
  }
  return true;
}

void CodeGen::compile_compare(const Compare& c) {
  expr(*c.left);
  if (c.ops.size() == 1) {
    expr(*c.comparators[0]);
    set_line(c.pos);
    emit_compare_op(c.ops[0]);
    return;
  }
  Label* cleanup = new_label();
  Label* end = new_label();
  for (size_t i = 0; i < c.ops.size(); i++) {
    expr(*c.comparators[i]);
    set_line(c.pos);
    if (i + 1 < c.ops.size()) {
      emit(Op::DUP_TOP);
      emit(Op::ROT_THREE);
      emit_compare_op(c.ops[i]);
      emit_jump(Op::JUMP_IF_FALSE_OR_POP, cleanup);
    } else {
      emit_compare_op(c.ops[i]);
    }
  }
  emit_jump(Op::JUMP, end);
  bind(cleanup);
  emit(Op::ROT_TWO);
  emit(Op::POP_TOP);
  bind(end);
}

// Jumps to `target` if truth(e) == jump_if_true, with short-circuit shapes
// for `not`, `and`, `or` so conditions don't materialise bools.
void CodeGen::compile_jump_if(const Expr& e, bool jump_if_true, Label* target) {
  if (e.kind == ExprKind::UnaryOp && e.as<UnaryOp>().op == UnaryOpKind::Not) {
    compile_jump_if(*e.as<UnaryOp>().operand, !jump_if_true, target);
    return;
  }
  if (e.kind == ExprKind::BoolOp) {
    auto& b = e.as<BoolOp>();
    bool is_and = b.op == BoolOpKind::And;
    if (is_and != jump_if_true) {
      // and, jump if false / or, jump if true: every operand may jump.
      for (auto& v : b.values) compile_jump_if(*v, jump_if_true, target);
    } else {
      Label* skip = new_label();
      for (size_t i = 0; i + 1 < b.values.size(); i++) compile_jump_if(*b.values[i], !jump_if_true, skip);
      compile_jump_if(*b.values.back(), jump_if_true, target);
      bind(skip);
    }
    return;
  }
  if (e.kind == ExprKind::Compare && e.as<Compare>().ops.size() > 1 && !rereadable_operands(e.as<Compare>())) {
    // A chained comparison as a condition: each result's truth is tested
    // once, by the jump that follows it (as CPython does); the middle
    // operand stays on the stack for the next comparison.
    auto& c = e.as<Compare>();
    Label* cleanup = new_label();
    Label* end = new_label();
    expr(*c.left);
    for (size_t i = 0; i + 1 < c.ops.size(); i++) {
      expr(*c.comparators[i]);
      set_line(c.pos);
      emit(Op::DUP_TOP);
      emit(Op::ROT_THREE);
      emit_compare_op(c.ops[i]);
      emit_jump(Op::POP_JUMP_IF_FALSE, cleanup);
    }
    expr(*c.comparators.back());
    set_line(c.pos);
    emit_compare_op(c.ops.back());
    emit_jump(jump_if_true ? Op::POP_JUMP_IF_TRUE : Op::POP_JUMP_IF_FALSE, target);
    emit_jump(Op::JUMP, end);
    bind(cleanup);
    emit(Op::POP_TOP);
    if (!jump_if_true) emit_jump(Op::JUMP, target);
    bind(end);
    return;
  }
  if (e.kind == ExprKind::Compare && e.as<Compare>().ops.size() > 1) {
    // `if lo <= x < hi:` whose middle operands are locals or constants:
    // `lo <= x and x < hi` (reading a local twice is the same as keeping
    // it on the stack: no comparison can rebind it), so each comparison
    // is an ordinary compare-and-jump, with no stack shuffling.
    auto& c = e.as<Compare>();
    Label* skip = jump_if_true ? new_label() : nullptr;
    for (size_t i = 0; i < c.ops.size(); i++) {
      expr(i == 0 ? *c.left : *c.comparators[i - 1]);
      expr(*c.comparators[i]);
      set_line(c.pos);
      emit_compare_op(c.ops[i]);
      bool last = i + 1 == c.ops.size();
      if (last && jump_if_true) emit_jump(Op::POP_JUMP_IF_TRUE, target);
      else emit_jump(Op::POP_JUMP_IF_FALSE, jump_if_true ? skip : target);
    }
    if (skip) bind(skip);
    return;
  }
  if (e.kind == ExprKind::Constant) {
    // `while True:`, `if 0:`: the truth is known, so there is no test (an
    // unconditional jump, or nothing), as in CPython.
    auto& c = e.as<Constant>();
    bool truth = false;
    switch (c.ckind) {
      case ConstKind::None:
      case ConstKind::False: truth = false; break;
      case ConstKind::True:
      case ConstKind::Ellipsis: truth = true; break;
      case ConstKind::Int: truth = c.i != 0; break;
      case ConstKind::Float: truth = c.f != 0; break;
      case ConstKind::Str: truth = !c.s.empty(); break;
    }
    if (truth == jump_if_true) emit_jump(Op::JUMP, target);
    return;
  }
  expr(e);
  emit_jump(jump_if_true ? Op::POP_JUMP_IF_TRUE : Op::POP_JUMP_IF_FALSE, target);
}

bool CodeGen::call_args_simple(const Call& c) const {
  for (auto& a : c.args)
    if (a->kind == ExprKind::Starred) return false;
  for (auto& k : c.keywords)
    if (k.name.empty()) return false;
  return true;
}

void CodeGen::compile_call(const Call& c) {
  bool simple = call_args_simple(c);
  if (simple && c.keywords.empty() && c.func->kind == ExprKind::Attribute) {
    auto& a = c.func->as<Attribute>();
    expr(*a.value);
    set_line(c.func->pos);
    emit(Op::LOAD_METHOD, new_cache(name_index(a.attr)));
    for (auto& x : c.args) expr(*x);
    set_line(c.pos);
    int n = int(c.args.size());
    emitv(Op::CALL_METHOD, uint32_t(n), -n - 1);
    return;
  }
  expr(*c.func);
  if (simple) {
    for (auto& x : c.args) expr(*x);
    for (auto& k : c.keywords) expr(*k.value);
    set_line(c.pos);
    int n = int(c.args.size() + c.keywords.size());
    if (c.keywords.empty()) {
      emitv(Op::CALL, uint32_t(n), -n);
    } else {
      Value t = tuple_new(vm_, c.keywords.size());
      for (size_t i = 0; i < c.keywords.size(); i++) t.as<TupleObject>()->items[i] = vm_.intern(c.keywords[i].name);
      emit(Op::LOAD_CONST, add_const(std::move(t)));
      emitv(Op::CALL_KW, uint32_t(n), -n - 1);
    }
    return;
  }
  // f(*a) and f(*a, **k): the operands as they are; CALL_EX makes the
  // tuple and checks the mapping only when they are not already a tuple and
  // a dict (as CPython 3.11 does for *a).
  if (c.args.size() == 1 && c.args[0]->kind == ExprKind::Starred &&
      (c.keywords.empty() || (c.keywords.size() == 1 && c.keywords[0].name.empty()))) {
    expr(*c.args[0]->as<Starred>().value);
    uint32_t flags = kCallExRaw;
    if (!c.keywords.empty()) {
      expr(*c.keywords[0].value);
      flags |= 1;
    }
    set_line(c.pos);
    emitv(Op::CALL_EX, flags, -1 - int(flags & 1));
    return;
  }
  // General form: positional args as a tuple, keywords as a dict.
  starred_sequence(c.args, Op::BUILD_LIST, 2);
  emit(Op::LIST_TO_TUPLE);
  uint32_t flags = 0;
  if (!c.keywords.empty()) {
    emitv(Op::BUILD_MAP, 0, 1);
    for (auto& k : c.keywords) {
      if (k.name.empty()) {
        expr(*k.value);
        emit(Op::DICT_MERGE, 1);
      } else {
        // Merged as a one-entry dict, not MAP_ADD: DICT_MERGE raises on a
        // name that a ** mapping also gives, as CPython does.
        emit(Op::LOAD_CONST, str_const(k.name));
        expr(*k.value);
        emitv(Op::BUILD_MAP, 1, -1);
        emit(Op::DICT_MERGE, 1);
      }
    }
    flags = 1;
  }
  set_line(c.pos);
  emitv(Op::CALL_EX, flags, -1 - int(flags));
}

void CodeGen::compile_comprehension(const Expr& e) {
  // The first iterable belongs to the enclosing scope and was seen by the
  // scope analysis before the comprehension's own scope: evaluate it first,
  // then make the function, then call it with the iterator.
  const std::vector<Comprehension>* gens = nullptr;
  switch (e.kind) {
    case ExprKind::ListComp: gens = &e.as<ListComp>().generators; break;
    case ExprKind::SetComp: gens = &e.as<SetComp>().generators; break;
    case ExprKind::DictComp: gens = &e.as<DictComp>().generators; break;
    default: gens = &e.as<GeneratorExp>().generators; break;
  }
  expr(*(*gens)[0].iter);
  if (failed()) return;
  set_line(e.pos);
  emit(Op::GET_ITER);
  Scope* child = next_child();
  std::string short_name = e.kind == ExprKind::ListComp ? "<listcomp>"
                           : e.kind == ExprKind::SetComp ? "<setcomp>"
                           : e.kind == ExprKind::DictComp ? "<dictcomp>"
                                                          : "<genexpr>";
  CodeGen g(vm_, filename_, child, this, false);
  Value code = g.finish_comprehension(e, child_qualname(short_name));
  if (g.failure) {
    fail_storage = *g.failure;
    failure = &fail_storage;
    return;
  }
  set_line(e.pos);
  make_closure(child, std::move(code), 0, 0);
  emit(Op::ROT_TWO);
  emitv(Op::CALL, 1, -1);
}

// Inside the comprehension's own code: loops over generators[i..].
// `items` = number of values below the iterators (the result being built).
void CodeGen::comprehension_body(const Expr& e, const std::vector<Comprehension>& gens, size_t i, int items) {
  Label* top = new_label();
  Label* exit = new_label();
  auto& g = gens[i];
  if (i == 0) {
    emit(Op::LOAD_FAST, 0);  // .0, already an iterator
  } else {
    expr(*g.iter);
    emit(Op::GET_ITER);
  }
  bind(top);
  set_line(e.pos);
  emit_jump(Op::FOR_ITER, exit);
  assign_target(*g.target);
  for (auto& cond : g.ifs) compile_jump_if(*cond, false, top);
  if (i + 1 < gens.size()) {
    comprehension_body(e, gens, i + 1, items);
  } else {
    uint32_t depth = uint32_t(i + 1 + 1);  // iterators + the result itself
    switch (e.kind) {
      case ExprKind::ListComp:
        expr(*e.as<ListComp>().elt);
        emit(Op::LIST_APPEND, depth);
        break;
      case ExprKind::SetComp:
        expr(*e.as<SetComp>().elt);
        emit(Op::SET_ADD, depth);
        break;
      case ExprKind::DictComp:
        expr(*e.as<DictComp>().key);
        expr(*e.as<DictComp>().value);
        emit(Op::MAP_ADD, depth);
        break;
      case ExprKind::GeneratorExp:
        expr(*e.as<GeneratorExp>().elt);
        emit(Op::YIELD_VALUE);
        emit(Op::POP_TOP);
        break;
      default: break;
    }
  }
  jump_to(Op::JUMP, top);
  bind(exit);
}

void CodeGen::compile_joined_str(const JoinedStr& j) {
  if (j.values.size() == 1 && j.values[0]->kind == ExprKind::Constant) {
    expr(*j.values[0]);
    return;
  }
  if (j.values.empty()) {
    emit(Op::LOAD_CONST, str_const(""));
    return;
  }
  for (auto& v : j.values) {
    if (v->kind == ExprKind::FormattedValue) {
      auto& f = v->as<FormattedValue>();
      expr(*f.value);
      uint32_t flags = 0;
      if (f.conversion == 's') flags = 1;
      else if (f.conversion == 'r') flags = 2;
      else if (f.conversion == 'a') flags = 3;
      if (f.format_spec) {
        expr(*f.format_spec);
        flags |= 4;
        emitv(Op::FORMAT_VALUE, flags, -1);
      } else {
        emitv(Op::FORMAT_VALUE, flags, 0);
      }
    } else {
      expr(*v);
    }
  }
  emitv(Op::BUILD_STRING, uint32_t(j.values.size()), 1 - int(j.values.size()));
}

}  // namespace

// ====================================================================== entry points
Value raise_syntax_error(VM& vm, const std::string& type_name, const std::string& msg, const std::string& filename,
                         int line, int col, const std::string& text, int end_col) {
  Exc type = Exc::SyntaxError;
  if (type_name == "IndentationError") type = Exc::IndentationError;
  else if (type_name == "TabError") type = Exc::TabError;
  else if (type_name == "NotImplementedError") type = Exc::NotImplementedError;
  std::string full = msg;
  if (type == Exc::NotImplementedError) {
    // Not a SyntaxError: name the place in the message and in a traceback
    // entry, so the error points at the line like any runtime error.
    full = msg + " (" + filename + ", line " + std::to_string(line) + ")";
    vm.raise(type, full);
    Value exc = vm.pending_exception();
    if (is_kind(exc, ObjKind::Exception)) {
      auto* e = exc.as<ExceptionObject>();
      if (!e->traceback.is_object()) e->traceback = list_new(vm, 0);
      Value entry = tuple_pack(vm, {make_str(vm, filename), make_int(vm, line), make_str(vm, "<module>")});
      e->traceback.as<ListObject>()->items.push_back(std::move(entry));
    }
    return Value();
  }
  Value exc = vm.new_exception(type, msg);
  if (!exc) return Value();
  auto set = [&](const char* name, Value v) {
    Value key = vm.intern(name);
    setattr(vm, exc, key.as<StrObject>(), v);
  };
  set("msg", make_str(vm, msg));
  set("filename", make_str(vm, filename));
  set("lineno", make_int(vm, line));
  set("offset", make_int(vm, col));
  set("text", make_str(vm, text));
  set("end_offset", make_int(vm, end_col));
  vm.clear_exception();
  return vm.raise_value(exc);
}

Value compile_module(VM& vm, ast::Module& m, const std::string& filename, bool interactive) {
  mangle_private_names(m);
  SymtableError serr, unsupported;
  auto top = build_symtable(m, interactive, &serr, &unsupported);
  auto line_text = [&](int line) -> std::string {
    auto it = vm.sources.find(filename);
    if (it == vm.sources.end() || line <= 0) return "";
    std::string_view s = it->second;
    size_t pos = 0;
    for (int i = 1; i < line && pos != std::string_view::npos; i++) {
      pos = s.find('\n', pos);
      if (pos != std::string_view::npos) pos++;
    }
    if (pos == std::string_view::npos) return "";
    size_t end = s.find('\n', pos);
    return std::string(s.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
  };
  if (!top) return raise_syntax_error(vm, "SyntaxError", serr.msg, filename, serr.line, serr.col, line_text(serr.line));
  CodeGen g(vm, filename, top.get(), nullptr, interactive);
  Value code = g.finish_module(m);
  if (g.failure) {
    return raise_syntax_error(vm, g.failure->type, g.failure->msg, filename, g.failure->pos.line, g.failure->pos.col,
                              line_text(g.failure->pos.line));
  }
  // Valid Python that Kiln does not support, reported once no SyntaxError
  // (which CPython would raise instead) has turned up.
  if (!unsupported.msg.empty()) {
    return raise_syntax_error(vm, "NotImplementedError", unsupported.msg, filename, unsupported.line, unsupported.col,
                              line_text(unsupported.line));
  }
  return code;
}

Value compile_source(VM& vm, std::string_view source, const std::string& filename, bool interactive) {
  vm.sources[filename] = std::string(source);
  ParseError perr;
  std::unique_ptr<ast::Module> mod;
  {
    TraceSpan span(vm.trace_events, "parse " + filename, "compile");
    mod = parse_module(source, &perr);
  }
  if (!mod) {
    return raise_syntax_error(vm, perr.type, perr.msg, filename, perr.line, perr.col, perr.line_text, perr.end_col);
  }
  TraceSpan span(vm.trace_events, "bytecode " + filename, "compile");
  return compile_module(vm, *mod, filename, interactive);
}

void fuse_superinstructions(VmVector<uint32_t>& code) { fuse_pairs(code); }

}  // namespace kiln::vm
