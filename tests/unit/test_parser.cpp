// tests/unit/test_parser.cpp — parser unit tests.
//
// Most expectations are CPython 3.11's own output: `ast.dump(ast.parse(src))`
// for valid programs and "Type: msg @line:offset" of the SyntaxError that
// `compile(src, 'x.py', 'exec')` raises for invalid ones, generated with
// python3 3.11.7 by:
//   def py(src):
//       try: compile(src, 'x.py', 'exec')
//       except SyntaxError as e:
//           return f"{type(e).__name__}: {e.msg} @{e.lineno}:{e.offset}"
//       return ast.dump(ast.parse(src))
// The rest cover what is Kiln's own: unsupported features
// (NotImplementedError), positions on nodes, nesting limits and fuzzer
// regressions.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "vm/ast.h"
#include "vm/parser.h"

using namespace kiln::vm;

namespace {

std::string parse(std::string_view src) {
  ParseError err;
  auto m = parse_module(src, &err);
  if (!m) return err.type + ": " + err.msg + " @" + std::to_string(err.line) + ":" + std::to_string(err.col);
  return ast::dump(*m);
}

ParseError parse_error(std::string_view src) {
  ParseError err;
  auto m = parse_module(src, &err);
  EXPECT_EQ(m, nullptr) << "expected a parse error for: " << src;
  return err;
}

const ast::Expr& first_expr(const ast::Module& m) {
  return *m.body.at(0)->as<ast::ExprStmt>().value;
}

}  // namespace

// ---------------------------------------------------------------- CPython parity

