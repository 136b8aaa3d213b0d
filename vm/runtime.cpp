// vm/runtime.cpp — kiln::Runtime, the public embedding API (include/kiln/kiln.h).
//
// A Runtime owns one VM. Running a script creates (or, for the REPL, reuses)
// the __main__ module, compiles the source and runs it; an uncaught exception
// is formatted as CPython's traceback into the Result (and written to the
// runtime's stderr sink, as `python3 script.py` does), and SystemExit becomes
// an exit code.
#include "kiln/kiln.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/gc.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/parser.h"
#include "vm/trace_events.h"
#include "vm/vm.h"

namespace kiln {

namespace vm {
Value module_new(VM& vm, std::string_view name);  // vm/import.cpp
}
namespace tracer {
void install(vm::VM& vm);  // tracer/cache.cpp: the hot-call hook when --tier >= 1
}

struct Runtime::Impl {
  Options options;
  std::unique_ptr<vm::TraceEvents> trace_events;  // --trace-dump
  std::unique_ptr<vm::VM> vm;
  std::vector<std::string> argv;
};

namespace {

using vm::Value;

void write_stdout(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }
void write_stderr(std::string_view s) {
  std::fflush(stdout);  // keep the two streams in program order on a terminal
  std::fwrite(s.data(), 1, s.size(), stderr);
  std::fflush(stderr);
}

std::string dirname_of(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// Turns the pending exception into an ErrorInfo (and prints it, unless it is
// a SystemExit, which prints only a non-integer code).
Result take_error(vm::VM& vm) {
  Result r;
  r.ok = false;
  Value exc = vm.take_exception();
  vm::TypeObject* t = vm::type_of(vm, exc);
  r.error.type = vm::type_repr_name_of(vm, exc);
  if (vm::is_subtype(t, vm.exc_type(vm::Exc::SystemExit))) {
    Value code = Value::none();
    if (vm::is_kind(exc, vm::ObjKind::Exception)) {
      Value args = exc.as<vm::ExceptionObject>()->args;
      if (args.is_object() && args.as<vm::TupleObject>()->size == 1) code = args.as<vm::TupleObject>()->items[0];
      else if (args.is_object() && args.as<vm::TupleObject>()->size > 1) code = args;
    }
    int64_t c = 0;
    if (code.is_none()) {
      r.error.exit_code = 0;
    } else if (vm::int_value(code, &c)) {
      r.error.exit_code = int(c & 0xff);
    } else {
      Value s = vm::str(vm, code);
      if (s) {
        r.error.message = std::string(vm::str_view(s));
        vm.err(r.error.message + "\n");
      }
      vm.clear_exception();
      r.error.exit_code = 1;
    }
    r.ok = r.error.exit_code == 0;
    return r;
  }
  Value msg = vm::str(vm, exc);
  if (msg) r.error.message = std::string(vm::str_view(msg));
  vm.clear_exception();
  r.error.traceback = vm::format_exception(vm, exc);
  vm.clear_exception();
  if (vm::is_subtype(t, vm.exc_type(vm::Exc::KeyboardInterrupt))) r.error.exit_code = 130;
  vm.err(r.error.traceback);
  return r;
}

Value main_globals(vm::VM& vm, const std::string& file) {
  if (!vm.main_module) {
    vm.main_module = vm::module_new(vm, "__main__");
  }
  Value g = vm.main_module.as<vm::ModuleObject>()->dict;
  if (!file.empty()) {
    vm::dict_setitem(vm, g.as<vm::DictObject>(), Value::borrow(vm.names.__file__), vm::make_str(vm, file));
  }
  vm::dict_setitem(vm, vm.modules.as<vm::DictObject>(), vm.intern("__main__"), vm.main_module);
  return g;
}

}  // namespace

Runtime::Runtime(Options options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
  impl_->vm = std::make_unique<vm::VM>(impl_->options);
  impl_->vm->out = write_stdout;
  impl_->vm->err = write_stderr;
  impl_->vm->recursion_limit = impl_->options.recursion_limit;
  if (!impl_->options.trace_dump.empty()) {
    impl_->trace_events = std::make_unique<vm::TraceEvents>();
    impl_->vm->trace_events = impl_->trace_events.get();
  }
  tracer::install(*impl_->vm);
}

Runtime::~Runtime() {
  for (auto& hook : impl_->vm->at_exit) hook();
  std::fflush(stdout);
  if (impl_->trace_events && !impl_->trace_events->write(impl_->options.trace_dump))
    impl_->vm->err("kiln: --trace-dump: cannot write " + impl_->options.trace_dump + "\n");
  impl_->vm->trace_events = nullptr;
}

void Runtime::set_stdout(std::function<void(std::string_view)> sink) { impl_->vm->out = std::move(sink); }
void Runtime::set_stderr(std::function<void(std::string_view)> sink) { impl_->vm->err = std::move(sink); }
void Runtime::set_argv(std::vector<std::string> argv) { impl_->vm->argv = std::move(argv); }
const Options& Runtime::options() const { return impl_->options; }
void Runtime::request_interrupt() { impl_->vm->interrupt_requested = 1; }

Result Runtime::run_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Result r;
    r.ok = false;
    r.error.type = "FileNotFoundError";
    r.error.message = "can't open file '" + path + "': [Errno 2] No such file or directory";
    r.error.traceback = "vmrun: " + r.error.message + "\n";
    r.error.exit_code = 2;
    impl_->vm->err(r.error.traceback);
    return r;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  auto& vm = *impl_->vm;
  if (vm.argv.empty()) vm.argv.push_back(path);
  vm.module_path.insert(vm.module_path.begin(), dirname_of(path));
  return run_string(ss.str(), path);
}

Result Runtime::run_string(std::string_view source, const std::string& filename) {
  auto& vm = *impl_->vm;
  if (vm.argv.empty()) vm.argv.push_back(filename == "<string>" ? "-c" : filename);
  if (vm.module_path.empty()) vm.module_path.push_back(".");
  Value g = main_globals(vm, filename == "<string>" ? "" : filename);
  Value code = vm::compile_source(vm, source, filename, false);
  Value r = code ? vm::run_module_code(vm, code.as<vm::CodeObject>(), g) : Value();
  std::fflush(stdout);
  if (!r) return take_error(vm);
  return Result{};
}

Result Runtime::run_interactive(std::string_view source) {
  auto& vm = *impl_->vm;
  if (vm.module_path.empty()) vm.module_path.push_back(".");
  Value g = main_globals(vm, "");
  Value code = vm::compile_source(vm, source, "<stdin>", true);
  vm.sources.erase("<stdin>");  // CPython's REPL tracebacks show no source lines
  Value r = code ? vm::run_module_code(vm, code.as<vm::CodeObject>(), g) : Value();
  std::fflush(stdout);
  if (!r) return take_error(vm);
  return Result{};
}

bool Runtime::is_incomplete(std::string_view source) {
  vm::ParseError err;
  auto mod = vm::parse_module(source, &err);
  if (!mod) {
    const std::string& m = err.msg;
    bool at_end = true;
    // Errors that mean "the input stopped too early".
    if (m.find("was never closed") != std::string::npos || m.find("unexpected EOF") != std::string::npos ||
        m.find("expected an indented block") != std::string::npos ||
        m.find("unterminated triple-quoted") != std::string::npos ||
        (source.size() > 1 && source[source.size() - 2] == '\\')) {
      return at_end;
    }
    return false;
  }
  // A compound statement continues until an empty line.
  std::string_view s = source;
  while (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  size_t nl = s.find('\n');
  std::string_view first = s.substr(0, nl);
  while (!first.empty() && (first.back() == ' ' || first.back() == '\t')) first.remove_suffix(1);
  bool compound = !first.empty() && first.back() == ':';
  if (!compound) return false;
  bool ends_blank = source.size() >= 2 && source.substr(source.size() - 2) == "\n\n";
  return !ends_blank;
}

Result Runtime::disassemble_file(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Result r;
    r.ok = false;
    r.error.type = "FileNotFoundError";
    r.error.message = "can't open file '" + path + "': [Errno 2] No such file or directory";
    r.error.traceback = "vmrun: " + r.error.message + "\n";
    r.error.exit_code = 2;
    return r;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  auto& vm = *impl_->vm;
  Value code = vm::compile_source(vm, ss.str(), path, false);
  if (!code) return take_error(vm);
  *out = vm::disassemble(code.as<vm::CodeObject>());
  return Result{};
}

}  // namespace kiln
