// vm/parser.cpp — statements and expressions (see vm/parser_impl.h).
//
// Grammar rules are named after CPython 3.11's Grammar/python.gram; where
// CPython has an `invalid_*` rule for a common mistake, the matching check
// here produces the same message at the same place.
#include <algorithm>
#include <cstring>

#include "vm/parser_impl.h"

namespace kiln::vm {

using namespace ast;

namespace {

// Recursion budget: each nested expression level, unary operator, lambda,
// conditional and each link of an operator / trailer chain costs one unit,
// so the AST's depth stays below it too (the compiler and the destructors
// recurse over it).
constexpr int kMaxDepth = 2000;
// A bracket costs more: it also runs through the whole precedence chain, and
// f-string expressions restart the lexer's own 200-bracket count.
constexpr int kBracketCost = 4;

template <class T>
std::unique_ptr<T> node(Pos p) {
  return std::make_unique<T>(p);
}

bool is_augassign(Tok t, BinOpKind* op) {
  switch (t) {
    case Tok::PlusEqual: *op = BinOpKind::Add; return true;
    case Tok::MinEqual: *op = BinOpKind::Sub; return true;
    case Tok::StarEqual: *op = BinOpKind::Mult; return true;
    case Tok::AtEqual: *op = BinOpKind::MatMult; return true;
    case Tok::SlashEqual: *op = BinOpKind::Div; return true;
    case Tok::DoubleSlashEqual: *op = BinOpKind::FloorDiv; return true;
    case Tok::PercentEqual: *op = BinOpKind::Mod; return true;
    case Tok::DoubleStarEqual: *op = BinOpKind::Pow; return true;
    case Tok::LeftShiftEqual: *op = BinOpKind::LShift; return true;
    case Tok::RightShiftEqual: *op = BinOpKind::RShift; return true;
    case Tok::VBarEqual: *op = BinOpKind::BitOr; return true;
    case Tok::CircumflexEqual: *op = BinOpKind::BitXor; return true;
    case Tok::AmperEqual: *op = BinOpKind::BitAnd; return true;
    default: return false;
  }
}

// Binary operators of bitwise_or and below, with precedence (higher binds tighter).
int binop_prec(Tok t, BinOpKind* op) {
  switch (t) {
    case Tok::VBar: *op = BinOpKind::BitOr; return 1;
    case Tok::Circumflex: *op = BinOpKind::BitXor; return 2;
    case Tok::Amper: *op = BinOpKind::BitAnd; return 3;
    case Tok::LeftShift: *op = BinOpKind::LShift; return 4;
    case Tok::RightShift: *op = BinOpKind::RShift; return 4;
    case Tok::Plus: *op = BinOpKind::Add; return 5;
    case Tok::Minus: *op = BinOpKind::Sub; return 5;
    case Tok::Star: *op = BinOpKind::Mult; return 6;
    case Tok::Slash: *op = BinOpKind::Div; return 6;
    case Tok::DoubleSlash: *op = BinOpKind::FloorDiv; return 6;
    case Tok::Percent: *op = BinOpKind::Mod; return 6;
    case Tok::At: *op = BinOpKind::MatMult; return 6;
    default: return 0;
  }
}

bool is_bitwise_or_level(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Compare: case ExprKind::BoolOp: case ExprKind::IfExp: case ExprKind::Lambda:
    case ExprKind::NamedExpr: case ExprKind::Yield: case ExprKind::YieldFrom: case ExprKind::Starred:
    case ExprKind::Tuple:
      return false;
    case ExprKind::UnaryOp:
      return e.as<UnaryOp>().op != UnaryOpKind::Not;
    default:
      return true;
  }
}

}  // namespace

// ---------------------------------------------------------------- set-up and errors

Parser::Parser(std::string_view source) : lexer_(source) { cur_lexer_ = &lexer_; }

void Parser::Depth::add(int amount) {
  n += amount;
  p->depth_ += amount;
  if (p->depth_ > kMaxDepth) {
    const Token& t = p->toks_[std::min(p->p_, p->toks_.size() - 1)];
    p->fail("SyntaxError", "expression too deeply nested", t.line, t.col);
  }
}

const Token& Parser::expect(Tok t) {
  if (peek().kind != t) fail_generic();
  return next();
}

bool Parser::at_name(std::string_view s) {
  const Token& t = peek();
  return t.kind == Tok::Name && text(t) == s;
}

void Parser::fail(const std::string& type, const std::string& msg, int line, int col, int end_col) {
  err_ = ParseError{};
  err_.type = type;
  err_.msg = msg;
  if (fstring_depth_ > 0 && type == "SyntaxError" && msg.rfind("f-string", 0) != 0) err_.msg = "f-string: " + msg;
  err_.line = line;
  err_.col = col;
  err_.end_col = end_col;
  err_from_lexer_ = false;
  throw ParseFailure{};
}

void Parser::fail_at(const Token& t, const std::string& msg, const char* type) {
  fail(type, msg, t.line, t.col, t.end_line == t.line ? t.end_col : 0);
}

void Parser::fail_node(const Expr& e, const std::string& msg, const char* type) {
  fail(type, msg, e.pos.line, e.pos.col);
}

void Parser::fail_generic() {
  const Token& t = toks_[std::min(furthest_, toks_.size() - 1)];
  if (t.kind == Tok::Error) fail_lexer();
  if (t.kind == Tok::Indent || t.kind == Tok::Dedent) unexpected_indent(t);
  fail_at(t, "invalid syntax");
}

void Parser::unexpected_indent(const Token& t) {
  // CPython reports this without looking further for tokenizer errors.
  err_ = ParseError{};
  err_.type = "IndentationError";
  err_.msg = t.kind == Tok::Indent ? "unexpected indent" : "unexpected unindent";
  err_.line = t.line;
  err_.col = t.col;
  err_from_lexer_ = false;
  no_lexer_override_ = true;
  throw ParseFailure{};
}

void Parser::fail_lexer() {
  err_ = cur_lexer_->error();
  err_from_lexer_ = true;
  throw ParseFailure{};
}

void Parser::not_implemented(const Token& t, const std::string& what) {
  fail("NotImplementedError", what, t.line, t.col);
}

void Parser::defer(bool symtable, const std::string& msg, int line, int col) {
  int slot = symtable ? 1 : 0;
  if (has_deferred_[slot]) return;
  has_deferred_[slot] = true;
  deferred_[slot] = ParseError{};
  deferred_[slot].msg = msg;
  deferred_[slot].line = line;
  deferred_[slot].col = col;
}

// ---------------------------------------------------------------- entry points

