// stdlib/time.cpp — the `time` module's clocks and sleep().
//
// The clocks are the ones CPython 3.11 uses on Linux: time() is
// CLOCK_REALTIME, perf_counter() and monotonic() are CLOCK_MONOTONIC,
// process_time() is CLOCK_PROCESS_CPUTIME_ID; each has an `_ns` twin returning
// an int. Float results are converted from nanoseconds as CPython does
// (exact when the count is a whole number of seconds, else ns / 1e9).
// sleep() wakes early when the VM is interrupted (SIGINT), so the
// interpreter can raise KeyboardInterrupt promptly.
//
// Calendar functions (gmtime, localtime, mktime, strftime, asctime, ctime)
// use the C library as CPython does; their struct_time results are instances
// of a small class written in Python (index like a 9-tuple, named fields,
// CPython's repr), which the natives receive as their `data`.

#include <time.h>

#include <cerrno>
#include <cmath>
#include <string>

#include "stdlib/modules.h"
#include "stdlib/native_util.h"
#include "vm/dict.h"
#include "vm/interpreter.h"
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

// ------------------------------------------------------------ calendar
constexpr const char* kStructTimeSource = R"PY(
class struct_time:
    _fields = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min', 'tm_sec', 'tm_wday', 'tm_yday', 'tm_isdst')
    def __init__(self, seq):
        values = tuple(seq)
        if len(values) < 9:
            raise TypeError('time.struct_time() takes an at least 9-sequence (' + str(len(values)) + '-sequence given)')
        if len(values) > 11:
            raise TypeError('time.struct_time() takes an at most 11-sequence (' + str(len(values)) + '-sequence given)')
        self._values = values[:9]
        for name, value in zip(self._fields, self._values):
            setattr(self, name, value)
        self.tm_zone = values[9] if len(values) > 9 else None
        self.tm_gmtoff = values[10] if len(values) > 10 else None
    def __repr__(self):
        return 'time.struct_time(' + ', '.join([f + '=' + repr(v) for f, v in zip(self._fields, self._values)]) + ')'
    def __len__(self):
        return 9
    def __getitem__(self, index):
        return self._values[index]
    def __iter__(self):
        return iter(self._values)
    def __hash__(self):
        return hash(self._values)
    def __eq__(self, other):
        return self._values == (other._values if isinstance(other, struct_time) else other)
    def __ne__(self, other):
        return not self == other
    def __lt__(self, other):
        return self._values < (other._values if isinstance(other, struct_time) else other)
    def __le__(self, other):
        return self._values <= (other._values if isinstance(other, struct_time) else other)
    def __gt__(self, other):
        return self._values > (other._values if isinstance(other, struct_time) else other)
    def __ge__(self, other):
        return self._values >= (other._values if isinstance(other, struct_time) else other)
)PY";

constexpr const char* kWeekdays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// A seconds argument (None: now) as time_t, rounding toward -inf as CPython.
bool seconds_arg(VM& vm, const CallArgs& a, time_t* out) {
  if (a.nargs == 0 || a.args[0].is_none()) {
    *out = ::time(nullptr);
    return true;
  }
  const Value& v = a.args[0];
  int64_t i;
  if (v.is_double()) {
    double d = v.as_double();
    if (std::isnan(d)) {
      vm.raise(Exc::ValueError, "Invalid value NaN (not a number)");
      return false;
    }
    d = std::floor(d);
    if (!(d >= -9.2e18 && d <= 9.2e18)) {
      vm.raise(Exc::OverflowError, "timestamp out of range for platform time_t");
      return false;
    }
    *out = time_t(d);
    return true;
  }
  if (!index_value(vm, v, &i)) return false;
  *out = time_t(i);
  return true;
}

// A struct_time instance from a C struct tm.
Value make_struct_time(VM& vm, const Value& cls, const struct tm& tm) {
  Value t = make_tuple(vm, {make_int(vm, tm.tm_year + 1900LL), make_int(vm, tm.tm_mon + 1), make_int(vm, tm.tm_mday),
                            make_int(vm, tm.tm_hour), make_int(vm, tm.tm_min), make_int(vm, tm.tm_sec),
                            make_int(vm, (tm.tm_wday + 6) % 7), make_int(vm, tm.tm_yday + 1),
                            make_int(vm, tm.tm_isdst), make_str(vm, tm.tm_zone ? tm.tm_zone : ""),
                            make_int(vm, tm.tm_gmtoff)});
  if (t.is_empty()) return t;
  return vm.call(cls, &t, 1);
}

