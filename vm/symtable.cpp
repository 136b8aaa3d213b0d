// vm/symtable.cpp — see symtable.h.
#include "vm/symtable.h"

#include <algorithm>
#include <unordered_set>

namespace kiln::vm {

namespace {

enum : uint32_t {
  kBound = 1,      // assigned, imported, def/class, for/with/except target, deleted
  kParam = 2,
  kUsed = 4,
  kGlobal = 8,     // `global` declaration
  kNonlocal = 16,  // `nonlocal` declaration
};

using namespace ast;

class Builder {
 public:
  Builder(SymtableError* err, SymtableError* unsupported) : err_(err), unsupported_(unsupported) {}
  bool failed() const { return failed_; }

  void module(const Module& m, Scope* s) {
    cur_ = s;
    for (auto& st : m.body) stmt(*st);
  }

 private:
  SymtableError* err_;
  SymtableError* unsupported_;
  bool failed_ = false;
  Scope* cur_ = nullptr;
  // Assignment expressions in comprehensions (CPython's symtable rules):
  // iterable expressions being visited (at any depth; nested scopes inherit
  // it), the comprehension whose iteration targets are being visited, and
  // per comprehension its iteration variables and its := targets.
  int comp_iter_expr_ = 0;
  Scope* comp_iter_target_ = nullptr;
  std::unordered_map<const Scope*, std::unordered_set<std::string>> comp_iter_vars_, comp_walrus_targets_;

  void error(const std::string& msg, Pos p) {
    if (failed_) return;
    failed_ = true;
    err_->msg = msg;
    err_->line = p.line;
    err_->col = p.col;
  }

  void note(Scope* s, const std::string& n, uint32_t f) {
    auto [it, inserted] = s->flags.emplace(n, 0);
    if (inserted) s->order.push_back(n);
    it->second |= f;
  }
  void bind(const std::string& n) { note(cur_, n, kBound); }
  void use(const std::string& n) {
    note(cur_, n, kUsed);
    if ((n == "super" || n == "__class__") && cur_->kind != ScopeKind::Class && cur_->kind != ScopeKind::Module)
      cur_->uses_class_cell = true;
  }

  Scope* push(ScopeKind k, const std::string& name) {
    auto s = std::make_unique<Scope>();
    s->kind = k;
    s->name = name;
    s->parent = cur_;
    Scope* raw = s.get();
    cur_->children.push_back(std::move(s));
    cur_ = raw;
    return raw;
  }
  void pop() { cur_ = cur_->parent; }

  void params(const Arguments& a) {
    auto add = [&](const Arg& arg) {
      if (cur_->flags.count(arg.name) && (cur_->flags[arg.name] & kParam)) {
        error("duplicate argument '" + arg.name + "' in function definition", arg.pos);
        return;
      }
      note(cur_, arg.name, kParam | kBound);
      cur_->params.push_back(arg.name);
    };
    for (auto& x : a.posonlyargs) add(x);
    for (auto& x : a.args) add(x);
    for (auto& x : a.kwonlyargs) add(x);
    if (a.vararg) add(*a.vararg);
    if (a.kwarg) add(*a.kwarg);
  }
  void arg_annotations_and_defaults(const Arguments& a) {
    for (auto& d : a.defaults) expr(*d);
    for (auto& d : a.kw_defaults)
      if (d) expr(*d);
    auto ann = [&](const Arg& x) {
      if (x.annotation) expr(*x.annotation);
    };
    for (auto& x : a.posonlyargs) ann(x);
    for (auto& x : a.args) ann(x);
    for (auto& x : a.kwonlyargs) ann(x);
    if (a.vararg) ann(*a.vararg);
    if (a.kwarg) ann(*a.kwarg);
  }

  void body(const StmtList& b) {
    for (auto& s : b) stmt(*s);
  }

  void declare(const std::vector<std::string>& names, uint32_t f, const char* what, Pos p) {
    for (auto& n : names) {
      auto it = cur_->flags.find(n);
      if (it != cur_->flags.end()) {
        uint32_t old = it->second;
        if (f == kGlobal && (old & kNonlocal)) { error("name '" + n + "' is nonlocal and global", p); return; }
        if (f == kNonlocal && (old & kGlobal)) { error("name '" + n + "' is nonlocal and global", p); return; }
        if (old & kParam) { error("name '" + n + "' is parameter and " + what, p); return; }
        if (old & kUsed && !(old & (kGlobal | kNonlocal))) {
          error("name '" + n + "' is used prior to " + what + " declaration", p);
          return;
        }
        if (old & kBound && !(old & (kGlobal | kNonlocal))) {
          error("name '" + n + "' is assigned to before " + what + " declaration", p);
          return;
        }
      }
      if (f == kNonlocal && cur_->kind == ScopeKind::Module) {
        error("nonlocal declaration not allowed at module level", p);
        return;
      }
      note(cur_, n, f);
      if (f == kNonlocal) cur_->nonlocal_pos.emplace(n, p);
    }
  }

