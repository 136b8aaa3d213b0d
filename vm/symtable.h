// vm/symtable.h — scope analysis: which names are local, global, free or
// cells, in every scope of a module (CPython's symtable.c, simplified).
//
// The compiler runs it once over the AST before generating code. Each
// function, lambda, comprehension, generator expression and class body is a
// Scope; the analysis decides for every name used in a scope how the code
// reaches it:
//   Local      a fast local slot (LOAD_FAST)
//   Cell       a local that an inner function captures (LOAD_DEREF)
//   Free       a variable of an enclosing function (LOAD_DEREF via closure)
//   Global     explicit `global` or module level (LOAD_GLOBAL)
//   GlobalImplicit  not bound anywhere visible: globals then builtins
//   Name       class bodies: the namespace dict, then globals (LOAD_NAME)
// Errors (e.g. "name 'x' is assigned to before global declaration", a
// `nonlocal` with no binding) are reported as SyntaxErrors with a position.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "vm/ast.h"

namespace kiln::vm {

enum class ScopeKind : uint8_t { Module, Function, Lambda, Comprehension, Class };
enum class NameScope : uint8_t { Local, Cell, Free, Global, GlobalImplicit, Name };

struct Scope {
  ScopeKind kind;
  std::string name;
  Scope* parent = nullptr;
  std::vector<std::unique_ptr<Scope>> children;  // in the order the compiler meets them
  size_t next_child = 0;                        // compiler's cursor into children

  // Raw facts gathered from the AST.
  std::unordered_map<std::string, uint32_t> flags;
  std::vector<std::string> params;       // in order (positional, *args, kw-only, **kwargs)
  std::vector<std::string> order;        // names in first-seen order (stable slot numbering)
  std::unordered_map<std::string, ast::Pos> nonlocal_pos;  // where each `nonlocal` name was declared
  bool is_generator = false;
  bool needs_class_cell = false;         // class body: a method uses super() / __class__
  bool uses_class_cell = false;          // function: uses super() / __class__

  // Results.
  std::unordered_map<std::string, NameScope> resolved;
  std::vector<std::string> cellvars, freevars;

  NameScope lookup(const std::string& n) const;
};

struct SymtableError {
  std::string msg;
  int line = 0, col = 0;
};

// Builds the scope tree for a module. Returns null and fills *err on error.
// Valid Python that Kiln does not support (an assignment expression inside
// a comprehension) is not an error of the analysis: the scope tree comes
// back and *unsupported holds the first such construct (msg empty if none),
// which the compiler reports as NotImplementedError unless it finds a
// SyntaxError first, as CPython would.
std::unique_ptr<Scope> build_symtable(const ast::Module& m, bool interactive, SymtableError* err,
                                      SymtableError* unsupported);

}  // namespace kiln::vm
