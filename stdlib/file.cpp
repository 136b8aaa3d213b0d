// stdlib/file.cpp — text files: open(), the TextIOWrapper type, and the
// console streams behind sys.stdout / sys.stderr / sys.stdin.
//
// Kiln supports CPython's text mode only (binary mode needs a bytes type):
// UTF-8 encoding, universal newlines on read (newline=None), the modes
// r/w/a/x with '+', iteration by lines, the context-manager protocol, and
// CPython's exceptions and messages ("[Errno 2] No such file or directory:
// 'x.txt'", "I/O operation on closed file.").
//
// A FileObject wraps a C FILE* (buffered by stdio). Its `aux` bits:
//   bits 0-1  console stream: 0 a real file, 1 stdout, 2 stderr, 3 stdin
//             (writes to 1/2 go through vm.out / vm.err so they interleave
//             with print(); fp stays null so nothing ever fcloses a std stream)
//   bits 2-4  the newline= argument (NewlineMode)
//   bit  5    the last operation was a write (a '+' file must seek between
//             writes and reads, as C stdio requires)
//   bits 8-11 how the encoding was spelled (for repr and .encoding)

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "stdlib/modules.h"
#include "stdlib/native_util.h"
#include "vm/dict.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/vm.h"

namespace kiln::vm {

namespace {

enum class NewlineMode : uint16_t { Universal = 0, Untranslated = 1, LF = 2, CR = 3, CRLF = 4 };

constexpr uint16_t kConsoleMask = 0x3;
constexpr uint16_t kNewlineShift = 2, kNewlineMask = 0x7 << kNewlineShift;
constexpr uint16_t kLastWrite = 1 << 5;
constexpr uint16_t kEncodingShift = 8, kEncodingMask = 0xF << kEncodingShift;

// Accepted spellings of UTF-8, kept so repr shows what the script passed.
// Index 0 is the default (no encoding= given), shown as the locale's name.
constexpr const char* kEncodings[] = {"UTF-8", "utf-8", "utf8", "UTF8", "utf_8", "U8", "u8", "Utf-8", "UTF_8"};
constexpr size_t kNumEncodings = sizeof(kEncodings) / sizeof(kEncodings[0]);
// Codecs CPython knows but Kiln's UTF-8-only files do not support.
constexpr const char* kKnownCodecs[] = {"ascii", "latin-1", "latin1", "latin_1", "iso-8859-1", "iso8859-1",
                                        "utf-16", "utf-32", "utf-8-sig", "cp1252", "cp437", "utf16",
                                        "utf32", "us-ascii", "iso-8859-15", "cp1251", "big5", "shift_jis",
                                        "euc-jp", "gbk", "gb2312", "koi8-r", "mbcs"};

FileObject* as_file(const Value& v) { return v.as<FileObject>(); }
FILE* fp_of(FileObject* f) { return static_cast<FILE*>(f->fp); }
int console_of(FileObject* f) { return f->aux & kConsoleMask; }
NewlineMode newline_of(FileObject* f) { return NewlineMode((f->aux & kNewlineMask) >> kNewlineShift); }

// ------------------------------------------------------------ errors
Value raise_closed(VM& vm) { return vm.raise(Exc::ValueError, "I/O operation on closed file."); }

// io.UnsupportedOperation (CPython's derives from OSError and ValueError;
// Kiln's, with single inheritance, from OSError).
Value raise_unsupported(VM& vm, const char* what) {
  Value io = vm.import_module("io");
  Value cls = io.is_empty() ? Value() : getattr_opt(vm, io, vm.intern("UnsupportedOperation").as<StrObject>());
  if (cls.is_empty()) {
    vm.clear_exception();
    return vm.raise(Exc::OSError, what);
  }
  Value msg = make_str(vm, what);
  if (msg.is_empty()) return msg;
  Value exc = vm.call(cls, &msg, 1);
  if (exc.is_empty()) return exc;
  return vm.raise_value(exc);
}

// Raises the OSError subclass for an errno, with errno/strerror/filename.
Value raise_os_error(VM& vm, int err, const Value& filename) {
  Exc type = Exc::OSError;
  switch (err) {
    case ENOENT: type = Exc::FileNotFoundError; break;
    case EEXIST: type = Exc::FileExistsError; break;
    case EISDIR: type = Exc::IsADirectoryError; break;
    case EACCES:
    case EPERM: type = Exc::PermissionError; break;
    default: break;
  }
  // Constructed as CPython does, OSError(errno, strerror, filename): args is
  // (errno, strerror) and str() gives "[Errno 2] No such file ...: 'x.txt'".
  Value args[3] = {make_int(vm, err), make_str(vm, std::strerror(err)), filename};
  if (args[1].is_empty()) return Value();
  Value exc = vm.call(Value::borrow(vm.exc_type(type)), args, filename.is_empty() ? 2 : 3);
  if (exc.is_empty()) return exc;
  return vm.raise_value(exc);
}

// Checks `self` is an open file (every method but close() and the properties).
FileObject* open_file(VM& vm, const CallArgs& a, const char* method) {
  if (a.nargs == 0 || !is_kind(a.args[0], ObjKind::File)) {
    vm.raisef(Exc::TypeError, "descriptor '%s' requires a '_io.TextIOWrapper' object", method);
    return nullptr;
  }
  FileObject* f = as_file(a.args[0]);
  if (f->closed) {
    raise_closed(vm);
    return nullptr;
  }
  return f;
}

// The method's own arguments (after self).
CallArgs rest(const CallArgs& a) { return CallArgs{a.args + 1, a.nargs - 1, a.kwnames}; }

// ------------------------------------------------------------ reading
// Switching a '+' file from writing to reading needs a seek (C stdio rule).
void before_read(FileObject* f) {
  if (f->aux & kLastWrite) {
    std::fseek(fp_of(f), 0, SEEK_CUR);
    f->aux &= ~kLastWrite;
  }
}

void before_write(FileObject* f) {
  if (!(f->aux & kLastWrite)) {
    if (fp_of(f)) std::fseek(fp_of(f), 0, SEEK_CUR);
    f->aux |= kLastWrite;
  }
}

// Reads text from a file a code point at a time, validating UTF-8 and
// applying the newline mode. `pos` counts bytes for error messages.
class Reader {
 public:
  Reader(VM& vm, FileObject* f) : vm_(vm), fp_(console_of(f) == 3 ? stdin : fp_of(f)), mode_(newline_of(f)) {}

