// vm/lexer.cpp — the tokenizer (see vm/lexer.h). Structure and error wording
// follow CPython 3.11's Parser/tokenizer.c so that error positions match.
#include "vm/lexer.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace kiln::vm {

namespace {

constexpr int kTabSize = 8;
constexpr int kMaxIndent = 100;  // CPython's MAXINDENT
constexpr int kMaxLevel = 200;   // CPython's MAXLEVEL (nested brackets)

const char* const kTokNames[] = {
#define KILN_TOKEN(name, text) text,
#include "vm/token.def"
};

struct Keyword {
  std::string_view text;
  Tok tok;
};
const Keyword kKeywords[] = {
#define KILN_KEYWORD(name, text) {text, Tok::name},
#include "vm/token.def"
};

struct IdentRange {
  uint32_t lo, hi;
  uint8_t cls;  // 1 start, 2 continue, 3 valid but not NFKC-stable
};
const IdentRange kIdentRanges[] = {
#include "vm/lexer_unicode.inc"
};

// Class of a non-ASCII code point in identifiers (0 = not allowed).
int ident_class(uint32_t cp) {
  const IdentRange* lo = std::begin(kIdentRanges);
  const IdentRange* hi = std::end(kIdentRanges);
  auto it = std::upper_bound(lo, hi, cp, [](uint32_t c, const IdentRange& r) { return c < r.lo; });
  if (it == lo) return 0;
  --it;
  return cp <= it->hi ? it->cls : 0;
}

bool is_ascii_ident_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_ascii_ident_char(unsigned char c) { return is_ascii_ident_start(c) || (c >= '0' && c <= '9'); }
// CPython's is_potential_identifier_char: any byte >= 128 counts.
bool is_potential_ident_char(int c) { return c >= 128 || (c >= 0 && is_ascii_ident_char((unsigned char)c)); }
bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Decodes one UTF-8 code point at s[i] (the source was validated up front).
uint32_t decode_utf8(std::string_view s, size_t i, size_t* len) {
  unsigned char c = (unsigned char)s[i];
  if (c < 0x80) { *len = 1; return c; }
  int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
  uint32_t cp = c & (0x7F >> n);
  for (int k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
  *len = (size_t)n;
  return cp;
}

// Whether CPython would call the code point non-printable (an approximation
// of Py_UNICODE_ISPRINTABLE: controls, format characters, separators).
bool is_non_printable(uint32_t cp) {
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0xA0) || cp == 0xAD || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) ||
         (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF ||
         (cp >= 0xFFF9 && cp <= 0xFFFB) || (cp >= 0xE000 && cp <= 0xF8FF);
}

// Checks that `s` is valid UTF-8; on failure returns the offset of the bad byte.
bool valid_utf8(std::string_view s, size_t* bad) {
  size_t i = 0, n = s.size();
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) { ++i; continue; }
    int len;
    uint32_t min;
    if (c >= 0xC2 && c <= 0xDF) { len = 2; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { len = 3; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { len = 4; min = 0x10000; }
    else { *bad = i; return false; }
    if (i + len > n) { *bad = i; return false; }
    uint32_t cp = c & (0x7F >> len);
    for (int k = 1; k < len; ++k) {
      unsigned char d = (unsigned char)s[i + k];
      if ((d & 0xC0) != 0x80) { *bad = i; return false; }
      cp = (cp << 6) | (d & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) { *bad = i; return false; }
    i += len;
  }
  return true;
}

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
}

// PEP 263 coding cookie on line 1 or 2: returns the declared encoding or "".
std::string coding_cookie(std::string_view src) {
  size_t pos = 0;
  for (int line = 0; line < 2 && pos < src.size(); ++line) {
    size_t end = src.find('\n', pos);
    if (end == std::string_view::npos) end = src.size();
    std::string_view l = src.substr(pos, end - pos);
    size_t i = 0;
    while (i < l.size() && (l[i] == ' ' || l[i] == '\t' || l[i] == '\f')) ++i;
    if (i < l.size() && l[i] == '#') {
      size_t c = l.find("coding", i);
      if (c != std::string_view::npos && c + 6 < l.size() && (l[c + 6] == ':' || l[c + 6] == '=')) {
        size_t k = c + 7;
        while (k < l.size() && (l[k] == ' ' || l[k] == '\t')) ++k;
        size_t b = k;
        while (k < l.size() && (is_ascii_ident_char((unsigned char)l[k]) || l[k] == '-' || l[k] == '.')) ++k;
        return std::string(l.substr(b, k - b));
      }
    } else if (i < l.size()) {
      return "";  // a line of code ends the search
    }
    pos = end + 1;
  }
  return "";
}

}  // namespace

