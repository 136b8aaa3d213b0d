// vm/vm.h — the VM: all state of one Kiln runtime.
//
// There are no mutable globals in Kiln: everything a running program touches
// (builtin classes, interned strings, modules, the pending exception, the
// object list, options, output sinks) hangs off one VM object, so two runtimes
// can live in one process. Functions that may raise take `VM&` first.
//
// Error convention (as CPython's): a function that fails sets the pending
// exception with vm.raise(...) and returns Empty (`Value()`), false or -1;
// callers propagate. No C++ exception crosses the interpreter loop.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vm/object.h"
#include "vm/value.h"

namespace kiln {
struct Options;
}

namespace kiln::vm {

enum class Exc : uint16_t {
#define EXC(name, base) name,
#include "vm/exceptions.def"
#undef EXC
  Count_
};

// Interned names used by the runtime (dunder methods and friends).
#define KILN_VM_NAMES(X)                                                          \
  X(__init__) X(__new__) X(__repr__) X(__str__) X(__hash__) X(__eq__) X(__ne__)  \
  X(__lt__) X(__le__) X(__gt__) X(__ge__) X(__len__) X(__bool__)                 \
  X(__getitem__) X(__setitem__) X(__delitem__) X(__contains__) X(__iter__)       \
  X(__next__) X(__call__) X(__enter__) X(__exit__) X(__neg__) X(__pos__)         \
  X(__abs__) X(__invert__) X(__index__) X(__int__) X(__float__)                  \
  X(__getattr__) X(__getattribute__) X(__setattr__) X(__delattr__)               \
  X(__name__) X(__qualname__) X(__module__) X(__doc__) X(__dict__)               \
  X(__class__) X(__builtins__) X(__main__) X(__file__) X(__all__)                \
  X(__format__) X(__round__) X(__reversed__) X(__set_name__)                     \
  X(__init_subclass__) X(__class_getitem__) X(__get__) X(__set__) X(__delete__)  \
  X(__mro__) X(__bases__) X(__base__) X(__slots__) X(__annotations__)            \
  X(__traceback__) X(__cause__) X(__context__) X(__suppress_context__)           \
  X(__missing__) X(__divmod__) X(__rdivmod__) X(__trunc__) X(__floor__)          \
  X(__ceil__) X(__length_hint__) X(args) X(self) X(send) X(throw_) X(close)       \
  X(keys) X(items) X(values) X(append) X(write) X(flush) X(key) X(reverse)       \
  X(default_) X(sep) X(end) X(file) X(start) X(object)                           \
  /* binary operators: plain, reflected, in-place (ops.cpp indexes them) */     \
  X(__add__) X(__radd__) X(__iadd__) X(__sub__) X(__rsub__) X(__isub__)          \
  X(__mul__) X(__rmul__) X(__imul__) X(__matmul__) X(__rmatmul__) X(__imatmul__) \
  X(__truediv__) X(__rtruediv__) X(__itruediv__) X(__floordiv__)                \
  X(__rfloordiv__) X(__ifloordiv__) X(__mod__) X(__rmod__) X(__imod__)          \
  X(__pow__) X(__rpow__) X(__ipow__) X(__lshift__) X(__rlshift__)                \
  X(__ilshift__) X(__rshift__) X(__rrshift__) X(__irshift__) X(__or__)          \
  X(__ror__) X(__ior__) X(__xor__) X(__rxor__) X(__ixor__) X(__and__)           \
  X(__rand__) X(__iand__)

class VM {
 public:
  explicit VM(const Options& options);
  ~VM();
  VM(const VM&) = delete;
  VM& operator=(const VM&) = delete;

  const Options& options() const { return *options_; }

  // ---------------------------------------------------------------- classes
  struct Types {
#define TYPE(field, pyname, kind, base) TypeObject* field = nullptr;
#include "vm/builtin_types.def"
#undef TYPE
  } types;
  TypeObject* exc_type(Exc e) const { return exc_types_[size_t(e)]; }