  // Appends the next character (possibly a translated newline) to `out`.
  // Returns 1 on success, 0 at end of file, -1 on a decoding error.
  int next(std::string& out) {
    int c = getc_unlocked(fp_);
    if (c == EOF) return 0;
    pos_++;
    if (c == '\r' && mode_ == NewlineMode::Universal) {
      int c2 = getc_unlocked(fp_);
      if (c2 == '\n') pos_++;
      else if (c2 != EOF) ungetc(c2, fp_);
      out += '\n';
      return 1;
    }
    if (c < 0x80) {
      out += char(c);
      return 1;
    }
    int len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (len == 0) return fail(c, pos_ - 1, "invalid start byte");
    size_t start = out.size();
    out += char(c);
    for (int k = 1; k < len; k++) {
      int cc = getc_unlocked(fp_);
      if (cc == EOF) {
        out.resize(start);
        return fail(c, pos_ - 1, "unexpected end of data");
      }
      // The second byte's range depends on the lead (no overlongs, surrogates, > U+10FFFF).
      int lo = 0x80, hi = 0xBF;
      if (k == 1) {
        if (c == 0xE0) lo = 0xA0;
        else if (c == 0xED) hi = 0x9F;
        else if (c == 0xF0) lo = 0x90;
        else if (c == 0xF4) hi = 0x8F;
      }
      if (cc < lo || cc > hi) {
        ungetc(cc, fp_);
        out.resize(start);
        return fail(c, pos_ - 1, "invalid continuation byte");
      }
      pos_++;
      out += char(cc);
    }
    return 1;
  }