const char* tok_name(Tok t) { return kTokNames[(int)t]; }

void append_utf8(std::string* out, uint32_t cp) {
  if (cp < 0x80) {
    out->push_back((char)cp);
  } else if (cp < 0x800) {
    out->push_back((char)(0xC0 | (cp >> 6)));
    out->push_back((char)(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back((char)(0xE0 | (cp >> 12)));
    out->push_back((char)(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back((char)(0x80 | (cp & 0x3F)));
  } else {
    out->push_back((char)(0xF0 | (cp >> 18)));
    out->push_back((char)(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back((char)(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back((char)(0x80 | (cp & 0x3F)));
  }
}

// ---------------------------------------------------------------- set-up

Lexer::Lexer(std::string_view source, int first_line, int first_col, bool expression_mode)
    : line_base_(first_line), first_col_(first_col), expr_mode_(expression_mode) {
  // Universal newlines, as CPython applies when it reads a file; a UTF-8 BOM
  // is dropped.
  size_t skip = 0;
  if (!expression_mode && source.size() >= 3 && (unsigned char)source[0] == 0xEF && (unsigned char)source[1] == 0xBB &&
      (unsigned char)source[2] == 0xBF)
    skip = 3;
  if (skip || source.find('\r') != std::string_view::npos) {
    owned_.reserve(source.size());
    for (size_t i = skip; i < source.size(); ++i) {
      char c = source[i];
      if (c == '\r') {
        owned_.push_back('\n');
        if (i + 1 < source.size() && source[i + 1] == '\n') ++i;
      } else {
        owned_.push_back(c);
      }
    }
    src_ = owned_;
  } else {
    src_ = source;
  }
  if (expr_mode_) at_bol_ = false;
}

std::string Lexer::line_text(int line) const {
  int l = line - line_base_ + 1;
  if (l < 1) return "";
  size_t pos = 0;
  for (int i = 1; i < l; ++i) {
    size_t nl = src_.find('\n', pos);
    if (nl == std::string_view::npos) return "";
    pos = nl + 1;
  }
  size_t end = src_.find('\n', pos);
  if (end == std::string_view::npos) end = src_.size();
  return std::string(src_.substr(pos, end - pos));
}

int Lexer::col_at(size_t offset) const {
  // Incremental count of code points from the line start (tokens arrive in
  // order, so this is linear over the line).
  if (cc_line_start_ != line_start_ || offset < cc_off_) {
    cc_line_start_ = line_start_;
    cc_off_ = line_start_;
    cc_col_ = 0;
  }
  for (; cc_off_ < offset && cc_off_ < src_.size(); ++cc_off_)
    if (((unsigned char)src_[cc_off_] & 0xC0) != 0x80) ++cc_col_;
  return cc_col_ + 1 + (line_ == 1 ? first_col_ - 1 : 0);
}

void Lexer::fail(LexErrorKind kind, const char* type, std::string msg, int line, int col, int end_col) {
  if (err_kind_ != LexErrorKind::None) return;
  err_kind_ = kind;
  err_.type = type;
  err_.msg = std::move(msg);
  err_.line = line;
  err_.col = col;
  err_.end_col = end_col;
  err_.line_text = line_text(line);
}

void Lexer::fail_here(std::string msg, size_t offset) {
  // CPython's tokenizer reports these at the count of characters before its
  // read position (a 1-based column pointing at the last character read).
  int col = col_at(offset) - 1;
  if (col < 1) col = 1;
  fail(LexErrorKind::Overrides, "SyntaxError", std::move(msg), cur_line(), col);
}

Token Lexer::make(Tok kind, size_t start) const {
  Token t;
  t.kind = kind;
  t.offset = (uint32_t)start;
  t.length = (uint32_t)(pos_ - start);
  t.line = t.end_line = cur_line();
  t.col = col_at(start);
  t.end_col = col_at(pos_);
  return t;
}

// ---------------------------------------------------------------- driver

std::vector<Token> Lexer::tokenize() {
  std::vector<Token> out;
  out.reserve(src_.size() / 3 + 8);
  size_t bad;
  if (!valid_utf8(src_, &bad)) {
    int line = 1 + (int)std::count(src_.begin(), src_.begin() + bad, '\n') + line_base_ - 1;
    fail(LexErrorKind::Overrides, "SyntaxError",
         format("Non-UTF-8 code starting with '\\x%02x' on line %d, but no encoding declared; "
                "see https://peps.python.org/pep-0263/ for details",
                (unsigned char)src_[bad], line),
         line, 1);
  } else if (size_t nul = src_.find('\0'); nul != std::string_view::npos) {
    int line = 1 + (int)std::count(src_.begin(), src_.begin() + nul, '\n') + line_base_ - 1;
    fail(LexErrorKind::Overrides, "SyntaxError", "source code cannot contain null bytes", line, 1);
  } else if (!expr_mode_) {
    std::string enc = coding_cookie(src_);
    for (char& c : enc) c = (char)std::tolower((unsigned char)c);
    std::replace(enc.begin(), enc.end(), '_', '-');
    bool ascii = std::all_of(src_.begin(), src_.end(), [](char c) { return (unsigned char)c < 0x80; });
    if (!enc.empty() && enc != "utf-8" && enc != "utf8" && enc != "utf-8-sig" && !ascii)
      fail(LexErrorKind::Overrides, "NotImplementedError",
           "source encoding '" + enc + "' is not supported (Kiln reads UTF-8 source only)", 1, 1);
  }
  if (err_kind_ == LexErrorKind::None) lex_all(out);
  if (err_kind_ != LexErrorKind::None) {
    Token t;
    t.kind = Tok::Error;
    t.line = t.end_line = err_.line;
    t.col = t.end_col = err_.col;
    t.offset = (uint32_t)std::min(pos_, src_.size());
    out.push_back(t);
  }
  return out;
}

int Lexer::cur_line() const { return line_ + line_base_ - 1; }

void Lexer::newline_at(size_t nl) {
  ++line_;
  line_start_ = nl + 1;
}

void Lexer::lex_all(std::vector<Token>& out) {
  const size_t n = src_.size();
  for (;;) {
    if (at_bol_) {
      at_bol_ = false;
      if (!lex_indentation(out)) return;
      if (pos_ >= n) break;
    }
    // Whitespace between tokens.
    while (pos_ < n && (src_[pos_] == ' ' || src_[pos_] == '\t' || src_[pos_] == '\f')) ++pos_;
    if (pos_ >= n) break;
    char c = src_[pos_];
    if (c == '#') {
      while (pos_ < n && src_[pos_] != '\n') ++pos_;
      continue;
    }
    if (c == '\n') {
      if (!brackets_.empty() || expr_mode_ || !line_has_tokens_) {
        ++pos_;
        newline_at(pos_ - 1);
        if (brackets_.empty() && !expr_mode_) at_bol_ = true;
        continue;
      }
      size_t start = pos_;
      ++pos_;
      out.push_back(make(Tok::Newline, start));
      newline_at(start);
      at_bol_ = true;
      line_has_tokens_ = false;
      continue;
    }
    if (c == '\\') {
      if (pos_ + 1 < n && src_[pos_ + 1] == '\n') {
        if (pos_ + 2 >= n) {
          // `x = 1 + \` then end of file: reported just after the backslash.
          fail(LexErrorKind::Overrides, "SyntaxError", "unexpected EOF while parsing", cur_line(),
               col_at(pos_) + 1);
          return;
        }
        pos_ += 2;
        newline_at(pos_ - 1);
        continue;
      }
      if (pos_ + 1 >= n) {
        ++pos_;
        fail(LexErrorKind::Overrides, "SyntaxError", "unexpected EOF while parsing", cur_line(), col_at(pos_));
        return;
      }
      fail(LexErrorKind::Overrides, "SyntaxError", "unexpected character after line continuation character",
           cur_line(), col_at(pos_ + 1));
      return;
    }
    line_has_tokens_ = true;
    bool ok;
    if (is_digit(c) || (c == '.' && pos_ + 1 < n && is_digit(src_[pos_ + 1])))
      ok = lex_number(out);
    else if (c == '\'' || c == '"')
      ok = lex_string(out, pos_, 0);
    else if (is_ascii_ident_start((unsigned char)c) || (unsigned char)c >= 0x80)
      ok = lex_name_or_string(out);
    else
      ok = lex_operator(out);
    if (!ok) return;
  }
  // End of input.
  if (!brackets_.empty()) {
    const Bracket& b = brackets_.back();
    unclosed_line_ = b.line;
    fail(LexErrorKind::UnclosedParen, "SyntaxError", format("'%c' was never closed", b.ch), b.line, b.col);
    return;
  }
  if (expr_mode_) {
    out.push_back(make(Tok::EndMarker, pos_));
    return;
  }
  if (line_has_tokens_) {
    out.push_back(make(Tok::Newline, pos_));
    out.back().length = 0;
  }
  // CPython places the final DEDENTs and ENDMARKER at the end of the last
  // line rather than on the empty line after it.
  Token eof = make(Tok::EndMarker, pos_);
  if (!src_.empty() && src_.back() == '\n' && line_ > 1) {
    size_t last_start = src_.rfind('\n', src_.size() - 2);
    last_start = last_start == std::string_view::npos ? 0 : last_start + 1;
    int cols = 1;
    for (size_t i = last_start; i + 1 < src_.size(); ++i)
      if (((unsigned char)src_[i] & 0xC0) != 0x80) ++cols;
    eof.line = eof.end_line = cur_line() - 1;
    eof.col = eof.end_col = cols;
  }
  eof.length = 0;
  for (size_t i = 1; i < indents_.size(); ++i) {
    Token t = eof;
    t.kind = Tok::Dedent;
    out.push_back(t);
  }
  indents_.resize(1);
  alt_indents_.resize(1);
  out.push_back(eof);
}

// At the start of a logical line: measures the indentation and emits INDENT /
// DEDENT tokens. Blank and comment-only lines are consumed here entirely.
bool Lexer::lex_indentation(std::vector<Token>& out) {
  const size_t n = src_.size();
  for (;;) {
    int col = 0, altcol = 0;
    size_t p = pos_;
    for (; p < n; ++p) {
      char c = src_[p];
      if (c == ' ') { ++col; ++altcol; }
      else if (c == '\t') { col = (col / kTabSize + 1) * kTabSize; ++altcol; }
      else if (c == '\f') { col = altcol = 0; }
      else break;
    }
    if (p >= n) { pos_ = p; return true; }  // trailing whitespace at EOF
    if (src_[p] == '#' || src_[p] == '\n') {
      // Blank line: no effect on indentation, no NEWLINE.
      size_t nl = src_.find('\n', p);
      if (nl == std::string_view::npos) { pos_ = n; return true; }
      pos_ = nl + 1;
      newline_at(nl);
      continue;
    }
    if (src_[p] == '\\' && p + 1 < n && src_[p + 1] == '\n') {
      // A continuation line with nothing before the backslash: CPython keeps
      // measuring on the next line as if joined; treat it as part of the line.
      pos_ = p;
    }
    size_t ws = p - pos_;
    pos_ = p;
    int ws_col = (int)ws;  // CPython reports indentation errors at this column
    if (col == indents_.back()) {
      if (altcol != alt_indents_.back()) {
        fail(LexErrorKind::Overrides, "TabError", "inconsistent use of tabs and spaces in indentation", cur_line(),
             1);
        return false;
      }
    } else if (col > indents_.back()) {
      if ((int)indents_.size() >= kMaxIndent) {
        fail(LexErrorKind::Overrides, "IndentationError", "too many levels of indentation", cur_line(), 1);
        return false;
      }
      if (altcol <= alt_indents_.back()) {
        fail(LexErrorKind::Overrides, "TabError", "inconsistent use of tabs and spaces in indentation", cur_line(),
             1);
        return false;
      }
      indents_.push_back(col);
      alt_indents_.push_back(altcol);
      Token t = make(Tok::Indent, pos_);
      t.col = std::max(ws_col, 1);
      out.push_back(t);
    } else {
      // Check the target level before emitting anything: on a mismatch
      // CPython returns the error before any of the DEDENTs.
      size_t keep = indents_.size();
      while (keep > 1 && col < indents_[keep - 1]) --keep;
      if (col != indents_[keep - 1]) {
        size_t eol = src_.find('\n', pos_);
        if (eol == std::string_view::npos) eol = n;
        fail(LexErrorKind::Quiet, "IndentationError", "unindent does not match any outer indentation level",
             cur_line(), col_at(eol));
        return false;
      }
      while (indents_.size() > keep) {
        indents_.pop_back();
        alt_indents_.pop_back();
        Token t = make(Tok::Dedent, pos_);
        t.col = std::max(ws_col, 1);
        out.push_back(t);
      }
      if (altcol != alt_indents_.back()) {
        fail(LexErrorKind::Overrides, "TabError", "inconsistent use of tabs and spaces in indentation", cur_line(),
             1);
        return false;
      }
    }
    return true;
  }
}

// ---------------------------------------------------------------- numbers

bool Lexer::lex_number(std::vector<Token>& out) {
  const size_t n = src_.size();
  const size_t start = pos_;
  size_t p = pos_;
  auto at = [&](size_t i) -> int { return i < n ? (unsigned char)src_[i] : -1; };
  // CPython's verify_end_of_number: a number directly followed by a name is
  // an error, except before the keywords that can follow a number.
  auto verify_end = [&](size_t q, const char* kind) -> bool {
    int c = at(q);
    auto la = [&](const char* rest) { return src_.substr(q + 1, strlen(rest)) == rest; };
    bool kw = (c == 'a' && la("nd")) || (c == 'e' && la("lse")) || (c == 'f' && la("or")) ||
              (c == 'i' && (at(q + 1) == 'f' || at(q + 1) == 'n' || at(q + 1) == 's')) ||
              (c == 'o' && la("r")) || (c == 'n' && la("ot"));
    if (!kw && is_potential_ident_char(c)) {
      fail_here(format("invalid %s literal", kind), q);
      return false;
    }
    return true;
  };
  // Digits with single underscores between them; returns false on error.
  auto decimal_tail = [&]() -> bool {
    for (;;) {
      while (is_digit(at(p))) ++p;
      if (at(p) != '_') return true;
      ++p;
      if (!is_digit(at(p))) {
        fail_here("invalid decimal literal", p);
        return false;
      }
    }
  };
  bool is_float = false, imag = false;
  int radix = 10;
  bool done = false;

  if (at(p) == '0' && (at(p + 1) == 'x' || at(p + 1) == 'X' || at(p + 1) == 'o' || at(p + 1) == 'O' ||
                       at(p + 1) == 'b' || at(p + 1) == 'B')) {
    char k = (char)std::tolower(at(p + 1));
    p += 2;
    radix = k == 'x' ? 16 : k == 'o' ? 8 : 2;
    const char* kind = k == 'x' ? "hexadecimal" : k == 'o' ? "octal" : "binary";
    auto ok_digit = [&](int c) { return radix == 16 ? is_xdigit(c) : radix == 8 ? (c >= '0' && c <= '7') : (c == '0' || c == '1'); };
    for (;;) {
      if (at(p) == '_') ++p;
      if (!ok_digit(at(p))) {
        if (radix != 16 && is_digit(at(p))) {
          fail_here(format("invalid digit '%c' in %s literal", at(p), kind), p + 1);
        } else {
          fail_here(format("invalid %s literal", kind), p);
        }
        return false;
      }
      while (ok_digit(at(p))) ++p;
      if (at(p) != '_') break;
    }
    if (radix != 16 && is_digit(at(p))) {
      fail_here(format("invalid digit '%c' in %s literal", at(p), kind), p + 1);
      return false;
    }
    if (!verify_end(p, kind)) return false;
    done = true;
  } else if (at(p) == '0') {
    // Zeros, possibly the start of a float ("00.5", "0e3").
    bool nonzero = false;
    for (;;) {
      if (at(p) == '_') {
        ++p;
        if (!is_digit(at(p))) {
          fail_here("invalid decimal literal", p);
          return false;
        }
      }
      if (at(p) != '0') break;
      ++p;
    }
    size_t zeros_end = p;
    if (is_digit(at(p))) {
      nonzero = true;
      if (!decimal_tail()) return false;
    }
    if (at(p) == '.' || at(p) == 'e' || at(p) == 'E' || at(p) == 'j' || at(p) == 'J') {
      // falls through to the fraction / exponent code below
    } else if (nonzero) {
      (void)zeros_end;
      fail(LexErrorKind::Overrides, "SyntaxError",
           "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
           cur_line(), col_at(start), col_at(zeros_end) + 1);
      return false;
    } else {
      if (!verify_end(p, "decimal")) return false;
      done = true;
    }
  } else if (at(p) != '.') {
    if (!decimal_tail()) return false;
  }
  if (!done) {
    if (at(p) == '.') {
      is_float = true;
      ++p;
      if (is_digit(at(p)) && !decimal_tail()) return false;
    }
    if (at(p) == 'e' || at(p) == 'E') {
      size_t e = p;
      ++p;
      if (at(p) == '+' || at(p) == '-') {
        ++p;
        if (!is_digit(at(p))) {
          fail_here("invalid decimal literal", p);
          return false;
        }
      } else if (!is_digit(at(p))) {
        // "1else": the 'e' starts the next token.
        if (!verify_end(e, "decimal")) return false;
        p = e;
        goto finish;
      }
      is_float = true;
      if (!decimal_tail()) return false;
    }
    if (at(p) == 'j' || at(p) == 'J') {
      imag = true;
      ++p;
      if (!verify_end(p, "imaginary")) return false;
    } else if (!verify_end(p, "decimal")) {
      return false;
    }
  }
finish:
  pos_ = p;
  Token t = make(is_float ? Tok::Float : Tok::Int, start);
  if (imag) {
    t.flags |= kNumImaginary;
  } else {
    // Value, without underscores.
    std::string digits;
    digits.reserve(p - start);
    for (size_t i = start + (radix == 10 ? 0 : 2); i < p; ++i)
      if (src_[i] != '_') digits.push_back(src_[i]);
    if (is_float) {
      double d = 0;
      auto r = std::from_chars(digits.data(), digits.data() + digits.size(), d);
      if (r.ec == std::errc::result_out_of_range) d = std::strtod(digits.c_str(), nullptr);  // inf or a denormal
      t.fval = d;
    } else {
      uint64_t v = 0;
      auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v, radix);
      if (r.ec == std::errc::result_out_of_range || v > (uint64_t)INT64_MAX)
        t.flags |= kNumTooLarge;
      else
        t.ival = (int64_t)v;
    }
  }
  out.push_back(t);
  return true;
}

// ---------------------------------------------------------------- names and strings

bool Lexer::lex_name_or_string(std::vector<Token>& out) {
  const size_t n = src_.size();
  const size_t start = pos_;
  // String prefixes: up to two letters among b, r, u, f directly before a quote.
  if (strchr("rRbBuUfF", src_[pos_]) != nullptr) {
    bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
    size_t p = pos_;
    uint8_t flags = 0;
    while (p < n) {
      char c = src_[p];
      char l = (char)std::tolower((unsigned char)c);
      if (!(saw_b || saw_u || saw_f) && l == 'b') { saw_b = true; flags |= kStrBytes; }
      else if (!(saw_b || saw_u || saw_r || saw_f) && l == 'u') { saw_u = true; flags |= kStrU; }
      else if (!(saw_r || saw_u) && l == 'r') { saw_r = true; flags |= kStrRaw; }
      else if (!(saw_f || saw_b || saw_u) && l == 'f') { saw_f = true; flags |= kStrF; }
      else break;
      ++p;
      if (p < n && (src_[p] == '\'' || src_[p] == '"')) {
        pos_ = p;
        return lex_string(out, start, flags);
      }
    }
  }
  size_t p = pos_;
  bool ascii = true;
  while (p < n) {
    unsigned char c = (unsigned char)src_[p];
    if (is_ascii_ident_char(c)) { ++p; continue; }
    if (c < 0x80) break;
    ascii = false;
    size_t len;
    decode_utf8(src_, p, &len);
    p += len;
  }
  if (!ascii) {
    // Validate every non-ASCII character (CPython's verify_identifier).
    for (size_t q = start; q < p;) {
      size_t len;
      uint32_t cp = decode_utf8(src_, q, &len);
      if (cp >= 0x80) {
        int cls = ident_class(cp);
        bool first = q == start;
        if (cls == 0 || (first && cls == 2)) {
          pos_ = q;
          if (is_non_printable(cp))
            fail(LexErrorKind::Overrides, "SyntaxError", format("invalid non-printable character U+%04X", cp),
                 cur_line(), col_at(q));
          else
            fail(LexErrorKind::Overrides, "SyntaxError",
                 format("invalid character '%.*s' (U+%04X)", (int)len, src_.data() + q, cp), cur_line(),
                 col_at(q));
          return false;
        }
        if (cls == 3) {
          pos_ = q;
          fail(LexErrorKind::Overrides, "NotImplementedError",
               format("identifier character '%.*s' (U+%04X) changes under NFKC normalization, which Kiln does "
                      "not implement",
                      (int)len, src_.data() + q, cp),
               cur_line(), col_at(q));
          return false;
        }
      }
      q += len;
    }
  }
  pos_ = p;
  Token t = make(Tok::Name, start);
  std::string_view text = src_.substr(start, p - start);
  if (ascii && text.size() >= 2 && text.size() <= 8) {
    for (const Keyword& k : kKeywords)
      if (k.text == text) {
        t.kind = k.tok;
        break;
      }
  }
  out.push_back(t);
  return true;
}

bool Lexer::lex_string(std::vector<Token>& out, size_t prefix_start, uint8_t flags) {
  const size_t n = src_.size();
  const int start_line = cur_line();
  const int start_col = col_at(prefix_start);
  const size_t quote_pos = pos_;
  char quote = src_[pos_];
  size_t p = pos_ + 1;
  int quote_size = 1;
  if (p + 1 < n && src_[p] == quote && src_[p + 1] == quote) {
    quote_size = 3;
    p += 2;
    flags |= kStrTriple;
  }
  for (;;) {
    if (p >= n || (quote_size == 1 && src_[p] == '\n')) {
      // "detected at" is the line the tokenizer was on: at end of file after a
      // final newline that is still the last line.
      int detected = cur_line();
      if (p >= n && n > 0 && src_[n - 1] == '\n' && detected > start_line) --detected;
      if (quote_size == 3)
        fail(LexErrorKind::Overrides, "SyntaxError",
             format("unterminated triple-quoted string literal (detected at line %d)", detected), start_line,
             start_col);
      else
        fail(LexErrorKind::Overrides, "SyntaxError",
             format("unterminated string literal (detected at line %d)", detected), start_line, start_col);
      return false;
    }
    char c = src_[p];
    if (c == '\\') {
      if (p + 1 < n && src_[p + 1] == '\n') newline_at(p + 1);
      p += 2;
      continue;
    }
    if (c == '\n') {
      newline_at(p);
      ++p;
      continue;
    }
    if (c == quote) {
      if (quote_size == 1) { ++p; break; }
      if (p + 2 < n && src_[p + 1] == quote && src_[p + 2] == quote) { p += 3; break; }
    }
    ++p;
  }
  pos_ = std::min(p, n);
  Token t;
  t.kind = Tok::String;
  t.flags = flags;
  t.prefix_len = (uint8_t)(quote_pos - prefix_start);
  t.offset = (uint32_t)prefix_start;
  t.length = (uint32_t)(pos_ - prefix_start);
  t.line = start_line;
  t.col = start_col;
  t.end_line = cur_line();
  t.end_col = col_at(pos_);
  out.push_back(t);
  return true;
}

// ---------------------------------------------------------------- operators

bool Lexer::lex_operator(std::vector<Token>& out) {
  const size_t n = src_.size();
  const size_t start = pos_;
  char c = src_[pos_];
  char c1 = pos_ + 1 < n ? src_[pos_ + 1] : '\0';
  char c2 = pos_ + 2 < n ? src_[pos_ + 2] : '\0';
  Tok kind;
  int len = 1;
  switch (c) {
    case '(': case '[': case '{': {
      pos_++;
      if ((int)brackets_.size() >= kMaxLevel) {
        fail_here("too many nested parentheses", pos_);
        return false;
      }
      brackets_.push_back({c, cur_line(), col_at(start)});
      out.push_back(make(c == '(' ? Tok::LPar : c == '[' ? Tok::LSqb : Tok::LBrace, start));
      return true;
    }
    case ')': case ']': case '}': {
      pos_++;
      if (brackets_.empty()) {
        fail_here(format("unmatched '%c'", c), pos_);
        return false;
      }
      Bracket b = brackets_.back();
      char want = b.ch == '(' ? ')' : b.ch == '[' ? ']' : '}';
      if (c != want) {
        if (b.line != cur_line())
          fail_here(format("closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, b.ch,
                           b.line),
                    pos_);
        else
          fail_here(format("closing parenthesis '%c' does not match opening parenthesis '%c'", c, b.ch), pos_);
        return false;
      }
      brackets_.pop_back();
      out.push_back(make(c == ')' ? Tok::RPar : c == ']' ? Tok::RSqb : Tok::RBrace, start));
      return true;
    }
    case ':': if (c1 == '=') { kind = Tok::ColonEqual; len = 2; } else kind = Tok::Colon; break;
    case ',': kind = Tok::Comma; break;
    case ';': kind = Tok::Semi; break;
    case '+': if (c1 == '=') { kind = Tok::PlusEqual; len = 2; } else kind = Tok::Plus; break;
    case '-':
      if (c1 == '=') { kind = Tok::MinEqual; len = 2; }
      else if (c1 == '>') { kind = Tok::RArrow; len = 2; }
      else kind = Tok::Minus;
      break;
    case '*':
      if (c1 == '*') {
        if (c2 == '=') { kind = Tok::DoubleStarEqual; len = 3; } else { kind = Tok::DoubleStar; len = 2; }
      } else if (c1 == '=') { kind = Tok::StarEqual; len = 2; }
      else kind = Tok::Star;
      break;
    case '/':
      if (c1 == '/') {
        if (c2 == '=') { kind = Tok::DoubleSlashEqual; len = 3; } else { kind = Tok::DoubleSlash; len = 2; }
      } else if (c1 == '=') { kind = Tok::SlashEqual; len = 2; }
      else kind = Tok::Slash;
      break;
    case '|': if (c1 == '=') { kind = Tok::VBarEqual; len = 2; } else kind = Tok::VBar; break;
    case '&': if (c1 == '=') { kind = Tok::AmperEqual; len = 2; } else kind = Tok::Amper; break;
    case '^': if (c1 == '=') { kind = Tok::CircumflexEqual; len = 2; } else kind = Tok::Circumflex; break;
    case '%': if (c1 == '=') { kind = Tok::PercentEqual; len = 2; } else kind = Tok::Percent; break;
    case '@': if (c1 == '=') { kind = Tok::AtEqual; len = 2; } else kind = Tok::At; break;
    case '~': kind = Tok::Tilde; break;
    case '=': if (c1 == '=') { kind = Tok::EqEqual; len = 2; } else kind = Tok::Equal; break;
    case '!': if (c1 == '=') { kind = Tok::NotEqual; len = 2; } else kind = Tok::Exclamation; break;
    case '<':
      if (c1 == '<') {
        if (c2 == '=') { kind = Tok::LeftShiftEqual; len = 3; } else { kind = Tok::LeftShift; len = 2; }
      } else if (c1 == '=') { kind = Tok::LessEqual; len = 2; }
      else kind = Tok::Less;
      break;
    case '>':
      if (c1 == '>') {
        if (c2 == '=') { kind = Tok::RightShiftEqual; len = 3; } else { kind = Tok::RightShift; len = 2; }
      } else if (c1 == '=') { kind = Tok::GreaterEqual; len = 2; }
      else kind = Tok::Greater;
      break;
    case '.':
      if (c1 == '.' && c2 == '.') { kind = Tok::Ellipsis; len = 3; } else kind = Tok::Dot;
      break;
    default: {
      unsigned char u = (unsigned char)c;
      if (u < 0x20 || u == 0x7F) {
        fail(LexErrorKind::Overrides, "SyntaxError", format("invalid non-printable character U+%04X", u), cur_line(),
             col_at(pos_));
      } else {
        // '$', '?', '`': CPython's tokenizer returns an error token and the
        // parser says "invalid syntax" there.
        fail(LexErrorKind::Quiet, "SyntaxError", "invalid syntax", cur_line(), col_at(pos_), col_at(pos_) + 1);
      }
      return false;
    }
  }
  pos_ += len;
  out.push_back(make(kind, start));
  return true;
}

// ---------------------------------------------------------------- string bodies

bool decode_string_body(std::string_view body, bool raw, std::string* out, std::string* err_type,
                        std::string* err_msg) {
  out->clear();
  if (raw || body.find('\\') == std::string_view::npos) {
    out->assign(body);
    return true;
  }
  out->reserve(body.size());
  const size_t n = body.size();
  auto unicode_error = [&](size_t from, size_t to, const char* what) {
    *err_type = "SyntaxError";
    *err_msg = format("(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: %s", from, to,
                      what);
    return false;
  };
  for (size_t i = 0; i < n;) {
    char c = body[i];
    if (c != '\\') {
      out->push_back(c);
      ++i;
      continue;
    }
    if (i + 1 >= n) {  // cannot happen for a lexed literal; keep the backslash
      out->push_back('\\');
      break;
    }
    char e = body[i + 1];
    size_t esc = i;
    i += 2;
    switch (e) {
      case '\n': break;  // line continuation inside the literal
      case '\\': out->push_back('\\'); break;
      case '\'': out->push_back('\''); break;
      case '"': out->push_back('"'); break;
      case 'a': out->push_back('\a'); break;
      case 'b': out->push_back('\b'); break;
      case 'f': out->push_back('\f'); break;
      case 'n': out->push_back('\n'); break;
      case 'r': out->push_back('\r'); break;
      case 't': out->push_back('\t'); break;
      case 'v': out->push_back('\v'); break;
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        uint32_t v = (uint32_t)(e - '0');
        for (int k = 0; k < 2 && i < n && body[i] >= '0' && body[i] <= '7'; ++k) v = v * 8 + (uint32_t)(body[i++] - '0');
        append_utf8(out, v);
        break;
      }
      case 'x': case 'u': case 'U': {
        int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t v = 0;
        int k = 0;
        for (; k < digits && i < n && is_xdigit((unsigned char)body[i]); ++k, ++i) {
          char h = body[i];
          v = v * 16 + (uint32_t)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
        }
        if (k < digits) {
          const char* what = e == 'x' ? "truncated \\xXX escape"
                             : e == 'u' ? "truncated \\uXXXX escape"
                                        : "truncated \\UXXXXXXXX escape";
          return unicode_error(esc, i - 1, what);
        }
        if (v > 0x10FFFF) return unicode_error(esc, i - 1, "illegal Unicode character");
        if (v >= 0xD800 && v <= 0xDFFF) {
          *err_type = "NotImplementedError";
          *err_msg = "surrogate code points in string literals are not supported";
          return false;
        }
        append_utf8(out, v);
        break;
      }
      case 'N':
        *err_type = "NotImplementedError";
        *err_msg = "\\N{...} escapes (Unicode character names) are not supported";
        return false;
      default:
        // Unknown escapes keep the backslash (CPython warns, then does this).
        out->push_back('\\');
        out->push_back(e);
        break;
    }
  }
  return true;
}

}  // namespace kiln::vm
