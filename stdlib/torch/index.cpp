// stdlib/torch/index.cpp — tensor indexing (see index.h).
//
// The key is walked the way PyTorch's applySlicing walks it: ints select,
// slices narrow, None and `...` reshape, and everything else — index
// tensors, lists of ints, boolean masks, Python True/False — is an advanced
// index recorded at the dim it applies to (a k-dim mask becomes k int64
// index tensors of its true coordinates). If any advanced index was
// recorded, the view built so far is gathered by shape_ops' `index`
// (NumPy's placement rule); otherwise the result is the view itself.
// Assignment walks the same key and either copies into the view or
// scatters with `index_put`.
//
// Autograd: the walk runs the autograd layer's views (ag::select, ag::slice,
// ag::unsqueeze, then ag::index), so indexing a tensor that requires grad
// records them. It also keeps the basic part as a path of steps, which
// assignment hands to ag::index_put_: that writes self in place and, when
// self or the value requires grad, moves self's history to a node giving the
// value the gradient of the assigned region.

#include "stdlib/torch/index.h"

#include <vector>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/ops/meta.h"
#include "stdlib/torch/ops/registry.h"
#include "stdlib/torch/shape_ops.h"
#include "stdlib/torch/views.h"
#include "vm/slice.h"
#include "vm/tuple.h"

