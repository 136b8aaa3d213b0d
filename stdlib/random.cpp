// stdlib/random.cpp — the `random` module, producing CPython 3.11's sequences.
//
// CPython's module-level functions are bound methods of one hidden Random
// instance whose pure-Python methods (randrange, choice, shuffle, sample,
// gauss, ...) sit on top of the C generator (random(), getrandbits(),
// seed()). Kiln ports those Python methods to C++ statement by statement, in
// the same order of generator calls, so every seed gives the same results
// (stdlib/mt19937.h holds the generator). Argument errors use the wording of
// the Python methods ("Random.randint() missing 1 required positional
// argument: 'b'").
//
// The generator state is one heap payload per VM, carried to each function as
// its `data` value (an OpaqueObject), so VMs never share a generator.
// random.Random instances own a payload of their own (attribute
// `_random_state`); the class's methods are the same natives, which find the
// state on `self` when they carry no `data`.

// Python rounds every float operation on its own; a fused multiply-add would
// change results (GCC never fuses under -std=c++20; clang needs telling).
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#include <sys/random.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <string>
#include <unordered_set>
#include <vector>

#include "stdlib/modules.h"
#include "stdlib/mt19937.h"
#include "stdlib/native_util.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/vm.h"

namespace kiln::vm {

namespace {

constexpr double kTwoPi = 6.283185307179586;
constexpr double kPi = 3.141592653589793;
constexpr double kE = 2.718281828459045;
const double kNvMagicConst = 4 * std::exp(-0.5) / std::sqrt(2.0);  // random.NV_MAGICCONST
const double kLog4 = std::log(4.0);
const double kSgMagicConst = 1.0 + std::log(4.5);

struct RandomState {
  Mt19937 gen;
  bool has_gauss_next = false;
  double gauss_next = 0.0;
};

RandomState& state_of(const Value& data) { return *static_cast<RandomState*>(data.as<OpaqueObject>()->payload); }

// The attribute of random.Random instances holding their generator.
constexpr const char* kStateAttr = "_random_state";

// Finds the generator of a call and the arguments after `self`: module
// functions carry the module's generator as `data`; methods of random.Random
// (data Empty) find it on the instance passed first.
bool resolve(VM& vm, const CallArgs& call, const Value& data, RandomState** st, CallArgs* rest, Value* keep) {
  if (is_kind(data, ObjKind::Opaque)) {
    *st = &state_of(data);
    *rest = call;
    return true;
  }
  if (call.nargs == 0) {
    vm.raise(Exc::TypeError, "unbound method of Random needs an argument");
    return false;
  }
  Value state = getattr(vm, call.args[0], vm.intern(kStateAttr).as<StrObject>());
  if (state.is_empty()) return false;
  if (!is_kind(state, ObjKind::Opaque)) {
    vm.raisef(Exc::TypeError, "%s is not a random generator state", kStateAttr);
    return false;
  }
  *st = &state_of(state);
  *keep = std::move(state);  // alive for the whole call, whatever the script does meanwhile
  *rest = CallArgs{call.args + 1, call.nargs - 1, call.kwnames};
  return true;
}

// ------------------------------------------------------------ seeding
void seed_from_os(RandomState& st) {
  uint32_t key[Mt19937::N];
  size_t got = 0;
  while (got < sizeof key) {
    ssize_t n = getrandom(reinterpret_cast<char*>(key) + got, sizeof key - got, 0);
    if (n <= 0) break;
    got += size_t(n);
  }
  if (got == sizeof key) {
    st.gen.init_by_array(key, Mt19937::N);
  } else {
    // No entropy source: the current time and process id, as CPython falls back to.
    auto now = std::chrono::system_clock::now().time_since_epoch().count();
    uint32_t k[4] = {uint32_t(now), uint32_t(uint64_t(now) >> 32), uint32_t(getpid()), 0};
    st.gen.init_by_array(k, 4);
  }
  st.has_gauss_next = false;
}

// Decodes UTF-8 to code points (for version-1 str seeds).
std::vector<uint32_t> code_points(std::string_view s) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < s.size();) {
    uint8_t c = uint8_t(s[i]);
    int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (int k = 1; k < len && i + k < s.size(); k++) cp = (cp << 6) | (uint8_t(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

// ------------------------------------------------------------ helpers
__int128 floordiv128(__int128 a, __int128 b) {
  __int128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

std::string int128_str(__int128 v) {
  bool neg = v < 0;
  unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(u % 10)));
    u /= 10;
  } while (u);
  return neg ? "-" + s : s;
}

// Python's float %: the result takes the sign of the divisor.
double py_fmod(double x, double y) {
  double m = std::fmod(x, y);
  if (m != 0.0) {
    if ((y < 0) != (m < 0)) m += y;
  } else {
    m = std::copysign(0.0, y);
  }
  return m;
}

bool is_num(const Value& v) { return v.is_double() || is_int(v); }
double num(const Value& v) {
  int64_t i;
  return v.is_double() ? v.as_double() : (int_value(v, &i), double(i));
}

// `a + b * c` with Python's operator semantics (b is a float): numbers take
// the double path; anything else goes through the protocol so the errors
// are CPython's ("can only concatenate str (not "float") to str").
Value add_mul(VM& vm, const Value& a, double b, const Value& c) {
  if (is_num(a) && is_num(c)) return Value::from_double(num(a) + b * num(c));
  Value t = binary_op(vm, BinOpKind::Mult, Value::from_double(b), c);
  if (t.is_empty()) return t;
  return binary_op(vm, BinOpKind::Add, a, t);
}

// _randbelow for a length or count; n > 0.
int64_t randbelow(RandomState& st, int64_t n) { return int64_t(st.gen.randbelow(uint64_t(n))); }

// randrange's argument conversion: an int, or (deprecated in 3.10+, still
// accepted by 3.11) a float with an integral value.
bool randrange_arg(VM& vm, const Value& v, const char* what, int64_t* out) {
  if (int_value(v, out)) return true;
  if (v.is_double()) {
    double d = v.as_double();
    if (std::isfinite(d) && d == std::trunc(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
      *out = int64_t(d);
      return true;
    }
    if (std::isinf(d)) {
      vm.raise(Exc::OverflowError, "cannot convert float infinity to integer");
      return false;
    }
    if (std::isnan(d)) {
      vm.raise(Exc::ValueError, "cannot convert float NaN to integer");
      return false;
    }
    vm.raisef(Exc::ValueError, "non-integer %s for randrange()", what);
    return false;
  }
  return index_value(vm, v, out);
}

Value randrange_impl(VM& vm, RandomState& st, const Value& start, const Value& stop, const Value& step) {
  int64_t istart, istop, istep = 1;
  if (!randrange_arg(vm, start, "arg 1", &istart)) return Value();
  if (stop.is_empty() || stop.is_none()) {
    int64_t one;
    if (!step.is_empty() && !(step.is_small_int() && int_value(step, &one) && one == 1))
      return vm.raise(Exc::TypeError, "Missing a non-None stop argument");
    if (istart > 0) return make_int(vm, randbelow(st, istart));
    return vm.raise(Exc::ValueError, "empty range for randrange()");
  }
  if (!randrange_arg(vm, stop, "stop", &istop)) return Value();
  // Widths and counts up to 2**64 fit the generator even when they do not
  // fit an int64 (randrange(-2**62, 2**62)); the result always fits.
  __int128 width = __int128(istop) - istart;
  if (!step.is_empty() && !randrange_arg(vm, step, "step", &istep)) return Value();
  if (istep == 1) {
    if (width > 0) return make_int(vm, int64_t(__int128(istart) + __int128(st.gen.randbelow(uint64_t(width)))));
    return vm.raisef(Exc::ValueError, "empty range for randrange() (%lld, %lld, %s)", (long long)istart,
                     (long long)istop, int128_str(width).c_str());
  }
  __int128 n;
  if (istep > 0) n = floordiv128(width + istep - 1, istep);
  else if (istep < 0) n = floordiv128(width + istep + 1, istep);
  else return vm.raise(Exc::ValueError, "zero step for randrange()");
  if (n <= 0) return vm.raise(Exc::ValueError, "empty range for randrange()");
  return make_int(vm, int64_t(__int128(istart) + __int128(istep) * __int128(st.gen.randbelow(uint64_t(n)))));
}

// `seq[i]` with a fast path for lists and tuples.
Value item_at(VM& vm, const Value& seq, int64_t i) {
  if (is_kind(seq, ObjKind::List)) {
    auto& items = seq.as<ListObject>()->items;
    if (uint64_t(i) < items.size()) return items[size_t(i)];
  } else if (is_kind(seq, ObjKind::Tuple)) {
    auto* t = seq.as<TupleObject>();
    if (uint64_t(i) < t->size) return t->items[size_t(i)];
  }
  return getitem(vm, seq, make_int(vm, i));
}

// ------------------------------------------------------------ the functions
Value rnd_seed(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.seed", {"a", "version"}, 2, 0}, args)) return Value();
  const Value& arg = args[0];
  int64_t version = 2;
  if (!args[1].is_empty() && !int_value(args[1], &version)) version = 0;  // neither 1 nor 2
  if (arg.is_empty() || arg.is_none()) {
    seed_from_os(st);
    return Value::none();
  }
  int64_t i;
  if (is_str(arg) && version == 1) {
    // CPython's version-1 string hash, kept for reproducing old sequences.
    std::vector<uint32_t> cps = code_points(str_view(arg));
    uint64_t x = cps.empty() ? 0 : uint64_t(cps[0]) << 7;
    for (uint32_t c : cps) x = (1000003 * x) ^ c;
    x ^= cps.size();
    // x == -1 can never hold for the masked (non-negative) value.
    st.gen.seed_u64(x);
  } else if (is_str(arg) && version == 2) {
    st.gen.seed_str(str_view(arg));
  } else if (int_value(arg, &i)) {
    st.gen.seed_u64(i < 0 ? uint64_t(0) - uint64_t(i) : uint64_t(i));
  } else if (arg.is_double()) {
    int64_t h;  // CPython seeds non-ints from hash(arg), as an unsigned word
    if (!hash(vm, arg, &h)) return Value();
    st.gen.seed_u64(uint64_t(h));
  } else if (is_str(arg)) {
    int64_t h;
    if (!hash(vm, arg, &h)) return Value();
    st.gen.seed_u64(uint64_t(h));
  } else {
    return vm.raise(Exc::TypeError, "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
  }
  st.has_gauss_next = false;
  return Value::none();
}

Value rnd_random(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  if (a.nargs || a.nkw()) {
    if (!native_no_args(vm, a, "Random.random")) return Value();
  }
  return Value::from_double(st.gen.random());
}

Value rnd_getrandbits(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  int64_t k;
  if (!native_one_arg(vm, a, "Random.getrandbits") || !index_value(vm, a.args[0], &k)) return Value();
  if (k < 0) return vm.raise(Exc::ValueError, "number of bits must be non-negative");
  if (k > 63) return vm.raisef(Exc::OverflowError, "getrandbits(%lld) does not fit in Kiln's 64-bit int", (long long)k);
  return make_int(vm, int64_t(st.gen.getrandbits(int(k))));
}

Value rnd_randrange(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[3];
  if (!bind_py_args(vm, a, {"Random.randrange", {"start", "stop", "step"}, 3, 1}, args)) return Value();
  return randrange_impl(vm, st, args[0], args[1], args[2]);
}

Value rnd_randint(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.randint", {"a", "b"}, 2, 2}, args)) return Value();
  Value stop;
  int64_t b;
  if (args[1].is_small_int() && int_value(args[1], &b)) {
    stop = make_int(vm, b + 1);  // a small int + 1 cannot overflow int64
  } else {
    stop = binary_op(vm, BinOpKind::Add, args[1], Value::small_int(1));
    if (stop.is_empty()) return stop;
  }
  return randrange_impl(vm, st, args[0], stop, Value());
}

Value rnd_choice(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[1];
  if (!bind_py_args(vm, a, {"Random.choice", {"seq"}, 1, 1}, args)) return Value();
  int64_t n;
  if (!length(vm, args[0], &n)) return Value();
  if (n == 0) return vm.raise(Exc::IndexError, "Cannot choose from an empty sequence");
  return item_at(vm, args[0], randbelow(st, n));
}

Value rnd_shuffle(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[1];
  if (!bind_py_args(vm, a, {"Random.shuffle", {"x"}, 1, 1}, args)) return Value();
  const Value& x = args[0];
  int64_t n;
  if (!length(vm, x, &n)) return Value();
  if (is_kind(x, ObjKind::List)) {
    auto& items = x.as<ListObject>()->items;
    for (int64_t i = n - 1; i >= 1; i--) {
      int64_t j = randbelow(st, i + 1);
      if (size_t(i) >= items.size()) break;  // cannot shrink meanwhile; defensive
      items[size_t(i)].swap(items[size_t(j)]);
    }
    return Value::none();
  }
  for (int64_t i = n - 1; i >= 1; i--) {
    int64_t j = randbelow(st, i + 1);
    Value iv = make_int(vm, i), jv = make_int(vm, j);
    Value xj = getitem(vm, x, jv);
    if (xj.is_empty()) return xj;
    Value xi = getitem(vm, x, iv);
    if (xi.is_empty()) return xi;
    if (!setitem(vm, x, iv, xj) || !setitem(vm, x, jv, xi)) return Value();
  }
  return Value::none();
}

bool is_sequence(const Value& v) {
  return is_kind(v, ObjKind::List) || is_kind(v, ObjKind::Tuple) || is_kind(v, ObjKind::Str) ||
         is_kind(v, ObjKind::Range);
}

// bisect.bisect_right over doubles.
int64_t bisect_right(const std::vector<double>& a, double x, int64_t lo, int64_t hi) {
  while (lo < hi) {
    int64_t mid = (lo + hi) / 2;
    if (x < a[size_t(mid)]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// Random.sample's body. `range_n` >= 0 samples from range(range_n) instead of
// `population` (the counts= form), without building the range.
Value sample_impl(VM& vm, RandomState& st, const Value& population, int64_t k, int64_t range_n = -1) {
  int64_t n = range_n;
  if (n < 0 && !length(vm, population, &n)) return Value();
  if (!(0 <= k && k <= n)) return vm.raise(Exc::ValueError, "Sample larger than population or is negative");
  Value result = new_list(vm, size_t(k));
  if (result.is_empty()) return result;
  // setsize: a small set's size minus an empty list's, as CPython sizes it.
  double setsize = 21;
  if (k > 5) setsize += std::pow(4.0, std::ceil(std::log(double(k * 3)) / std::log(4.0)));
  if (double(n) <= setsize) {
    std::vector<Value> pool;
    if (range_n >= 0) {
      for (int64_t i = 0; i < n; i++) pool.push_back(make_int(vm, i));
    } else {
      Value l = sequence_to_list(vm, population);
      if (l.is_empty()) return l;
      auto& items = l.as<ListObject>()->items;
      pool.assign(items.begin(), items.end());
      n = int64_t(pool.size());
      if (k > n) return vm.raise(Exc::IndexError, "list index out of range");
    }
    for (int64_t i = 0; i < k; i++) {
      int64_t j = randbelow(st, n - i);
      list_push(result, pool[size_t(j)]);
      pool[size_t(j)] = pool[size_t(n - i - 1)];  // move the non-selected item into the vacancy
    }
  } else {
    std::unordered_set<int64_t> selected;
    for (int64_t i = 0; i < k; i++) {
      int64_t j = randbelow(st, n);
      while (selected.count(j)) j = randbelow(st, n);
      selected.insert(j);
      Value item = range_n >= 0 ? make_int(vm, j) : item_at(vm, population, j);
      if (item.is_empty()) return item;
      list_push(result, std::move(item));
    }
  }
  return result;
}

Value rnd_sample(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[3];
  if (!bind_py_args(vm, a, {"Random.sample", {"population", "k", "counts"}, 2, 2}, args)) return Value();
  const Value& population = args[0];
  if (!is_sequence(population))
    return vm.raise(Exc::TypeError, "Population must be a sequence.  For dicts or sets, use sorted(d).");
  int64_t k;
  if (!index_value(vm, args[1], &k)) return Value();
  if (args[2].is_empty() || args[2].is_none()) return sample_impl(vm, st, population, k);
  // counts=: sample from the repeated population without building it.
  int64_t n;
  if (!length(vm, population, &n)) return Value();
  Value counts = sequence_to_list(vm, args[2]);
  if (counts.is_empty()) return counts;
  auto& citems = counts.as<ListObject>()->items;
  if (int64_t(citems.size()) != n)
    return vm.raise(Exc::ValueError, "The number of counts does not match the population");
  if (citems.empty()) return vm.raise(Exc::IndexError, "pop from empty list");
  std::vector<double> cum;
  int64_t total = 0;
  for (const Value& c : citems) {
    int64_t ci;
    if (!int_value(c, &ci)) return vm.raise(Exc::TypeError, "Counts must be integers");
    if (__builtin_add_overflow(total, ci, &total))
      return vm.raise(Exc::OverflowError, "total of counts does not fit in Kiln's 64-bit int");
    cum.push_back(double(total));
  }
  cum.pop_back();
  if (total <= 0) return vm.raise(Exc::ValueError, "Total of counts must be greater than zero");
  Value selections = sample_impl(vm, st, Value::none(), k, total);
  if (selections.is_empty()) return selections;
  Value result = new_list(vm, size_t(k));
  for (const Value& s : selections.as<ListObject>()->items) {
    int64_t si;
    int_value(s, &si);
    Value item = item_at(vm, population, bisect_right(cum, double(si), 0, int64_t(cum.size())));
    if (item.is_empty()) return item;
    list_push(result, std::move(item));
  }
  return result;
}

Value rnd_choices(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[4];
  if (!bind_py_args(vm, a, {"Random.choices", {"population", "weights", "cum_weights", "k"}, 2, 1}, args))
    return Value();
  const Value& population = args[0];
  int64_t k = 1;
  if (!args[3].is_empty() && !index_value(vm, args[3], &k)) return Value();
  int64_t n;
  if (!length(vm, population, &n)) return Value();
  Value result = new_list(vm, k > 0 ? size_t(k) : 0);
  if (result.is_empty()) return result;
  bool no_weights = args[1].is_empty() || args[1].is_none();
  bool no_cum = args[2].is_empty() || args[2].is_none();
  if (no_cum && no_weights) {
    double dn = double(n);
    for (int64_t i = 0; i < k; i++) {
      Value item = item_at(vm, population, int64_t(std::floor(st.gen.random() * dn)));
      if (item.is_empty()) return item;
      list_push(result, std::move(item));
    }
    return result;
  }
  if (!no_cum && !no_weights) return vm.raise(Exc::TypeError, "Cannot specify both weights and cumulative weights");
  // Cumulative weights as doubles; int sums stay exact until they meet a float.
  std::vector<double> cum;
  {
    const Value& src = no_cum ? args[1] : args[2];
    if (no_cum && is_int(src)) {
      int64_t kk;
      int_value(src, &kk);
      return vm.raisef(Exc::TypeError, "The number of choices must be a keyword argument: k=%lld", (long long)kk);
    }
    Value w = sequence_to_list(vm, src);
    if (w.is_empty()) return w;
    bool all_int = true;
    int64_t isum = 0;
    double fsum = 0.0;
    for (const Value& x : w.as<ListObject>()->items) {
      if (!no_cum) {
        double d;
        if (!to_double(vm, x, &d)) return Value();
        cum.push_back(d);
        continue;
      }
      int64_t xi, next;
      if (all_int && int_value(x, &xi) && !__builtin_add_overflow(isum, xi, &next)) {
        isum = next;
        cum.push_back(double(isum));
        continue;
      }
      if (all_int) {
        all_int = false;
        fsum = double(isum);
      }
      double d;
      if (!x.is_double() && !is_int(x)) {
        Value r = binary_op(vm, BinOpKind::Add, Value::from_double(fsum), x);  // CPython's TypeError
        if (r.is_empty()) return r;
      }
      if (!to_double(vm, x, &d)) return Value();
      fsum += d;
      cum.push_back(fsum);
    }
  }
  if (int64_t(cum.size()) != n) return vm.raise(Exc::ValueError, "The number of weights does not match the population");
  if (cum.empty()) return vm.raise(Exc::IndexError, "list index out of range");
  double total = cum.back() + 0.0;
  if (total <= 0.0) return vm.raise(Exc::ValueError, "Total of weights must be greater than zero");
  if (!std::isfinite(total)) return vm.raise(Exc::ValueError, "Total of weights must be finite");
  int64_t hi = n - 1;
  for (int64_t i = 0; i < k; i++) {
    Value item = item_at(vm, population, bisect_right(cum, st.gen.random() * total, 0, hi));
    if (item.is_empty()) return item;
    list_push(result, std::move(item));
  }
  return result;
}

Value rnd_uniform(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.uniform", {"a", "b"}, 2, 2}, args)) return Value();
  const Value &lo = args[0], &hi = args[1];
  if (is_num(lo) && is_num(hi)) {
    int64_t x, y, diff;
    double r = st.gen.random();
    if (int_value(lo, &x) && int_value(hi, &y) && !__builtin_sub_overflow(y, x, &diff))
      return Value::from_double(double(x) + double(diff) * r);  // b - a is an exact int in Python
    return Value::from_double(num(lo) + (num(hi) - num(lo)) * r);
  }
  Value d = binary_op(vm, BinOpKind::Sub, hi, lo);
  if (d.is_empty()) return d;
  Value t = binary_op(vm, BinOpKind::Mult, d, Value::from_double(st.gen.random()));
  if (t.is_empty()) return t;
  return binary_op(vm, BinOpKind::Add, lo, t);
}

Value rnd_triangular(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[3];
  if (!bind_py_args(vm, a, {"Random.triangular", {"low", "high", "mode"}, 3, 0}, args)) return Value();
  Value low = args[0].is_empty() ? Value::from_double(0.0) : args[0];
  Value high = args[1].is_empty() ? Value::from_double(1.0) : args[1];
  double u = st.gen.random();
  double l, h, c = 0.5;
  if (!to_double(vm, low, &l) || !to_double(vm, high, &h)) return Value();
  if (!args[2].is_empty() && !args[2].is_none()) {
    double m;
    if (!to_double(vm, args[2], &m)) return Value();
    if (h - l == 0.0) return low;  // ZeroDivisionError is caught: return low
    c = (m - l) / (h - l);
  }
  if (u > c) {
    u = 1.0 - u;
    c = 1.0 - c;
    std::swap(l, h);
  }
  return Value::from_double(l + (h - l) * std::sqrt(u * c));
}

double normal_z(RandomState& st) {
  for (;;) {
    double u1 = st.gen.random();
    double u2 = 1.0 - st.gen.random();
    double z = kNvMagicConst * (u1 - 0.5) / u2;
    double zz = z * z / 4.0;
    if (zz <= -std::log(u2)) return z;
  }
}

Value rnd_normalvariate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.normalvariate", {"mu", "sigma"}, 2, 0}, args)) return Value();
  Value mu = args[0].is_empty() ? Value::from_double(0.0) : args[0];
  Value sigma = args[1].is_empty() ? Value::from_double(1.0) : args[1];
  return add_mul(vm, mu, normal_z(st), sigma);
}

Value rnd_gauss(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.gauss", {"mu", "sigma"}, 2, 0}, args)) return Value();
  Value mu = args[0].is_empty() ? Value::from_double(0.0) : args[0];
  Value sigma = args[1].is_empty() ? Value::from_double(1.0) : args[1];
  double z;
  if (st.has_gauss_next) {
    z = st.gauss_next;
    st.has_gauss_next = false;
  } else {
    double x2pi = st.gen.random() * kTwoPi;
    double g2rad = std::sqrt(-2.0 * std::log(1.0 - st.gen.random()));
    z = std::cos(x2pi) * g2rad;
    st.gauss_next = std::sin(x2pi) * g2rad;
    st.has_gauss_next = true;
  }
  return add_mul(vm, mu, z, sigma);
}

Value rnd_lognormvariate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.lognormvariate", {"mu", "sigma"}, 2, 2}, args)) return Value();
  Value r = add_mul(vm, args[0], normal_z(st), args[1]);
  if (r.is_empty()) return r;
  double x;
  if (!to_double(vm, r, &x)) return Value();
  double e = std::exp(x);
  if (std::isinf(e) && std::isfinite(x)) return vm.raise(Exc::OverflowError, "math range error");
  return Value::from_double(e);
}

Value rnd_expovariate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[1];
  if (!bind_py_args(vm, a, {"Random.expovariate", {"lambd"}, 1, 1}, args)) return Value();
  double x = -std::log(1.0 - st.gen.random());
  if (is_num(args[0])) {
    double l = num(args[0]);
    if (l == 0.0) return vm.raise(Exc::ZeroDivisionError, "float division by zero");
    return Value::from_double(x / l);
  }
  return binary_op(vm, BinOpKind::Div, Value::from_double(x), args[0]);
}

Value rnd_vonmisesvariate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.vonmisesvariate", {"mu", "kappa"}, 2, 2}, args)) return Value();
  double mu, kappa;
  if (!to_double(vm, args[0], &mu) || !to_double(vm, args[1], &kappa)) return Value();
  if (kappa <= 1e-6) return Value::from_double(kTwoPi * st.gen.random());
  double s = 0.5 / kappa;
  double r = s + std::sqrt(1.0 + s * s);
  double z;
  for (;;) {
    double u1 = st.gen.random();
    z = std::cos(kPi * u1);
    double d = z / (r + z);
    double u2 = st.gen.random();
    if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * std::exp(d)) break;
  }
  double q = 1.0 / r;
  double f = (q + z) / (1.0 + q * z);
  double u3 = st.gen.random();
  double theta = u3 > 0.5 ? py_fmod(mu + std::acos(f), kTwoPi) : py_fmod(mu - std::acos(f), kTwoPi);
  return Value::from_double(theta);
}

// gammavariate's body; false with ValueError pending for bad parameters.
bool gamma_impl(VM& vm, RandomState& st, double alpha, double beta, double* out) {
  if (alpha <= 0.0 || beta <= 0.0) {
    vm.raise(Exc::ValueError, "gammavariate: alpha and beta must be > 0.0");
    return false;
  }
  if (alpha > 1.0) {
    // R.C.H. Cheng's algorithm (CPython's choice).
    double ainv = std::sqrt(2.0 * alpha - 1.0);
    double bbb = alpha - kLog4;
    double ccc = alpha + ainv;
    for (;;) {
      double u1 = st.gen.random();
      if (!(1e-7 < u1 && u1 < 0.9999999)) continue;
      double u2 = 1.0 - st.gen.random();
      double v = std::log(u1 / (1.0 - u1)) / ainv;
      double x = alpha * std::exp(v);
      double z = u1 * u1 * u2;
      double r = bbb + ccc * v - x;
      if (r + kSgMagicConst - 4.5 * z >= 0.0 || r >= std::log(z)) {
        *out = x * beta;
        return true;
      }
    }
  }
  if (alpha == 1.0) {
    *out = -std::log(1.0 - st.gen.random()) * beta;
    return true;
  }
  double x;
  for (;;) {
    double u = st.gen.random();
    double b = (kE + alpha) / kE;
    double p = b * u;
    x = p <= 1.0 ? std::pow(p, 1.0 / alpha) : -std::log((b - p) / alpha);
    double u1 = st.gen.random();
    if (p > 1.0) {
      if (u1 <= std::pow(x, alpha - 1.0)) break;
    } else if (u1 <= std::exp(-x)) {
      break;
    }
  }
  *out = x * beta;
  return true;
}

Value rnd_gammavariate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.gammavariate", {"alpha", "beta"}, 2, 2}, args)) return Value();
  double alpha, beta, r;
  if (!to_double(vm, args[0], &alpha) || !to_double(vm, args[1], &beta)) return Value();
  if (!gamma_impl(vm, st, alpha, beta, &r)) return Value();
  return Value::from_double(r);
}

Value rnd_betavariate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.betavariate", {"alpha", "beta"}, 2, 2}, args)) return Value();
  double alpha, beta, y, y2;
  if (!to_double(vm, args[0], &alpha) || !to_double(vm, args[1], &beta)) return Value();
  if (!gamma_impl(vm, st, alpha, 1.0, &y)) return Value();
  if (y == 0.0) return Value::from_double(0.0);
  if (!gamma_impl(vm, st, beta, 1.0, &y2)) return Value();
  return Value::from_double(y / (y + y2));
}

