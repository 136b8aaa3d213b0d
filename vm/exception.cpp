// vm/exception.cpp — BaseException and its subclasses: construction, str and
// repr, attributes, and CPython-format tracebacks (see vm/exception.h).

#include "vm/exception.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "vm/args.h"
#include "vm/dict.h"
#include "vm/kind_slots.h"
#include "vm/list.h"
#include "vm/ops.h"
#include "vm/str.h"
#include "vm/tuple.h"
#include "vm/type.h"

namespace kiln::vm {

namespace {
inline ExceptionObject* as_exc(const Value& v) { return v.as<ExceptionObject>(); }

bool name_is(StrObject* a, const char* s) {
  size_t n = std::strlen(s);
  return a->nbytes == n && std::memcmp(a->data, s, n) == 0;
}

// Attributes kept in the exception's dict (SyntaxError.msg, OSError.errno...).
Value dict_attr(VM& vm, ExceptionObject* e, const char* name) {
  if (!e->dict.is_object()) return Value();
  Value key = vm.intern(name);
  return dict_get_str(e->dict.as<DictObject>(), key.as<StrObject>());
}
bool set_dict_attr(VM& vm, ExceptionObject* e, const char* name, const Value& v) {
  if (!e->dict.is_object()) {
    e->dict = dict_new(vm);
    if (!e->dict) return false;
  }
  return dict_setitem(vm, e->dict.as<DictObject>(), vm.intern(name), v);
}

bool is_exc_subclass(VM& vm, TypeObject* t, Exc e) { return is_subtype(t, vm.exc_type(e)); }

// OSError(errno, strerror[, filename]) picks the subclass for the errno, as
// CPython does when the class called is OSError itself.
TypeObject* oserror_subclass(VM& vm, int64_t err) {
  switch (err) {
    case ENOENT: return vm.exc_type(Exc::FileNotFoundError);
    case EEXIST: return vm.exc_type(Exc::FileExistsError);
    case EISDIR: return vm.exc_type(Exc::IsADirectoryError);
    case EACCES:
    case EPERM: return vm.exc_type(Exc::PermissionError);
    default: return vm.exc_type(Exc::OSError);
  }
}

// Fills errno/strerror/filename for OSError(errno, strerror[, filename]) and
// trims args to (errno, strerror), as CPython's oserror_init does.
bool oserror_init(VM& vm, const Value& exc, const Value* args, size_t n) {
  ExceptionObject* e = as_exc(exc);
  if (n >= 2 && n <= 5 && is_int(args[0])) {
    if (!set_dict_attr(vm, e, "errno", args[0]) || !set_dict_attr(vm, e, "strerror", args[1])) return false;
    if (n >= 3 && !set_dict_attr(vm, e, "filename", args[2])) return false;
    if (n >= 3) {
      Value t = tuple_pack(vm, {args[0], args[1]});
      if (!t) return false;
      e->args = t;
    }
  }
  return true;
}
}  // namespace

// ================================================================ construction

Value exception_new(VM& vm, TypeObject* cls, const Value* args, size_t nargs) {
  auto* e = object_new<ExceptionObject>(vm, ObjKind::Exception, cls);
  Value ev = Value::steal(e);
  e->args = tuple_from_array(vm, args, nargs);
  if (!e->args) return Value();
  e->traceback = list_new(vm, 0);
  e->cause = Value::none();
  e->context = Value::none();
  if (nargs >= 2 && is_exc_subclass(vm, cls, Exc::OSError) && !oserror_init(vm, ev, args, nargs)) return Value();
  return ev;
}

bool exception_set_args(VM& vm, const Value& exc, const CallArgs& a) {
  ExceptionObject* e = as_exc(exc);
  Value t = tuple_from_array(vm, a.args, a.nargs);
  if (!t) return false;
  e->args = std::move(t);
  if (a.nargs >= 2 && is_exc_subclass(vm, exc.as_object()->type, Exc::OSError)) {
    return oserror_init(vm, exc, a.args, a.nargs);
  }
  return true;
}

void exception_add_frame(VM& vm, const Value& exc, const Value& filename, int line, const Value& funcname) {
  if (!is_kind(exc, ObjKind::Exception)) return;
  ExceptionObject* e = as_exc(exc);
  if (!is_kind(e->traceback, ObjKind::List)) e->traceback = list_new(vm, 0);
  Value entry = tuple_pack(vm, {filename, make_int(vm, line), funcname});
  if (!entry) {
    vm.clear_exception();
    return;
  }
  auto& items = e->traceback.as<ListObject>()->items;
  items.insert(items.begin(), std::move(entry));
}

Value make_syntax_error(VM& vm, Exc type, std::string_view msg, std::string_view filename, int line, int col,
                        int end_col, std::string_view line_text) {
  Value m = make_str(vm, msg);
  Value fn = make_str(vm, filename);
  std::string text(line_text);
  if (text.empty() || text.back() != '\n') text += '\n';
  Value tx = make_str(vm, text);
  Value ln = make_int(vm, line);
  Value off = make_int(vm, col);
  Value eoff = make_int(vm, end_col);
  if (!m || !fn || !tx) return Value();
  Value detail = tuple_pack(vm, {fn, ln, off, tx, ln, eoff});
  if (!detail) return Value();
  Value args[2] = {m, detail};
  Value e = exception_new(vm, vm.exc_type(type), args, 2);
  if (!e) return e;
  ExceptionObject* eo = as_exc(e);
  if (!set_dict_attr(vm, eo, "msg", m) || !set_dict_attr(vm, eo, "filename", fn) ||
      !set_dict_attr(vm, eo, "lineno", ln) || !set_dict_attr(vm, eo, "offset", off) ||
      !set_dict_attr(vm, eo, "text", tx) || !set_dict_attr(vm, eo, "end_lineno", ln) ||
      !set_dict_attr(vm, eo, "end_offset", eoff) || !set_dict_attr(vm, eo, "print_file_and_line", Value::none()))
    return Value();
  return e;
}

// ================================================================ str / repr

namespace {
Value exc_str_default(VM& vm, ExceptionObject* e) {
  if (!is_kind(e->args, ObjKind::Tuple)) return str(vm, e->args);
  auto* t = e->args.as<TupleObject>();
  if (t->size == 0) return make_str(vm, "");
  if (t->size == 1) return str(vm, t->items[0]);
  return str(vm, e->args);
}

Value exc_str(VM& vm, ExceptionObject* e) {
  TypeObject* t = e->type;
  auto* args = is_kind(e->args, ObjKind::Tuple) ? e->args.as<TupleObject>() : nullptr;
  if (is_exc_subclass(vm, t, Exc::KeyError) && args && args->size == 1) return repr(vm, args->items[0]);
  if (is_exc_subclass(vm, t, Exc::OSError)) {
    Value err = dict_attr(vm, e, "errno");
    Value serr = dict_attr(vm, e, "strerror");
    if (err && serr && !err.is_none()) {
      Value es = str(vm, err);
      Value ss = str(vm, serr);
      if (!es || !ss) return Value();
      std::string s = "[Errno " + std::string(str_view(es)) + "] " + std::string(str_view(ss));
      Value fn = dict_attr(vm, e, "filename");
      if (fn && !fn.is_none()) {
        Value fr = repr(vm, fn);
        if (!fr) return fr;
        s += ": ";
        s += str_view(fr);
      }
      return make_str(vm, s);
    }
  }
  if (is_exc_subclass(vm, t, Exc::SyntaxError)) {
    Value msg = dict_attr(vm, e, "msg");
    Value fn = dict_attr(vm, e, "filename");
    Value ln = dict_attr(vm, e, "lineno");
    if (msg) {
      Value ms = str(vm, msg);
      if (!ms) return ms;
      std::string s(str_view(ms));
      bool have_fn = fn && is_str(fn);
      bool have_ln = ln && is_int(ln);
      if (have_fn || have_ln) {
        s += " (";
        if (have_fn) {
          std::string_view f = str_view(fn);
          size_t slash = f.rfind('/');
          s += slash == std::string_view::npos ? f : f.substr(slash + 1);
        }
        if (have_ln) {
          int64_t l = 0;
          int_value(ln, &l);
          s += have_fn ? ", line " : "line ";
          s += std::to_string(l);
        }
        s += ")";
      }
      return make_str(vm, s);
    }
  }
  return exc_str_default(vm, e);
}

Value exc_repr(VM& vm, ExceptionObject* e) {
  std::string s = type_display_name(e->type);
  auto* args = is_kind(e->args, ObjKind::Tuple) ? e->args.as<TupleObject>() : nullptr;
  if (args && args->size == 1) {
    Value r = repr(vm, args->items[0]);
    if (!r) return r;
    s += "(";
    s += str_view(r);
    s += ")";
  } else {
    Value r = repr(vm, args ? e->args : Value::none());
    if (!r) return r;
    if (args) {
      s += str_view(r);
    } else {
      s += "(";
      s += str_view(r);
      s += ")";
    }
  }
  return make_str(vm, s);
}

Value exception_repr_slot(VM& vm, Object* o) { return exc_repr(vm, static_cast<ExceptionObject*>(o)); }
Value exception_str_slot(VM& vm, Object* o) { return exc_str(vm, static_cast<ExceptionObject*>(o)); }

// ---------------------------------------------------------------- attributes

Value exception_getattr(VM& vm, Object* o, StrObject* name) {
  auto* e = static_cast<ExceptionObject*>(o);
  Value self = Value::borrow(o);
  if (name_is(name, "args")) return e->args;
  if (name->data[0] == '_' && name->data[1] == '_') {
    if (name_is(name, "__traceback__")) {
      if (is_kind(e->traceback, ObjKind::List) && !e->traceback.as<ListObject>()->items.empty()) return e->traceback;
      return Value::none();
    }
    if (name_is(name, "__cause__")) return e->cause ? e->cause : Value::none();
    if (name_is(name, "__context__")) return e->context ? e->context : Value::none();
    if (name_is(name, "__suppress_context__")) return Value::boolean(e->suppress_context);
    if (name_is(name, "__dict__")) {
      if (!e->dict.is_object()) e->dict = dict_new(vm);
      return e->dict;
    }
  }
  TypeObject* t = o->type;
  DictObject* d = e->dict.is_object() ? e->dict.as<DictObject>() : nullptr;
  Value r = generic_getattr(vm, self, name, d, true);
  if (r || vm.has_exception()) return r;
  // Class-specific attributes with defaults.
  if (is_exc_subclass(vm, t, Exc::StopIteration) && name_is(name, "value")) return stop_iteration_value(vm, self);
  if (is_exc_subclass(vm, t, Exc::SystemExit) && name_is(name, "code")) {
    auto* args = e->args.as<TupleObject>();
    if (args->size == 0) return Value::none();
    if (args->size == 1) return args->items[0];
    return e->args;
  }
  if (is_exc_subclass(vm, t, Exc::OSError) &&
      (name_is(name, "errno") || name_is(name, "strerror") || name_is(name, "filename") ||
       name_is(name, "filename2"))) {
    return Value::none();
  }
  if (is_exc_subclass(vm, t, Exc::SyntaxError) &&
      (name_is(name, "filename") || name_is(name, "lineno") || name_is(name, "offset") || name_is(name, "text") ||
       name_is(name, "end_lineno") || name_is(name, "end_offset") || name_is(name, "print_file_and_line"))) {
    return Value::none();
  }
  if (is_exc_subclass(vm, t, Exc::SyntaxError) && name_is(name, "msg")) {
    auto* args = e->args.as<TupleObject>();
    return args->size >= 1 ? args->items[0] : Value::none();
  }
  if ((is_exc_subclass(vm, t, Exc::ImportError)) && (name_is(name, "name") || name_is(name, "path"))) {
    return Value::none();
  }
  if (!type_is_builtin(t)) {
    Value hook = type_lookup(t, vm.names.__getattr__);
    if (hook) return vm.call2(hook, self, Value::borrow(name));
  }
  return vm.raisef(Exc::AttributeError, "'%s' object has no attribute '%s'", type_name(vm, self), name->data);
}

bool exception_setattr(VM& vm, Object* o, StrObject* name, const Value& value) {
  auto* e = static_cast<ExceptionObject*>(o);
  Value self = Value::borrow(o);
  if (name_is(name, "args")) {
    if (!value) {
      vm.raise(Exc::TypeError, "args may not be deleted");
      return false;
    }
    Value t = sequence_to_tuple(vm, value);
    if (!t) return false;
    e->args = t;
    return true;
  }
  if (name->data[0] == '_' && name->data[1] == '_') {
    if (name_is(name, "__cause__") || name_is(name, "__context__")) {
      bool cause = name_is(name, "__cause__");
      if (!value) {
        vm.raisef(Exc::TypeError, "%s may not be deleted", cause ? "__cause__" : "__context__");
        return false;
      }
      if (!value.is_none() && !is_kind(value, ObjKind::Exception)) {
        vm.raisef(Exc::TypeError, "exception %s must be None or derive from BaseException",
                  cause ? "cause" : "context");
        return false;
      }
      if (cause) {
        e->cause = value;
        e->suppress_context = true;
      } else {
        e->context = value;
      }
      return true;
    }
    if (name_is(name, "__suppress_context__")) {
      int t = value ? truthy(vm, value) : 0;
      if (t < 0) return false;
      e->suppress_context = t;
      return true;
    }
    if (name_is(name, "__traceback__")) {
      if (!value || value.is_none()) {
        e->traceback = list_new(vm, 0);
        return true;
      }
      if (!is_kind(value, ObjKind::List)) {
        vm.raise(Exc::TypeError, "__traceback__ must be a traceback or None");
        return false;
      }
      e->traceback = value;
      return true;
    }
  }
  TypeObject* t = o->type;
  if (!type_is_builtin(t)) {
    Value m = type_lookup(t, value ? vm.names.__setattr__ : vm.names.__delattr__);
    bool is_default = is_kind(m, ObjKind::Native) && m.as<NativeObject>()->owner.is_object() &&
                      m.as<NativeObject>()->owner.as_object() == vm.types.object;
    if (m && !is_default) {
      Value r = value ? vm.call(m, std::array<Value, 3>{self, Value::borrow(name), value}.data(), 3)
                      : vm.call2(m, self, Value::borrow(name));
      return bool(r);
    }
  }
  return generic_setattr(vm, self, name, &e->dict, value);
}

bool exception_hash(VM&, Object* o, int64_t* out) {
  uint64_t y = reinterpret_cast<uintptr_t>(o);
  y = (y >> 4) | (y << 60);
  *out = int64_t(y) == -1 ? -2 : int64_t(y);
  return true;
}
}  // namespace

const KindSlots exception_slots = [] {
  KindSlots s;
  s.repr = exception_repr_slot;
  s.str = exception_str_slot;
  s.hash = exception_hash;
  s.getattr = exception_getattr;
  s.setattr = exception_setattr;
  return s;
}();

Value stop_iteration_value(VM& vm, const Value& exc) {
  if (!is_kind(exc, ObjKind::Exception)) return Value::none();
  ExceptionObject* e = as_exc(exc);
  Value v = dict_attr(vm, e, "value");
  if (v) return v;
  auto* args = e->args.as<TupleObject>();
  return args->size >= 1 ? args->items[0] : Value::none();
}

int system_exit_status(VM& vm, const Value& exc) {
  if (!is_kind(exc, ObjKind::Exception)) return 1;
  Value code = getattr_opt(vm, exc, vm.intern("code").as<StrObject>());
  if (!code || code.is_none()) return 0;
  int64_t i;
  if (int_value(code, &i)) return int(i);
  Value s = str(vm, code);
  if (s) {
    std::string text(str_view(s));
    text += '\n';
    vm.err(text);
  } else {
    vm.clear_exception();
  }
  return 1;
}

// ================================================================ formatting

std::string exception_message(VM& vm, const Value& exc) {
  Value saved = vm.take_exception();
  Value s = str(vm, exc);
  std::string out;
  if (s && is_str(s)) {
    out = std::string(str_view(s));
  } else {
    vm.clear_exception();
    out = "<exception str() failed>";
  }
  if (saved) vm.raise_value(saved);
  return out;
}

std::string type_repr_name_of(VM& vm, const Value& exc) { return type_repr_name(type_of(vm, exc)); }

std::string exception_summary(VM& vm, const Value& exc) {
  TypeObject* t = type_of(vm, exc);
  std::string name = type_repr_name(t);
  std::string msg;
  if (is_kind(exc, ObjKind::Exception) && is_subtype(t, vm.exc_type(Exc::SyntaxError))) {
    Value m = dict_attr(vm, as_exc(exc), "msg");
    if (m && is_str(m)) {
      msg = std::string(str_view(m));
      if (msg.empty()) msg = "<no detail available>";
      return name + ": " + msg;
    }
  }
  msg = exception_message(vm, exc);
  if (msg.empty()) return name;
  return name + ": " + msg;
}

namespace {
// The `lineno`-th line of `filename`'s source, stripped; empty if unknown.
std::string source_line(VM& vm, std::string_view filename, int64_t lineno) {
  auto it = vm.sources.find(std::string(filename));
  if (it == vm.sources.end() || lineno < 1) return "";
  const std::string& src = it->second;
  size_t pos = 0;
  for (int64_t l = 1; l < lineno; ++l) {
    size_t nl = src.find('\n', pos);
    if (nl == std::string::npos) return "";
    pos = nl + 1;
  }
  size_t end = src.find('\n', pos);
  std::string line = src.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
  size_t b = line.find_first_not_of(" \t\f\r\v");
  if (b == std::string::npos) return "";
  size_t e = line.find_last_not_of(" \t\f\r\v\n");
  return line.substr(b, e - b + 1);
}

// CPython's print_error_text: the offending line without its indentation,
// and a caret line under the error's columns.
void syntax_error_text(std::string& out, int64_t offset, int64_t end_offset, std::string text) {
  int64_t caret_repetitions = (end_offset > 0 && end_offset > offset) ? end_offset - offset : 1;
  offset--;
  size_t i = 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\f')) {
    ++i;
    --offset;
  }
  text = text.substr(i);
  int64_t len = int64_t(text.size());
  if (len > 0 && text[size_t(len - 1)] == '\n') --len;
  if (offset > len) offset = len;
  for (;;) {
    size_t nl = text.find('\n');
    if (nl == std::string::npos) break;
    int64_t inl = int64_t(nl);
    if (inl >= offset) break;
    inl += 1;
    text = text.substr(size_t(inl));
    len -= inl;
    offset -= inl;
  }
  out += "    ";
  out += text;
  if (text.size() <= size_t(len) || text[size_t(len)] != '\n') out += "\n";
  if (offset < 0) return;
  out += "    ";
  out.append(size_t(offset), ' ');
  out.append(size_t(caret_repetitions), '^');
  out += "\n";
}

void format_one(VM& vm, std::string& out, const Value& exc) {
  if (is_kind(exc, ObjKind::Exception)) {
    ExceptionObject* e = as_exc(exc);
    if (is_kind(e->traceback, ObjKind::List) && !e->traceback.as<ListObject>()->items.empty()) {
      out += "Traceback (most recent call last):\n";
      // Runs of one repeated entry (deep recursion) print three times and
      // then a count, as CPython's traceback printer does.
      constexpr int kRecursiveCutoff = 3;
      std::string last_file, last_func;
      int64_t last_line = -1;
      int64_t repeated = 0;
      auto flush_repeats = [&] {
        if (repeated > kRecursiveCutoff) {
          int64_t more = repeated - kRecursiveCutoff;
          out += "  [Previous line repeated " + std::to_string(more) + " more time" + (more > 1 ? "s" : "") + "]\n";
        }
      };
      for (const Value& entry : e->traceback.as<ListObject>()->items) {
        if (!is_kind(entry, ObjKind::Tuple) || entry.as<TupleObject>()->size < 3) continue;
        auto* t = entry.as<TupleObject>();
        std::string_view file = is_str(t->items[0]) ? str_view(t->items[0]) : "<unknown>";
        int64_t line = 0;
        int_value(t->items[1], &line);
        std::string_view func = is_str(t->items[2]) ? str_view(t->items[2]) : "?";
        if (line == last_line && file == last_file && func == last_func) {
          if (++repeated > kRecursiveCutoff) continue;
        } else {
          flush_repeats();
          last_file = file;
          last_func = func;
          last_line = line;
          repeated = 1;
        }
        out += "  File \"";
        out += file;
        out += "\", line ";
        out += std::to_string(line);
        out += ", in ";
        out += func;
        out += "\n";
        std::string src = source_line(vm, file, line);
        if (!src.empty()) {
          out += "    ";
          out += src;
          out += "\n";
        }
      }
      flush_repeats();
    }
    // CPython prints the file, line and caret of any SyntaxError whose lineno is set.
    Value lineno_attr = is_subtype(e->type, vm.exc_type(Exc::SyntaxError)) ? dict_attr(vm, e, "lineno") : Value();
    if (lineno_attr && is_int(lineno_attr)) {
      Value fn = dict_attr(vm, e, "filename");
      Value ln = dict_attr(vm, e, "lineno");
      Value off = dict_attr(vm, e, "offset");
      Value eoff = dict_attr(vm, e, "end_offset");
      Value eln = dict_attr(vm, e, "end_lineno");
      Value text = dict_attr(vm, e, "text");
      int64_t lineno = 0, offset = -1, end_offset = -1, end_lineno = 0;
      int_value(ln, &lineno);
      end_lineno = lineno;
      if (off) int_value(off, &offset);
      if (eoff) int_value(eoff, &end_offset);
      if (eln) int_value(eln, &end_lineno);
      out += "  File \"";
      out += (fn && is_str(fn)) ? str_view(fn) : std::string_view("<string>");
      out += "\", line ";
      out += std::to_string(lineno);
      out += "\n";
      if (text && is_str(text)) {
        std::string tx(str_view(text));
        int64_t line_size = int64_t(tx.size());
        if (end_lineno > lineno) end_offset = line_size;
        if (end_offset > line_size + 1) end_offset = line_size + 1;
        syntax_error_text(out, offset, end_offset, tx);
      }
    }
  }
  out += exception_summary(vm, exc);
  out += "\n";
}
}  // namespace

