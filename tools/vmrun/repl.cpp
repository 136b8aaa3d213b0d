// tools/vmrun/repl.cpp — the interactive prompt (see repl.h).
#include "repl.h"

#include <editline/readline.h>
#include <unistd.h>

#include <langinfo.h>

#include <cerrno>
#include <clocale>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "kiln/kiln.h"
#include "signals.h"

namespace vmrun {

namespace {

// True once the getc hook below saw Ctrl-C: the line it ends is discarded.
bool g_line_cancelled = false;

// libedit reads keys through this hook so that Ctrl-C can end the line
// (libedit itself retries a read interrupted by a signal). Decodes UTF-8,
// since libedit takes one wide character per call.
int repl_getc(FILE*) {
  auto read_byte = [](unsigned char* b) -> int {  // 1 ok, 0 EOF, -1 interrupted
    for (;;) {
      ssize_t n = read(STDIN_FILENO, b, 1);
      if (n == 1) return 1;
      if (n == 0) return 0;
      if (errno == EINTR) {
        if (line_interrupted()) return -1;
        continue;
      }
      return 0;
    }
  };
  unsigned char b0;
  int r = read_byte(&b0);
  if (r == 0) return -1;  // EOF for libedit
  if (r < 0) {
    g_line_cancelled = true;
    return '\n';  // ends readline(); the caller drops the line
  }
  if (b0 < 0x80) return b0;
  int extra = b0 >= 0xf0 ? 3 : b0 >= 0xe0 ? 2 : b0 >= 0xc0 ? 1 : 0;
  int cp = extra == 3 ? (b0 & 0x07) : extra == 2 ? (b0 & 0x0f) : (b0 & 0x1f);
  for (int i = 0; i < extra; ++i) {
    unsigned char b;
    r = read_byte(&b);
    if (r <= 0) {
      if (r < 0) g_line_cancelled = true;
      return r < 0 ? '\n' : -1;
    }
    cp = (cp << 6) | (b & 0x3f);
  }
  return extra == 0 ? 0xfffd : cp;
}

std::string history_path() {
  if (const char* p = std::getenv("KILN_HISTFILE")) return p;
  const char* home = std::getenv("HOME");
  return home && *home ? std::string(home) + "/.kiln_history" : std::string();
}

bool is_blank(const std::string& s) {
  return s.find_first_not_of(" \t\r\n\f") == std::string::npos;
}

}  // namespace

int run_repl(kiln::Runtime& rt) {
  std::fprintf(stderr, "%s\nType Ctrl-D to exit; Ctrl-C cancels a line.\n", kiln::Runtime::version().c_str());
  // libedit handles non-ASCII keys only in a UTF-8 character locale; like
  // CPython (PEP 538), fall back from the C locale to C.UTF-8. Only
  // LC_CTYPE: number formatting must stay Python's.
  std::setlocale(LC_CTYPE, "");
  if (std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0) std::setlocale(LC_CTYPE, "C.UTF-8");
  // Before libedit initialises (on the first readline call).
  rl_readline_name = "kiln";
  rl_catch_signals = 0;
  rl_getc_function = repl_getc;
  using_history();
  stifle_history(1000);
  std::string hist = history_path();
  if (!hist.empty()) read_history(hist.c_str());

  int exit_code = 0;
  std::string buffer;
  for (;;) {
    sigint_cancels_line();
    g_line_cancelled = false;
    char* raw = readline(buffer.empty() ? ">>> " : "... ");
    if (!raw) {  // Ctrl-D
      std::fputs("\n", stdout);
      break;
    }
    std::string line(raw);
    std::free(raw);
    if (g_line_cancelled) {
      std::fputs("KeyboardInterrupt\n", stderr);
      buffer.clear();
      continue;
    }
    if (!is_blank(line)) add_history(line.c_str());
    buffer += line;
    buffer += '\n';
    if (is_blank(buffer)) {
      buffer.clear();
      continue;
    }
    if (rt.is_incomplete(buffer)) continue;

    sigint_interrupts(&rt);
    kiln::Result r = rt.run_interactive(buffer);
    std::fflush(stdout);
    buffer.clear();
    // Tracebacks were printed by the runtime; only SystemExit ends the REPL.
    if (!r.ok && r.error.type == "SystemExit") {
      exit_code = r.error.exit_code;
      break;
    }
  }
  sigint_cancels_line();
  if (!hist.empty()) write_history(hist.c_str());
  return exit_code;
}

}  // namespace vmrun
