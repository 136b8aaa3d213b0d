// tracer/cache.h — compiled entries per code object, and the hot-call hook.
//
// The VM's only coupling to the tracer is VM::jit_enter, called when a frame
// of code marked kCodeJitWatch is about to run with its arguments bound
// (vm/interpreter.cpp). The hook keeps, per code object, a CodeState: a call
// count until the code is hot (--hot-threshold), then a list of Entries
// tried in order. An Entry is a graph with its guard program and a tiny
// code object to run in the frame instead of the original:
//
//     LOAD_CONST <graph>; CALL 0; RETURN_VALUE
//
// whose graph native runs the graph executor on the sources the guards
// just loaded (counting the runs: on the --jit-threshold-th the tier
// manager, jit/tier_manager.h, compiles the graph's kernels, which the
// executor then runs; --profile and --trace-dump time the runs here). A
// miss on every entry traces again (a recompile, its reason
// in words from the first entry's failing guard; sizes and ints that
// changed become dynamic) until --cache-size-limit entries exist; then the
// code runs interpreted and that is logged once.
//
// A trace that breaks and can resume gets an entry whose code is
// transformed code: call the partial graph, rebuild the stack, run the
// instruction the tracer could not, call a resume function (generated
// here, cached per original code, pc and stack shape, watched and traced
// like any function). A break that cannot resume leaves the call to the
// interpreter; the code is then given up, with the reason kept for
// --explain. torch.compile requests (VM::jit_request_*) trace a frame on
// its first call; --explain, --dump-graphs and KILN_LOGS report all this
// (docs/ARCHITECTURE.md, "The tracer").
#pragma once

#include "vm/vm.h"

namespace kiln::tracer {

// Installs the hook when vm.options().tier >= 1 (and sets up --explain,
// --profile, --dump-graphs and KILN_LOGS). Called once per VM by
// kiln::Runtime.
void install(vm::VM& vm);

}  // namespace kiln::tracer