std::string format_exception(VM& vm, const Value& exc) {
  // The chain, newest first; each link says how it relates to the next.
  std::vector<Value> chain;
  std::vector<int> how;  // 1: was the cause of the newer one; 2: its context
  Value cur = exc;
  while (cur && is_kind(cur, ObjKind::Exception)) {
    bool seen = false;
    for (const Value& c : chain) seen |= c.is(cur);
    if (seen) break;
    chain.push_back(cur);
    ExceptionObject* e = as_exc(cur);
    if (e->cause && !e->cause.is_none()) {
      how.push_back(1);
      cur = e->cause;
    } else if (e->context && !e->context.is_none() && !e->suppress_context) {
      how.push_back(2);
      cur = e->context;
    } else {
      how.push_back(0);
      break;
    }
  }
  if (chain.empty()) chain.push_back(exc);
  std::string out;
  for (size_t i = chain.size(); i-- > 0;) {
    format_one(vm, out, chain[i]);
    if (i > 0) {
      out += how[i - 1] == 1 ? "\nThe above exception was the direct cause of the following exception:\n\n"
                             : "\nDuring handling of the above exception, another exception occurred:\n\n";
    }
  }
  return out;
}

// ================================================================ methods

namespace {
Value base_new(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 1 || !is_kind(a.args[0], ObjKind::Type)) {
    return vm.raise(Exc::TypeError, "BaseException.__new__(X): X is not a type object");
  }
  auto* cls = a.args[0].as<TypeObject>();
  if (!is_subtype(cls, vm.exc_type(Exc::BaseException))) {
    return vm.raisef(Exc::TypeError, "BaseException.__new__(%s): %s is not a subtype of BaseException",
                     type_display_name(cls).c_str(), type_display_name(cls).c_str());
  }
  const Value* args = a.args + 1;
  size_t n = a.nargs - 1;
  // OSError(errno, ...) called as OSError picks the errno's subclass.
  if (cls == vm.exc_type(Exc::OSError) && n >= 2 && is_int(args[0])) {
    int64_t err = 0;
    int_value(args[0], &err);
    cls = oserror_subclass(vm, err);
  }
  return exception_new(vm, cls, args, n);
}

