// stdlib/builtins.cpp — the `builtins` module: every builtin class and
// exception class by name, and the builtin functions (print, len, sorted,
// min/max, isinstance, getattr, ...), each with CPython's argument handling
// and error messages.
//
// vm.builtins_dict is the namespace; the interpreter falls back to it for
// names not found in a module's globals. The constructors behind int(),
// list(), ... are the classes themselves (vm/constructors.cpp).

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "stdlib/modules.h"
#include "vm/args.h"
#include "vm/dict.h"
#include "vm/exception.h"
#include "vm/interpreter.h"
#include "vm/iterators.h"
#include "vm/kind_slots.h"
#include "vm/list.h"
#include "vm/numbers.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/shape.h"
#include "vm/str_unicode.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::vm {

namespace {

// A str argument as an interned name (attribute functions).
StrObject* as_name(VM& vm, const Value& v) {
  auto* s = v.as<StrObject>();
  if (s->aux & 2) return s;
  Value i = vm.intern(s->view());
  return i ? i.as<StrObject>() : nullptr;
}

Value keyword_only(const CallArgs& a, const char* name) { return args_keyword(a, name); }

// Rejects keywords other than `allowed` with "'x' is an invalid keyword argument for f()".
bool check_keywords(VM& vm, const CallArgs& a, const char* fname, std::initializer_list<const char*> allowed) {
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view k = str_view(a.kwnames->items[i]);
    bool ok = false;
    for (const char* n : allowed) ok |= k == n;
    if (!ok) {
      vm.raisef(Exc::TypeError, "'%s' is an invalid keyword argument for %s()",
                a.kwnames->items[i].as<StrObject>()->data, fname);
      return false;
    }
  }
  return true;
}

// ================================================================ output and input

// sys.stdout when a program has replaced it (sys.stdout is not
// sys.__stdout__): print() without file= writes there, as CPython's does
// (contextlib.redirect_stdout); Empty while it is the console.
static Value redirected_stdout(VM& vm) {
  if (!is_kind(vm.modules, ObjKind::Dict)) return Value();
  Value sys = dict_get_str(vm.modules.as<DictObject>(), vm.intern("sys").as<StrObject>());
  if (!is_kind(sys, ObjKind::Module)) return Value();
  auto* d = sys.as<ModuleObject>()->dict.as<DictObject>();
  Value out = dict_get_str(d, vm.intern("stdout").as<StrObject>());
  Value orig = dict_get_str(d, vm.intern("__stdout__").as<StrObject>());
  return out && orig && !out.is(orig) && !out.is_none() ? out : Value();
}

Value bi_print(VM& vm, const CallArgs& a, const Value&) {
  if (!check_keywords(vm, a, "print", {"sep", "end", "file", "flush"})) return Value();
  Value sep = keyword_only(a, "sep"), end = keyword_only(a, "end"), file = keyword_only(a, "file"),
        flush = keyword_only(a, "flush");
  if (sep && !sep.is_none() && !is_str(sep)) {
    return vm.raisef(Exc::TypeError, "sep must be None or a string, not %s", type_name(vm, sep));
  }
  if (end && !end.is_none() && !is_str(end)) {
    return vm.raisef(Exc::TypeError, "end must be None or a string, not %s", type_name(vm, end));
  }
  std::string_view sep_s = (sep && !sep.is_none()) ? str_view(sep) : std::string_view(" ");
  std::string_view end_s = (end && !end.is_none()) ? str_view(end) : std::string_view("\n");
  if (!file || file.is_none()) file = redirected_stdout(vm);
  if (file && !file.is_none()) {
    // A file object gets one write() per piece, as CPython's print does.
    auto write = [&](const Value& piece) { return bool(vm.call_method(file, vm.names.write, &piece, 1)); };
    Value sep_v = (sep && !sep.is_none()) ? sep : make_str(vm, " ");
    Value end_v = (end && !end.is_none()) ? end : make_str(vm, "\n");
    for (size_t i = 0; i < a.nargs; ++i) {
      if (i && !write(sep_v)) return Value();
      Value s = str(vm, a.args[i]);
      if (!s || !write(s)) return Value();
    }
    if (!write(end_v)) return Value();
    if (flush) {
      int f = truthy(vm, flush);
      if (f < 0) return Value();
      if (f && !vm.call_method(file, vm.names.flush, nullptr, 0)) return Value();
    }
    return Value::none();
  }
  std::string out;
  for (size_t i = 0; i < a.nargs; ++i) {
    if (i) out += sep_s;
    const Value& v = a.args[i];
    if (is_str(v)) {
      out += str_view(v);
    } else {
      Value s = str(vm, v);
      if (!s) return s;
      out += str_view(s);
    }
  }
  out += end_s;
  vm.out(out);
  if (flush) {
    int f = truthy(vm, flush);
    if (f < 0) return Value();
    if (f) std::fflush(stdout);
  }
  return Value::none();
}

