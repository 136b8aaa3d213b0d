// vm/mangle.cpp — private name mangling (the rules are in vm/mangle.h).

#include "vm/mangle.h"

#include <string>

namespace kiln::vm {

using namespace ast;

namespace {

class Mangler {
 public:
  explicit Mangler(std::string private_name) : cls_(std::move(private_name)) {}

  void stmts(StmtList& body) {
    for (auto& s : body) stmt(*s);
  }

 private:
  std::string cls_;  // the enclosing class's name without leading underscores; empty: none

  void name(std::string& n) const {
    if (cls_.empty() || n.size() < 3 || n[0] != '_' || n[1] != '_') return;
    if (n.size() >= 4 && n[n.size() - 1] == '_' && n[n.size() - 2] == '_') return;  // __dunder__
    if (n.find('.') != std::string::npos) return;
    n = "_" + cls_ + n;
  }

  void expr(ExprPtr& e) {
    if (e) expr(*e);
  }
  void exprs(ExprList& l) {
    for (auto& e : l) expr(e);
  }
  void arg(Arg& a) {
    name(a.name);
    expr(a.annotation);
  }
  void args(Arguments& a) {
    for (auto& x : a.posonlyargs) arg(x);
    for (auto& x : a.args) arg(x);
    if (a.vararg) arg(*a.vararg);
    for (auto& x : a.kwonlyargs) arg(x);
    if (a.kwarg) arg(*a.kwarg);
    exprs(a.defaults);
    exprs(a.kw_defaults);
  }
  void comprehensions(std::vector<Comprehension>& gens) {
    for (auto& g : gens) {
      expr(g.target);
      expr(g.iter);
      exprs(g.ifs);
    }
  }
  // `import __m` / `from m import __x [as __y]` bind the mangled name; the
  // module or attribute is still found by its own (an alias says which).
  void alias(Alias& a) {
    if (!a.asname.empty()) {
      name(a.asname);
      return;
    }
    std::string bound = a.name;  // a dotted name binds its first part, and is never mangled
    name(bound);
    if (bound != a.name) a.asname = std::move(bound);
  }
  void keywords(std::vector<Keyword>& kws) {
    for (auto& k : kws) expr(k.value);  // the keyword's own name is not mangled
  }

  void expr(Expr& e) {
    switch (e.kind) {
      case ExprKind::BoolOp: exprs(e.as<BoolOp>().values); break;
      case ExprKind::NamedExpr: expr(e.as<NamedExpr>().target); expr(e.as<NamedExpr>().value); break;
      case ExprKind::BinOp: expr(e.as<BinOp>().left); expr(e.as<BinOp>().right); break;
      case ExprKind::UnaryOp: expr(e.as<UnaryOp>().operand); break;
      case ExprKind::Lambda: args(e.as<Lambda>().args); expr(e.as<Lambda>().body); break;
      case ExprKind::IfExp: {
        auto& x = e.as<IfExp>();
        expr(x.test);
        expr(x.body);
        expr(x.orelse);
        break;
      }
      case ExprKind::Dict: exprs(e.as<Dict>().keys); exprs(e.as<Dict>().values); break;
      case ExprKind::Set: exprs(e.as<Set>().elts); break;
      case ExprKind::ListComp: expr(e.as<ListComp>().elt); comprehensions(e.as<ListComp>().generators); break;
      case ExprKind::SetComp: expr(e.as<SetComp>().elt); comprehensions(e.as<SetComp>().generators); break;
      case ExprKind::DictComp: {
        auto& x = e.as<DictComp>();
        expr(x.key);
        expr(x.value);
        comprehensions(x.generators);
        break;
      }
      case ExprKind::GeneratorExp:
        expr(e.as<GeneratorExp>().elt);
        comprehensions(e.as<GeneratorExp>().generators);
        break;
      case ExprKind::Yield: expr(e.as<Yield>().value); break;
      case ExprKind::YieldFrom: expr(e.as<YieldFrom>().value); break;
      case ExprKind::Compare: expr(e.as<Compare>().left); exprs(e.as<Compare>().comparators); break;
      case ExprKind::Call: {
        auto& x = e.as<Call>();
        expr(x.func);
        exprs(x.args);
        keywords(x.keywords);
        break;
      }
      case ExprKind::FormattedValue: expr(e.as<FormattedValue>().value); expr(e.as<FormattedValue>().format_spec); break;
      case ExprKind::JoinedStr: exprs(e.as<JoinedStr>().values); break;
      case ExprKind::Constant: break;
      case ExprKind::Attribute: expr(e.as<Attribute>().value); name(e.as<Attribute>().attr); break;
      case ExprKind::Subscript: expr(e.as<Subscript>().value); expr(e.as<Subscript>().slice); break;
      case ExprKind::Starred: expr(e.as<Starred>().value); break;
      case ExprKind::Name: name(e.as<Name>().id); break;
      case ExprKind::List: exprs(e.as<List>().elts); break;
      case ExprKind::Tuple: exprs(e.as<Tuple>().elts); break;
      case ExprKind::Slice: {
        auto& x = e.as<Slice>();
        expr(x.lower);
        expr(x.upper);
        expr(x.step);
        break;
      }
    }
  }

