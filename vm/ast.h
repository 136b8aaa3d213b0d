// vm/ast.h — the abstract syntax tree of Kiln's Python subset.
//
// The parser (vm/parser.cpp) produces it, the compiler (vm/compiler.cpp) turns
// it into bytecode and then drops it. Node shapes follow CPython's `ast` module
// closely (same names, same fields) so that anyone who knows `ast.dump` can read
// it, but only the constructs Kiln accepts exist here: anything else is rejected
// by the parser with a SyntaxError / NotImplementedError naming the feature.
//
// Ownership: every node is owned by its parent through std::unique_ptr; a Module
// owns the whole tree. Every node carries the 1-based line and 1-based column of
// its first token, which the compiler copies into the line table.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kiln::vm::ast {

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

struct Pos {
  int line = 0;
  int col = 0;
};

// ---------------------------------------------------------------- operators
// One list each; enum order is relied on by the compiler (BinOp maps 1:1 onto
// the BINARY_OP argument and onto the in-place forms).
#define KILN_AST_BINOPS(X)                                                  \
  X(Add, "+", "__add__") X(Sub, "-", "__sub__") X(Mult, "*", "__mul__")    \
  X(MatMult, "@", "__matmul__") X(Div, "/", "__truediv__")                 \
  X(FloorDiv, "//", "__floordiv__") X(Mod, "%", "__mod__")                 \
  X(Pow, "**", "__pow__") X(LShift, "<<", "__lshift__")                    \
  X(RShift, ">>", "__rshift__") X(BitOr, "|", "__or__")                    \
  X(BitXor, "^", "__xor__") X(BitAnd, "&", "__and__")

enum class BinOpKind : uint8_t {
#define X(name, sym, dunder) name,
  KILN_AST_BINOPS(X)
#undef X
};

enum class UnaryOpKind : uint8_t { Invert, Not, UAdd, USub };
enum class BoolOpKind : uint8_t { And, Or };

#define KILN_AST_CMPOPS(X)                                                   \
  X(Lt, "<") X(LtE, "<=") X(Eq, "==") X(NotEq, "!=") X(Gt, ">") X(GtE, ">=") \
  X(Is, "is") X(IsNot, "is not") X(In, "in") X(NotIn, "not in")

enum class CmpOpKind : uint8_t {
#define X(name, sym) name,
  KILN_AST_CMPOPS(X)
#undef X
};

enum class ExprContext : uint8_t { Load, Store, Del };

// ---------------------------------------------------------------- expressions
#define KILN_AST_EXPRS(X)                                                     \
  X(BoolOp) X(NamedExpr) X(BinOp) X(UnaryOp) X(Lambda) X(IfExp) X(Dict)     \
  X(Set) X(ListComp) X(SetComp) X(DictComp) X(GeneratorExp) X(Yield)         \
  X(YieldFrom) X(Compare) X(Call) X(FormattedValue) X(JoinedStr) X(Constant) \
  X(Attribute) X(Subscript) X(Starred) X(Name) X(List) X(Tuple) X(Slice)

enum class ExprKind : uint8_t {
#define X(name) name,
  KILN_AST_EXPRS(X)
#undef X
};

struct Expr {
  ExprKind kind;
  Pos pos;
  explicit Expr(ExprKind k, Pos p) : kind(k), pos(p) {}
  virtual ~Expr() = default;
  template <class T> T& as() { return static_cast<T&>(*this); }
  template <class T> const T& as() const { return static_cast<const T&>(*this); }
};

// Function parameters (also used by Lambda).
struct Arg {
  std::string name;
  ExprPtr annotation;  // may be null; evaluated for side effects only
  Pos pos;
};
struct Arguments {
  std::vector<Arg> posonlyargs;   // before '/'
  std::vector<Arg> args;          // ordinary positional-or-keyword
  std::unique_ptr<Arg> vararg;    // *args (null if absent)
  std::vector<Arg> kwonlyargs;    // after '*' or '*args'
  ExprList kw_defaults;           // parallel to kwonlyargs; null entry = required
  std::unique_ptr<Arg> kwarg;     // **kwargs (null if absent)
  ExprList defaults;              // for the LAST len(defaults) of posonly+args
};

struct Keyword {           // f(name=value) or f(**value) when name is empty
  std::string name;
  ExprPtr value;
  Pos pos;
};

struct Comprehension {     // for target in iter if cond1 if cond2
  ExprPtr target;
  ExprPtr iter;
  ExprList ifs;
};

