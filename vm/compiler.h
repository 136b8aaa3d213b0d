// vm/compiler.h — AST to bytecode.
//
// One pass over the AST per scope, after the scope analysis of
// vm/symtable.h. Produces a CodeObject per module / class body / function /
// lambda / comprehension; nested code objects are constants of their parent.
// Control flow that leaves a `try ... finally` or `with` early (return,
// break, continue) gets the cleanup code inlined at the exit, as CPython does;
// exception handling uses a zero-cost exception table (vm/code.h).
#pragma once

#include <string>
#include <string_view>

#include "vm/ast.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// Compiles a parsed module. `interactive`: expression statements print their
// value (REPL). Returns a CodeObject, or Empty with a SyntaxError pending.
// Private names in `m` are mangled in place first (vm/mangle.h; doing it
// again changes nothing).
Value compile_module(VM& vm, ast::Module& m, const std::string& filename, bool interactive);

// Parses and compiles; remembers `source` in vm.sources for tracebacks.
// Syntax errors become a pending SyntaxError (or IndentationError /
// NotImplementedError) carrying filename, lineno, offset and text.
Value compile_source(VM& vm, std::string_view source, const std::string& filename, bool interactive);

// Raises a SyntaxError-family exception of type `type_name` with CPython's
// attributes (msg, filename, lineno, offset, text, end_offset).
Value raise_syntax_error(VM& vm, const std::string& type_name, const std::string& msg,
                         const std::string& filename, int line, int col, const std::string& text, int end_col = 0);

}  // namespace kiln::vm
