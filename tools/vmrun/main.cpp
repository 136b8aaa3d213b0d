// tools/vmrun/main.cpp — the `vmrun` command: a thin client of the public
// embedding API (include/kiln/kiln.h).
//
//   vmrun [options] script.py [args...]   run a script; args go to sys.argv
//   vmrun [options] -c CODE [args...]     run a string (sys.argv[0] == "-c")
//   vmrun [options] - [args...]           run the program read from stdin
//   vmrun [options]                       REPL on a terminal, else run stdin
//
// Options come from include/kiln/options.def (each OPTION is a `--flag` and
// a KILN_* environment variable; the command line wins over the
// environment), plus --help, --version and -c. Like CPython, everything after
// the script name (or after -c CODE) belongs to the script, so
// `vmrun s.py --help` passes "--help" to s.py.
//
// Exit status, as CPython's: 0 on success; 1 after an uncaught exception
// (the runtime has already printed the traceback on stderr); SystemExit's
// code; 2 for a bad command line or a script that cannot be opened; an
// uncaught KeyboardInterrupt ends the process through SIGINT (status 130).
//
// Start-up must stay in the low milliseconds (`vmrun -c pass`): nothing here
// touches LLVM, CUDA or TBB unless --version asks for them.
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "repl.h"
#include "signals.h"

namespace {

constexpr int kUsageError = 2;

// The command line split where vmrun's own options end.
struct CommandLine {
  std::vector<char*> own;            // argv[0] and vmrun's options, for CLI11
  bool has_code = false;             // -c CODE
  std::string code;
  bool has_script = false;           // a script path ("-" = stdin)
  std::string script;
  std::vector<std::string> script_args;  // after the script / after -c CODE
};

const kiln::OptionInfo* find_option(std::string_view flag) {
  for (const kiln::OptionInfo& o : kiln::option_table()) {
    if (flag == o.flag) return &o;
  }
  return nullptr;
}

// True if `arg` (a long option without "=value") consumes the next argument.
bool takes_value(std::string_view arg) {
  if (arg.rfind("--", 0) != 0 || arg.find('=') != std::string_view::npos) return false;
  const kiln::OptionInfo* o = find_option(arg.substr(2));
  return o && std::strcmp(o->type, "bool") != 0;
}

// Finds the first argument that is not an option of vmrun: the script (or
// -c CODE); everything after it is the script's.
bool split_command_line(int argc, char** argv, CommandLine* cl, std::string* error) {
  cl->own.push_back(argv[0]);
  int i = 1;
  auto rest_to_script = [&](int from) {
    for (int j = from; j < argc; ++j) cl->script_args.push_back(argv[j]);
  };
  for (; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--") {
      if (i + 1 < argc) {
        cl->has_script = true;
        cl->script = argv[i + 1];
        rest_to_script(i + 2);
      }
      return true;
    }
    if (a == "-c" || (a.rfind("-c", 0) == 0 && a.size() > 2 && a[2] != '-')) {
      if (a.size() > 2) {
        cl->code = std::string(a.substr(2));
      } else if (i + 1 < argc) {
        cl->code = argv[++i];
      } else {
        *error = "Argument expected for the -c option";
        return false;
      }
      cl->has_code = true;
      rest_to_script(i + 1);
      return true;
    }
    if (a.size() > 1 && a[0] == '-') {  // one of vmrun's options
      cl->own.push_back(argv[i]);
      if (takes_value(a) && i + 1 < argc) cl->own.push_back(argv[++i]);
      continue;
    }
    cl->has_script = true;  // a path, or "-" for stdin
    cl->script = argv[i];
    rest_to_script(i + 1);
    return true;
  }
  return true;
}

// Adds `--flag` for each runtime option, bound to its field of `opts`.
void add_option_flag(CLI::App& app, const char* flag, const char* help, bool* field) {
  const kiln::OptionInfo* info = find_option(flag);
  std::string text = std::string(help) + "  [env: " + info->env + "]";
  app.add_flag(std::string("--") + flag, *field, text);
}
template <class T>
void add_option_flag(CLI::App& app, const char* flag, const char* help, T* field) {
  const kiln::OptionInfo* info = find_option(flag);
  std::string text = std::string(help) + "  [env: " + info->env + "]";
  app.add_option(std::string("--") + flag, *field, text)->capture_default_str();
}

void add_runtime_options(CLI::App& app, kiln::Options& opts) {
#define OPTION(field, type, flag, def, help) add_option_flag(app, flag, help, &opts.field);
#include "kiln/options.def"
#undef OPTION
}

std::string read_all(FILE* f) {
  std::string s;
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
  return s;
}

std::string absolute_path(const std::string& p) {
  if (!p.empty() && p[0] == '/') return p;
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return p;
  return std::string(cwd) + "/" + p;
}

// CPython: "python3: can't open file '/abs/x.py': [Errno 2] No such file or directory", status 2.
bool check_script_readable(const std::string& path) {
  int err = 0;
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    err = errno;
  } else if (S_ISDIR(st.st_mode)) {
    err = EISDIR;
  } else if (access(path.c_str(), R_OK) != 0) {
    err = errno;
  }
  if (err == 0) return true;
  std::fprintf(stderr, "vmrun: can't open file '%s': [Errno %d] %s\n", absolute_path(path).c_str(), err,
               std::strerror(err));
  return false;
}