  // True if `line` (just extended by one character) now ends a line.
  bool line_ended(std::string& line) {
    char last = line.back();
    switch (mode_) {
      case NewlineMode::Universal:
      case NewlineMode::LF: return last == '\n';
      case NewlineMode::CR: return last == '\r';
      case NewlineMode::CRLF: return last == '\n' && line.size() >= 2 && line[line.size() - 2] == '\r';
      case NewlineMode::Untranslated:
        if (last == '\n') return true;
        if (last == '\r') {
          // "\r\n" is one line ending; a lone "\r" is one too.
          int c2 = getc_unlocked(fp_);
          if (c2 == '\n') {
            pos_++;
            line += '\n';
          } else if (c2 != EOF) {
            ungetc(c2, fp_);
          }
          return true;
        }
        return false;
    }
    return false;
  }

 private:
  int fail(int byte, size_t pos, const char* why) {
    vm_.raisef(Exc::UnicodeDecodeError, "'utf-8' codec can't decode byte 0x%02x in position %zu: %s", byte, pos, why);
    return -1;
  }
  VM& vm_;
  FILE* fp_;
  NewlineMode mode_;
  size_t pos_ = 0;
};

// Reads up to `limit` characters (all if negative); stops after a line end
// if `one_line`. Returns Empty with an exception on error.
Value read_text(VM& vm, FileObject* f, int64_t limit, bool one_line) {
  if (console_of(f) == 1 || console_of(f) == 2 || !f->readable) return raise_unsupported(vm, "not readable");
  before_read(f);
  Reader r(vm, f);
  std::string out;
  for (int64_t n = 0; limit < 0 || n < limit; n++) {
    int st = r.next(out);
    if (st < 0) return Value();
    if (st == 0) break;
    if (one_line && r.line_ended(out)) break;
  }
  return make_str(vm, out);
}

// read()'s size argument: an int, or (where allowed) None for "everything".
bool size_arg(VM& vm, const CallArgs& a, int64_t* out, bool allow_none) {
  *out = -1;
  if (a.nargs == 0) return true;
  const Value& v = a.args[0];
  if (allow_none && v.is_none()) return true;
  if (int_value(v, out)) return true;
  if (!allow_none) return index_value(vm, v, out);
  vm.raisef(Exc::TypeError, "argument should be integer or None, not '%.200s'", type_name(vm, v));
  return false;
}

// ------------------------------------------------------------ writing
bool write_bytes(VM& vm, FileObject* f, std::string_view s) {
  switch (console_of(f)) {
    case 1:
      if (vm.out) vm.out(s);
      else std::fwrite(s.data(), 1, s.size(), stdout);
      return true;
    case 2:
      if (vm.err) vm.err(s);
      else std::fwrite(s.data(), 1, s.size(), stderr);
      return true;
    default: break;
  }
  before_write(f);
  if (std::fwrite(s.data(), 1, s.size(), fp_of(f)) != s.size()) {
    raise_os_error(vm, errno, Value());
    return false;
  }
  return true;
}

// Writes one str with the file's newline translation; returns false on error.
bool write_str(VM& vm, FileObject* f, std::string_view s) {
  NewlineMode m = newline_of(f);
  if (m != NewlineMode::CR && m != NewlineMode::CRLF) return write_bytes(vm, f, s);
  const char* nl = m == NewlineMode::CR ? "\r" : "\r\n";
  std::string t;
  t.reserve(s.size() + 16);
  for (char c : s) {
    if (c == '\n') t += nl;
    else t += c;
  }
  return write_bytes(vm, f, t);
}

// ------------------------------------------------------------ methods
Value file_read(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "read");
  CallArgs r = rest(a);
  int64_t n;
  if (!f || !native_no_kwargs(vm, r, "read") || !native_positional(vm, r, "read", 0, 1) ||
      !size_arg(vm, r, &n, true))
    return Value();
  return read_text(vm, f, n, false);
}

Value file_readline(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "readline");
  CallArgs r = rest(a);
  int64_t n;
  if (!f || !native_no_kwargs(vm, r, "readline") || !native_positional(vm, r, "readline", 0, 1) ||
      !size_arg(vm, r, &n, false))
    return Value();
  return read_text(vm, f, n, true);
}

