// tools/vmrun/signals.h — what Ctrl-C does in vmrun.
//
// While Python code runs, SIGINT asks the runtime to raise KeyboardInterrupt
// (kiln::Runtime::request_interrupt is async-signal-safe). While the REPL
// waits for a line, SIGINT cancels that line instead. An uncaught
// KeyboardInterrupt ends vmrun the way it ends CPython: by re-raising SIGINT
// with the default action, so the parent shell sees "killed by SIGINT"
// (status 130) and stops a surrounding loop or script.
#pragma once

namespace kiln {
class Runtime;
}

namespace vmrun {

// Routes SIGINT to `rt` (KeyboardInterrupt in the running script).
void sigint_interrupts(kiln::Runtime* rt);
// Routes SIGINT to a flag that line_interrupted() reads (REPL input).
void sigint_cancels_line();
// True once after a SIGINT arrived in cancel-line mode.
bool line_interrupted();

// Flushes the standard streams and ends the process through SIGINT's
// default action (exit status 130 if that somehow fails).
[[noreturn]] void exit_by_sigint();

}  // namespace vmrun
