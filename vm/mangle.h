// vm/mangle.h — private name mangling (CPython's _Py_Mangle), as an AST pass.
//
// Inside a class body, and in every function, lambda and comprehension
// nested in it, an identifier spelled `__name` (two leading underscores, not
// two trailing ones, no dot) means `_Class__name`, where Class is the
// innermost enclosing class's name without its leading underscores (no
// mangling at all when that leaves nothing). CPython applies this to names
// (loads, stores, deletes, `global`/`nonlocal`), attribute names, parameter
// names, the names that `def`, `class`, `import ... as` and `except ... as`
// bind; not to keyword argument names in calls, and not to the module
// names imported. Kiln rewrites the AST once before the scope analysis, so
// the symtable and the compiler both see only mangled names. A nested
// class's name, bases, keywords and decorators belong to the enclosing
// class; its body uses its own name.
#pragma once

#include "vm/ast.h"

namespace kiln::vm {

void mangle_private_names(ast::Module& m);

}  // namespace kiln::vm
