// Unit tests of symbolic sizes: SymSize's polynomial arithmetic
// (stdlib/torch/ops/sym_size.h); generated per op of the registry, the
// symbolic shape rules (sym_meta.h) against eager results; and the
// executor's self-check of a dynamic graph's expressions at each call.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/ops/sym_meta.h"
#include "stdlib/torch/tensor_object.h"
#include "tests/unit/op_samples.h"
#include "tracer/executor.h"
#include "tracer/graph.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/tuple.h"

namespace {

using kiln::torch::ops::all_ops;
using kiln::torch::ops::OpDef;
using kiln::torch::ops::SymArg;
using kiln::torch::ops::SymShape;
using kiln::torch::ops::SymSize;
using kiln::vm::Value;

SymSize k(int64_t v) { return SymSize::constant(v); }
SymSize s(int i) { return SymSize::symbol(i); }

TEST(SymSize, CanonicalFormMakesEqualPolynomialsEqual) {
  EXPECT_EQ(s(0) + s(1), s(1) + s(0));
  EXPECT_EQ(s(0) * k(4), k(2) * s(0) + s(0) * k(2));
  EXPECT_EQ((s(0) + k(1)) * (s(0) - k(1)), s(0) * s(0) - k(1));
  EXPECT_EQ(s(0) - s(0), k(0));
  EXPECT_NE(s(0), s(1));
  int64_t v;
  EXPECT_TRUE((s(0) - s(0) + k(7)).is_constant(&v));
  EXPECT_EQ(v, 7);
  EXPECT_FALSE(s(0).is_constant());
  int id;
  EXPECT_TRUE(s(3).is_symbol(&id));
  EXPECT_EQ(id, 3);
  EXPECT_FALSE((s(3) * k(2)).is_symbol());
}

TEST(SymSize, PrintsLikeDynamo) {
  EXPECT_EQ(s(0).str(), "s0");
  EXPECT_EQ((k(4) * s(0)).str(), "4*s0");
  EXPECT_EQ((s(0) - k(1)).str(), "s0 - 1");
  EXPECT_EQ((s(0) * s(1) + k(2)).str(), "s0*s1 + 2");
  EXPECT_EQ((k(3) - s(0)).str(), "-s0 + 3");
  EXPECT_EQ((s(0) * s(0)).str(), "s0*s0");
  EXPECT_EQ(SymSize::int_symbol(2).str(), "n2");
  EXPECT_EQ(SymSize::unknown(1).str(), "u1");
  EXPECT_EQ(k(0).str(), "0");
  EXPECT_EQ(k(-5).str(), "-5");
}

TEST(SymSize, DividesOnlyExactly) {
  SymSize q;
  ASSERT_TRUE(SymSize::divide(k(4) * s(0), k(4), &q));
  EXPECT_EQ(q, s(0));
  ASSERT_TRUE(SymSize::divide(s(0) * s(1) * k(6), s(1) * k(2), &q));
  EXPECT_EQ(q, k(3) * s(0));
  ASSERT_TRUE(SymSize::divide(k(12), k(4), &q));
  EXPECT_EQ(q, k(3));
  EXPECT_FALSE(SymSize::divide(s(0) + k(1), k(2), &q));       // not for every s0
  EXPECT_FALSE(SymSize::divide(s(0), s(1), &q));              // s1 need not divide s0
  EXPECT_FALSE(SymSize::divide(s(0) * k(4), s(0) + k(1), &q));  // a divisor of two terms
  EXPECT_FALSE(SymSize::divide(s(0), k(0), &q));
}

TEST(SymSize, EvaluatesAndKnowsSizes) {
  auto bind = [](int id, int64_t* v) {
    if (id == 0) return *v = 5, true;
    if (id == SymSize::kIntSymbols) return *v = -2, true;
    return false;
  };
  int64_t v;
  ASSERT_TRUE((k(3) * s(0) - k(1)).eval(bind, &v));
  EXPECT_EQ(v, 14);
  ASSERT_TRUE((s(0) * SymSize::int_symbol(0)).eval(bind, &v));
  EXPECT_EQ(v, -10);
  EXPECT_FALSE(s(1).eval(bind, &v));  // unbound
  EXPECT_TRUE((s(0) * k(2) + SymSize::unknown(0)).nonnegative());
  EXPECT_FALSE((s(0) - k(1)).nonnegative());
  EXPECT_FALSE(SymSize::int_symbol(0).nonnegative());  // an int may be negative
  // Overflow poisons, never wraps.
  SymSize big = k(INT64_MAX) * s(0);
  EXPECT_TRUE((big + big).invalid());
  EXPECT_EQ((big + big).str(), "<overflow>");
  EXPECT_TRUE((big * k(2)).invalid());
  EXPECT_FALSE((big * k(2)).eval(bind, &v));
}

// ------------------------------------------------------------- generated per op

// A sampled call's arguments as SymArgs: some sizes and ints become
// symbols, one per distinct value (sizes and non-negative ints may share an
// s-symbol; a negative int is an n-symbol), the rest stay constants.
struct Symbolizer {
  kiln_test::Gen& g;
  bool symbols;
  std::map<int64_t, int> size_ids, int_ids;
  std::map<int, int64_t> value;  // symbol id -> its value

