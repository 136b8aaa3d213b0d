// tools/vmrun/signals.cpp — SIGINT handling for vmrun (see signals.h).
#include "signals.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "kiln/kiln.h"

namespace vmrun {

namespace {

// Process-wide by nature: a signal handler has nowhere else to look.
std::atomic<kiln::Runtime*> g_runtime{nullptr};
volatile sig_atomic_t g_line_interrupted = 0;

void on_sigint(int) {
  if (kiln::Runtime* rt = g_runtime.load(std::memory_order_relaxed)) {
    rt->request_interrupt();
  } else {
    g_line_interrupted = 1;
  }
}

void install() {
  // Like CPython: a SIGINT that was ignored when we started (a background
  // job of a script, nohup) stays ignored.
  static const bool ignored_at_start = [] {
    struct sigaction old{};
    sigaction(SIGINT, nullptr, &old);
    return old.sa_handler == SIG_IGN;
  }();
  if (ignored_at_start) return;
  struct sigaction sa{};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  // No SA_RESTART: a blocking read() in the REPL must return EINTR so the
  // line can be cancelled; the runtime polls its interrupt flag itself.
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, nullptr);
}

}  // namespace

void sigint_interrupts(kiln::Runtime* rt) {
  g_runtime.store(rt, std::memory_order_relaxed);
  install();
}

void sigint_cancels_line() {
  g_runtime.store(nullptr, std::memory_order_relaxed);
  g_line_interrupted = 0;
  install();
}

bool line_interrupted() {
  if (!g_line_interrupted) return false;
  g_line_interrupted = 0;
  return true;
}

void exit_by_sigint() {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  g_runtime.store(nullptr);
  signal(SIGINT, SIG_DFL);
  kill(getpid(), SIGINT);
  std::_Exit(128 + SIGINT);  // only if the signal did not end us
}

}  // namespace vmrun