  // ---------------------------------------------------------------- exceptions
  // Sets the pending exception to a new instance of `type` with `msg` as its
  // only argument and returns Empty, so natives can `return vm.raise(...)`.
  Value raise(Exc type, std::string_view msg);
  Value raisef(Exc type, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
  // Raises an existing exception instance, or a class (instantiated with no args).
  Value raise_value(Value exc);
  bool has_exception() const { return !pending_.is_empty(); }
  const Value& pending_exception() const { return pending_; }
  Value take_exception() { return std::move(pending_); }
  void clear_exception() { pending_ = Value(); }
  // True if an exception is pending and is an instance of `type`.
  bool exception_matches(Exc type) const;
  // Creates (without raising) an exception instance of `type` with one str argument.
  Value new_exception(Exc type, std::string_view msg);

  // ---------------------------------------------------------------- strings
  Value intern(std::string_view s);
  // Shared str objects for '' ([128]) and each ASCII character ([0..127]),
  // as CPython's singletons: make_str hands them out, so iterating over or
  // indexing ASCII text allocates nothing. Made on first use (the VM holds
  // one reference to each) and released by ~VM before its objects are freed.
  StrObject* small_strs[129] = {};
  struct Names {
#define X(n) StrObject* n = nullptr;
    KILN_VM_NAMES(X)
#undef X
  } names;

  // ---------------------------------------------------------------- calling
  // Calls any callable with the vectorcall convention of object.h.
  Value call(const Value& callable, const Value* args, size_t nargs,
             const TupleObject* kwnames = nullptr);
  Value call0(const Value& f) { return call(f, nullptr, 0); }
  Value call1(const Value& f, const Value& a) { return call(f, &a, 1); }
  Value call2(const Value& f, const Value& a, const Value& b) {
    Value args[2] = {a, b};
    return call(f, args, 2);
  }
  // obj.name(args...) ; Empty with AttributeError pending if there is no such attribute.
  Value call_method(const Value& obj, StrObject* name, const Value* args, size_t nargs);

  // ---------------------------------------------------------------- modules
  Value builtins_dict;   // DictObject: the `builtins` module's namespace
  Value modules;         // DictObject: sys.modules
  Value main_module;     // ModuleObject for __main__, once a script runs
  std::vector<std::string> argv;        // sys.argv
  std::vector<std::string> module_path; // directories searched for user modules
  // Source text of every file compiled in this VM, by filename (for the
  // source lines that tracebacks print).
  std::unordered_map<std::string, std::string> sources;
  // Native modules (math, random, ...) are created on first import by these.
  using ModuleInit = Value (*)(VM& vm);
  void register_native_module(std::string name, ModuleInit init);
  // Source modules: Python text embedded in the binary (stdlib/embedded.h),
  // found by import after native modules and before files beside the
  // script. `source` must outlive the VM (embedded text is static);
  // `filename` is what tracebacks and __file__ show. A package's submodules
  // are registered under their dotted names.
  void register_source_module(std::string name, std::string_view source, std::string filename, bool is_package);
  bool has_source_module(std::string_view name) const;
  Value import_module(std::string_view dotted_name);  // returns the module or Empty
  // Adds a native function to `dict` under `name`.
  void add_function(const Value& dict, const char* name, NativeFn fn, Value data = Value::none());
  // Adds a native method to a builtin type.
  void add_method(TypeObject* type, const char* name, NativeFn fn);

  // ---------------------------------------------------------------- output
  std::function<void(std::string_view)> out;   // sys.stdout
  std::function<void(std::string_view)> err;   // sys.stderr

  // ---------------------------------------------------------------- interpreter state
  int call_depth = 0;
  int recursion_limit = 1000;
  volatile int interrupt_requested = 0;  // set by the SIGINT handler; checked on backward jumps and calls
  struct Frame* current_frame = nullptr; // innermost executing frame (for tracebacks, super())
  // Interpreter-private state (vm/interpreter.cpp), created on first use:
  // the value stack that function frames carve their slots from, the bound of
  // the native stack (RecursionError before a real overflow), the exception
  // being handled (what a bare `raise` re-raises; sys.exc_info()), and
  // the builtin __build_class__.
  Value* stack_top = nullptr;
  Value* stack_limit = nullptr;
  // The tracer's coupling (tracer/cache.cpp installs it when --tier >= 1;
  // null otherwise, and then never taken). New function code is marked
  // kCodeJitWatch while `jit_watch_new_code`; a frame of such code calls
  // `jit_enter` once its arguments are bound into `slots`, which returns
  // the code to run in the frame: `co` itself, or compiled code with the
  // same locals and cells; null with an exception pending.
  bool jit_watch_new_code = false;
  CodeObject* (*jit_enter)(VM& vm, FunctionObject* fn, CodeObject* co, Value* slots) = nullptr;
  void* jit_state = nullptr;  // the tracer's (owned by extension_state["tracer"])
  // torch.compile and torch.compiler.disable (stdlib/torch/compile.cpp):
  // while jit_disabled > 0 no frame enters the tracer; while
  // jit_compile_depth > 0 every watched frame is traced on its first call;
  // the next frame of `jit_request_code` is compiled with `jit_request_flags`
  // (kCodeCompile*), then the request is cleared.
  int jit_disabled = 0;
  int jit_compile_depth = 0;
  const CodeObject* jit_request_code = nullptr;
  uint32_t jit_request_flags = 0;
  // The --trace-dump recorder (vm/trace_events.h), or null.
  class TraceEvents* trace_events = nullptr;
  // Run by kiln::Runtime before the VM goes (reports such as --explain).
  std::vector<std::function<void()>> at_exit;
  char* native_stack_limit = nullptr;
  Value handled_exception;
  Value build_class_fn;

  // ---------------------------------------------------------------- memory
  // The cycle collector's state (vm/gc.h explains the design). Only tracked
  // objects (those that can hold references) are in these lists; atomic ones
  // (str, int, range, ...) are freed by reference counting alone.
  struct GcGeneration {
    Object head;            // sentinel of a circular list of tracked objects
    // Generation 0: tracked objects allocated minus tracked objects freed
    // since its last collection. Older ones: collections of the next younger
    // generation since their own last collection.
    size_t count = 0;
    size_t threshold = 0;   // a collection is due when count exceeds it
  };
  static constexpr int kGcGenerations = 3;
  GcGeneration gc_generations[kGcGenerations];
  size_t gc_long_lived_total = 0;    // oldest generation's size after the last full collection
  size_t gc_long_lived_pending = 0;  // objects promoted into it since then
  size_t gc_collections = 0;         // collections run so far (all generations)
  size_t gc_examined = 0;            // objects examined by those collections
  bool gc_collecting = false;        // a collection (or teardown) is running: none may start
  bool finalizing = false;           // ~VM has begun: no Python code runs from a destructor
  int gc_debug = 0;                  // KILN_GC_DEBUG: 0 off, 1 teardown leak report, 2 also one line per collection
  void collect_cycles();  // vm/gc.cpp: a full collection
  // One dead slice object kept for reuse (CPython's slice_cache): `s[i:j]` in
  // a loop allocates no slice. Holds its reference to the slice class; freed
  // by ~VM.
  SliceObject* slice_cache = nullptr;
  // The hidden classes of instances (vm/shape.h); freed by ~VM after the
  // roots, before the objects.
  std::unique_ptr<struct ShapeTree> shapes;

  // Per-VM data owned by library modules (e.g. torch's generator state).
  std::unordered_map<std::string, std::shared_ptr<void>> extension_state;
  // The torch module's state (stdlib/torch/state.h), reached on every tensor
  // op, so kept here rather than looked up by name; owned by
  // extension_state["torch"]; null until `import torch`.
  void* torch_state = nullptr;

 private:
  const Options* options_;
  Value pending_;
  TypeObject* exc_types_[size_t(Exc::Count_)] = {};
  Value interned_;  // DictObject str -> str
  std::unordered_map<std::string, ModuleInit> native_modules_;
  struct SourceModule {
    std::string_view source;
    std::string filename;
    bool is_package;
  };
  std::unordered_map<std::string, SourceModule> source_modules_;
  friend void vm_bootstrap(VM& vm);  // vm/bootstrap.cpp
};

// A new builtin function object: `data` is passed to `fn` as its third
// argument; `owner` is the class of a method (or None).
Value new_native(VM& vm, const char* name, NativeFn fn, Value data, Value owner);

}  // namespace kiln::vm
