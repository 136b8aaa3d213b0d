// vm/format.h — text formatting: the format mini-language, str.format and
// printf-style `%`.
//
// Three front ends share one back end, as in CPython (Python/formatter_unicode.c,
// Objects/stringlib/unicode_format.h, PyUnicode_Format in unicodeobject.c):
//   * format(value, spec), f-strings and `{:spec}` fields: the format
//     specification mini-language `[[fill]align][sign][z][#][0][width]
//     [grouping][.precision][type]` for int, bool, float and str;
//   * str.format / str.format_map: replacement fields with automatic or
//     manual numbering, keyword names, `.attr` and `[index]` lookups, `!r`,
//     `!s`, `!a` conversions and nested `{}` inside a spec;
//   * `str % args`: %s %r %a %d %i %u %o %x %X %e %E %f %F %g %G %c %%, with
//     flags, `*` widths and `%(name)s` keys.
// Floats are laid out by vm/float_repr.h. Every error is CPython's, word for
// word. Values of other classes reach these through vm::format (vm/ops.cpp),
// which calls their __format__, or through repr()/str().
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "vm/object.h"
#include "vm/ops.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace kiln::vm {

// format(v, spec) for an int, bool, float or str (exact builtin behaviour;
// subclasses with their own __format__ are dispatched by vm::format first).
Value format_value(VM& vm, const Value& v, std::string_view spec);

// fmt.format(*args, **kwargs): `args` are the call's arguments without self.
Value str_format(VM& vm, StrObject* fmt, const CallArgs& args);
// fmt.format_map(mapping)
Value str_format_map(VM& vm, StrObject* fmt, const Value& mapping);
// fmt % args
Value percent_format(VM& vm, StrObject* fmt, const Value& args);

// The text of an int in base 2, 8, 10 or 16 as bin()/oct()/hex() print it:
// "-0x1f", "0b101", "0o17" (no prefix for base 10).
std::string int_to_base_string(int64_t v, int base);

}  // namespace kiln::vm