Value rnd_paretovariate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[1];
  if (!bind_py_args(vm, a, {"Random.paretovariate", {"alpha"}, 1, 1}, args)) return Value();
  double alpha;
  if (!to_double(vm, args[0], &alpha)) return Value();
  double u = 1.0 - st.gen.random();
  if (alpha == 0.0) return vm.raise(Exc::ZeroDivisionError, "float division by zero");
  return Value::from_double(std::pow(u, -1.0 / alpha));
}

Value rnd_weibullvariate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[2];
  if (!bind_py_args(vm, a, {"Random.weibullvariate", {"alpha", "beta"}, 2, 2}, args)) return Value();
  double alpha, beta;
  if (!to_double(vm, args[0], &alpha) || !to_double(vm, args[1], &beta)) return Value();
  double u = 1.0 - st.gen.random();
  if (beta == 0.0) return vm.raise(Exc::ZeroDivisionError, "float division by zero");
  double base = -std::log(u), e = 1.0 / beta;
  if (base == 0.0 && e < 0.0) return vm.raise(Exc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
  return Value::from_double(alpha * std::pow(base, e));
}

Value rnd_getstate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  if (!bind_py_args(vm, a, {"Random.getstate", {}, 0, 0}, nullptr)) return Value();
  std::vector<uint32_t> words = st.gen.get_state();
  Value inner = make_tuple_n(vm, words.size());
  if (inner.is_empty()) return inner;
  for (size_t i = 0; i < words.size(); i++) inner.as<TupleObject>()->items[i] = make_int(vm, words[i]);
  Value gauss = st.has_gauss_next ? Value::from_double(st.gauss_next) : Value::none();
  return make_tuple(vm, {Value::small_int(3), inner, gauss});
}

