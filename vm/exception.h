// vm/exception.h — exception objects and CPython-format tracebacks.
//
// Every exception is an ExceptionObject (vm/object.h), whichever class it
// belongs to — the builtin hierarchy of vm/exceptions.def or a user subclass.
// `args` is the tuple the class was called with; str() is CPython's (empty for
// no arguments, str(arg) for one, the tuple's repr for several; KeyError shows
// the repr of its key; OSError formats "[Errno 2] ...: 'name'"). `traceback`
// is a list of (filename, lineno, funcname) tuples, outermost first, which the
// interpreter appends to as the exception unwinds each frame (see
// exception_add_frame). __cause__/__context__ chain exceptions for
// format_exception, which prints exactly what CPython's default excepthook
// prints, source lines included when the VM has the file's text.
#pragma once

#include <string>
#include <string_view>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// A new exception of class `cls` with `args` (no __init__ is run).
Value exception_new(VM& vm, TypeObject* cls, const Value* args, size_t nargs);
// BaseException.__new__/__init__: sets exc.args from positional arguments.
bool exception_set_args(VM& vm, const Value& exc, const CallArgs& a);

// Records that `exc` passed through a frame: appends (filename, line, func)
// to its traceback (the innermost frame is appended first, and the list is
// kept outermost-first by inserting at the front).
void exception_add_frame(VM& vm, const Value& exc, const Value& filename, int line, const Value& funcname);

// A SyntaxError (or IndentationError / TabError) with CPython's attributes
// (msg, filename, lineno, offset, text, end_lineno, end_offset), so that
// format_exception prints the source line and caret. Columns are 1-based;
// end_col 0 means a single caret.
Value make_syntax_error(VM& vm, Exc type, std::string_view msg, std::string_view filename, int line, int col,
                        int end_col, std::string_view line_text);

// type_repr_name(type_of(exc)): "ValueError", "mymod.MyError".
std::string type_repr_name_of(VM& vm, const Value& exc);
// str(exc) that never fails ("<exception str() failed>" if it does).
std::string exception_message(VM& vm, const Value& exc);
// "ValueError: bad value" — the last line of a traceback.
std::string exception_summary(VM& vm, const Value& exc);
// The full text CPython prints for an uncaught exception: chained exceptions
// first, "Traceback (most recent call last):", the frames with source lines,
// and the summary line; ends with a newline.
std::string format_exception(VM& vm, const Value& exc);

// StopIteration.value / SystemExit.code helpers.
Value stop_iteration_value(VM& vm, const Value& exc);
// The process exit status SystemExit(code) asks for: 0 for None, the int,
// or 1 after printing a non-int code to vm.err (as CPython does).
int system_exit_status(VM& vm, const Value& exc);

extern const KindSlots exception_slots;
void init_exception_types(VM& vm);

}  // namespace kiln::vm
