// tracer/graph_backward.cpp — see graph_backward.h.
//
// Each rule below reads a call's bound arguments (the registry's schema
// names them: sum(input, dim, keepdim, *, dtype)) as the op's eager entry
// parses them, and calls the formula of stdlib/torch/autograd/derivatives.h
// that the eager node calls, with the same arguments: the same ops in the
// same order, so the same bits.
#include "tracer/graph_backward.h"

#include "tracer/decompose.h"

#include <map>
#include <optional>

#include "stdlib/torch/autograd/derivatives.h"
#include "stdlib/torch/error.h"
#include "stdlib/torch/linalg.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/list.h"
#include "vm/str.h"
#include "vm/tuple.h"

namespace kiln::tracer {

namespace {

namespace ag = torch::autograd;
using torch::Shape;
using torch::ops::OpId;

// A call's bound arguments, read.
struct Call {
  GraphDerivative& d;
  const OpCall& c;
  int result;
  std::span<const int> grads;
  const std::function<bool(int)>& needs_fn;

  int g() const { return grads.empty() ? -1 : grads[0]; }
  int at(size_t p) const { return c.arg[p]; }
  bool given(size_t p) const { return c.arg[p] >= 0 && !d.sample(c.arg[p]).is_none(); }
  const Value& value(size_t p) const { return d.sample(c.arg[p]); }
  bool tensor(size_t p) const { return given(p) && d.is_tensor(c.arg[p]); }
  // Whether the tensor argument of parameter p needs a gradient.
  bool needs(size_t p) const { return tensor(p) && needs_fn(c.arg[p]); }
  const torch::Tensor& meta(size_t p) const { return torch::tensor_of(value(p)); }
  const torch::Tensor& result_meta() const { return torch::tensor_of(d.sample(result)); }
  Shape sizes(size_t p) const { return meta(p).sizes; }
  int rank(size_t p) const { return meta(p).dim(); }
  const char* op_name() const { return c.op->name(); }

