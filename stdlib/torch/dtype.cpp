// stdlib/torch/dtype.cpp — dtype names (see dtype.h).

#include "stdlib/torch/dtype.h"

namespace kiln::torch {

const char* dtype_name(DType d) {
  switch (d) {
#define DTYPE(e, ct, py, cat, shortname) \
  case DType::e: return py;
#include "stdlib/torch/dtypes.def"
#undef DTYPE
  }
  return "?";
}

const char* dtype_short_name(DType d) {
  switch (d) {
#define DTYPE(e, ct, py, cat, shortname) \
  case DType::e: return shortname;
#include "stdlib/torch/dtypes.def"
#undef DTYPE
  }
  return "?";
}

bool dtype_from_name(std::string_view name, DType* out) {
#define DTYPE(e, ct, py, cat, shortname) \
  if (name == py) {                      \
    *out = DType::e;                     \
    return true;                         \
  }
#include "stdlib/torch/dtypes.def"
#undef DTYPE
  return false;
}

}  // namespace kiln::torch
