// tests/unit/op_samples.cpp — random calls of registry ops (op_samples.h).
#include "tests/unit/op_samples.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <optional>

#include "kiln/kiln.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/state.h"
#include "stdlib/torch/tensor_object.h"
#include "stdlib/torch/views.h"
#include "vm/dict.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/slice.h"
#include "vm/str.h"
#include "vm/tuple.h"

namespace kiln_test {

using kiln::torch::DType;
using kiln::torch::Shape;

OpHarness::OpHarness() {
  EXPECT_TRUE(vm.import_module("torch"));
  torch_mod = kiln::torch::torch_state(vm).module;
}

Value OpHarness::attr(const char* name) {
  return kiln::vm::dict_get_str(torch_mod.as<kiln::vm::ModuleObject>()->dict.as<kiln::vm::DictObject>(),
                                vm.intern(name).as<kiln::vm::StrObject>());
}

OpHarness& op_harness() {
  static OpHarness* h = new OpHarness();  // one VM for every op's test
  return *h;
}

namespace {

struct Sampler {
  OpHarness& h;
  Gen& g;
  SampleStyle style;

  bool grads() const { return style == SampleStyle::Gradients; }

  // A tensor of this dtype and sizes. Metadata style: small values (index-
  // like ones 0 or 1). Gradients style: continuous values in one of three
  // ranges (0.2 to 0.9 either sign, positive only, above one), so log,
  // sqrt, asin and acosh each meet their domain often; never near zero,
  // where remainder's and fmod's steps (a / b) crowd closer than the
  // finite differences' step.
  Value tensor(DType dt, const std::vector<int64_t>& sizes, bool small_ints) {
    // A quarter of the tensors of two or more dims are transposed views
    // (non-contiguous: what view/reshape/expand and the kernels' strided
    // paths must handle): filled as their contiguous base, then transposed.
    bool transposed = sizes.size() >= 2 && g.coin(25);
    std::vector<int64_t> layout = sizes;
    if (transposed) std::swap(layout[layout.size() - 1], layout[layout.size() - 2]);
    kiln::torch::Tensor t = kiln::torch::empty(Shape(std::span<const int64_t>(layout)), dt);
    int range = g.pick(3);
    for (int64_t i = 0; i < t.numel(); i++) {
      kiln::torch::Scalar v;
      if (grads() && !small_ints && kiln::torch::is_floating(dt)) {
        double x = range == 0 ? g.uniform(0.2, 0.9) * (g.coin(50) ? 1 : -1) : range == 1 ? g.uniform(0.2, 0.9) : g.uniform(1.1, 2.0);
        v = kiln::torch::Scalar::from_double(x);
      } else {
        int k = small_ints ? g.pick(2) : g.pick(5) - 2;
        v = dt == DType::Bool ? kiln::torch::Scalar::from_bool(k > 0)
                              : kiln::torch::Scalar::from_double(kiln::torch::is_floating(dt) ? k * 0.75 : k);
      }
      kiln::torch::fill(kiln::torch::make_view(t, Shape(), Shape(), i), v);
    }
    if (transposed) t = kiln::torch::transpose(t, -1, -2);
    return kiln::torch::wrap(h.vm, std::move(t));
  }

  // The first tensor argument of a call, which the others often match.
  struct Like {
    DType dtype;
    std::vector<int64_t> sizes;
  };
  static constexpr DType kDtypes[] = {DType::Float32, DType::Float64, DType::Int64, DType::Int32, DType::Bool};
  std::vector<std::vector<int64_t>> shapes = {{2, 3}, {3}, {}, {2, 1, 3}, {3, 2}, {1, 3}, {2, 3, 1}, {0, 3}, {2, 3, 3}, {2, 3, 2}, {4}};

  DType any_dtype() { return grads() ? DType::Float64 : g.coin(50) ? DType::Float32 : kDtypes[g.pick(5)]; }

  // A tensor argument; after the first (`like`), often of its dtype, and of
  // its sizes, reversed sizes, last two sizes swapped or last size (what
  // products and broadcasts fit).
  Value any_tensor(const Like* like = nullptr) {
    DType dt = like && g.coin(70) ? like->dtype : any_dtype();
    std::vector<int64_t> shape = shapes[size_t(g.pick(int(shapes.size())))];
    if (like) {
      int r = g.pick(100);
      if (r < 40) shape = like->sizes;
      else if (r < 50) shape.assign(like->sizes.rbegin(), like->sizes.rend());
      else if (r < 60 && like->sizes.size() >= 2) {
        shape = like->sizes;
        std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
      } else if (r < 70 && !like->sizes.empty()) shape = {like->sizes.back()};
    }
    return tensor(dt, shape, false);
  }