Value file_readlines(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "readlines");
  CallArgs r = rest(a);
  int64_t hint;
  if (!f || !native_no_kwargs(vm, r, "readlines") || !native_positional(vm, r, "readlines", 0, 1) ||
      !size_arg(vm, r, &hint, true))
    return Value();
  Value list = new_list(vm);
  if (list.is_empty()) return list;
  int64_t total = 0;
  for (;;) {
    Value line = read_text(vm, f, -1, true);
    if (line.is_empty()) return line;
    int64_t len = line.as<StrObject>()->length;
    if (len == 0) break;
    list_push(list, std::move(line));
    total += len;
    if (hint > 0 && total >= hint) break;  // CPython stops once the hint is reached
  }
  return list;
}

Value file_write(VM& vm, const CallArgs& a, const Value&) {
  CallArgs r = rest(a);
  if (a.nargs == 0 || !is_kind(a.args[0], ObjKind::File))
    return vm.raise(Exc::TypeError, "descriptor 'write' requires a '_io.TextIOWrapper' object");
  if (!native_one_arg(vm, r, "TextIOWrapper.write")) return Value();
  if (!is_str(r.args[0]))
    return vm.raisef(Exc::TypeError, "write() argument must be str, not %.200s", type_name(vm, r.args[0]));
  FileObject* f = open_file(vm, a, "write");
  if (!f) return Value();
  if (!f->writable) return raise_unsupported(vm, "not writable");
  if (!write_str(vm, f, str_view(r.args[0]))) return Value();
  return make_int(vm, r.args[0].as<StrObject>()->length);
}

Value file_writelines(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "writelines");
  CallArgs r = rest(a);
  if (!f || !native_one_arg(vm, r, "TextIOWrapper.writelines")) return Value();
  if (!f->writable) return raise_unsupported(vm, "not writable");
  Value it = get_iter(vm, r.args[0]);
  if (it.is_empty()) return it;
  for (;;) {
    Value line = iter_next(vm, it);
    if (line.is_empty()) {
      if (vm.has_exception()) return Value();
      return Value::none();
    }
    if (!is_str(line))
      return vm.raisef(Exc::TypeError, "write() argument must be str, not %.200s", type_name(vm, line));
    if (f->closed) return raise_closed(vm);
    if (!write_str(vm, f, str_view(line))) return Value();
  }
}

Value file_close(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs == 0 || !is_kind(a.args[0], ObjKind::File))
    return vm.raise(Exc::TypeError, "descriptor 'close' requires a '_io.TextIOWrapper' object");
  CallArgs r = rest(a);
  if (!native_no_args(vm, r, "TextIOWrapper.close")) return Value();
  FileObject* f = as_file(a.args[0]);
  if (f->closed) return Value::none();
  f->closed = true;
  if (FILE* fp = fp_of(f)) {
    f->fp = nullptr;
    if (std::fclose(fp) != 0) return raise_os_error(vm, errno, Value());
  }
  return Value::none();
}

Value file_flush(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "flush");
  if (!f || !native_no_args(vm, rest(a), "TextIOWrapper.flush")) return Value();
  if (fp_of(f) && std::fflush(fp_of(f)) != 0) return raise_os_error(vm, errno, Value());
  return Value::none();
}

Value file_tell(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "tell");
  if (!f || !native_no_args(vm, rest(a), "TextIOWrapper.tell")) return Value();
  if (!fp_of(f)) return raise_unsupported(vm, "underlying stream is not seekable");
  long pos = std::ftell(fp_of(f));
  if (pos < 0) return raise_os_error(vm, errno, Value());
  return make_int(vm, pos);
}

