// Unit tests of the torch op registry (stdlib/torch/ops/): every schema of
// ops.def parses and prints back as written, follows the conventions the
// passes rely on, and is what the torch module and Tensor class expose;
// the one binder (schema.h: match) binds calls as the natives and the
// graph compiler see them.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

#include <optional>
#include <random>
#include <set>
#include <string>

#include "stdlib/torch/elementwise.h"
#include "tests/unit/op_samples.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/state.h"
#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/tensor_object.h"
#include "stdlib/torch/views.h"
#include "vm/dict.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/tuple.h"
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
  // to_<name> where the name is a C++ keyword (x.float()), or
  // <name>_method for a method whose parameters PyTorch names otherwise
  // than the function's (x.split(split_size) and torch.split(tensor,
  // split_size_or_sections)), or <name>_<overload> for an overload.
  std::string id = kiln::torch::ops::op_id_name(op.id);
  bool method_form = s.name + "_method" == id && op.variants == kiln::torch::ops::Variants::Method;
  // A later overload: <name>_<PyTorch's overload name> (arange_start).
  bool overload = kiln::torch::ops::is_later_overload(op) && id.rfind(s.name + "_", 0) == 0;
  EXPECT_TRUE(s.name == id || "to_" + s.name == id || method_form || overload) << id;
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
  for (const OpDef& op_or_overload : all_ops()) {
    // (A later overload is reached through the first's native.)
    const OpDef* first = &op_or_overload;
    if (kiln::torch::ops::is_later_overload(op_or_overload))
      for (const OpDef& o : all_ops())
        for (const OpDef* n = &o; n; n = kiln::torch::ops::next_overload(*n))
          if (n == &op_or_overload && !kiln::torch::ops::is_later_overload(o)) first = &o;
    ASSERT_FALSE(kiln::torch::ops::is_later_overload(*first)) << op_or_overload.name();
    const OpDef& op = *first;
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
                          "f(Tensor(a? x) -> Tensor", "f(Tensor x, Tensor x) -> Tensor"})
    EXPECT_THROW(parse_schema(bad), std::logic_error) << bad;
}

