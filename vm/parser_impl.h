// vm/parser_impl.h — the parser's internal class, shared by vm/parser.cpp
// (statements and expressions) and vm/parser_strings.cpp (string literals and
// f-strings). Nothing outside the front end includes this; the public entry
// points are in vm/parser.h.
//
// The parser is hand-written recursive descent over CPython 3.11's grammar
// restricted to Kiln's subset. It works on the lexer's token vector and
// reports the first error in CPython's wording, choosing among its own error,
// a lexer error further on, and "semantic" errors that CPython raises only in
// its symbol-table or compiler passes (those are recorded while parsing and
// reported only if the whole file parses). Internally a failure unwinds with a
// private C++ exception (ParseFailure) caught at the public entry points; it
// never escapes the parser.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "vm/ast.h"
#include "vm/lexer.h"
#include "vm/parser.h"

namespace kiln::vm {

struct ParseFailure {};

class Parser {
 public:
  explicit Parser(std::string_view source);

  std::unique_ptr<ast::Module> parse_module(ParseError* err);
  ast::ExprPtr parse_eval(ParseError* err);

  // ------------------------------------------------------------ internals
  // (public so that the helpers in parser_strings.cpp can use them)

  // Token access. peek() past the end returns the last token (EndMarker or
  // Error); reaching an Error token reports the lexer's error.
  __attribute__((always_inline)) const Token& peek(size_t k = 0) {
    size_t i = p_ + k;
    if (i >= toks_.size()) [[unlikely]] i = toks_.size() - 1;
    if (i > furthest_) furthest_ = i;
    const Token& t = toks_[i];
    if (t.kind == Tok::Error) [[unlikely]] fail_lexer();
    return t;
  }
  const Token& next() {
    const Token& t = peek();
    if (p_ + 1 < toks_.size()) ++p_;
    return t;
  }
  bool at(Tok t) { return peek().kind == t; }
  // Lookahead for error hints only: neither moves the "furthest token read"
  // used for "invalid syntax" positions nor reports lexer errors.
  const Token& la(size_t k) const { return toks_[std::min(p_ + k, toks_.size() - 1)]; }
  bool accept(Tok t) {
    if (peek().kind != t) return false;
    next();
    return true;
  }
  const Token& expect(Tok t);
  bool at_name(std::string_view s);
  // A comprehension's `for` (or the unsupported `async for`) follows.
  bool at_comp_for() { return at(Tok::For) || (at(Tok::Async) && peek(1).kind == Tok::For); }
  std::string_view text(const Token& t) const { return cur_lexer_->text(t); }

  // Errors.
  [[noreturn]] void fail(const std::string& type, const std::string& msg, int line, int col, int end_col = 0);
  [[noreturn]] void fail_at(const Token& t, const std::string& msg, const char* type = "SyntaxError");
  [[noreturn]] void fail_node(const ast::Expr& e, const std::string& msg, const char* type = "SyntaxError");
  [[noreturn]] void fail_generic();  // "invalid syntax" at the furthest token read
  [[noreturn]] __attribute__((noinline, cold)) void fail_lexer();  // report the current lexer's error
  [[noreturn]] void unexpected_indent(const Token& t);
  [[noreturn]] void not_implemented(const Token& t, const std::string& what);
  void defer(bool symtable, const std::string& msg, int line, int col);

  // Statements (parser.cpp).
  void parse_statement(ast::StmtList& out);
  void parse_simple_statements(ast::StmtList& out);
  ast::StmtPtr parse_simple_statement();
  ast::StmtPtr parse_expression_statement();
  void parse_block(ast::StmtList& out, const std::string& what, int line);
  void expect_colon(bool forced = false);
  ast::StmtPtr parse_if(bool elif);
  ast::StmtPtr parse_while();
  ast::StmtPtr parse_for();
  ast::StmtPtr parse_try();
  ast::StmtPtr parse_with();
  ast::StmtPtr parse_funcdef(ast::ExprList decorators, const Token& def_tok);
  ast::StmtPtr parse_classdef(ast::ExprList decorators, const Token& class_tok);
  ast::StmtPtr parse_decorated();
  ast::StmtPtr parse_import();
  ast::StmtPtr parse_from_import();
  ast::StmtPtr parse_del();
  ast::StmtPtr parse_return();
  ast::StmtPtr parse_raise();
  ast::StmtPtr parse_global(bool nonlocal);
  ast::StmtPtr parse_assert();
  void parse_parameters(ast::Arguments& args, bool lambda);
  std::string parse_dotted_name();
  bool looks_like_match_statement();