Value file_seek(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "seek");
  CallArgs r = rest(a);
  if (!f || !native_no_kwargs(vm, r, "seek") || !native_positional(vm, r, "seek", 1, 2)) return Value();
  int64_t off, whence = 0;
  if (!index_value(vm, r.args[0], &off) || (r.nargs > 1 && !index_value(vm, r.args[1], &whence))) return Value();
  if (!fp_of(f)) return raise_unsupported(vm, "underlying stream is not seekable");
  if (whence == 1 && off != 0) return raise_unsupported(vm, "can't do nonzero cur-relative seeks");
  if (whence == 2 && off != 0) return raise_unsupported(vm, "can't do nonzero end-relative seeks");
  if (whence < 0 || whence > 2)
    return vm.raisef(Exc::ValueError, "invalid whence (%lld, should be 0, 1 or 2)", (long long)whence);
  if (whence == 0 && off < 0) return vm.raisef(Exc::ValueError, "negative seek position %lld", (long long)off);
  if (std::fseek(fp_of(f), long(off), whence == 0 ? SEEK_SET : whence == 1 ? SEEK_CUR : SEEK_END) != 0)
    return raise_os_error(vm, errno, Value());
  f->aux &= ~kLastWrite;
  return make_int(vm, std::ftell(fp_of(f)));
}

Value file_truncate(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "truncate");
  CallArgs r = rest(a);
  if (!f || !native_no_kwargs(vm, r, "truncate") || !native_positional(vm, r, "truncate", 0, 1)) return Value();
  if (!fp_of(f)) return raise_unsupported(vm, "underlying stream is not seekable");
  if (!f->writable) return raise_unsupported(vm, "File not open for writing");
  std::fflush(fp_of(f));
  int64_t size = std::ftell(fp_of(f));
  if (r.nargs == 1 && !r.args[0].is_none() && !index_value(vm, r.args[0], &size)) return Value();
  if (ftruncate(fileno(fp_of(f)), off_t(size)) != 0) return raise_os_error(vm, errno, Value());
  return make_int(vm, size);
}

Value file_readable(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "readable");
  if (!f || !native_no_args(vm, rest(a), "TextIOWrapper.readable")) return Value();
  return Value::boolean(f->readable);
}

Value file_writable(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "writable");
  if (!f || !native_no_args(vm, rest(a), "TextIOWrapper.writable")) return Value();
  return Value::boolean(f->writable);
}

Value file_seekable(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "seekable");
  if (!f || !native_no_args(vm, rest(a), "TextIOWrapper.seekable")) return Value();
  if (!fp_of(f)) return Value::boolean(false);
  struct stat st;
  return Value::boolean(fstat(fileno(fp_of(f)), &st) == 0 && S_ISREG(st.st_mode));
}

int fd_of(FileObject* f) {
  switch (console_of(f)) {
    case 1: return 1;
    case 2: return 2;
    case 3: return 0;
    default: return fileno(fp_of(f));
  }
}

Value file_fileno(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "fileno");
  if (!f || !native_no_args(vm, rest(a), "TextIOWrapper.fileno")) return Value();
  return make_int(vm, fd_of(f));
}

Value file_isatty(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "isatty");
  if (!f || !native_no_args(vm, rest(a), "TextIOWrapper.isatty")) return Value();
  return Value::boolean(isatty(fd_of(f)) == 1);
}

Value file_enter(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "__enter__");
  if (!f || !native_no_args(vm, rest(a), "TextIOWrapper.__enter__")) return Value();
  return a.args[0];
}

Value file_exit(VM& vm, const CallArgs& a, const Value& data) {
  if (a.nargs == 0 || !is_kind(a.args[0], ObjKind::File))
    return vm.raise(Exc::TypeError, "descriptor '__exit__' requires a '_io.TextIOWrapper' object");
  CallArgs self_only{a.args, 1, nullptr};
  Value r = file_close(vm, self_only, data);
  if (r.is_empty()) return r;
  return Value::none();  // falsy: exceptions propagate
}

Value file_iter(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "__iter__");
  if (!f) return Value();
  return a.args[0];
}

Value file_next(VM& vm, const CallArgs& a, const Value&) {
  FileObject* f = open_file(vm, a, "__next__");
  if (!f) return Value();
  Value line = read_text(vm, f, -1, true);
  if (line.is_empty()) return line;
  if (line.as<StrObject>()->length == 0) return vm.raise_value(Value::borrow(vm.exc_type(Exc::StopIteration)));
  return line;
}