// Exit status for a finished run (see the header comment).
int finish(const kiln::Result& r) {
  std::cout.flush();
  std::fflush(stdout);
  if (r.ok) return 0;
  if (r.error.type == "SystemExit") return r.error.exit_code;
  // The runtime marks an uncaught KeyboardInterrupt (or subclass) with 130.
  if (r.error.exit_code == 130) vmrun::exit_by_sigint();
  return r.error.exit_code != 0 ? r.error.exit_code : 1;
}

}  // namespace

static int vmrun_main(int argc, char** argv) {
  CommandLine cl;
  std::string split_error;
  if (!split_command_line(argc, argv, &cl, &split_error)) {
    std::fprintf(stderr, "vmrun: %s\nRun with --help for more information.\n", split_error.c_str());
    return kUsageError;
  }

  kiln::Options opts = kiln::Options::from_environment();
  CLI::App app{"Kiln: a bytecode VM for a subset of Python 3.11, with a PyTorch-style torch module.", "vmrun"};
  bool show_version = false;
  std::string code_for_help, script_for_help;
  std::vector<std::string> args_for_help;
  // -c, the script and its arguments are split off before CLI11 parses (see
  // split_command_line); they are declared here for --help only.
  app.add_option("-c", code_for_help, "program passed in as a string (terminates the option list)")
      ->option_text("CODE");
  app.add_option("script", script_for_help, "program read from a file ('-': from stdin); without one, "
                                            "a REPL on a terminal, else the program read from stdin");
  app.add_option("args", args_for_help, "arguments for the script, in sys.argv[1:]");
  app.add_flag("-V,--version", show_version, "print the version and what this build links and detects, then exit");
  add_runtime_options(app, opts);
  app.footer(
      "Every runtime option is also read from its environment variable (booleans: 1/0, true/false, "
      "yes/no, on/off); a flag on the command line wins. KILN_HISTFILE names the REPL's history file "
      "(default ~/.kiln_history).");

  try {
    app.parse(int(cl.own.size()), cl.own.data());
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);  // prints --help, or the error and a hint
    return code == 0 ? 0 : kUsageError;
  }

  if (show_version) {
    std::printf("%s\n%s", kiln::Runtime::version().c_str(), kiln::Runtime::build_info().c_str());
    return 0;
  }

  bool interactive = !cl.has_code && !cl.has_script && isatty(STDIN_FILENO);
  if (opts.dis && (!cl.has_script || cl.script == "-")) {
    std::fprintf(stderr, "vmrun: --dis needs a script file\nRun with --help for more information.\n");
    return kUsageError;
  }
  if (cl.has_script && cl.script != "-" && !check_script_readable(cl.script)) return kUsageError;

  kiln::Runtime rt(opts);
  std::vector<std::string> sys_argv;
  if (cl.has_code) {
    sys_argv.push_back("-c");
  } else if (cl.has_script) {
    sys_argv.push_back(cl.script);
  } else {
    sys_argv.push_back("");
  }
  sys_argv.insert(sys_argv.end(), std::make_move_iterator(cl.script_args.begin()),
                  std::make_move_iterator(cl.script_args.end()));
  rt.set_argv(std::move(sys_argv));

  if (opts.dis) {
    std::string listing;
    kiln::Result r = rt.disassemble_file(cl.script, &listing);
    std::fwrite(listing.data(), 1, listing.size(), stdout);
    return finish(r);
  }
  if (interactive) return vmrun::run_repl(rt);

  vmrun::sigint_interrupts(&rt);
  kiln::Result r;
  if (cl.has_code) {
    r = rt.run_string(cl.code, "<string>");
  } else if (cl.has_script && cl.script != "-") {
    r = rt.run_file(cl.script);
  } else {
    r = rt.run_string(read_all(stdin), "<stdin>");
  }
  return finish(r);
}

// The interpreter runs on a thread with a large stack: deep Python recursion
// (sys.setrecursionlimit, sanitizer builds with big frames) then ends in
// RecursionError well before the native stack runs out, independent of the
// shell's `ulimit -s`.
namespace {
struct MainArgs {
  int argc;
  char** argv;
  int rc;
};
void* run_main_thread(void* p) {
  auto* m = static_cast<MainArgs*>(p);
  m->rc = vmrun_main(m->argc, m->argv);
  return nullptr;
}
}  // namespace

int main(int argc, char** argv) {
  MainArgs m{argc, argv, 1};
  pthread_attr_t attr;
  pthread_t thread;
  if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, size_t(512) << 20) == 0 &&
      pthread_create(&thread, &attr, run_main_thread, &m) == 0) {
    pthread_attr_destroy(&attr);
    pthread_join(thread, nullptr);
    return m.rc;
  }
  return vmrun_main(argc, argv);  // no thread: run on the process's own stack
}