  [[noreturn]] void unsupported(const char* what) const {
    torch::fail(torch::ErrorKind::NotImplemented, "no graph derivative for {}() {} yet (the eager engine differentiates it)",
                op_name(), what);
  }
  // A non-tensor argument, which a rule reads now: a constant of the graph
  // (an int the graph computes, a dynamic size, is not known yet).
  const Value& constant(int v) const {
    if (!d.is_constant(v)) unsupported("with an argument the graph computes");
    return d.sample(v);
  }
  const Value& constant_arg(size_t p) const { return constant(at(p)); }
  int64_t int_of(const Value& v) const {
    if (v.is_small_int()) return v.as_small_int();
    if (v.is_bool()) return v.is_true();
    unsupported("with an int argument that is not a small int");
  }
  int64_t int_or(size_t p, int64_t dflt) const { return given(p) ? int_of(constant_arg(p)) : dflt; }
  bool bool_or(size_t p, bool dflt) const { return given(p) ? constant_arg(p).is_true() : dflt; }
  double number(size_t p) const {
    constant_arg(p);
    return d.number_value(at(p));
  }
  // An int, or a tuple or list of ints, or the separate ints of a method
  // call's int... parameter (x.permute(1, 0)); nullopt where not given.
  std::optional<Shape> ints(size_t p) const {
    Shape s;
    if (c.packed > 1 && int(p) == c.op->schema.varargs) {
      for (size_t k = 0; k < c.packed; k++) s.push_back(int_of(constant(c.pack[k])));
      return s;
    }
    if (!given(p)) return std::nullopt;
    // (A list or tuple the graph builds of constants: its items.)
    if (const Node* n = d.node_of(at(p)); n && (n->op == GraphOp::BuildList || n->op == GraphOp::BuildTuple)) {
      for (int item : n->in) s.push_back(int_of(constant(item)));
      return s;
    }
    const Value& v = constant_arg(p);
    if (vm::is_kind(v, vm::ObjKind::Tuple)) {
      auto* t = v.as<vm::TupleObject>();
      for (size_t i = 0; i < t->size; i++) s.push_back(int_of(t->items[i]));
    } else if (vm::is_kind(v, vm::ObjKind::List)) {
      for (const Value& x : v.as<vm::ListObject>()->items) s.push_back(int_of(x));
    } else {
      s.push_back(int_of(v));
    }
    return s;
  }
};

using Out = std::vector<Contribution>;
using Rule = Out (*)(Call&);

// Which dims a reduction folds: all for none or an empty list (as
// functions_reduce.cpp's reduced_mask).
std::vector<bool> reduced_mask(const torch::DimList& dims, int ndim) {
  std::vector<bool> m(size_t(ndim), !dims || dims->empty());
  if (dims && ndim > 0)
    for (int64_t k : *dims) m[size_t(torch::wrap_dim(k, ndim))] = true;
  return m;
}

void add_if(Out& out, bool need, int value, int grad) {
  if (need && grad >= 0) out.push_back({value, grad});
}

// ---------------------------------------------------------------- pointwise
Out unary_rule(Call& k) {
  torch::ops::Elementwise e;
  torch::ops::elementwise_of(*k.c.op, &e);
  auto op = torch::UnaryOp(e.op);
  if (!ag::unary_derivative_info(op).node) return {};
  return {{k.at(0), ag::unary_derivative(k.d, op, k.g(), k.at(0), k.result)}};
}

Out binary_formula(Call& k, torch::BinaryOp op) {
  bool a_num = !k.tensor(0), b_num = !k.tensor(1);
  // (A number operand is a constant: the formulas read its value, as the
  // eager node reads its Scalar.)
  if (a_num) k.constant_arg(0);
  if (b_num) k.constant_arg(1);
  bool na = k.needs(0), nb = k.needs(1);
  if (!ag::binary_derivative_info(op, a_num, b_num, na, nb).node) return {};
  auto gr = ag::binary_derivative(k.d, op, na, nb, k.g(), k.at(0), k.at(1), k.result);
  Out out;
  add_if(out, na, k.at(0), gr.a);
  add_if(out, nb, k.at(1), gr.b);
  return out;
}

Out binary_rule(Call& k) {
  torch::ops::Elementwise e;
  torch::ops::elementwise_of(*k.c.op, &e);
  return binary_formula(k, torch::BinaryOp(e.op));
}

// add / sub(input, other, *, alpha=1)
Out add_rule(Call& k) {
  double f = (k.given(2) ? k.number(2) : 1.0) * (k.c.op->id == OpId::sub ? -1 : 1);
  auto gr = ag::add_derivative(k.d, true, k.needs(1), k.g(), f);
  Out out;
  add_if(out, k.needs(0), k.at(0), gr.a);
  add_if(out, k.needs(1), k.at(1), gr.b);
  return out;
}

// div(input, other, *, rounding_mode=None)
Out div_rule(Call& k) {
  torch::BinaryOp op = torch::BinaryOp::div;
  if (k.given(2)) op = vm::str_view(k.constant_arg(2)) == "trunc" ? torch::BinaryOp::div_trunc : torch::BinaryOp::div_floor;
  return binary_formula(k, op);
}

// clamp(input, min, max), clamp_min(input, min), clamp_max(input, max)
Out clamp_rule(Call& k) {
  OpId id = k.c.op->id;
  size_t lo_p = id == OpId::clamp_max ? size_t(-1) : 1, hi_p = id == OpId::clamp ? 2 : id == OpId::clamp_max ? 1 : size_t(-1);
  int lo = lo_p != size_t(-1) && k.given(lo_p) ? k.at(lo_p) : -1;
  int hi = hi_p != size_t(-1) && k.given(hi_p) ? k.at(hi_p) : -1;
  bool need_lo = lo >= 0 && k.needs(lo_p), need_hi = hi >= 0 && k.needs(hi_p);
  auto masks = ag::clamp_masks(k.d, k.at(0), lo, hi, lo >= 0 && k.d.is_tensor(lo), hi >= 0 && k.d.is_tensor(hi));
  auto gr = ag::clamp_derivative(k.d, k.needs(0), need_lo, need_hi, k.g(), masks);
  Out out;
  add_if(out, k.needs(0), k.at(0), gr.x);
  add_if(out, need_lo, lo, gr.lo);
  add_if(out, need_hi, hi, gr.hi);
  return out;
}

// where(condition, input, other)
Out where_rule(Call& k) {
  auto gr = ag::where_derivative(k.d, k.needs(1), k.needs(2), k.g(), k.at(0));
  Out out;
  add_if(out, k.needs(1), k.at(1), gr.a);
  add_if(out, k.needs(2), k.at(2), gr.b);
  return out;
}

// masked_fill(input, mask, value)
Out masked_fill_rule(Call& k) {
  auto gr = ag::masked_fill_derivative(k.d, k.needs(0), k.needs(2), k.g(), k.at(1));
  Out out;
  add_if(out, k.needs(0), k.at(0), gr.a);
  add_if(out, k.needs(2), k.at(2), gr.b);
  return out;
}

Out nan_to_num_rule(Call& k) {
  int finite = k.d.nondiff_unary(torch::UnaryOp::isfinite, k.at(0));
  return {{k.at(0), ag::nan_to_num_derivative(k.d, k.g(), finite)}};
}

// float(), double(), ..., type_as: the gradient passes through (backward
// fits it to the input's dtype).
Out pass_through_rule(Call& k) { return {{k.at(0), k.g()}}; }

// detach: no gradient flows through.
Out detach_rule(Call&) { return {}; }

// ---------------------------------------------------------------- reductions
// sum / mean(input, dim=None, keepdim=False, *, dtype=None)
Out sum_rule(Call& k) {
  torch::DimList dims = k.ints(1);
  bool keepdim = k.bool_or(2, false);
  Shape in = k.sizes(0);
  auto mask = reduced_mask(dims, in.size());
  int g = k.c.op->id == OpId::mean ? ag::mean_derivative(k.d, k.g(), in, mask, keepdim)
                                   : ag::sum_derivative(k.d, k.g(), in, mask, keepdim);
  return {{k.at(0), g}};
}

// A reduction whose formula takes the gradient and the result back at the
// input's shape.
template <class F> Out reduction(Call& k, const torch::DimList& dims, bool keepdim, int result, int g, F f) {
  Shape in = k.sizes(0);
  auto mask = reduced_mask(dims, in.size());
  int ge = ag::unreduce(k.d, g, in, mask, keepdim);
  int re = ag::unreduce(k.d, result, in, mask, keepdim);
  return {{k.at(0), f(ge, re, mask)}};
}

// The values of max / min along a dim, sort and topk (results: values,
// indices): x gathered at the indices.
Out selected(Call& k, int64_t dim, bool keepdim) {
  int rank = k.rank(0);
  int d = rank == 0 ? 0 : torch::wrap_dim(dim, rank);
  int indices = k.d.item(k.result, 1);
  return {{k.at(0), ag::selected_derivative(k.d, k.g(), indices, k.sizes(0), d, keepdim)}};
}

// sort(input, dim=-1, descending=False, stable=False), topk(input, k, dim=-1, largest=True, sorted=True)
Out sort_rule(Call& k) { return selected(k, k.int_or(k.c.op->id == OpId::topk ? 2 : 1, -1), true); }

// norm(input, p='fro', dim=None, keepdim=False, dtype=None)
Out norm_rule(Call& k) {
  double p = k.given(1) && !vm::is_str(k.constant_arg(1)) ? k.number(1) : 2;
  return reduction(k, k.ints(2), k.bool_or(3, false), k.result, k.g(), [&](int ge, int re, const std::vector<bool>& mask) {
    return ag::norm_derivative(k.d, ge, k.at(0), re, mask, p);
  });
}

// cumsum(input, dim, *, dtype=None)
Out cumsum_rule(Call& k) {
  int rank = k.rank(0);
  int64_t d = rank == 0 ? 0 : torch::wrap_dim(k.int_or(1, 0), rank);
  return {{k.at(0), ag::cumsum_derivative(k.d, k.g(), d, rank == 0)}};
}

// amax / amin(input, dim=[], keepdim=False)
Out amax_rule(Call& k) {
  return reduction(k, k.ints(1), k.bool_or(2, false), k.result, k.g(),
                   [&](int ge, int re, const std::vector<bool>& mask) { return ag::extreme_derivative(k.d, ge, k.at(0), re, mask); });
}

// max / min(input) | (input, dim, keepdim) | (input, other)
Out max_rule(Call& k) {
  bool is_max = k.c.op->id == OpId::max;
  if (k.tensor(3) || k.tensor(1)) {
    OpCall c2 = k.c;
    if (k.tensor(1)) c2.arg[3] = c2.arg[1];
    c2.arg[1] = c2.arg[3];
    Call k2{k.d, c2, k.result, k.grads, k.needs_fn};
    return binary_formula(k2, is_max ? torch::BinaryOp::maximum : torch::BinaryOp::minimum);
  }
  if (k.given(1)) return selected(k, k.int_or(1, 0), k.bool_or(2, false));
  return reduction(k, torch::DimList(), false, k.result, k.g(),
                   [&](int ge, int re, const std::vector<bool>& mask) { return ag::extreme_derivative(k.d, ge, k.at(0), re, mask); });
}

// var / std / var_mean / std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None)
Out var_rule(Call& k) {
  OpId id = k.c.op->id;
  bool sq = id == OpId::std || id == OpId::std_mean, pair = id == OpId::var_mean || id == OpId::std_mean;
  size_t dim_p = 1, unbiased_p = 2;
  bool legacy = k.given(1) && k.value(1).is_bool();  // var(x, True): (input, unbiased)
  torch::DimList dims = legacy ? torch::DimList() : k.ints(dim_p);
  bool unbiased = legacy ? k.constant_arg(1).is_true() : k.bool_or(unbiased_p, true);
  double correction = k.given(4) ? double(k.int_or(4, 1)) : unbiased ? 1 : 0;
  bool keepdim = k.bool_or(3, false);
  int r = pair ? k.d.item(k.result, 0) : k.result;
  int gv = k.grads.empty() ? -1 : k.grads[0], gm = pair && k.grads.size() > 1 ? k.grads[1] : -1;
  Out out;
  // (var_mean is var and mean, recorded in that order: the engine runs mean's node first.)
  if (gm >= 0) {
    Shape in = k.sizes(0);
    out.push_back({k.at(0), ag::mean_derivative(k.d, gm, in, reduced_mask(dims, in.size()), keepdim)});
  }
  if (gv >= 0) {
    Shape in = k.sizes(0);
    Out o = reduction(k, dims, keepdim, r, gv, [&](int ge, int re, const std::vector<bool>& mask) {
      return sq ? ag::std_derivative(k.d, ge, k.at(0), re, dims, in, mask, correction)
                : ag::var_derivative(k.d, ge, k.at(0), dims, in, mask, correction);
    });
    out.insert(out.end(), o.begin(), o.end());
  }
  return out;
}

// logsumexp(input, dim, keepdim=False)
Out logsumexp_rule(Call& k) {
  return reduction(k, k.ints(1), k.bool_or(2, false), k.result, k.g(),
                   [&](int ge, int re, const std::vector<bool>&) { return ag::logsumexp_derivative(k.d, ge, k.at(0), re); });
}

// softmax / log_softmax(input, dim, dtype=None)
Out softmax_rule(Call& k) {
  int rank = k.result_meta().dim();
  int64_t dim = k.int_or(1, 0);
  int64_t d = rank == 0 ? 0 : torch::wrap_dim(dim, rank);
  int g = k.c.op->id == OpId::softmax ? ag::softmax_derivative(k.d, k.g(), k.result, d, rank)
                                      : ag::log_softmax_derivative(k.d, k.g(), k.result, d, rank);
  return {{k.at(0), g}};
}

// ---------------------------------------------------------------- products
// A 2-D operand laid out as the transpose of a contiguous matrix (as
// functions_linalg.cpp asks of the eager operands).
bool transposed_matrix(const torch::Tensor& t) {
  return t.dim() == 2 && t.sizes[0] > 1 && t.sizes[1] > 1 && t.strides[0] == 1 && t.strides[1] == t.sizes[0];
}

Out product_rule(Call& k) {
  bool na = k.needs(0), nb = k.needs(1);
  auto gr = ag::product_derivative(k.d, na, nb, k.g(), k.at(0), k.at(1), k.sizes(0), k.sizes(1), transposed_matrix(k.meta(0)),
                                   transposed_matrix(k.meta(1)));
  Out out;
  add_if(out, na, k.at(0), gr.a);
  add_if(out, nb, k.at(1), gr.b);
  return out;
}

// linear(input, weight, bias=None): one node for 2-D operands; otherwise,
// as the eager entry, input @ weight.t() (+ bias): the bias's share first,
// then the product's, then the transpose's.
Out linear_rule(Call& k) {
  bool nx = k.needs(0), nw = k.needs(1), nb = k.needs(2);
  if (k.rank(0) == 2 && k.rank(1) == 2) {
    auto gr = ag::linear_derivative(k.d, nx, nw, nb, k.g(), k.at(0), k.at(1), k.given(2) ? k.sizes(2) : Shape{});
    Out out;
    add_if(out, nx, k.at(0), gr.x);
    add_if(out, nw, k.at(1), gr.w);
    add_if(out, nb, k.at(2), gr.bias);
    return out;
  }
  // (Each node's gradients fitted as the engine fits them, when it runs
  // that node: the add's, then the product's, then the transpose's; a
  // second-order walk then meets the nodes in the eager engine's order.)
  Out out;
  int wt = k.d.t(k.at(1));
  torch::Tensor wt_meta = torch::tensor_of(k.d.sample(wt));
  int g = k.given(2) ? k.d.sum_to(k.g(), torch::matmul(k.meta(0), wt_meta).sizes) : k.g();
  if (nb) add_if(out, true, k.at(2), k.d.fit(k.g(), k.at(2)));
  auto gr = ag::product_derivative(k.d, nx, nw, g, k.at(0), wt, k.sizes(0), wt_meta.sizes, transposed_matrix(k.meta(0)),
                                   transposed_matrix(wt_meta));
  int ga = nx ? k.d.fit(gr.a, k.at(0)) : -1;
  int gb = nw ? k.d.fit(gr.b, wt) : -1;
  add_if(out, nx, k.at(0), ga);
  if (nw) add_if(out, true, k.at(1), ag::t_derivative(k.d, gb));
  return out;
}

// ---------------------------------------------------------------- views
Out reshape_back_rule(Call& k) { return {{k.at(0), ag::reshape_view_derivative(k.d, k.g(), k.sizes(0))}}; }

Out unsqueeze_rule(Call& k) {
  return {{k.at(0), ag::unsqueeze_derivative(k.d, k.g(), torch::wrap_dim(k.int_or(1, 0), k.rank(0) + 1))}};
}

Out transpose_rule(Call& k) {
  return {{k.at(0), ag::transpose_derivative(k.d, k.g(), k.int_or(1, 0), k.int_or(2, 0))}};
}

Out t_rule(Call& k) { return {{k.at(0), ag::t_derivative(k.d, k.g())}}; }

Out permute_rule(Call& k) { return {{k.at(0), ag::permute_derivative(k.d, k.g(), *k.ints(1))}}; }

Out expand_rule(Call& k) { return {{k.at(0), ag::expand_derivative(k.d, k.g(), k.sizes(0))}}; }

// ---------------------------------------------------------------- rearranging, joining, selecting
Out flip_rule(Call& k) { return {{k.at(0), ag::flip_derivative(k.d, k.g(), *k.ints(1))}}; }

// roll(input, shifts, dims=[])
Out roll_rule(Call& k) {
  Shape shifts = *k.ints(1);
  std::optional<Shape> dims = k.ints(2);
  std::vector<int64_t> s(shifts.begin(), shifts.end()), ds;
  if (dims) ds.assign(dims->begin(), dims->end());
  return {{k.at(0), ag::roll_derivative(k.d, k.g(), s, ds, k.sizes(0))}};
}

Out tril_rule(Call& k) { return {{k.at(0), ag::tril_derivative(k.d, k.g(), k.int_or(1, 0), k.c.op->id == OpId::triu)}}; }

Out repeat_rule(Call& k) { return {{k.at(0), ag::repeat_derivative(k.d, k.g(), k.sizes(0), *k.ints(1))}}; }

// The values of a Tensor[] argument: the items of the list the graph built.
std::vector<int> list_items(Call& k, size_t p) {
  const Node* n = k.d.node_of(k.at(p));
  if (!n || n->op != GraphOp::BuildList) k.unsupported("of a list the graph did not build");
  return n->in;
}

// cat / concat / stack(tensors, dim=0)
Out cat_rule(Call& k) {
  std::vector<int> xs = list_items(k, 0);
  int rank = k.result_meta().dim();
  int d = torch::wrap_dim(k.int_or(1, 0), rank);
  std::vector<bool> need;
  std::vector<Shape> shapes;
  for (int x : xs) {
    need.push_back(k.d.is_tensor(x) && k.needs_fn(x));
    shapes.push_back(k.d.sizes(x));
  }
  std::vector<int> grads = k.c.op->id == OpId::stack ? ag::stack_derivative(k.d, k.g(), d, need)
                                                     : ag::cat_derivative(k.d, k.g(), shapes, d, need);
  Out out;
  for (size_t i = 0; i < xs.size(); i++) add_if(out, need[i], xs[i], grads[i]);
  return out;
}

// chunk(input, chunks, dim=0), split(input, split_size, dim=0),
// unbind(input, dim=0): results a list of pieces.
Out pieces_rule(Call& k) {
  bool unbind = k.c.op->id == OpId::unbind;
  int d = torch::wrap_dim(k.int_or(unbind ? 1 : 2, 0), k.rank(0));
  std::vector<Shape> shapes;
  for (size_t i = 0; i < k.grads.size(); i++) shapes.push_back(k.d.sizes(k.d.item(k.result, i)));
  std::vector<int> grads(k.grads.begin(), k.grads.end());
  return {{k.at(0), ag::pieces_derivative(k.d, grads, shapes, k.meta(0).dtype, d, unbind)}};
}

// index_select(input, dim, index)
Out index_select_rule(Call& k) {
  int rank = k.rank(0);
  int d = rank == 0 ? 0 : torch::wrap_dim(k.int_or(1, 0), rank);
  return {{k.at(0), ag::index_select_derivative(k.d, k.g(), k.sizes(0), d, k.at(2))}};
}

// prod(input, dim=None, keepdim=False, *, dtype=None)
Out prod_rule(Call& k) {
  std::optional<int64_t> dim;
  if (k.given(1)) dim = k.int_or(1, 0);
  torch::DimList dims;
  if (dim) dims = Shape{*dim};
  return reduction(k, dims, k.bool_or(2, false), k.result, k.g(),
                   [&](int ge, int, const std::vector<bool>&) { return ag::prod_derivative(k.d, ge, k.at(0), dim); });
}

// gather(input, dim, index, sparse_grad=False)
Out gather_rule(Call& k) { return {{k.at(0), ag::gather_derivative(k.d, k.g(), k.sizes(0), k.int_or(1, 0), k.at(2))}}; }

// narrow(input, dim, start, length), select(input, dim, index)
Out narrow_rule(Call& k) {
  Shape in = k.sizes(0);
  int d = torch::wrap_dim(k.int_or(1, 0), in.size());
  int64_t start = k.int_or(2, 0);
  if (start < 0) start += in[d];
  if (k.c.op->id == OpId::select) return {{k.at(0), ag::select_derivative(k.d, k.g(), in, d, start)}};
  return {{k.at(0), ag::narrow_derivative(k.d, k.g(), in, d, start, k.int_or(3, 0))}};
}

// scatter(input, dim, index, src=None, *, value=None, reduce=None), scatter_add(input, dim, index, src)
Out scatter_rule(Call& k) {
  bool add = k.c.op->id == OpId::scatter_add;
  if (!add && k.given(5)) k.unsupported("with reduce=");
  bool ns = k.needs(0), nsrc = k.needs(3);
  auto gr = ag::scatter_derivative(k.d, ns, nsrc, k.g(), k.int_or(1, 0), k.at(2), k.tensor(3) ? k.sizes(3) : Shape{}, add);
  Out out;
  add_if(out, ns, k.at(0), gr.self);
  add_if(out, nsrc, k.at(3), gr.src);
  return out;
}

// setitem(input, index, value): input's gradient outside the region the
// index selects (zeros written there), value's the region's, fitted to it
// (index_put_'s node: functions_index.cpp).
Out setitem_rule(Call& k) {
  k.constant_arg(1);  // (a key the graph computes: unsupported)
  Out out;
  if (k.needs(0)) out.push_back({k.at(0), k.d.call(OpId::setitem, {k.g(), k.at(1), k.d.constant(Value::small_int(0))})});
  if (k.needs(2)) out.push_back({k.at(2), k.d.fit(k.d.getitem(k.g(), k.at(1)), k.at(2))});
  return out;
}

// outer / ger(input, vec2)
Out outer_rule(Call& k) {
  bool na = k.needs(0), nb = k.needs(1);
  auto gr = ag::outer_derivative(k.d, na, nb, k.g(), k.at(0), k.at(1));
  Out out;
  add_if(out, na, k.at(0), gr.a);
  add_if(out, nb, k.at(1), gr.b);
  return out;
}

Out composite_rule(Call& k);  // (below: it walks a decomposition)

// An operator node (`a * b`, `a @ b`, `-a`, as the tracer records them):
// the eager operators run ag::binary, ag::matmul and ag::unary(neg), whose
// formulas these are. `op` stands in for the call's op (its parameters,
// input and other, are the operands).
Out operator_gradients(GraphDerivative& d, const Node& n, int result, std::span<const int> grads,
                       const std::function<bool(int)>& needs) {
  OpCall c;
  c.packed = 0;
  for (int& r : c.arg) r = -1;
  for (size_t i = 0; i < n.in.size() && i < 2; i++) c.arg[i] = n.in[i];
  if (n.op == GraphOp::Unary) {
    switch (vm::UnaryOpKind(n.arg)) {
      case vm::UnaryOpKind::UAdd: return {{n.in[0], grads[0]}};  // (+x is x)
      case vm::UnaryOpKind::USub: {
        c.op = &torch::ops::op(OpId::neg);
        Call k{d, c, result, grads, needs};
        return unary_rule(k);
      }
      default: return {};  // (~x, not x: no floating result a gradient reaches)
    }
  }
  if (n.op == GraphOp::Binary && vm::BinOpKind(n.arg) == vm::BinOpKind::MatMult) {
    c.op = &torch::ops::op(OpId::matmul);
    Call k{d, c, result, grads, needs};
    return product_rule(k);
  }
  int b = n.op == GraphOp::Binary ? torch::binary_of(vm::BinOpKind(n.arg)) : -1;
  if (b < 0) torch::fail(torch::ErrorKind::NotImplemented, "no graph derivative for the graph's {} node", n.label);
  c.op = &torch::ops::op(OpId::mul);
  Call k{d, c, result, grads, needs};
  return binary_formula(k, torch::BinaryOp(b));
}

// The rule of each op with a graph derivative; nullptr for the others.
Rule rule_of(OpId id) {
  const torch::ops::OpDef& op = torch::ops::op(id);
  if (op.schema.writes()) return nullptr;  // in place: functionalised first
  torch::ops::Elementwise e;
  if (torch::ops::elementwise_of(op, &e)) return e.unary ? unary_rule : binary_rule;
  if (has_decomposition(id)) return composite_rule;
  if (op.kind == torch::ops::OpKind::Creation) return detach_rule;  // (values not from the inputs')
  switch (id) {
    case OpId::add:
    case OpId::sub: return add_rule;
    case OpId::div: return div_rule;
    case OpId::clamp:
    case OpId::clamp_min:
    case OpId::clamp_max: return clamp_rule;
    case OpId::where: return where_rule;
    case OpId::masked_fill: return masked_fill_rule;
    case OpId::nan_to_num: return nan_to_num_rule;
    case OpId::to_float:
    case OpId::to_double:
    case OpId::to_long:
    case OpId::to_int:
    case OpId::to_bool:
    case OpId::type_as:
    case OpId::to:
    case OpId::contiguous:
    case OpId::clone: return pass_through_rule;
    case OpId::detach: return detach_rule;
    case OpId::setitem: return setitem_rule;
    case OpId::sum:
    case OpId::mean: return sum_rule;
    case OpId::amax:
    case OpId::amin: return amax_rule;
    case OpId::max:
    case OpId::min: return max_rule;
    case OpId::var:
    case OpId::std:
    case OpId::var_mean:
    case OpId::std_mean: return var_rule;
    case OpId::logsumexp: return logsumexp_rule;
    case OpId::softmax:
    case OpId::log_softmax: return softmax_rule;
    case OpId::matmul:
    case OpId::mm:
    case OpId::bmm:
    case OpId::mv:
    case OpId::dot: return product_rule;
    case OpId::linear: return linear_rule;
    case OpId::view:
    case OpId::reshape:
    case OpId::flatten:
    case OpId::unflatten:
    case OpId::squeeze:
    case OpId::view_as:
    case OpId::reshape_as: return reshape_back_rule;
    case OpId::unsqueeze: return unsqueeze_rule;
    case OpId::transpose:
    case OpId::swapaxes:
    case OpId::swapdims: return transpose_rule;
    case OpId::t: return t_rule;
    case OpId::permute: return permute_rule;
    case OpId::expand:
    case OpId::expand_as: return expand_rule;
    case OpId::sort:
    case OpId::topk: return sort_rule;
    case OpId::norm: return norm_rule;
    case OpId::cumsum: return cumsum_rule;
    case OpId::flip: return flip_rule;
    case OpId::roll: return roll_rule;
    case OpId::tril:
    case OpId::triu: return tril_rule;
    case OpId::repeat: return repeat_rule;
    case OpId::cat:
    case OpId::concat:
    case OpId::stack: return cat_rule;
    case OpId::chunk:
    case OpId::split:
    case OpId::split_method:
    case OpId::unbind: return pieces_rule;
    case OpId::gather: return gather_rule;
    case OpId::index_select: return index_select_rule;
    case OpId::prod: return prod_rule;
    case OpId::narrow:
    case OpId::select: return narrow_rule;
    case OpId::scatter:
    case OpId::scatter_add: return scatter_rule;
    case OpId::outer:
    case OpId::ger: return outer_rule;
    default: return nullptr;
  }
}

bool floating_tensor(const Value& v) { return torch::is_tensor(v) && torch::is_floating(torch::tensor_of(v).dtype); }

// Whether a call's result (a tensor, or a tuple or list of them) has a
// floating tensor: one a gradient can reach.
bool has_floating_result(const Value& v) {
  if (floating_tensor(v)) return true;
  if (vm::is_kind(v, vm::ObjKind::Tuple)) {
    auto* t = v.as<vm::TupleObject>();
    for (size_t i = 0; i < t->size; i++)
      if (floating_tensor(t->items[i])) return true;
  }
  if (vm::is_kind(v, vm::ObjKind::List))
    for (const Value& x : v.as<vm::ListObject>()->items)
      if (floating_tensor(x)) return true;
  return false;
}

// The reverse walk over the values [lo, hi) of d: the whole graph
// (backward), or a composite's decomposition (lo: its first node), whose
// contributions to the values before lo (the composite's inputs) go back
// to the walk that called it, in order.
class Walk {
 public:
  // outer: whether a value before lo needs a gradient (none for lo 0).
  Walk(GraphDerivative& d, const std::function<bool(int)>* outer, int lo) : d_(d), outer_(outer), lo_(lo) {}