  SymSize size(int64_t v) {
    if (!symbols || g.coin(40)) return k(v);
    auto [it, fresh] = size_ids.try_emplace(v, int(size_ids.size()));
    value[it->second] = v;
    return s(it->second);
  }
  SymSize integer(int64_t v) {
    if (!symbols || g.coin(50)) return k(v);
    if (v >= 0 && g.coin(50)) return size(v);
    auto [it, fresh] = int_ids.try_emplace(v, int(int_ids.size()));
    value[SymSize::kIntSymbols + it->second] = v;
    return SymSize::int_symbol(it->second);
  }
  SymShape shape(const Value& t) {
    SymShape r;
    for (int64_t d : kiln::torch::tensor_of(t).sizes) r.push_back(size(d));
    return r;
  }
  SymArg arg(const Value& v) {
    SymArg a;
    if (!v) return a;  // Absent
    if (kiln::torch::is_tensor(v)) {
      a.kind = SymArg::Kind::Tensor;
      a.shape = shape(v);
      return a;
    }
    if (v.is_small_int()) {
      a.kind = SymArg::Kind::Int;
      a.shape = {integer(v.as_small_int())};
      return a;
    }
    if (kiln::vm::is_kind(v, kiln::vm::ObjKind::Tuple) || kiln::vm::is_kind(v, kiln::vm::ObjKind::List)) {
      std::vector<Value> items;
      if (kiln::vm::is_kind(v, kiln::vm::ObjKind::Tuple)) {
        auto* t = v.as<kiln::vm::TupleObject>();
        items.assign(t->items, t->items + t->size);
      } else {
        const auto& l = v.as<kiln::vm::ListObject>()->items;
        items.assign(l.begin(), l.end());
      }
      bool ints = true, tensors = !items.empty();
      for (const Value& it : items) {
        ints = ints && it.is_small_int();
        tensors = tensors && kiln::torch::is_tensor(it);
      }
      if (ints) {
        a.kind = SymArg::Kind::IntList;
        for (const Value& it : items) a.shape.push_back(integer(it.as_small_int()));
        return a;
      }
      if (tensors) {
        a.kind = SymArg::Kind::TensorList;
        for (const Value& it : items) a.tensors.push_back(shape(it));
        return a;
      }
    }
    a.kind = SymArg::Kind::Other;
    a.value = v;
    return a;
  }
  bool eval(const SymSize& x, int64_t* out) const {
    return x.eval(
        [&](int id, int64_t* v) {
          auto it = value.find(id);
          if (it == value.end()) return false;
          *v = it->second;
          return true;
        },
        out);
  }
};

// The eager result's tensors' sizes, in order (a tensor, or a tuple of them).
bool result_shapes(const Value& r, std::vector<std::vector<int64_t>>* out) {
  if (kiln::torch::is_tensor(r)) {
    const auto& t = kiln::torch::tensor_of(r);
    out->push_back(std::vector<int64_t>(t.sizes.begin(), t.sizes.end()));
    return true;
  }
  if (!kiln::vm::is_kind(r, kiln::vm::ObjKind::Tuple)) return false;
  auto* t = r.as<kiln::vm::TupleObject>();
  for (size_t i = 0; i < t->size; i++)
    if (!result_shapes(t->items[i], out)) return false;
  return true;
}

std::string shape_str(const SymShape& sh) {
  std::string r = "[";
  for (size_t i = 0; i < sh.size(); i++) r += (i ? ", " : "") + sh[i].str();
  return r + "]";
}

class SymMetaOfOp : public ::testing::TestWithParam<size_t> {};

// Each answer of the op's rule, at the call's values of its symbols, is the
// eager result's sizes; with no symbol (every size fixed) an op that has a
// rule answers for some calls.
TEST_P(SymMetaOfOp, AgreesWithEager) {
  kiln_test::OpHarness& h = kiln_test::op_harness();
  const OpDef& op = all_ops()[GetParam()];
  kiln_test::Gen g(uint32_t(GetParam()) * 104729u + 5u);
  int ok = 0, answered_fixed = 0, answered_symbolic = 0, answered_with_facts = 0;
  for (int call = 0; call < 400; call++) {
    kiln_test::SampledCall c = kiln_test::sample_call(h, op, g, kiln_test::SampleStyle::Metadata);
    kiln::torch::ops::Bound bound;
    const auto* kw = c.kwnames ? c.kwnames.as<kiln::vm::TupleObject>() : nullptr;
    if (!kiln::torch::ops::bind(h.vm, op, kiln::vm::CallArgs{c.args.data(), c.npos, kw}, c.method, &bound)) {
      h.vm.clear_exception();
      continue;
    }
    // (Symbolized before the impl runs: an in-place view changes its input.)
    Symbolizer syms[2] = {{g, false, {}, {}, {}}, {g, true, {}, {}, {}}};
    std::vector<SymArg> sym_args[2];
    for (int m = 0; m < 2; m++) {
      Symbolizer& sym = syms[m];
      std::vector<SymArg>& args = sym_args[m];
      args.resize(op.schema.params.size());
      for (size_t i = 0; i < args.size(); i++) args[i] = sym.arg(bound[i]);
      if (!bound.varargs.empty()) {
        SymArg& v = args[size_t(op.schema.varargs)];
        v = SymArg();
        v.kind = SymArg::Kind::IntList;
        for (const Value& x : bound.varargs) {
          if (!x.is_small_int()) v.kind = SymArg::Kind::Other;
          else v.shape.push_back(sym.integer(x.as_small_int()));
        }
      }
    }
    Value r = op.impl(h.vm, bound, op);
    if (!r) {
      h.vm.clear_exception();
      continue;
    }
    std::vector<std::vector<int64_t>> want;
    bool shapes_ok = result_shapes(r, &want);
    ok++;
    for (bool symbols : {false, true}) {
      Symbolizer& sym = syms[symbols];
      std::vector<SymArg>& args = sym_args[symbols];
      std::vector<SymShape> got;
      kiln::torch::ops::SymContext cx;
      if (!kiln::torch::ops::sym_meta(op, args, &got, &cx)) {
        // Only a symbol can make a rank vary.
        EXPECT_FALSE(cx.varies && !symbols) << op.name() << " call " << call;
        // Knowing the symbols it wants are not 1 (where they are not), the
        // rule answers.
        bool can = cx.varies && cx.want_enough && !cx.want_not_one.empty();
        for (int id : cx.want_not_one) can = can && sym.value.count(id) && sym.value[id] != 1;
        if (!can) continue;
        cx.not_one = cx.want_not_one;
        ASSERT_TRUE(kiln::torch::ops::sym_meta(op, args, &got, &cx)) << op.name() << " call " << call << ": with not-1 facts";
        answered_with_facts++;
      }
      (symbols ? answered_symbolic : answered_fixed)++;
      std::string where = std::string(op.name()) + " call " + std::to_string(call) + (symbols ? " (symbolic)" : "");
      ASSERT_TRUE(shapes_ok) << where << ": the rule answered for a result that holds no tensors";
      ASSERT_EQ(got.size(), want.size()) << where << ": tensors returned";
      for (size_t t = 0; t < got.size(); t++) {
        ASSERT_EQ(got[t].size(), want[t].size()) << where << ": rank of result " << t << ", rule " << shape_str(got[t]);
        for (size_t d = 0; d < got[t].size(); d++) {
          int64_t v;
          ASSERT_TRUE(sym.eval(got[t][d], &v)) << where << ": " << got[t][d].str() << " has no value";
          ASSERT_EQ(v, want[t][d]) << where << ": result " << t << " dim " << d << ": rule " << shape_str(got[t]);
        }
      }
    }
    h.vm.clear_exception();
  }
  if (kiln::torch::ops::has_sym_rule(op) && ok > 0) {
    EXPECT_GT(answered_fixed, 0) << op.name() << ": the rule answered none of " << ok << " calls with fixed sizes";
  }
  RecordProperty("answered_symbolic", answered_symbolic);
  RecordProperty("answered_with_facts", answered_with_facts);
}

INSTANTIATE_TEST_SUITE_P(OpRegistry, SymMetaOfOp, ::testing::Range(size_t(0), all_ops().size()),
                         [](const ::testing::TestParamInfo<size_t>& i) {
                           return std::string(kiln::torch::ops::op_id_name(all_ops()[i.param].id));
                         });

}  // namespace