Value rnd_setstate(VM& vm, const CallArgs& call, const Value& data) {
  RandomState* stp;
  CallArgs a;
  Value keep;
  if (!resolve(vm, call, data, &stp, &a, &keep)) return Value();
  RandomState& st = *stp;
  Value args[1];
  if (!bind_py_args(vm, a, {"Random.setstate", {"state"}, 1, 1}, args)) return Value();
  Value version = getitem(vm, args[0], Value::small_int(0));
  if (version.is_empty()) return version;
  int64_t v = 0;
  if (!int_value(version, &v) || (v != 2 && v != 3)) {
    Value r = repr(vm, version);
    if (r.is_empty()) return r;
    std::string_view rs = str_view(r);
    return vm.raisef(Exc::ValueError, "state with version %.*s passed to Random.setstate() of version 3",
                     int(rs.size()), rs.data());
  }
  Value parts = sequence_to_tuple(vm, args[0]);
  if (parts.is_empty()) return parts;
  auto* pt = parts.as<TupleObject>();
  if (pt->size != 3)
    return vm.raisef(Exc::ValueError, pt->size > 3 ? "too many values to unpack (expected 3)"
                                                   : "not enough values to unpack (expected 3, got %zu)",
                     pt->size);
  const Value& internal = pt->begin()[1];
  if (!is_kind(internal, ObjKind::Tuple)) return vm.raise(Exc::TypeError, "state vector must be a tuple");
  auto* it = internal.as<TupleObject>();
  if (it->size != size_t(Mt19937::N) + 1) return vm.raise(Exc::ValueError, "state vector is the wrong size");
  std::vector<uint32_t> words(it->size);
  for (size_t i = 0; i < it->size; i++) {
    int64_t w;
    if (!index_value(vm, it->items[i], &w)) return Value();
    if (v == 2) w = ((w % 4294967296LL) + 4294967296LL) % 4294967296LL;  // version 2 stored signed words
    if (w < 0 || w > int64_t(UINT32_MAX))
      return vm.raise(Exc::OverflowError, w < 0 ? "can't convert negative int to unsigned"
                                                : "Python int too large to convert to C unsigned long");
    words[i] = uint32_t(w);
  }
  Mt19937 saved = st.gen;
  if (!st.gen.set_state(words)) {
    st.gen = saved;
    return vm.raise(Exc::ValueError, "invalid state");
  }
  const Value& g = pt->begin()[2];
  if (g.is_none()) {
    st.has_gauss_next = false;
  } else {
    double gd;
    if (!to_double(vm, g, &gd)) return Value();
    st.has_gauss_next = true;
    st.gauss_next = gd;
  }
  return Value::none();
}

