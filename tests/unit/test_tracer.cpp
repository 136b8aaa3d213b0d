// Unit tests of the tracer's pieces that scripts cannot reach directly: the
// graph validator, source deduplication, and the embedding API running a
// traced function (the tracer on through kiln::Options).
#include <gtest/gtest.h>

#include <string>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "kiln/kiln.h"
#include "tracer/graph.h"
#include "tracer/source.h"
#include "tracer/trace.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/ops.h"
#include "vm/vm.h"

namespace {

using kiln::tracer::Graph;
using kiln::tracer::GraphOp;
using kiln::tracer::Node;

Graph two_input_graph() {
  Graph g;
  g.name = "t";
  g.inputs = {0, 1};
  g.input_names = {"x", "y"};
  kiln::tracer::Meta m;
  m.tensor = true;
  m.dtype = kiln::torch::DType::Float32;
  m.sizes = {2};
  g.input_meta = {m, m};
  return g;
}

TEST(TracerGraph, ValidGraphPasses) {
  Graph g = two_input_graph();
  Node n;
  n.op = GraphOp::Binary;
  n.in = {g.input_reg(0), g.input_reg(1)};
  g.nodes.push_back(n);
  g.outputs = {g.node_reg(0)};
  EXPECT_EQ(g.validate(), "");
  EXPECT_EQ(g.op_count(), 1u);
}

TEST(TracerGraph, UseBeforeDefinitionIsReported) {
  Graph g = two_input_graph();
  Node n;
  n.op = GraphOp::Binary;
  n.in = {g.input_reg(0), g.node_reg(0)};  // its own output
  g.nodes.push_back(n);
  g.outputs = {g.node_reg(0)};
  EXPECT_NE(g.validate().find("not defined before"), std::string::npos) << g.validate();
}

TEST(TracerGraph, WrongArityAndMissingOutputsAreReported) {
  Graph g = two_input_graph();
  Node n;
  n.op = GraphOp::Unary;
  n.in = {g.input_reg(0), g.input_reg(1)};
  g.nodes.push_back(n);
  g.outputs = {g.node_reg(0)};
  EXPECT_NE(g.validate().find("takes 1 inputs"), std::string::npos) << g.validate();
  g.nodes[0].in.pop_back();
  g.outputs.clear();
  EXPECT_EQ(g.validate(), "no outputs");
  g.outputs = {g.nregs()};
  EXPECT_NE(g.validate().find("is not defined"), std::string::npos);
  Node call;
  call.op = GraphOp::Call;  // a call without a native callee
  g.nodes.push_back(call);
  g.outputs = {g.node_reg(1)};
  EXPECT_NE(g.validate().find("non-native"), std::string::npos) << g.validate();
}

TEST(TracerSource, EqualSourcesShareAnIndex) {
  kiln::tracer::SourceTable t;
  t.local_names = {"x", "pair"};
  int x = t.add({kiln::tracer::SourceKind::Local, -1, 0, {}, {}});
  int p = t.add({kiln::tracer::SourceKind::Local, -1, 1, {}, {}});
  int p0 = t.add({kiln::tracer::SourceKind::Item, p, 0, {}, {}});
  EXPECT_EQ(t.add({kiln::tracer::SourceKind::Local, -1, 0, {}, {}}), x);
  EXPECT_EQ(t.add({kiln::tracer::SourceKind::Item, p, 0, {}, {}}), p0);
  EXPECT_EQ(t.items.size(), 3u);
  EXPECT_EQ(t.describe(p0), "pair[0]");
  EXPECT_EQ(t.describe(x), "x");
}

// Through the embedding API: a function traced on its first call, then run
// from its graph, prints what the interpreter prints; a size change
// recompiles; --explain reports both graphs.
TEST(TracerRuntime, TracedFunctionMatchesTheInterpreter) {
  const char* src =
      "import torch\n"
      "def f(x, k):\n"
      "    return (x * k + 1).relu().sum(0)\n"
      "for n in [2, 2, 3, 3]:\n"
      "    print(f(torch.arange(n * 2.0).reshape(n, 2) - 1, 2))\n";
  std::string out0, out1, err1;
  {
    kiln::Options o;
    kiln::Runtime rt(o);
    rt.set_stdout([&](std::string_view s) { out0 += s; });
    ASSERT_TRUE(rt.run_string(src).ok);
  }
  {
    kiln::Options o;
    o.tier = 1;
    o.hot_threshold = 1;
    o.explain = true;
    kiln::Runtime rt(o);
    rt.set_stdout([&](std::string_view s) { out1 += s; });
    rt.set_stderr([&](std::string_view s) { err1 += s; });
    ASSERT_TRUE(rt.run_string(src).ok);
  }
  EXPECT_EQ(out0, out1);
  EXPECT_NE(err1.find("2 graphs"), std::string::npos) << err1;
  EXPECT_NE(err1.find("x.size(0) changed from 2 to 3"), std::string::npos) << err1;
}

// The flow analysis the tracer checks its symbolic stack against at every
// resume point: the depth before each instruction of a small function.
TEST(TracerStackDepths, FollowTheBytecode) {
  kiln::Options o;
  kiln::vm::VM vm(o);
  kiln::vm::Value m = kiln::vm::compile_source(vm, "def f(x):\n    return g(x, 1)\n", "<t>", false);
  ASSERT_TRUE(m);
  const kiln::vm::CodeObject* f = nullptr;
  for (const auto& c : m.as<kiln::vm::CodeObject>()->consts)
    if (kiln::vm::is_kind(c, kiln::vm::ObjKind::Code)) f = c.as<kiln::vm::CodeObject>();
  ASSERT_NE(f, nullptr);
  // LOAD_GLOBAL g; LOAD_FAST x; LOAD_CONST 1; CALL 2; RETURN_VALUE
  std::vector<int> d = kiln::tracer::bytecode_stack_depths(f);
  ASSERT_EQ(f->raw_code.size(), 5u) << kiln::vm::disassemble(f);
  EXPECT_EQ(d, (std::vector<int>{0, 1, 2, 3, 1}));
}

namespace {
// The first function code object in the module compiled from `src`.
const kiln::vm::CodeObject* first_function(kiln::vm::VM& vm, const char* src, kiln::vm::Value* keep) {
  *keep = kiln::vm::compile_source(vm, src, "<t>", false);
  if (!*keep) return nullptr;
  for (const auto& c : keep->as<kiln::vm::CodeObject>()->consts)
    if (kiln::vm::is_kind(c, kiln::vm::ObjKind::Code)) return c.as<kiln::vm::CodeObject>();
  return nullptr;
}
}  // namespace

// The liveness a graph break uses to hand a resume function only the
// locals later code reads: dead after their last use, alive through an
// exception handler that reads them, all alive in code calling locals().
TEST(TracerLiveLocals, FollowUsesAndHandlers) {
  kiln::Options o;
  kiln::vm::VM vm(o);
  kiln::vm::Value keep;
  const kiln::vm::CodeObject* f = first_function(vm,
                                                 "def f(a, b, c):\n"
                                                 "    x = a + 1\n"
                                                 "    print(x)\n"
                                                 "    try:\n"
                                                 "        y = b * 2\n"
                                                 "    except ValueError:\n"
                                                 "        y = c\n"
                                                 "    return y\n",
                                                 &keep);
  ASSERT_NE(f, nullptr);
  auto slot = [&](const char* name) {
    for (size_t i = 0; i < f->varnames.size(); i++)
      if (kiln::vm::str_view(f->varnames[i]) == name) return i;
    return size_t(-1);
  };
  // At the call of print (after x is computed): x is read by the call, a is
  // dead, b and c are read later (c only by the handler).
  uint32_t call = 0;
  for (uint32_t pc = 0; pc < f->raw_code.size(); pc++)
    if (kiln::vm::decode_op(f->raw_code[pc]) == kiln::vm::Op::CALL) {
      call = pc;
      break;
    }
  ASSERT_GT(call, 0u) << kiln::vm::disassemble(f);
  std::vector<bool> live = kiln::tracer::live_locals_at(f, call);
  EXPECT_FALSE(live[slot("a")]);
  EXPECT_TRUE(live[slot("b")]);
  EXPECT_TRUE(live[slot("c")]);
  EXPECT_FALSE(live[slot("y")]);  // assigned before any read on every path

  const kiln::vm::CodeObject* g = first_function(vm, "def g(a, b):\n    print(a)\n    return locals()\n", &keep);
  ASSERT_NE(g, nullptr);
  std::vector<bool> all = kiln::tracer::live_locals_at(g, 0);
  EXPECT_TRUE(all[0] && all[1]);
}

// Exception-table entries: a try statement's (traced on its normal path)
// against a with block's.
TEST(TracerTryBlocks, TryIsNotWith) {
  kiln::Options o;
  kiln::vm::VM vm(o);
  kiln::vm::Value keep;
  const kiln::vm::CodeObject* f = first_function(vm,
                                                 "def f(m, x):\n"
                                                 "    try:\n"
                                                 "        x = x + 1\n"
                                                 "    finally:\n"
                                                 "        x = x * 2\n"
                                                 "    with m:\n"
                                                 "        x = x - 1\n"
                                                 "    return x\n",
                                                 &keep);
  ASSERT_NE(f, nullptr);
  int tries = 0, withs = 0;
  for (const kiln::vm::ExcEntry& h : f->exc_table) {
    auto op = kiln::vm::decode_op(f->raw_code[h.handler]);
    if (op != kiln::vm::Op::PUSH_EXC_INFO) continue;  // a handler's own cleanup
    if (kiln::tracer::is_try_block(f, h)) tries++;
    else withs++;
  }
  EXPECT_EQ(tries, 1) << kiln::vm::disassemble(f);
  EXPECT_EQ(withs, 1) << kiln::vm::disassemble(f);
}

// --dump-graphs writes each graph as code (with its guards) and as DOT.
TEST(TracerRuntime, DumpGraphsWritesCodeAndDot) {
  std::string dir = (std::filesystem::temp_directory_path() / "kiln_dump_graphs_test").string();
  std::filesystem::remove_all(dir);
  {
    kiln::Options o;
    o.tier = 1;
    o.hot_threshold = 1;
    o.dump_graphs = dir;
    kiln::Runtime rt(o);
    rt.set_stdout([](std::string_view) {});
    ASSERT_TRUE(rt.run_string("import torch\ndef f(x):\n    return (x * 2).relu()\nf(torch.ones(3))\n").ok);
  }
  auto slurp = [](const std::string& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  std::string code = slurp(dir + "/f_0.txt"), dot = slurp(dir + "/f_0.dot");
  EXPECT_NE(code.find("def f_0(i0):"), std::string::npos) << code;
  EXPECT_NE(code.find("Tensor.relu"), std::string::npos) << code;
  EXPECT_NE(code.find("TENSOR_MATCH x: float32[3]"), std::string::npos) << code;
  EXPECT_NE(dot.find("digraph \"f_0\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("-> output"), std::string::npos) << dot;
  std::filesystem::remove_all(dir);
}

}  // namespace
