// codegen/passes.cpp — the pass driver (codegen/passes.h).
#include "codegen/passes.h"

#include <fmt/format.h>

namespace kiln::codegen {

std::vector<std::string> pass_names() {
  return {
#define KERNEL_PASS(name, what) #name,
#include "codegen/passes.def"
#undef KERNEL_PASS
  };
}

void apply_replacements(Kernel& k, const std::vector<int>& repl) {
  // Follow chains (a replacement may itself have been replaced).
  auto root = [&](int v) {
    while (v >= 0 && repl[size_t(v)] != v) v = repl[size_t(v)];
    return v;
  };
  for (KInstr& in : k.body) {
    if (in.a >= 0) in.a = root(in.a);
    if (in.b >= 0) in.b = root(in.b);
    if (in.c >= 0) in.c = root(in.c);
  }
  for (int& o : k.outputs) o = root(o);
}

std::string optimize(Kernel& k, const std::string& off) {
  auto enabled = [&](const char* name) {
    size_t i = 0;
    while (i <= off.size()) {
      size_t j = off.find(',', i);
      if (j == std::string::npos) j = off.size();
      if (off.compare(i, j - i, name) == 0) return false;
      i = j + 1;
    }
    return true;
  };
  for (int round = 0; round < 2; round++) {
#define KERNEL_PASS(pass, what)                                                         \
  if (enabled(#pass)) {                                                                 \
    pass_##pass(k);                                                                     \
    if (std::string bad = k.validate(); !bad.empty())                                   \
      return fmt::format("internal: pass {} left kernel {} malformed: {}", #pass, k.name, bad); \
  }
#include "codegen/passes.def"
#undef KERNEL_PASS
  }
  return {};
}

}  // namespace kiln::codegen