Value file_repr(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::File))
    return vm.raise(Exc::TypeError, "descriptor '__repr__' requires a '_io.TextIOWrapper' object");
  FileObject* f = as_file(a.args[0]);
  Value name = repr(vm, f->name);
  if (name.is_empty()) return name;
  Value mode = repr(vm, f->mode);
  if (mode.is_empty()) return mode;
  size_t enc = (f->aux & kEncodingMask) >> kEncodingShift;
  std::string s = "<_io.TextIOWrapper name=";
  s += str_view(name);
  s += " mode=";
  s += str_view(mode);
  s += " encoding='";
  s += enc < kNumEncodings ? kEncodings[enc] : "UTF-8";
  s += "'>";
  return make_str(vm, s);
}

// ------------------------------------------------------------ properties
Value prop_closed(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::File)) return vm.raise(Exc::TypeError, "closed: expected a file");
  return Value::boolean(as_file(a.args[0])->closed);
}

Value prop_name(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::File)) return vm.raise(Exc::TypeError, "name: expected a file");
  return as_file(a.args[0])->name;
}

Value prop_mode(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::File)) return vm.raise(Exc::TypeError, "mode: expected a file");
  return as_file(a.args[0])->mode;
}

Value prop_encoding(VM& vm, const CallArgs& a, const Value&) {
  if (a.nargs != 1 || !is_kind(a.args[0], ObjKind::File))
    return vm.raise(Exc::TypeError, "encoding: expected a file");
  FileObject* f = as_file(a.args[0]);
  size_t enc = (f->aux & kEncodingMask) >> kEncodingShift;
  return make_str(vm, enc < kNumEncodings ? kEncodings[enc] : "UTF-8");
}

// A read-only property on the file type whose getter is a native function.
bool add_property(VM& vm, const char* name, NativeFn getter) {
  auto* fn = object_new<NativeObject>(vm, ObjKind::Native, vm.types.builtin_function);
  Value fget = Value::steal(fn);
  fn->fn = getter;
  fn->name = name;
  fn->data = Value::none();
  fn->owner = Value::none();
  auto* prop = object_new<PropertyObject>(vm, ObjKind::Property, vm.types.property);
  Value pv = Value::steal(prop);
  prop->fget = fget;
  prop->fset = Value::none();
  prop->fdel = Value::none();
  prop->doc = Value::none();
  Value key = vm.intern(name);
  if (key.is_empty()) return false;
  return dict_setitem(vm, vm.types.file->dict.as<DictObject>(), key, pv);
}

// ------------------------------------------------------------ open()
bool is_utf8_name(std::string_view e, size_t* index) {
  for (size_t i = 1; i < kNumEncodings; i++)
    if (e == kEncodings[i]) {
      *index = i;
      return true;
    }
  // Any other spelling CPython accepts: case-insensitive, '-'/'_' ignored.
  std::string norm;
  for (char c : e)
    if (c != '-' && c != '_' && c != ' ') norm += char(std::tolower(uint8_t(c)));
  if (norm == "utf8" || norm == "u8") {
    *index = 1;  // shown as 'utf-8'
    return true;
  }
  return false;
}

// An optional str argument of open() (None allowed).
bool opt_str(VM& vm, const Value& v, const char* what, std::string_view* out, bool* given) {
  *given = false;
  if (v.is_empty() || v.is_none()) return true;
  if (!is_str(v)) {
    vm.raisef(Exc::TypeError, "open() argument '%s' must be str or None, not %.200s", what, type_name(vm, v));
    return false;
  }
  *out = str_view(v);
  *given = true;
  return true;
}

}  // namespace

