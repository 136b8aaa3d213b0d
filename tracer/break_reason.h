// tracer/break_reason.h — the closed list of reasons the tracer stops
// (tracer/break_reasons.def), as an enum with its texts.
#pragma once

#include <cstdint>

namespace kiln::tracer {

enum class BreakReason : uint8_t {
#define BREAK_REASON(name, explanation, hint) name,
#include "tracer/break_reasons.def"
#undef BREAK_REASON
  Count_
};
const char* break_reason_name(BreakReason r);
const char* break_reason_explanation(BreakReason r);
const char* break_reason_hint(BreakReason r);

}  // namespace kiln::tracer