Value bi_input(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "input", 0, 1)) return Value();
  if (a.nargs == 1) {
    Value p = str(vm, a.args[0]);
    if (!p) return p;
    vm.out(str_view(p));
  }
  std::fflush(stdout);
  std::string line;
  if (!std::getline(std::cin, line)) {
    std::cin.clear();
    return vm.raise(Exc::EOFError, "EOF when reading a line");
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return make_str(vm, line);
}

// ================================================================ sizes and numbers

Value bi_len(VM& vm, const CallArgs& a, const Value&) {
  if (!args_one(vm, a, "len")) return Value();
  int64_t n;
  if (!length(vm, a.args[0], &n)) return Value();
  return make_int(vm, n);
}

Value bi_abs(VM& vm, const CallArgs& a, const Value&) {
  if (!args_one(vm, a, "abs")) return Value();
  const Value& v = a.args[0];
  if (is_number(v)) return number_abs(vm, v);
  if (v.is_object()) {  // user classes, and library classes such as torch.Tensor
    Value m = type_lookup(v.as_object()->type, vm.names.__abs__);
    if (m) return vm.call1(m, v);
  }
  return vm.raisef(Exc::TypeError, "bad operand type for abs(): '%s'", type_name(vm, v));
}

Value bi_round(VM& vm, const CallArgs& a, const Value&) {
  static const ArgSpec spec[] = {{"number", kArgRequired}, {"ndigits"}};
  Value av[2];
  if (!parse_args(vm, a, "round", spec, av)) return Value();
  if (is_number(av[0])) return number_round(vm, av[0], av[1]);
  Value m = type_lookup(type_of(vm, av[0]), vm.names.__round__);
  if (!m) {
    return vm.raisef(Exc::TypeError, "type %s doesn't define __round__ method",
                     type_display_name(type_of(vm, av[0])).c_str());
  }
  if (av[1] && !av[1].is_none()) return vm.call2(m, av[0], av[1]);
  return vm.call1(m, av[0]);
}

Value bi_divmod(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "divmod", 2, 2)) return Value();
  const Value &x = a.args[0], &y = a.args[1];
  if (is_number(x) && is_number(y)) return number_divmod(vm, x, y);
  TypeObject* tx = type_of(vm, x);
  TypeObject* ty = type_of(vm, y);
  if (!type_is_builtin(tx)) {
    Value m = type_lookup(tx, vm.names.__divmod__);
    if (m) {
      Value r = vm.call2(m, x, y);
      if (!r || !r.is_not_implemented()) return r;
    }
  }
  if (!type_is_builtin(ty) && ty != tx) {
    Value m = type_lookup(ty, vm.names.__rdivmod__);
    if (m) {
      Value r = vm.call2(m, y, x);
      if (!r || !r.is_not_implemented()) return r;
    }
  }
  return vm.raisef(Exc::TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'", type_name(vm, x),
                   type_name(vm, y));
}

Value bi_pow(VM& vm, const CallArgs& a, const Value&) {
  static const ArgSpec spec[] = {{"base", kArgRequired}, {"exp", kArgRequired}, {"mod"}};
  Value av[3];
  if (!parse_args(vm, a, "pow", spec, av)) return Value();
  bool three = av[2] && !av[2].is_none();
  if (!three) return binary_op(vm, BinOpKind::Pow, av[0], av[1]);
  if (is_number(av[0]) && is_number(av[1]) && is_number(av[2])) return number_pow(vm, av[0], av[1], av[2]);
  return vm.raisef(Exc::TypeError, "unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'",
                   type_name(vm, av[0]), type_name(vm, av[1]), type_name(vm, av[2]));
}