  void stmt(const Stmt& s) {
    if (failed_) return;
    switch (s.kind) {
      case StmtKind::FunctionDef: {
        auto& f = s.as<FunctionDef>();
        for (auto& d : f.decorator_list) expr(*d);
        arg_annotations_and_defaults(f.args);
        if (f.returns) expr(*f.returns);
        bind(f.name);
        push(ScopeKind::Function, f.name);
        params(f.args);
        body(f.body);
        pop();
        break;
      }
      case StmtKind::ClassDef: {
        auto& c = s.as<ClassDef>();
        for (auto& d : c.decorator_list) expr(*d);
        for (auto& b : c.bases) expr(*b);
        for (auto& k : c.keywords) expr(*k.value);
        bind(c.name);
        push(ScopeKind::Class, c.name);
        body(c.body);
        pop();
        break;
      }
      case StmtKind::Return: {
        auto& r = s.as<Return>();
        if (cur_->kind == ScopeKind::Module || cur_->kind == ScopeKind::Class) {
          error("'return' outside function", s.pos);
          return;
        }
        if (r.value) expr(*r.value);
        break;
      }
      case StmtKind::Delete:
        for (auto& t : s.as<Delete>().targets) expr(*t);
        break;
      case StmtKind::Assign: {
        auto& a = s.as<Assign>();
        expr(*a.value);
        for (auto& t : a.targets) expr(*t);
        break;
      }
      case StmtKind::AugAssign: {
        auto& a = s.as<AugAssign>();
        expr(*a.value);
        if (a.target->kind == ExprKind::Name) {
          use(a.target->as<Name>().id);
          bind(a.target->as<Name>().id);
        } else {
          expr(*a.target);
        }
        break;
      }
      case StmtKind::AnnAssign: {
        auto& a = s.as<AnnAssign>();
        if (a.value) expr(*a.value);
        expr(*a.target);
        if (cur_->kind == ScopeKind::Module || cur_->kind == ScopeKind::Class) expr(*a.annotation);
        break;
      }
      case StmtKind::For: {
        auto& f = s.as<For>();
        expr(*f.iter);
        expr(*f.target);
        body(f.body);
        body(f.orelse);
        break;
      }
      case StmtKind::While: {
        auto& w = s.as<While>();
        expr(*w.test);
        body(w.body);
        body(w.orelse);
        break;
      }
      case StmtKind::If: {
        auto& i = s.as<If>();
        expr(*i.test);
        body(i.body);
        body(i.orelse);
        break;
      }
      case StmtKind::With: {
        auto& w = s.as<With>();
        for (auto& item : w.items) {
          expr(*item.context_expr);
          if (item.optional_vars) expr(*item.optional_vars);
        }
        body(w.body);
        break;
      }
      case StmtKind::Raise: {
        auto& r = s.as<Raise>();
        if (r.exc) expr(*r.exc);
        if (r.cause) expr(*r.cause);
        break;
      }
      case StmtKind::Try: {
        auto& t = s.as<Try>();
        body(t.body);
        for (auto& h : t.handlers) {
          if (h.type) expr(*h.type);
          if (!h.name.empty()) bind(h.name);
          body(h.body);
        }
        body(t.orelse);
        body(t.finalbody);
        break;
      }
      case StmtKind::Assert: {
        auto& a = s.as<Assert>();
        expr(*a.test);
        if (a.msg) expr(*a.msg);
        break;
      }
      case StmtKind::Import:
        for (auto& al : s.as<Import>().names) {
          if (!al.asname.empty()) bind(al.asname);
          else bind(al.name.substr(0, al.name.find('.')));
        }
        break;
      case StmtKind::ImportFrom:
        for (auto& al : s.as<ImportFrom>().names) {
          if (al.name == "*") {
            if (cur_->kind != ScopeKind::Module) {
              error("import * only allowed at module level", s.pos);
              return;
            }
            continue;
          }
          bind(al.asname.empty() ? al.name : al.asname);
        }
        break;
      case StmtKind::Global:
        declare(s.as<Global>().names, kGlobal, "global", s.pos);
        break;
      case StmtKind::Nonlocal:
        declare(s.as<Nonlocal>().names, kNonlocal, "nonlocal", s.pos);
        break;
      case StmtKind::ExprStmt:
        expr(*s.as<ExprStmt>().value);
        break;
      case StmtKind::Pass:
      case StmtKind::Break:
      case StmtKind::Continue:
        break;
    }
  }

