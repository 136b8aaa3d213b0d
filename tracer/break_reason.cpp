// tracer/break_reason.cpp — the texts of tracer/break_reasons.def.
#include "tracer/break_reason.h"

#include <cstddef>

namespace kiln::tracer {

namespace {
struct Info {
  const char* name;
  const char* explanation;
  const char* hint;
};
const Info kInfo[] = {
#define BREAK_REASON(name, explanation, hint) {#name, explanation, hint},
#include "tracer/break_reasons.def"
#undef BREAK_REASON
};
}  // namespace

const char* break_reason_name(BreakReason r) { return kInfo[size_t(r)].name; }
const char* break_reason_explanation(BreakReason r) { return kInfo[size_t(r)].explanation; }
const char* break_reason_hint(BreakReason r) { return kInfo[size_t(r)].hint; }

}  // namespace kiln::tracer
