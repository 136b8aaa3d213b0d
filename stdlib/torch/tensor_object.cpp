// stdlib/torch/tensor_object.cpp — torch.Tensor's slots: operators, repr,
// truth, len, iteration (see tensor_object.h). Indexing lives in index.cpp.

#include "stdlib/torch/tensor_object.h"

#include "stdlib/torch/bindings.h"
#include "stdlib/torch/format.h"
#include "stdlib/torch/index.h"
#include "stdlib/torch/linalg.h"
#include "stdlib/torch/views.h"
#include "vm/kind_slots.h"
#include "vm/list.h"
#include "vm/iterators.h"
#include "vm/ops.h"

namespace kiln::vm {

void tensor_object_destroy(Object* o) {
  auto* t = static_cast<TensorObject*>(o);
  if (t->meta && t->meta->pyobj == o) t->meta->pyobj = nullptr;
  t->~TensorObject();
}

}  // namespace kiln::vm

namespace kiln::torch {

using vm::BinOpKind;
using vm::CmpOpKind;
using vm::Exc;
using vm::Object;
using vm::ObjKind;

Value wrap(VM& vm, Tensor t) {
  auto* o = vm::object_new<vm::TensorObject>(vm, ObjKind::Tensor, torch_state(vm).tensor_type);
  o->t = std::move(t);
  return Value::steal(o);
}

Value wrap(VM& vm, autograd::Var v) {
  if (!v.meta) return wrap(vm, std::move(v.t));
  if (v.meta->pyobj) return Value::borrow(static_cast<vm::Object*>(v.meta->pyobj));
  auto* o = vm::object_new<vm::TensorObject>(vm, ObjKind::Tensor, torch_state(vm).tensor_type);
  static_cast<autograd::Var&>(*o) = std::move(v);
  o->meta->pyobj = static_cast<vm::Object*>(o);
  return Value::steal(o);
}

namespace {

Value tensor_repr_slot(VM& vm, Object* o) {
  const Var& v = *static_cast<vm::TensorObject*>(o);
  std::string suffix;
  if (v.grad_fn()) suffix = "grad_fn=<" + v.grad_fn()->name() + ">";
  else if (v.requires_grad()) suffix = "requires_grad=True";
  bool parameter = o->type == torch_state(vm).parameter_type;
  return guarded(vm, [&] {
    return vm::make_str(vm, (parameter ? "Parameter containing:\n" : "") + tensor_repr(v.t, suffix));
  });
}

bool tensor_hash(VM&, Object* o, int64_t* out) {
  *out = int64_t(reinterpret_cast<uintptr_t>(o) >> 4);  // by identity, as torch.Tensor.__hash__
  return true;
}

int tensor_truthy(VM& vm, Object* o) {
  const Tensor& t = static_cast<vm::TensorObject*>(o)->t;
  int64_t n = t.numel();
  if (n != 1) {
    vm.raise(Exc::RuntimeError, n == 0 ? "Boolean value of Tensor with no values is ambiguous"
                                       : "Boolean value of Tensor with more than one value is ambiguous");
    return -1;
  }
  return element_as_double(t, 0) != 0;
}

bool tensor_len(VM& vm, Object* o, int64_t* out) {
  const Tensor& t = static_cast<vm::TensorObject*>(o)->t;
  if (t.dim() == 0) {
    vm.raise(Exc::TypeError, "len() of a 0-d tensor");
    return false;
  }
  *out = t.sizes[0];
  return true;
}

Value tensor_iter(VM& vm, Object* o) {
  const Tensor& t = static_cast<vm::TensorObject*>(o)->t;
  if (t.dim() == 0) return vm.raise(Exc::TypeError, "iteration over a 0-d tensor");
  Value list = vm::list_new(vm, size_t(t.sizes[0]));
  const Var& v = *static_cast<vm::TensorObject*>(o);
  return guarded(vm, [&] {
    for (int64_t i = 0; i < t.sizes[0]; ++i) vm::list_push(list, wrap(vm, ag::select(v, 0, i)));
    return vm::get_iter(vm, list);
  });
}


Value tensor_binop(VM& vm, BinOpKind op, const Value& a, const Value& b, bool reflected, bool inplace) {
  // `a` is the left operand; the tensor is b when reflected.
  const Value& self = reflected ? b : a;
  const Value& other = reflected ? a : b;
  Scalar s;
  bool other_tensor = is_tensor(other);
  if (!other_tensor && !as_scalar(other, &s)) return Value::not_implemented();
  return guarded(vm, [&]() -> Value {
    const Var& t = var_of(self);
    if (op == BinOpKind::MatMult) {
      if (!other_tensor) return Value::not_implemented();
      const Var& u = var_of(other);
      // Tensor has no __imatmul__: `x @= y` rebinds x to x @ y, as in PyTorch.
      return wrap(vm, reflected ? ag::matmul(u, t) : ag::matmul(t, u));
    }
    int k = binary_of(op);
    if (k < 0) return Value::not_implemented();
    VOperand x(t);
    std::optional<VOperand> y;
    if (other_tensor) y.emplace(var_of(other));
    else y.emplace(s);
    if (inplace && !reflected) {
      ag::binary_(BinaryOp(k), var_of(self), *y);
      return self;
    }
    return wrap(vm, reflected ? ag::binary(BinaryOp(k), *y, x) : ag::binary(BinaryOp(k), x, *y));
  });
}

Value tensor_richcompare(VM& vm, Object* o, const Value& other, CmpOpKind op) {
  BinaryOp k;
  switch (op) {
    case CmpOpKind::Lt: k = BinaryOp::lt; break;
    case CmpOpKind::LtE: k = BinaryOp::le; break;
    case CmpOpKind::Eq: k = BinaryOp::eq; break;
    case CmpOpKind::NotEq: k = BinaryOp::ne; break;
    case CmpOpKind::Gt: k = BinaryOp::gt; break;
    case CmpOpKind::GtE: k = BinaryOp::ge; break;
    default: return Value::not_implemented();
  }
  Scalar s;
  bool other_tensor = is_tensor(other);
  if (!other_tensor && !as_scalar(other, &s)) return Value::not_implemented();
  return guarded(vm, [&]() -> Value {
    const Tensor& t = static_cast<vm::TensorObject*>(o)->t;
    if (other_tensor) return wrap(vm, binary(k, Operand(t), Operand(tensor_of(other))));
    return wrap(vm, binary(k, Operand(t), Operand(s)));
  });
}

// `x in t`: PyTorch's Tensor.__contains__, (x == t).any() for a tensor or
// a number x (any shape of t), a RuntimeError for anything else.
int tensor_contains(VM& vm, Object* o, const Value& item) {
  Scalar s;
  bool item_tensor = is_tensor(item);
  if (!item_tensor && !as_scalar(item, &s)) {
    Value r = vm::repr(vm, Value::borrow(vm::type_of(vm, item)));
    if (!r) return -1;
    vm.raisef(Exc::RuntimeError, "Tensor.__contains__ only supports Tensor or scalar, but you passed in a %s.",
              std::string(vm::str_view(r)).c_str());
    return -1;
  }
  int result = -1;
  Value ok = guarded(vm, [&]() -> Value {
    const Tensor& t = static_cast<vm::TensorObject*>(o)->t;
    Tensor eq = item_tensor ? binary(BinaryOp::eq, Operand(tensor_of(item)), Operand(t)) : binary(BinaryOp::eq, Operand(s), Operand(t));
    result = element_as_double(any(eq, std::nullopt, false), 0) != 0;
    return Value::none();
  });
  return ok ? result : -1;
}

}  // namespace

int binary_of(BinOpKind op) {
  switch (op) {
    case BinOpKind::Add: return int(BinaryOp::add);
    case BinOpKind::Sub: return int(BinaryOp::sub);
    case BinOpKind::Mult: return int(BinaryOp::mul);
    case BinOpKind::Div: return int(BinaryOp::div);
    case BinOpKind::FloorDiv: return int(BinaryOp::div_floor);
    case BinOpKind::Mod: return int(BinaryOp::remainder);
    case BinOpKind::Pow: return int(BinaryOp::pow);
    case BinOpKind::LShift: return int(BinaryOp::lshift);
    case BinOpKind::RShift: return int(BinaryOp::rshift);
    case BinOpKind::BitOr: return int(BinaryOp::bitwise_or);
    case BinOpKind::BitXor: return int(BinaryOp::bitwise_xor);
    case BinOpKind::BitAnd: return int(BinaryOp::bitwise_and);
    default: return -1;
  }
}
}  // namespace kiln::torch

namespace kiln::vm {

const KindSlots tensor_slots = [] {
  KindSlots s;
  s.repr = torch::tensor_repr_slot;
  s.hash = torch::tensor_hash;
  s.richcompare = torch::tensor_richcompare;
  s.truthy = torch::tensor_truthy;
  s.len = torch::tensor_len;
  s.contains = torch::tensor_contains;
  s.getitem = torch::tensor_getitem;
  s.setitem = torch::tensor_setitem;
  s.iter = torch::tensor_iter;
  s.binop = torch::tensor_binop;
  return s;
}();

}  // namespace kiln::vm