  // CPython's order, which decides which error is reported first: the first
  // iterable (in the enclosing scope), then in the comprehension's scope each
  // generator's target, its iterable (but the first) and its conditions, then
  // a dict comprehension's value before its key.
  void comprehension(const std::vector<Comprehension>& gens, const Expr* elt, const Expr* value, const char* name,
                     bool is_genexp, Pos p) {
    ++comp_iter_expr_;
    expr(*gens[0].iter);
    --comp_iter_expr_;
    Scope* s = push(ScopeKind::Comprehension, name);
    if (is_genexp) s->is_generator = true;
    note(s, ".0", kParam | kBound);
    s->params.push_back(".0");
    for (size_t i = 0; i < gens.size(); i++) {
      Scope* saved = comp_iter_target_;
      comp_iter_target_ = s;
      expr(*gens[i].target);
      comp_iter_target_ = saved;
      if (i > 0) {
        ++comp_iter_expr_;
        expr(*gens[i].iter);
        --comp_iter_expr_;
      }
      for (auto& c : gens[i].ifs) expr(*c);
    }
    if (value) expr(*value);
    if (elt) expr(*elt);
    pop();
  }

  // `target := value` inside a comprehension binds in the nearest enclosing
  // function or module. The SyntaxErrors are CPython's; a valid one is
  // recorded as unsupported by Kiln.
  void comprehension_walrus(const std::string& target, Pos p) {
    for (Scope* s = cur_; s; s = s->parent) {
      if (s->kind == ScopeKind::Comprehension) {
        if (comp_iter_vars_[s].count(target)) {
          error("assignment expression cannot rebind comprehension iteration variable '" + target + "'", p);
          return;
        }
        continue;
      }
      if (s->kind == ScopeKind::Class) {
        error("assignment expression within a comprehension cannot be used in a class body", p);
        return;
      }
      if (!(s->flags.count(target) && (s->flags[target] & (kGlobal | kNonlocal)))) note(s, target, kBound);
      break;
    }
    comp_walrus_targets_[cur_].insert(target);
    if (unsupported_->msg.empty()) {
      unsupported_->msg = "assignment expressions (:=) inside comprehensions are not supported";
      unsupported_->line = p.line;
      unsupported_->col = p.col;
    }
  }
  // A name in a comprehension's iteration target (bound or not, as CPython).
  void comprehension_iter_name(const std::string& n, Pos p) {
    if (comp_walrus_targets_[cur_].count(n)) {
      error("comprehension inner loop cannot rebind assignment expression target '" + n + "'", p);
      return;
    }
    comp_iter_vars_[cur_].insert(n);
  }

