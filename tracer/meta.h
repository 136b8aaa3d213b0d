// tracer/meta.h — what a graph value was while tracing, typed.
//
// Every register of a captured graph (tracer/graph.h) carries the Meta of
// its example: for a tensor its dtype (the enum), its sizes (a size the
// graph's guards leave free — automatic dynamic shapes — is kDynamic) and
// whether it required grad; for any other value the name of its type
// ("int", "tuple", "NoneType"). Passes read the fields; nothing parses
// text. `str()` prints it as graphs, goldens and --explain show it:
// "float32[8, 16]", "float32[*, 16]", "int".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stdlib/torch/dtype.h"
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

  // A tensor of dtype d.
  bool is(torch::DType d) const { return tensor && dtype == d; }
  int rank() const { return tensor ? int(sizes.size()) : -1; }
  // Every size fixed (no kDynamic).
  bool static_sizes() const;
  // Elements, or -1 when a size is dynamic (or not a tensor).
  int64_t numel() const;
  // A Python int, float or bool.
  bool is_number() const { return !tensor && (type == "int" || type == "float" || type == "bool"); }
  // "float32[8, 16]", "float32[*, 16]", "int".
  std::string str() const;
  // The same value kind, dtype, sizes and type name (what str() shows;
  // requires_grad aside).
  bool operator==(const Meta& o) const {
    return tensor == o.tensor && (tensor ? dtype == o.dtype && sizes == o.sizes : type == o.type);
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