std::unique_ptr<Module> Parser::parse_module(ParseError* err) {
  auto mod = std::make_unique<Module>();
  scopes_.push_back({ScopeKind::Module});
  try {
    toks_ = lexer_.tokenize();
    while (!at(Tok::EndMarker)) parse_statement(mod->body);
  } catch (ParseFailure&) {
    if (!err_from_lexer_ && !no_lexer_override_) {
      // CPython checks the rest of the file for tokenizer errors before
      // reporting a syntax error (_PyPegen_tokenize_full_source_to_check_for_errors).
      LexErrorKind k = lexer_.error_kind();
      const Token& last = toks_.empty() ? Token{} : toks_[std::min(furthest_, toks_.size() - 1)];
      if (k == LexErrorKind::Overrides ||
          (k == LexErrorKind::UnclosedParen && cur_lexer_ == &lexer_ && last.line > lexer_.unclosed_paren_line()))
        err_ = lexer_.error();
    }
    if (err_.col < 1) err_.col = 1;
    err_.line_text = lexer_.line_text(err_.line);
    if (err) *err = err_;
    return nullptr;
  }
  for (int slot = 1; slot >= 0; --slot) {
    if (has_deferred_[slot]) {
      if (err) {
        *err = deferred_[slot];
        err->line_text = lexer_.line_text(err->line);
      }
      return nullptr;
    }
  }
  return mod;
}

ExprPtr Parser::parse_eval(ParseError* err) {
  scopes_.push_back({ScopeKind::Module});
  ExprPtr e;
  try {
    toks_ = lexer_.tokenize();
    while (accept(Tok::Newline)) {}
    // eval input: expressions NEWLINE* ENDMARKER
    const Token& first = peek();
    e = parse_expression();
    if (at(Tok::Comma)) {
      auto tup = node<Tuple>(pos_of(first));
      tup->elts.push_back(std::move(e));
      while (accept(Tok::Comma)) {
        if (!starts_expression(peek())) break;
        tup->elts.push_back(parse_expression());
      }
      e = std::move(tup);
    }
    while (accept(Tok::Newline)) {}
    if (!at(Tok::EndMarker)) fail_generic();
  } catch (ParseFailure&) {
    if (!err_from_lexer_ && lexer_.error_kind() == LexErrorKind::Overrides) err_ = lexer_.error();
    if (err_.col < 1) err_.col = 1;
    err_.line_text = lexer_.line_text(err_.line);
    if (err) *err = err_;
    return nullptr;
  }
  for (int slot = 1; slot >= 0; --slot) {
    if (has_deferred_[slot]) {
      if (err) {
        *err = deferred_[slot];
        err->line_text = lexer_.line_text(err->line);
      }
      return nullptr;
    }
  }
  return e;
}

std::unique_ptr<Module> parse_module(std::string_view source, ParseError* err) {
  Parser p(source);
  return p.parse_module(err);
}

std::unique_ptr<Expr> parse_expression(std::string_view source, ParseError* err) {
  // Like eval(): leading spaces and tabs are ignored.
  size_t i = 0;
  while (i < source.size() && (source[i] == ' ' || source[i] == '\t')) ++i;
  Parser p(source.substr(i));
  return p.parse_eval(err);
}

// ---------------------------------------------------------------- statements

bool Parser::looks_like_match_statement() {
  // `match <subject>:` NEWLINE INDENT `case` — the soft keyword form.
  size_t i = p_ + 1;
  int depth = 0;
  for (; i < toks_.size(); ++i) {
    Tok k = toks_[i].kind;
    if (k == Tok::Error || k == Tok::EndMarker) return false;
    if (k == Tok::LPar || k == Tok::LSqb || k == Tok::LBrace) ++depth;
    if (k == Tok::RPar || k == Tok::RSqb || k == Tok::RBrace) --depth;
    if (k == Tok::Newline) break;
  }
  if (i + 2 >= toks_.size() || i == p_ + 1) return false;
  if (toks_[i - 1].kind != Tok::Colon || toks_[i + 1].kind != Tok::Indent) return false;
  const Token& c = toks_[i + 2];
  return c.kind == Tok::Name && cur_lexer_->text(c) == "case";
}

void Parser::parse_statement(StmtList& out) {
  const Token& t = peek();
  switch (t.kind) {
    case Tok::If: out.push_back(parse_if(false)); return;
    case Tok::While: out.push_back(parse_while()); return;
    case Tok::For: out.push_back(parse_for()); return;
    case Tok::Try: out.push_back(parse_try()); return;
    case Tok::With: out.push_back(parse_with()); return;
    case Tok::Def: { const Token& d = next(); out.push_back(parse_funcdef({}, d)); return; }
    case Tok::Class: { const Token& c = next(); out.push_back(parse_classdef({}, c)); return; }
    case Tok::At: out.push_back(parse_decorated()); return;
    case Tok::Async:
      not_implemented(t, "async functions and statements (async def / async for / async with) are not supported");
    case Tok::Indent: unexpected_indent(t);
    case Tok::Name:
      if (text(t) == "match" && looks_like_match_statement())
        not_implemented(t, "match statements are not supported");
      break;
    default: break;
  }
  parse_simple_statements(out);
}

void Parser::parse_simple_statements(StmtList& out) {
  for (;;) {
    out.push_back(parse_simple_statement());
    if (accept(Tok::Semi)) {
      if (at(Tok::Newline)) break;
      continue;
    }
    break;
  }
  if (!at(Tok::Newline)) fail_generic();
  next();
}

StmtPtr Parser::parse_simple_statement() {
  const Token& t = peek();
  Pos pos = pos_of(t);
  switch (t.kind) {
    case Tok::Pass: next(); return node<Pass>(pos);
    case Tok::Break:
    case Tok::Continue: {
      next();
      bool brk = t.kind == Tok::Break;
      if (scopes_.back().loops == 0)
        defer(false, brk ? "'break' outside loop" : "'continue' not properly in loop", pos.line, pos.col);
      if (brk) return node<Break>(pos);
      return node<Continue>(pos);
    }
    case Tok::Return: return parse_return();
    case Tok::Raise: return parse_raise();
    case Tok::Global: return parse_global(false);
    case Tok::Nonlocal: return parse_global(true);
    case Tok::Del: return parse_del();
    case Tok::Assert: return parse_assert();
    case Tok::Import: return parse_import();
    case Tok::From: return parse_from_import();
    default: return parse_expression_statement();
  }
}

void Parser::expect_colon(bool forced) {
  // CPython's grammar forces the ':' after def / try / else / finally (any
  // other token is "expected ':'"); elsewhere only a missing ':' at the end
  // of the line gets that message.
  if (accept(Tok::Colon)) return;
  if (forced || at(Tok::Newline)) fail_at(peek(), "expected ':'");
  fail_generic();
}

void Parser::parse_block(StmtList& out, const std::string& what, int line) {
  // block: NEWLINE INDENT statements DEDENT | simple_stmts
  if (!at(Tok::Newline)) {
    parse_simple_statements(out);
    return;
  }
  next();
  if (!at(Tok::Indent)) {
    const Token& t = peek();
    fail("IndentationError", "expected an indented block after " + what + " on line " + std::to_string(line), t.line,
         t.col, t.end_col);
  }
  next();
  Depth d(this, 1);
  while (!at(Tok::Dedent) && !at(Tok::EndMarker)) parse_statement(out);
  accept(Tok::Dedent);
}