Value builtin_open(VM& vm, const CallArgs& a, const Value&) {
  Value args[8];
  if (!bind_clinic_args(vm, a,
                        {"open", {"file", "mode", "buffering", "encoding", "errors", "newline", "closefd", "opener"},
                         0, 1, 8},
                        args))
    return Value();
  const Value& file = args[0];
  if (!is_str(file)) {
    if (is_int(file)) return vm.raise(Exc::NotImplementedError, "open() of a file descriptor is not supported");
    return vm.raisef(Exc::TypeError, "expected str, bytes or os.PathLike object, not %.200s", type_name(vm, file));
  }
  std::string_view mode = "r";
  Value mode_v = args[1].is_empty() ? make_str(vm, "r") : args[1];
  if (!args[1].is_empty()) {
    if (!is_str(args[1]))
      return vm.raisef(Exc::TypeError, "open() argument 'mode' must be str, not %.200s", type_name(vm, args[1]));
    mode = str_view(args[1]);
  }
  int64_t buffering = -1;
  if (!args[2].is_empty() && !index_value(vm, args[2], &buffering)) return Value();
  std::string_view encoding, errors, newline;
  bool has_encoding, has_errors, has_newline;
  if (!opt_str(vm, args[3], "encoding", &encoding, &has_encoding) ||
      !opt_str(vm, args[4], "errors", &errors, &has_errors) ||
      !opt_str(vm, args[5], "newline", &newline, &has_newline))
    return Value();
  if (!args[6].is_empty()) {
    int t = truthy(vm, args[6]);
    if (t < 0) return Value();
    if (!t) return vm.raise(Exc::ValueError, "Cannot use closefd=False with file name");
  }
  if (!args[7].is_empty() && !args[7].is_none())
    return vm.raise(Exc::NotImplementedError, "open() with an opener is not supported");

  // Decode the mode as CPython's _io.open does.
  bool creating = false, reading = false, writing = false, appending = false, updating = false, text = false,
       binary = false;
  for (size_t i = 0; i < mode.size(); i++) {
    char c = mode[i];
    bool* flag = c == 'x' ? &creating : c == 'r' ? &reading : c == 'w' ? &writing : c == 'a' ? &appending
               : c == '+' ? &updating : c == 't' ? &text : c == 'b' ? &binary : nullptr;
    if (!flag || mode.find(c, i + 1) != std::string_view::npos)
      return vm.raisef(Exc::ValueError, "invalid mode: '%.*s'", int(mode.size()), mode.data());
    *flag = true;
  }
  if (text && binary) return vm.raise(Exc::ValueError, "can't have text and binary mode at once");
  if (int(creating) + int(reading) + int(writing) + int(appending) > 1)
    return vm.raise(Exc::ValueError, "must have exactly one of create/read/write/append mode");
  if (binary) return vm.raise(Exc::NotImplementedError, "binary files (open() mode 'b') are not supported");
  if (!(creating || reading || writing || appending))
    return vm.raise(Exc::ValueError, "Must have exactly one of create/read/write/append mode and at most one plus");

  int flags = O_CLOEXEC;
  const char* cmode;
  if (reading) {
    flags |= updating ? O_RDWR : O_RDONLY;
    cmode = updating ? "r+" : "r";
  } else if (writing) {
    flags |= (updating ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC;
    cmode = updating ? "w+" : "w";
  } else if (appending) {
    flags |= (updating ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
    cmode = updating ? "a+" : "a";
  } else {
    flags |= (updating ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL;
    cmode = updating ? "w+" : "w";
  }
  std::string path(str_view(file));
  if (path.find('\0') != std::string::npos) return vm.raise(Exc::ValueError, "embedded null byte");
  int fd = ::open(path.c_str(), flags, 0666);
  if (fd < 0) return raise_os_error(vm, errno, file);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return raise_os_error(vm, EISDIR, file);
  }
  FILE* fp = fdopen(fd, cmode);
  if (!fp) {
    int err = errno;
    ::close(fd);
    return raise_os_error(vm, err, file);
  }
  auto* f = object_new<FileObject>(vm, ObjKind::File, vm.types.file);
  Value result = Value::steal(f);
  f->fp = fp;
  f->name = file;
  f->mode = mode_v;
  f->readable = reading || updating;
  f->writable = writing || appending || creating || updating;

  // The checks CPython makes once the file is open (so, as there, 'w' has
  // already truncated the file when they fail).
  if (buffering == 0) return vm.raise(Exc::ValueError, "can't have unbuffered text I/O");
  NewlineMode nl = NewlineMode::Universal;
  if (has_newline) {
    if (newline.empty()) nl = NewlineMode::Untranslated;
    else if (newline == "\n") nl = NewlineMode::LF;
    else if (newline == "\r") nl = NewlineMode::CR;
    else if (newline == "\r\n") nl = NewlineMode::CRLF;
    else return vm.raisef(Exc::ValueError, "illegal newline value: %.*s", int(newline.size()), newline.data());
  }
  size_t enc = 0;
  if (has_encoding && !is_utf8_name(encoding, &enc)) {
    std::string lower;
    for (char c : encoding) lower += char(std::tolower(uint8_t(c)));
    for (const char* known : kKnownCodecs)
      if (lower == known)
        return vm.raisef(Exc::NotImplementedError, "open(): encoding '%.*s' is not supported (Kiln's files are UTF-8)",
                         int(encoding.size()), encoding.data());
    return vm.raisef(Exc::LookupError, "unknown encoding: %.*s", int(encoding.size()), encoding.data());
  }
  if (has_errors && errors != "strict")
    return vm.raisef(Exc::NotImplementedError, "open(): errors='%.*s' is not supported", int(errors.size()),
                     errors.data());
  f->aux = uint16_t((uint16_t(nl) << kNewlineShift) | (enc << kEncodingShift));
  return result;
}

Value make_console_file(VM& vm, int which) {
  auto* f = object_new<FileObject>(vm, ObjKind::File, vm.types.file);
  Value result = Value::steal(f);
  f->fp = nullptr;
  f->name = make_str(vm, which == 1 ? "<stdout>" : which == 2 ? "<stderr>" : "<stdin>");
  f->mode = make_str(vm, which == 3 ? "r" : "w");
  f->readable = which == 3;
  f->writable = which != 3;
  f->aux = uint16_t(which & kConsoleMask) | uint16_t(1 << kEncodingShift);  // shown as 'utf-8'
  return result;
}

Value init_io_module(VM& vm) {
  Value m = new_native_module(vm, "io");
  if (m.is_empty()) return m;
  const Value& d = module_dict(m);
  // io.StringIO is Python (stdlib/lib/_stringio.py), loaded on first use.
  static const char* const kIoPython =
      "class UnsupportedOperation(OSError):\n"
      "    pass\n"
      "def __getattr__(name):\n"
      "    if name == 'StringIO':\n"
      "        from _stringio import StringIO\n"
      "        return StringIO\n"
      "    raise AttributeError(\"module 'io' has no attribute '\" + name + \"'\")\n";
  if (exec_source(vm, kIoPython, "<io>", d).is_empty()) return Value();
  vm.add_function(d, "open", builtin_open);
  if (!module_set(vm, m, "TextIOWrapper", Value::borrow(vm.types.file)) ||
      !module_set(vm, m, "SEEK_SET", Value::small_int(0)) || !module_set(vm, m, "SEEK_CUR", Value::small_int(1)) ||
      !module_set(vm, m, "SEEK_END", Value::small_int(2)) ||
      !module_set(vm, m, "DEFAULT_BUFFER_SIZE", Value::small_int(8192)))
    return Value();
  return m;
}

void init_file_type(VM& vm) {
  struct Entry {
    const char* name;
    NativeFn fn;
  };
  static const Entry kMethods[] = {
      {"read", file_read},         {"readline", file_readline}, {"readlines", file_readlines},
      {"write", file_write},       {"writelines", file_writelines}, {"close", file_close},
      {"flush", file_flush},       {"tell", file_tell},         {"seek", file_seek},
      {"truncate", file_truncate}, {"readable", file_readable}, {"writable", file_writable},
      {"seekable", file_seekable}, {"fileno", file_fileno},     {"isatty", file_isatty},
      {"__enter__", file_enter},   {"__exit__", file_exit},     {"__iter__", file_iter},
      {"__next__", file_next},     {"__repr__", file_repr},
  };
  for (const Entry& e : kMethods) vm.add_method(vm.types.file, e.name, e.fn);
  add_property(vm, "closed", prop_closed);
  add_property(vm, "name", prop_name);
  add_property(vm, "mode", prop_mode);
  add_property(vm, "encoding", prop_encoding);
}

}  // namespace kiln::vm
