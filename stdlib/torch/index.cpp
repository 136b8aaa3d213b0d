// stdlib/torch/index.cpp — tensor indexing (see index.h).

#include "stdlib/torch/index.h"

#include <vector>

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/views.h"
#include "vm/slice.h"
#include "vm/tuple.h"

namespace kiln::torch {

using vm::Exc;
using vm::ObjKind;

namespace {

// Applies the basic part of an index (ints, slices, None, Ellipsis) and
// returns the view. Sets *unsupported when the key holds an advanced index.
bool basic_index(VM& vm, const Tensor& t, const Value& key, Tensor* out) {
  std::vector<Value> items;
  if (vm::is_kind(key, ObjKind::Tuple)) {
    auto* tup = key.as<vm::TupleObject>();
    for (size_t i = 0; i < tup->size; ++i) items.push_back(tup->items[i]);
  } else {
    items.push_back(key);
  }
  // Count the dims the index consumes, to expand `...`.
  int consumed = 0, ellipses = 0;
  for (const Value& it : items) {
    if (it.is_none()) continue;
    if (it.is_ellipsis()) {
      ++ellipses;
      continue;
    }
    if (it.is_bool()) continue;
    ++consumed;
  }
  if (ellipses > 1) {
    vm.raise(Exc::IndexError, "an index can only have a single ellipsis ('...')");
    return false;
  }
  if (consumed > t.dim()) {
    vm.raisef(Exc::IndexError, "too many indices for tensor of dimension %d", t.dim());
    return false;
  }
  Tensor cur = t;
  int d = 0;  // the dim of `cur` the next item applies to
  for (const Value& it : items) {
    if (it.is_none()) {
      cur = unsqueeze(cur, d);
      ++d;
      continue;
    }
    if (it.is_ellipsis()) {
      d += t.dim() - consumed;
      continue;
    }
    if (it.is_bool()) {
      vm.raise(Exc::NotImplementedError, "indexing a tensor with True/False is not supported by Kiln yet");
      return false;
    }
    int64_t i;
    if (vm::is_int(it) && vm::int_value(it, &i)) {
      int64_t n = cur.sizes[d];
      if (i < -n || i >= n) {
        vm.raisef(Exc::IndexError, "index %lld is out of bounds for dimension %d with size %lld", (long long)i, d,
                  (long long)n);
        return false;
      }
      cur = select(cur, d, i);
      continue;
    }
    if (vm::is_kind(it, ObjKind::Slice)) {
      int64_t start, stop, step;
      if (!vm::slice_unpack(vm, it.as<vm::SliceObject>(), &start, &stop, &step)) return false;
      if (step <= 0) {
        vm.raise(Exc::ValueError, "step must be greater than zero");
        return false;
      }
      vm::slice_adjust(cur.sizes[d], &start, &stop, step);
      cur = slice(cur, d, start, stop, step);
      ++d;
      continue;
    }
    if (is_tensor(it) || vm::is_kind(it, ObjKind::List)) {
      vm.raise(Exc::NotImplementedError, "indexing a tensor with tensors or lists (advanced indexing) is not supported by Kiln yet");
      return false;
    }
    vm.raisef(Exc::IndexError,
              "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got %s)",
              vm::type_name(vm, it));
    return false;
  }
  *out = cur;
  return true;
}

}  // namespace

Value tensor_getitem(VM& vm, vm::Object* self, const Value& key) {
  const Tensor& t = static_cast<vm::TensorObject*>(self)->t;
  return guarded(vm, [&]() -> Value {
    Tensor r;
    if (!basic_index(vm, t, key, &r)) return Value();
    return wrap(vm, r);
  });
}

bool tensor_setitem(VM& vm, vm::Object* self, const Value& key, const Value& value) {
  if (!value) {
    vm.raise(Exc::TypeError, "'Tensor' object does not support item deletion");
    return false;
  }
  const Tensor& t = static_cast<vm::TensorObject*>(self)->t;
  Value r = guarded(vm, [&]() -> Value {
    Tensor view;
    if (!basic_index(vm, t, key, &view)) return Value();
    Scalar s;
    if (is_tensor(value)) copy_into(view, tensor_of(value));
    else if (as_scalar(value, &s)) fill(view, s);
    else
      return vm.raisef(Exc::TypeError, "can't assign a %s to a torch.%s", vm::type_name(vm, value),
                       "Tensor");
    return Value::none();
  });
  return bool(r);
}

}  // namespace kiln::torch