  void expr(const Expr& e) {
    if (failed_) return;
    switch (e.kind) {
      case ExprKind::BoolOp:
        for (auto& v : e.as<BoolOp>().values) expr(*v);
        break;
      case ExprKind::NamedExpr: {
        auto& n = e.as<NamedExpr>();
        if (comp_iter_expr_ > 0) {
          error("assignment expression cannot be used in a comprehension iterable expression", e.pos);
          return;
        }
        if (cur_->kind == ScopeKind::Comprehension && n.target->kind == ExprKind::Name) {
          comprehension_walrus(n.target->as<Name>().id, e.pos);
          if (failed_) return;
        }
        expr(*n.value);
        expr(*n.target);
        break;
      }
      case ExprKind::BinOp:
        expr(*e.as<BinOp>().left);
        expr(*e.as<BinOp>().right);
        break;
      case ExprKind::UnaryOp:
        expr(*e.as<UnaryOp>().operand);
        break;
      case ExprKind::Lambda: {
        auto& l = e.as<Lambda>();
        arg_annotations_and_defaults(l.args);
        push(ScopeKind::Lambda, "<lambda>");
        params(l.args);
        expr(*l.body);
        pop();
        break;
      }
      case ExprKind::IfExp: {
        auto& i = e.as<IfExp>();
        expr(*i.test);
        expr(*i.body);
        expr(*i.orelse);
        break;
      }
      case ExprKind::Dict: {
        auto& d = e.as<Dict>();  // all keys, then all values, as CPython's symtable
        for (auto& k : d.keys)
          if (k) expr(*k);
        for (auto& v : d.values) expr(*v);
        break;
      }
      case ExprKind::Set:
        for (auto& x : e.as<Set>().elts) expr(*x);
        break;
      case ExprKind::ListComp:
        comprehension(e.as<ListComp>().generators, e.as<ListComp>().elt.get(), nullptr, "<listcomp>", false, e.pos);
        break;
      case ExprKind::SetComp:
        comprehension(e.as<SetComp>().generators, e.as<SetComp>().elt.get(), nullptr, "<setcomp>", false, e.pos);
        break;
      case ExprKind::DictComp:
        comprehension(e.as<DictComp>().generators, e.as<DictComp>().key.get(), e.as<DictComp>().value.get(),
                      "<dictcomp>", false, e.pos);
        break;
      case ExprKind::GeneratorExp:
        comprehension(e.as<GeneratorExp>().generators, e.as<GeneratorExp>().elt.get(), nullptr, "<genexpr>", true,
                      e.pos);
        break;
      case ExprKind::Yield:
      case ExprKind::YieldFrom: {
        if (cur_->kind == ScopeKind::Module || cur_->kind == ScopeKind::Class) {
          error(e.kind == ExprKind::Yield ? "'yield' outside function" : "'yield from' outside function", e.pos);
          return;
        }
        if (cur_->kind == ScopeKind::Comprehension) {
          error("'yield' inside " + std::string(cur_->name == "<genexpr>" ? "generator expression"
                                                 : cur_->name == "<listcomp>" ? "list comprehension"
                                                 : cur_->name == "<setcomp>" ? "set comprehension"
                                                                              : "dict comprehension"),
                e.pos);
          return;
        }
        cur_->is_generator = true;
        if (e.kind == ExprKind::Yield) {
          if (e.as<Yield>().value) expr(*e.as<Yield>().value);
        } else {
          expr(*e.as<YieldFrom>().value);
        }
        break;
      }
      case ExprKind::Compare: {
        auto& c = e.as<Compare>();
        expr(*c.left);
        for (auto& x : c.comparators) expr(*x);
        break;
      }
      case ExprKind::Call: {
        auto& c = e.as<Call>();
        expr(*c.func);
        for (auto& a : c.args) expr(*a);
        for (auto& k : c.keywords) expr(*k.value);
        break;
      }
      case ExprKind::FormattedValue: {
        auto& f = e.as<FormattedValue>();
        expr(*f.value);
        if (f.format_spec) expr(*f.format_spec);
        break;
      }
      case ExprKind::JoinedStr:
        for (auto& v : e.as<JoinedStr>().values) expr(*v);
        break;
      case ExprKind::Constant:
        break;
      case ExprKind::Attribute:
        expr(*e.as<Attribute>().value);
        break;
      case ExprKind::Subscript:
        expr(*e.as<Subscript>().value);
        expr(*e.as<Subscript>().slice);
        break;
      case ExprKind::Starred:
        expr(*e.as<Starred>().value);
        break;
      case ExprKind::Name: {
        auto& n = e.as<Name>();
        if (comp_iter_target_ == cur_) {
          comprehension_iter_name(n.id, e.pos);
          if (failed_) return;
        }
        if (n.ctx == ExprContext::Load) use(n.id);
        else bind(n.id);
        break;
      }
      case ExprKind::List:
        for (auto& x : e.as<List>().elts) expr(*x);
        break;
      case ExprKind::Tuple:
        for (auto& x : e.as<Tuple>().elts) expr(*x);
        break;
      case ExprKind::Slice: {
        auto& s = e.as<Slice>();
        if (s.lower) expr(*s.lower);
        if (s.upper) expr(*s.upper);
        if (s.step) expr(*s.step);
        break;
      }
    }
  }
};

bool function_like(ScopeKind k) {
  return k == ScopeKind::Function || k == ScopeKind::Lambda || k == ScopeKind::Comprehension;
}

// Resolves every name of `s`; `visible` holds the names bound in enclosing
// function scopes (class scopes are not visible to nested functions).
// Returns the free variables `s` needs from its parent.
std::unordered_set<std::string> analyze(Scope* s, const std::unordered_set<std::string>& visible,
                                        bool class_cell_visible, SymtableError* err, bool* failed) {
  for (auto& n : s->order) {
    uint32_t f = s->flags[n];
    NameScope r;
    if (f & kGlobal) {
      r = NameScope::Global;
    } else if (f & kNonlocal) {
      if (!visible.count(n)) {
        if (!*failed) {
          *failed = true;
          err->msg = "no binding for nonlocal '" + n + "' found";
          auto pos = s->nonlocal_pos.find(n);  // CPython points at the `nonlocal` statement
          if (pos != s->nonlocal_pos.end()) {
            err->line = pos->second.line;
            err->col = pos->second.col;
          }
        }
        return {};
      }
      r = NameScope::Free;
    } else if (f & (kBound | kParam)) {
      r = s->kind == ScopeKind::Module ? NameScope::Global
          : s->kind == ScopeKind::Class ? NameScope::Name
                                        : NameScope::Local;
    } else if (s->kind == ScopeKind::Module) {
      r = NameScope::GlobalImplicit;
    } else if (visible.count(n)) {
      r = NameScope::Free;
    } else {
      r = s->kind == ScopeKind::Class ? NameScope::Name : NameScope::GlobalImplicit;
    }
    s->resolved[n] = r;
  }
  if (function_like(s->kind) && s->uses_class_cell && class_cell_visible) {
    s->resolved["__class__"] = NameScope::Free;
  }

  std::unordered_set<std::string> child_visible = visible;
  if (function_like(s->kind)) {
    for (auto& [n, r] : s->resolved)
      if (r == NameScope::Local || r == NameScope::Free) child_visible.insert(n);
  }
  bool child_class_cell = s->kind == ScopeKind::Class ? true : (function_like(s->kind) ? class_cell_visible : false);
  if (s->kind == ScopeKind::Module) child_class_cell = false;

  std::unordered_set<std::string> needed;
  for (auto& c : s->children) {
    auto free = analyze(c.get(), child_visible, child_class_cell, err, failed);
    if (*failed) return {};
    needed.insert(free.begin(), free.end());
  }

  auto add_unique = [](std::vector<std::string>& v, const std::string& n) {
    for (auto& x : v)
      if (x == n) return;
    v.push_back(n);
  };
  // Deterministic order: follow first use in the scope, then the rest sorted.
  std::vector<std::string> needed_sorted(needed.begin(), needed.end());
  std::sort(needed_sorted.begin(), needed_sorted.end());
  for (auto& n : needed_sorted) {
    auto it = s->resolved.find(n);
    if (s->kind == ScopeKind::Class && n == "__class__") {
      s->needs_class_cell = true;
      add_unique(s->cellvars, n);
      continue;
    }
    if (function_like(s->kind) && it != s->resolved.end() && it->second == NameScope::Local) {
      it->second = NameScope::Cell;
      add_unique(s->cellvars, n);
    } else if (it == s->resolved.end() || it->second == NameScope::GlobalImplicit ||
               it->second == NameScope::Free) {
      if (s->kind == ScopeKind::Module) continue;
      if (it == s->resolved.end() || it->second != NameScope::Free) s->resolved[n] = NameScope::Free;
    } else if (s->kind == ScopeKind::Class) {
      // A class-level binding shadows nothing for nested functions: they see
      // the enclosing function's variable, which the class passes through.
      add_unique(s->freevars, n);
    }
  }
  std::unordered_set<std::string> out;
  for (auto& n : s->order) {
    auto it = s->resolved.find(n);
    if (it != s->resolved.end() && it->second == NameScope::Free) {
      add_unique(s->freevars, n);
      out.insert(n);
    }
  }
  for (auto& n : needed_sorted) {
    auto it = s->resolved.find(n);
    if (it != s->resolved.end() && it->second == NameScope::Free) {
      add_unique(s->freevars, n);
      out.insert(n);
    }
  }
  if (s->resolved.count("__class__") && s->resolved["__class__"] == NameScope::Free) {
    add_unique(s->freevars, "__class__");
    out.insert("__class__");
  }
  for (auto& n : s->freevars) out.insert(n);
  if (s->kind == ScopeKind::Class) out.erase("__class__");
  return out;
}

}  // namespace

NameScope Scope::lookup(const std::string& n) const {
  auto it = resolved.find(n);
  if (it != resolved.end()) return it->second;
  if (kind == ScopeKind::Module) return NameScope::GlobalImplicit;
  if (kind == ScopeKind::Class) return NameScope::Name;
  return NameScope::GlobalImplicit;
}

std::unique_ptr<Scope> build_symtable(const ast::Module& m, bool interactive, SymtableError* err,
                                      SymtableError* unsupported) {
  auto top = std::make_unique<Scope>();
  top->kind = ScopeKind::Module;
  top->name = "<module>";
  *unsupported = SymtableError();
  Builder b(err, unsupported);
  b.module(m, top.get());
  if (b.failed()) return nullptr;
  bool failed = false;
  analyze(top.get(), {}, false, err, &failed);
  if (failed) return nullptr;
  return top;
}

}  // namespace kiln::vm