namespace kiln::torch {

using vm::Exc;
using vm::ObjKind;

namespace {

bool is_seq(const Value& v) { return vm::is_kind(v, ObjKind::List) || vm::is_kind(v, ObjKind::Tuple); }

std::span<const Value> seq_items(const Value& v) {
  if (vm::is_kind(v, ObjKind::Tuple)) {
    auto* t = v.as<vm::TupleObject>();
    return {t->items, t->size};
  }
  auto* l = v.as<vm::ListObject>();
  return {l->items.data(), l->items.size()};
}

// Nested lists of ints/bools as an index tensor (bool when every leaf is a bool).
struct ListWalk {
  Shape shape;
  std::vector<int64_t> vals;
  bool all_bool = true;
  void walk(VM& vm, const Value& v, int depth) {
    if (is_seq(v)) {
      auto items = seq_items(v);
      if (depth == shape.size()) shape.push_back(int64_t(items.size()));
      else if (shape[depth] != int64_t(items.size()))
        fail(ErrorKind::Value, "expected sequence of length {} at dim {} (got {})", shape[depth], depth, items.size());
      for (const Value& it : items) walk(vm, it, depth + 1);
      return;
    }
    if (depth != shape.size()) fail(ErrorKind::Type, "new(): invalid data type '{}'", vm::type_name(vm, v));
    int64_t i;
    if (v.is_bool()) {
      vals.push_back(v.is_true());
      return;
    }
    all_bool = false;
    if (vm::is_int(v) && vm::int_value(v, &i)) vals.push_back(i);
    else if (v.is_double()) vals.push_back(int64_t(v.as_double()));
    else if (is_tensor(v) && tensor_of(v).numel() == 1) vals.push_back(int64_t(element_as_double(tensor_of(v), 0)));
    else fail(ErrorKind::Type, "new(): invalid data type '{}'", vm::type_name(vm, v));
  }
};

Tensor list_to_tensor(VM& vm, const Value& v) {
  ListWalk w;
  w.walk(vm, v, 0);
  bool as_bool = w.all_bool && !w.vals.empty();
  Tensor t = empty(w.shape, as_bool ? DType::Bool : DType::Int64);
  for (size_t i = 0; i < w.vals.size(); ++i) {
    if (as_bool) t.data<bool>()[i] = w.vals[i] != 0;
    else t.data<int64_t>()[i] = w.vals[i];
  }
  return t;
}

// PyTorch's treatSequenceAsTuple: x[[0, 1], [1, 2]] spelled x[[[0, 1], [1, 2]]].
bool treat_as_tuple(const Value& key) {
  if (vm::is_kind(key, ObjKind::Tuple)) return true;
  if (!vm::is_kind(key, ObjKind::List)) return false;
  auto items = seq_items(key);
  if (items.size() >= 32) return false;
  for (const Value& it : items)
    if (is_tensor(it) || is_seq(it) || vm::is_kind(it, ObjKind::Slice) || it.is_none() || it.is_ellipsis()) return true;
  return false;
}

Tensor long_tensor(std::initializer_list<int64_t> v) {
  Tensor t = empty(Shape{int64_t(v.size())}, DType::Int64);
  int64_t i = 0;
  for (int64_t x : v) t.data<int64_t>()[i++] = x;
  return t;
}

struct Indexed {
  Var view;                    // the basic part applied
  ag::IndexPath path;          // the basic part as steps
  std::vector<Tensor> adv;     // per dim of `view`: an int64 index or undefined
  bool has_adv = false;
  bool single_mask = false;    // the key is one bool tensor (masked_fill rule for 0-dim values)
};

// Returns false with a VM exception pending (slice conversion); throws
// torch::Error for PyTorch's indexing errors. `skip_full`: a slice written
// start 0, stop the dim's size, step 1 is no view at all (PyTorch's
// applySlice shortcut, taken except for a lone slice in getitem); that
// decides whether autograd sees a view of x or x itself.
bool apply_index(VM& vm, const Var& x, const Value& key, bool skip_full, Indexed* out) {
  const Tensor& t = x.t;
  if (t.dim() == 0 && !key.is_bool() && vm::is_int(key))
    index_error("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  if (vm::is_str(key)) fail(ErrorKind::Type, "new(): invalid data type 'str'");
  // PyTorch's fast path for a bare slice skips the count of indices.
  if (t.dim() == 0 && vm::is_kind(key, ObjKind::Slice)) index_error("slice() cannot be applied to a 0-dim tensor.");
  std::vector<Value> items;
  if (treat_as_tuple(key)) {
    for (const Value& it : seq_items(key)) items.push_back(it);
  } else {
    items.push_back(key);
  }
  // Lists become index tensors up front (a Value holding the new tensor).
  for (Value& it : items)
    if (is_seq(it)) it = wrap(vm, list_to_tensor(vm, it));
  int specified = 0;
  for (const Value& it : items) {
    if (it.is_none() || it.is_ellipsis() || it.is_bool()) continue;
    if (is_tensor(it) && tensor_of(it).dtype == DType::Bool) specified += tensor_of(it).dim();
    else ++specified;
  }
  if (specified > t.dim()) index_error("too many indices for tensor of dimension {}", t.dim());
  int adv_items = 0;
  Var cur = x;
  std::vector<Tensor> adv;
  int d = 0, real_dim = 0;  // dim of `cur` / of `t` the next item applies to
  auto record = [&](int at, Tensor ix) {
    if (int(adv.size()) <= at) adv.resize(size_t(at + 1));
    adv[size_t(at)] = std::move(ix);
  };
  auto unsqueeze_at = [&] {
    cur = ag::unsqueeze(cur, d);
    out->path.push_back({ag::IndexStep::Unsqueeze, d});
    ++d;
  };
  auto select_at = [&](int64_t i) {
    if (cur.t.dim() == 0 || d >= cur.t.dim()) index_error("too many indices for tensor of dimension {}", t.dim());
    int64_t n = cur.t.sizes[d];
    if (i < -n || i >= n) index_error("index {} is out of bounds for dimension {} with size {}", i, real_dim, n);
    cur = ag::select(cur, d, i);
    out->path.push_back({ag::IndexStep::Select, d, i});
    ++real_dim;
  };
  auto bool_index = [&](bool b) {
    record(d, b ? long_tensor({0}) : empty(Shape{0}, DType::Int64));
    unsqueeze_at();
  };
  for (const Value& it : items) {
    if (it.is_none()) {
      unsqueeze_at();
      continue;
    }
    if (it.is_ellipsis()) {
      d += t.dim() - specified;
      real_dim += t.dim() - specified;
      continue;
    }
    if (it.is_bool()) {
      ++adv_items;
      bool_index(it.is_true());
      continue;
    }
    int64_t i;
    if (vm::is_int(it) && vm::int_value(it, &i)) {
      select_at(i);
      continue;
    }
    if (vm::is_kind(it, ObjKind::Slice)) {
      int64_t start, stop, step;
      if (!vm::slice_unpack(vm, it.as<vm::SliceObject>(), &start, &stop, &step)) return false;
      if (step <= 0) fail(ErrorKind::Value, "step must be greater than zero");
      if (d >= cur.t.dim()) index_error("too many indices for tensor of dimension {}", t.dim());
      if (!skip_full || start != 0 || stop != cur.t.sizes[d] || step != 1) {
        vm::slice_adjust(cur.t.sizes[d], &start, &stop, step);
        cur = ag::slice(cur, d, start, stop, step);
        out->path.push_back({ag::IndexStep::Slice, d, start, stop, step});
      }
      ++d;
      ++real_dim;
      continue;
    }
    if (is_tensor(it)) {
      const Tensor& ix = tensor_of(it);
      ++adv_items;
      if (ix.dtype == DType::Bool) {
        if (ix.dim() == 0) {
          bool_index(ix.data<bool>()[0]);
          continue;
        }
        for (int j = 0; j < ix.dim(); ++j)
          if (d + j >= cur.t.dim() || ix.sizes[j] != cur.t.sizes[d + j])
            index_error("The shape of the mask {} at index {} does not match the shape of the indexed tensor {} at index {}",
                        ix.sizes.str(), j, cur.t.sizes.str(), d + j);
        if (items.size() == 1) out->single_mask = true;
        std::vector<Tensor> coords = mask_indices(ix);
        for (int j = 0; j < ix.dim(); ++j) record(d + j, coords[size_t(j)]);
        d += ix.dim();
        real_dim += ix.dim();
        continue;
      }
      if (ix.dim() == 0 && is_integral(ix.dtype, false)) {
        --adv_items;
        select_at(int64_t(element_as_double(ix, 0)));
        continue;
      }
      if (ix.dtype != DType::Int64) index_error("tensors used as indices must be long, byte or bool tensors");
      if (d >= cur.t.dim()) index_error("too many indices for tensor of dimension {}", t.dim());
      record(d, ix);
      ++d;
      ++real_dim;
      continue;
    }
    index_error("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got {})",
                vm::type_name(vm, it));
  }
  out->view = cur;
  out->has_adv = !adv.empty();
  adv.resize(size_t(cur.t.dim()));
  out->adv = std::move(adv);
  if (adv_items != 1) out->single_mask = false;
  return true;
}

// PyTorch's slicePrefix1sSize: leading size-1 dims of an assigned value are dropped.
Var strip_leading_ones(const Var& v) {
  Shape sz;
  int first = 0;
  while (first < v.t.dim() && v.t.sizes[first] == 1) ++first;
  if (first == 0) return v;
  for (int d = first; d < v.t.dim(); ++d) sz.push_back(v.t.sizes[d]);
  return ag::view(v, sz);
}

}  // namespace

Value tensor_getitem(VM& vm, vm::Object* self, const Value& key) {
  const Var& x = *static_cast<vm::TensorObject*>(self);
  return guarded(vm, [&]() -> Value {
    Indexed ix;
    if (!apply_index(vm, x, key, !vm::is_kind(key, ObjKind::Slice), &ix)) return Value();
    if (ix.has_adv) return wrap(vm, ag::index(ix.view, ix.adv));
    // x[...] and x[()] are a new tensor object (PyTorch's alias), not x.
    if (ix.view.meta && ix.view.meta == x.meta) ix.view = ag::alias(ix.view);
    return wrap(vm, ix.view);
  });
}

bool tensor_setitem(VM& vm, vm::Object* self, const Value& key, const Value& value) {
  if (!value) {
    vm.raise(Exc::TypeError, "'Tensor' object does not support item deletion");
    return false;
  }
  Var& x = *static_cast<vm::TensorObject*>(self);
  const Tensor& t = x.t;
  Value r = guarded(vm, [&]() -> Value {
    Scalar s;
    bool is_scalar = !is_tensor(value) && as_scalar(value, &s);
    if (!is_tensor(value) && !is_scalar)
      return vm.raisef(Exc::TypeError, "can't assign a %s to a %s", vm::type_name(vm, value),
                       tensor_type_name(t.dtype).c_str());
    Indexed ix;
    if (!apply_index(vm, Var(t), key, true, &ix)) return Value();  // views without history: the path is what counts
    ix.view = Var();  // index_put_ makes its own (a live view would share self's memory)
    Var v = is_scalar ? Var() : strip_leading_ones(var_of(value));
    if (ix.single_mask && !is_scalar && v.t.dim() == 0) v = ag::to_dtype(v, t.dtype);
    if (!ix.has_adv) ix.adv.clear();
    ag::index_put_(x, ix.path, ix.adv, is_scalar ? VOperand(s) : VOperand(v));
    return Value::none();
  });
  return bool(r);
}

// torch._kiln_setitem(input, index, value): input[index] = value on a copy
// of input (clone keeps its layout). The copy's history (autograd's clone,
// then index_put_'s node) gives input the gradient outside the region and
// value the region's. Meta tensors go through the same path: clone and the
// view's copy answer for them (an index tensor's data is read, as eager
// reads it).
Value ops::impl_setitem(VM& vm, const ops::Bound& args, const ops::OpDef&) {
  const Var& x = var_of(args[0]);  // (the binder checked it)
  Value out = guarded(vm, [&] { return wrap(vm, ag::clone(x)); });
  if (!out || !tensor_setitem(vm, out.as<vm::Object>(), args[1], args[2])) return Value();
  return out;
}
KILN_META_IS_IMPL(setitem)

}  // namespace kiln::torch
