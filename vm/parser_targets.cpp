// vm/parser_targets.cpp — assignment targets and scope checks on finished
// nodes: which expressions may be assigned to or deleted (with CPython's
// "cannot assign to ..." wording), setting Store / Del contexts, the
// star_targets rule used by `for` and comprehensions, and finding `yield`
// inside comprehensions (CPython's symbol-table error).
#include "vm/parser_impl.h"

namespace kiln::vm {

using namespace ast;

// ---------------------------------------------------------------- targets

const char* Parser::expr_name(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Attribute: return "attribute";
    case ExprKind::Subscript: return "subscript";
    case ExprKind::Starred: return "starred";
    case ExprKind::Name: return "name";
    case ExprKind::List: return "list";
    case ExprKind::Tuple: return "tuple";
    case ExprKind::Lambda: return "lambda";
    case ExprKind::Call: return "function call";
    case ExprKind::BoolOp: case ExprKind::BinOp: case ExprKind::UnaryOp: return "expression";
    case ExprKind::GeneratorExp: return "generator expression";
    case ExprKind::Yield: case ExprKind::YieldFrom: return "yield expression";
    case ExprKind::ListComp: return "list comprehension";
    case ExprKind::SetComp: return "set comprehension";
    case ExprKind::DictComp: return "dict comprehension";
    case ExprKind::Dict: return "dict literal";
    case ExprKind::Set: return "set display";
    case ExprKind::JoinedStr: case ExprKind::FormattedValue: return "f-string expression";
    case ExprKind::Constant:
      switch (e.as<Constant>().ckind) {
        case ConstKind::None: return "None";
        case ConstKind::True: return "True";
        case ConstKind::False: return "False";
        case ConstKind::Ellipsis: return "ellipsis";
        default: return "literal";
      }
    case ExprKind::Compare: return "comparison";
    case ExprKind::IfExp: return "conditional expression";
    case ExprKind::NamedExpr: return "named expression";
    default: return "expression";
  }
}

// The first sub-expression that cannot be an assignment (or del) target.
const Expr* Parser::invalid_target(const Expr& e, bool del) const {
  switch (e.kind) {
    case ExprKind::Name: case ExprKind::Attribute: case ExprKind::Subscript: return nullptr;
    case ExprKind::Starred:
      if (del) return &e;
      return invalid_target(*e.as<Starred>().value, del);
    case ExprKind::Tuple:
    case ExprKind::List: {
      const ExprList& elts = e.kind == ExprKind::Tuple ? e.as<Tuple>().elts : e.as<List>().elts;
      for (const auto& x : elts)
        if (const Expr* bad = invalid_target(*x, del)) return bad;
      return nullptr;
    }
    default: return &e;
  }
}

void Parser::set_store(Expr& e, bool del) {
  if (const Expr* bad = invalid_target(e, del))
    fail_node(*bad, std::string(del ? "cannot delete " : "cannot assign to ") + expr_name(*bad));
  ExprContext ctx = del ? ExprContext::Del : ExprContext::Store;
  switch (e.kind) {
    case ExprKind::Name:
      if (!del && e.as<Name>().id == "__debug__") fail_node(e, "cannot assign to __debug__");
      e.as<Name>().ctx = ctx;
      break;
    case ExprKind::Attribute: e.as<Attribute>().ctx = ctx; break;
    case ExprKind::Subscript: e.as<Subscript>().ctx = ctx; break;
    case ExprKind::Starred:
      e.as<Starred>().ctx = ctx;
      set_store(*e.as<Starred>().value, del);
      break;
    case ExprKind::Tuple:
    case ExprKind::List: {
      ExprList& elts = e.kind == ExprKind::Tuple ? e.as<Tuple>().elts : e.as<List>().elts;
      if (e.kind == ExprKind::Tuple) e.as<Tuple>().ctx = ctx;
      else e.as<List>().ctx = ctx;
      int stars = 0;
      for (auto& x : elts) {
        set_store(*x, del);
        if (x->kind == ExprKind::Starred && ++stars == 2)
          defer(false, "multiple starred expressions in assignment", e.pos.line, e.pos.col);
      }
      break;
    }
    default: break;
  }
}

// star_targets: used by `for` and comprehensions, where a general expression
// would swallow the `in`.
ExprPtr Parser::parse_target() {
  ExprPtr t;
  if (at(Tok::Star)) {
    const Token& st = next();
    Depth d(this, 1);
    auto s = std::make_unique<Starred>(pos_of(st));
    s->value = parse_target();
    t = std::move(s);
  } else {
    t = parse_primary();
  }
  return t;
}

ExprPtr Parser::parse_target_list() {
  const Token& first = peek();
  ExprPtr t = parse_target();
  if (at(Tok::Comma)) {
    auto tup = std::make_unique<Tuple>(pos_of(first));
    tup->elts.push_back(std::move(t));
    while (accept(Tok::Comma)) {
      if (at(Tok::In) || at(Tok::Equal)) break;
      tup->elts.push_back(parse_target());
    }
    t = std::move(tup);
  }
  if (t->kind == ExprKind::Starred)
    defer(false, "starred assignment target must be in a list or tuple", t->pos.line, t->pos.col);
  set_store(*t);
  return t;
}