StmtPtr Parser::parse_if(bool elif) {
  const Token& kw = next();
  Depth d(this, 1);  // elif chains nest in the AST
  auto s = node<If>(pos_of(kw));
  s->test = parse_condition();
  expect_colon();
  parse_block(s->body, elif ? "'elif' statement" : "'if' statement", kw.line);
  if (at(Tok::Elif)) {
    s->orelse.push_back(parse_if(true));
  } else if (at(Tok::Else)) {
    const Token& e = next();
    expect_colon(true);
    parse_block(s->orelse, "'else' statement", e.line);
  }
  return s;
}

StmtPtr Parser::parse_while() {
  const Token& kw = next();
  auto s = node<While>(pos_of(kw));
  s->test = parse_condition();
  expect_colon();
  scopes_.back().loops++;
  parse_block(s->body, "'while' statement", kw.line);
  scopes_.back().loops--;
  if (at(Tok::Else)) {
    const Token& e = next();
    expect_colon(true);
    parse_block(s->orelse, "'else' statement", e.line);
  }
  return s;
}

StmtPtr Parser::parse_for() {
  const Token& kw = next();
  auto s = node<For>(pos_of(kw));
  s->target = parse_target_list();
  if (!at(Tok::In)) fail_generic();
  next();
  s->iter = parse_star_expressions();
  expect_colon();
  scopes_.back().loops++;
  parse_block(s->body, "'for' statement", kw.line);
  scopes_.back().loops--;
  if (at(Tok::Else)) {
    const Token& e = next();
    expect_colon(true);
    parse_block(s->orelse, "'else' statement", e.line);
  }
  return s;
}

StmtPtr Parser::parse_try() {
  const Token& kw = next();
  auto s = node<Try>(pos_of(kw));
  expect_colon(true);
  parse_block(s->body, "'try' statement", kw.line);
  while (at(Tok::Except)) {
    const Token& ex = next();
    if (at(Tok::Star)) not_implemented(peek(), "except* (exception groups) is not supported");
    ExceptHandler h;
    h.pos = pos_of(ex);
    if (!at(Tok::Colon)) {
      h.type = parse_expression();
      if (at(Tok::Comma)) {
        // except A, B:  (Python 2 style)
        fail_node(*h.type, "multiple exception types must be parenthesized");
      }
      if (accept(Tok::As)) {
        const Token& n = peek();
        if (n.kind != Tok::Name) fail_generic();
        next();
        h.name = std::string(text(n));
      }
    }
    expect_colon();
    parse_block(h.body, "'except' statement", ex.line);
    s->handlers.push_back(std::move(h));
  }
  if (at(Tok::Else)) {
    const Token& e = next();
    if (s->handlers.empty()) fail_at(e, "expected 'except' or 'finally' block");
    expect_colon(true);
    parse_block(s->orelse, "'else' statement", e.line);
  }
  if (at(Tok::Finally)) {
    const Token& f = next();
    expect_colon(true);
    parse_block(s->finalbody, "'finally' statement", f.line);
  }
  if (s->handlers.empty() && s->finalbody.empty()) fail_at(peek(), "expected 'except' or 'finally' block");
  return s;
}

StmtPtr Parser::parse_with() {
  const Token& kw = next();
  auto s = node<With>(pos_of(kw));
  auto item = [&]() {
    WithItem it;
    it.context_expr = parse_expression();
    if (accept(Tok::As)) {
      it.optional_vars = parse_target();
      set_store(*it.optional_vars);
    }
    s->items.push_back(std::move(it));
  };
  // `with (a as b, c):` — the parenthesised form is chosen when the matching
  // ')' is followed by ':' and the contents are plain with-items.
  bool paren_form = false;
  if (at(Tok::LPar)) {
    size_t i = p_ + 1;
    int depth = 1;
    bool plain = true;
    Tok first = toks_[std::min(i, toks_.size() - 1)].kind;
    if (first == Tok::Yield || first == Tok::Star || first == Tok::RPar) plain = false;
    for (; i < toks_.size() && depth > 0; ++i) {
      Tok k = toks_[i].kind;
      if (k == Tok::Error || k == Tok::EndMarker) break;
      if (k == Tok::LPar || k == Tok::LSqb || k == Tok::LBrace) ++depth;
      else if (k == Tok::RPar || k == Tok::RSqb || k == Tok::RBrace) --depth;
      else if (depth == 1 && (k == Tok::ColonEqual || k == Tok::For)) plain = false;
    }
    paren_form = plain && depth == 0 && i < toks_.size() && toks_[i].kind == Tok::Colon;
  }
  if (paren_form) {
    next();
    for (;;) {
      item();
      if (!accept(Tok::Comma)) break;
      if (at(Tok::RPar)) break;
    }
    expect(Tok::RPar);
  } else {
    for (;;) {
      item();
      if (!accept(Tok::Comma)) break;
    }
  }
  expect_colon();
  parse_block(s->body, "'with' statement", kw.line);
  return s;
}

StmtPtr Parser::parse_decorated() {
  ExprList decorators;
  while (at(Tok::At)) {
    next();
    decorators.push_back(parse_named_expression());
    if (!at(Tok::Newline)) fail_generic();
    next();
  }
  const Token& t = peek();
  if (t.kind == Tok::Def) { next(); return parse_funcdef(std::move(decorators), t); }
  if (t.kind == Tok::Class) { next(); return parse_classdef(std::move(decorators), t); }
  if (t.kind == Tok::Async)
    not_implemented(t, "async functions and statements (async def / async for / async with) are not supported");
  fail_generic();
}

StmtPtr Parser::parse_funcdef(ExprList decorators, const Token& def_tok) {
  auto f = node<FunctionDef>(pos_of(def_tok));
  f->decorator_list = std::move(decorators);
  const Token& name = peek();
  if (name.kind != Tok::Name) fail_generic();
  next();
  f->name = std::string(text(name));
  if (!at(Tok::LPar)) fail_at(peek(), "expected '('");
  next();
  parse_parameters(f->args, false);
  expect(Tok::RPar);
  if (accept(Tok::RArrow)) f->returns = parse_expression();
  expect_colon(true);
  scopes_.push_back({ScopeKind::Function});
  parse_block(f->body, "function definition", def_tok.line);
  scopes_.pop_back();
  return f;
}

StmtPtr Parser::parse_classdef(ExprList decorators, const Token& class_tok) {
  auto c = node<ClassDef>(pos_of(class_tok));
  c->decorator_list = std::move(decorators);
  const Token& name = peek();
  if (name.kind != Tok::Name) fail_generic();
  next();
  c->name = std::string(text(name));
  if (at(Tok::LPar)) {
    const Token& lp = next();
    Call tmp(pos_of(lp));
    parse_call_arguments(tmp, lp);
    c->bases = std::move(tmp.args);
    c->keywords = std::move(tmp.keywords);
  }
  expect_colon();
  scopes_.push_back({ScopeKind::Class});
  parse_block(c->body, "class definition", class_tok.line);
  scopes_.pop_back();
  return c;
}