// A new generator state box (seeded from the OS).
Value new_state(VM& vm) {
  auto* box = object_new<OpaqueObject>(vm, ObjKind::Opaque, vm.types.object);
  Value state = Value::steal(box);
  auto* st = new RandomState();
  box->payload = st;
  box->destroy = [](void* p) { delete static_cast<RandomState*>(p); };
  seed_from_os(*st);
  return state;
}

// random.Random.__init__(self, x=None): a generator of the instance's own.
Value rnd_init(VM& vm, const CallArgs& call, const Value&) {
  if (call.nargs == 0) return vm.raise(Exc::TypeError, "unbound method of Random needs an argument");
  const Value& self = call.args[0];
  Value state = new_state(vm);
  if (!setattr(vm, self, vm.intern(kStateAttr).as<StrObject>(), state)) return Value();
  CallArgs rest{call.args + 1, call.nargs - 1, call.kwnames};
  Value args[1];
  if (!bind_py_args(vm, rest, {"Random.__init__", {"x"}, 1, 0}, args)) return Value();
  if (args[0].is_empty() || args[0].is_none()) return Value::none();
  CallArgs seed_args{args, 1, nullptr};
  if (rnd_seed(vm, seed_args, state).is_empty()) return Value();
  return Value::none();
}

Value rnd_randbytes(VM& vm, const CallArgs&, const Value&) {
  return vm.raise(Exc::NotImplementedError, "random.randbytes() is not supported: Kiln has no bytes type");
}

}  // namespace

