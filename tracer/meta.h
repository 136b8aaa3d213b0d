// tracer/meta.h — what a graph value was while tracing, typed.
//
// Every register of a captured graph (tracer/graph.h) carries the Meta of
// its example: for a tensor its dtype (the enum), its sizes and whether it
// required grad; for any other value the name of its type ("int",
// "tuple", "NoneType"). Passes read the fields; nothing parses text.
//
// In a dynamic graph (automatic dynamic shapes: the guards leave some
// sizes or ints free) a size the graph does not fix is kDynamic in
// `sizes`, and `sym` gives every dim's size as an expression
// (stdlib/torch/ops/sym_size.h) of the graph's symbols — s<k> a free size
// of an input, n<k> a free int input, u<k> a size no rule relates to those
// (tracer/symbolic_sizes.h) — constants where fixed; an int the graph
// computes from sizes has its value in `sym` (one expression). `str()`
// prints it as graphs, goldens and --explain show it: "float32[8, 16]",
// "float32[s0, 16]", "float32[4*s0]", "int", "Sym(s0 - 1)".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stdlib/torch/dtype.h"
#include "stdlib/torch/ops/sym_size.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::tracer {

struct Meta {
  static constexpr int64_t kDynamic = -1;  // a size the graph does not fix

  bool tensor = false;
  torch::DType dtype = torch::DType::Float32;  // tensors
  std::vector<int64_t> sizes;                  // tensors
  bool requires_grad = false;                  // tensors
  std::string type;                            // other values: their type's name
  // Dynamic graphs: a tensor's sizes as expressions (when one is not
  // fixed), an int's value (when it follows from symbols); else empty.
  std::vector<torch::ops::SymSize> sym;

  // A tensor of dtype d.
  bool is(torch::DType d) const { return tensor && dtype == d; }
  int rank() const { return tensor ? int(sizes.size()) : -1; }
  // Every size fixed (no kDynamic).
  bool static_sizes() const;
  // Elements, or -1 when a size is dynamic (or not a tensor).
  int64_t numel() const;
  // A Python int, float or bool.
  bool is_number() const { return !tensor && (type == "int" || type == "float" || type == "bool"); }
  // "float32[8, 16]", "float32[s0, 16]", "float32[*, 16]" (free, no
  // expression known), "int", "Sym(n0 + 1)".
  std::string str() const;
  // The same value kind, dtype, sizes (and their expressions) and type name
  // (what str() shows; requires_grad aside).
  bool operator==(const Meta& o) const {
    return tensor == o.tensor && sym == o.sym && (tensor ? dtype == o.dtype && sizes == o.sizes : type == o.type);
  }
};

// The Meta of a value.
Meta meta_of(vm::VM& vm, const vm::Value& v);
// Whether v fits m: the same type, dtype and rank, each size equal or
// dynamic in m.
bool meta_fits(vm::VM& vm, const vm::Value& v, const Meta& m);
// Whether two tensor metas may have the same shape: as many dims, each
// equal or dynamic in either.
bool same_shape(const Meta& a, const Meta& b);

}  // namespace kiln::tracer