// ------------------------------------------------------------- the executor's self-check

namespace {

// A dynamic graph of one node, v0 = i0 * 2, with x of [s0, 2]: run on a
// [3, 2] tensor, the self-check compares v0's sizes with its expressions.
void run_doubling_graph(const SymSize& claimed_rows) {
  kiln_test::OpHarness& h = kiln_test::op_harness();
  using kiln::tracer::Meta;
  kiln::tracer::Graph g;
  g.name = "doubling";
  g.dynamic = true;
  g.consts = {Value::small_int(2)};
  g.inputs = {0};
  g.input_names = {"x"};
  Meta in;
  in.tensor = true;
  in.sizes = {Meta::kDynamic, 2};
  in.sym = {s(0), k(2)};
  g.input_meta = {in};
  g.size_symbols = {{0, 0}};
  kiln::tracer::Node n;
  n.op = kiln::tracer::GraphOp::Binary;
  n.arg = int(kiln::vm::ast::BinOpKind::Mult);
  n.in = {g.input_reg(0), g.const_reg(0)};
  n.label = "*";
  n.meta = in;
  n.meta.sym = {claimed_rows, k(2)};
  g.nodes.push_back(std::move(n));
  g.outputs = {g.node_reg(0)};
  ASSERT_EQ(g.validate(), "");
  kiln::tracer::GraphRunner runner(&g);
  runner.check_symbolic_sizes(true);
  kiln::torch::Tensor t = kiln::torch::empty(kiln::torch::Shape{3, 2}, kiln::torch::DType::Float32);
  std::vector<Value> loaded = {kiln::torch::wrap(h.vm, t)};
  Value r = runner.run(h.vm, loaded);
  ASSERT_TRUE(r);
  EXPECT_EQ(kiln::torch::tensor_of(r).sizes, (kiln::torch::Shape{3, 2}));
}

TEST(SymbolicSizesSelfCheck, AgreeingExpressionsRun) { run_doubling_graph(s(0)); }

TEST(SymbolicSizesSelfCheckDeathTest, AWrongExpressionAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(run_doubling_graph(k(2) * s(0)), "kiln tracer self-check: doubling: node v0 \\(\\*\\) has sizes \\[3, 2\\] where its symbolic sizes are float32\\[2\\*s0, 2\\]");
}

}  // namespace
