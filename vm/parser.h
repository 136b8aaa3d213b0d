// vm/parser.h — source text to AST.
//
// The lexer (vm/lexer.h) turns UTF-8 source into tokens, including INDENT /
// DEDENT and the pieces of f-strings; the parser is a hand-written recursive
// descent parser over CPython 3.11's grammar restricted to Kiln's subset. It
// knows nothing about values or the VM: on bad input it fills a ParseError and
// returns null, and the caller turns that into a Python SyntaxError.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "vm/ast.h"

namespace kiln::vm {

struct ParseError {
  // "SyntaxError", "IndentationError", "TabError" or "NotImplementedError"
  // (a construct of Python that Kiln does not support; msg names it).
  std::string type = "SyntaxError";
  std::string msg;        // CPython's wording where there is one, e.g. "invalid syntax"
  int line = 0;           // 1-based
  int col = 0;            // 1-based column of the offending character
  int end_col = 0;        // 1-based, exclusive; 0 if unknown (caret width 1)
  std::string line_text;  // the source line, without its newline
};

// Parses a whole module. Returns null and fills *err on failure.
std::unique_ptr<ast::Module> parse_module(std::string_view source, ParseError* err);

// Parses a single expression (used by eval-like entry points and the REPL).
std::unique_ptr<ast::Expr> parse_expression(std::string_view source, ParseError* err);

}  // namespace kiln::vm
