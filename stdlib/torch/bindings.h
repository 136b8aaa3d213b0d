// stdlib/torch/bindings.h — how the torch module's Python functions are made.
//
// Every torch function and Tensor method is a NativeFn. Function form and
// method form share one native: a method receives `self` as args[0], which is
// exactly the `input` parameter of the function form (torch.add(x, y) and
// x.add(y) bind the same way). The module is assembled by areas, one file
// each (torch_areas.def): each defines `register_<area>(Registrar&)`.
//
// Errors: the tensor core throws torch::Error; `guarded` runs a body and
// turns an Error into the matching Python exception (RuntimeError,
// IndexError, TypeError, ValueError), so natives return Empty with the
// exception pending, as every native of the VM does.
#pragma once

#include <optional>
#include <initializer_list>
#include <new>
#include <vector>

#include "stdlib/native_util.h"
#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/elementwise.h"
#include "stdlib/torch/scalar.h"
#include "stdlib/torch/state.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/object.h"
#include "vm/ops.h"
#include "vm/vm.h"

namespace kiln::torch {

using vm::CallArgs;
using vm::NativeFn;
using vm::TypeObject;

namespace ag = autograd;
using autograd::Var;
using autograd::VOperand;

// Raises e as a Python exception; returns Empty.
Value raise_error(VM& vm, const Error& e);

// Runs body() (returning Value); converts torch::Error and std::bad_alloc.
template <class F> Value guarded(VM& vm, F&& body) {
  try {
    return body();
  } catch (const Error& e) {
    return raise_error(vm, e);
  } catch (const autograd::PythonError&) {
    return Value();  // a hook or custom Function raised: its exception is pending
  } catch (const std::bad_alloc&) {
    return vm.raise(vm::Exc::MemoryError, "tensor allocation failed");
  }
}

// Adds natives to the torch module and the torch.Tensor class.
struct Registrar {
  VM& vm;
  Value module;                 // the torch module
  TypeObject* tensor_type;
  void function(const char* name, NativeFn fn, Value data = Value::none());
  void method(const char* name, NativeFn fn, Value data = Value());
  void both(const char* name, NativeFn fn, Value data = Value()) {
    function(name, fn, data ? data : Value::none());
    method(name, fn, data);
  }
  // A read-only attribute of tensors (t.shape).
  void getter(const char* name, NativeFn fn);
};

#define KILN_TORCH_AREA(name) void register_##name(Registrar& r);
#include "stdlib/torch/torch_areas.def"
#undef KILN_TORCH_AREA

// ---------------------------------------------------------------- argument conversion
// Binds a call like a Python def (stdlib/native_util.h); out[i] Empty = default.
inline bool bind(VM& vm, const CallArgs& a, const vm::PySignature& sig, Value* out) {
  return vm::bind_py_args(vm, a, sig, out);
}
// A Python bool/int/float as a Scalar; false if v is none of them (no exception).
bool as_scalar(const Value& v, Scalar* out);
// A tensor or a Python number as an operand. `holder` keeps a 0-dim tensor
// alive when needed. TypeError naming `fname` and `param` otherwise.
bool as_operand(VM& vm, const Value& v, const char* fname, const char* param, std::optional<Operand>* out);
// The tensor argument `param` of `fname` (TypeError if it is not one).
Tensor* expect_tensor(VM& vm, const Value& v, const char* fname, const char* param);
// Autograd-aware forms: the argument as a Var (tensor with its autograd
// identity) or a VOperand (tensor or number). Pointers stay valid while the
// Value lives.
Var* expect_var(VM& vm, const Value& v, const char* fname, const char* param);
bool as_voperand(VM& vm, const Value& v, const char* fname, const char* param, std::optional<VOperand>* out);
// torch.float32 etc.; Empty/None -> `dflt`.
bool as_dtype(VM& vm, const Value& v, std::optional<DType>* out, const char* fname);
Value dtype_value(VM& vm, DType d);
// An int (or bool: no, PyTorch refuses) argument; as_double: a float.
// A one-element tensor gives its number; a meta tensor has none: false
// with no exception pending (a meta function's "unknown", ops/meta.h).
bool as_int(VM& vm, const Value& v, const char* fname, const char* param, int64_t* out);
bool as_double(VM& vm, const Value& v, const char* fname, const char* param, double* out);
bool as_bool(VM& vm, const Value& v, const char* fname, const char* param, bool* out);
// A shape given as varargs (zeros(2, 3)) or one sequence (zeros((2, 3)),
// zeros([2, 3]), zeros(x.shape)); args[from..] are the candidates.
bool as_shape_varargs(VM& vm, const Value* args, size_t n, const char* fname, Shape* out);
// "SymInts" for a size parameter (size, shape, repeats), else "ints": PyTorch's words in its TypeErrors.
const char* int_list_words(const char* param);
// A list/tuple of ints (or a single int when `allow_int`).
bool as_int_list(VM& vm, const Value& v, const char* fname, const char* param, bool allow_int, Shape* out);
// torch.Size(...) of these sizes.
Value size_value(VM& vm, const Shape& s);
// Methods: the tensor `self` (args[0]; TypeError "descriptor 'size' requires
// a 'torch.Tensor' object" otherwise) and the arguments after it.
Tensor* self_of(VM& vm, const CallArgs& a, const char* name);
inline CallArgs rest_of(const CallArgs& a) { return CallArgs{a.args + 1, a.nargs - 1, a.kwnames}; }
// In a method's body: binds `self` (Tensor*) and `t` (const Tensor&), or
// returns Empty with the TypeError pending.
#define KILN_TORCH_SELF(name)          \
  Tensor* self = self_of(vm, a, name); \
  if (!self) return Value();           \
  const Tensor& t = *self;             \
  (void)t;                             \
  Var& v = var_of(a.args[0]);          \
  (void)v;

// A Python number from one element of a tensor (bool, int or float by dtype).
Value element_value(VM& vm, const Tensor& t, int64_t offset);

}  // namespace kiln::torch