TEST(Parser, Assignments) {
  EXPECT_EQ(parse("x = 1\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value=1))], type_ignores=[])");
  EXPECT_EQ(parse("x = y = 2\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store()), Name(id='y', ctx=Store())], value=Constant(value=2))], type_ignores=[])");
  EXPECT_EQ(parse("a, b = b, a\n"),
            "Module(body=[Assign(targets=[Tuple(elts=[Name(id='a', ctx=Store()), Name(id='b', ctx=Store())], ctx=Store())], value=Tuple(elts=[Name(id='b', ctx=Load()), Name(id='a', ctx=Load())], ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("[a, *b] = c\n"),
            "Module(body=[Assign(targets=[List(elts=[Name(id='a', ctx=Store()), Starred(value=Name(id='b', ctx=Store()), ctx=Store())], ctx=Store())], value=Name(id='c', ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("a, = b\n"),
            "Module(body=[Assign(targets=[Tuple(elts=[Name(id='a', ctx=Store())], ctx=Store())], value=Name(id='b', ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("x.y -= 2\n"),
            "Module(body=[AugAssign(target=Attribute(value=Name(id='x', ctx=Load()), attr='y', ctx=Store()), op=Sub(), value=Constant(value=2))], type_ignores=[])");
  EXPECT_EQ(parse("x[0] **= 2\n"),
            "Module(body=[AugAssign(target=Subscript(value=Name(id='x', ctx=Load()), slice=Constant(value=0), ctx=Store()), op=Pow(), value=Constant(value=2))], type_ignores=[])");
  EXPECT_EQ(parse("x: int\n"),
            "Module(body=[AnnAssign(target=Name(id='x', ctx=Store()), annotation=Name(id='int', ctx=Load()), simple=1)], type_ignores=[])");
  EXPECT_EQ(parse("(x): int = 1\n"),
            "Module(body=[AnnAssign(target=Name(id='x', ctx=Store()), annotation=Name(id='int', ctx=Load()), value=Constant(value=1), simple=0)], type_ignores=[])");
  EXPECT_EQ(parse("a.b = c.d = 1\n"),
            "Module(body=[Assign(targets=[Attribute(value=Name(id='a', ctx=Load()), attr='b', ctx=Store()), Attribute(value=Name(id='c', ctx=Load()), attr='d', ctx=Store())], value=Constant(value=1))], type_ignores=[])");
}

TEST(Parser, IfWhileFor) {
  EXPECT_EQ(parse("if a:\n    pass\nelif b:\n    pass\nelse:\n    pass\n"),
            "Module(body=[If(test=Name(id='a', ctx=Load()), body=[Pass()], orelse=[If(test=Name(id='b', ctx=Load()), body=[Pass()], orelse=[Pass()])])], type_ignores=[])");
  EXPECT_EQ(parse("while x:\n    break\nelse:\n    pass\n"),
            "Module(body=[While(test=Name(id='x', ctx=Load()), body=[Break()], orelse=[Pass()])], type_ignores=[])");
  EXPECT_EQ(parse("for i in range(10):\n    continue\nelse:\n    pass\n"),
            "Module(body=[For(target=Name(id='i', ctx=Store()), iter=Call(func=Name(id='range', ctx=Load()), args=[Constant(value=10)], keywords=[]), body=[Continue()], orelse=[Pass()])], type_ignores=[])");
  EXPECT_EQ(parse("for (a, b), *c in d: pass\n"),
            "Module(body=[For(target=Tuple(elts=[Tuple(elts=[Name(id='a', ctx=Store()), Name(id='b', ctx=Store())], ctx=Store()), Starred(value=Name(id='c', ctx=Store()), ctx=Store())], ctx=Store()), iter=Name(id='d', ctx=Load()), body=[Pass()], orelse=[])], type_ignores=[])");
}

TEST(Parser, FunctionDefs) {
  EXPECT_EQ(parse("def f(a, b=1, *args, c, d=2, **kw):\n    return a\n"),
            "Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[arg(arg='a'), arg(arg='b')], vararg=arg(arg='args'), kwonlyargs=[arg(arg='c'), arg(arg='d')], kw_defaults=[None, Constant(value=2)], kwarg=arg(arg='kw'), defaults=[Constant(value=1)]), body=[Return(value=Name(id='a', ctx=Load()))], decorator_list=[])], type_ignores=[])");
  EXPECT_EQ(parse("def f(a, /, b):\n    pass\n"),
            "Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[arg(arg='a')], args=[arg(arg='b')], kwonlyargs=[], kw_defaults=[], defaults=[]), body=[Pass()], decorator_list=[])], type_ignores=[])");
  EXPECT_EQ(parse("def f(*, a): pass\n"),
            "Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[], kwonlyargs=[arg(arg='a')], kw_defaults=[None], defaults=[]), body=[Pass()], decorator_list=[])], type_ignores=[])");
  EXPECT_EQ(parse("def f(a: int, b: 'str' = 'x') -> None: pass\n"),
            "Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[arg(arg='a', annotation=Name(id='int', ctx=Load())), arg(arg='b', annotation=Constant(value='str'))], kwonlyargs=[], kw_defaults=[], defaults=[Constant(value='x')]), body=[Pass()], decorator_list=[], returns=Constant(value=None))], type_ignores=[])");
  EXPECT_EQ(parse("@dec\n@dec2(1)\ndef f(): pass\n"),
            "Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=[Pass()], decorator_list=[Name(id='dec', ctx=Load()), Call(func=Name(id='dec2', ctx=Load()), args=[Constant(value=1)], keywords=[])])], type_ignores=[])");
}

TEST(Parser, ClassDefs) {
  EXPECT_EQ(parse("class A(B, C, metaclass=M):\n    x = 1\n    def m(self): return self.x\n"),
            "Module(body=[ClassDef(name='A', bases=[Name(id='B', ctx=Load()), Name(id='C', ctx=Load())], keywords=[keyword(arg='metaclass', value=Name(id='M', ctx=Load()))], body=[Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value=1)), FunctionDef(name='m', args=arguments(posonlyargs=[], args=[arg(arg='self')], kwonlyargs=[], kw_defaults=[], defaults=[]), body=[Return(value=Attribute(value=Name(id='self', ctx=Load()), attr='x', ctx=Load()))], decorator_list=[])], decorator_list=[])], type_ignores=[])");
  EXPECT_EQ(parse("@a.b\nclass C: pass\n"),
            "Module(body=[ClassDef(name='C', bases=[], keywords=[], body=[Pass()], decorator_list=[Attribute(value=Name(id='a', ctx=Load()), attr='b', ctx=Load())])], type_ignores=[])");
}

TEST(Parser, TryRaise) {
  EXPECT_EQ(parse("try:\n    pass\nexcept E as e:\n    pass\nexcept (A, B):\n    pass\nexcept:\n    pass\nelse:\n    pass\nfinally:\n    pass\n"),
            "Module(body=[Try(body=[Pass()], handlers=[ExceptHandler(type=Name(id='E', ctx=Load()), name='e', body=[Pass()]), ExceptHandler(type=Tuple(elts=[Name(id='A', ctx=Load()), Name(id='B', ctx=Load())], ctx=Load()), body=[Pass()]), ExceptHandler(body=[Pass()])], orelse=[Pass()], finalbody=[Pass()])], type_ignores=[])");
  EXPECT_EQ(parse("try:\n    pass\nfinally:\n    pass\n"),
            "Module(body=[Try(body=[Pass()], handlers=[], orelse=[], finalbody=[Pass()])], type_ignores=[])");
  EXPECT_EQ(parse("raise\n"),
            "Module(body=[Raise()], type_ignores=[])");
  EXPECT_EQ(parse("raise X from Y\n"),
            "Module(body=[Raise(exc=Name(id='X', ctx=Load()), cause=Name(id='Y', ctx=Load()))], type_ignores=[])");
}

TEST(Parser, WithStatements) {
  EXPECT_EQ(parse("with a as b, c as d: pass\n"),
            "Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Name(id='b', ctx=Store())), withitem(context_expr=Name(id='c', ctx=Load()), optional_vars=Name(id='d', ctx=Store()))], body=[Pass()])], type_ignores=[])");
  EXPECT_EQ(parse("with (a as b, c): pass\n"),
            "Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Name(id='b', ctx=Store())), withitem(context_expr=Name(id='c', ctx=Load()))], body=[Pass()])], type_ignores=[])");
  EXPECT_EQ(parse("with (a, b) as c: pass\n"),
            "Module(body=[With(items=[withitem(context_expr=Tuple(elts=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()), optional_vars=Name(id='c', ctx=Store()))], body=[Pass()])], type_ignores=[])");
  EXPECT_EQ(parse("with a as (b, c): pass\n"),
            "Module(body=[With(items=[withitem(context_expr=Name(id='a', ctx=Load()), optional_vars=Tuple(elts=[Name(id='b', ctx=Store()), Name(id='c', ctx=Store())], ctx=Store()))], body=[Pass()])], type_ignores=[])");
}

TEST(Parser, SmallStatements) {
  EXPECT_EQ(parse("assert x, y\n"),
            "Module(body=[Assert(test=Name(id='x', ctx=Load()), msg=Name(id='y', ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("del a, b[1], c.d\n"),
            "Module(body=[Delete(targets=[Name(id='a', ctx=Del()), Subscript(value=Name(id='b', ctx=Load()), slice=Constant(value=1), ctx=Del()), Attribute(value=Name(id='c', ctx=Load()), attr='d', ctx=Del())])], type_ignores=[])");
  EXPECT_EQ(parse("global a, b\n"),
            "Module(body=[Global(names=['a', 'b'])], type_ignores=[])");
  EXPECT_EQ(parse("def f():\n    x = 1\n    def g():\n        nonlocal x\n"),
            "Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=[Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value=1)), FunctionDef(name='g', args=arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=[Nonlocal(names=['x'])], decorator_list=[])], decorator_list=[])], type_ignores=[])");
  EXPECT_EQ(parse("x = 1; y = 2\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value=1)), Assign(targets=[Name(id='y', ctx=Store())], value=Constant(value=2))], type_ignores=[])");
  EXPECT_EQ(parse("pass\n"),
            "Module(body=[Pass()], type_ignores=[])");
}

TEST(Parser, Imports) {
  EXPECT_EQ(parse("import a.b.c as d, e\n"),
            "Module(body=[Import(names=[alias(name='a.b.c', asname='d'), alias(name='e')])], type_ignores=[])");
  EXPECT_EQ(parse("from a.b import c as d, e\n"),
            "Module(body=[ImportFrom(module='a.b', names=[alias(name='c', asname='d'), alias(name='e')], level=0)], type_ignores=[])");
  EXPECT_EQ(parse("from . import x\n"),
            "Module(body=[ImportFrom(names=[alias(name='x')], level=1)], type_ignores=[])");
  EXPECT_EQ(parse("from ...a import x\n"),
            "Module(body=[ImportFrom(module='a', names=[alias(name='x')], level=3)], type_ignores=[])");
  EXPECT_EQ(parse("from x import *\n"),
            "Module(body=[ImportFrom(module='x', names=[alias(name='*')], level=0)], type_ignores=[])");
  EXPECT_EQ(parse("from x import (a, b,)\n"),
            "Module(body=[ImportFrom(module='x', names=[alias(name='a'), alias(name='b')], level=0)], type_ignores=[])");
}

TEST(Parser, Generators) {
  EXPECT_EQ(parse("def g():\n    yield\n    yield 1, 2\n    x = yield\n    yield from a\n"),
            "Module(body=[FunctionDef(name='g', args=arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=[Expr(value=Yield()), Expr(value=Yield(value=Tuple(elts=[Constant(value=1), Constant(value=2)], ctx=Load()))), Assign(targets=[Name(id='x', ctx=Store())], value=Yield()), Expr(value=YieldFrom(value=Name(id='a', ctx=Load())))], decorator_list=[])], type_ignores=[])");
  EXPECT_EQ(parse("f(i for i in y if i if j for k in i)\n"),
            "Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[GeneratorExp(elt=Name(id='i', ctx=Load()), generators=[comprehension(target=Name(id='i', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[Name(id='i', ctx=Load()), Name(id='j', ctx=Load())], is_async=0), comprehension(target=Name(id='k', ctx=Store()), iter=Name(id='i', ctx=Load()), ifs=[], is_async=0)])], keywords=[]))], type_ignores=[])");
  EXPECT_EQ(parse("x = (i for i in y)\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=GeneratorExp(elt=Name(id='i', ctx=Load()), generators=[comprehension(target=Name(id='i', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[], is_async=0)]))], type_ignores=[])");
}

TEST(Parser, Comprehensions) {
  EXPECT_EQ(parse("[i for i in y]\n"),
            "Module(body=[Expr(value=ListComp(elt=Name(id='i', ctx=Load()), generators=[comprehension(target=Name(id='i', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[], is_async=0)]))], type_ignores=[])");
  EXPECT_EQ(parse("{i for i in y}\n"),
            "Module(body=[Expr(value=SetComp(elt=Name(id='i', ctx=Load()), generators=[comprehension(target=Name(id='i', ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[], is_async=0)]))], type_ignores=[])");
  EXPECT_EQ(parse("{k: v for k, v in y}\n"),
            "Module(body=[Expr(value=DictComp(key=Name(id='k', ctx=Load()), value=Name(id='v', ctx=Load()), generators=[comprehension(target=Tuple(elts=[Name(id='k', ctx=Store()), Name(id='v', ctx=Store())], ctx=Store()), iter=Name(id='y', ctx=Load()), ifs=[], is_async=0)]))], type_ignores=[])");
  EXPECT_EQ(parse("[(x, y) for x in a for y in b if x]\n"),
            "Module(body=[Expr(value=ListComp(elt=Tuple(elts=[Name(id='x', ctx=Load()), Name(id='y', ctx=Load())], ctx=Load()), generators=[comprehension(target=Name(id='x', ctx=Store()), iter=Name(id='a', ctx=Load()), ifs=[], is_async=0), comprehension(target=Name(id='y', ctx=Store()), iter=Name(id='b', ctx=Load()), ifs=[Name(id='x', ctx=Load())], is_async=0)]))], type_ignores=[])");
}

TEST(Parser, Lambdas) {
  EXPECT_EQ(parse("x = lambda: 0\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Lambda(args=arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=Constant(value=0)))], type_ignores=[])");
  EXPECT_EQ(parse("x = lambda a, b=1, *c, d, e=2, **f: a\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Lambda(args=arguments(posonlyargs=[], args=[arg(arg='a'), arg(arg='b')], vararg=arg(arg='c'), kwonlyargs=[arg(arg='d'), arg(arg='e')], kw_defaults=[None, Constant(value=2)], kwarg=arg(arg='f'), defaults=[Constant(value=1)]), body=Name(id='a', ctx=Load())))], type_ignores=[])");
  EXPECT_EQ(parse("x = lambda a, /, b: a\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Lambda(args=arguments(posonlyargs=[arg(arg='a')], args=[arg(arg='b')], kwonlyargs=[], kw_defaults=[], defaults=[]), body=Name(id='a', ctx=Load())))], type_ignores=[])");
}

TEST(Parser, Precedence) {
  EXPECT_EQ(parse("a | b ^ c & d << e >> f + g - h * i / j // k % l @ m\n"),
            "Module(body=[Expr(value=BinOp(left=Name(id='a', ctx=Load()), op=BitOr(), right=BinOp(left=Name(id='b', ctx=Load()), op=BitXor(), right=BinOp(left=Name(id='c', ctx=Load()), op=BitAnd(), right=BinOp(left=BinOp(left=Name(id='d', ctx=Load()), op=LShift(), right=Name(id='e', ctx=Load())), op=RShift(), right=BinOp(left=BinOp(left=Name(id='f', ctx=Load()), op=Add(), right=Name(id='g', ctx=Load())), op=Sub(), right=BinOp(left=BinOp(left=BinOp(left=BinOp(left=BinOp(left=Name(id='h', ctx=Load()), op=Mult(), right=Name(id='i', ctx=Load())), op=Div(), right=Name(id='j', ctx=Load())), op=FloorDiv(), right=Name(id='k', ctx=Load())), op=Mod(), right=Name(id='l', ctx=Load())), op=MatMult(), right=Name(id='m', ctx=Load()))))))))], type_ignores=[])");
  EXPECT_EQ(parse("-a ** -b\n"),
            "Module(body=[Expr(value=UnaryOp(op=USub(), operand=BinOp(left=Name(id='a', ctx=Load()), op=Pow(), right=UnaryOp(op=USub(), operand=Name(id='b', ctx=Load())))))], type_ignores=[])");
  EXPECT_EQ(parse("a ** b ** c\n"),
            "Module(body=[Expr(value=BinOp(left=Name(id='a', ctx=Load()), op=Pow(), right=BinOp(left=Name(id='b', ctx=Load()), op=Pow(), right=Name(id='c', ctx=Load()))))], type_ignores=[])");
  EXPECT_EQ(parse("(a + b) * c\n"),
            "Module(body=[Expr(value=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=Add(), right=Name(id='b', ctx=Load())), op=Mult(), right=Name(id='c', ctx=Load())))], type_ignores=[])");
  EXPECT_EQ(parse("a - b - c\n"),
            "Module(body=[Expr(value=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=Sub(), right=Name(id='b', ctx=Load())), op=Sub(), right=Name(id='c', ctx=Load())))], type_ignores=[])");
  EXPECT_EQ(parse("not a == b\n"),
            "Module(body=[Expr(value=UnaryOp(op=Not(), operand=Compare(left=Name(id='a', ctx=Load()), ops=[Eq()], comparators=[Name(id='b', ctx=Load())])))], type_ignores=[])");
  EXPECT_EQ(parse("a and b or c and d\n"),
            "Module(body=[Expr(value=BoolOp(op=Or(), values=[BoolOp(op=And(), values=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())]), BoolOp(op=And(), values=[Name(id='c', ctx=Load()), Name(id='d', ctx=Load())])]))], type_ignores=[])");
  EXPECT_EQ(parse("x = a if b else c if d else e\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=IfExp(test=Name(id='b', ctx=Load()), body=Name(id='a', ctx=Load()), orelse=IfExp(test=Name(id='d', ctx=Load()), body=Name(id='c', ctx=Load()), orelse=Name(id='e', ctx=Load()))))], type_ignores=[])");
  EXPECT_EQ(parse("~a + +b\n"),
            "Module(body=[Expr(value=BinOp(left=UnaryOp(op=Invert(), operand=Name(id='a', ctx=Load())), op=Add(), right=UnaryOp(op=UAdd(), operand=Name(id='b', ctx=Load()))))], type_ignores=[])");
}

TEST(Parser, Comparisons) {
  EXPECT_EQ(parse("a < b <= c > d >= e == f != g\n"),
            "Module(body=[Expr(value=Compare(left=Name(id='a', ctx=Load()), ops=[Lt(), LtE(), Gt(), GtE(), Eq(), NotEq()], comparators=[Name(id='b', ctx=Load()), Name(id='c', ctx=Load()), Name(id='d', ctx=Load()), Name(id='e', ctx=Load()), Name(id='f', ctx=Load()), Name(id='g', ctx=Load())]))], type_ignores=[])");
  EXPECT_EQ(parse("a is b is not c\n"),
            "Module(body=[Expr(value=Compare(left=Name(id='a', ctx=Load()), ops=[Is(), IsNot()], comparators=[Name(id='b', ctx=Load()), Name(id='c', ctx=Load())]))], type_ignores=[])");
  EXPECT_EQ(parse("a in b not in c\n"),
            "Module(body=[Expr(value=Compare(left=Name(id='a', ctx=Load()), ops=[In(), NotIn()], comparators=[Name(id='b', ctx=Load()), Name(id='c', ctx=Load())]))], type_ignores=[])");
}

TEST(Parser, Primaries) {
  EXPECT_EQ(parse("a.b.c(d)[e]\n"),
            "Module(body=[Expr(value=Subscript(value=Call(func=Attribute(value=Attribute(value=Name(id='a', ctx=Load()), attr='b', ctx=Load()), attr='c', ctx=Load()), args=[Name(id='d', ctx=Load())], keywords=[]), slice=Name(id='e', ctx=Load()), ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("a[1:2, ::3, ...]\n"),
            "Module(body=[Expr(value=Subscript(value=Name(id='a', ctx=Load()), slice=Tuple(elts=[Slice(lower=Constant(value=1), upper=Constant(value=2)), Slice(step=Constant(value=3)), Constant(value=Ellipsis)], ctx=Load()), ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("a[:]\n"),
            "Module(body=[Expr(value=Subscript(value=Name(id='a', ctx=Load()), slice=Slice(), ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("a[1:]\n"),
            "Module(body=[Expr(value=Subscript(value=Name(id='a', ctx=Load()), slice=Slice(lower=Constant(value=1)), ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("a[*b]\n"),
            "Module(body=[Expr(value=Subscript(value=Name(id='a', ctx=Load()), slice=Tuple(elts=[Starred(value=Name(id='b', ctx=Load()), ctx=Load())], ctx=Load()), ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("a[b:=1]\n"),
            "Module(body=[Expr(value=Subscript(value=Name(id='a', ctx=Load()), slice=NamedExpr(target=Name(id='b', ctx=Store()), value=Constant(value=1)), ctx=Load()))], type_ignores=[])");
}

TEST(Parser, Displays) {
  EXPECT_EQ(parse("{}\n"),
            "Module(body=[Expr(value=Dict(keys=[], values=[]))], type_ignores=[])");
  EXPECT_EQ(parse("{1: 2, **a}\n"),
            "Module(body=[Expr(value=Dict(keys=[Constant(value=1), None], values=[Constant(value=2), Name(id='a', ctx=Load())]))], type_ignores=[])");
  EXPECT_EQ(parse("{*a, 1}\n"),
            "Module(body=[Expr(value=Set(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Constant(value=1)]))], type_ignores=[])");
  EXPECT_EQ(parse("[1, 2,]\n"),
            "Module(body=[Expr(value=List(elts=[Constant(value=1), Constant(value=2)], ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("()\n"),
            "Module(body=[Expr(value=Tuple(elts=[], ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("(1,)\n"),
            "Module(body=[Expr(value=Tuple(elts=[Constant(value=1)], ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("(*a, b)\n"),
            "Module(body=[Expr(value=Tuple(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("x = *a, b\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Tuple(elts=[Starred(value=Name(id='a', ctx=Load()), ctx=Load()), Name(id='b', ctx=Load())], ctx=Load()))], type_ignores=[])");
}

TEST(Parser, Calls) {
  EXPECT_EQ(parse("f(a, *b, c, d=1, *e, **f, g=2)\n"),
            "Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[Name(id='a', ctx=Load()), Starred(value=Name(id='b', ctx=Load()), ctx=Load()), Name(id='c', ctx=Load()), Starred(value=Name(id='e', ctx=Load()), ctx=Load())], keywords=[keyword(arg='d', value=Constant(value=1)), keyword(value=Name(id='f', ctx=Load())), keyword(arg='g', value=Constant(value=2))]))], type_ignores=[])");
  EXPECT_EQ(parse("f(a,)\n"),
            "Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[Name(id='a', ctx=Load())], keywords=[]))], type_ignores=[])");
  EXPECT_EQ(parse("f(x := 1)\n"),
            "Module(body=[Expr(value=Call(func=Name(id='f', ctx=Load()), args=[NamedExpr(target=Name(id='x', ctx=Store()), value=Constant(value=1))], keywords=[]))], type_ignores=[])");
  EXPECT_EQ(parse("if (n := 10) > 5: pass\n"),
            "Module(body=[If(test=Compare(left=NamedExpr(target=Name(id='n', ctx=Store()), value=Constant(value=10)), ops=[Gt()], comparators=[Constant(value=5)]), body=[Pass()], orelse=[])], type_ignores=[])");
}

TEST(Parser, Numbers) {
  EXPECT_EQ(parse("x = 0x1f, 0o17, 0b101, 1_000_000, 1e10, 1.5e-3, 1., .5, 1_000.5, 00\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Tuple(elts=[Constant(value=31), Constant(value=15), Constant(value=5), Constant(value=1000000), Constant(value=10000000000.0), Constant(value=0.0015), Constant(value=1.0), Constant(value=0.5), Constant(value=1000.5), Constant(value=0)], ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("x = 9223372036854775807\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Constant(value=9223372036854775807))], type_ignores=[])");
  EXPECT_EQ(parse("x = 1e400, 5e-324, 0.1, 1e16, 1e-5, 123456789012345678.0\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=Tuple(elts=[Constant(value=inf), Constant(value=5e-324), Constant(value=0.1), Constant(value=1e+16), Constant(value=1e-05), Constant(value=1.2345678901234568e+17)], ctx=Load()))], type_ignores=[])");
}

TEST(Parser, Strings) {
  EXPECT_EQ(parse("'a' 'b'\n"),
            "Module(body=[Expr(value=Constant(value='ab'))], type_ignores=[])");
  EXPECT_EQ(parse("r'\\n' R'\\d'\n"),
            "Module(body=[Expr(value=Constant(value='\\\\n\\\\d'))], type_ignores=[])");
  EXPECT_EQ(parse("'\\n\\t\\\\\\'\\\"'\n"),
            "Module(body=[Expr(value=Constant(value='\\n\\t\\\\\\'\"'))], type_ignores=[])");
  EXPECT_EQ(parse("'\\x41\\u00e9\\U0001F600'\n"),
            "Module(body=[Expr(value=Constant(value='Aé😀'))], type_ignores=[])");
  EXPECT_EQ(parse("'\\101\\0\\777'\n"),
            "Module(body=[Expr(value=Constant(value='A\\x00ǿ'))], type_ignores=[])");
  EXPECT_EQ(parse("'\\q'\n"),
            "Module(body=[Expr(value=Constant(value='\\\\q'))], type_ignores=[])");
  EXPECT_EQ(parse("'a\\\nb'\n"),
            "Module(body=[Expr(value=Constant(value='ab'))], type_ignores=[])");
  EXPECT_EQ(parse("'''a'b\"c'''\n"),
            "Module(body=[Expr(value=Constant(value='a\\'b\"c'))], type_ignores=[])");
  EXPECT_EQ(parse("'\\x01\\x7f\\xa0\\u2028'\n"),
            "Module(body=[Expr(value=Constant(value='\\x01\\x7f\\xa0\\u2028'))], type_ignores=[])");
}

TEST(Parser, FStrings) {
  EXPECT_EQ(parse("f'{x}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load()), conversion=-1)]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{x!r}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load()), conversion=114)]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{x!s:>10}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load()), conversion=115, format_spec=JoinedStr(values=[Constant(value='>10')]))]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{x:{w}.{p}}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load()), conversion=-1, format_spec=JoinedStr(values=[FormattedValue(value=Name(id='w', ctx=Load()), conversion=-1), Constant(value='.'), FormattedValue(value=Name(id='p', ctx=Load()), conversion=-1)]))]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{x=}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[Constant(value='x='), FormattedValue(value=Name(id='x', ctx=Load()), conversion=114)]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{ x = !s:>{w}}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[Constant(value=' x = '), FormattedValue(value=Name(id='x', ctx=Load()), conversion=115, format_spec=JoinedStr(values=[Constant(value='>'), FormattedValue(value=Name(id='w', ctx=Load()), conversion=-1)]))]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{{}}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[Constant(value='{}')]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{{{x}}}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[Constant(value='{'), FormattedValue(value=Name(id='x', ctx=Load()), conversion=-1), Constant(value='}')]))], type_ignores=[])");
  EXPECT_EQ(parse("f'a{x!r:{y}.{z}}b' 'c'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[Constant(value='a'), FormattedValue(value=Name(id='x', ctx=Load()), conversion=114, format_spec=JoinedStr(values=[FormattedValue(value=Name(id='y', ctx=Load()), conversion=-1), Constant(value='.'), FormattedValue(value=Name(id='z', ctx=Load()), conversion=-1)])), Constant(value='bc')]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{\"a\"}' f\"{'b'}\"\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Constant(value='a'), conversion=-1), FormattedValue(value=Constant(value='b'), conversion=-1)]))], type_ignores=[])");
  EXPECT_EQ(parse("rf'\\n{x}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[Constant(value='\\\\n'), FormattedValue(value=Name(id='x', ctx=Load()), conversion=-1)]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{x:}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load()), conversion=-1, format_spec=JoinedStr(values=[]))]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{x,y}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Tuple(elts=[Name(id='x', ctx=Load()), Name(id='y', ctx=Load())], ctx=Load()), conversion=-1)]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{x!=y}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Compare(left=Name(id='x', ctx=Load()), ops=[NotEq()], comparators=[Name(id='y', ctx=Load())]), conversion=-1)]))], type_ignores=[])");
  EXPECT_EQ(parse("'a' f''\n"),
            "Module(body=[Expr(value=JoinedStr(values=[Constant(value='a')]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{f\"{x}\"}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load()), conversion=-1)]), conversion=-1)]))], type_ignores=[])");
  EXPECT_EQ(parse("f'''{\nx\n}'''\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load()), conversion=-1)]))], type_ignores=[])");
  EXPECT_EQ(parse("f'{x:\\n}'\n"),
            "Module(body=[Expr(value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load()), conversion=-1, format_spec=JoinedStr(values=[Constant(value='\\n')]))]))], type_ignores=[])");
}

TEST(Parser, Layout) {
  EXPECT_EQ(parse("x = (1 +\n 2)\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=BinOp(left=Constant(value=1), op=Add(), right=Constant(value=2)))], type_ignores=[])");
  EXPECT_EQ(parse("x = [\n1,\n2,\n]\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=List(elts=[Constant(value=1), Constant(value=2)], ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse("x = 1 + \\\n 2\n"),
            "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], value=BinOp(left=Constant(value=1), op=Add(), right=Constant(value=2)))], type_ignores=[])");
  EXPECT_EQ(parse("if x:\n    # comment\n\n    pass\n"),
            "Module(body=[If(test=Name(id='x', ctx=Load()), body=[Pass()], orelse=[])], type_ignores=[])");
  EXPECT_EQ(parse("if x:\n\tpass\n"),
            "Module(body=[If(test=Name(id='x', ctx=Load()), body=[Pass()], orelse=[])], type_ignores=[])");
  EXPECT_EQ(parse("if x:\n    if y:\n        pass\n    z\n"),
            "Module(body=[If(test=Name(id='x', ctx=Load()), body=[If(test=Name(id='y', ctx=Load()), body=[Pass()], orelse=[]), Expr(value=Name(id='z', ctx=Load()))], orelse=[])], type_ignores=[])");
  EXPECT_EQ(parse("x"),
            "Module(body=[Expr(value=Name(id='x', ctx=Load()))], type_ignores=[])");
  EXPECT_EQ(parse(""),
            "Module(body=[], type_ignores=[])");
  EXPECT_EQ(parse("# only\n"),
            "Module(body=[], type_ignores=[])");
}

TEST(Parser, TargetErrors) {
  EXPECT_EQ(parse("f() = 1\n"),
            "SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='? @1:1");
  EXPECT_EQ(parse("a + 1 = 2\n"),
            "SyntaxError: cannot assign to expression here. Maybe you meant '==' instead of '='? @1:1");
  EXPECT_EQ(parse("(a, b()) = 1\n"),
            "SyntaxError: cannot assign to function call @1:5");
  EXPECT_EQ(parse("del f()\n"),
            "SyntaxError: cannot delete function call @1:5");
  EXPECT_EQ(parse("f() += 1\n"),
            "SyntaxError: 'function call' is an illegal expression for augmented assignment @1:1");
  EXPECT_EQ(parse("[x for x in y] = 1\n"),
            "SyntaxError: cannot assign to list comprehension here. Maybe you meant '==' instead of '='? @1:1");
  EXPECT_EQ(parse("x = yield = 1\n"),
            "SyntaxError: assignment to yield expression not possible @1:5");
  EXPECT_EQ(parse("None = 1\n"),
            "SyntaxError: cannot assign to None @1:1");
  EXPECT_EQ(parse("f() = x = 1\n"),
            "SyntaxError: cannot assign to function call @1:1");
  EXPECT_EQ(parse("a < b = 1\n"),
            "SyntaxError: cannot assign to comparison @1:1");
  EXPECT_EQ(parse("a, b += 1\n"),
            "SyntaxError: 'tuple' is an illegal expression for augmented assignment @1:1");
  EXPECT_EQ(parse("[x]: int\n"),
            "SyntaxError: only single target (not list) can be annotated @1:1");
  EXPECT_EQ(parse("x + 1: int\n"),
            "SyntaxError: illegal target for annotation @1:1");
  EXPECT_EQ(parse("a, b: int\n"),
            "SyntaxError: only single target (not tuple) can be annotated @1:1");
  EXPECT_EQ(parse("del (a + b)\n"),
            "SyntaxError: cannot delete expression @1:6");
  EXPECT_EQ(parse("for f() in x: pass\n"),
            "SyntaxError: cannot assign to function call @1:5");
  EXPECT_EQ(parse("with open(x) as f(): pass\n"),
            "SyntaxError: cannot assign to function call @1:17");
  EXPECT_EQ(parse("f(True=1)\n"),
            "SyntaxError: cannot assign to True @1:3");
  EXPECT_EQ(parse("f(a.b=1)\n"),
            "SyntaxError: expression cannot contain assignment, perhaps you meant \"==\"? @1:3");
}

TEST(Parser, SyntaxErrorMessages) {
  EXPECT_EQ(parse("x = 1 2\n"),
            "SyntaxError: invalid syntax @1:7");
  EXPECT_EQ(parse("x = 1 +\n"),
            "SyntaxError: invalid syntax @1:8");
  EXPECT_EQ(parse("if x\n  pass\n"),
            "SyntaxError: expected ':' @1:5");
  EXPECT_EQ(parse("while x pass\n"),
            "SyntaxError: invalid syntax @1:9");
  EXPECT_EQ(parse("x = 1 if 2\n"),
            "SyntaxError: expected 'else' after 'if' expression @1:5");
  EXPECT_EQ(parse("print 'hi'\n"),
            "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)? @1:1");
  EXPECT_EQ(parse("print(1 2)\n"),
            "SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:7");
  EXPECT_EQ(parse("[a b]\n"),
            "SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:2");
  EXPECT_EQ(parse("if x = 1: pass\n"),
            "SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead of '='? @1:4");
  EXPECT_EQ(parse("x = {1: 2, 3}\n"),
            "SyntaxError: ':' expected after dictionary key @1:12");
  EXPECT_EQ(parse("x = {1:}\n"),
            "SyntaxError: expression expected after dictionary key and ':' @1:7");
  EXPECT_EQ(parse("x = {1: *a}\n"),
            "SyntaxError: cannot use a starred expression in a dictionary value @1:9");
  EXPECT_EQ(parse("a.1\n"),
            "SyntaxError: invalid syntax @1:2");
  EXPECT_EQ(parse("try:\n  pass\nx=1\n"),
            "SyntaxError: expected 'except' or 'finally' block @3:1");
  EXPECT_EQ(parse("from x import a, b,\n"),
            "SyntaxError: trailing comma not allowed without surrounding parentheses @1:20");
  EXPECT_EQ(parse("else:\n  pass\n"),
            "SyntaxError: invalid syntax @1:1");
  EXPECT_EQ(parse("x := 1\n"),
            "SyntaxError: invalid syntax @1:3");
  EXPECT_EQ(parse("a = 1; ; b\n"),
            "SyntaxError: invalid syntax @1:8");
}

TEST(Parser, ArgumentErrors) {
  EXPECT_EQ(parse("def f(a=1, b):\n pass\n"),
            "SyntaxError: non-default argument follows default argument @1:12");
  EXPECT_EQ(parse("f(a=1, b)\n"),
            "SyntaxError: positional argument follows keyword argument @1:9");
  EXPECT_EQ(parse("f(**a, *b)\n"),
            "SyntaxError: iterable argument unpacking follows keyword argument unpacking @1:8");
  EXPECT_EQ(parse("f(**k, a)\n"),
            "SyntaxError: positional argument follows keyword argument unpacking @1:9");
  EXPECT_EQ(parse("f(x for x in y, 1)\n"),
            "SyntaxError: Generator expression must be parenthesized @1:3");
  EXPECT_EQ(parse("def f(*): pass\n"),
            "SyntaxError: named arguments must follow bare * @1:7");
  EXPECT_EQ(parse("def f(a, a): pass\n"),
            "SyntaxError: duplicate argument 'a' in function definition @1:10");
  EXPECT_EQ(parse("def f(**k, a): pass\n"),
            "SyntaxError: arguments cannot follow var-keyword argument @1:12");
  EXPECT_EQ(parse("def f(/, a): pass\n"),
            "SyntaxError: at least one argument must precede / @1:7");
  EXPECT_EQ(parse("def f(*a=1): pass\n"),
            "SyntaxError: var-positional argument cannot have default value @1:9");
  EXPECT_EQ(parse("def f(a, /, b, /): pass\n"),
            "SyntaxError: / may appear only once @1:16");
  EXPECT_EQ(parse("lambda x=1, y: 0\n"),
            "SyntaxError: non-default argument follows default argument @1:13");
  EXPECT_EQ(parse("f(a=1, a=2)\n"),
            "SyntaxError: keyword argument repeated: a @1:8");
}

TEST(Parser, IndentationErrors) {
  EXPECT_EQ(parse("if x:\npass\n"),
            "IndentationError: expected an indented block after 'if' statement on line 1 @2:1");
  EXPECT_EQ(parse("if x:\n  a\n b\n"),
            "IndentationError: unindent does not match any outer indentation level @3:3");
  EXPECT_EQ(parse(" x\n"),
            "IndentationError: unexpected indent @1:1");
  EXPECT_EQ(parse("x = 1\n  y = 2\n"),
            "IndentationError: unexpected indent @2:2");
  EXPECT_EQ(parse("if 1:\n        x\n\ty\n"),
            "TabError: inconsistent use of tabs and spaces in indentation @3:1");
  EXPECT_EQ(parse("def f():\n    x\n"),
            "Module(body=[FunctionDef(name='f', args=arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=[Expr(value=Name(id='x', ctx=Load()))], decorator_list=[])], type_ignores=[])");
  EXPECT_EQ(parse("class A:\n  x = 1\n   y = 2\n"),
            "IndentationError: unexpected indent @3:3");
  EXPECT_EQ(parse("for x in y:\npass\n"),
            "IndentationError: expected an indented block after 'for' statement on line 1 @2:1");
}

TEST(Parser, LexicalErrors) {
  EXPECT_EQ(parse("x = (1,\n"),
            "SyntaxError: '(' was never closed @1:5");
  EXPECT_EQ(parse("foo(1, 2\nbar = 3\n"),
            "SyntaxError: '(' was never closed @1:4");
  EXPECT_EQ(parse("x = )\n"),
            "SyntaxError: unmatched ')' @1:5");
  EXPECT_EQ(parse("x = [1, 2)\n"),
            "SyntaxError: closing parenthesis ')' does not match opening parenthesis '[' @1:10");
  EXPECT_EQ(parse("x = [1,\n 2)\n"),
            "SyntaxError: closing parenthesis ')' does not match opening parenthesis '[' on line 1 @2:3");
  EXPECT_EQ(parse("x = 'abc\n"),
            "SyntaxError: unterminated string literal (detected at line 1) @1:5");
  EXPECT_EQ(parse("x = '''abc\n\n"),
            "SyntaxError: unterminated triple-quoted string literal (detected at line 2) @1:5");
  EXPECT_EQ(parse("x = = 1\ny = 'abc\n"),
            "SyntaxError: unterminated string literal (detected at line 2) @2:5");
  EXPECT_EQ(parse("012\n"),
            "SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers @1:1");
  EXPECT_EQ(parse("1__0\n"),
            "SyntaxError: invalid decimal literal @1:2");
  EXPECT_EQ(parse("0b2\n"),
            "SyntaxError: invalid digit '2' in binary literal @1:3");
  EXPECT_EQ(parse("0o8\n"),
            "SyntaxError: invalid digit '8' in octal literal @1:3");
  EXPECT_EQ(parse("1abc\n"),
            "SyntaxError: invalid decimal literal @1:1");
  EXPECT_EQ(parse("x = $\n"),
            "SyntaxError: invalid syntax @1:5");
  EXPECT_EQ(parse("x = €\n"),
            "SyntaxError: invalid character '€' (U+20AC) @1:5");
  EXPECT_EQ(parse("x = 1 \\ 2\n"),
            "SyntaxError: unexpected character after line continuation character @1:8");
  EXPECT_EQ(parse("a\\\n"),
            "SyntaxError: unexpected EOF while parsing @1:3");
  EXPECT_EQ(parse("x = '\\x4'\n"),
            "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \\xXX escape @1:10");
  EXPECT_EQ(parse("x = '\\U00110000'\n"),
            "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-9: illegal Unicode character @1:17");
}

TEST(Parser, ScopeErrors) {
  EXPECT_EQ(parse("break\n"),
            "SyntaxError: 'break' outside loop @1:1");
  EXPECT_EQ(parse("def f():\n  continue\n"),
            "SyntaxError: 'continue' not properly in loop @2:3");
  EXPECT_EQ(parse("return 1\n"),
            "SyntaxError: 'return' outside function @1:1");
  EXPECT_EQ(parse("yield 1\n"),
            "SyntaxError: 'yield' outside function @1:1");
  EXPECT_EQ(parse("for x in y:\n  def f():\n    break\n"),
            "SyntaxError: 'break' outside loop @3:5");
  EXPECT_EQ(parse("class A:\n  return 1\n"),
            "SyntaxError: 'return' outside function @2:3");
  EXPECT_EQ(parse("def f():\n  [(yield) for x in y]\n"),
            "SyntaxError: 'yield' inside list comprehension @2:5");
  EXPECT_EQ(parse("nonlocal x\n"),
            "SyntaxError: nonlocal declaration not allowed at module level @1:1");
  EXPECT_EQ(parse("def f():\n  from x import *\n"),
            "SyntaxError: import * only allowed at module level @2:17");
  EXPECT_EQ(parse("*a = b\n"),
            "SyntaxError: starred assignment target must be in a list or tuple @1:1");
  EXPECT_EQ(parse("x = *a\n"),
            "SyntaxError: can't use starred expression here @1:5");
  EXPECT_EQ(parse("a, *b, *c = d\n"),
            "SyntaxError: multiple starred expressions in assignment @1:1");
  EXPECT_EQ(parse("while x:\n  pass\nelse:\n  break\n"),
            "SyntaxError: 'break' outside loop @4:3");
}

TEST(Parser, ErrorPriorities) {
  EXPECT_EQ(parse("def f x\n"),
            "SyntaxError: expected '(' @1:7");
  EXPECT_EQ(parse("def f() x\n  pass\n"),
            "SyntaxError: expected ':' @1:9");
  EXPECT_EQ(parse("try x\n  pass\n"),
            "SyntaxError: expected ':' @1:5");
  EXPECT_EQ(parse("if a:\n  pass\nelse x\n  pass\n"),
            "SyntaxError: expected ':' @3:6");
  EXPECT_EQ(parse("try:\n  pass\nfinally x\n"),
            "SyntaxError: expected ':' @3:9");
  EXPECT_EQ(parse("while x pass\n"),
            "SyntaxError: invalid syntax @1:9");
  EXPECT_EQ(parse("def f():\n    try:\n        pass\n   except E:\n        pass\n"),
            "IndentationError: unindent does not match any outer indentation level @4:13");
  EXPECT_EQ(parse("fori in range(n):\n    x = 1\n"),
            "SyntaxError: invalid syntax @1:17");
  EXPECT_EQ(parse("n+args=None,\n"),
            "SyntaxError: cannot assign to expression here. Maybe you meant '==' instead of '='? @1:1");
  EXPECT_EQ(parse("if __name__ = == '__main__':\n    pass\n"),
            "SyntaxError: invalid syntax @1:13");
  EXPECT_EQ(parse("if x if y:\n    pass\n"),
            "SyntaxError: invalid syntax @1:10");
  EXPECT_EQ(parse(" x = 1\ny = ')\n"),
            "IndentationError: unexpected indent @1:1");
  EXPECT_EQ(parse("f() = 1, 2\n"),
            "SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='? @1:1");
  EXPECT_EQ(parse("x = [1, 2, 3\nprint(x)\n"),
            "SyntaxError: '[' was never closed @1:5");
}

TEST(Parser, FStringErrors) {
  EXPECT_EQ(parse("f'{}'\n"),
            "SyntaxError: f-string: empty expression not allowed @1:6");
  EXPECT_EQ(parse("f'{x!z}'\n"),
            "SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a' @1:9");
  EXPECT_EQ(parse("f'}'\n"),
            "SyntaxError: f-string: single '}' is not allowed @1:5");
  EXPECT_EQ(parse("f'{x'\n"),
            "SyntaxError: f-string: expecting '}' @1:6");
  EXPECT_EQ(parse("f'{a\\\\b}'\n"),
            "SyntaxError: f-string expression part cannot include a backslash @1:10");
  EXPECT_EQ(parse("f'{#}'\n"),
            "SyntaxError: f-string expression part cannot include '#' @1:7");
  EXPECT_EQ(parse("f'{x:{y:{z}}}'\n"),
            "SyntaxError: f-string: expressions nested too deeply @1:15");
  EXPECT_EQ(parse("f'{)}'\n"),
            "SyntaxError: f-string: unmatched ')' @1:7");
  EXPECT_EQ(parse("f'{(]}'\n"),
            "SyntaxError: f-string: closing parenthesis ']' does not match opening parenthesis '(' @1:8");
  EXPECT_EQ(parse("f'{\"a}'\n"),
            "SyntaxError: f-string: unterminated string @1:8");
  EXPECT_EQ(parse("f'{x!rr}'\n"),
            "SyntaxError: f-string: expecting '}' @1:10");
  EXPECT_EQ(parse("f'{x}}'\n"),
            "SyntaxError: f-string: single '}' is not allowed @1:8");
  EXPECT_EQ(parse("f'{x:{}}'\n"),
            "SyntaxError: f-string: empty expression not allowed @1:10");
}

// ---------------------------------------------------------------- Kiln's own

TEST(Parser, UnsupportedFeaturesAreNotImplemented) {
  struct Case {
    const char* src;
    const char* feature;  // a word the message must contain
    int line, col;
  } cases[] = {
      {"async def f(): pass\n", "async", 1, 1},
      {"def f():\n    await x\n", "await", 2, 5},
      {"match x:\n    case 1:\n        pass\n", "match", 1, 1},
      {"x = 1j\n", "complex", 1, 5},
      {"x = b'abc'\n", "bytes", 1, 5},
      {"x = 99999999999999999999\n", "64-bit", 1, 5},
      {"x = 0xFFFFFFFFFFFFFFFF\n", "64-bit", 1, 5},
      {"x = '\\N{DASH}'\n", "\\N", 1, 5},
      {"try:\n    pass\nexcept* E:\n    pass\n", "except*", 3, 7},
      {"x = [a async for a in b]\n", "async", 1, 8},
  };
  for (const Case& c : cases) {
    ParseError e = parse_error(c.src);
    EXPECT_EQ(e.type, "NotImplementedError") << c.src;
    EXPECT_NE(e.msg.find(c.feature), std::string::npos) << c.src << " -> " << e.msg;
    EXPECT_EQ(e.line, c.line) << c.src;
    EXPECT_EQ(e.col, c.col) << c.src;
  }
  // Soft keywords stay usable as names.
  EXPECT_EQ(parse("match = 1\nmatch(x)\ncase = _ = 2\n"),
            "Module(body=[Assign(targets=[Name(id='match', ctx=Store())], value=Constant(value=1)), "
            "Expr(value=Call(func=Name(id='match', ctx=Load()), args=[Name(id='x', ctx=Load())], keywords=[])), "
            "Assign(targets=[Name(id='case', ctx=Store()), Name(id='_', ctx=Store())], value=Constant(value=2))], "
            "type_ignores=[])");
}

TEST(Parser, SyntaxErrorBeatsLaterUnsupportedLiteral) {
  // CPython would report the syntax error, so Kiln must too.
  EXPECT_EQ(parse("x = 1 2\ny = 1j\n"), "SyntaxError: invalid syntax @1:7");
  // ...but a lexical error further on wins over a syntax error, as in CPython.
  EXPECT_EQ(parse("x = = 1\ny = 'abc\n"), "SyntaxError: unterminated string literal (detected at line 2) @2:5");
}

TEST(Parser, NodePositions) {
  ParseError err;
  auto m = parse_module("x = 1\nif y:\n    z = f(a, b=2)[0].c\n", &err);
  ASSERT_NE(m, nullptr) << err.msg;
  ASSERT_EQ(m->body.size(), 2u);
  EXPECT_EQ(m->body[0]->pos.line, 1);
  EXPECT_EQ(m->body[0]->pos.col, 1);
  const auto& ifs = m->body[1]->as<ast::If>();
  EXPECT_EQ(ifs.pos.line, 2);
  EXPECT_EQ(ifs.test->pos.col, 4);
  const auto& assign = ifs.body.at(0)->as<ast::Assign>();
  EXPECT_EQ(assign.pos.line, 3);
  EXPECT_EQ(assign.pos.col, 5);
  EXPECT_EQ(assign.targets.at(0)->pos.col, 5);
  const auto& attr = assign.value->as<ast::Attribute>();  // f(a, b=2)[0].c starts at f
  EXPECT_EQ(attr.pos.col, 9);
  const auto& call = attr.value->as<ast::Subscript>().value->as<ast::Call>();
  EXPECT_EQ(call.args.at(0)->pos.col, 11);
  EXPECT_EQ(call.keywords.at(0).pos.col, 14);
  EXPECT_EQ(call.keywords.at(0).value->pos.col, 16);
}

TEST(Parser, PositionsCountCodePointsAndFStringExpressions) {
  ParseError err;
  auto m = parse_module("s = 'é' + f'{x}' + y\n", &err);
  ASSERT_NE(m, nullptr) << err.msg;
  const auto& rhs = m->body.at(0)->as<ast::Assign>().value->as<ast::BinOp>();
  EXPECT_EQ(rhs.right->pos.col, 20);  // 'é' is one column
  const auto& js = rhs.left->as<ast::BinOp>().right->as<ast::JoinedStr>();
  EXPECT_EQ(js.pos.col, 11);
  const auto& fv = js.values.at(0)->as<ast::FormattedValue>();
  EXPECT_EQ(fv.value->pos.line, 1);
  EXPECT_EQ(fv.value->pos.col, 14);  // the x inside the braces
  // Multi-line f-string: the expression's real line.
  m = parse_module("s = f'''a\n{\n  zz}'''\n", &err);
  ASSERT_NE(m, nullptr) << err.msg;
  const auto& js2 = m->body.at(0)->as<ast::Assign>().value->as<ast::JoinedStr>();
  const auto& fv2 = js2.values.at(1)->as<ast::FormattedValue>();
  EXPECT_EQ(fv2.value->pos.line, 3);
  EXPECT_EQ(fv2.value->pos.col, 3);
}

// The fields of one f-string are positioned incrementally (each scan goes on
// from the previous field, per nesting level): the positions must be the
// same as scanning from the literal's start each time, across lines, code
// points and nested f-strings. Long f-strings were quadratic before (the
// fuzz target's timing on a 20 KB input).
TEST(Parser, FStringFieldPositionsAcrossLinesAndNesting) {
  ParseError err;
  auto m = parse_module("s = f'''{a}\u00e9{bb}\n  {f'{c}'} {d}'''\n", &err);
  ASSERT_NE(m, nullptr) << err.msg;
  const auto& js = m->body.at(0)->as<ast::Assign>().value->as<ast::JoinedStr>();
  std::vector<std::pair<int, int>> got;
  for (const auto& v : js.values) {
    if (v->kind != ast::ExprKind::FormattedValue) continue;
    const ast::Expr& e = *v->as<ast::FormattedValue>().value;
    got.push_back({e.pos.line, e.pos.col});
    if (e.kind == ast::ExprKind::JoinedStr) {
      const ast::Expr& inner = *e.as<ast::JoinedStr>().values.at(0)->as<ast::FormattedValue>().value;
      got.push_back({inner.pos.line, inner.pos.col});
    }
  }
  std::vector<std::pair<int, int>> want = {{1, 10}, {1, 14}, {2, 4}, {2, 7}, {2, 13}};
  EXPECT_EQ(got, want);
  // An error in a late field of a long f-string still points at it.
  std::string src = "x = f'";
  for (int i = 0; i < 2000; ++i) src += "{a}";
  src += "{b c}'\n";
  ParseError e = parse_error(src);
  EXPECT_EQ(e.msg, "f-string: invalid syntax. Perhaps you forgot a comma?");
  EXPECT_EQ(e.line, 1);
  EXPECT_EQ(e.col, 7 + 3 * 2000 + 1);
}

TEST(Parser, ErrorCarriesLineTextAndEndColumn) {
  ParseError e = parse_error("a = 1\nb = 2 3\nc = 4\n");
  EXPECT_EQ(e.type, "SyntaxError");
  EXPECT_EQ(e.msg, "invalid syntax");
  EXPECT_EQ(e.line, 2);
  EXPECT_EQ(e.col, 7);
  EXPECT_EQ(e.end_col, 8);
  EXPECT_EQ(e.line_text, "b = 2 3");
  e = parse_error("if x:\n    y = (1,\n");
  EXPECT_EQ(e.msg, "'(' was never closed");
  EXPECT_EQ(e.line, 2);
  EXPECT_EQ(e.col, 9);
  EXPECT_EQ(e.line_text, "    y = (1,");
}

TEST(Parser, ConstantsAreDecoded) {
  ParseError err;
  auto m = parse_module("'a\\tb' 'c'\n", &err);
  ASSERT_NE(m, nullptr);
  const auto& c = first_expr(*m).as<ast::Constant>();
  EXPECT_EQ(c.ckind, ast::ConstKind::Str);
  EXPECT_EQ(c.s, "a\tbc");
  m = parse_module("0x7fffffffffffffff\n", &err);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(first_expr(*m).as<ast::Constant>().i, INT64_MAX);
  m = parse_module("1.25e2\n", &err);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(first_expr(*m).as<ast::Constant>().f, 125.0);
  m = parse_module("'\\U0001F600'\n", &err);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(first_expr(*m).as<ast::Constant>().s, "\xF0\x9F\x98\x80");
}

TEST(Parser, ParseExpressionEntryPoint) {
  ParseError err;
  auto e = parse_expression("  1 + 2 * x\n", &err);
  ASSERT_NE(e, nullptr) << err.msg;
  EXPECT_EQ(ast::dump(*e),
            "BinOp(left=Constant(value=1), op=Add(), right=BinOp(left=Constant(value=2), op=Mult(), "
            "right=Name(id='x', ctx=Load())))");
  e = parse_expression("a, b", &err);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(ast::dump(*e), "Tuple(elts=[Name(id='a', ctx=Load()), Name(id='b', ctx=Load())], ctx=Load())");
  EXPECT_EQ(parse_expression("x = 1", &err), nullptr);
  EXPECT_EQ(err.msg, "invalid syntax");
  EXPECT_EQ(parse_expression("", &err), nullptr);
}

TEST(Parser, NestingLimitsReportErrorsInsteadOfCrashing) {
  // Brackets: CPython's own limit and message.
  std::string deep = std::string(201, '(') + std::string(201, ')') + "\n";
  EXPECT_EQ(parse(deep), "SyntaxError: too many nested parentheses @1:201");
  std::string ok = "x = " + std::string(150, '(') + "1" + std::string(150, ')') + "\n";
  EXPECT_EQ(parse(ok).rfind("Module(", 0), 0u);
  // Operator chains without brackets are bounded too.
  for (std::string unit : {"-", "not ", "lambda: ", "a ** ", "a + ", "x.", "1 if 2 else "}) {
    std::string src;
    for (int i = 0; i < 20000; ++i) src += unit;
    src += "y\n";
    ParseError e = parse_error(src);
    EXPECT_EQ(e.type, "SyntaxError") << unit;
    EXPECT_EQ(e.msg, "expression too deeply nested") << unit;
  }
  // Indentation: CPython's limit of 100 levels.
  std::string blocks;
  for (int i = 0; i < 101; ++i) blocks += std::string(i, ' ') + "if x:\n";
  blocks += std::string(101, ' ') + "pass\n";
  EXPECT_EQ(parse(blocks), "IndentationError: too many levels of indentation @101:1");
  // A long elif chain nests Ifs in the AST; a realistic one is fine.
  std::string elifs = "if a:\n    pass\n";
  for (int i = 0; i < 500; ++i) elifs += "elif a:\n    pass\n";
  EXPECT_EQ(parse(elifs).rfind("Module(", 0), 0u);
}

TEST(Parser, LongFlatConstructsAreFine) {
  std::string list = "x = [";
  for (int i = 0; i < 50000; ++i) list += std::to_string(i) + ", ";
  list += "]\n";
  ParseError err;
  auto m = parse_module(list, &err);
  ASSERT_NE(m, nullptr) << err.msg;
  EXPECT_EQ(m->body[0]->as<ast::Assign>().value->as<ast::List>().elts.size(), 50000u);
  std::string stmts;
  for (int i = 0; i < 20000; ++i) stmts += "a = b.c(d, e=1)\n";
  m = parse_module(stmts, &err);
  ASSERT_NE(m, nullptr) << err.msg;
  EXPECT_EQ(m->body.size(), 20000u);
}

TEST(Parser, NamesOfNodeKinds) {
  EXPECT_STREQ(ast::expr_kind_name(ast::ExprKind::JoinedStr), "JoinedStr");
  EXPECT_STREQ(ast::stmt_kind_name(ast::StmtKind::AugAssign), "AugAssign");
  EXPECT_STREQ(ast::binop_symbol(ast::BinOpKind::FloorDiv), "//");
  EXPECT_STREQ(ast::binop_dunder(ast::BinOpKind::MatMult), "__matmul__");
  EXPECT_STREQ(ast::cmpop_symbol(ast::CmpOpKind::IsNot), "is not");
}

// Hostile inputs of the kinds the fuzzer (tests/fuzz/fuzz_parser.cpp)
// generates: each must give a module or a well-formed error, never a crash.
TEST(Parser, FuzzRegressions) {
  std::string inner = std::string(190, '(') + "x" + std::string(190, ')');
  std::vector<std::string> inputs = {
      std::string("x = 1\0\n", 7),
      "\xff\xfe\n",
      "\\",
      "f'{",
      "f'{x:{",
      "f'{x!",
      "f'{x=",
      "f'''{\n",
      "f'{f\"{f'",
      "f\"\"\"{" + inner + "+f'''{" + inner + "+f\"{" + inner + "+f'{" + inner + "}'}\"}'''}\"\"\"\n",
      "'\\x",
      "'\\U0010FFF",
      "\"\"\"\\N{",
      "if x:\n\tif y:\n        z\n",
      "\f\fx\n  \f y\n",
      "x = [" + std::string(199, '{') + "\n",
      "lambda " + std::string(3000, '*') + "\n",
      "def f(" + std::string(3000, ',') + "): pass\n",
      "@" + std::string(2000, '@') + "\n",
      "x" + std::string(5000, '[') ,
      "class A(" + std::string(150, '(') + "metaclass=1" + "\n",
      "\xef\xbb\xbf\xef\xbb\xbfx\n",
      "match x:\n    case",
      "with (a as b, c as d,) as e: pass\n",
      "for x in y: pass\nelse: break\n",
      "(yield)\n[(yield) for x in (yield)]\n",
      "nonlocal x\nglobal x\n",
      "x: int = *a\n",
      "del [*a]\n",
      "import a.b.c as\n",
      "from ..... import *\n",
  };
  for (int i = 0; i < 3000; i += 7) inputs.push_back(std::string(i, '(') + std::string(i, ')'));
  for (const std::string& src : inputs) {
    ParseError err;
    auto m = parse_module(src, &err);
    if (m) {
      EXPECT_FALSE(ast::dump(*m).empty());
    } else {
      EXPECT_FALSE(err.type.empty()) << src;
      EXPECT_FALSE(err.msg.empty()) << src;
      EXPECT_GE(err.line, 1) << src;
      EXPECT_GE(err.col, 1) << src;
    }
    auto e = parse_expression(src, &err);
    if (e) {
      EXPECT_FALSE(ast::dump(*e).empty());
    }
  }
}
