// codegen/lower.cpp — see codegen/lower.h.
#include "codegen/lower.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <map>

#include "codegen/launch.h"
#include "codegen/pointwise.h"
#include "stdlib/torch/bindings.h"
#include "stdlib/torch/views.h"
#include "vm/ops.h"
#include "vm/tuple.h"

namespace kiln::codegen {

namespace {

using tracer::Meta;
bool is_float_meta(const Meta& m) { return m.is(torch::DType::Float32); }
bool is_bool_meta(const Meta& m) { return m.is(torch::DType::Bool); }
// A float32 or bool tensor's meta (the dtypes a kernel reads).
bool is_tensor_meta(const Meta& m) { return is_float_meta(m) || is_bool_meta(m); }
// A view's meta for an input of meta `in`: a tensor of the same dtype.
bool view_metas(const Meta& in, const Meta& out) {
  return (is_float_meta(in) && is_float_meta(out)) || (is_bool_meta(in) && is_bool_meta(out));
}

// Whether register r of g holds a Python number or a tensor (float32, or
// bool: a mask; checked when the kernel runs), or neither.
enum class Operand { Number, Tensor, Other };
Operand operand_kind(const tracer::Graph& g, int r) {
  if (r < int(g.consts.size())) {
    const vm::Value& c = g.consts[size_t(r)];
    return c.is_double() || c.is_bool() || vm::is_int(c) ? Operand::Number : Operand::Other;
  }
  const Meta& meta = r < int(g.consts.size() + g.inputs.size()) ? g.input_meta[size_t(r) - g.consts.size()]
                                                                   : g.nodes[size_t(r) - g.consts.size() - g.inputs.size()].meta;
  if (is_tensor_meta(meta)) return Operand::Tensor;
  if (meta.is_number()) return Operand::Number;
  return Operand::Other;
}

using torch::ops::OpId;

// Decomposition: a float32 torch.clamp / clip / clamp_min / clamp_max node
// (not in place) and its bound registers (lo, hi; -1 where absent or None).
bool clamp_of(const tracer::Graph& g, const tracer::Node& n, std::vector<int>* bounds) {
  tracer::OpCall c;
  // (The caller reads the clamped value as n.in[0]: the input must be it.)
  if (!is_float_meta(n.meta) || !tracer::op_call_of(n, &c) || n.in.empty() || c.arg[0] != n.in[0]) return false;
  int lo = -1, hi = -1;
  switch (c.id()) {
    case OpId::clamp: lo = c.arg[1], hi = c.arg[2]; break;
    case OpId::clamp_min: lo = c.arg[1]; break;
    case OpId::clamp_max: hi = c.arg[1]; break;
    default: return false;
  }
  auto none = [&](int r) { return r >= 0 && r < int(g.consts.size()) && g.consts[size_t(r)].is_none(); };
  if (none(lo)) lo = -1;
  if (none(hi)) hi = -1;
  if (lo < 0 && hi < 0) return false;  // an error when it runs: the executor raises it
  *bounds = {lo, hi};
  return true;
}

// Whether node n is a float32 matmul the region can start with: its kind
// and argument registers (linear: input, weight, and bias or -1).
bool extern_of(const tracer::Node& n, KernelRegion::Extern* kind, std::vector<int>* args) {
  if (!is_float_meta(n.meta)) return false;
  if (n.op == tracer::GraphOp::Binary && vm::BinOpKind(n.arg) == vm::BinOpKind::MatMult && n.in.size() == 2) {
    *kind = KernelRegion::Extern::Matmul;
    *args = n.in;
    return true;
  }
  tracer::OpCall c;
  if (!tracer::op_call_of(n, &c)) return false;
  switch (c.id()) {
    case OpId::matmul: *kind = KernelRegion::Extern::Matmul; break;
    case OpId::mm: *kind = KernelRegion::Extern::Mm; break;
    case OpId::linear: *kind = KernelRegion::Extern::Linear; break;
    default: return false;
  }
  *args = {c.arg[0], c.arg[1]};
  if (c.id() == OpId::linear && c.arg[2] >= 0) args->push_back(c.arg[2]);  // the bias (a tensor or None)
  return true;
}

// Whether node n is a view the kernel can fuse through — transpose,
// swapaxes, swapdims, t, permute, unsqueeze, squeeze with constant dims —
// of an input whose meta is `in_meta`: the view's dims, each a dim of the
// input or -1 for a new size-1 dim (dims not listed are size-1 dims
// squeezed away).
bool view_dims_of(const tracer::Graph& g, const tracer::Node& n, const Meta& in_meta, std::vector<int8_t>* out) {
  const std::vector<int64_t>& in_dims = in_meta.sizes;
  int rank = int(in_dims.size());
  tracer::OpCall c;
  // (in_meta is n.in[0]'s, the value the caller views: the input must be it.)
  if (!tracer::op_call_of(n, &c) || n.in.empty() || c.arg[0] != n.in[0] || !view_metas(in_meta, n.meta) || rank > 8)
    return false;
  // kind: 0 transpose (dim0, dim1), 1 t, 2 permute (dims), 3 unsqueeze (dim),
  // 4 squeeze ([dim]); the constant int arguments after the input.
  int kind;
  std::vector<int> regs;
  switch (c.id()) {
    case OpId::transpose:
    case OpId::swapaxes:
    case OpId::swapdims: kind = 0, regs = {c.arg[1], c.arg[2]}; break;
    case OpId::t: kind = 1; break;
    case OpId::permute:
      kind = 2;
      if (c.packed > 1) regs.assign(c.pack, c.pack + c.packed);
      else regs = {c.arg[1]};
      break;
    case OpId::unsqueeze: kind = 3, regs = {c.arg[1]}; break;
    case OpId::squeeze:
      kind = 4;
      if (c.arg[1] >= 0) regs = {c.arg[1]};
      break;
    default: return false;
  }
  std::vector<int64_t> dims;
  for (int r : regs) {
    if (r < 0 || r >= int(g.consts.size())) return false;
    const vm::Value& v = g.consts[size_t(r)];
    if (v.is_small_int()) {
      dims.push_back(v.as_small_int());
    } else if ((vm::is_kind(v, vm::ObjKind::Tuple) || vm::is_kind(v, vm::ObjKind::List)) && regs.size() == 1 && kind == 2) {
      const vm::Value* items = vm::is_kind(v, vm::ObjKind::Tuple) ? v.as<vm::TupleObject>()->items
                                                                 : v.as<vm::ListObject>()->items.data();
      size_t count = vm::is_kind(v, vm::ObjKind::Tuple) ? v.as<vm::TupleObject>()->size : v.as<vm::ListObject>()->items.size();
      for (size_t j = 0; j < count; j++) {
        if (!items[j].is_small_int()) return false;
        dims.push_back(items[j].as_small_int());
      }
    } else {
      return false;
    }
  }
  // Wrapped dim d of `r` dims (0-dim tensors take -1 and 0), or false (eager raises).
  auto wrap = [](int64_t d, int r, int64_t* w) {
    int n = std::max(r, 1);
    if (d < -n || d >= n) return false;
    *w = d < 0 ? d + n : d;
    return true;
  };
  std::vector<int8_t>& perm = *out;
  perm.clear();
  for (int d = 0; d < rank; d++) perm.push_back(int8_t(d));
  switch (kind) {
    case 1:  // t: 2-d transposed; fewer dims as they are
      if (!dims.empty() || rank > 2) return false;
      if (rank == 2) std::swap(perm[0], perm[1]);
      return true;
    case 0: {
      int64_t a, b;
      if (dims.size() != 2 || !wrap(dims[0], rank, &a) || !wrap(dims[1], rank, &b)) return false;
      if (rank > 0) std::swap(perm[size_t(a)], perm[size_t(b)]);
      return true;
    }
    case 2: {
      if (int(dims.size()) != rank) return false;
      std::vector<bool> seen(size_t(rank), false);
      for (int d = 0; d < rank; d++) {
        int64_t w;
        if (!wrap(dims[size_t(d)], rank, &w) || seen[size_t(w)]) return false;
        seen[size_t(w)] = true;
        perm[size_t(d)] = int8_t(w);
      }
      return true;
    }
    case 3: {  // unsqueeze(d): d in [-rank - 1, rank]
      int64_t w;
      if (dims.size() != 1 || !wrap(dims[0], rank + 1, &w) || rank + 1 > 8) return false;
      perm.insert(perm.begin() + w, int8_t(-1));
      return true;
    }
    case 4: {  // squeeze(d) / squeeze(): drops size-1 dims (by the trace's sizes)
      if (dims.size() > 1) return false;
      if (dims.empty()) {
        perm.clear();
        for (int d = 0; d < rank; d++) {
          if (in_dims[size_t(d)] == Meta::kDynamic) return false;  // dynamic: which dims are 1 is not fixed
          if (in_dims[size_t(d)] != 1) perm.push_back(int8_t(d));
        }
        return true;
      }
      int64_t w;
      if (!wrap(dims[0], rank, &w)) return false;
      if (rank == 0) return true;
      if (in_dims[size_t(w)] == Meta::kDynamic) return false;
      if (in_dims[size_t(w)] == 1) perm.erase(perm.begin() + w);
      return true;
    }
  }
  return false;
}

// The fixed sizes of a tensor's meta, or false (dynamic sizes).
bool static_sizes(const Meta& meta, std::vector<int64_t>* out) {
  out->clear();
  if (!meta.static_sizes()) return false;
  *out = meta.sizes;
  return out->size() <= size_t(torch::kMaxDims);
}

// Whether node n is a reshape the kernel can fuse through — view /
// reshape / flatten / unflatten / view_as / reshape_as of a float32 tensor
// of fixed shape `in_meta` to a float32 result of fixed shape — with the
// shapes before and after (*from, *to). Dynamic sizes ("*") are not fused.
bool reshape_of(const tracer::Node& n, const Meta& in_meta, std::vector<int64_t>* from, std::vector<int64_t>* to) {
  tracer::OpCall c;
  if (!tracer::op_call_of(n, &c) || n.in.empty() || c.arg[0] != n.in[0] || !view_metas(in_meta, n.meta)) return false;
  switch (c.id()) {
    case OpId::view:
    case OpId::reshape:
    case OpId::flatten:
    case OpId::unflatten:
    case OpId::view_as:
    case OpId::reshape_as: break;  // the result's shape (its meta) is the new shape
    default: return false;
  }
  if (!static_sizes(in_meta, from) || !static_sizes(n.meta, to)) return false;
  int64_t a = 1, b = 1;
  for (int64_t s : *from) a *= s;
  for (int64_t s : *to) b *= s;
  return a == b;
}

// Whether a contiguous tensor of meta `in_meta` can be read through
// `steps` without a copy (a reshape of a broadcast tensor that merges the
// broadcast dim has no view: its launch would copy the input each time).
bool views_without_copy(const Meta& in_meta, const std::vector<ViewStep>& steps) {
  bool reshapes = false;
  for (const ViewStep& v : steps) reshapes = reshapes || v.kind == ViewStep::Kind::Reshape;
  if (!reshapes) return true;
  std::vector<int64_t> sizes;
  if (!static_sizes(in_meta, &sizes)) return false;
  torch::Tensor t;  // no storage: only its layout is read
  t.sizes = torch::Shape(std::span<const int64_t>(sizes));
  t.strides = torch::contiguous_strides(t.sizes);
  for (const ViewStep& v : steps) {
    torch::Tensor next;
    std::string why;
    if (!view_through(t, v, &next, &why, false)) return false;
    t = next;
  }
  return true;
}

// Whether node n is basic indexing of a float32 tensor of fixed shape
// `in_meta` by a constant (ints, slices of ints with positive steps, None,
// Ellipsis, a tuple of them) that eager would accept: the Index view.
bool index_of(const tracer::Graph& g, const tracer::Node& n, const Meta& in_meta, ViewStep* out) {
  if (n.op != tracer::GraphOp::GetItem || n.in.size() != 2 || n.in[1] >= int(g.consts.size()) ||
      !view_metas(in_meta, n.meta))
    return false;
  ViewStep v;
  v.kind = ViewStep::Kind::Index;
  if (!static_sizes(in_meta, &v.from)) return false;
  const vm::Value& key = g.consts[size_t(n.in[1])];
  std::vector<vm::Value> items;
  if (vm::is_kind(key, vm::ObjKind::Tuple)) {
    const vm::TupleObject* t = key.as<vm::TupleObject>();
    items.assign(t->items, t->items + t->size);
  } else {
    items.push_back(key);
  }
  // Items that consume a dim of the input (ints and slices).
  size_t consuming = 0, ellipses = 0;
  for (const vm::Value& it : items) {
    if (it.is_small_int() || vm::is_kind(it, vm::ObjKind::Slice)) consuming++;
    else if (it.is_ellipsis()) ellipses++;
    else if (!it.is_none()) return false;  // bools, tensors, lists: not basic indexing
  }
  if (ellipses > 1 || consuming > v.from.size()) return false;
  v.at.assign(v.from.size(), -1);
  size_t d = 0;  // the next input dim
  auto take_whole = [&]() {
    v.dims.push_back(int8_t(d));
    v.start.push_back(0);
    v.step.push_back(1);
    v.size.push_back(v.from[d]);
    d++;
  };
  for (const vm::Value& it : items) {
    if (it.is_ellipsis()) {
      size_t whole = v.from.size() - d - consuming;  // the dims the items after it do not take
      for (size_t k = 0; k < whole; k++) take_whole();
    } else if (it.is_none()) {
      v.dims.push_back(-1);
      v.start.push_back(0);
      v.step.push_back(1);
      v.size.push_back(1);
    } else if (it.is_small_int()) {
      int64_t i = it.as_small_int(), size = v.from[d];
      if (i < -size || i >= size) return false;  // IndexError eagerly
      v.at[d] = i < 0 ? i + size : i;
      d++;
      consuming--;
    } else {
      const vm::SliceObject* sl = it.as<vm::SliceObject>();
      auto part = [](const vm::Value& p, int64_t dflt, int64_t* o) {
        if (p.is_none()) {
          *o = dflt;
          return true;
        }
        if (!p.is_small_int()) return false;
        *o = p.as_small_int();
        return true;
      };
      int64_t size = v.from[d], start, stop, step;
      if (!part(sl->step, 1, &step) || step < 1 || !part(sl->start, 0, &start) || !part(sl->stop, size, &stop)) return false;
      auto clamp = [&](int64_t x) { return std::clamp<int64_t>(x < 0 ? x + size : x, 0, size); };
      start = clamp(start);
      stop = clamp(stop);
      v.dims.push_back(int8_t(d));
      v.start.push_back(start);
      v.step.push_back(step);
      v.size.push_back(stop > start ? (stop - start + step - 1) / step : 0);
      d++;
      consuming--;
    }
  }
  while (d < v.from.size()) take_whole();  // trailing dims not indexed
  // The result must be the shape the trace saw.
  std::vector<int64_t> want;
  if (!static_sizes(n.meta, &want) || want != v.size || v.dims.size() > size_t(torch::kMaxDims)) return false;
  for (size_t k = 0; k < v.dims.size(); k++)
    if (v.dims[k] >= 0 && v.size[k] == 0) return false;  // an empty view: nothing to fuse
  *out = std::move(v);
  return true;
}

// Whether two float32 (or bool) tensor metas may be the same shape: as
// many dims, each equal or dynamic. The launch checks the real shapes.
bool kernel_same_shape(const Meta& a, const Meta& b) {
  if (a == b) return true;
  return is_tensor_meta(a) && is_tensor_meta(b) && tracer::same_shape(a, b);
}

// A reduction node the kernel can fold: over the trailing `dims` dims of
// its float32 input (no dtype=), or a run of `dims` dims from `from` with
// a kept dim after it (a column reduction), keeping them or not. Softmax
// and log_softmax (over the last dim) are decomposed by the caller.
enum class RKind { Sum, Mean, Amax, Amin, Max, Min, Softmax, LogSoftmax, Var, Std, LogSumExp, Norm };
struct ReductionNode {
  RKind kind;
  int input = -1;  // register
  int dims = 0;
  int from = -1;  // a column reduction (over leading or middle dims; not logsumexp, max(), min()): the first; -1: trailing
  bool keepdim = false;
  double correction = 1;  // var / std
  ReduceOp norm = ReduceOp::norm2;  // norm: its p
};
bool reduction_of(const tracer::Graph& g, const tracer::Node& n, const std::function<const Meta&(int)>& meta_of,
                  ReductionNode* r) {
  tracer::OpCall c;
  if (!is_float_meta(n.meta) || !tracer::op_call_of(n, &c) || c.op->kind != torch::ops::OpKind::Reduction)
    return false;
  static const std::map<OpId, RKind> kKinds = {
      {OpId::sum, RKind::Sum},         {OpId::mean, RKind::Mean},     {OpId::amax, RKind::Amax},
      {OpId::amin, RKind::Amin},       {OpId::max, RKind::Max},       {OpId::min, RKind::Min},
      {OpId::softmax, RKind::Softmax}, {OpId::log_softmax, RKind::LogSoftmax}, {OpId::var, RKind::Var},
      {OpId::std, RKind::Std},         {OpId::logsumexp, RKind::LogSumExp},    {OpId::norm, RKind::Norm}};
  auto kind = kKinds.find(c.id());
  if (kind == kKinds.end() || c.arg[0] < 0) return false;
  const Meta& input_meta = meta_of(c.arg[0]);
  if (!is_float_meta(input_meta)) return false;
  // The arguments after input, by parameter: a register, or -1.
  const int* arg = c.arg + 1;
  size_t nparams = c.op->schema.params.size();
  auto constant = [&](int reg, vm::Value* v) {
    if (reg < 0) return true;  // absent
    if (reg >= int(g.consts.size())) return false;
    *v = g.consts[size_t(reg)];
    return true;
  };
  int rank = input_meta.rank();
  if (rank == 0) return false;
  vm::Value dim, second, third, fourth;
  if (!constant(arg[0], &dim) || !constant(arg[1], &second) || !constant(arg[2], &third) || !constant(arg[3], &fourth))
    return false;
  if (nparams > 5 || (nparams == 5 && arg[3] >= 0 && kind->second == RKind::Norm)) return false;  // norm(dtype=)
  // Trailing dims from an int / a tuple of ints / None (all); with
  // `columns`, also a run of dims before a kept last one (r->from).
  auto trailing = [&](const vm::Value& d, int* count, bool columns = false) {
    uint32_t mask = 0;
    auto add = [&](const vm::Value& x) {
      if (!x.is_small_int()) return false;
      int64_t i = x.as_small_int();
      if (i < -rank || i >= rank) return false;
      uint32_t bit = 1u << unsigned(i < 0 ? i + rank : i);
      if (mask & bit) return false;  // a repeated dim: eager raises
      mask |= bit;
      return true;
    };
    if (!d || d.is_none()) {
      mask = (1u << unsigned(rank)) - 1;
    } else if (vm::is_kind(d, vm::ObjKind::Tuple)) {
      const vm::TupleObject* t = d.as<vm::TupleObject>();
      if (t->size == 0) mask = (1u << unsigned(rank)) - 1;  // () reduces every dim (PyTorch 1.13)
      for (size_t i = 0; i < t->size; i++)
        if (!add(t->items[i])) return false;
    } else if (!add(d)) {
      return false;
    }
    int c = std::popcount(mask);
    *count = c;
    if (mask == ((1u << unsigned(rank)) - 1) - ((1u << unsigned(rank - c)) - 1)) return true;  // the last c dims
    int first = std::countr_zero(mask);
    if (!columns || mask != ((1u << unsigned(c)) - 1) << unsigned(first)) return false;  // not a run of dims
    r->from = first;  // (not the last dim: the run is not trailing)
    return true;
  };
  auto flag = [](const vm::Value& v, bool* out) {
    if (!v) return true;
    if (!v.is_bool()) return false;
    *out = v.is_true();
    return true;
  };
  using K = RKind;
  r->kind = kind->second;
  r->input = c.arg[0];
  r->keepdim = false;
  r->from = -1;
  switch (r->kind) {
    case K::Sum:
    case K::Mean:
      if (third && !third.is_none()) return false;  // dtype=
      return trailing(dim, &r->dims, true) && flag(second, &r->keepdim);
    case K::Amax:
    case K::Amin:
      return trailing(dim, &r->dims, true) && flag(second, &r->keepdim);
    case K::Max:
    case K::Min:
      if (arg[0] >= 0 || arg[1] >= 0 || arg[2] >= 0) return false;  // max(x, dim) gives (values, indices)
      r->dims = rank;
      return true;
    case K::Softmax:
    case K::LogSoftmax:  // (dim, dtype=None)
      if (!dim || (second && !second.is_none()) || !dim.is_small_int()) return false;
      if (dim.as_small_int() != -1 && dim.as_small_int() != rank - 1) return false;
      r->dims = 1;
      r->keepdim = true;
      return true;
    case K::Norm: {
      // norm(x, p='fro', dim=None, keepdim=False): p 1, 2, inf or 'fro'
      // (2; over at most 2 dims, as eager checks).
      const vm::Value& p = dim;  // the parameters are (p, dim, keepdim)
      if (!trailing(second, &r->dims, true) || !flag(third, &r->keepdim)) return false;
      if (!p || (vm::is_str(p) && vm::str_view(p) == "fro")) {
        if (p && second && !second.is_none() && r->dims > 2) return false;
        r->norm = ReduceOp::norm2;
        return true;
      }
      double v;
      if (p.is_small_int()) v = double(p.as_small_int());
      else if (p.is_double()) v = p.as_double();
      else return false;
      if (v == 1) r->norm = ReduceOp::norm1;
      else if (v == 2) r->norm = ReduceOp::norm2;
      else if (std::isinf(v) && v > 0) r->norm = ReduceOp::norm_inf;
      else return false;
      return true;
    }
    case K::LogSumExp:
      // logsumexp(x, dim, keepdim=False): dim is required (an empty tuple:
      // left to the eager op).
      if (!dim || dim.is_none() || (vm::is_kind(dim, vm::ObjKind::Tuple) && dim.as<vm::TupleObject>()->size == 0)) return false;
      return trailing(dim, &r->dims) && flag(second, &r->keepdim);
    case K::Var:
    case K::Std: {
      // var(x, dim=None, unbiased=True, keepdim=False, correction=None);
      // not the legacy var(x, unbiased) form, and correction= only where
      // eager takes it (with a dim, without unbiased=).
      if (dim && dim.is_bool()) return false;
      bool unbiased = true;
      if (!trailing(dim, &r->dims, true) || !flag(second, &unbiased) || !flag(third, &r->keepdim)) return false;
      r->correction = unbiased ? 1 : 0;
      if (fourth && !fourth.is_none()) {
        if (!fourth.is_small_int() || !dim || dim.is_none() || second) return false;
        r->correction = double(fourth.as_small_int());
      }
      return true;
    }
  }
  return false;
}

// A node a kernel computes with masks, the Kernel IR's form of a bool
// tensor's elements (1.0 / 0.0, codegen/kernel_ops.def): a predicate whose
// result is a bool tensor (a compare, logical_and / or / xor and & | ^ of
// bool tensors, logical_not and ~ of one, isnan / isinf / isfinite), a
// bool value converted to float32 (x.float(): the same numbers), or
// torch.where / Tensor.where / masked_fill making a float32 tensor by a
// bool condition. Its operand registers in the instruction's order (where:
// condition, input, other; masked_fill: mask, value, self), and the
// instruction (-1 operands unused; a conversion has none: its value is
// its operand's).
struct MaskNode {
  KOp op = KOp::Unary;
  int arg = 0;
  int in[3] = {-1, -1, -1};
  bool convert = false;
};
bool mask_op_of(const tracer::Graph& g, const tracer::Node& n, const std::function<const Meta&(int)>& meta_of,
                MaskNode* m) {
  *m = MaskNode{};
  bool bool_out = is_bool_meta(n.meta);
  auto is_bool = [&](int r) { return is_bool_meta(meta_of(r)); };
  auto bool_or_number = [&](int r) { return is_bool(r) || operand_kind(g, r) == Operand::Number; };
  switch (n.op) {
    case tracer::GraphOp::Compare: {
      if (!bool_out || n.in.size() != 2) return false;
      torch::BinaryOp op;
      switch (vm::CmpOpKind(n.arg)) {
        case vm::CmpOpKind::Lt: op = torch::BinaryOp::lt; break;
        case vm::CmpOpKind::LtE: op = torch::BinaryOp::le; break;
        case vm::CmpOpKind::Eq: op = torch::BinaryOp::eq; break;
        case vm::CmpOpKind::NotEq: op = torch::BinaryOp::ne; break;
        case vm::CmpOpKind::Gt: op = torch::BinaryOp::gt; break;
        case vm::CmpOpKind::GtE: op = torch::BinaryOp::ge; break;
        default: return false;
      }
      *m = MaskNode{KOp::Binary, int(op), {n.in[0], n.in[1], -1}};
      return true;
    }
    case tracer::GraphOp::Unary:
      // ~mask (on a bool tensor; ~ of a float tensor raises eagerly).
      if (!bool_out || vm::UnaryOpKind(n.arg) != vm::UnaryOpKind::Invert || n.in.size() != 1 || !is_bool(n.in[0])) return false;
      *m = MaskNode{KOp::Unary, int(torch::UnaryOp::logical_not), {n.in[0], -1, -1}};
      return true;
    case tracer::GraphOp::Binary: {
      // & | ^ of bool tensors (and Python bools): logical ops.
      if (!bool_out || n.in.size() != 2 || !bool_or_number(n.in[0]) || !bool_or_number(n.in[1])) return false;
      torch::BinaryOp op;
      switch (vm::BinOpKind(n.arg)) {
        case vm::BinOpKind::BitAnd: op = torch::BinaryOp::logical_and; break;
        case vm::BinOpKind::BitOr: op = torch::BinaryOp::logical_or; break;
        case vm::BinOpKind::BitXor: op = torch::BinaryOp::logical_xor; break;
        default: return false;
      }
      *m = MaskNode{KOp::Binary, int(op), {n.in[0], n.in[1], -1}};
      return true;
    }
    case tracer::GraphOp::Call: break;
    default: return false;
  }
  tracer::OpCall c;
  torch::ops::Elementwise p;
  if (tracer::op_call_of(n, &c)) {
    if (torch::ops::elementwise_of(*c.op, &p)) {
      if (!bool_out) return false;
      if (p.unary && torch::unary_pred_f32_ok(torch::UnaryOp(p.op))) {
        *m = MaskNode{KOp::Unary, p.op, {c.arg[0], -1, -1}};
        return true;
      }
      if (!p.unary && torch::binary_pred_f32_ok(torch::BinaryOp(p.op))) {
        *m = MaskNode{KOp::Binary, p.op, {c.arg[0], c.arg[1], -1}};
        return true;
      }
      return false;
    }
    if (c.id() == OpId::where) {
      if (!is_float_meta(n.meta)) return false;
      int cond = c.arg[0], x = c.arg[1], y = c.arg[2];
      if (!is_bool(cond)) return false;  // eager raises for other conditions
      *m = MaskNode{KOp::Select, 0, {cond, x, y}};
      return true;
    }
    if (c.id() == OpId::masked_fill) {
      // self.masked_fill(mask, value): of the broadcast shape of self and the
      // mask, as PyTorch's (expand_outplace) and eager's are.
      int self = c.arg[0], mask = c.arg[1], value = c.arg[2];
      if (!is_float_meta(n.meta) || !is_float_meta(meta_of(self)) || !is_bool(mask)) return false;
      if (operand_kind(g, value) != Operand::Number && !(is_float_meta(meta_of(value)) && meta_of(value).rank() == 0))
        return false;
      *m = MaskNode{KOp::Select, 0, {mask, value, self}};
      return true;
    }
    if (c.id() == OpId::to_float) {
      // bool -> float32: the mask's numbers. (float32 -> float32 returns
      // the tensor itself: not a new value.)
      if (!is_float_meta(n.meta) || !is_bool(c.arg[0])) return false;
      m->convert = true;
      m->in[0] = c.arg[0];
      return true;
    }
    return false;
  }
  return false;
}

// Whether node n returns its input unchanged, the same tensor object, for a
// float32 input: x.float() and x.type_as(y) of float32 x and y (LLaMA's
// norm: self._norm(x.float()).type_as(x)). *src: the input register.
bool alias_of(const tracer::Node& n, const std::function<const Meta&(int)>& meta_of, int* src) {
  tracer::OpCall c;
  if (!is_float_meta(n.meta) || !tracer::op_call_of(n, &c) || !is_float_meta(meta_of(c.arg[0]))) return false;
  bool alias = c.id() == OpId::to_float || (c.id() == OpId::type_as && is_float_meta(meta_of(c.arg[1])));
  if (alias) *src = c.arg[0];
  return alias;
}

}  // namespace

constexpr size_t kMaxKernelBody = 64;  // instructions

std::vector<KernelRegion> lower_graph(const tracer::Graph& g, const std::function<bool(const KInstr&)>& compiles) {
  std::vector<KernelRegion> out;
  // The last node (+1) reading each register; graph outputs read at the end.
  std::vector<size_t> last_use(size_t(g.nregs()), 0);
  for (size_t i = 0; i < g.nodes.size(); i++)
    for (int r : g.nodes[i].in) last_use[size_t(r)] = std::max(last_use[size_t(r)], i + 1);
  for (int r : g.outputs) last_use[size_t(r)] = SIZE_MAX;

  // The run of nodes from `first` (before `limit`) that compiles, as a region.
  // Elements of a value of this meta ("float32[4, 6]": 24; -1 if unknown).
  auto numel_of = [](const Meta& meta) {
    int64_t n = 1;
    for (int64_t d : meta.sizes) {
      if (d == Meta::kDynamic) return int64_t(-1);
      n *= d;
    }
    return n;
  };
  auto meta_of = [&](int r) -> const Meta& {
    static const Meta none;
    if (r < int(g.consts.size())) return none;
    if (r < int(g.consts.size() + g.inputs.size())) return g.input_meta[size_t(r) - g.consts.size()];
    return g.nodes[size_t(r) - g.consts.size() - g.inputs.size()].meta;
  };

  // The run of nodes from `first` (before `limit`) that compiles, as a region.
  auto build = [&](size_t first, size_t limit) {
    KernelRegion reg;
    reg.first = first;
    Kernel& k = reg.kernel;
    std::vector<Form> form;          // per body value
    std::vector<int> value_of_node;  // per node of the run: its value in the body
    Meta iter_meta;                  // a reducing region: the shape its reductions fold (else not a tensor)
    // Registers of the run's views that eager holds with strided rows (a
    // transpose, a permute, an index of a computed value): eager folds
    // those by their strides, so a reduction of one is left to it.
    std::vector<int> strided_views;
    auto push = [&](KInstr ins) {
      k.body.push_back(ins);
      form.push_back(k.form_of(k.body.size() - 1, form));
      return int(k.body.size() - 1);
    };
    auto value_of = [&](int r) -> int {
      int node = r - g.node_reg(0);
      if (node >= int(reg.first) && node < int(reg.first + value_of_node.size())) return value_of_node[size_t(node) - reg.first];
      for (size_t j = 0; j < reg.inputs.size(); j++)
        if (reg.inputs[j] == r) {
          for (size_t b = 0; b < k.body.size(); b++)
            if (k.body[b].op == KOp::Load && k.body[b].arg == int(j)) return int(b);
        }
      Operand kind = operand_kind(g, r);
      if (kind == Operand::Other) return -1;
      torch::Scalar s;
      if (r < int(g.consts.size()) && torch::as_scalar(g.consts[size_t(r)], &s)) {
        // A constant of the graph: part of the kernel (foldable).
        KInstr c{KOp::Const};
        c.imm = s.to<float>();
        return push(c);
      }
      reg.inputs.push_back(r);
      k.inputs.push_back(KInput{kind == Operand::Number});
      if (is_bool_meta(meta_of(r))) k.inputs.back().dtype = torch::DType::Bool;
      return push(KInstr{KOp::Load, int(reg.inputs.size() - 1)});
    };
    // The widest row-level value of the run so far (its meta).
    auto widest_row = [&]() {
      const Meta* w = nullptr;
      for (size_t j = 0; j < value_of_node.size(); j++)
        if (form[size_t(value_of_node[j])] == Form::Row && (!w || numel_of(g.nodes[reg.first + j].meta) > numel_of(*w)))
          w = &g.nodes[reg.first + j].meta;
      return w;
    };
    // Whether register r is a value of a node of the run.
    auto in_run = [&](int r) {
      int node = r - g.node_reg(0);
      return node >= int(reg.first) && node < int(reg.first + value_of_node.size());
    };
    // Whether a view of register r can be fused: a value the run computes
    // (its expression again, read through the view), or a tensor from
    // outside it (read through the view: no executor node between the
    // run's nodes, as a mask's slice of a buffer would be).
    auto viewable = [&](int r) { return in_run(r) || operand_kind(g, r) == Operand::Tensor; };
    // The rank of register r's float32 (or bool) tensor, or -1.
    auto node_rank = [&](int r) { return is_float_meta(meta_of(r)) || is_bool_meta(meta_of(r)) ? meta_of(r).rank() : -1; };
    // Value v computed again over its inputs read through one more view:
    // `make(rank, &step)` gives the step for a tensor input of `rank` dims
    // (after the views it already has), or false. -1 if it cannot be (a
    // reduction, a tensor of unknown rank, a view it cannot take).
    using MakeStep = std::function<bool(int, ViewStep*)>;
    std::function<int(int, const MakeStep&)> viewed = [&](int v, const MakeStep& make) -> int {
      std::map<int, int> done;
      std::function<int(int)> clone = [&](int x) -> int {
        auto it = done.find(x);
        if (it != done.end()) return it->second;
        KInstr in = k.body[size_t(x)];
        int r = -1;
        switch (in.op) {
          case KOp::Const: r = x; break;
          case KOp::Load: {
            const KInput& src = k.inputs[size_t(in.arg)];
            if (src.scalar) {
              r = x;
              break;
            }
            // (The extern product, input 0, is viewed too: its register is
            // the extern node's, which the tier manager fills with the
            // product for every input that names it.)
            int reg_in = reg.inputs[size_t(in.arg)];
            int rank = src.views.empty() ? node_rank(reg_in) : src.views.back().result_rank();
            ViewStep step;
            if (rank < 0 || !make(rank, &step)) return -1;
            KInput out = src;
            if (step.kind == ViewStep::Kind::Reshape && !out.views.empty() && out.views.back().kind == ViewStep::Kind::Reshape)
              out.views.back().to = step.to;  // a reshape of a reshape: one, from the first shape
            else
              out.views.push_back(std::move(step));
            if (!views_without_copy(meta_of(reg_in), out.views)) return -1;
            reg.inputs.push_back(reg_in);
            k.inputs.push_back(std::move(out));
            r = push(KInstr{KOp::Load, int(k.inputs.size() - 1)});
            break;
          }
          case KOp::Unary: {
            int a = clone(in.a);
            if (a < 0) return -1;
            in.a = a;
            r = push(in);
            break;
          }
          case KOp::Binary:
          case KOp::Select: {
            int a = clone(in.a), b = a < 0 ? -1 : clone(in.b);
            int c = in.op != KOp::Select || b < 0 ? -1 : clone(in.c);
            if (a < 0 || b < 0 || (in.op == KOp::Select && c < 0)) return -1;
            in.a = a;
            in.b = b;
            in.c = c;
            r = push(in);
            break;
          }
          case KOp::Reduce: return -1;
        }
        done[x] = r;
        return r;
      };
      return v < 0 ? -1 : clone(v);
    };
    size_t i = first;
    std::vector<int> ext_args;
    KernelRegion::Extern ext;
    if (i < limit && extern_of(g.nodes[i], &ext, &ext_args)) {
      // The extern call's result is input 0; linear's bias (a tensor or
      // None) is added by the epilogue.
      int bias = ext == KernelRegion::Extern::Linear && ext_args.size() == 3 ? ext_args[2] : -1;
      if (bias >= 0 && bias < int(g.consts.size()) && g.consts[size_t(bias)].is_none()) bias = -1;
      if (ext == KernelRegion::Extern::Linear) ext_args.resize(2);
      reg.ext = ext;
      reg.extern_args = ext_args;
      reg.inputs.push_back(g.node_reg(i));
      k.inputs.push_back(KInput{false});
      int v = push(KInstr{KOp::Load, 0});
      bool ok = true;
      if (bias >= 0) {
        int b = value_of(bias);
        ok = b >= 0 && form[size_t(b)] == Form::Row;
        if (ok) v = push(KInstr{KOp::Binary, int(torch::BinaryOp::add), v, b});
        ok = ok && compiles(k.body.back());
      }
      if (!ok) {
        reg.end = first;  // no region here
        return reg;
      }
      value_of_node.push_back(v);
      i++;
    }
    while (i < limit) {
      const tracer::Node& n = g.nodes[i];
      // Tentatively add the node; undo if an operand or an op does not
      // compile, or the forms do not fit one kernel.
      Kernel saved = k;
      std::vector<int> saved_inputs = reg.inputs;
      std::vector<Form> saved_form = form;
      int v = -1;
      bool ok = true, is_view = false;
      bool keeps_layout = true;  // a view: whether eager's view of a contiguous tensor is contiguous
      int prev_dim = -1;
      std::vector<int> clamp_bounds;  // decomposition: clamp -> (lo, hi) registers, -1 absent
      PointwiseOp p;
      ReductionNode red;
      if (pointwise_of(g, n, &p)) {
        int a = value_of(n.in[0]);
        int b = p.unary ? 0 : value_of(n.in[1]);
        ok = a >= 0 && b >= 0;
        if (ok && !p.unary && p.op == int(torch::BinaryOp::pow_scalar) && k.body[size_t(b)].op == KOp::Const) {
          // A constant exponent: pow_scalar's own formula for it, in ops
          // the backends inline (x ** 2 is x * x; the constant dies).
          float e = k.body[size_t(b)].imm;
          auto un = [&](torch::UnaryOp op, int x) { return push(KInstr{KOp::Unary, int(op), x}); };
          auto bin = [&](torch::BinaryOp op, int x, int y) { return push(KInstr{KOp::Binary, int(op), x, y}); };
          if (e == 0.5f) v = un(torch::UnaryOp::sqrt, a);
          else if (e == -0.5f) v = un(torch::UnaryOp::rsqrt, a);
          else if (e == -1.0f) v = un(torch::UnaryOp::reciprocal, a);
          else if (e == 2.0f) v = bin(torch::BinaryOp::mul, a, a);
          else if (e == 3.0f) v = bin(torch::BinaryOp::mul, bin(torch::BinaryOp::mul, a, a), a);
          else if (e == -2.0f) {
            KInstr one{KOp::Const};
            one.imm = 1.0f;
            v = bin(torch::BinaryOp::div, push(one), bin(torch::BinaryOp::mul, a, a));
          }
        }
        if (ok && v < 0) v = push(KInstr{p.unary ? KOp::Unary : KOp::Binary, p.op, a, p.unary ? -1 : b});
      } else if (clamp_of(g, n, &clamp_bounds)) {
        // clamp(x, lo, hi) = clamp_hi(clamp_lo(x, lo), hi), each half the
        // eager op for a number or a tensor bound.
        v = value_of(n.in[0]);
        ok = v >= 0;
        for (int half = 0; ok && half < 2; half++) {
          int r = clamp_bounds[size_t(half)];
          if (r < 0) continue;
          int b = value_of(r);
          bool number = operand_kind(g, r) == Operand::Number;
          torch::BinaryOp op = half == 0 ? (number ? torch::BinaryOp::clamp_lo_scalar : torch::BinaryOp::clamp_lo)
                                         : (number ? torch::BinaryOp::clamp_hi_scalar : torch::BinaryOp::clamp_hi);
          ok = b >= 0;
          if (ok) v = push(KInstr{KOp::Binary, int(op), v, b});
        }
      } else if (std::vector<int8_t> vdims; !n.in.empty() && viewable(n.in[0]) &&
                                              !iter_meta.tensor && view_dims_of(g, n, meta_of(n.in[0]), &vdims)) {
        // Fusion through a view of a value the run computes: the value's
        // pointwise expression again, over its inputs read through the
        // same view (view(f(a, b)) = f(view(a), view(b))). The view itself
        // is never stored (its eager value is a view, not a fresh tensor).
        int rank = node_rank(n.in[0]);
        v = viewed(value_of(n.in[0]), [&](int in_rank, ViewStep* step) {
          if (in_rank > rank) return false;
          *step = ViewStep::dims_view(rank, vdims);
          return true;
        });
        ok = v >= 0;
        is_view = true;
        for (int8_t d : vdims) {  // dims out of order (a transpose, a permute) stride the rows
          if (d >= 0 && d < prev_dim) keeps_layout = false;
          if (d >= 0) prev_dim = d;
        }
      } else if (ViewStep rs; !n.in.empty() && viewable(n.in[0]) && !iter_meta.tensor &&
                             std::find(reg.views.begin(), reg.views.end(), size_t(n.in[0] - g.node_reg(0))) == reg.views.end() &&
                             reshape_of(n, meta_of(n.in[0]), &rs.from, &rs.to)) {
        // Fusion through a reshape of a value the run computes (a fresh,
        // contiguous tensor, not one of the run's views: `view` of those
        // may raise), the same way: its expression over its inputs read
        // through the reshape. Never stored either (eagerly a view).
        rs.kind = ViewStep::Kind::Reshape;
        v = viewed(value_of(n.in[0]), [&](int in_rank, ViewStep* step) {
          if (in_rank > int(rs.from.size())) return false;
          *step = rs;
          return true;
        });
        ok = v >= 0;
        is_view = true;
      } else if (ViewStep ix; !n.in.empty() && viewable(n.in[0]) && !iter_meta.tensor && index_of(g, n, meta_of(n.in[0]), &ix)) {
        // Fusion through basic indexing (ints, slices, None, Ellipsis) of
        // a value the run computes, the same way.
        v = viewed(value_of(n.in[0]), [&](int in_rank, ViewStep* step) {
          if (in_rank > int(ix.from.size())) return false;
          *step = ix;
          return true;
        });
        ok = v >= 0;
        is_view = true;
        keeps_layout = false;
      } else if (int src = -1; alias_of(n, meta_of, &src)) {
        // x.float() / x.type_as(y) of float32 tensors: x itself, eagerly.
        // Its value is x's; like a view's it is never stored (the node's
        // result is x's tensor object, not a new one).
        v = value_of(src);
        ok = v >= 0;
        is_view = true;
        keeps_layout = std::find(strided_views.begin(), strided_views.end(), src) == strided_views.end();
      } else if (MaskNode mn; mask_op_of(g, n, meta_of, &mn)) {
        // Predicates as masks, where / masked_fill as selects by one.
        int ops[3] = {-1, -1, -1};
        for (int q = 0; q < 3 && ok; q++) {
          if (mn.in[q] < 0) continue;
          ops[q] = value_of(mn.in[q]);
          ok = ops[q] >= 0;
        }
        if (ok && mn.convert) {
          v = ops[0];
        } else if (ok) {
          KInstr in{mn.op, mn.arg, ops[0], ops[1]};
          in.c = ops[2];
          v = push(in);
        }
      } else if (reduction_of(g, n, meta_of, &red)) {
        // A reduction folds a row-level value spanning the region's
        // iteration shape, over the same trailing dims as the region's
        // other reductions. softmax(x) = e * (1 / sum(e)), e = exp(x - max(x));
        // log_softmax(x) = (x - max(x)) - log(sum(exp(x - max(x)))): the
        // eager kernel's order of operations.
        const Meta& in_meta = meta_of(red.input);
        const Meta* w = widest_row();
        int x = value_of(red.input);
        bool strided = std::find(strided_views.begin(), strided_views.end(), red.input) != strided_views.end();
        ok = x >= 0 && form[size_t(x)] == Form::Row &&
             (k.reduce_dims == 0 || (k.reduce_dims == red.dims && k.reduce_from == red.from)) &&
             (!strided || k.body[size_t(x)].op == KOp::Load) &&  // (a load: the launch checks its rows)
             (!iter_meta.tensor ? (!w || kernel_same_shape(*w, in_meta)) : kernel_same_shape(iter_meta, in_meta));
        // Every row-level value so far must fit in the shape it folds (one
        // of as many elements but another shape, as after a transpose, does not).
        for (size_t j = 0; ok && j < value_of_node.size(); j++) {
          const Meta& m = g.nodes[reg.first + j].meta;
          if (form[size_t(value_of_node[j])] == Form::Row && !kernel_same_shape(m, in_meta) &&
              !(numel_of(m) >= 0 && numel_of(m) < numel_of(in_meta)))
            ok = false;
        }
        if (ok) {
          k.reduce_dims = red.dims;
          k.reduce_from = red.from;
          iter_meta = in_meta;
          using K = RKind;
          auto reduce = [&](ReduceOp op, int a, bool keepdim, float correction = 0) {
            KInstr r{KOp::Reduce, int(op), a};
            r.keepdim = keepdim;
            r.imm = correction;
            return push(r);
          };
          switch (red.kind) {
            case K::Sum: v = reduce(ReduceOp::sum, x, red.keepdim); break;
            case K::Mean: v = reduce(ReduceOp::mean, x, red.keepdim); break;
            case K::Amax:
            case K::Max: v = reduce(ReduceOp::amax, x, red.keepdim); break;
            case K::Amin:
            case K::Min: v = reduce(ReduceOp::amin, x, red.keepdim); break;
            case K::Var: v = reduce(ReduceOp::var, x, red.keepdim, float(red.correction)); break;
            case K::Std: v = reduce(ReduceOp::std, x, red.keepdim, float(red.correction)); break;
            case K::LogSumExp: v = reduce(ReduceOp::logsumexp, x, red.keepdim); break;
            case K::Norm: v = reduce(red.norm, x, red.keepdim); break;
            case K::Softmax:
            case K::LogSoftmax: {
              int mx = reduce(ReduceOp::line_max, x, true);
              int d = push(KInstr{KOp::Binary, int(torch::BinaryOp::sub), x, mx});
              int e = push(KInstr{KOp::Unary, int(torch::UnaryOp::exp), d});
              int sum = reduce(ReduceOp::line_sum, e, true);
              if (red.kind == K::Softmax) {
                KInstr one{KOp::Const};
                one.imm = 1.0f;
                int inv = push(KInstr{KOp::Binary, int(torch::BinaryOp::div), push(one), sum});
                v = push(KInstr{KOp::Binary, int(torch::BinaryOp::mul), e, inv});
              } else {
                int ls = push(KInstr{KOp::Unary, int(torch::UnaryOp::log), sum});
                v = push(KInstr{KOp::Binary, int(torch::BinaryOp::sub), d, ls});
              }
              break;
            }
          }
        }
      } else {
        break;
      }
      for (size_t q = saved.body.size(); ok && q < k.body.size(); q++) ok = compiles(k.body[q]) && form[q] != Form::Invalid;
      // A kernel stays small enough to compile in well under a millisecond
      // (register allocation grows faster than the body): a longer run is
      // split into several kernels.
      if (ok && k.body.size() > kMaxKernelBody && !saved.body.empty()) ok = false;
      // In a reducing region, no row-level value may outgrow what its
      // reductions fold (its tensor inputs would widen the iteration).
      if (ok && iter_meta.tensor && form[size_t(v)] == Form::Row && !kernel_same_shape(n.meta, iter_meta) &&
          !(numel_of(n.meta) >= 0 && numel_of(n.meta) < numel_of(iter_meta)))
        ok = false;
      if (!ok) {
        k = std::move(saved);
        reg.inputs = std::move(saved_inputs);
        form = std::move(saved_form);
        break;
      }
      if (is_view) reg.views.push_back(i);
      if (is_view && !keeps_layout) strided_views.push_back(g.node_reg(i));
      value_of_node.push_back(v);
      i++;
    }
    reg.end = i;
    reg.extern_is_value = reg.ext != KernelRegion::Extern::None && !value_of_node.empty() && value_of_node[0] == 0;
    for (size_t nidx = reg.first; nidx < reg.end; nidx++)
      if (last_use[size_t(g.node_reg(nidx))] > reg.end) {
        if (nidx == reg.first && reg.ext != KernelRegion::Extern::None && value_of_node[0] == 0) {
          reg.extern_stored = true;  // the extern result itself: its register gets it, not a copy
          continue;
        }
        reg.outs.push_back(nidx);
        k.outputs.push_back(value_of_node[nidx - reg.first]);
        k.out_dtypes.push_back(is_bool_meta(g.nodes[nidx].meta) ? torch::DType::Bool : k.dtype);
      }
    reg.iter_meta = iter_meta;
    reg.node_forms.clear();
    for (int val : value_of_node) reg.node_forms.push_back(form[size_t(val)]);
    return reg;
  };

  size_t i = 0;
  while (i < g.nodes.size()) {
    // Values of several shapes may meet in a kernel (a row statistic used
    // across its row), but every value it stores spans its whole loop nest:
    // a stored value of a smaller shape ends the kernel before it (it
    // starts the next one). The launch checks again at run time, for
    // dynamic sizes.
    size_t limit = g.nodes.size();
    KernelRegion reg;
    for (;;) {
      reg = build(i, limit);
      if (reg.end == reg.first) break;
      // (Per-row values of a reducing kernel are stored over the reduced
      // shape instead.)
      auto row_level = [&](size_t n) { return reg.node_forms[n - reg.first] == Form::Row; };
      // The iteration shape: the widest stored value's (the first of those
      // as wide); with no row-level value stored, the widest value's (the
      // last of those as wide). A wider value that is not stored only
      // feeds views or slices, computed again through them.
      const Meta* widest = !reg.iter_meta.tensor ? nullptr : &reg.iter_meta;
      for (int pass = 0; pass < 2 && !widest; pass++)
        for (size_t n = reg.first; n < reg.end; n++) {
          if (!row_level(n)) continue;
          bool stored = std::find(reg.outs.begin(), reg.outs.end(), n) != reg.outs.end();
          if (pass == 0 && !stored) continue;
          int64_t a = numel_of(g.nodes[n].meta);
          if (!widest || a > numel_of(*widest) || (pass == 1 && a == numel_of(*widest))) widest = &g.nodes[n].meta;
        }
      size_t bad = SIZE_MAX;
      for (size_t o : reg.outs)
        if (row_level(o) && !kernel_same_shape(g.nodes[o].meta, *widest)) bad = std::min(bad, o);
      for (size_t vn : reg.views)  // a view used after the run: it ends before it
        if (std::find(reg.outs.begin(), reg.outs.end(), vn) != reg.outs.end()) bad = std::min(bad, vn);
      for (size_t o : reg.outs)  // a mask used after a reducing run (a bool output only from a pointwise kernel)
        if (is_bool_meta(g.nodes[o].meta) && reg.kernel.reduce_dims > 0) bad = std::min(bad, o);
      if (bad == reg.first) {  // its first node: no region here (the executor runs it)
        reg.end = reg.first;
        break;
      }
      if (bad == SIZE_MAX) break;
      limit = std::max(bad, i + 1);
    }
    if (reg.end == reg.first) {
      i++;
      continue;
    }
    i = reg.end;
    Kernel& k = reg.kernel;
    if (k.outputs.empty()) continue;  // nothing used: the executor keeps the nodes (their errors, if any)
    bool tensor_in = false;
    for (const KInput& in : k.inputs) tensor_in = tensor_in || !in.scalar;
    if (!tensor_in) continue;
    // Reductions of inputs alone fold what eager folds, the same way: no
    // kernel pays for itself there.
    bool computes = false;
    for (const KInstr& in : k.body) computes = computes || in.op == KOp::Unary || in.op == KOp::Binary || in.op == KOp::Select;
    if (!computes) continue;
    k.name = fmt::format("{}_k{}", g.name, out.size());
    out.push_back(std::move(reg));
  }
  return out;
}

void drop_unloaded_inputs(KernelRegion* r) {
  Kernel& k = r->kernel;
  std::vector<int> map(k.inputs.size(), -1);
  for (const KInstr& in : k.body)
    if (in.op == KOp::Load && in.arg >= 0 && size_t(in.arg) < map.size()) map[size_t(in.arg)] = 0;
  if (r->ext != KernelRegion::Extern::None && !map.empty()) map[0] = 0;
  if (std::find(map.begin(), map.end(), -1) == map.end()) return;  // every input loaded
  std::vector<KInput> inputs;
  std::vector<int> regs;
  for (size_t i = 0; i < map.size(); i++) {
    if (map[i] < 0) continue;
    map[i] = int(inputs.size());
    inputs.push_back(std::move(k.inputs[i]));
    regs.push_back(r->inputs[i]);
  }
  k.inputs = std::move(inputs);
  r->inputs = std::move(regs);
  for (KInstr& in : k.body)
    if (in.op == KOp::Load) in.arg = map[size_t(in.arg)];
}

}  // namespace kiln::codegen