namespace {
// Finds a yield in the parts of a comprehension that run in its own scope.
const Expr* find_yield(const Expr& e);
const Expr* find_yield_list(const ExprList& l) {
  for (const auto& x : l)
    if (x)
      if (const Expr* y = find_yield(*x)) return y;
  return nullptr;
}
const Expr* find_yield(const Expr& e) {
  auto f = [](const ExprPtr& p) -> const Expr* { return p ? find_yield(*p) : nullptr; };
  const Expr* r = nullptr;
  switch (e.kind) {
    case ExprKind::Yield: case ExprKind::YieldFrom: return &e;
    case ExprKind::Lambda: return nullptr;  // its own scope
    case ExprKind::ListComp: case ExprKind::SetComp: case ExprKind::GeneratorExp: case ExprKind::DictComp: {
      // Only the first iterable runs in the enclosing scope.
      const std::vector<Comprehension>* g;
      if (e.kind == ExprKind::ListComp) g = &e.as<ListComp>().generators;
      else if (e.kind == ExprKind::SetComp) g = &e.as<SetComp>().generators;
      else if (e.kind == ExprKind::GeneratorExp) g = &e.as<GeneratorExp>().generators;
      else g = &e.as<DictComp>().generators;
      return g->empty() ? nullptr : f((*g)[0].iter);
    }
    case ExprKind::BoolOp: return find_yield_list(e.as<BoolOp>().values);
    case ExprKind::NamedExpr: return f(e.as<NamedExpr>().value);
    case ExprKind::BinOp: return (r = f(e.as<BinOp>().left)) ? r : f(e.as<BinOp>().right);
    case ExprKind::UnaryOp: return f(e.as<UnaryOp>().operand);
    case ExprKind::IfExp: {
      const IfExp& i = e.as<IfExp>();
      if ((r = f(i.test)) || (r = f(i.body))) return r;
      return f(i.orelse);
    }
    case ExprKind::Dict: return (r = find_yield_list(e.as<Dict>().keys)) ? r : find_yield_list(e.as<Dict>().values);
    case ExprKind::Set: return find_yield_list(e.as<Set>().elts);
    case ExprKind::Compare: return (r = f(e.as<Compare>().left)) ? r : find_yield_list(e.as<Compare>().comparators);
    case ExprKind::Call: {
      const Call& c = e.as<Call>();
      if ((r = f(c.func)) || (r = find_yield_list(c.args))) return r;
      for (const auto& k : c.keywords)
        if ((r = f(k.value))) return r;
      return nullptr;
    }
    case ExprKind::FormattedValue: return (r = f(e.as<FormattedValue>().value)) ? r : f(e.as<FormattedValue>().format_spec);
    case ExprKind::JoinedStr: return find_yield_list(e.as<JoinedStr>().values);
    case ExprKind::Attribute: return f(e.as<Attribute>().value);
    case ExprKind::Subscript: return (r = f(e.as<Subscript>().value)) ? r : f(e.as<Subscript>().slice);
    case ExprKind::Starred: return f(e.as<Starred>().value);
    case ExprKind::List: return find_yield_list(e.as<List>().elts);
    case ExprKind::Tuple: return find_yield_list(e.as<Tuple>().elts);
    case ExprKind::Slice: {
      const Slice& s = e.as<Slice>();
      if ((r = f(s.lower)) || (r = f(s.upper))) return r;
      return f(s.step);
    }
    default: return nullptr;
  }
}
}  // namespace

// The first yield in CPython's symtable order: each generator's target, its
// iterable (but the first, which runs outside) and its conditions, then a
// dict comprehension's value before its key, then the element.
void Parser::check_comprehension_yields(const Expr& comp, const char* what) {
  const std::vector<Comprehension>* gens;
  const Expr* last = nullptr;   // elt, or a dict comprehension's key
  const Expr* value = nullptr;  // a dict comprehension's value
  switch (comp.kind) {
    case ExprKind::ListComp: gens = &comp.as<ListComp>().generators; last = comp.as<ListComp>().elt.get(); break;
    case ExprKind::SetComp: gens = &comp.as<SetComp>().generators; last = comp.as<SetComp>().elt.get(); break;
    case ExprKind::GeneratorExp:
      gens = &comp.as<GeneratorExp>().generators;
      last = comp.as<GeneratorExp>().elt.get();
      break;
    case ExprKind::DictComp:
      gens = &comp.as<DictComp>().generators;
      last = comp.as<DictComp>().key.get();
      value = comp.as<DictComp>().value.get();
      break;
    default: return;
  }
  const Expr* y = nullptr;
  for (size_t i = 0; i < gens->size() && !y; ++i) {
    const Comprehension& c = (*gens)[i];
    y = find_yield(*c.target);
    if (!y && i > 0) y = find_yield(*c.iter);
    if (!y) y = find_yield_list(c.ifs);
  }
  if (!y && value) y = find_yield(*value);
  if (!y && last) y = find_yield(*last);
  if (y) defer(true, std::string("'yield' inside ") + what, y->pos.line, y->pos.col);
}

}  // namespace kiln::vm