// parameters for `def` (up to the closing ')') or `lambda` (up to ':').
void Parser::parse_parameters(Arguments& a, bool lambda) {
  const Tok closing = lambda ? Tok::Colon : Tok::RPar;
  bool seen_slash = false, seen_star = false, seen_default = false;
  const Token* bare_star = nullptr;
  std::vector<std::string> names;
  auto add_name = [&](const Token& t) {
    std::string n(text(t));
    if (std::find(names.begin(), names.end(), n) != names.end())
      defer(true, "duplicate argument '" + n + "' in function definition", t.line, t.col);
    names.push_back(n);
    return n;
  };
  auto parse_arg = [&](const Token& t) {
    Arg arg;
    arg.pos = pos_of(t);
    arg.name = add_name(t);
    if (!lambda && accept(Tok::Colon)) arg.annotation = parse_expression();
    return arg;
  };
  while (!at(closing)) {
    const Token& t = peek();
    if (t.kind == Tok::Slash) {
      if (seen_slash) fail_at(t, "/ may appear only once");
      if (seen_star) fail_at(t, "/ must be ahead of *");
      if (a.args.empty()) fail_at(t, "at least one argument must precede /");
      next();
      seen_slash = true;
      a.posonlyargs = std::move(a.args);
      a.args.clear();
    } else if (t.kind == Tok::Star) {
      if (seen_star) fail_at(t, "* argument may appear only once");
      next();
      seen_star = true;
      if (at(Tok::Comma) || at(closing)) {
        bare_star = &t;
      } else {
        const Token& n = peek();
        if (n.kind != Tok::Name) fail_generic();
        next();
        a.vararg = std::make_unique<Arg>(parse_arg(n));
        if (at(Tok::Equal)) fail_at(peek(), "var-positional argument cannot have default value");
      }
    } else if (t.kind == Tok::DoubleStar) {
      next();
      const Token& n = peek();
      if (n.kind != Tok::Name) fail_generic();
      next();
      a.kwarg = std::make_unique<Arg>(parse_arg(n));
      if (at(Tok::Equal)) fail_at(peek(), "var-keyword argument cannot have default value");
      if (accept(Tok::Comma)) {
        if (!at(closing)) fail_at(peek(), "arguments cannot follow var-keyword argument");
      }
      break;
    } else if (t.kind == Tok::Name) {
      next();
      Arg arg = parse_arg(t);
      ExprPtr def;
      if (accept(Tok::Equal)) def = parse_expression();
      if (seen_star) {
        a.kwonlyargs.push_back(std::move(arg));
        a.kw_defaults.push_back(std::move(def));
      } else {
        if (def) {
          seen_default = true;
          a.defaults.push_back(std::move(def));
        } else if (seen_default) {
          fail_at(t, "non-default argument follows default argument");
        }
        a.args.push_back(std::move(arg));
      }
    } else {
      fail_generic();
    }
    if (!accept(Tok::Comma)) break;
  }
  if (bare_star && a.kwonlyargs.empty()) fail_at(lambda ? peek() : *bare_star, "named arguments must follow bare *");
  if (!at(closing)) fail_generic();
}

std::string Parser::parse_dotted_name() {
  const Token& t = peek();
  if (t.kind != Tok::Name) fail_generic();
  next();
  std::string name(text(t));
  while (at(Tok::Dot)) {
    next();
    const Token& n = peek();
    if (n.kind != Tok::Name) fail_generic();
    next();
    name += '.';
    name += text(n);
  }
  return name;
}

StmtPtr Parser::parse_import() {
  const Token& kw = next();
  auto s = node<Import>(pos_of(kw));
  for (;;) {
    Alias a;
    a.pos = pos_of(peek());
    a.name = parse_dotted_name();
    if (accept(Tok::As)) {
      const Token& n = peek();
      if (n.kind != Tok::Name) fail_generic();
      next();
      a.asname = std::string(text(n));
    }
    s->names.push_back(std::move(a));
    if (!accept(Tok::Comma)) break;
  }
  return s;
}

StmtPtr Parser::parse_from_import() {
  const Token& kw = next();
  auto s = node<ImportFrom>(pos_of(kw));
  for (;;) {
    if (accept(Tok::Dot)) s->level += 1;
    else if (accept(Tok::Ellipsis)) s->level += 3;
    else break;
  }
  if (!at(Tok::Import) || s->level == 0) s->module = parse_dotted_name();
  if (!at(Tok::Import)) fail_generic();
  next();
  if (at(Tok::Star)) {
    const Token& st = next();
    Alias a;
    a.name = "*";
    a.pos = pos_of(st);
    s->names.push_back(std::move(a));
    if (scopes_.back().kind != ScopeKind::Module)
      defer(true, "import * only allowed at module level", st.line, st.col);
    return s;
  }
  bool paren = accept(Tok::LPar);
  for (;;) {
    const Token& n = peek();
    if (n.kind != Tok::Name) fail_generic();
    next();
    Alias a;
    a.pos = pos_of(n);
    a.name = std::string(text(n));
    if (accept(Tok::As)) {
      const Token& as = peek();
      if (as.kind != Tok::Name) fail_generic();
      next();
      a.asname = std::string(text(as));
    }
    s->names.push_back(std::move(a));
    if (!accept(Tok::Comma)) break;
    if (paren && at(Tok::RPar)) break;
    if (!paren && at(Tok::Newline))
      fail_at(peek(), "trailing comma not allowed without surrounding parentheses");
  }
  if (paren) expect(Tok::RPar);
  return s;
}

StmtPtr Parser::parse_del() {
  const Token& kw = next();
  auto s = node<Delete>(pos_of(kw));
  for (;;) {
    ExprPtr t;
    if (at(Tok::Star)) {
      const Token& st = next();
      auto star = node<Starred>(pos_of(st));
      star->value = parse_binary(1);
      t = std::move(star);
    } else {
      t = parse_expression();
    }
    set_store(*t, true);
    s->targets.push_back(std::move(t));
    if (!accept(Tok::Comma)) break;
    if (at(Tok::Newline) || at(Tok::Semi)) break;
  }
  return s;
}

StmtPtr Parser::parse_return() {
  const Token& kw = next();
  auto s = node<Return>(pos_of(kw));
  if (scopes_.back().kind != ScopeKind::Function) defer(false, "'return' outside function", kw.line, kw.col);
  if (!at(Tok::Newline) && !at(Tok::Semi)) {
    s->value = parse_star_expressions();
    if (s->value->kind == ExprKind::Starred)
      defer(false, "can't use starred expression here", s->value->pos.line, s->value->pos.col);
  }
  return s;
}

StmtPtr Parser::parse_raise() {
  const Token& kw = next();
  auto s = node<Raise>(pos_of(kw));
  if (!at(Tok::Newline) && !at(Tok::Semi)) {
    s->exc = parse_expression();
    if (accept(Tok::From)) s->cause = parse_expression();
  }
  return s;
}