template <int kBase>
Value bi_int_base(VM& vm, const CallArgs& a, const Value&) {
  const char* name = kBase == 16 ? "hex" : kBase == 8 ? "oct" : "bin";
  if (!args_one(vm, a, name)) return Value();
  int64_t v;
  if (!index_value(vm, a.args[0], &v)) return Value();
  // Digits from the end of a buffer large enough for 64 binary digits, the
  // prefix and the sign.
  char buf[72];
  char* end = buf + sizeof buf;
  char* p = end;
  bool neg = v < 0;
  uint64_t u = neg ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  do {
    int d = int(u % uint64_t(kBase));
    *--p = char(d < 10 ? '0' + d : 'a' + d - 10);
    u /= uint64_t(kBase);
  } while (u);
  *--p = kBase == 16 ? 'x' : kBase == 8 ? 'o' : 'b';
  *--p = '0';
  if (neg) *--p = '-';
  return make_ascii_str(vm, std::string_view(p, size_t(end - p)));
}

Value bi_chr(VM& vm, const CallArgs& a, const Value&) {
  // chr(c) of an ASCII code: the VM's shared one-character str.
  if (a.nargs == 1 && !a.kwnames && a.args[0].is_small_int()) {
    int64_t c = a.args[0].as_small_int();
    if (c >= 0 && c < 128) {
      if (StrObject* one = vm.small_strs[c]) return Value::borrow(one);
    }
  }
  if (!args_one(vm, a, "chr")) return Value();
  int64_t v;
  if (!index_value(vm, a.args[0], &v)) return Value();
  if (v < 0 || v > 0x10ffff) return vm.raise(Exc::ValueError, "chr() arg not in range(0x110000)");
  return str_from_code_point(vm, uint32_t(v));
}

Value bi_ord(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs == 1 && !a.kwnames && is_str(a.args[0])) {
    auto* s = a.args[0].as<StrObject>();
    if (s->nbytes == 1) return Value::small_int(static_cast<unsigned char>(s->data[0]));  // ASCII
  }
  if (!args_one(vm, a, "ord")) return Value();
  const Value& v = a.args[0];
  if (!is_str(v)) {
    return vm.raisef(Exc::TypeError, "ord() expected string of length 1, but %s found", type_name(vm, v));
  }
  auto* s = v.as<StrObject>();
  if (s->length != 1) {
    return vm.raisef(Exc::TypeError, "ord() expected a character, but string of length %" PRId64 " found",
                     s->length);
  }
  size_t i = 0;
  uint32_t cp = unicode::decode(s->data, s->nbytes, i);
  return make_int(vm, cp);
}

// sum(iterable, /, start=0)
Value bi_sum(VM& vm, const CallArgs& a, const Value&) {
  if (!check_keywords(vm, a, "sum", {"start"})) return Value();
  Value start = keyword_only(a, "start");
  size_t total = a.nargs + a.nkw();
  if (a.nargs < 1) {
    return vm.raisef(Exc::TypeError, "sum() takes at least 1 positional argument (%zu given)", a.nargs);
  }
  if (total > 2) return vm.raisef(Exc::TypeError, "sum() takes at most 2 arguments (%zu given)", total);
  if (a.nargs == 2) start = a.args[1];
  Value acc = start ? start : Value::small_int(0);
  if (is_str(acc)) return vm.raise(Exc::TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
  Value it = get_iter(vm, a.args[0]);
  if (!it) return it;
  for (;;) {
    Value x = iter_next(vm, it);
    if (!x) return vm.has_exception() ? Value() : acc;
    acc = binary_op(vm, BinOpKind::Add, acc, x);
    if (!acc) return acc;
  }
}

// ================================================================ iteration

Value bi_any_all(VM& vm, const CallArgs& a, bool is_all) {
  if (!args_one(vm, a, is_all ? "all" : "any")) return Value();
  Value it = get_iter(vm, a.args[0]);
  if (!it) return it;
  for (;;) {
    Value x = iter_next(vm, it);
    if (!x) return vm.has_exception() ? Value() : Value::boolean(is_all);
    int t = truthy(vm, x);
    if (t < 0) return Value();
    if (bool(t) != is_all) return Value::boolean(!is_all);
  }
}
Value bi_any(VM& vm, const CallArgs& a, const Value&) { return bi_any_all(vm, a, false); }
Value bi_all(VM& vm, const CallArgs& a, const Value&) { return bi_any_all(vm, a, true); }

Value bi_sorted(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1) {
    return vm.raisef(Exc::TypeError, "sorted expected 1 argument, got %zu", a.nargs);
  }
  Value l = list_from_iterable(vm, a.args[0]);
  if (!l) return l;
  if (!list_sort_kw(vm, l.as<ListObject>(), CallArgs{a.args + a.nargs, 0, a.kwnames})) return Value();
  return l;
}

