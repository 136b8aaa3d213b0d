// tools/vmrun/repl.h — the interactive prompt of `vmrun` (no script given and
// stdin a terminal).
//
// Reads lines with libedit (line editing and history, ~/.kiln_history),
// shows ">>> " and "... " for continuation lines as CPython does (using
// kiln::Runtime::is_incomplete), runs each complete input with
// Runtime::run_interactive (which echoes the repr of expression values),
// cancels the line on Ctrl-C and exits on Ctrl-D.
#pragma once

namespace kiln {
class Runtime;
}

namespace vmrun {

// Returns the process exit code: 0 on Ctrl-D, SystemExit's code on exit().
int run_repl(kiln::Runtime& rt);

}  // namespace vmrun