Value init_random_module(VM& vm) {
  Value m = new_native_module(vm, "random");
  if (m.is_empty()) return m;
  // The generator behind every function of this module (one per VM).
  Value state = new_state(vm);
  struct Entry {
    const char* name;
    NativeFn fn;
  };
  static const Entry kFunctions[] = {
      {"seed", rnd_seed},
      {"random", rnd_random},
      {"getrandbits", rnd_getrandbits},
      {"randrange", rnd_randrange},
      {"randint", rnd_randint},
      {"choice", rnd_choice},
      {"shuffle", rnd_shuffle},
      {"sample", rnd_sample},
      {"choices", rnd_choices},
      {"uniform", rnd_uniform},
      {"triangular", rnd_triangular},
      {"normalvariate", rnd_normalvariate},
      {"gauss", rnd_gauss},
      {"lognormvariate", rnd_lognormvariate},
      {"expovariate", rnd_expovariate},
      {"vonmisesvariate", rnd_vonmisesvariate},
      {"gammavariate", rnd_gammavariate},
      {"betavariate", rnd_betavariate},
      {"paretovariate", rnd_paretovariate},
      {"weibullvariate", rnd_weibullvariate},
      {"getstate", rnd_getstate},
      {"setstate", rnd_setstate},
      {"randbytes", rnd_randbytes},
  };
  for (const Entry& e : kFunctions) vm.add_function(module_dict(m), e.name, e.fn, state);

  // random.Random: a class whose instances own a generator; its methods are
  // the same natives, finding the state on `self`.
  if (exec_source(vm, "class Random:\n    pass\n", "<random>", module_dict(m)).is_empty()) return Value();
  Value cls = getitem(vm, module_dict(m), vm.intern("Random"));
  if (cls.is_empty()) return Value();
  if (is_kind(cls, ObjKind::Type)) {
    auto* type = cls.as<TypeObject>();
    vm.add_method(type, "__init__", rnd_init);
    for (const Entry& e : kFunctions) vm.add_method(type, e.name, e.fn);
  }
  return m;
}

}  // namespace kiln::vm