Value min_max(VM& vm, const CallArgs& a, bool is_max) {
  const char* name = is_max ? "max" : "min";
  if (!check_keywords(vm, a, name, {"key", "default"})) return Value();
  if (a.nargs == 0) return vm.raisef(Exc::TypeError, "%s expected at least 1 argument, got 0", name);
  Value key = keyword_only(a, "key");
  Value dflt = keyword_only(a, "default");
  if (key && key.is_none()) key = Value();
  if (dflt && a.nargs > 1) {
    return vm.raisef(Exc::TypeError, "Cannot specify a default for %s() with multiple positional arguments", name);
  }
  Value it;
  if (a.nargs == 1) {
    it = get_iter(vm, a.args[0]);
  } else {
    Value t = tuple_from_array(vm, a.args, a.nargs);
    if (!t) return t;
    it = get_iter(vm, t);
  }
  if (!it) return it;
  Value best, best_key;
  CmpOpKind op = is_max ? CmpOpKind::Gt : CmpOpKind::Lt;
  for (;;) {
    Value x = iter_next(vm, it);
    if (!x) {
      if (vm.has_exception()) return Value();
      break;
    }
    Value k = key ? vm.call1(key, x) : x;
    if (!k) return k;
    if (!best) {
      best = std::move(x);
      best_key = std::move(k);
      continue;
    }
    int better;
    if (k.is_small_int() && best_key.is_small_int()) {
      better = is_max ? k.as_small_int() > best_key.as_small_int() : k.as_small_int() < best_key.as_small_int();
    } else {
      Value r = compare(vm, op, k, best_key);
      if (!r) return r;
      better = r.is_bool() ? r.is_true() : truthy(vm, r);
      if (better < 0) return Value();
    }
    if (better) {
      best = std::move(x);
      best_key = std::move(k);
    }
  }
  if (!best) {
    if (dflt) return dflt;
    return vm.raisef(Exc::ValueError, "%s() arg is an empty sequence", name);
  }
  return best;
}
Value bi_min(VM& vm, const CallArgs& a, const Value&) { return min_max(vm, a, false); }
Value bi_max(VM& vm, const CallArgs& a, const Value&) { return min_max(vm, a, true); }

Value bi_iter(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "iter", 1, 2)) return Value();
  if (a.nargs == 1) return get_iter(vm, a.args[0]);
  Value callable = a.args[0];
  bool ok = false;
  if (callable.is_object()) {
    ObjKind k = callable.as_object()->kind;
    ok = k == ObjKind::Function || k == ObjKind::Native || k == ObjKind::BoundMethod || k == ObjKind::Type ||
         type_lookup(callable.as_object()->type, vm.names.__call__);
  }
  if (!ok) return vm.raise(Exc::TypeError, "iter(v, w): v must be callable");
  return make_callable_iterator(vm, callable, a.args[1]);
}

Value bi_next(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "next", 1, 2)) return Value();
  const Value& it = a.args[0];
  bool is_iterator = is_kind(it, ObjKind::Iterator) || is_kind(it, ObjKind::Generator) ||
                     (it.is_object() && type_lookup(it.as_object()->type, vm.names.__next__));
  if (!is_iterator) return vm.raisef(Exc::TypeError, "'%s' object is not an iterator", type_name(vm, it));
  Value r;
  if (is_kind(it, ObjKind::Generator)) {
    // Keep StopIteration's value (a generator's return value).
    r = generator_send(vm, it.as<GeneratorObject>(), Value::none());
    if (r) return r;
    if (!vm.has_exception()) vm.raise_value(Value::borrow(vm.exc_type(Exc::StopIteration)));
    if (a.nargs == 2 && vm.exception_matches(Exc::StopIteration)) {
      vm.clear_exception();
      return a.args[1];
    }
    return Value();
  }
  if (is_kind(it, ObjKind::Iterator)) {
    auto* io = it.as<IteratorObject>();
    r = io->next(vm, io);
  } else {
    Value m = type_lookup(it.as_object()->type, vm.names.__next__);
    r = vm.call1(m, it);
    if (!r && a.nargs == 2 && vm.exception_matches(Exc::StopIteration)) {
      vm.clear_exception();
      return a.args[1];
    }
    return r;
  }
  if (r || vm.has_exception()) return r;
  if (a.nargs == 2) return a.args[1];
  return vm.raise_value(Value::borrow(vm.exc_type(Exc::StopIteration)));
}

