// include/kiln/kiln.h — the public embedding API of Kiln.
//
// A C++ program embeds Kiln by creating a kiln::Runtime, optionally setting
// its output sinks, and running source text or files. Every Runtime is
// independent (no shared mutable state), so several may live in one process.
// Script errors never throw through user code unexpectedly: run_* return a
// Result carrying the formatted Python traceback; `check()` turns a failed
// Result into a kiln::Error exception for code that prefers exceptions.
//
//   kiln::Runtime rt;
//   auto r = rt.run_string("print(1 + 2)");
//   if (!r.ok) std::cerr << r.error.traceback;
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

struct Options {
#define OPTION(field, type, flag, def, help) KILN_OPTION_TYPE_##type field = def;
#define KILN_OPTION_TYPE_bool bool
#define KILN_OPTION_TYPE_int int
#define KILN_OPTION_TYPE_string std::string
#include "kiln/options.def"
#undef OPTION
  // Reads KILN_* environment variables over the defaults.
  static Options from_environment();
};

// Describes one option for front ends (vmrun's flag parser, --help).
struct OptionInfo {
  const char* field;
  const char* type;  // "bool", "int", "string"
  const char* flag;
  const char* help;
  const char* env;   // KILN_...
};
const std::vector<OptionInfo>& option_table();

// A script-level error: the Python exception type name, its message, and the
// full traceback text as CPython would print it.
struct ErrorInfo {
  std::string type;       // e.g. "ZeroDivisionError"
  std::string message;    // e.g. "division by zero"
  std::string traceback;  // "Traceback (most recent call last):\n  File ..."
  int exit_code = 1;      // SystemExit's code when type == "SystemExit"
};

class Error : public std::runtime_error {
 public:
  explicit Error(ErrorInfo info) : std::runtime_error(info.traceback), info_(std::move(info)) {}
  const ErrorInfo& info() const { return info_; }

 private:
  ErrorInfo info_;
};

struct Result {
  bool ok = true;
  ErrorInfo error;  // filled when !ok
  // Throws kiln::Error when !ok.
  void check() const {
    if (!ok) throw Error(error);
  }
};

class Runtime {
 public:
  explicit Runtime(Options options = Options::from_environment());
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // Where print() and tracebacks go (default: the process's stdout / stderr).
  void set_stdout(std::function<void(std::string_view)> sink);
  void set_stderr(std::function<void(std::string_view)> sink);

  // sys.argv for the next script (argv[0] is the script path).
  void set_argv(std::vector<std::string> argv);

  // Runs a whole file as __main__; its directory is searched for imports.
  Result run_file(const std::string& path);
  // Runs source text as __main__ (filename is used in tracebacks).
  Result run_string(std::string_view source, const std::string& filename = "<string>");
  // REPL support: runs one interactive input in the persistent __main__,
  // printing the repr of expression statements' values as the Python REPL does.
  Result run_interactive(std::string_view source);
  // True if `source` is an incomplete interactive statement (needs more lines).
  bool is_incomplete(std::string_view source);

  // Prints the disassembly of a file's bytecode (vmrun --dis).
  Result disassemble_file(const std::string& path, std::string* out);

  // Asks the running script to stop with KeyboardInterrupt (async-signal-safe).
  void request_interrupt();

  const Options& options() const;

  // Version string and the libraries this build links.
  static std::string version();
  static std::string build_info();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kiln