Value base_init(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs < 1 || !is_kind(a.args[0], ObjKind::Exception)) {
    return vm.raise(Exc::TypeError, "descriptor '__init__' requires a 'BaseException' object");
  }
  if (a.nkw() > 0) {
    return vm.raisef(Exc::TypeError, "%s() takes no keyword arguments", type_name(vm, a.args[0]));
  }
  CallArgs rest{a.args + 1, a.nargs - 1, nullptr};
  if (!exception_set_args(vm, a.args[0], rest)) return Value();
  return Value::none();
}

Value base_str(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "__str__", 1, 1)) return Value();
  if (!is_kind(a.args[0], ObjKind::Exception)) return str(vm, a.args[0]);
  return exc_str(vm, as_exc(a.args[0]));
}

Value base_repr(VM& vm, const CallArgs& a, const Value&) {
  if (!args_positional(vm, a, "__repr__", 1, 1)) return Value();
  if (!is_kind(a.args[0], ObjKind::Exception)) return repr(vm, a.args[0]);
  return exc_repr(vm, as_exc(a.args[0]));
}

Value base_with_traceback(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2 || !is_kind(a.args[0], ObjKind::Exception)) {
    return vm.raisef(Exc::TypeError, "BaseException.with_traceback() takes exactly one argument (%zu given)",
                     a.nargs ? a.nargs - 1 : 0);
  }
  if (!exception_setattr(vm, a.args[0].as_object(), vm.names.__traceback__, a.args[1])) return Value();
  return a.args[0];
}