// ================================================================ types and attributes

// isinstance/issubclass's second argument: a class or a (nested) tuple of them.
int check_class_or_tuple(VM& vm, TypeObject* t, const Value& spec, const char* fname, int depth) {
  if (is_kind(spec, ObjKind::Type)) return is_subtype(t, spec.as<TypeObject>());
  if (is_kind(spec, ObjKind::Tuple) && depth < 100) {
    for (const Value& s : *spec.as<TupleObject>()) {
      int r = check_class_or_tuple(vm, t, s, fname, depth + 1);
      if (r != 0) return r;
    }
    return 0;
  }
  if (spec.is_object() && depth < 100) {
    // A union (`int | None`, _kiln_types.UnionType): any of its classes.
    Value m = vm.import_module("_kiln_types");
    if (!m) return -1;
    Value ut = getattr(vm, m, vm.intern("UnionType").as<StrObject>());
    if (!ut) return -1;
    if (type_of(vm, spec) == ut.as<TypeObject>()) {
      Value args = getattr(vm, spec, vm.intern("__args__").as<StrObject>());
      if (!args) return -1;
      return check_class_or_tuple(vm, t, args, fname, depth + 1);
    }
  }
  if (std::strcmp(fname, "isinstance") == 0) {
    vm.raise(Exc::TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
  } else {
    vm.raise(Exc::TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
  }
  return -1;
}

Value bi_isinstance(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "isinstance", 2, 2)) return Value();
  int r = check_class_or_tuple(vm, type_of(vm, a.args[0]), a.args[1], "isinstance", 0);
  if (r < 0) return Value();
  return Value::boolean(r);
}

Value bi_issubclass(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "issubclass", 2, 2)) return Value();
  if (!is_kind(a.args[0], ObjKind::Type)) return vm.raise(Exc::TypeError, "issubclass() arg 1 must be a class");
  int r = check_class_or_tuple(vm, a.args[0].as<TypeObject>(), a.args[1], "issubclass", 0);
  if (r < 0) return Value();
  return Value::boolean(r);
}

bool name_arg(VM& vm, const Value& v, const char* fname, StrObject** out) {
  if (!is_str(v)) {
    vm.raisef(Exc::TypeError, "%s(): attribute name must be string, not '%s'", fname, type_name(vm, v));
    return false;
  }
  *out = as_name(vm, v);
  return *out != nullptr;
}

Value bi_getattr(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "getattr", 2, 3)) return Value();
  StrObject* name;
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "attribute name must be string, not '%s'", type_name(vm, a.args[1]));
  }
  if (!name_arg(vm, a.args[1], "getattr", &name)) return Value();
  Value r = getattr(vm, a.args[0], name);
  if (!r && a.nargs == 3 && vm.exception_matches(Exc::AttributeError)) {
    vm.clear_exception();
    return a.args[2];
  }
  return r;
}

Value bi_hasattr(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "hasattr", 2, 2)) return Value();
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "attribute name must be string, not '%s'", type_name(vm, a.args[1]));
  }
  StrObject* name;
  if (!name_arg(vm, a.args[1], "hasattr", &name)) return Value();
  Value r = getattr(vm, a.args[0], name);
  if (r) return Value::boolean(true);
  if (vm.exception_matches(Exc::AttributeError)) {
    vm.clear_exception();
    return Value::boolean(false);
  }
  return Value();
}

Value bi_setattr(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "setattr", 3, 3)) return Value();
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "attribute name must be string, not '%s'", type_name(vm, a.args[1]));
  }
  StrObject* name;
  if (!name_arg(vm, a.args[1], "setattr", &name)) return Value();
  if (!setattr(vm, a.args[0], name, a.args[2])) return Value();
  return Value::none();
}

Value bi_delattr(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "delattr", 2, 2)) return Value();
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "attribute name must be string, not '%s'", type_name(vm, a.args[1]));
  }
  StrObject* name;
  if (!name_arg(vm, a.args[1], "delattr", &name)) return Value();
  if (!delattr(vm, a.args[0], name)) return Value();
  return Value::none();
}