#define KILN_EXPR_NODE(Name) \
  explicit Name(Pos p) : Expr(ExprKind::Name, p) {}

struct BoolOp : Expr { KILN_EXPR_NODE(BoolOp) BoolOpKind op{}; ExprList values; };
struct NamedExpr : Expr { KILN_EXPR_NODE(NamedExpr) ExprPtr target, value; };
struct BinOp : Expr { KILN_EXPR_NODE(BinOp) ExprPtr left; BinOpKind op{}; ExprPtr right; };
struct UnaryOp : Expr { KILN_EXPR_NODE(UnaryOp) UnaryOpKind op{}; ExprPtr operand; };
struct Lambda : Expr { KILN_EXPR_NODE(Lambda) Arguments args; ExprPtr body; };
struct IfExp : Expr { KILN_EXPR_NODE(IfExp) ExprPtr test, body, orelse; };
// keys[i] == nullptr means `**values[i]`
struct Dict : Expr { KILN_EXPR_NODE(Dict) ExprList keys, values; };
struct Set : Expr { KILN_EXPR_NODE(Set) ExprList elts; };
struct ListComp : Expr { KILN_EXPR_NODE(ListComp) ExprPtr elt; std::vector<Comprehension> generators; };
struct SetComp : Expr { KILN_EXPR_NODE(SetComp) ExprPtr elt; std::vector<Comprehension> generators; };
struct DictComp : Expr { KILN_EXPR_NODE(DictComp) ExprPtr key, value; std::vector<Comprehension> generators; };
struct GeneratorExp : Expr { KILN_EXPR_NODE(GeneratorExp) ExprPtr elt; std::vector<Comprehension> generators; };
struct Yield : Expr { KILN_EXPR_NODE(Yield) ExprPtr value; /* may be null */ };
struct YieldFrom : Expr { KILN_EXPR_NODE(YieldFrom) ExprPtr value; };
struct Compare : Expr { KILN_EXPR_NODE(Compare) ExprPtr left; std::vector<CmpOpKind> ops; ExprList comparators; };
// args may contain Starred nodes (f(*xs)); keywords with empty name are **kw.
struct Call : Expr { KILN_EXPR_NODE(Call) ExprPtr func; ExprList args; std::vector<Keyword> keywords; };
// conversion: -1 none, 's', 'r', 'a'. format_spec is a JoinedStr or null.
struct FormattedValue : Expr { KILN_EXPR_NODE(FormattedValue) ExprPtr value; int conversion = -1; ExprPtr format_spec; };
// values are Constant(str) and FormattedValue nodes.
struct JoinedStr : Expr { KILN_EXPR_NODE(JoinedStr) ExprList values; };

enum class ConstKind : uint8_t { None, True, False, Ellipsis, Int, Float, Str };
struct Constant : Expr {
  KILN_EXPR_NODE(Constant)
  ConstKind ckind = ConstKind::None;
  int64_t i = 0;        // Int (literals beyond int64 are rejected by the lexer with OverflowError-like SyntaxError)
  double f = 0;         // Float
  std::string s;        // Str (UTF-8, escapes already decoded)
};
struct Attribute : Expr { KILN_EXPR_NODE(Attribute) ExprPtr value; std::string attr; ExprContext ctx = ExprContext::Load; };
// slice is any expression, a Slice node, or a Tuple possibly containing Slices.
struct Subscript : Expr { KILN_EXPR_NODE(Subscript) ExprPtr value, slice; ExprContext ctx = ExprContext::Load; };
struct Starred : Expr { KILN_EXPR_NODE(Starred) ExprPtr value; ExprContext ctx = ExprContext::Load; };
struct Name : Expr { KILN_EXPR_NODE(Name) std::string id; ExprContext ctx = ExprContext::Load; };
struct List : Expr { KILN_EXPR_NODE(List) ExprList elts; ExprContext ctx = ExprContext::Load; };
struct Tuple : Expr { KILN_EXPR_NODE(Tuple) ExprList elts; ExprContext ctx = ExprContext::Load; };
struct Slice : Expr { KILN_EXPR_NODE(Slice) ExprPtr lower, upper, step; /* each may be null */ };
#undef KILN_EXPR_NODE

// ---------------------------------------------------------------- statements
#define KILN_AST_STMTS(X)                                                      \
  X(FunctionDef) X(ClassDef) X(Return) X(Delete) X(Assign) X(AugAssign)       \
  X(AnnAssign) X(For) X(While) X(If) X(With) X(Raise) X(Try) X(Assert)        \
  X(Import) X(ImportFrom) X(Global) X(Nonlocal) X(ExprStmt) X(Pass) X(Break)  \
  X(Continue)