Value base_add_note(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 2 || !is_kind(a.args[0], ObjKind::Exception)) {
    return vm.raisef(Exc::TypeError, "BaseException.add_note() takes exactly one argument (%zu given)",
                     a.nargs ? a.nargs - 1 : 0);
  }
  if (!is_str(a.args[1])) {
    return vm.raisef(Exc::TypeError, "note must be a str, not '%s'", type_name(vm, a.args[1]));
  }
  ExceptionObject* e = as_exc(a.args[0]);
  Value notes = dict_attr(vm, e, "__notes__");
  if (!notes) {
    notes = list_new(vm, 0);
    if (!set_dict_attr(vm, e, "__notes__", notes)) return Value();
  }
  if (!is_kind(notes, ObjKind::List)) return vm.raise(Exc::TypeError, "Cannot add note: __notes__ is not a list");
  notes.as<ListObject>()->items.push_back(a.args[1]);
  return Value::none();
}

void add_base_method(VM& vm, const char* name, NativeFn fn) {
  vm.add_method(vm.exc_type(Exc::BaseException), name, fn);
}
}  // namespace

void init_exception_types(VM& vm) {
  add_base_method(vm, "__new__", base_new);
  add_base_method(vm, "__init__", base_init);
  add_base_method(vm, "__str__", base_str);
  add_base_method(vm, "__repr__", base_repr);
  add_base_method(vm, "with_traceback", base_with_traceback);
  add_base_method(vm, "add_note", base_add_note);
}

}  // namespace kiln::vm