Value bi_id(VM& vm, const CallArgs& a, const Value&) {
  if (!args_one(vm, a, "id")) return Value();
  const Value& v = a.args[0];
  if (v.is_object()) return make_int(vm, int64_t(reinterpret_cast<uintptr_t>(v.as_object())));
  // Immediates have no address; their bits identify them just as well.
  return make_int(vm, int64_t(v.bits() >> 1));
}

Value bi_hash(VM& vm, const CallArgs& a, const Value&) {
  if (!args_one(vm, a, "hash")) return Value();
  int64_t h;
  if (!hash(vm, a.args[0], &h)) return Value();
  return make_int(vm, h);
}

Value bi_repr(VM& vm, const CallArgs& a, const Value&) {
  if (!args_one(vm, a, "repr")) return Value();
  return repr(vm, a.args[0]);
}

Value bi_ascii(VM& vm, const CallArgs& a, const Value&) {
  if (!args_one(vm, a, "ascii")) return Value();
  Value r = repr(vm, a.args[0]);
  if (!r) return r;
  return make_str(vm, str_ascii_text(str_view(r)));
}

Value bi_format(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "format", 1, 2)) return Value();
  if (a.nargs == 2 && !is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "format() argument 2 must be str, not %s", type_name(vm, a.args[1]));
  }
  return format(vm, a.args[0], a.nargs == 2 ? str_view(a.args[1]) : std::string_view());
}

Value bi_callable(VM& vm, const CallArgs& a, const Value&) {
  if (!args_one(vm, a, "callable")) return Value();
  return Value::boolean(is_callable(vm, a.args[0]));
}

Value bi_globals(VM& vm, const CallArgs& a, const Value&) {
  if (!args_none(vm, a, "globals")) return Value();
  return current_globals(vm);
}

Value bi_locals(VM& vm, const CallArgs& a, const Value&) {
  if (!args_none(vm, a, "locals")) return Value();
  return current_locals(vm);
}

Value bi_vars(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "vars", 0, 1)) return Value();
  if (a.nargs == 0) return current_locals(vm);
  Value d = getattr(vm, a.args[0], vm.names.__dict__);
  if (!d && vm.exception_matches(Exc::AttributeError)) {
    vm.clear_exception();
    return vm.raise(Exc::TypeError, "vars() argument must have __dict__ attribute");
  }
  return d;
}

void add_keys(VM& vm, const Value& dict, DictObject* into) {
  if (!is_kind(dict, ObjKind::Dict)) return;
  for (auto& e : dict.as<DictObject>()->entries) {
    if (e.key && is_str(e.key)) dict_setitem(vm, into, e.key, Value::none());
  }
}

Value bi_dir(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "dir", 0, 1)) return Value();
  Value names = dict_new(vm);
  DictObject* nd = names.as<DictObject>();
  if (a.nargs == 0) {
    Value l = current_locals(vm);
    if (!l) return l;
    add_keys(vm, l, nd);
  } else {
    const Value& o = a.args[0];
    TypeObject* t = type_of(vm, o);
    Value custom = type_is_builtin(t) ? Value() : type_lookup(t, vm.intern("__dir__").as<StrObject>());
    if (custom) {
      Value r = vm.call1(custom, o);
      if (!r) return r;
      Value l = list_from_iterable(vm, r);
      if (!l || !list_sort(vm, l.as<ListObject>(), Value(), false)) return Value();
      return l;
    }
    if (is_kind(o, ObjKind::Module)) {
      add_keys(vm, o.as<ModuleObject>()->dict, nd);
    } else if (is_kind(o, ObjKind::Type)) {
      for (const Value& m : o.as<TypeObject>()->mro) add_keys(vm, m.as<TypeObject>()->dict, nd);
    } else {
      if (is_kind(o, ObjKind::Instance)) {
        auto* inst = o.as<InstanceObject>();
        if (inst->shape) {
          for (StrObject* k : inst->shape->keys) dict_setitem(vm, nd, Value::borrow(k), Value::none());
        } else {
          add_keys(vm, inst->dict, nd);
        }
      }
      if (is_kind(o, ObjKind::Exception)) add_keys(vm, o.as<ExceptionObject>()->dict, nd);
      if (is_kind(o, ObjKind::Function)) add_keys(vm, o.as<FunctionObject>()->dict, nd);
      for (const Value& m : t->mro) add_keys(vm, m.as<TypeObject>()->dict, nd);
      if (!type_is_builtin(t)) {
        dict_setitem(vm, nd, Value::borrow(vm.names.__class__), Value::none());
        dict_setitem(vm, nd, Value::borrow(vm.names.__dict__), Value::none());
      }
    }
  }
  Value l = dict_keys_list(vm, nd);
  if (!l || !list_sort(vm, l.as<ListObject>(), Value(), false)) return Value();
  return l;
}