enum class StmtKind : uint8_t {
#define X(name) name,
  KILN_AST_STMTS(X)
#undef X
};

struct Stmt {
  StmtKind kind;
  Pos pos;
  explicit Stmt(StmtKind k, Pos p) : kind(k), pos(p) {}
  virtual ~Stmt() = default;
  template <class T> T& as() { return static_cast<T&>(*this); }
  template <class T> const T& as() const { return static_cast<const T&>(*this); }
};

struct ExceptHandler {
  ExprPtr type;          // null for a bare `except:`
  std::string name;      // empty if no `as name`
  StmtList body;
  Pos pos;
};
struct WithItem {
  ExprPtr context_expr;
  ExprPtr optional_vars;  // may be null
};
struct Alias {
  std::string name;       // dotted for `import a.b`
  std::string asname;     // empty if none
  Pos pos;
};

#define KILN_STMT_NODE(Name) \
  explicit Name(Pos p) : Stmt(StmtKind::Name, p) {}

struct FunctionDef : Stmt { KILN_STMT_NODE(FunctionDef) std::string name; Arguments args; StmtList body; ExprList decorator_list; ExprPtr returns; };
struct ClassDef : Stmt { KILN_STMT_NODE(ClassDef) std::string name; ExprList bases; std::vector<Keyword> keywords; StmtList body; ExprList decorator_list; };
struct Return : Stmt { KILN_STMT_NODE(Return) ExprPtr value; /* may be null */ };
struct Delete : Stmt { KILN_STMT_NODE(Delete) ExprList targets; };
// a = b = value  → targets {a, b}
struct Assign : Stmt { KILN_STMT_NODE(Assign) ExprList targets; ExprPtr value; };
struct AugAssign : Stmt { KILN_STMT_NODE(AugAssign) ExprPtr target; BinOpKind op{}; ExprPtr value; };
struct AnnAssign : Stmt { KILN_STMT_NODE(AnnAssign) ExprPtr target, annotation, value; /* value may be null */ bool simple = true; };
struct For : Stmt { KILN_STMT_NODE(For) ExprPtr target, iter; StmtList body, orelse; };
struct While : Stmt { KILN_STMT_NODE(While) ExprPtr test; StmtList body, orelse; };
struct If : Stmt { KILN_STMT_NODE(If) ExprPtr test; StmtList body, orelse; /* elif = orelse holding one If */ };
struct With : Stmt { KILN_STMT_NODE(With) std::vector<WithItem> items; StmtList body; };
struct Raise : Stmt { KILN_STMT_NODE(Raise) ExprPtr exc, cause; /* both may be null */ };
struct Try : Stmt { KILN_STMT_NODE(Try) StmtList body; std::vector<ExceptHandler> handlers; StmtList orelse, finalbody; };
struct Assert : Stmt { KILN_STMT_NODE(Assert) ExprPtr test, msg; };
struct Import : Stmt { KILN_STMT_NODE(Import) std::vector<Alias> names; };
// from module import names; level = number of leading dots; names = {"*"} for star import
struct ImportFrom : Stmt { KILN_STMT_NODE(ImportFrom) std::string module; std::vector<Alias> names; int level = 0; };
struct Global : Stmt { KILN_STMT_NODE(Global) std::vector<std::string> names; };
struct Nonlocal : Stmt { KILN_STMT_NODE(Nonlocal) std::vector<std::string> names; };
struct ExprStmt : Stmt { KILN_STMT_NODE(ExprStmt) ExprPtr value; };
struct Pass : Stmt { KILN_STMT_NODE(Pass) };
struct Break : Stmt { KILN_STMT_NODE(Break) };
struct Continue : Stmt { KILN_STMT_NODE(Continue) };
#undef KILN_STMT_NODE

struct Module {
  StmtList body;
};

// Names for diagnostics and dumps.
const char* expr_kind_name(ExprKind k);
const char* stmt_kind_name(StmtKind k);
const char* binop_symbol(BinOpKind k);
const char* binop_dunder(BinOpKind k);
const char* cmpop_symbol(CmpOpKind k);

// A CPython-`ast.dump`-like rendering, used by parser unit tests.
std::string dump(const Module& m);
std::string dump(const Expr& e);

}  // namespace kiln::vm::ast