Value time_gmtime(VM& vm, const CallArgs& a, const Value& cls) {
  time_t t;
  if (!native_no_kwargs(vm, a, "time.gmtime") || !native_positional(vm, a, "gmtime", 0, 1) ||
      !seconds_arg(vm, a, &t))
    return Value();
  struct tm tm;
  if (!gmtime_r(&t, &tm)) return vm.raise(Exc::OverflowError, "timestamp out of range for platform time_t");
  return make_struct_time(vm, cls, tm);
}

Value time_localtime(VM& vm, const CallArgs& a, const Value& cls) {
  time_t t;
  if (!native_no_kwargs(vm, a, "time.localtime") || !native_positional(vm, a, "localtime", 0, 1) ||
      !seconds_arg(vm, a, &t))
    return Value();
  struct tm tm;
  if (!localtime_r(&t, &tm)) return vm.raise(Exc::OverflowError, "timestamp out of range for platform time_t");
  return make_struct_time(vm, cls, tm);
}

// CPython's gettmarg: a 9-tuple or struct_time to struct tm (tm_wday Python's
// Monday=0 becomes C's Sunday=0; months and year days become 0-based).
bool time_tuple(VM& vm, const Value& v, const Value& cls, const char* fname, struct tm* tm) {
  Value t = v;
  if (!is_kind(v, ObjKind::Tuple)) {
    if (!isinstance(vm, v, cls.as<TypeObject>())) {
      vm.raise(Exc::TypeError, "Tuple or struct_time argument required");
      return false;
    }
    t = getattr(vm, v, vm.intern("_values").as<StrObject>());
    if (t.is_empty()) return false;
  }
  auto* tp = t.as<TupleObject>();
  if (tp->size != 9) {
    vm.raisef(Exc::TypeError, "%s(): illegal time tuple argument", fname);
    return false;
  }
  int64_t f[9];
  for (int i = 0; i < 9; i++)
    if (!index_value(vm, tp->items[i], &f[i])) return false;
  *tm = {};
  tm->tm_year = int(f[0] - 1900);
  tm->tm_mon = int(f[1] - 1);
  tm->tm_mday = int(f[2]);
  tm->tm_hour = int(f[3]);
  tm->tm_min = int(f[4]);
  tm->tm_sec = int(f[5]);
  tm->tm_wday = int((f[6] + 1) % 7);
  tm->tm_yday = int(f[7] - 1);
  tm->tm_isdst = int(f[8]);
  if (!is_kind(v, ObjKind::Tuple)) {
    // A struct_time carries its zone (for %Z) and offset.
    Value zone = getattr(vm, v, vm.intern("tm_zone").as<StrObject>());
    Value off = getattr(vm, v, vm.intern("tm_gmtoff").as<StrObject>());
    if (zone.is_empty() || off.is_empty()) return false;
    int64_t g;
    if (int_value(off, &g)) tm->tm_gmtoff = long(g);
  }
  return true;
}

// CPython's checktm: ValueError for fields out of range.
bool check_tm(VM& vm, const struct tm& tm) {
  const char* bad = tm.tm_mon < 0 || tm.tm_mon > 11                ? "month out of range"
                    : tm.tm_mday < 1 || tm.tm_mday > 31            ? "day of month out of range"
                    : tm.tm_hour < 0 || tm.tm_hour > 23            ? "hour out of range"
                    : tm.tm_min < 0 || tm.tm_min > 59              ? "minute out of range"
                    : tm.tm_sec < 0 || tm.tm_sec > 61              ? "seconds out of range"
                    : tm.tm_wday < 0                               ? "day of week out of range"
                    : tm.tm_yday < 0 || tm.tm_yday > 365           ? "day of year out of range"
                                                                   : nullptr;
  if (bad) vm.raise(Exc::ValueError, bad);
  return !bad;
}

// The struct tm of a time-tuple argument, or of localtime() when absent.
bool tm_arg(VM& vm, const CallArgs& a, size_t index, const Value& cls, const char* fname, struct tm* tm) {
  if (a.nargs <= index) {
    time_t now = ::time(nullptr);
    localtime_r(&now, tm);
    return true;
  }
  return time_tuple(vm, a.args[index], cls, fname, tm);
}