// ================================================================ classes and code

Value bi_build_class(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 2) return vm.raise(Exc::TypeError, "__build_class__: not enough arguments");
  if (!is_kind(a.args[0], ObjKind::Function)) return vm.raise(Exc::TypeError, "__build_class__: func must be a function");
  return build_class(vm, a.args[0].as<FunctionObject>(), a.args[1], a.args + 2, a.nargs - 2, a.kwnames,
                     a.args + a.nargs);
}

Value bi_import(VM& vm, const CallArgs& a, const Value&) {
  static const ArgSpec spec[] = {{"name", kArgRequired}, {"globals"}, {"locals"}, {"fromlist"}, {"level"}};
  Value av[5];
  if (!parse_args(vm, a, "__import__", spec, av)) return Value();
  if (!is_str(av[0])) {
    return vm.raisef(Exc::TypeError, "__import__() argument 1 must be str, not %s", type_name(vm, av[0]));
  }
  std::string_view name = str_view(av[0]);
  Value m = vm.import_module(name);
  if (!m) return m;
  // Without a fromlist, `import a.b` binds the top-level package.
  bool has_fromlist = av[3] && !av[3].is_none() && truthy(vm, av[3]) > 0;
  size_t dot = name.find('.');
  if (!has_fromlist && dot != std::string_view::npos) return vm.import_module(name.substr(0, dot));
  return m;
}

bool exec_globals(VM& vm, const CallArgs& a, const char* fname, Value* globals) {
  if (a.nargs >= 3 && !a.args[2].is_none() && !(a.nargs >= 2 && a.args[2].is(a.args[1]))) {
    vm.raisef(Exc::NotImplementedError, "%s() with a separate locals mapping is not supported yet", fname);
    return false;
  }
  if (a.nargs >= 2 && !a.args[1].is_none()) {
    if (!is_kind(a.args[1], ObjKind::Dict)) {
      vm.raisef(Exc::TypeError, "%s() globals must be a dict, not %s", fname, type_name(vm, a.args[1]));
      return false;
    }
    *globals = a.args[1];
    if (!dict_get_str(globals->as<DictObject>(), vm.names.__builtins__)) {
      dict_setitem(vm, globals->as<DictObject>(), Value::borrow(vm.names.__builtins__), vm.builtins_dict);
    }
    return true;
  }
  Value g = current_globals(vm);
  Value l = current_locals(vm);
  if (!g || !l) return false;
  if (!g.is(l)) {
    // CPython would run against a snapshot of the function's locals.
    vm.raisef(Exc::NotImplementedError, "%s() inside a function without explicit globals is not supported yet",
              fname);
    return false;
  }
  *globals = g;
  return true;
}

Value bi_exec(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "exec", 1, 3)) return Value();
  if (!is_str(a.args[0])) {
    return vm.raisef(Exc::NotImplementedError, "exec() of a %s is not supported (only source strings)",
                     type_name(vm, a.args[0]));
  }
  Value globals;
  if (!exec_globals(vm, a, "exec", &globals)) return Value();
  Value r = exec_source(vm, str_view(a.args[0]), "<string>", globals);
  if (!r) return r;
  return Value::none();
}

Value bi_eval(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "eval", 1, 3)) return Value();
  if (!is_str(a.args[0])) {
    return vm.raisef(Exc::NotImplementedError, "eval() of a %s is not supported (only source strings)",
                     type_name(vm, a.args[0]));
  }
  Value globals;
  if (!exec_globals(vm, a, "eval", &globals)) return Value();
  // Evaluate as an assignment to a private name of the namespace.
  std::string_view src = str_view(a.args[0]);
  size_t b = src.find_first_not_of(" \t\n");
  src = b == std::string_view::npos ? std::string_view() : src.substr(b);
  std::string code = "__kiln_eval_result__ = (";
  code += src;
  code += "\n)\n";
  Value r = exec_source(vm, code, "<string>", globals);
  if (!r) return r;
  Value key = vm.intern("__kiln_eval_result__");
  Value out;
  if (!dict_pop(vm, globals.as<DictObject>(), key, &out)) return Value();
  return out ? out : Value::none();
}

