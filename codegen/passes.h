// codegen/passes.h — running the graph compiler's passes over a kernel.
//
// The passes (codegen/passes.def, one file each: codegen/pass_<name>.cpp)
// rewrite a Kernel's body and keep its meaning bit for bit: a rewrite that
// could change one result (x + 0 is -0 + 0 = +0 for x = -0, so it is not
// one of them) is not made. Each pass maps values to replacements;
// `apply_replacements` renumbers the body (dropping nothing: dce does).
#pragma once

#include <string>
#include <vector>

#include "codegen/kernel_ir.h"

namespace kiln::codegen {

#define KERNEL_PASS(name, what) bool pass_##name(Kernel& k);  // true if it changed k
#include "codegen/passes.def"
#undef KERNEL_PASS

// Runs every pass not named in `off` (comma-separated), validating after
// each. Returns "" or what went wrong (a pass that broke the kernel: an
// internal error; the kernel is then not compiled).
std::string optimize(Kernel& k, const std::string& off);
// The pass names, for the option's help and error messages.
std::vector<std::string> pass_names();

// Replaces every use of value i by value repl[i] (repl[i] <= i).
void apply_replacements(Kernel& k, const std::vector<int>& repl);

}  // namespace kiln::codegen