  // Expressions (parser.cpp).
  ast::ExprPtr parse_star_expressions(bool allow_starred = true);
  ast::ExprPtr parse_star_expression();
  ast::ExprPtr parse_star_named_expression();
  ast::ExprPtr parse_named_expression();
  ast::ExprPtr parse_condition();  // named_expression with CPython's "'=' instead of '=='" hints
  ast::ExprPtr parse_expression();
  ast::ExprPtr parse_lambda();
  ast::ExprPtr parse_disjunction();
  ast::ExprPtr parse_conjunction();
  ast::ExprPtr parse_inversion();
  ast::ExprPtr parse_comparison();
  ast::ExprPtr parse_binary(int min_prec);
  ast::ExprPtr parse_factor();
  ast::ExprPtr parse_power();
  ast::ExprPtr parse_primary();
  ast::ExprPtr parse_atom();
  ast::ExprPtr parse_paren_atom();
  ast::ExprPtr parse_list_atom();
  ast::ExprPtr parse_brace_atom();
  ast::ExprPtr parse_yield_expression();
  ast::ExprPtr parse_slices();
  ast::ExprPtr parse_slice();
  void parse_call_arguments(ast::Call& call, const Token& lpar);
  void parse_comprehension_clauses(std::vector<ast::Comprehension>& gens, const char* what);
  ast::ExprPtr parse_target();      // star_target, for `for` / `with ... as` / comprehensions
  ast::ExprPtr parse_target_list(); // star_targets
  void check_missing_comma(const ast::Expr& elem);
  bool starts_expression(const Token& t) const;
  bool starts_bitwise_or(const Token& t) const;
  void check_comprehension_yields(const ast::Expr& comp, const char* what);

  // Targets (parser.cpp).
  void set_store(ast::Expr& e, bool del = false);
  const ast::Expr* invalid_target(const ast::Expr& e, bool del) const;
  static const char* expr_name(const ast::Expr& e);
  bool is_parenthesized(const ast::Expr& e) const { return parenthesized_.count(&e) != 0; }

  // Strings (parser_strings.cpp).
  ast::ExprPtr parse_strings();
  void parse_fstring(const Token& tok, std::string_view body, size_t body_offset, bool raw, int recurse,
                     ast::ExprList& values, std::string& pending);
  ast::ExprPtr parse_fstring_expression(const Token& tok, size_t expr_offset, std::string_view expr_text);
  [[noreturn]] void fstring_error(const Token& tok, const std::string& msg);
  void position_in_token(const Token& tok, size_t offset, int* line, int* col);
  // The last position_in_token result per f-string nesting level: the
  // expressions of one f-string come in increasing offsets, so each scan
  // resumes where the previous one ended (rescanning from the token start
  // made long f-strings quadratic).
  struct PositionCache {
    const char* src = nullptr;
    size_t src_size = 0, tok_offset = 0, offset = 0;
    int tok_line = 0, tok_col = 0, line = 0, col = 0;
  } pos_cache_[4];

  ast::Pos pos_of(const Token& t) const { return ast::Pos{t.line, t.col}; }

  // Depth guard: bounds recursion (and so AST depth) on hostile input.
  struct Depth {
    Parser* p;
    int n = 0;
    explicit Depth(Parser* parser, int amount = 1) : p(parser) { add(amount); }
    void add(int amount);
    ~Depth() { p->depth_ -= n; }
  };

  enum class ScopeKind { Module, Function, Class, Lambda };
  struct Scope {
    ScopeKind kind;
    int loops = 0;
  };

  Lexer lexer_;
  const Lexer* cur_lexer_ = nullptr;
  std::vector<Token> toks_;
  size_t p_ = 0;
  size_t furthest_ = 0;
  int depth_ = 0;
  int fstring_depth_ = 0;  // > 0 while parsing an f-string's expression
  std::vector<Scope> scopes_;
  std::unordered_set<const ast::Expr*> parenthesized_;

  ParseError err_;
  bool err_from_lexer_ = false;
  bool no_lexer_override_ = false;
  bool has_deferred_[2] = {false, false};  // [0] compiler errors, [1] symbol-table errors
  ParseError deferred_[2];
};

}  // namespace kiln::vm
