// codegen/launch.cpp — see codegen/launch.h.
#include "codegen/launch.h"

#include <fmt/format.h>

#include "codegen/row_plan.h"
#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/bindings.h"
#include "stdlib/torch/tensor_object.h"
#include "stdlib/torch/views.h"
#include "vm/ops.h"

namespace kiln::codegen {

bool KernelLaunch::prepare(const Kernel& k, const std::vector<vm::Value>& values, std::string* why,
                           const std::vector<uint64_t>* masks, int reuse, const std::vector<torch::StoragePtr*>* slots,
                           const Into* into) {
  args_.resize(values.size());
  for (size_t i = 0; i < values.size(); i++) {
    const vm::Value& v = values[i];
    KArg& a = args_[i];
    a = KArg{};
    if (torch::is_tensor(v)) {
      const torch::autograd::Var& var = torch::var_of(v);
      a.tensor = &var.t;
      a.requires_grad = var.requires_grad() && torch::autograd::GradMode::is_enabled();  // autograd would record the ops
      continue;
    }
    torch::Scalar s;
    if (!(v.is_double() || v.is_bool() || vm::is_int(v)) || !torch::as_scalar(v, &s)) {
      *why = fmt::format("input {} is neither a tensor nor a number", i);
      return false;
    }
    a.number = s.to<double>();
  }
  return prepare(k, args_, why, masks, reuse, slots, into);
}

namespace {

// t broadcast to `shape` (right-aligned; stride 0 where expanded), or false.
bool broadcast_to(const torch::Tensor& t, const std::vector<int64_t>& shape, torch::Tensor* out) {
  int lead = int(shape.size()) - t.dim();
  if (lead < 0) return false;
  torch::Shape sizes, strides;
  for (int d = 0; d < int(shape.size()); d++) {
    int64_t size = d < lead ? 1 : t.sizes[d - lead];
    if (size != shape[size_t(d)] && size != 1) return false;
    sizes.push_back(shape[size_t(d)]);
    strides.push_back(d < lead || size != shape[size_t(d)] ? 0 : t.strides[d - lead]);
  }
  *out = torch::make_view(t, sizes, strides, t.offset);
  return true;
}

}  // namespace

bool view_through(const torch::Tensor& t, const ViewStep& v, torch::Tensor* out, std::string* why, bool copy) {
  switch (v.kind) {
    case ViewStep::Kind::Dims: {
      int rank = v.rank, lead = rank - t.dim();
      if (lead < 0) {
        *why = fmt::format("it has more dims than its view ({})", rank);
        return false;
      }
      auto size_at = [&](int d) { return d < lead ? int64_t(1) : t.sizes[d - lead]; };
      auto stride_at = [&](int d) { return d < lead ? int64_t(0) : t.strides[d - lead]; };
      bool listed[torch::kMaxDims] = {};
      torch::Shape sizes, strides;
      for (int8_t d : v.dims) {
        sizes.push_back(d < 0 ? 1 : size_at(d));
        strides.push_back(d < 0 ? 0 : stride_at(d));
        if (d >= 0) listed[d] = true;
      }
      for (int d = 0; d < rank; d++)
        if (!listed[d] && size_at(d) != 1) {
          *why = fmt::format("its dim {} is not of size 1 where the view drops it", d);
          return false;
        }
      *out = torch::make_view(t, sizes, strides, t.offset);
      return true;
    }
    case ViewStep::Kind::Reshape: {
      torch::Tensor e;
      if (!broadcast_to(t, v.from, &e)) {
        *why = fmt::format("its shape {} does not broadcast to the shape it is reshaped from", t.sizes.str());
        return false;
      }
      torch::Shape to{std::span<const int64_t>(v.to)};
      // Where the strides have no such view (a broadcast dim merged with
      // another, an odd layout), the elements are copied first, as eager's
      // reshape of such a tensor would.
      std::optional<torch::Shape> st = torch::view_strides(e, to);
      if (!st && !copy) {
        *why = fmt::format("its layout (strides {} over {}) has no view of shape {}", e.strides.str(), e.sizes.str(), to.str());
        return false;
      }
      if (!st) {
        e = torch::contiguous(e);
        st = torch::view_strides(e, to);
      }
      *out = torch::make_view(e, to, *st, e.offset);
      return true;
    }
    case ViewStep::Kind::Index: {
      torch::Tensor e;
      if (!broadcast_to(t, v.from, &e)) {
        *why = fmt::format("its shape {} does not broadcast to the shape it is indexed in", t.sizes.str());
        return false;
      }
      int64_t offset = e.offset;
      for (size_t d = 0; d < v.at.size(); d++)
        if (v.at[d] >= 0) offset += v.at[d] * e.strides[int(d)];
      torch::Shape sizes, strides;
      for (size_t d = 0; d < v.dims.size(); d++) {
        if (v.dims[d] < 0) {
          sizes.push_back(1);
          strides.push_back(0);
          continue;
        }
        int64_t s = e.strides[v.dims[d]];
        offset += v.start[d] * s;
        sizes.push_back(v.size[d]);
        strides.push_back(v.step[d] * s);
      }
      *out = torch::make_view(e, sizes, strides, offset);
      return true;
    }
  }
  return false;
}

bool KernelLaunch::apply_views(size_t i, const KInput& kin, std::string* why) {
  if (viewed_.size() < operands_.size()) viewed_.resize(operands_.size());  // once: operands_ point into it
  torch::Tensor cur = *operands_[i];
  for (const ViewStep& v : kin.views) {
    torch::Tensor next;
    std::string bad;
    if (!view_through(cur, v, &next, &bad, true)) {
      *why = fmt::format("input {} cannot be read through its view {}: {}", i, v.to_string(), bad);
      return false;
    }
    cur = std::move(next);
  }
  viewed_[i] = std::move(cur);
  operands_[i] = &viewed_[i];
  return true;
}

void KernelLaunch::release() {
  for (torch::Tensor& t : outs) t = torch::Tensor();
  for (torch::Tensor& t : viewed_) t = torch::Tensor();
}

bool KernelLaunch::prepare(const Kernel& k, const std::vector<KArg>& args, std::string* why,
                           const std::vector<uint64_t>* masks, int reuse, const std::vector<torch::StoragePtr*>* slots,
                           const Into* into) {
  size_t ni = k.inputs.size();
  if (args.size() != ni) {
    *why = fmt::format("{} values for {} inputs", args.size(), ni);
    return false;
  }
  numbers.assign(ni, 0.0f);
  in_ptrs.assign(ni, nullptr);
  operands_.assign(ni, nullptr);
  shapes_.clear();
  // Inputs no instruction loads (the passes may leave some) take no part
  // in the iteration shape.
  loaded_.assign(ni, false);
  for (const KInstr& in : k.body)
    if (in.op == KOp::Load && in.arg >= 0 && size_t(in.arg) < ni) loaded_[size_t(in.arg)] = true;
  for (size_t i = 0; i < ni; i++) {
    const KArg& a = args[i];
    if (a.tensor && !k.inputs[i].scalar && !loaded_[i]) continue;
    if (a.tensor) {
      if (k.inputs[i].scalar) {
        *why = fmt::format("input {} is a tensor where the kernel takes a number", i);
        return false;
      }
      if (a.tensor->dtype != k.inputs[i].dtype) {
        *why = fmt::format("input {} is {}", i, torch::dtype_name(a.tensor->dtype));
        return false;
      }
      if (a.requires_grad) {
        *why = fmt::format("input {} requires grad (autograd records eager ops)", i);
        return false;
      }
      operands_[i] = a.tensor;
      const KInput& kin = k.inputs[i];
      if (kin.viewed() && !apply_views(i, kin, why)) return false;
      shapes_.push_back(operands_[i]->sizes);
      in_ptrs[i] = operands_[i]->data_bytes();
      continue;
    }
    if (!k.inputs[i].scalar) {
      *why = fmt::format("input {} is a number where the kernel takes a tensor", i);
      return false;
    }
    numbers[i] = float(a.number);
  }
  for (size_t i = 0; i < ni; i++)
    if (!operands_[i]) in_ptrs[i] = reinterpret_cast<const char*>(&numbers[i]);  // numbers, and inputs not loaded
  if (!LoopNest::broadcast(shapes_, &shape)) {
    *why = "the inputs' shapes do not broadcast";
    return false;
  }
  // The kernel's forms and, reducing, what each value reads and whether
  // it uses a per-row value (computed each launch, into reused buffers).
  k.forms_into(&forms);
  if (k.reduces()) {
    k.value_inputs_into(&deps_);
    stat_.assign(k.body.size(), false);
    for (size_t i = 0; i < k.body.size(); i++) {
      const KInstr& in = k.body[i];
      stat_[i] = in.op == KOp::Reduce || (in.a >= 0 && stat_[size_t(in.a)]) || (in.b >= 0 && stat_[size_t(in.b)]) ||
                 (in.c >= 0 && stat_[size_t(in.c)]);
    }
  }
  // The shape a value of the inputs in `mask` spans.
  auto spans = [&](uint64_t mask, torch::Shape* os) {
    for (size_t j = 0; j < ni; j++) {
      if (!operands_[j] || !(mask >> std::min<size_t>(j, 63) & 1)) continue;
      if (!LoopNest::broadcast_into(os, operands_[j]->sizes)) return false;
    }
    return true;
  };
  // A reducing kernel folds dims [split, split_end) of the shape.
  int split = -1, split_end = -1;
  if (k.reduces()) {
    if (k.columns() ? k.reduce_from + k.reduce_dims >= shape.n : shape.n < k.reduce_dims) {
      *why = k.columns() ? fmt::format("a column reduction over dims {}..{} of a {}-dim shape", k.reduce_from,
                                       k.reduce_from + k.reduce_dims - 1, shape.n)
                         : fmt::format("a reduction over the last {} dims of a {}-dim shape", k.reduce_dims, shape.n);
      return false;
    }
    split = k.columns() ? k.reduce_from : shape.n - k.reduce_dims;
    split_end = split + k.reduce_dims;
    rows = 1;
    rowlen = 1;
    for (int d = 0; d < shape.n; d++) (d >= split && d < split_end ? rowlen : rows) *= shape[d];
    if (k.columns() && rowlen > 1) {
      // Eager folds a contiguous tensor by columns only when a kept dim
      // after the reduced ones is wider than 1; else its reduced elements
      // are rows (x.sum(0) of [n, 1]).
      bool inner = false;
      for (int d = split_end; d < shape.n; d++) inner = inner || shape[d] != 1;
      if (!inner) {
        *why = "a column reduction whose kept dims after it are all of size 1 (eager folds it as rows)";
        return false;
      }
    }
    for (const KInstr& in : k.body) {
      if (in.op != KOp::Reduce) continue;
      torch::Shape os;
      if (!spans(deps_[size_t(in.a)], &os) || !(os == shape)) {
        *why = fmt::format("a reduction of a value of shape {} within the iteration shape {}", os.str(), shape.str());
        return false;
      }
    }
    for (const KInstr& in : k.body)
      if (in.op == KOp::Reduce && rowlen == 0 && reduce_needs_elements(ReduceOp(in.arg))) {
        *why = fmt::format("{} of empty rows (eager raises the error)", reduce_op_name(ReduceOp(in.arg)));
        return false;
      }
  }
  // Every output is stored over the whole iteration shape, so each must
  // depend on inputs whose shapes broadcast to all of it (a value of a
  // smaller operand alone has a smaller shape: not this kernel's to store).
  if (!masks) {
    masks_ = k.output_inputs();
    masks = &masks_;
  }
  for (size_t o = 0; o < k.outputs.size(); o++) {
    torch::Shape os;
    if (k.reduces()) {
      if (forms[size_t(k.outputs[o])] != Form::Row) continue;  // per-row: over the reduced shape
      if (!spans(deps_[size_t(k.outputs[o])], &os)) {
        *why = "the inputs' shapes do not broadcast";
        return false;
      }
      if (stat_[size_t(k.outputs[o])]) {  // it uses a per-row value: it spans the kept shape too
        torch::Shape kept = shape;
        for (int d = split; d < split_end; d++) kept[d] = 1;
        if (!LoopNest::broadcast_into(&os, kept)) {
          *why = "the inputs' shapes do not broadcast";
          return false;
        }
      }
    } else if (!spans((*masks)[o], &os)) {
      *why = "the inputs' shapes do not broadcast";
      return false;
    }
    if (!(os == shape)) {
      *why = fmt::format("output {} has shape {} within the iteration shape {}", o, os.str(), shape.str());
      return false;
    }
  }
  outs.resize(k.outputs.size());
  out_ptrs.resize(k.outputs.size());
  in_place = false;
  for (size_t o = 0; o < k.outputs.size(); o++) {
    Form f = k.reduces() ? forms[size_t(k.outputs[o])] : Form::Row;
    torch::StoragePtr* slot = slots && o < slots->size() ? (*slots)[o] : nullptr;
    int from = reuse;
    bool lives_on = false;  // an `into` donor: a graph input, whose storage others may share
    if (into)
      for (auto [i, out] : *into)
        if (out == int(o)) from = i, lives_on = true;
    const torch::Tensor* donor =
        from >= 0 && size_t(from) < ni && !k.inputs[size_t(from)].viewed() ? operands_[size_t(from)] : nullptr;
    // (Another input in its storage, read at other points, would see the
    // writes: a view of it passed as another argument.)
    for (size_t i = 0; lives_on && donor && i < ni; i++)
      if (int(i) != from && operands_[i] && operands_[i]->storage.get() == donor->storage.get()) donor = nullptr;
    torch::DType od = k.output_dtype(o);
    if (f == Form::Row && !slot && donor && donor->dtype == od && donor->sizes == shape && donor->is_contiguous()) {
      outs[o] = *donor;  // in place
      if (from == reuse) reuse = -1;
      in_place = true;
    } else if (f == Form::Row) {
      outs[o] = slot ? torch::empty_in(slot, shape, od) : torch::empty(shape, od);
    } else {
      torch::Shape rs;
      for (int d = 0; d < shape.n; d++)
        if (d < split || d >= split_end) rs.push_back(shape[d]);
        else if (f == Form::Kept) rs.push_back(1);
      outs[o] = slot ? torch::empty_in(slot, rs, od) : torch::empty(rs, od);
    }
    out_ptrs[o] = outs[o].data_bytes();
    operands_.push_back(f == Form::Row ? &outs[o] : nullptr);
  }
  if (!nest.bind(shape, operands_, split, k.columns() ? split_end : -1)) {
    *why = "too many dimensions";
    return false;
  }
  if (k.reduces()) {
    // A reduction straight of an input folds its elements where they are:
    // eager folds a contiguous row the same way only when it is one.
    for (const KInstr& red : k.body) {
      if (red.op != KOp::Reduce) continue;
      const KInstr& src = k.body[size_t(red.a)];
      if (!folds_in_place(k, src) || rowlen <= 1) continue;
      // (A column reduction's input: contiguous over the whole shape.)
      int64_t want = 4;
      for (int d = nest.rank - 1; d >= (k.columns() ? 0 : nest.outer_rank); want *= nest.sizes[d], d--)
        if (nest.strides[size_t(src.arg)][size_t(d)] != want && !(k.columns() && nest.sizes[d] == 1)) {
          *why = fmt::format("a reduction of input {}, whose rows are not contiguous", src.arg);
          return false;
        }
    }
  }
  return true;
}

}  // namespace kiln::codegen