  // Which values in [lo, hi) a gradient can reach: those of wrt and what
  // is computed from values that need one (floating results only, as the
  // eager engine records; not the detached values of a formula).
  void mark(int hi, std::span<const int> wrt) {
    hi_ = hi;
    reached_.assign(size_t(hi - lo_), 0);
    grad_.assign(size_t(hi - lo_), -1);
    for (int v : wrt) reached_[size_t(v - lo_)] = 1;
    for (int v = lo_; v < hi; v++) {
      const Node* node = d_.node_of(v);
      if (!node) continue;
      bool any = false;
      for (int in : node->in) any |= needs(in);
      if (node->op == GraphOp::GetItem) any = needs(node->in[0]) && floating_tensor(d_.sample(v));
      else if (node->op == GraphOp::Call || node->op == GraphOp::Binary || node->op == GraphOp::Unary)
        any = any && has_floating_result(d_.sample(v));
      else if (node->op != GraphOp::BuildList) any = false;  // (no derivative: raises if a gradient reaches it)
      reached_[size_t(v - lo_)] |= any && !d_.is_detached(v);
    }
  }
  bool needs(int v) const {
    if (v < lo_) return outer_ && (*outer_)(v);
    return v < hi_ && reached_[size_t(v - lo_)] != 0;
  }
  // A root's cotangent (not fitted: the engine takes it as given).
  void seed(int v, int g) {
    int& slot = grad_[size_t(v - lo_)];
    slot = slot < 0 ? g : d_.add(slot, g);
  }
  int grad(int v) const { return grad_[size_t(v - lo_)]; }