Value time_strftime(VM& vm, const CallArgs& a, const Value& cls) {
  if (!native_no_kwargs(vm, a, "time.strftime") || !native_positional(vm, a, "strftime", 1, 2)) return Value();
  if (!is_str(a.args[0]))
    return vm.raisef(Exc::TypeError, "strftime() argument 1 must be str, not %.200s", type_name(vm, a.args[0]));
  struct tm tm;
  if (!tm_arg(vm, a, 1, cls, "strftime", &tm)) return Value();
  // strftime accepts 0 for the 1-based fields, as CPython normalises them.
  if (tm.tm_mon == -1) tm.tm_mon = 0;
  if (tm.tm_mday == 0) tm.tm_mday = 1;
  if (tm.tm_yday == -1) tm.tm_yday = 0;
  if (tm.tm_isdst < -1) tm.tm_isdst = -1;
  if (tm.tm_isdst > 1) tm.tm_isdst = 1;
  if (!check_tm(vm, tm)) return Value();
  std::string fmt(str_view(a.args[0]));
  if (fmt.find('\0') != std::string::npos) return vm.raise(Exc::ValueError, "embedded null character");
  if (fmt.empty()) return make_str(vm, "");
  // An empty result is ambiguous in C; grow the buffer until it fits, as CPython.
  for (size_t size = 256; size <= 256 * fmt.size() + 1024; size *= 2) {
    std::string buf(size, '\0');
    size_t n = ::strftime(buf.data(), size, fmt.c_str(), &tm);
    if (n > 0 || size >= 256 * fmt.size()) {
      buf.resize(n);
      return make_str(vm, buf);
    }
  }
  return make_str(vm, "");
}

std::string asctime_of(const struct tm& tm) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s %s%3d %.2d:%.2d:%.2d %d", kWeekdays[tm.tm_wday], kMonths[tm.tm_mon], tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, 1900 + tm.tm_year);
  return buf;
}

Value time_asctime(VM& vm, const CallArgs& a, const Value& cls) {
  if (!native_no_kwargs(vm, a, "time.asctime") || !native_positional(vm, a, "asctime", 0, 1)) return Value();
  struct tm tm;
  if (!tm_arg(vm, a, 0, cls, "asctime", &tm) || !check_tm(vm, tm)) return Value();
  return make_str(vm, asctime_of(tm));
}

Value time_ctime(VM& vm, const CallArgs& a, const Value&) {
  time_t t;
  if (!native_no_kwargs(vm, a, "time.ctime") || !native_positional(vm, a, "ctime", 0, 1) ||
      !seconds_arg(vm, a, &t))
    return Value();
  struct tm tm;
  if (!localtime_r(&t, &tm)) return vm.raise(Exc::OverflowError, "timestamp out of range for platform time_t");
  return make_str(vm, asctime_of(tm));
}

Value time_mktime(VM& vm, const CallArgs& a, const Value& cls) {
  if (!native_one_arg(vm, a, "time.mktime")) return Value();
  struct tm tm;
  if (!time_tuple(vm, a.args[0], cls, "mktime", &tm)) return Value();
  tm.tm_wday = -1;  // sentinel: mktime() sets it on success
  time_t t = ::mktime(&tm);
  if (t == time_t(-1) && tm.tm_wday == -1) return vm.raise(Exc::OverflowError, "mktime argument out of range");
  return Value::from_double(double(t));
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

  // struct_time and the calendar functions that build or read it.
  if (exec_source(vm, kStructTimeSource, "<time>", d).is_empty()) return Value();
  Value cls = getitem(vm, d, vm.intern("struct_time"));
  if (cls.is_empty() || !is_kind(cls, ObjKind::Type)) return Value();
  vm.add_function(d, "gmtime", time_gmtime, cls);
  vm.add_function(d, "localtime", time_localtime, cls);
  vm.add_function(d, "mktime", time_mktime, cls);
  vm.add_function(d, "strftime", time_strftime, cls);
  vm.add_function(d, "asctime", time_asctime, cls);
  vm.add_function(d, "ctime", time_ctime, cls);
  tzset();
  Value tzname = make_tuple(vm, {make_str(vm, ::tzname[0]), make_str(vm, ::tzname[1])});
  if (tzname.is_empty() || !module_set(vm, m, "timezone", make_int(vm, ::timezone)) ||
      !module_set(vm, m, "altzone", make_int(vm, ::daylight ? ::timezone - 3600 : ::timezone)) ||
      !module_set(vm, m, "daylight", make_int(vm, ::daylight)) || !module_set(vm, m, "tzname", tzname))
    return Value();
  return m;
}

}  // namespace kiln::vm