StmtPtr Parser::parse_global(bool nonlocal) {
  const Token& kw = next();
  std::vector<std::string> names;
  for (;;) {
    const Token& n = peek();
    if (n.kind != Tok::Name) fail_generic();
    next();
    names.emplace_back(text(n));
    if (!accept(Tok::Comma)) break;
  }
  if (nonlocal) {
    if (scopes_.back().kind == ScopeKind::Module)
      defer(true, "nonlocal declaration not allowed at module level", kw.line, kw.col);
    auto s = node<Nonlocal>(pos_of(kw));
    s->names = std::move(names);
    return s;
  }
  auto s = node<Global>(pos_of(kw));
  s->names = std::move(names);
  return s;
}

StmtPtr Parser::parse_assert() {
  const Token& kw = next();
  auto s = node<Assert>(pos_of(kw));
  s->test = parse_expression();
  if (accept(Tok::Comma)) s->msg = parse_expression();
  return s;
}

StmtPtr Parser::parse_expression_statement() {
  const Token& first = peek();
  size_t first_index = p_;
  ExprPtr e = at(Tok::Yield) ? parse_yield_expression() : parse_star_expressions();
  const Token& t = peek();
  BinOpKind aug;
  if (t.kind == Tok::Colon) {
    // Annotated assignment: a single target only (CPython checks the target
    // only once an annotation follows).
    if (!starts_expression(la(1)) || la(1).kind == Tok::Star) fail_at(t, "invalid syntax");
    switch (e->kind) {
      case ExprKind::Name: case ExprKind::Attribute: case ExprKind::Subscript: break;
      case ExprKind::Tuple: fail_node(*e, "only single target (not tuple) can be annotated");
      case ExprKind::List: fail_node(*e, "only single target (not list) can be annotated");
      default: fail_node(*e, "illegal target for annotation");
    }
    next();
    auto s = node<AnnAssign>(pos_of(first));
    s->simple = e->kind == ExprKind::Name && toks_[first_index].kind != Tok::LPar;
    set_store(*e);
    s->target = std::move(e);
    s->annotation = parse_expression();
    if (accept(Tok::Equal)) s->value = at(Tok::Yield) ? parse_yield_expression() : parse_star_expressions();
    return s;
  }
  if (is_augassign(t.kind, &aug)) {
    if (e->kind != ExprKind::Name && e->kind != ExprKind::Attribute && e->kind != ExprKind::Subscript)
      fail_node(*e, std::string("'") + expr_name(*e) + "' is an illegal expression for augmented assignment");
    next();
    set_store(*e);
    auto s = node<AugAssign>(pos_of(first));
    s->target = std::move(e);
    s->op = aug;
    s->value = at(Tok::Yield) ? parse_yield_expression() : parse_star_expressions();
    return s;
  }
  if (t.kind == Tok::Equal) {
    auto s = node<Assign>(pos_of(first));
    std::vector<bool> unparenthesized_yield;
    unparenthesized_yield.push_back(toks_[first_index].kind == Tok::Yield);
    s->targets.push_back(std::move(e));
    bool value_starts_bitwise_or = starts_bitwise_or(la(1));
    while (accept(Tok::Equal)) {
      unparenthesized_yield.push_back(at(Tok::Yield));
      s->targets.push_back(at(Tok::Yield) ? parse_yield_expression() : parse_star_expressions());
    }
    s->value = std::move(s->targets.back());
    s->targets.pop_back();
    for (size_t i = 0; i < s->targets.size(); ++i) {
      Expr& target = *s->targets[i];
      if (unparenthesized_yield[i]) fail_node(target, "assignment to yield expression not possible");
      const Expr* bad = invalid_target(target, false);
      if (!bad) continue;
      bool here = i == 0 && s->targets.size() == 1 && bad == &target &&
                  (is_bitwise_or_level(target) || is_parenthesized(target)) &&
                  !(target.kind == ExprKind::Constant &&
                    (target.as<Constant>().ckind == ConstKind::None || target.as<Constant>().ckind == ConstKind::True ||
                     target.as<Constant>().ckind == ConstKind::False)) &&
                  value_starts_bitwise_or;
      if (here)
        fail_node(*bad, std::string("cannot assign to ") + expr_name(*bad) +
                            " here. Maybe you meant '==' instead of '='?");
    }
    if (s->value->kind == ExprKind::Starred)
      defer(false, "can't use starred expression here", s->value->pos.line, s->value->pos.col);
    for (auto& target : s->targets) {
      set_store(*target);
      if (target->kind == ExprKind::Starred)
        defer(false, "starred assignment target must be in a list or tuple", target->pos.line, target->pos.col);
    }
    return s;
  }
  // Plain expression statement.
  if (e->kind == ExprKind::Name && (e->as<Name>().id == "print" || e->as<Name>().id == "exec") &&
      starts_expression(t) && t.kind != Tok::LPar && t.kind != Tok::LSqb) {
    const std::string& id = e->as<Name>().id;
    fail_node(*e, "Missing parentheses in call to '" + id + "'. Did you mean " + id + "(...)?");
  }
  if (e->kind == ExprKind::Starred)
    defer(false, "can't use starred expression here", e->pos.line, e->pos.col);
  if (t.kind == Tok::ColonEqual) fail_generic();
  auto s = node<ExprStmt>(pos_of(first));
  s->value = std::move(e);
  return s;
}

// ---------------------------------------------------------------- expressions

// CPython's hints for a misplaced '=' need a bitwise_or right after it.
bool Parser::starts_bitwise_or(const Token& t) const {
  return starts_expression(t) && t.kind != Tok::Not && t.kind != Tok::Lambda && t.kind != Tok::Star &&
         t.kind != Tok::Await;
}

bool Parser::starts_expression(const Token& t) const {
  switch (t.kind) {
    case Tok::Name: case Tok::Int: case Tok::Float: case Tok::String: case Tok::LPar: case Tok::LSqb:
    case Tok::LBrace: case Tok::None: case Tok::True: case Tok::False: case Tok::Ellipsis: case Tok::Minus:
    case Tok::Plus: case Tok::Tilde: case Tok::Not: case Tok::Lambda: case Tok::Await: case Tok::Star:
      return true;
    default:
      return false;
  }
}

// Inside brackets, two expressions in a row: CPython's "Perhaps you forgot a comma?".
void Parser::check_missing_comma(const Expr& elem) {
  const Token& t = peek();
  switch (t.kind) {
    case Tok::Name: case Tok::Int: case Tok::Float: case Tok::String: case Tok::LBrace: case Tok::None:
    case Tok::True: case Tok::False: case Tok::Ellipsis: case Tok::Tilde: case Tok::Not: case Tok::Lambda:
    case Tok::LPar: case Tok::LSqb:
      break;
    default:
      return;
  }
  if (elem.kind == ExprKind::Name) {
    if (t.kind == Tok::String) return;
    const std::string& id = elem.as<Name>().id;
    if (id == "match" || id == "case" || id == "_" || id == "print" || id == "exec") return;
  }
  if (!is_bitwise_or_level(elem) && !is_parenthesized(elem) && elem.kind != ExprKind::Compare &&
      elem.kind != ExprKind::BoolOp)
    return;
  peek(1);  // CPython parses the second expression first: a lexer error there wins
  fail_node(elem, "invalid syntax. Perhaps you forgot a comma?");
}

