// vm/unparse.cpp — see unparse.h.
#include "vm/unparse.h"

#include "vm/float_repr.h"
#include "vm/str.h"

namespace kiln::vm {

namespace {

using namespace ast;

// CPython's precedence levels (ast._Precedence), low to high.
enum Prec : int { kTuple = 0, kOr, kAnd, kNot, kCmp, kBor, kBxor, kBand, kShift, kArith, kTerm, kFactor, kPower, kAtom };

Prec binop_prec(BinOpKind op) {
  switch (op) {
    case BinOpKind::BitOr: return kBor;
    case BinOpKind::BitXor: return kBxor;
    case BinOpKind::BitAnd: return kBand;
    case BinOpKind::LShift:
    case BinOpKind::RShift: return kShift;
    case BinOpKind::Add:
    case BinOpKind::Sub: return kArith;
    case BinOpKind::Pow: return kPower;
    default: return kTerm;  // * @ / // %
  }
}

const char* binop_text(BinOpKind op) {
#define X(name, sym, dunder) sym,
  static constexpr const char* kSyms[] = {KILN_AST_BINOPS(X)};
#undef X
  return kSyms[size_t(op)];
}

class Unparser {
 public:
  bool expr(const Expr& e, Prec ctx, std::string& o) {
    switch (e.kind) {
      case ExprKind::Name: o += e.as<Name>().id; return true;
      case ExprKind::Constant: return constant(e.as<Constant>(), o);
      case ExprKind::Attribute: {
        const auto& a = e.as<Attribute>();
        if (!expr(*a.value, kAtom, o)) return false;
        // `1 .real`: an int literal needs a space before the dot.
        if (a.value->kind == ExprKind::Constant && a.value->as<Constant>().ckind == ConstKind::Int) o += ' ';
        o += '.';
        o += a.attr;
        return true;
      }
      case ExprKind::Subscript: {
        const auto& s = e.as<Subscript>();
        if (!expr(*s.value, kAtom, o)) return false;
        o += '[';
        if (s.slice->kind == ExprKind::Tuple && !s.slice->as<Tuple>().elts.empty()) {
          if (!items(s.slice->as<Tuple>().elts, o)) return false;
          if (s.slice->as<Tuple>().elts.size() == 1) o += ',';
        } else if (!expr(*s.slice, kTuple, o)) {
          return false;
        }
        o += ']';
        return true;
      }
      case ExprKind::Slice: {
        const auto& s = e.as<Slice>();
        if (s.lower && !expr(*s.lower, kTuple, o)) return false;
        o += ':';
        if (s.upper && !expr(*s.upper, kTuple, o)) return false;
        if (s.step) {
          o += ':';
          if (!expr(*s.step, kTuple, o)) return false;
        }
        return true;
      }
      case ExprKind::Tuple: {
        const auto& t = e.as<Tuple>();
        if (t.elts.empty()) {
          o += "()";
          return true;
        }
        bool paren = ctx > kTuple;
        if (paren) o += '(';
        if (!items(t.elts, o)) return false;
        if (t.elts.size() == 1) o += ',';
        if (paren) o += ')';
        return true;
      }
      case ExprKind::List: {
        o += '[';
        if (!items(e.as<List>().elts, o)) return false;
        o += ']';
        return true;
      }
      case ExprKind::BinOp: {
        const auto& b = e.as<BinOp>();
        Prec p = binop_prec(b.op);
        bool paren = ctx > p;
        if (paren) o += '(';
        // Left-associative, except ** (right-associative).
        Prec left = b.op == BinOpKind::Pow ? Prec(p + 1) : p;
        Prec right = b.op == BinOpKind::Pow ? p : Prec(p + 1);
        if (!expr(*b.left, left, o)) return false;
        o += ' ';
        o += binop_text(b.op);
        o += ' ';
        if (!expr(*b.right, right, o)) return false;
        if (paren) o += ')';
        return true;
      }
      case ExprKind::UnaryOp: {
        const auto& u = e.as<UnaryOp>();
        Prec p = u.op == UnaryOpKind::Not ? kNot : kFactor;
        bool paren = ctx > p;
        if (paren) o += '(';
        switch (u.op) {
          case UnaryOpKind::Not: o += "not "; break;
          case UnaryOpKind::Invert: o += '~'; break;
          case UnaryOpKind::UAdd: o += '+'; break;
          case UnaryOpKind::USub: o += '-'; break;
        }
        if (!expr(*u.operand, p, o)) return false;
        if (paren) o += ')';
        return true;
      }
      case ExprKind::Call: {
        const auto& c = e.as<Call>();
        if (!expr(*c.func, kAtom, o)) return false;
        o += '(';
        bool first = true;
        for (const auto& a : c.args) {
          if (!first) o += ", ";
          first = false;
          if (a->kind == ExprKind::Starred) {
            o += '*';
            if (!expr(*a->as<Starred>().value, kTerm, o)) return false;
          } else if (!expr(*a, kOr, o)) {
            return false;
          }
        }
        for (const auto& k : c.keywords) {
          if (!first) o += ", ";
          first = false;
          if (k.name.empty()) o += "**";
          else o += k.name + "=";
          if (!expr(*k.value, kOr, o)) return false;
        }
        o += ')';
        return true;
      }
      default: return false;
    }
  }

 private:
  bool items(const ExprList& xs, std::string& o) {
    for (size_t i = 0; i < xs.size(); i++) {
      if (i) o += ", ";
      if (xs[i]->kind == ExprKind::Starred) {
        o += '*';
        if (!expr(*xs[i]->as<Starred>().value, kTerm, o)) return false;
      } else if (!expr(*xs[i], kOr, o)) {
        return false;
      }
    }
    return true;
  }
  bool constant(const Constant& c, std::string& o) {
    switch (c.ckind) {
      case ConstKind::None: o += "None"; return true;
      case ConstKind::True: o += "True"; return true;
      case ConstKind::False: o += "False"; return true;
      case ConstKind::Ellipsis: o += "..."; return true;
      case ConstKind::Int: o += std::to_string(c.i); return true;
      case ConstKind::Float: o += float_repr(c.f); return true;
      case ConstKind::Str: o += str_repr_text(c.s); return true;
    }
    return false;
  }
};

}  // namespace

bool unparse_expr(const ast::Expr& e, std::string* out) {
  std::string text;
  Unparser u;
  if (!u.expr(e, kOr, text)) return false;  // a tuple at the top gets parentheses, as CPython's
  *out = std::move(text);
  return true;
}

}  // namespace kiln::vm