Value bi_exit(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "exit", 0, 1)) return Value();
  Value e = exception_new(vm, vm.exc_type(Exc::SystemExit), a.args, a.nargs);
  if (!e) return e;
  return vm.raise_value(e);
}

Value bi_unsupported(VM& vm, const CallArgs&, const Value& data) {
  return vm.raisef(Exc::NotImplementedError, "%s is not supported by Kiln yet",
                   is_str(data) ? str_view(data).data() : "this builtin");
}

}  // namespace

void init_builtins(VM& vm) {
  const Value& b = vm.builtins_dict;
  DictObject* d = b.as<DictObject>();
  auto set = [&](const char* name, const Value& v) { dict_setitem(vm, d, vm.intern(name), v); };

  // Classes.
  auto& t = vm.types;
  for (TypeObject* c : {t.object, t.type, t.int_, t.bool_, t.float_, t.str, t.list, t.tuple, t.dict, t.set,
                        t.frozenset, t.range, t.slice, t.enumerate, t.zip, t.map, t.filter, t.reversed,
                        t.property, t.staticmethod, t.classmethod, t.super}) {
    dict_setitem(vm, d, c->name, Value::borrow(c));
  }
  for (size_t i = 0; i < size_t(Exc::Count_); ++i) {
    TypeObject* e = vm.exc_type(Exc(i));
    dict_setitem(vm, d, e->name, Value::borrow(e));
  }
  // EnvironmentError and IOError are OSError's old names.
  set("EnvironmentError", Value::borrow(vm.exc_type(Exc::OSError)));
  set("IOError", Value::borrow(vm.exc_type(Exc::OSError)));

  // Constants.
  set("NotImplemented", Value::not_implemented());
  set("Ellipsis", Value::ellipsis());
  set("__debug__", Value::boolean(true));
  set("__name__", vm.intern("builtins"));
  set("__doc__", Value::none());

  // Functions.
  struct Fn {
    const char* name;
    NativeFn fn;
  };
  static const Fn kFunctions[] = {
      {"print", bi_print},       {"input", bi_input},         {"len", bi_len},
      {"abs", bi_abs},           {"round", bi_round},         {"divmod", bi_divmod},
      {"pow", bi_pow},           {"hex", bi_int_base<16>},    {"oct", bi_int_base<8>},
      {"bin", bi_int_base<2>},   {"chr", bi_chr},             {"ord", bi_ord},
      {"sum", bi_sum},           {"any", bi_any},             {"all", bi_all},
      {"sorted", bi_sorted},     {"min", bi_min},             {"max", bi_max},
      {"iter", bi_iter},         {"next", bi_next},           {"isinstance", bi_isinstance},
      {"issubclass", bi_issubclass}, {"getattr", bi_getattr}, {"hasattr", bi_hasattr},
      {"setattr", bi_setattr},   {"delattr", bi_delattr},     {"id", bi_id},
      {"hash", bi_hash},         {"repr", bi_repr},           {"ascii", bi_ascii},
      {"format", bi_format},     {"callable", bi_callable},   {"globals", bi_globals},
      {"locals", bi_locals},     {"vars", bi_vars},           {"dir", bi_dir},
      {"__build_class__", bi_build_class}, {"__import__", bi_import}, {"exec", bi_exec},
      {"eval", bi_eval},         {"exit", bi_exit},           {"quit", bi_exit},
      {"open", builtin_open},
  };
  for (const Fn& f : kFunctions) vm.add_function(b, f.name, f.fn);
  // Builtins of CPython that Kiln does not have: a clear error naming them.
  for (const char* name : {"complex", "bytes", "bytearray", "memoryview", "compile", "breakpoint", "help",
                           "aiter", "anext"}) {
    vm.add_function(b, name, bi_unsupported, vm.intern(name));
  }

  // The module object, for `import builtins`.
  auto* m = object_new<ModuleObject>(vm, ObjKind::Module, vm.types.module);
  Value mv = Value::steal(m);
  m->name = vm.intern("builtins");
  m->dict = b;
  dict_setitem(vm, vm.modules.as<DictObject>(), m->name, mv);
}

}  // namespace kiln::vm
