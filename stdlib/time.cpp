// stdlib/time.cpp — the `time` module's clocks and sleep().
//
// The clocks are the ones CPython 3.11 uses on Linux: time() is
// CLOCK_REALTIME, perf_counter() and monotonic() are CLOCK_MONOTONIC,
// process_time() is CLOCK_PROCESS_CPUTIME_ID; each has an `_ns` twin returning
// an int. Float results are converted from nanoseconds as CPython does
// (exact when the count is a whole number of seconds, else ns / 1e9).
// sleep() wakes early when the VM is interrupted (SIGINT), so the
// interpreter can raise KeyboardInterrupt promptly.

#include <time.h>

#include <cerrno>
#include <cmath>

#include "stdlib/modules.h"
#include "stdlib/native_util.h"
#include "vm/ops.h"
#include "vm/vm.h"

namespace kiln::vm {

namespace {

int64_t clock_ns(clockid_t id) {
  timespec ts;
  clock_gettime(id, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

double ns_to_seconds(int64_t ns) {
  if (ns % 1000000000 == 0) return double(ns / 1000000000);
  return double(ns) / 1e9;
}

// X(name, clock): name() -> float seconds, name_ns() -> int nanoseconds.
#define KILN_TIME_CLOCKS(X)                                               \
  X(time, CLOCK_REALTIME) X(perf_counter, CLOCK_MONOTONIC)                \
  X(monotonic, CLOCK_MONOTONIC) X(process_time, CLOCK_PROCESS_CPUTIME_ID) \
  X(thread_time, CLOCK_THREAD_CPUTIME_ID)

#define X(name, clock)                                                     \
  Value time_##name(VM& vm, const CallArgs& a, const Value&) {             \
    if ((a.nargs || a.nkw()) && !native_no_args(vm, a, "time." #name))      \
      return Value();                                                      \
    return Value::from_double(ns_to_seconds(clock_ns(clock)));             \
  }                                                                        \
  Value time_##name##_ns(VM& vm, const CallArgs& a, const Value&) {        \
    if ((a.nargs || a.nkw()) && !native_no_args(vm, a, "time." #name "_ns")) \
      return Value();                                                      \
    return make_int(vm, clock_ns(clock));                                  \
  }
KILN_TIME_CLOCKS(X)
#undef X

Value time_sleep(VM& vm, const CallArgs& a, const Value&) {
  if (!native_one_arg(vm, a, "time.sleep")) return Value();
  const Value& v = a.args[0];
  double secs;
  int64_t i;
  if (v.is_double()) {
    secs = v.as_double();
    if (std::isnan(secs)) return vm.raise(Exc::ValueError, "Invalid value NaN (not a number)");
  } else if (int_value(v, &i)) {
    secs = double(i);
  } else {
    // CPython's _PyTime_FromObject: anything else must be an integer.
    if (!index_value(vm, v, &i)) return Value();
    secs = double(i);
  }
  if (secs < 0) return vm.raise(Exc::ValueError, "sleep length must be non-negative");
  if (secs > 9.2e9) return vm.raise(Exc::OverflowError, "timestamp out of range for platform time_t");
  timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  double whole = std::floor(secs);
  deadline.tv_sec += time_t(whole);
  deadline.tv_nsec += long(std::round((secs - whole) * 1e9));
  if (deadline.tv_nsec >= 1000000000) {
    deadline.tv_sec += 1;
    deadline.tv_nsec -= 1000000000;
  }
  // Sleep to an absolute deadline in slices, so an interrupt is noticed quickly.
  for (;;) {
    if (vm.interrupt_requested) break;
    timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t left = (int64_t(deadline.tv_sec) - now.tv_sec) * 1000000000 + (deadline.tv_nsec - now.tv_nsec);
    if (left <= 0) break;
    int64_t slice = left < 50000000 ? left : 50000000;
    timespec req{time_t(slice / 1000000000), long(slice % 1000000000)};
    nanosleep(&req, nullptr);  // EINTR: loop and re-check
  }
  return Value::none();
}

}  // namespace

Value init_time_module(VM& vm) {
  Value m = new_native_module(vm, "time");
  if (m.is_empty()) return m;
  const Value& d = module_dict(m);
#define X(name, clock)                            \
  vm.add_function(d, #name, time_##name);         \
  vm.add_function(d, #name "_ns", time_##name##_ns);
  KILN_TIME_CLOCKS(X)
#undef X
  vm.add_function(d, "sleep", time_sleep);
  return m;
}

}  // namespace kiln::vm
