// Unit tests of the torch op registry (stdlib/torch/ops/): every schema of
// ops.def parses and prints back as written, follows the conventions the
// passes rely on, and is what the torch module and Tensor class expose;
// the one binder (schema.h: match) binds calls as the natives and the
// graph compiler see them.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

#include <set>
#include <string>

#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/state.h"
#include "vm/dict.h"
#include "vm/object.h"
#include "vm/str.h"
#include "vm/vm.h"

namespace {

using kiln::torch::ops::all_ops;
using kiln::torch::ops::match;
using kiln::torch::ops::OpDef;
using kiln::torch::ops::OpId;
using kiln::torch::ops::parse_schema;
using kiln::torch::ops::Schema;

// Each op, one check of conventions a pass relies on.
class EveryOp : public ::testing::TestWithParam<size_t> {};

TEST_P(EveryOp, SchemaFollowsTheConventions) {
  const OpDef& op = all_ops()[GetParam()];
  const Schema& s = op.schema;
  // The id is the schema's name (an alias is a separate Python name), or
  // to_<name> where the name is a C++ keyword (x.float()).
  std::string id = kiln::torch::ops::op_id_name(op.id);
  EXPECT_TRUE(s.name == id || "to_" + s.name == id) << id;
  // Printed back exactly as parsed.
  EXPECT_EQ(parse_schema(s.text()).text(), s.text());
  // In-place ops (a trailing _) write their first input and return it;
  // no other op writes an input.
  bool inplace = s.name.back() == '_';
  EXPECT_EQ(s.writes(), inplace) << s.text();
  if (inplace) {
    ASSERT_FALSE(s.params.empty());
    EXPECT_TRUE(s.params[0].written) << s.text();
    EXPECT_EQ(s.returns_alias, s.params[0].alias) << s.text();
    EXPECT_EQ(op.variants, kiln::torch::ops::Variants::Method) << "in-place forms are methods: " << s.text();
  }
  // A method binds its receiver to a tensor parameter named input or self.
  if (op.has_method()) {
    ASSERT_LT(size_t(s.receiver), s.params.size());
    EXPECT_EQ(s.params[size_t(s.receiver)].type.rfind("Tensor", 0), 0u) << s.text();
    EXPECT_TRUE(s.params[size_t(s.receiver)].name == "input" || s.params[size_t(s.receiver)].name == "self");
  }
  // The first parameter has no default (every op takes a tensor).
  ASSERT_FALSE(s.params.empty());
  EXPECT_FALSE(s.params[0].has_default);
}

INSTANTIATE_TEST_SUITE_P(OpRegistry, EveryOp, ::testing::Range(size_t(0), all_ops().size()),
                         [](const ::testing::TestParamInfo<size_t>& i) {
                           return std::string(kiln::torch::ops::op_id_name(all_ops()[i.param].id));
                         });

// The torch module and the Tensor class expose each op under its name, as
// the registry's native for that op (no area registers it a second time).
TEST(OpRegistry, TorchModuleExposesEveryOp) {
  kiln::Options o;
  kiln::vm::VM vm(o);
  ASSERT_TRUE(vm.import_module("torch"));
  auto& st = kiln::torch::torch_state(vm);
  auto lookup = [&](const kiln::vm::Value& dict, const std::string& name) {
    return kiln::vm::dict_get_str(dict.as<kiln::vm::DictObject>(), vm.intern(name).as<kiln::vm::StrObject>());
  };
  size_t functions = 0, methods = 0;
  for (const OpDef& op : all_ops()) {
    if (op.has_function()) {
      kiln::vm::Value f = lookup(st.module.as<kiln::vm::ModuleObject>()->dict, op.schema.name);
      ASSERT_TRUE(f && kiln::vm::is_kind(f, kiln::vm::ObjKind::Native)) << "torch." << op.schema.name;
      bool method = true;
      EXPECT_EQ(kiln::torch::ops::op_of(f.as<kiln::vm::NativeObject>(), &method), &op) << op.schema.name;
      EXPECT_FALSE(method);
      functions++;
    }
    if (op.has_method()) {
      kiln::vm::Value f = lookup(st.tensor_type->dict, op.schema.name);
      ASSERT_TRUE(f && kiln::vm::is_kind(f, kiln::vm::ObjKind::Native)) << "Tensor." << op.schema.name;
      bool method = false;
      EXPECT_EQ(kiln::torch::ops::op_of(f.as<kiln::vm::NativeObject>(), &method), &op) << op.schema.name;
      EXPECT_TRUE(method);
      methods++;
    }
  }
  EXPECT_GT(functions, 50u);
  EXPECT_GT(methods, 100u);
  // An alias is the same op.
  kiln::vm::Value clip = lookup(st.module.as<kiln::vm::ModuleObject>()->dict, "clip");
  ASSERT_TRUE(clip);
  EXPECT_EQ(kiln::torch::ops::op_of(clip.as<kiln::vm::NativeObject>())->id, OpId::clamp);
}

TEST(OpSchema, ParsesParametersDefaultsKeywordOnlyAndAliases) {
  Schema s = parse_schema("add_(Tensor(a!) input, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
  EXPECT_EQ(s.name, "add_");
  ASSERT_EQ(s.params.size(), 3u);
  EXPECT_EQ(s.npositional, 2u);
  EXPECT_EQ(s.nrequired, 2u);
  EXPECT_TRUE(s.params[0].written);
  EXPECT_EQ(s.params[0].alias, 'a');
  EXPECT_TRUE(s.params[2].kwonly);
  EXPECT_EQ(s.params[2].default_text, "1");
  EXPECT_TRUE(s.writes());
  EXPECT_FALSE(s.is_view());
  Schema v = parse_schema("transpose(Tensor(a) input, int dim0, int dim1) -> Tensor(a)");
  EXPECT_TRUE(v.is_view());
  EXPECT_FALSE(v.writes());
  Schema o = parse_schema("clamp(Tensor input, Scalar? min=None, Scalar? max=None) -> Tensor");
  EXPECT_TRUE(o.params[1].optional);
  EXPECT_EQ(o.nrequired, 1u);
}

TEST(OpSchema, MalformedSchemasAreRefused) {
  for (const char* bad : {"clamp(Tensor input", "f(Tensor) -> Tensor", "f(Tensor a=1, Tensor b) -> Tensor",
                          "f(Tensor a, *, Tensor b) -> Tensor", "f(Tensor(a? x) -> Tensor", "f(Tensor x, Tensor x) -> Tensor"})
    EXPECT_THROW(parse_schema(bad), std::logic_error) << bad;
}

// Binds names in the order kwnames gives them (str Values of the VM).
struct Call {
  kiln::vm::VM& vm;
  std::vector<kiln::vm::Value> kw;
  explicit Call(kiln::vm::VM& v, std::initializer_list<const char*> names) : vm(v) {
    for (const char* n : names) kw.push_back(vm.intern(n));
  }
};

TEST(OpSchema, MatchBindsPositionalKeywordAndReceiver) {
  kiln::Options o;
  kiln::vm::VM vm(o);
  Schema clamp = parse_schema("clamp(Tensor input, Scalar? min=None, Scalar? max=None) -> Tensor");
  int slot[8];
  std::string err;
  // clamp(x, max=1): x is argument 0, max argument 1 (the first keyword).
  Call c1(vm, {"max"});
  ASSERT_TRUE(match(clamp, 1, c1.kw.data(), 1, false, slot, &err)) << err;
  EXPECT_EQ(slot[0], 0);
  EXPECT_EQ(slot[1], -1);
  EXPECT_EQ(slot[2], 1);
  // where's method binds its receiver to input, the second parameter:
  // x.where(c, y) is where(condition=c, input=x, other=y).
  Schema where = parse_schema("where(Tensor condition, Tensor input, Tensor other) -> Tensor");
  ASSERT_TRUE(match(where, 3, nullptr, 0, true, slot, &err)) << err;
  EXPECT_EQ(slot[0], 1);
  EXPECT_EQ(slot[1], 0);
  EXPECT_EQ(slot[2], 2);
  ASSERT_TRUE(match(where, 3, nullptr, 0, false, slot, &err)) << err;
  EXPECT_EQ(slot[0], 0);
  EXPECT_EQ(slot[1], 1);
  // CPython's TypeErrors.
  Call c2(vm, {"bogus"});
  EXPECT_FALSE(match(clamp, 1, c2.kw.data(), 1, false, slot, &err));
  EXPECT_EQ(err, "clamp() got an unexpected keyword argument 'bogus'");
  Call c3(vm, {"input"});
  EXPECT_FALSE(match(clamp, 1, c3.kw.data(), 1, false, slot, &err));
  EXPECT_EQ(err, "clamp() got multiple values for argument 'input'");
  EXPECT_FALSE(match(where, 2, nullptr, 0, false, slot, &err));
  EXPECT_EQ(err, "where() missing 1 required positional arguments: \"other\"");  // (sic: PyTorch's words)
  Schema add = parse_schema("add(Tensor input, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_FALSE(match(add, 3, nullptr, 0, false, slot, &err));
  EXPECT_EQ(err, "add() takes 2 positional arguments but 3 were given");
  EXPECT_FALSE(match(add, 3, nullptr, 0, true, slot, &err));  // x.add(y, z): counted without self
  EXPECT_EQ(err, "add() takes 1 positional argument but 2 were given");
}

TEST(OpRegistry, ElementwiseOpsNameTheirKernelOp) {
  kiln::torch::ops::Elementwise e;
  ASSERT_TRUE(kiln::torch::ops::elementwise_of(kiln::torch::ops::op(OpId::exp), &e));
  EXPECT_TRUE(e.unary);
  EXPECT_EQ(e.op, int(kiln::torch::UnaryOp::exp));
  ASSERT_TRUE(kiln::torch::ops::elementwise_of(kiln::torch::ops::op(OpId::mul), &e));
  EXPECT_FALSE(e.unary);
  EXPECT_EQ(e.op, int(kiln::torch::BinaryOp::mul));
  // In place, or with more parameters: not a plain kernel op.
  EXPECT_FALSE(kiln::torch::ops::elementwise_of(kiln::torch::ops::op(OpId::exp_), &e));
  EXPECT_FALSE(kiln::torch::ops::elementwise_of(kiln::torch::ops::op(OpId::add), &e));
  EXPECT_FALSE(kiln::torch::ops::elementwise_of(kiln::torch::ops::op(OpId::sum), &e));
}

}  // namespace

// ------------------------------------------------------------------ meta functions
// Every op with a meta function (ops/meta.h): on sample arguments of every
// dtype, broadcast shapes and Python numbers, the meta's dtype and sizes
// are the eager result's, and where eager raises, the meta raises the same
// error.

namespace {

using kiln::torch::DType;
using kiln::torch::Shape;
using kiln::torch::ops::MetaArg;
using kiln::torch::ops::TensorMeta;

std::vector<size_t> ops_with_meta() {
  std::vector<size_t> r;
  for (size_t i = 0; i < all_ops().size(); i++) {
    kiln::torch::ops::Elementwise e;
    if (kiln::torch::ops::elementwise_of(all_ops()[i], &e)) r.push_back(i);
  }
  return r;
}

class MetaOfOp : public ::testing::TestWithParam<size_t> {};

// A sample argument: a tensor of ones (dtype, sizes) or a Python number.
struct Sample {
  bool tensor;
  DType dtype;
  std::vector<int64_t> sizes;
  double number;
  bool is_int;
};

TEST_P(MetaOfOp, AgreesWithEager) {
  const OpDef& op = all_ops()[GetParam()];
  kiln::torch::ops::Elementwise e;
  ASSERT_TRUE(kiln::torch::ops::elementwise_of(op, &e));
  const DType dtypes[] = {DType::Float32, DType::Float64, DType::Int64, DType::Int32, DType::Bool};
  std::vector<std::vector<Sample>> calls;
  for (DType a : dtypes) {
    if (e.unary) {
      calls.push_back({{true, a, {2, 3}, 0, false}});
      calls.push_back({{true, a, {}, 0, false}});
      continue;
    }
    for (DType b : dtypes) {
      calls.push_back({{true, a, {2, 3}, 0, false}, {true, b, {3}, 0, false}});
      calls.push_back({{true, a, {4, 1}, 0, false}, {true, b, {1, 5}, 0, false}});
    }
    calls.push_back({{true, a, {2, 3}, 0, false}, {false, a, {}, 2, true}});
    calls.push_back({{true, a, {2, 3}, 0, false}, {false, a, {}, 0.5, false}});
    calls.push_back({{false, a, {}, 1.5, false}, {true, a, {3}, 0, false}});
    calls.push_back({{true, a, {2, 3}, 0, false}, {true, a, {4}, 0, false}});  // shapes that do not broadcast
  }
  size_t checked = 0;
  for (const auto& call : calls) {
    std::vector<kiln::torch::Tensor> tensors;
    tensors.reserve(call.size());
    std::vector<MetaArg> margs;
    std::vector<kiln::torch::Operand> operands;
    for (const Sample& s : call) {
      kiln::torch::Scalar num = s.is_int ? kiln::torch::Scalar::from_int(int64_t(s.number))
                                         : kiln::torch::Scalar::from_double(s.number);
      if (s.tensor) {
        tensors.push_back(kiln::torch::empty(Shape(std::span<const int64_t>(s.sizes)), s.dtype));
        kiln::torch::fill(tensors.back(), kiln::torch::Scalar::from_int(1));
        margs.push_back(MetaArg{TensorMeta{s.dtype, tensors.back().sizes}, {}});
        operands.emplace_back(tensors.back());
      } else {
        margs.push_back(MetaArg{std::nullopt, s.is_int ? kiln::vm::Value::small_int(int64_t(s.number))
                                                       : kiln::vm::Value::from_double(s.number)});
        operands.emplace_back(num);
      }
    }
    std::string eager_error, meta_error;
    TensorMeta want, got;
    try {
      kiln::torch::Tensor r = e.unary ? kiln::torch::unary(kiln::torch::UnaryOp(e.op), tensors[0])
                                      : kiln::torch::binary(kiln::torch::BinaryOp(e.op), operands[0], operands[1]);
      want = TensorMeta{r.dtype, r.sizes};
    } catch (const kiln::torch::Error& err) {
      eager_error = err.message;
    }
    bool has_meta = false;
    try {
      has_meta = kiln::torch::ops::infer_meta(op, margs, &got);
      ASSERT_TRUE(has_meta) << op.schema.name;
    } catch (const kiln::torch::Error& err) {
      meta_error = err.message;
    }
    EXPECT_EQ(meta_error, eager_error) << op.schema.name << " call " << checked;
    if (eager_error.empty() && meta_error.empty()) {
      EXPECT_EQ(int(got.dtype), int(want.dtype)) << op.schema.name << " call " << checked;
      EXPECT_TRUE(got.sizes == want.sizes) << op.schema.name << " call " << checked;
    }
    checked++;
  }
  EXPECT_GT(checked, 0u);
}

INSTANTIATE_TEST_SUITE_P(OpRegistry, MetaOfOp, ::testing::ValuesIn(ops_with_meta()),
                         [](const ::testing::TestParamInfo<size_t>& i) {
                           return std::string(kiln::torch::ops::op_id_name(all_ops()[i.param].id));
                         });

// An op without a meta function says so (no guess).
TEST(OpMeta, OpsWithoutOneAnswerFalse) {
  TensorMeta out;
  std::vector<MetaArg> args(2);
  args[0].tensor = TensorMeta{DType::Float32, Shape{}};
  EXPECT_FALSE(kiln::torch::ops::infer_meta(kiln::torch::ops::op(OpId::sum), args, &out));
}

}  // namespace
