// vm/unparse.h — an expression's source text from its AST, as CPython's
// ast.unparse writes it.
//
// `from __future__ import annotations` (PEP 563) keeps module and class
// annotations as strings instead of evaluating them, so that a class can
// name itself (`next: Optional[Node]`): the compiler stores the annotation
// unparsed. The form is CPython's: one space around binary operators and
// after commas, parentheses only where precedence needs them, strings with
// repr's quotes, a tuple subscript without parentheses
// (`dict[str, int]`). Covers the expressions annotations are made of
// (names, attributes, subscripts, tuples, lists, constants, operators,
// calls); returns false for others (lambdas, comprehensions, f-strings...),
// which the compiler then evaluates as before.
#pragma once

#include <string>

#include "vm/ast.h"

namespace kiln::vm {

bool unparse_expr(const ast::Expr& e, std::string* out);

}  // namespace kiln::vm