  void stmt(Stmt& s) {
    switch (s.kind) {
      case StmtKind::FunctionDef: {
        auto& f = s.as<FunctionDef>();
        exprs(f.decorator_list);
        name(f.name);
        args(f.args);
        expr(f.returns);
        stmts(f.body);
        break;
      }
      case StmtKind::ClassDef: {
        auto& c = s.as<ClassDef>();
        exprs(c.decorator_list);
        exprs(c.bases);
        keywords(c.keywords);
        // The body's private name is this class's own (before mangling its
        // binding in the enclosing class).
        size_t strip = c.name.find_first_not_of('_');
        Mangler inner(strip == std::string::npos ? std::string() : c.name.substr(strip));
        inner.stmts(c.body);
        name(c.name);
        break;
      }
      case StmtKind::Return: expr(s.as<Return>().value); break;
      case StmtKind::Delete: exprs(s.as<Delete>().targets); break;
      case StmtKind::Assign: exprs(s.as<Assign>().targets); expr(s.as<Assign>().value); break;
      case StmtKind::AugAssign: expr(s.as<AugAssign>().target); expr(s.as<AugAssign>().value); break;
      case StmtKind::AnnAssign: {
        auto& a = s.as<AnnAssign>();
        expr(a.target);
        expr(a.annotation);
        expr(a.value);
        break;
      }
      case StmtKind::For: {
        auto& f = s.as<For>();
        expr(f.target);
        expr(f.iter);
        stmts(f.body);
        stmts(f.orelse);
        break;
      }
      case StmtKind::While: {
        auto& w = s.as<While>();
        expr(w.test);
        stmts(w.body);
        stmts(w.orelse);
        break;
      }
      case StmtKind::If: {
        auto& i = s.as<If>();
        expr(i.test);
        stmts(i.body);
        stmts(i.orelse);
        break;
      }
      case StmtKind::With: {
        auto& w = s.as<With>();
        for (auto& item : w.items) {
          expr(item.context_expr);
          expr(item.optional_vars);
        }
        stmts(w.body);
        break;
      }
      case StmtKind::Raise: expr(s.as<Raise>().exc); expr(s.as<Raise>().cause); break;
      case StmtKind::Try: {
        auto& t = s.as<Try>();
        stmts(t.body);
        for (auto& h : t.handlers) {
          expr(h.type);
          if (!h.name.empty()) name(h.name);
          stmts(h.body);
        }
        stmts(t.orelse);
        stmts(t.finalbody);
        break;
      }
      case StmtKind::Assert: expr(s.as<Assert>().test); expr(s.as<Assert>().msg); break;
      case StmtKind::Import:
        for (auto& a : s.as<Import>().names) alias(a);
        break;
      case StmtKind::ImportFrom:
        for (auto& a : s.as<ImportFrom>().names)
          if (a.name != "*") alias(a);
        break;
      case StmtKind::Global:
        for (auto& n : s.as<Global>().names) name(n);
        break;
      case StmtKind::Nonlocal:
        for (auto& n : s.as<Nonlocal>().names) name(n);
        break;
      case StmtKind::ExprStmt: expr(s.as<ExprStmt>().value); break;
      case StmtKind::Pass:
      case StmtKind::Break:
      case StmtKind::Continue: break;
    }
  }
};

}  // namespace

void mangle_private_names(Module& m) { Mangler(std::string()).stmts(m.body); }

}  // namespace kiln::vm
