// stdlib/torch/index.h — t[key] and t[key] = value.
//
// Basic indexing (ints, slices with positive steps, None, `...`) makes
// views; assignment copies the value, broadcast, into that view.
#pragma once

#include "stdlib/torch/tensor.h"
#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::torch {

// The tensor_slots getitem/setitem (value Empty: `del t[k]`, refused).
vm::Value tensor_getitem(vm::VM& vm, vm::Object* self, const vm::Value& key);
bool tensor_setitem(vm::VM& vm, vm::Object* self, const vm::Value& key, const vm::Value& value);

}  // namespace kiln::torch
