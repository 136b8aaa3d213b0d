// stdlib/torch/ops/registry.h — the torch op registry: one entry per op.
//
// Every pass that asks something of a tensor op asks it here: what are its
// parameters (its schema: names, defaults, which input it writes or views),
// what kind of op is it (pointwise, reduction...), how does it compute
// (its impl, the eager kernel entry) and what does it produce without
// computing (its meta function, ops/meta.h; with symbolic sizes, its
// rule in ops/sym_meta.h). The list is ops.def; this
// header turns it into
//   * OpId, an enum with one member per op (the graph compiler switches on it);
//   * the OpDef table (op(id), all_ops());
//   * the Python face: register_ops() makes each op's torch function and
//     Tensor method, natives that bind the call by the schema (bind) and run
//     the impl with the bound arguments;
//   * op_of(native): the op behind a native of the torch module, so a graph
//     node that calls one is an op of the registry, not a function pointer
//     to recognise.
//
// The registry grows area by area (docs/ARCHITECTURE.md, "The op layer"):
// the elementwise, reduction, view (split too), product, conversion, copy
// (to, clone, contiguous, detach, copy_), creation (zeros, ones, empty,
// rand, randn, full and their *_like, arange, linspace, eye, randint,
// randperm; zero_, fill_, uniform_, normal_), join/gather/scatter ops and
// setitem are in it; torch.tensor, the tensor queries (size, item...) and
// the autograd natives are still registered by their areas (bindings.h).
// The graph compiler recognises only registry ops.
#pragma once

#include <cstdint>
#include <span>

#include "stdlib/torch/ops/schema.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace kiln::torch {
struct Registrar;
}

namespace kiln::torch::ops {

using vm::Value;
using vm::VM;

enum class OpId : uint16_t {
#define OP(id, variants, kind, impl, arg, schema) id,
#include "stdlib/torch/ops/ops.def"
#undef OP
  Count_
};

enum class OpKind : uint8_t { Pointwise, Reduction, View, Extern, Composite, Creation, Other };
enum class Variants : uint8_t { Hidden = 0, Function = 1, Method = 2, Both = 3 };

struct OpDef;
// A call's arguments bound by the op's schema: args[i] for params[i]
// (Empty where not given: the default). A method call that gives its
// int... parameter as separate arguments (x.view(2, 3)) leaves that
// parameter Empty and `varargs` the arguments (no tuple is made).
// The arguments are borrowed from the call (alive while the impl runs): no
// reference is taken, nothing is released.
struct Bound {
  const Value* p[kMaxParams] = {};
  std::span<const Value> varargs;
  // (Past the last parameter: not given, as a parameter left out.)
  const Value& operator[](size_t i) const { return i < kMaxParams && p[i] ? *p[i] : kNotGiven; }
  static constexpr Value kNotGiven{};
};
// An op's eager entry: its bound arguments and the op (its `arg`). Returns
// the result, or Empty with a Python exception pending.
using OpImpl = Value (*)(VM& vm, const Bound& args, const OpDef& op);
// An op's meta function (ops/meta.h): the same arguments, its tensors meta
// tensors (metadata, no storage); returns what the impl would return with
// meta tensors for its tensors (the input itself for an in-place op), or
// Empty with the exception the impl would raise pending.
using OpMeta = OpImpl;

struct OpDef {
  OpId id;
  Variants variants;
  OpKind kind;
  OpImpl impl;
  OpMeta meta;
  int64_t arg;
  Schema schema;
  const char* name() const { return schema.name.c_str(); }
  bool has_method() const { return uint8_t(variants) & uint8_t(Variants::Method); }
  bool has_function() const { return uint8_t(variants) & uint8_t(Variants::Function); }
};

// The impls and meta functions, defined by the ops' areas: one of each per
// impl name of ops.def, side by side (most meta functions are their impls:
// KILN_META_IS_IMPL, ops/meta.h).
#define OP(id, variants, kind, impl, arg, schema)                        \
  Value impl_##impl(VM& vm, const Bound& args, const OpDef& op); \
  Value meta_##impl(VM& vm, const Bound& args, const OpDef& op);
#include "stdlib/torch/ops/ops.def"
#undef OP

const OpDef& op(OpId id);
std::span<const OpDef> all_ops();
const char* op_id_name(OpId id);  // "clamp_"
// The name of op's torch function: its own, or its first ALIAS that is a
// function (linear: "_kiln_linear"); nullptr when it has none.
const char* function_name(const OpDef& op);

// An in-place op's functional form, taking the same arguments and
// computing the same values (and gradients) into a new tensor: the op of
// its name without the trailing _ that has a Tensor method (add_ -> add);
// nullptr for an op that writes nothing, for in-place views (t_, squeeze_:
// metadata) and for those with none (zero_, fill_, copy_, uniform_,
// normal_: zeros_like would not give the input its zero gradient).
// Functionalisation (tracer/functionalize.h) and the generated graph
// gradient test rewrite by it.
const OpDef* functional_form(const OpDef& op);

// The op a native of the torch module runs (*method: called as a Tensor
// method, its receiver first), or nullptr for a native outside the registry.
const OpDef* op_of(const vm::NativeObject* nat, bool* method = nullptr);
// Overloads: entries of one Python name and variants, in ops.def's order
// (arange(end), arange(start, end), arange(start, end, step)); the torch
// module's native is the first's, and a call binds the first whose
// parameters fit (PyTorch's parser: the one signature its argument count
// admits raises its own error, or a TypeError lists them all). The next
// overload after op, or null; whether op is one after the first.
const OpDef* next_overload(const OpDef& op);
bool is_later_overload(const OpDef& op);

// A pointwise op that is one kernel op of elementwise.h (unary_ops.def,
// binary_ops.def) applied to its (input) or (input, other), with no other
// parameter: which one (a UnaryOp or a BinaryOp). The graph compiler fuses
// these by that kernel op.
struct Elementwise {
  bool unary;
  int op;
};
bool elementwise_of(const OpDef& op, Elementwise* out);

// Binds a Python call of `op` (a method call: args[0] is the receiver) by
// its schema (see Bound). TypeError as
// CPython words it for a call that does not fit.
bool bind(VM& vm, const OpDef& op, const vm::CallArgs& a, bool method, Bound* out);

// Adds every op's torch function and Tensor method (and their aliases).
void register_ops(Registrar& r);

}  // namespace kiln::torch::ops
