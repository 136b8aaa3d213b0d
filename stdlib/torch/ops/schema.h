// stdlib/torch/ops/schema.h — an op's signature, written once, bound once.
//
// Every op of the registry (stdlib/torch/ops/ops.def) has a schema in
// PyTorch's notation (native_functions.yaml):
//
//     clamp(Tensor input, Scalar? min=None, Scalar? max=None) -> Tensor
//     add_(Tensor(a!) input, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
//     transpose(Tensor(a) input, int dim0, int dim1) -> Tensor(a)
//
// Parameters have a type (`?`: None allowed; `Tensor|Scalar`: a tensor or a
// Python number; `int...`: a list of ints that a method call may also give
// as separate arguments, x.view(2, 3)), a name and maybe a default;
// those after `*` are keyword-only (and required when they have none). An
// alias annotation says what the result shares: `Tensor(a)` in and out is
// a view of that input, `(a!)` an input the op writes (an in-place op
// returns it).
//
// `match` is the one place a call's positional and keyword arguments meet
// the parameters. The interpreter's natives bind Python calls with it
// (registry.h: bind), and the graph compiler binds a captured node's
// argument registers with it (codegen/lower.cpp), so `x.clamp(min=0)`,
// `torch.clamp(x, 0)` and `x.clamp(0, None)` all reach an op as the same
// parameter list, with CPython's TypeErrors for calls that do not fit.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vm/value.h"

namespace kiln::torch::ops {

constexpr size_t kMaxParams = 10;

struct Param {
  std::string name;
  std::string type;          // "Tensor", "Scalar", "int[]"... (without `?` and the alias)
  bool optional = false;     // `Type?`: None is a value
  bool has_default = false;
  std::string default_text;  // "None", "False", "1"
  bool kwonly = false;       // after `*`
  char alias = 0;            // 'a' of Tensor(a) / Tensor(a!)
  bool written = false;      // Tensor(a!): the op writes it
  bool varargs = false;      // `int...`: the last positional parameter
};

struct Schema {
  std::string name;
  std::vector<Param> params;
  std::string returns;        // as written: "Tensor", "Tensor(a!)", "(Tensor, Tensor)"
  char returns_alias = 0;     // the result shares the parameter of this alias set
  size_t nparams = 0;        // params.size()
  size_t npositional = 0;     // parameters before `*`
  size_t nrequired = 0;       // leading parameters without a default
  int receiver = 0;           // the parameter a method's `self` binds to (input / self)
  int varargs = -1;           // the `int...` parameter, or -1
  uint32_t tensors = 0;       // bit i: params[i] is a `Tensor` or `Tensor?` (not `|Scalar`): the binder checks it
  uint32_t none_ok = 0;       // bit i: and None is allowed (`Tensor?`)
  uint32_t kw_required = 0;   // bit i: params[i] is keyword-only without a default: a call must give it
  std::vector<const char*> names;        // params[i].name's characters, for binding
  std::vector<std::string_view> views;   // and as views (the binder's fast path)

  // The parameter named `name`, or -1.
  int find(std::string_view name) const;
  // Whether the op writes one of its inputs (an in-place op).
  bool writes() const;
  // Whether the result is a view of an input (shares it, unwritten).
  bool is_view() const;
  // The schema as written (round trip of parse_schema).
  std::string text() const;
};

// Parses one schema. A malformed one is a bug in ops.def: std::logic_error
// naming it (the registry's unit test parses every schema).
Schema parse_schema(std::string_view text);

// Matches a call's arguments to the parameters: slot[i] is the index of the
// argument bound to parameter i (positional arguments 0..npos-1, keyword
// arguments npos..npos+nkw-1), or -1 where none is (its default).
// kwnames[k] is the k-th keyword's name (a str Value). With `method`, the
// first positional argument is the receiver and binds to params[receiver].
// On a call that does not fit, false and *error is the TypeError's message
// (PyTorch's words: counts without self; missing names in double quotes).
//
// A method call's positional arguments for an `int...` parameter (all from
// its position on) are one argument: *packed is how many (0 when it binds
// as usual); slot[varargs] is the first. Those calls: x.view(2, 3),
// x.view(6), x.permute(1, 0); x.view((2, 3)) binds as usual.
bool match(const Schema& s, size_t npos, const vm::Value* kwnames, size_t nkw, bool method, int* slot,
           std::string* error, size_t* packed = nullptr);

}  // namespace kiln::torch::ops