  Value int_list(std::initializer_list<int64_t> xs) {
    Value l = kiln::vm::list_new(h.vm);
    for (int64_t x : xs) l.as<kiln::vm::ListObject>()->items.push_back(Value::small_int(x));
    return l;
  }

  Value number() {
    switch (g.pick(4)) {
      case 0: return Value::small_int(2);
      case 1: return Value::from_double(0.5);
      case 2: return grads() ? Value::from_double(1.5) : Value::boolean(true);
      default: return Value::small_int(-1);
    }
  }

  // An argument for parameter p (the first tensor's dtype and sizes in `like`).
  Value sample(const kiln::torch::ops::Param& p, const Like* like) {
    const std::string& t = p.type;
    const std::string& n = p.name;
    if (p.optional && g.coin(n == "out" ? 90 : 15)) return Value::none();  // (out=: not supported, mostly left out)
    if (t == "Tensor" || t == "Tensor|Scalar") {
      if (t == "Tensor|Scalar" && g.coin(30)) return number();
      if (n == "index") {
        DType dt = grads() || g.coin(80) ? DType::Int64 : g.coin(50) ? DType::Int32 : DType::Float32;
        static const std::vector<std::vector<int64_t>> ix = {{2}, {2, 2}, {2, 3}, {1, 3}, {}, {3}, {1, 2}};
        // (Gradients: also single positions, where a scatter writes each
        // element of its result at most once.)
        static const std::vector<std::vector<int64_t>> single = {{1}, {1, 1}, {2, 1}, {1, 1, 1}};
        if (grads() && g.coin(30)) return tensor(dt, single[size_t(g.pick(int(single.size())))], true);
        return tensor(dt, like && g.coin(50) ? like->sizes : ix[size_t(g.pick(int(ix.size())))], true);
      }
      if (n == "mask" || n == "condition") {
        DType dt = grads() || g.coin(80) ? DType::Bool : g.coin(50) ? DType::Int64 : DType::Float32;
        return tensor(dt, like && g.coin(60) ? like->sizes : shapes[size_t(g.pick(int(shapes.size())))], true);
      }
      // A vector operand (mv, ger, outer) of the first tensor's last size.
      if ((n == "vec" || n == "vec2") && like && !like->sizes.empty() && g.coin(70))
        return tensor(like->dtype, {like->sizes.back()}, false);
      return any_tensor(like);
    }
    if (t == "Index") {  // a basic index: ints, slices, None, `...`, a tuple of them
      auto item = [&]() -> Value {
        switch (g.pick(6)) {
          case 0: return Value::small_int(g.pick(4) - 2);
          case 1: return Value::none();
          case 2: return Value::ellipsis();
          default: {
            auto end = [&]() { return g.coin(30) ? Value::none() : Value::small_int(g.pick(7) - 3); };
            Value start = end(), stop = end();
            return kiln::vm::slice_new(h.vm, start, stop, g.coin(80) ? Value::none() : Value::small_int(1 + g.pick(2)));
          }
        }
      };
      if (g.coin(40)) return item();
      size_t k = 1 + size_t(g.pick(3));
      Value tup = kiln::vm::tuple_new(h.vm, k);
      for (size_t i = 0; i < k; i++) tup.as<kiln::vm::TupleObject>()->items[i] = item();
      return tup;
    }
    if (t == "Tensor[]") {
      Value l = kiln::vm::list_new(h.vm);
      int k = 1 + g.pick(3);
      Like first{any_dtype(), shapes[size_t(g.pick(int(shapes.size())))]};
      for (int i = 0; i < k; i++) l.as<kiln::vm::ListObject>()->items.push_back(any_tensor(&first));
      if (!grads() && g.coin(5)) l.as<kiln::vm::ListObject>()->items.push_back(Value::small_int(1));
      return l;
    }
    if (t == "Scalar") {
      if (n == "p" && g.coin(20)) return h.vm.intern("fro");
      return number();
    }
    if (t == "bool") return Value::boolean(g.coin(50));
    if (t == "float") return Value::from_double(g.coin(50) ? 0.0 : 1.5);
    if (t == "str") {
      // (Gradients: mostly the default; scatter's reduce= has no derivative.)
      if (grads() && p.optional && g.coin(60)) return Value::none();
      static const char* const kStrs[] = {"floor", "trunc", "add", "multiply", "bogus"};
      return h.vm.intern(kStrs[g.pick(5)]);
    }
    if (t == "MemoryFormat" || t == "Layout" || t == "Generator") return Value::none();  // (Kiln has none but the default)
    if (t == "Device") return g.coin(50) ? h.vm.intern("cpu") : Value::none();
    if (t == "Device|ScalarType|Tensor") {  // (Tensor.to's first parameter)
      switch (g.pick(4)) {
        case 0: return h.vm.intern("cpu");
        case 1: return any_tensor(like);
        default: {
          static const char* const kTypes[] = {"float64", "int64", "float32", "bool"};
          return h.attr(kTypes[grads() && g.coin(75) ? 0 : g.pick(4)]);
        }
      }
    }
    if (t == "ScalarType") {
      static const char* const kTypes[] = {"float64", "int64", "float32", "bool"};
      return h.attr(kTypes[grads() && g.coin(75) ? 0 : g.pick(4)]);
    }
    if (t == "int") {
      if (n == "k") return Value::small_int(g.pick(5) - 1);
      if (n == "chunks") return Value::small_int(g.pick(4));
      return Value::small_int(g.pick(7) - 3);
    }
    if (t == "int[1]" || t == "int[]") {
      if (g.coin(40)) return Value::small_int(g.pick(5) - 2);
      switch (g.pick(5)) {
        case 0: return int_list({0});
        case 1: return int_list({0, 1});
        case 2: return int_list({-1});
        case 3: return int_list({1, 1});
        default: return int_list({});
      }
    }
    if (t == "int...") {
      static const std::vector<std::vector<int64_t>> lists = {
          {-1}, {6}, {3, 2}, {2, 3}, {2, -1}, {1, 6}, {3}, {1, 2, 3}, {2, 1, 3}, {0}, {1, 0}, {0, 1}, {2, 0, 1}, {4, 6}, {2, 2}, {-1, 3}, {}};
      const auto& l = lists[size_t(g.pick(int(lists.size())))];
      Value v = kiln::vm::list_new(h.vm);
      for (int64_t x : l) v.as<kiln::vm::ListObject>()->items.push_back(Value::small_int(x));
      return v;
    }
    ADD_FAILURE() << "no sample for a parameter of type " << t;
    return Value::none();
  }
};

}  // namespace

SampledCall sample_call(OpHarness& h, const kiln::torch::ops::OpDef& op, Gen& g, SampleStyle style) {
  const auto& s = op.schema;
  Sampler sm{h, g, style};
  SampledCall c;
  c.method = !op.has_function() && op.has_method();
  // Positional arguments in order until one is left out; the rest by keyword.
  std::vector<Value> pos, kwvals, kwnames;
  std::optional<Sampler::Like> like;
  bool by_keyword = false;
  for (size_t i = 0; i < s.params.size(); i++) {
    const auto& p = s.params[i];
    if (p.has_default && g.coin(40)) {
      by_keyword = true;
      continue;
    }
    Value v = sm.sample(p, like ? &*like : nullptr);
    if (!like && kiln::torch::is_tensor(v)) {
      const auto& t = kiln::torch::tensor_of(v);
      like = Sampler::Like{t.dtype, std::vector<int64_t>(t.sizes.begin(), t.sizes.end())};
    }
    if (c.method && int(i) == s.receiver) {
      if (!kiln::torch::is_tensor(v)) v = sm.any_tensor();
      pos.insert(pos.begin(), v);
      continue;
    }
    if (p.kwonly || by_keyword) {
      kwnames.push_back(h.vm.intern(p.name));
      kwvals.push_back(v);
    } else {
      pos.push_back(v);
    }
  }
  c.args = pos;
  c.args.insert(c.args.end(), kwvals.begin(), kwvals.end());
  c.npos = pos.size();
  if (!kwnames.empty()) {
    c.kwnames = kiln::vm::tuple_new(h.vm, kwnames.size());
    for (size_t k = 0; k < kwnames.size(); k++) c.kwnames.as<kiln::vm::TupleObject>()->items[k] = kwnames[k];
  }
  return c;
}

OpFunction::OpFunction(OpHarness& h_, const kiln::torch::ops::OpDef& op_, SampledCall c) : h(h_), op(op_), call(std::move(c)) {
  using kiln::torch::DType;
  for (size_t a = 0; a < call.args.size(); a++) {
    const Value& v = call.args[a];
    if (kiln::torch::is_tensor(v) && kiln::torch::tensor_of(v).dtype == DType::Float64) {
      slots.push_back({a, -1});
      x0.push_back(kiln::torch::tensor_of(v));
    } else if (kiln::vm::is_kind(v, kiln::vm::ObjKind::List)) {
      auto& list = v.as<kiln::vm::ListObject>()->items;
      for (size_t i = 0; i < list.size(); i++)
        if (kiln::torch::is_tensor(list[i]) && kiln::torch::tensor_of(list[i]).dtype == DType::Float64) {
          slots.push_back({a, int(i)});
          x0.push_back(kiln::torch::tensor_of(list[i]));
        }
    }
  }
}

std::optional<kiln::torch::autograd::VarList> OpFunction::operator()(const kiln::torch::autograd::VarList& xs) {
  using kiln::torch::autograd::VarList;
  std::vector<Value> args = call.args;
  for (size_t a = 0; a < args.size(); a++)
    if (kiln::vm::is_kind(args[a], kiln::vm::ObjKind::List)) {
      Value l = kiln::vm::list_new(h.vm);
      l.as<kiln::vm::ListObject>()->items = args[a].as<kiln::vm::ListObject>()->items;
      args[a] = l;
    }
  for (size_t i = 0; i < slots.size(); i++) {
    Value t = kiln::torch::wrap(h.vm, xs[i]);
    if (slots[i].item < 0) args[slots[i].arg] = t;
    else args[slots[i].arg].as<kiln::vm::ListObject>()->items[size_t(slots[i].item)] = t;
  }
  if (op.schema.writes()) args[0] = kiln::torch::wrap(h.vm, kiln::torch::autograd::clone(kiln::torch::var_of(args[0])));
  kiln::torch::ops::Bound b;
  Value r;
  kiln::vm::CallArgs ca{args.data(), call.npos, call.kwnames ? call.kwnames.as<kiln::vm::TupleObject>() : nullptr};
  if (kiln::torch::ops::bind(h.vm, op, ca, call.method, &b)) r = op.impl(h.vm, b, op);
  if (!r) {
    exception_text(h);
    return std::nullopt;
  }
  VarList outs;
  items.clear();
  auto take = [&](const Value& v, int item) {
    if (kiln::torch::is_tensor(v) && kiln::torch::is_floating(kiln::torch::tensor_of(v).dtype)) {
      outs.push_back(kiln::torch::var_of(v));
      items.push_back(item);
    }
  };
  if (kiln::vm::is_kind(r, kiln::vm::ObjKind::Tuple)) {
    auto* t = r.as<kiln::vm::TupleObject>();
    for (size_t i = 0; i < t->size; i++) take(t->items[i], int(i));
  } else if (kiln::vm::is_kind(r, kiln::vm::ObjKind::List)) {
    auto& list = r.as<kiln::vm::ListObject>()->items;
    for (size_t i = 0; i < list.size(); i++) take(list[i], int(i));
  } else {
    take(r, -1);
  }
  return outs;
}

kiln::torch::Tensor random_like(const kiln::torch::Tensor& t, Gen& g) {
  kiln::torch::Tensor r = kiln::torch::empty(t.sizes, DType::Float64);
  double* p = r.data<double>();
  for (int64_t i = 0; i < r.numel(); i++) p[i] = g.uniform(-1, 1);
  return r;
}

kiln::torch::autograd::Var leaf(const kiln::torch::Tensor& t) {
  kiln::torch::autograd::Var v(t);
  v.ensure_meta().requires_grad = true;
  return v;
}

bool same_bits(const kiln::torch::Tensor& a, const kiln::torch::Tensor& b) {
  if (a.dtype != b.dtype || a.sizes != b.sizes) return false;
  kiln::torch::Tensor ca = kiln::torch::contiguous(a), cb = kiln::torch::contiguous(b);
  size_t size = ca.element_size();
  for (int64_t i = 0; i < ca.numel(); i++) {
    if (std::memcmp(ca.data_bytes() + i * int64_t(size), cb.data_bytes() + i * int64_t(size), size) == 0) continue;
    double x = kiln::torch::element_as_double(ca, i), y = kiln::torch::element_as_double(cb, i);
    if (!(std::isnan(x) && std::isnan(y))) return false;
  }
  return true;
}

std::string describe(OpHarness& h, const SampledCall& c) {
  std::string out = c.method ? "method (" : "(";
  for (size_t i = 0; i < c.args.size(); i++) {
    if (i) out += ", ";
    if (i >= c.npos) out += std::string(kiln::vm::str_view(c.kwnames.as<kiln::vm::TupleObject>()->items[i - c.npos])) + "=";
    Value r = kiln::vm::repr(h.vm, c.args[i]);
    out += r ? std::string(kiln::vm::str_view(r)) : "?";
    if (kiln::torch::is_tensor(c.args[i])) out += " strides " + kiln::torch::tensor_of(c.args[i]).strides.str();
    h.vm.clear_exception();
  }
  return out + ")";
}

std::string exception_text(OpHarness& h) {
  Value e = h.vm.take_exception();
  h.vm.clear_exception();
  if (!e) return "(none)";
  Value s = kiln::vm::str(h.vm, e);
  std::string msg = s ? std::string(kiln::vm::str_view(s)) : "?";
  h.vm.clear_exception();
  return std::string(kiln::vm::type_name(h.vm, e)) + ": " + msg;
}

}  // namespace kiln_test