ExprPtr Parser::parse_star_expressions(bool allow_starred) {
  const Token& first = peek();
  ExprPtr e = allow_starred ? parse_star_expression() : parse_expression();
  if (!at(Tok::Comma)) return e;
  auto tup = node<Tuple>(pos_of(first));
  tup->elts.push_back(std::move(e));
  Depth d(this, 1);
  while (accept(Tok::Comma)) {
    if (!starts_expression(peek()) && !at(Tok::Yield)) break;
    tup->elts.push_back(allow_starred ? parse_star_expression() : parse_expression());
  }
  return tup;
}

ExprPtr Parser::parse_star_expression() {
  if (at(Tok::Star)) {
    const Token& st = next();
    auto s = node<Starred>(pos_of(st));
    s->value = parse_binary(1);
    return s;
  }
  return parse_expression();
}

ExprPtr Parser::parse_star_named_expression() {
  if (at(Tok::Star)) {
    const Token& st = next();
    auto s = node<Starred>(pos_of(st));
    s->value = parse_binary(1);
    return s;
  }
  return parse_named_expression();
}

ExprPtr Parser::parse_named_expression() {
  const Token& t = peek();
  if (t.kind == Tok::Name && peek(1).kind == Tok::ColonEqual) {
    next();
    next();
    auto n = node<NamedExpr>(pos_of(t));
    auto target = node<Name>(pos_of(t));
    target->id = std::string(text(t));
    target->ctx = ExprContext::Store;
    n->target = std::move(target);
    n->value = parse_expression();
    return n;
  }
  ExprPtr e = parse_expression();
  if (at(Tok::ColonEqual))
    fail_node(*e, std::string("cannot use assignment expressions with ") + expr_name(*e));
  return e;
}

