// vm/ast.cpp — name tables for AST enums and a CPython-`ast.dump`-style
// renderer (same node names, field order and omission of absent optional
// fields as CPython 3.11's ast.dump), used by the parser's unit tests and for
// debugging the front end.
#include "vm/ast.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace kiln::vm::ast {

namespace {

const char* const kExprNames[] = {
#define X(name) #name,
    KILN_AST_EXPRS(X)
#undef X
};
const char* const kStmtNames[] = {
#define X(name) #name,
    KILN_AST_STMTS(X)
#undef X
};
const char* const kBinSymbols[] = {
#define X(name, sym, dunder) sym,
    KILN_AST_BINOPS(X)
#undef X
};
const char* const kBinDunders[] = {
#define X(name, sym, dunder) dunder,
    KILN_AST_BINOPS(X)
#undef X
};
const char* const kBinNames[] = {
#define X(name, sym, dunder) #name,
    KILN_AST_BINOPS(X)
#undef X
};
const char* const kCmpSymbols[] = {
#define X(name, sym) sym,
    KILN_AST_CMPOPS(X)
#undef X
};
const char* const kCmpNames[] = {
#define X(name, sym) #name,
    KILN_AST_CMPOPS(X)
#undef X
};

// Python's repr() of a float: the shortest string that round-trips, in
// 'r' format (exponent when exp < -4 or exp >= 16).
std::string float_repr(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  char buf[64];
  int prec = 1;
  for (; prec <= 17; ++prec) {
    snprintf(buf, sizeof buf, "%.*e", prec - 1, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  // buf = [-]d.ddde[+-]xx
  std::string s(buf);
  bool neg = s[0] == '-';
  if (neg) s.erase(0, 1);
  size_t e = s.find('e');
  int exp = std::atoi(s.c_str() + e + 1);
  std::string digits;
  for (size_t i = 0; i < e; ++i)
    if (s[i] != '.') digits.push_back(s[i]);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  std::string out;
  if (exp >= -5 + 1 && exp < 16) {
    int point = exp + 1;  // digits before the decimal point
    if (point <= 0) {
      out = "0." + std::string((size_t)-point, '0') + digits;
    } else if ((size_t)point >= digits.size()) {
      out = digits + std::string((size_t)point - digits.size(), '0') + ".0";
    } else {
      out = digits.substr(0, (size_t)point) + "." + digits.substr((size_t)point);
    }
  } else {
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char eb[16];
    snprintf(eb, sizeof eb, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    out += eb;
  }
  return neg ? "-" + out : out;
}

bool non_printable(uint32_t cp) {
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0xA0) || cp == 0xAD || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) ||
         cp == 0x3000 || cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB) || (cp >= 0xE000 && cp <= 0xF8FF) ||
         (cp >= 0xD800 && cp <= 0xDFFF) || (cp & 0xFFFE) == 0xFFFE || (cp >= 0xFDD0 && cp <= 0xFDEF);
}

// Python's repr() of a str given as UTF-8.
std::string str_repr(const std::string& s) {
  bool has_sq = s.find('\'') != std::string::npos, has_dq = s.find('"') != std::string::npos;
  char quote = has_sq && !has_dq ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < s.size();) {
    unsigned char c = (unsigned char)s[i];
    uint32_t cp;
    size_t len = 1;
    if (c < 0x80) cp = c;
    else {
      len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      cp = c & (0x7F >> len);
      for (size_t k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
    }
    char buf[16];
    if (cp == (uint32_t)quote || cp == '\\') {
      out.push_back('\\');
      out.push_back((char)cp);
    } else if (cp == '\t') out += "\\t";
    else if (cp == '\n') out += "\\n";
    else if (cp == '\r') out += "\\r";
    else if (non_printable(cp)) {
      if (cp <= 0xFF) snprintf(buf, sizeof buf, "\\x%02x", cp);
      else if (cp <= 0xFFFF) snprintf(buf, sizeof buf, "\\u%04x", cp);
      else snprintf(buf, sizeof buf, "\\U%08x", cp);
      out += buf;
    } else {
      out.append(s, i, len);
    }
    i += len;
  }
  out.push_back(quote);
  return out;
}

// A node being rendered: Name(field=value, ...), skipping absent optionals.
class Fields {
 public:
  Fields(std::string& out, const char* name) : out_(out) {
    out_ += name;
    out_ += '(';
  }
  std::string& field(const char* name) {
    if (!first_) out_ += ", ";
    first_ = false;
    out_ += name;
    out_ += '=';
    return out_;
  }
  ~Fields() { out_ += ')'; }