  // Walks the nodes latest first; returns the contributions to values
  // before lo.
  std::vector<Contribution> run() {
    std::vector<Contribution> out;
    std::function<bool(int)> needs_fn = [this](int v) { return needs(v); };
    for (int v = hi_ - 1; v >= lo_; v--) {
      const Node* node = d_.node_of(v);
      if (!node) continue;
      int g = grad_[size_t(v - lo_)];
      if (node->op == GraphOp::GetItem) {
        if (g < 0 || !needs(node->in[0])) continue;
        const Value& from = d_.sample(node->in[0]);
        if (torch::is_tensor(from)) {  // a view by a basic key: g into zeros at the region
          if (!d_.is_constant(node->in[1]) || !basic_index(d_.sample(node->in[1])))
            torch::fail(torch::ErrorKind::NotImplemented, "no graph derivative for indexing a tensor by a computed or advanced index yet");
          int zeros = d_.zeros(d_.sizes(node->in[0]), d_.meta(g).dtype);
          contribute(out, {node->in[0], d_.call(OpId::setitem, {zeros, node->in[1], g})});
          continue;
        }
        if (!vm::is_kind(from, vm::ObjKind::Tuple) && !vm::is_kind(from, vm::ObjKind::List))
          torch::fail(torch::ErrorKind::NotImplemented, "no graph derivative for indexing a {} yet", vm::type_name(d_.vm(), from));
        auto& gs = items_[node->in[0]];
        size_t k = size_t(d_.number_value(node->in[1]));
        if (gs.size() <= k) gs.resize(k + 1, -1);
        gs[k] = gs[k] < 0 ? g : d_.add(gs[k], g);
        continue;
      }
      std::vector<int> gs;
      auto it = items_.find(v);
      if (it != items_.end()) gs = it->second;
      else if (g >= 0) gs = {g};
      if (gs.empty() || !needs(v)) continue;
      std::vector<Contribution> contributions;
      if (node->op == GraphOp::Binary || node->op == GraphOp::Unary) {
        contributions = operator_gradients(d_, *node, v, gs, needs_fn);
      } else {
        OpCall c;
        if (node->op != GraphOp::Call || !op_call_of(*node, &c))
          torch::fail(torch::ErrorKind::NotImplemented, "no graph derivative for the graph's {} node", node->label);
        // (An op with several results that got no gradient for its first: pad.)
        const Value& r = d_.sample(v);
        if (vm::is_kind(r, vm::ObjKind::Tuple)) gs.resize(r.as<vm::TupleObject>()->size, -1);
        if (vm::is_kind(r, vm::ObjKind::List)) gs.resize(r.as<vm::ListObject>()->items.size(), -1);
        contributions = op_gradients(d_, c, v, gs, needs_fn);
      }
      for (const Contribution& x : contributions) contribute(out, x);
    }
    return out;
  }