// A keyword-only parameter without a default (randint's generator
// overloads) must be given by keyword.
TEST(OpSchema, RequiredKeywordOnlyParameter) {
  kiln::Options o;
  kiln::vm::VM vm(o);
  Schema f = parse_schema("f(Tensor a, *, Tensor b, int c=1) -> Tensor");
  EXPECT_EQ(f.kw_required, 2u);
  int slot[8];
  std::string err;
  EXPECT_FALSE(match(f, 1, nullptr, 0, false, slot, &err));
  EXPECT_EQ(err, "f() missing 1 required keyword-only argument: 'b'");
  kiln::vm::Value kw[1] = {vm.intern("b")};
  ASSERT_TRUE(match(f, 1, kw, 1, false, slot, &err)) << err;
  EXPECT_EQ(slot[1], 1);
  EXPECT_EQ(slot[2], -1);
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
// Every op's meta function (ops/meta.h), generated from its schema: random
// calls whose arguments are drawn by each parameter's type and name (every
// dtype, broadcastable and mismatched shapes, dims in and out of range,
// Python numbers, omitted defaults, keywords) run eagerly and through
// infer_meta on meta tensors of the same layouts. Where eager returns, the
// meta returns the same structure with each tensor's dtype and sizes (and
// strides and offset for a view; the input itself for an in-place op);
// where eager raises, the meta raises the same exception and message,
// except an error about an index's or mask's values (data a meta tensor
// does not have).

namespace {

using kiln::torch::DType;
using kiln::torch::Shape;
using kiln::vm::Value;
using kiln_test::exception_text;
using kiln_test::Gen;
using MetaHarness = kiln_test::OpHarness;

// The same value with meta tensors for its tensors (lists: a new list).
Value as_meta(MetaHarness& h, const Value& v) {
  if (kiln::torch::is_tensor(v)) return kiln::torch::ops::meta_object(h.vm, kiln::torch::meta_like(kiln::torch::tensor_of(v)));
  if (kiln::vm::is_kind(v, kiln::vm::ObjKind::List)) {
    Value l = kiln::vm::list_new(h.vm);
    for (const Value& x : v.as<kiln::vm::ListObject>()->items) l.as<kiln::vm::ListObject>()->items.push_back(as_meta(h, x));
    return l;
  }
  return v;
}

// An error about the values in an index or mask (not its metadata).
bool data_error(const std::string& e) {
  for (const char* m : {"out of bounds", "out of range in self", "INDICES element", "Mask tensor can take 0 and 1",
                        "ZeroDivisionError", "Integers to negative integer powers"})
    if (e.find(m) != std::string::npos) return true;
  return false;
}

// Compares eager result r with meta result m; in-place ops return their
// input (eager_in / meta_in).
void expect_same(MetaHarness& h, const OpDef& op, const Value& r, const Value& m, const Value& eager_in,
                 const Value& meta_in, bool tensor_arg, const std::string& where) {
  if (op.schema.writes()) {
    EXPECT_TRUE(r.bits() == eager_in.bits()) << where;
    EXPECT_TRUE(m.bits() == meta_in.bits()) << where << ": an in-place op's meta returns its input";
    // The input afterwards (an in-place view op, t_ or squeeze_, changes
    // its sizes and strides).
    const auto& a = kiln::torch::tensor_of(eager_in);
    const auto& b = kiln::torch::tensor_of(meta_in);
    EXPECT_EQ(int(a.dtype), int(b.dtype)) << where;
    EXPECT_TRUE(a.sizes == b.sizes && a.strides == b.strides && a.offset == b.offset)
        << where << ": eager " << a.sizes.str() << " " << a.strides.str() << ", meta " << b.sizes.str() << " "
        << b.strides.str();
    return;
  }
  if (kiln::torch::is_tensor(r)) {
    ASSERT_TRUE(kiln::torch::is_tensor(m)) << where;
    const auto& a = kiln::torch::tensor_of(r);
    const auto& b = kiln::torch::tensor_of(m);
    // (A call of numbers only, torch.mul(2, 3.5), has no meta tensor to start from.)
    if (tensor_arg) EXPECT_TRUE(kiln::torch::is_meta(b)) << where;
    EXPECT_EQ(int(a.dtype), int(b.dtype)) << where;
    EXPECT_TRUE(a.sizes == b.sizes) << where << ": eager " << a.sizes.str() << ", meta " << b.sizes.str();
    if (op.schema.is_view() && kiln::torch::is_meta(b) == true && a.storage.get() == kiln::torch::tensor_of(eager_in).storage.get()) {
      EXPECT_TRUE(a.strides == b.strides) << where << ": eager strides " << a.strides.str() << ", meta " << b.strides.str();
      EXPECT_EQ(a.offset, b.offset) << where;
    }
    return;
  }
  ASSERT_TRUE(kiln::vm::is_kind(r, kiln::vm::ObjKind::Tuple)) << where << ": " << kiln::vm::type_name(h.vm, r);
  ASSERT_TRUE(kiln::vm::is_kind(m, kiln::vm::ObjKind::Tuple)) << where;
  auto* rt = r.as<kiln::vm::TupleObject>();
  auto* mt = m.as<kiln::vm::TupleObject>();
  ASSERT_EQ(rt->size, mt->size) << where;
  EXPECT_EQ(r.as_object()->type, m.as_object()->type) << where;
  for (size_t i = 0; i < rt->size; i++) expect_same(h, op, rt->items[i], mt->items[i], eager_in, meta_in, tensor_arg, where);
}

class MetaOfOp : public ::testing::TestWithParam<size_t> {};

constexpr int kCalls = 500;

TEST_P(MetaOfOp, AgreesWithEager) {
  MetaHarness& h = kiln_test::op_harness();
  const OpDef& op = all_ops()[GetParam()];
  const auto& s = op.schema;
  Gen g(uint32_t(GetParam()) * 7919u + 17u);
  int ok = 0, raised = 0;
  for (int call = 0; call < kCalls; call++) {
    kiln_test::SampledCall c = kiln_test::sample_call(h, op, g, kiln_test::SampleStyle::Metadata);
    bool method = c.method, tensor_arg = false;
    const std::vector<Value>& eager_args = c.args;
    std::vector<Value> meta_args;
    for (const Value& v : eager_args)
      tensor_arg = tensor_arg || kiln::torch::is_tensor(v) || kiln::vm::is_kind(v, kiln::vm::ObjKind::List);
    for (const Value& v : eager_args) meta_args.push_back(as_meta(h, v));
    const auto* kw = c.kwnames ? c.kwnames.as<kiln::vm::TupleObject>() : nullptr;
    std::string where = s.name + " call " + std::to_string(call);
    // Eagerly as the op's native runs it: bound by the schema, then the impl.
    kiln::torch::ops::Bound bound;
    Value r;
    if (kiln::torch::ops::bind(h.vm, op, kiln::vm::CallArgs{eager_args.data(), c.npos, kw}, method, &bound))
      r = op.impl(h.vm, bound, op);
    std::string eager_error = r ? "" : exception_text(h);
    Value m;
    bool meta_ok = kiln::torch::ops::infer_meta(h.vm, op, kiln::vm::CallArgs{meta_args.data(), c.npos, kw}, method, &m);
    std::string meta_error = meta_ok ? "" : exception_text(h);
    if (!eager_error.empty()) {
      raised++;
      if (meta_ok && data_error(eager_error)) continue;
      EXPECT_EQ(meta_error, eager_error) << where;
      continue;
    }
    ok++;
    ASSERT_EQ(meta_error, "") << where;
    expect_same(h, op, r, m, eager_args.empty() ? Value() : eager_args[0], meta_args.empty() ? Value() : meta_args[0],
                tensor_arg, where);
    if (::testing::Test::HasFailure()) return;  // the first disagreement is enough
  }
  // The samples reach the op's results, not only its errors.
  EXPECT_GT(ok, 10) << s.name << ": " << raised << " of " << kCalls << " calls raised";
}

INSTANTIATE_TEST_SUITE_P(OpRegistry, MetaOfOp, ::testing::Range(size_t(0), all_ops().size()),
                         [](const ::testing::TestParamInfo<size_t>& i) {
                           return std::string(kiln::torch::ops::op_id_name(all_ops()[i.param].id));
                         });

}  // namespace

// A result whose sizes are a meta tensor's data is unknown: arange and
// randint of a 0-dim tensor return false with no exception pending (a graph
// node's check skips it), where a number gives the sizes.
TEST(OpRegistry, MetaOfDataDependentSizesIsUnknown) {
  kiln_test::OpHarness& h = kiln_test::op_harness();
  using kiln::torch::ops::OpId;
  Value bound = kiln::torch::ops::meta_object(h.vm, kiln::torch::meta_tensor(kiln::torch::Shape{}, kiln::torch::DType::Int64));
  Value size = kiln::vm::tuple_new(h.vm, 1);
  size.as<kiln::vm::TupleObject>()->items[0] = Value::small_int(2);
  Value m;
  Value arange_args[1] = {bound};
  EXPECT_FALSE(kiln::torch::ops::infer_meta(h.vm, kiln::torch::ops::op(OpId::arange), kiln::vm::CallArgs{arange_args, 1, nullptr}, false, &m));
  EXPECT_FALSE(h.vm.has_exception());
  Value randint_args[2] = {bound, size};
  EXPECT_FALSE(kiln::torch::ops::infer_meta(h.vm, kiln::torch::ops::op(OpId::randint_high), kiln::vm::CallArgs{randint_args, 2, nullptr}, false, &m));
  EXPECT_FALSE(h.vm.has_exception());
  arange_args[0] = Value::small_int(4);
  ASSERT_TRUE(kiln::torch::ops::infer_meta(h.vm, kiln::torch::ops::op(OpId::arange), kiln::vm::CallArgs{arange_args, 1, nullptr}, false, &m));
  EXPECT_EQ(kiln::torch::tensor_of(m).sizes, (kiln::torch::Shape{4}));
}