 private:
  std::string& out_;
  bool first_ = true;
};

const char* ctx_name(ExprContext c) {
  return c == ExprContext::Load ? "Load()" : c == ExprContext::Store ? "Store()" : "Del()";
}

class Dumper {
 public:
  std::string out;

  void expr(const Expr& e);
  void stmt(const Stmt& s);

  void opt_expr(Fields& f, const char* name, const ExprPtr& e) {
    if (!e) return;
    f.field(name);
    expr(*e);
  }
  void exprs(const ExprList& l) {
    out += '[';
    for (size_t i = 0; i < l.size(); ++i) {
      if (i) out += ", ";
      if (l[i]) expr(*l[i]);
      else out += "None";
    }
    out += ']';
  }
  void stmts(const StmtList& l) {
    out += '[';
    for (size_t i = 0; i < l.size(); ++i) {
      if (i) out += ", ";
      stmt(*l[i]);
    }
    out += ']';
  }
  void names(const std::vector<std::string>& l) {
    out += '[';
    for (size_t i = 0; i < l.size(); ++i) {
      if (i) out += ", ";
      out += str_repr(l[i]);
    }
    out += ']';
  }
  void arg(const Arg& a) {
    Fields f(out, "arg");
    f.field("arg") += str_repr(a.name);
    opt_expr(f, "annotation", a.annotation);
  }
  void args(const std::vector<Arg>& l) {
    out += '[';
    for (size_t i = 0; i < l.size(); ++i) {
      if (i) out += ", ";
      arg(l[i]);
    }
    out += ']';
  }
  void arguments(const Arguments& a) {
    Fields f(out, "arguments");
    f.field("posonlyargs");
    args(a.posonlyargs);
    f.field("args");
    args(a.args);
    if (a.vararg) {
      f.field("vararg");
      arg(*a.vararg);
    }
    f.field("kwonlyargs");
    args(a.kwonlyargs);
    f.field("kw_defaults");
    exprs(a.kw_defaults);
    if (a.kwarg) {
      f.field("kwarg");
      arg(*a.kwarg);
    }
    f.field("defaults");
    exprs(a.defaults);
  }
  void keywords(const std::vector<Keyword>& l) {
    out += '[';
    for (size_t i = 0; i < l.size(); ++i) {
      if (i) out += ", ";
      Fields f(out, "keyword");
      if (!l[i].name.empty()) f.field("arg") += str_repr(l[i].name);
      f.field("value");
      expr(*l[i].value);
    }
    out += ']';
  }
  void generators(const std::vector<Comprehension>& l) {
    out += '[';
    for (size_t i = 0; i < l.size(); ++i) {
      if (i) out += ", ";
      Fields f(out, "comprehension");
      f.field("target");
      expr(*l[i].target);
      f.field("iter");
      expr(*l[i].iter);
      f.field("ifs");
      exprs(l[i].ifs);
      f.field("is_async") += "0";
    }
    out += ']';
  }
  void aliases(const std::vector<Alias>& l) {
    out += '[';
    for (size_t i = 0; i < l.size(); ++i) {
      if (i) out += ", ";
      Fields f(out, "alias");
      f.field("name") += str_repr(l[i].name);
      if (!l[i].asname.empty()) f.field("asname") += str_repr(l[i].asname);
    }
    out += ']';
  }
};

void Dumper::expr(const Expr& e) {
  switch (e.kind) {
    case ExprKind::BoolOp: {
      const auto& n = e.as<BoolOp>();
      Fields f(out, "BoolOp");
      f.field("op") += n.op == BoolOpKind::And ? "And()" : "Or()";
      f.field("values");
      exprs(n.values);
      break;
    }
    case ExprKind::NamedExpr: {
      const auto& n = e.as<NamedExpr>();
      Fields f(out, "NamedExpr");
      f.field("target");
      expr(*n.target);
      f.field("value");
      expr(*n.value);
      break;
    }
    case ExprKind::BinOp: {
      const auto& n = e.as<BinOp>();
      Fields f(out, "BinOp");
      f.field("left");
      expr(*n.left);
      f.field("op") += std::string(kBinNames[(int)n.op]) + "()";
      f.field("right");
      expr(*n.right);
      break;
    }
    case ExprKind::UnaryOp: {
      const auto& n = e.as<UnaryOp>();
      static const char* const kNames[] = {"Invert()", "Not()", "UAdd()", "USub()"};
      Fields f(out, "UnaryOp");
      f.field("op") += kNames[(int)n.op];
      f.field("operand");
      expr(*n.operand);
      break;
    }
    case ExprKind::Lambda: {
      const auto& n = e.as<Lambda>();
      Fields f(out, "Lambda");
      f.field("args");
      arguments(n.args);
      f.field("body");
      expr(*n.body);
      break;
    }
    case ExprKind::IfExp: {
      const auto& n = e.as<IfExp>();
      Fields f(out, "IfExp");
      f.field("test");
      expr(*n.test);
      f.field("body");
      expr(*n.body);
      f.field("orelse");
      expr(*n.orelse);
      break;
    }
    case ExprKind::Dict: {
      const auto& n = e.as<Dict>();
      Fields f(out, "Dict");
      f.field("keys");
      exprs(n.keys);
      f.field("values");
      exprs(n.values);
      break;
    }
    case ExprKind::Set: {
      Fields f(out, "Set");
      f.field("elts");
      exprs(e.as<Set>().elts);
      break;
    }
    case ExprKind::ListComp: case ExprKind::SetComp: case ExprKind::GeneratorExp: {
      const ExprPtr& elt = e.kind == ExprKind::ListComp  ? e.as<ListComp>().elt
                           : e.kind == ExprKind::SetComp ? e.as<SetComp>().elt
                                                         : e.as<GeneratorExp>().elt;
      const auto& gens = e.kind == ExprKind::ListComp  ? e.as<ListComp>().generators
                         : e.kind == ExprKind::SetComp ? e.as<SetComp>().generators
                                                       : e.as<GeneratorExp>().generators;
      Fields f(out, expr_kind_name(e.kind));
      f.field("elt");
      expr(*elt);
      f.field("generators");
      generators(gens);
      break;
    }
    case ExprKind::DictComp: {
      const auto& n = e.as<DictComp>();
      Fields f(out, "DictComp");
      f.field("key");
      expr(*n.key);
      f.field("value");
      expr(*n.value);
      f.field("generators");
      generators(n.generators);
      break;
    }
    case ExprKind::Yield: {
      Fields f(out, "Yield");
      opt_expr(f, "value", e.as<Yield>().value);
      break;
    }
    case ExprKind::YieldFrom: {
      Fields f(out, "YieldFrom");
      f.field("value");
      expr(*e.as<YieldFrom>().value);
      break;
    }
    case ExprKind::Compare: {
      const auto& n = e.as<Compare>();
      Fields f(out, "Compare");
      f.field("left");
      expr(*n.left);
      f.field("ops") += '[';
      for (size_t i = 0; i < n.ops.size(); ++i) {
        if (i) out += ", ";
        out += kCmpNames[(int)n.ops[i]];
        out += "()";
      }
      out += ']';
      f.field("comparators");
      exprs(n.comparators);
      break;
    }
    case ExprKind::Call: {
      const auto& n = e.as<Call>();
      Fields f(out, "Call");
      f.field("func");
      expr(*n.func);
      f.field("args");
      exprs(n.args);
      f.field("keywords");
      keywords(n.keywords);
      break;
    }
    case ExprKind::FormattedValue: {
      const auto& n = e.as<FormattedValue>();
      Fields f(out, "FormattedValue");
      f.field("value");
      expr(*n.value);
      f.field("conversion") += std::to_string(n.conversion);
      opt_expr(f, "format_spec", n.format_spec);
      break;
    }
    case ExprKind::JoinedStr: {
      Fields f(out, "JoinedStr");
      f.field("values");
      exprs(e.as<JoinedStr>().values);
      break;
    }
    case ExprKind::Constant: {
      const auto& n = e.as<Constant>();
      Fields f(out, "Constant");
      std::string& o = f.field("value");
      switch (n.ckind) {
        case ConstKind::None: o += "None"; break;
        case ConstKind::True: o += "True"; break;
        case ConstKind::False: o += "False"; break;
        case ConstKind::Ellipsis: o += "Ellipsis"; break;
        case ConstKind::Int: o += std::to_string(n.i); break;
        case ConstKind::Float: o += float_repr(n.f); break;
        case ConstKind::Str: o += str_repr(n.s); break;
      }
      break;
    }
    case ExprKind::Attribute: {
      const auto& n = e.as<Attribute>();
      Fields f(out, "Attribute");
      f.field("value");
      expr(*n.value);
      f.field("attr") += str_repr(n.attr);
      f.field("ctx") += ctx_name(n.ctx);
      break;
    }
    case ExprKind::Subscript: {
      const auto& n = e.as<Subscript>();
      Fields f(out, "Subscript");
      f.field("value");
      expr(*n.value);
      f.field("slice");
      expr(*n.slice);
      f.field("ctx") += ctx_name(n.ctx);
      break;
    }
    case ExprKind::Starred: {
      const auto& n = e.as<Starred>();
      Fields f(out, "Starred");
      f.field("value");
      expr(*n.value);
      f.field("ctx") += ctx_name(n.ctx);
      break;
    }
    case ExprKind::Name: {
      const auto& n = e.as<Name>();
      Fields f(out, "Name");
      f.field("id") += str_repr(n.id);
      f.field("ctx") += ctx_name(n.ctx);
      break;
    }
    case ExprKind::List: {
      const auto& n = e.as<List>();
      Fields f(out, "List");
      f.field("elts");
      exprs(n.elts);
      f.field("ctx") += ctx_name(n.ctx);
      break;
    }
    case ExprKind::Tuple: {
      const auto& n = e.as<Tuple>();
      Fields f(out, "Tuple");
      f.field("elts");
      exprs(n.elts);
      f.field("ctx") += ctx_name(n.ctx);
      break;
    }
    case ExprKind::Slice: {
      const auto& n = e.as<Slice>();
      Fields f(out, "Slice");
      opt_expr(f, "lower", n.lower);
      opt_expr(f, "upper", n.upper);
      opt_expr(f, "step", n.step);
      break;
    }
  }
}

void Dumper::stmt(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::FunctionDef: {
      const auto& n = s.as<FunctionDef>();
      Fields f(out, "FunctionDef");
      f.field("name") += str_repr(n.name);
      f.field("args");
      arguments(n.args);
      f.field("body");
      stmts(n.body);
      f.field("decorator_list");
      exprs(n.decorator_list);
      opt_expr(f, "returns", n.returns);
      break;
    }
    case StmtKind::ClassDef: {
      const auto& n = s.as<ClassDef>();
      Fields f(out, "ClassDef");
      f.field("name") += str_repr(n.name);
      f.field("bases");
      exprs(n.bases);
      f.field("keywords");
      keywords(n.keywords);
      f.field("body");
      stmts(n.body);
      f.field("decorator_list");
      exprs(n.decorator_list);
      break;
    }
    case StmtKind::Return: {
      Fields f(out, "Return");
      opt_expr(f, "value", s.as<Return>().value);
      break;
    }
    case StmtKind::Delete: {
      Fields f(out, "Delete");
      f.field("targets");
      exprs(s.as<Delete>().targets);
      break;
    }
    case StmtKind::Assign: {
      const auto& n = s.as<Assign>();
      Fields f(out, "Assign");
      f.field("targets");
      exprs(n.targets);
      f.field("value");
      expr(*n.value);
      break;
    }
    case StmtKind::AugAssign: {
      const auto& n = s.as<AugAssign>();
      Fields f(out, "AugAssign");
      f.field("target");
      expr(*n.target);
      f.field("op") += std::string(kBinNames[(int)n.op]) + "()";
      f.field("value");
      expr(*n.value);
      break;
    }
    case StmtKind::AnnAssign: {
      const auto& n = s.as<AnnAssign>();
      Fields f(out, "AnnAssign");
      f.field("target");
      expr(*n.target);
      f.field("annotation");
      expr(*n.annotation);
      opt_expr(f, "value", n.value);
      f.field("simple") += n.simple ? "1" : "0";
      break;
    }
    case StmtKind::For: {
      const auto& n = s.as<For>();
      Fields f(out, "For");
      f.field("target");
      expr(*n.target);
      f.field("iter");
      expr(*n.iter);
      f.field("body");
      stmts(n.body);
      f.field("orelse");
      stmts(n.orelse);
      break;
    }
    case StmtKind::While: {
      const auto& n = s.as<While>();
      Fields f(out, "While");
      f.field("test");
      expr(*n.test);
      f.field("body");
      stmts(n.body);
      f.field("orelse");
      stmts(n.orelse);
      break;
    }
    case StmtKind::If: {
      const auto& n = s.as<If>();
      Fields f(out, "If");
      f.field("test");
      expr(*n.test);
      f.field("body");
      stmts(n.body);
      f.field("orelse");
      stmts(n.orelse);
      break;
    }
    case StmtKind::With: {
      const auto& n = s.as<With>();
      Fields f(out, "With");
      f.field("items") += '[';
      for (size_t i = 0; i < n.items.size(); ++i) {
        if (i) out += ", ";
        Fields w(out, "withitem");
        w.field("context_expr");
        expr(*n.items[i].context_expr);
        opt_expr(w, "optional_vars", n.items[i].optional_vars);
      }
      out += ']';
      f.field("body");
      stmts(n.body);
      break;
    }
    case StmtKind::Raise: {
      const auto& n = s.as<Raise>();
      Fields f(out, "Raise");
      opt_expr(f, "exc", n.exc);
      opt_expr(f, "cause", n.cause);
      break;
    }
    case StmtKind::Try: {
      const auto& n = s.as<Try>();
      Fields f(out, "Try");
      f.field("body");
      stmts(n.body);
      f.field("handlers") += '[';
      for (size_t i = 0; i < n.handlers.size(); ++i) {
        if (i) out += ", ";
        const ExceptHandler& h = n.handlers[i];
        Fields hf(out, "ExceptHandler");
        opt_expr(hf, "type", h.type);
        if (!h.name.empty()) hf.field("name") += str_repr(h.name);
        hf.field("body");
        stmts(h.body);
      }
      out += ']';
      f.field("orelse");
      stmts(n.orelse);
      f.field("finalbody");
      stmts(n.finalbody);
      break;
    }
    case StmtKind::Assert: {
      const auto& n = s.as<Assert>();
      Fields f(out, "Assert");
      f.field("test");
      expr(*n.test);
      opt_expr(f, "msg", n.msg);
      break;
    }
    case StmtKind::Import: {
      Fields f(out, "Import");
      f.field("names");
      aliases(s.as<Import>().names);
      break;
    }
    case StmtKind::ImportFrom: {
      const auto& n = s.as<ImportFrom>();
      Fields f(out, "ImportFrom");
      if (!n.module.empty()) f.field("module") += str_repr(n.module);
      f.field("names");
      aliases(n.names);
      f.field("level") += std::to_string(n.level);
      break;
    }
    case StmtKind::Global: {
      Fields f(out, "Global");
      f.field("names");
      names(s.as<Global>().names);
      break;
    }
    case StmtKind::Nonlocal: {
      Fields f(out, "Nonlocal");
      f.field("names");
      names(s.as<Nonlocal>().names);
      break;
    }
    case StmtKind::ExprStmt: {
      Fields f(out, "Expr");
      f.field("value");
      expr(*s.as<ExprStmt>().value);
      break;
    }
    case StmtKind::Pass: out += "Pass()"; break;
    case StmtKind::Break: out += "Break()"; break;
    case StmtKind::Continue: out += "Continue()"; break;
  }
}

}  // namespace

const char* expr_kind_name(ExprKind k) { return kExprNames[(int)k]; }
const char* stmt_kind_name(StmtKind k) { return kStmtNames[(int)k]; }
const char* binop_symbol(BinOpKind k) { return kBinSymbols[(int)k]; }
const char* binop_dunder(BinOpKind k) { return kBinDunders[(int)k]; }
const char* cmpop_symbol(CmpOpKind k) { return kCmpSymbols[(int)k]; }

std::string dump(const Module& m) {
  Dumper d;
  d.out = "Module(body=";
  d.stmts(m.body);
  d.out += ", type_ignores=[])";
  return d.out;
}

std::string dump(const Expr& e) {
  Dumper d;
  d.expr(e);
  return d.out;
}

}  // namespace kiln::vm::ast