 private:
  // Gradient x.grad reaching value x.value: added to its gradient, or
  // returned (out) for a value before lo.
  void contribute(std::vector<Contribution>& out, const Contribution& x) {
    if (x.grad < 0 || !needs(x.value)) return;
    int fitted = d_.fit(x.grad, x.value);  // (now: the engine fits each node's outputs as it runs it)
    if (x.value < lo_) {
      out.push_back({x.value, fitted});
      return;
    }
    int& slot = grad_[size_t(x.value - lo_)];
    slot = slot < 0 ? fitted : d_.add(slot, fitted);
  }

  GraphDerivative& d_;
  const std::function<bool(int)>* outer_;
  int lo_, hi_ = 0;
  std::vector<char> reached_;
  std::vector<int> grad_;
  std::map<int, std::vector<int>> items_;  // a tuple's value: its items' gradients
};

// A composite (addcmul, lerp): its decomposition (tracer/decompose.h),
// built now and walked in reverse, as the eager engine walks the nodes the
// eager entry recorded.
Out composite_rule(Call& k) {
  int lo = k.d.size();
  int r = decompose(k.d, k.c);
  if (r < lo) return {{r, k.g()}};
  Walk w(k.d, &k.needs_fn, lo);
  w.mark(k.d.size(), {});
  w.seed(r, k.g());
  return w.run();
}

}  // namespace

bool has_graph_derivative(OpId op) { return rule_of(op) != nullptr; }

std::vector<Contribution> op_gradients(GraphDerivative& d, const OpCall& c, int result, std::span<const int> grads,
                                       const std::function<bool(int)>& needs) {
  Rule rule = rule_of(c.op->id);
  if (!rule) {
    if (c.op->schema.writes())
      torch::fail(torch::ErrorKind::NotImplemented,
                  "no graph derivative for the in-place {}() (graphs differentiate after functionalisation)", c.op->name());
    torch::fail(torch::ErrorKind::NotImplemented, "no graph derivative for {}() yet (the eager engine differentiates it)",
                c.op->name());
  }
  Call k{d, c, result, grads, needs};
  return rule(k);
}

std::vector<int> backward(GraphDerivative& d, std::span<const int> roots, std::span<const int> cotangents,
                          std::span<const int> wrt) {
  Walk w(d, nullptr, 0);
  w.mark(d.size(), wrt);
  for (size_t k = 0; k < roots.size(); k++) w.seed(roots[k], cotangents[k]);
  w.run();
  std::vector<int> out;
  for (int v : wrt) out.push_back(w.grad(v));
  return out;
}

}  // namespace kiln::tracer