ExprPtr Parser::parse_condition() {
  ExprPtr e = parse_named_expression();
  if (at(Tok::Equal) && starts_bitwise_or(la(1))) {
    // `if x = 1:` — CPython's invalid_named_expression hints.
    if (e->kind == ExprKind::Name)
      fail_node(*e, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    if (is_bitwise_or_level(*e) || is_parenthesized(*e))
      fail_node(*e, std::string("cannot assign to ") + expr_name(*e) + " here. Maybe you meant '==' instead of '='?");
  }
  return e;
}

ExprPtr Parser::parse_expression() {
  Depth d(this, 1);
  if (at(Tok::Lambda)) return parse_lambda();
  const Token& first = peek();
  ExprPtr e = parse_disjunction();
  if (!at(Tok::If)) return e;
  next();
  auto ife = node<IfExp>(pos_of(first));
  ife->body = std::move(e);
  ife->test = parse_disjunction();
  if (!accept(Tok::Else)) {
    if (at(Tok::Colon)) fail_generic();  // `if x if y:` is plain invalid syntax
    fail_node(*ife->body, "expected 'else' after 'if' expression");
  }
  ife->orelse = parse_expression();
  return ife;
}

ExprPtr Parser::parse_lambda() {
  const Token& kw = next();
  auto l = node<Lambda>(pos_of(kw));
  parse_parameters(l->args, true);
  expect(Tok::Colon);
  scopes_.push_back({ScopeKind::Lambda});
  l->body = parse_expression();
  scopes_.pop_back();
  return l;
}

ExprPtr Parser::parse_disjunction() {
  const Token& first = peek();
  ExprPtr e = parse_conjunction();
  if (!at(Tok::Or)) return e;
  auto b = node<BoolOp>(pos_of(first));
  b->op = BoolOpKind::Or;
  b->values.push_back(std::move(e));
  while (accept(Tok::Or)) b->values.push_back(parse_conjunction());
  return b;
}

ExprPtr Parser::parse_conjunction() {
  const Token& first = peek();
  ExprPtr e = parse_inversion();
  if (!at(Tok::And)) return e;
  auto b = node<BoolOp>(pos_of(first));
  b->op = BoolOpKind::And;
  b->values.push_back(std::move(e));
  while (accept(Tok::And)) b->values.push_back(parse_inversion());
  return b;
}

ExprPtr Parser::parse_inversion() {
  if (at(Tok::Not)) {
    const Token& t = next();
    Depth d(this, 1);
    auto u = node<UnaryOp>(pos_of(t));
    u->op = UnaryOpKind::Not;
    u->operand = parse_inversion();
    return u;
  }
  return parse_comparison();
}

ExprPtr Parser::parse_comparison() {
  const Token& first = peek();
  ExprPtr e = parse_binary(1);
  std::unique_ptr<Compare> c;
  for (;;) {
    CmpOpKind op;
    const Token& t = peek();
    switch (t.kind) {
      case Tok::EqEqual: op = CmpOpKind::Eq; break;
      case Tok::NotEqual: op = CmpOpKind::NotEq; break;
      case Tok::Less: op = CmpOpKind::Lt; break;
      case Tok::LessEqual: op = CmpOpKind::LtE; break;
      case Tok::Greater: op = CmpOpKind::Gt; break;
      case Tok::GreaterEqual: op = CmpOpKind::GtE; break;
      case Tok::In: op = CmpOpKind::In; break;
      case Tok::Is: op = CmpOpKind::Is; break;
      case Tok::Not:
        if (peek(1).kind != Tok::In) goto done;
        op = CmpOpKind::NotIn;
        next();
        break;
      default: goto done;
    }
    next();
    if (op == CmpOpKind::Is && accept(Tok::Not)) op = CmpOpKind::IsNot;
    if (!c) {
      c = node<Compare>(pos_of(first));
      c->left = std::move(e);
    }
    c->ops.push_back(op);
    c->comparators.push_back(parse_binary(1));
  }
done:
  if (c) return c;
  return e;
}

ExprPtr Parser::parse_binary(int min_prec) {
  const Token& first = peek();
  ExprPtr left = parse_factor();
  Depth d(this, 0);
  for (;;) {
    BinOpKind op;
    int prec = binop_prec(peek().kind, &op);
    if (prec == 0 || prec < min_prec) break;
    next();
    d.add(1);
    ExprPtr right = parse_binary(prec + 1);
    auto b = node<BinOp>(pos_of(first));
    b->left = std::move(left);
    b->op = op;
    b->right = std::move(right);
    left = std::move(b);
  }
  return left;
}

ExprPtr Parser::parse_factor() {
  const Token& t = peek();
  UnaryOpKind op;
  switch (t.kind) {
    case Tok::Plus: op = UnaryOpKind::UAdd; break;
    case Tok::Minus: op = UnaryOpKind::USub; break;
    case Tok::Tilde: op = UnaryOpKind::Invert; break;
    default: return parse_power();
  }
  next();
  Depth d(this, 1);
  auto u = node<UnaryOp>(pos_of(t));
  u->op = op;
  u->operand = parse_factor();
  return u;
}

ExprPtr Parser::parse_power() {
  const Token& first = peek();
  if (first.kind == Tok::Await) not_implemented(first, "'await' expressions (async/await) are not supported");
  ExprPtr e = parse_primary();
  if (!at(Tok::DoubleStar)) return e;
  next();
  Depth d(this, 1);
  auto b = node<BinOp>(pos_of(first));
  b->left = std::move(e);
  b->op = BinOpKind::Pow;
  b->right = parse_factor();
  return b;
}

ExprPtr Parser::parse_primary() {
  const Token& first = peek();
  ExprPtr e = parse_atom();
  Depth d(this, 0);
  for (;;) {
    const Token& t = peek();
    if (t.kind == Tok::Dot) {
      next();
      const Token& n = peek();
      if (n.kind != Tok::Name) fail_generic();
      next();
      auto a = node<Attribute>(pos_of(first));
      a->value = std::move(e);
      a->attr = std::string(text(n));
      e = std::move(a);
    } else if (t.kind == Tok::LPar) {
      next();
      auto c = node<Call>(pos_of(first));
      c->func = std::move(e);
      parse_call_arguments(*c, t);
      e = std::move(c);
    } else if (t.kind == Tok::LSqb) {
      next();
      auto s = node<Subscript>(pos_of(first));
      s->value = std::move(e);
      s->slice = parse_slices();
      expect(Tok::RSqb);
      e = std::move(s);
    } else {
      break;
    }
    d.add(1);
  }
  return e;
}

ExprPtr Parser::parse_slice() {
  // slice: [expression] ':' [expression] [':' [expression]] | named_expression
  const Token& first = peek();
  ExprPtr lower;
  if (!at(Tok::Colon)) {
    if (at(Tok::Star)) return parse_star_expression();
    lower = parse_named_expression();
    if (!at(Tok::Colon)) return lower;
  }
  next();
  auto s = node<Slice>(pos_of(first));
  s->lower = std::move(lower);
  auto ends = [&]() { return at(Tok::Colon) || at(Tok::Comma) || at(Tok::RSqb); };
  if (!ends()) s->upper = parse_expression();
  if (accept(Tok::Colon)) {
    if (!at(Tok::Comma) && !at(Tok::RSqb)) s->step = parse_expression();
  }
  return s;
}

ExprPtr Parser::parse_slices() {
  const Token& first = peek();
  ExprPtr s = parse_slice();
  if (!at(Tok::Comma)) {
    if (s->kind == ExprKind::Starred) {
      // a[*b] is a one-element tuple in 3.11
      auto tup = node<Tuple>(pos_of(first));
      tup->elts.push_back(std::move(s));
      return tup;
    }
    check_missing_comma(*s);
    return s;
  }
  auto tup = node<Tuple>(pos_of(first));
  tup->elts.push_back(std::move(s));
  while (accept(Tok::Comma)) {
    if (at(Tok::RSqb)) break;
    tup->elts.push_back(parse_slice());
  }
  check_missing_comma(*tup->elts.back());
  return tup;
}

void Parser::parse_call_arguments(Call& call, const Token& lpar) {
  bool seen_keyword = false, seen_kwunpack = false;
  std::vector<std::string> kwnames;
  size_t count = 0;
  while (!at(Tok::RPar)) {
    const Token& t = peek();
    ++count;
    if (t.kind == Tok::Star) {
      next();
      if (seen_kwunpack) fail_at(t, "iterable argument unpacking follows keyword argument unpacking");
      auto s = node<Starred>(pos_of(t));
      s->value = parse_expression();
      call.args.push_back(std::move(s));
    } else if (t.kind == Tok::DoubleStar) {
      next();
      Keyword k;
      k.pos = pos_of(t);
      k.value = parse_expression();
      call.keywords.push_back(std::move(k));
      seen_kwunpack = true;
    } else if (t.kind == Tok::Name && peek(1).kind == Tok::Equal) {
      next();
      next();
      Keyword k;
      k.pos = pos_of(t);
      k.name = std::string(text(t));
      if (std::find(kwnames.begin(), kwnames.end(), k.name) != kwnames.end())
        defer(false, "keyword argument repeated: " + k.name, t.line, t.col);
      kwnames.push_back(k.name);
      k.value = parse_expression();
      call.keywords.push_back(std::move(k));
      seen_keyword = true;
    } else {
      ExprPtr e = parse_named_expression();
      if (at_comp_for()) {
        // A generator expression as an argument: parenthesised by the call's
        // own parentheses only when it is the sole argument.
        auto g = node<GeneratorExp>(pos_of(lpar));
        Expr* elt = e.get();
        g->elt = std::move(e);
        parse_comprehension_clauses(g->generators, "generator expression");
        check_comprehension_yields(*g, "generator expression");
        if (count > 1 || !at(Tok::RPar)) fail_node(*elt, "Generator expression must be parenthesized");
        call.args.push_back(std::move(g));
        continue;
      }
      if (at(Tok::Equal)) {
        if (e->kind == ExprKind::Constant)
          fail_node(*e, std::string("cannot assign to ") + expr_name(*e));
        fail_node(*e, "expression cannot contain assignment, perhaps you meant \"==\"?");
      }
      // CPython reports these at the token after the argument.
      if (seen_kwunpack) fail_at(peek(), "positional argument follows keyword argument unpacking");
      if (seen_keyword) fail_at(peek(), "positional argument follows keyword argument");
      if (!at(Tok::Comma) && !at(Tok::RPar)) check_missing_comma(*e);
      call.args.push_back(std::move(e));
    }
    if (!accept(Tok::Comma)) break;
  }
  expect(Tok::RPar);
}

void Parser::parse_comprehension_clauses(std::vector<Comprehension>& gens, const char* what) {
  while (at(Tok::For) || at(Tok::Async)) {
    if (at(Tok::Async)) not_implemented(peek(), "asynchronous comprehensions (async for) are not supported");
    next();
    Comprehension c;
    c.target = parse_target_list();
    if (!at(Tok::In)) fail_generic();
    next();
    c.iter = parse_disjunction();
    while (at(Tok::If)) {
      next();
      c.ifs.push_back(parse_disjunction());
    }
    gens.push_back(std::move(c));
  }
  (void)what;
}

ExprPtr Parser::parse_yield_expression() {
  const Token& kw = next();
  ScopeKind k = scopes_.back().kind;
  if (k != ScopeKind::Function && k != ScopeKind::Lambda) defer(false, "'yield' outside function", kw.line, kw.col);
  if (accept(Tok::From)) {
    auto y = node<YieldFrom>(pos_of(kw));
    y->value = parse_expression();
    return y;
  }
  auto y = node<Yield>(pos_of(kw));
  if (starts_expression(peek())) y->value = parse_star_expressions();
  return y;
}

ExprPtr Parser::parse_atom() {
  const Token& t = peek();
  Pos pos = pos_of(t);
  switch (t.kind) {
    case Tok::Name: {
      next();
      auto n = node<Name>(pos);
      n->id = std::string(text(t));
      return n;
    }
    case Tok::True: case Tok::False: case Tok::None: case Tok::Ellipsis: {
      next();
      auto c = node<Constant>(pos);
      c->ckind = t.kind == Tok::True ? ConstKind::True
                 : t.kind == Tok::False ? ConstKind::False
                 : t.kind == Tok::None ? ConstKind::None
                                       : ConstKind::Ellipsis;
      return c;
    }
    case Tok::Int: case Tok::Float: {
      if (t.flags & kNumImaginary) not_implemented(t, "complex numbers (imaginary literals) are not supported");
      if (t.flags & kNumTooLarge) not_implemented(t, "integer literal too large for Kiln's 64-bit int");
      next();
      auto c = node<Constant>(pos);
      if (t.kind == Tok::Int) {
        c->ckind = ConstKind::Int;
        c->i = t.ival;
      } else {
        c->ckind = ConstKind::Float;
        c->f = t.fval;
      }
      return c;
    }
    case Tok::String: return parse_strings();
    case Tok::LPar: return parse_paren_atom();
    case Tok::LSqb: return parse_list_atom();
    case Tok::LBrace: return parse_brace_atom();
    default: fail_generic();
  }
}

ExprPtr Parser::parse_paren_atom() {
  const Token& lp = next();
  Depth d(this, kBracketCost);
  Pos pos = pos_of(lp);
  if (accept(Tok::RPar)) return node<Tuple>(pos);
  if (at(Tok::Yield)) {
    ExprPtr y = parse_yield_expression();
    expect(Tok::RPar);
    parenthesized_.insert(y.get());
    return y;
  }
  ExprPtr first = parse_star_named_expression();
  if (at_comp_for()) {
    auto g = node<GeneratorExp>(pos);
    g->elt = std::move(first);
    parse_comprehension_clauses(g->generators, "generator expression");
    check_comprehension_yields(*g, "generator expression");
    expect(Tok::RPar);
    return g;
  }
  if (accept(Tok::RPar)) {
    if (first->kind == ExprKind::Starred) fail_node(*first, "cannot use starred expression here");
    parenthesized_.insert(first.get());
    return first;
  }
  if (!at(Tok::Comma)) {
    check_missing_comma(*first);
    fail_generic();
  }
  auto tup = node<Tuple>(pos);
  tup->elts.push_back(std::move(first));
  while (accept(Tok::Comma)) {
    if (at(Tok::RPar)) break;
    tup->elts.push_back(parse_star_named_expression());
    if (!at(Tok::Comma) && !at(Tok::RPar)) check_missing_comma(*tup->elts.back());
  }
  expect(Tok::RPar);
  return tup;
}

ExprPtr Parser::parse_list_atom() {
  const Token& lb = next();
  Depth d(this, kBracketCost);
  Pos pos = pos_of(lb);
  auto list = node<List>(pos);
  if (accept(Tok::RSqb)) return list;
  ExprPtr first = parse_star_named_expression();
  if (at_comp_for()) {
    auto lc = node<ListComp>(pos);
    lc->elt = std::move(first);
    parse_comprehension_clauses(lc->generators, "list comprehension");
    check_comprehension_yields(*lc, "list comprehension");
    expect(Tok::RSqb);
    return lc;
  }
  list->elts.push_back(std::move(first));
  for (;;) {
    if (!at(Tok::Comma) && !at(Tok::RSqb)) check_missing_comma(*list->elts.back());
    if (!accept(Tok::Comma)) break;
    if (at(Tok::RSqb)) break;
    list->elts.push_back(parse_star_named_expression());
  }
  expect(Tok::RSqb);
  return list;
}

ExprPtr Parser::parse_brace_atom() {
  const Token& lb = next();
  Depth d(this, kBracketCost);
  Pos pos = pos_of(lb);
  if (accept(Tok::RBrace)) return node<Dict>(pos);
  // A dict if the first item is `**x` or `key: value`.
  auto parse_dict_rest = [&](std::unique_ptr<Dict> dict) -> ExprPtr {
    while (accept(Tok::Comma)) {
      if (at(Tok::RBrace)) break;
      if (accept(Tok::DoubleStar)) {
        dict->keys.push_back(nullptr);
        dict->values.push_back(parse_binary(1));
        continue;
      }
      ExprPtr key = parse_expression();
      if (!at(Tok::Colon)) {
        if (at(Tok::Comma) || at(Tok::RBrace)) fail_node(*key, "':' expected after dictionary key");
        check_missing_comma(*key);
        fail_generic();
      }
      const Token& colon = next();
      if (at(Tok::Star)) fail_at(peek(), "cannot use a starred expression in a dictionary value");
      if (at(Tok::Comma) || at(Tok::RBrace)) fail_at(colon, "expression expected after dictionary key and ':'");
      dict->keys.push_back(std::move(key));
      dict->values.push_back(parse_expression());
      if (!at(Tok::Comma) && !at(Tok::RBrace)) check_missing_comma(*dict->values.back());
    }
    expect(Tok::RBrace);
    return dict;
  };
  if (at(Tok::DoubleStar)) {
    next();
    auto dict = node<Dict>(pos);
    dict->keys.push_back(nullptr);
    dict->values.push_back(parse_binary(1));
    return parse_dict_rest(std::move(dict));
  }
  ExprPtr first = parse_star_named_expression();
  if (at(Tok::Colon) && first->kind != ExprKind::Starred) {
    const Token& colon = next();
    if (at(Tok::Star)) fail_at(peek(), "cannot use a starred expression in a dictionary value");
    if (at(Tok::Comma) || at(Tok::RBrace)) fail_at(colon, "expression expected after dictionary key and ':'");
    ExprPtr value = parse_expression();
    if (at_comp_for()) {
      auto dc = node<DictComp>(pos);
      dc->key = std::move(first);
      dc->value = std::move(value);
      parse_comprehension_clauses(dc->generators, "dict comprehension");
      check_comprehension_yields(*dc, "dict comprehension");
      expect(Tok::RBrace);
      return dc;
    }
    if (!at(Tok::Comma) && !at(Tok::RBrace)) check_missing_comma(*value);
    auto dict = node<Dict>(pos);
    dict->keys.push_back(std::move(first));
    dict->values.push_back(std::move(value));
    return parse_dict_rest(std::move(dict));
  }
  if (at_comp_for()) {
    auto sc = node<SetComp>(pos);
    sc->elt = std::move(first);
    parse_comprehension_clauses(sc->generators, "set comprehension");
    check_comprehension_yields(*sc, "set comprehension");
    expect(Tok::RBrace);
    return sc;
  }
  auto set = node<Set>(pos);
  set->elts.push_back(std::move(first));
  for (;;) {
    if (!at(Tok::Comma) && !at(Tok::RBrace)) check_missing_comma(*set->elts.back());
    if (!accept(Tok::Comma)) break;
    if (at(Tok::RBrace)) break;
    set->elts.push_back(parse_star_named_expression());
  }
  expect(Tok::RBrace);
  return set;
}

}  // namespace kiln::vm
