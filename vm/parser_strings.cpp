// vm/parser_strings.cpp — string literal atoms: adjacent-literal
// concatenation, escape decoding and f-strings.
//
// F-strings are split here, as CPython 3.11 does in Parser/string_parser.c:
// the lexer hands over the whole literal, this file scans its body for
// `{expression!conversion:format_spec}` fields (same rules and messages as
// fstring_find_literal / fstring_find_expr), and each expression is lexed and
// parsed from its own source text, with positions that point into the file.
#include <algorithm>
#include <cstdio>

#include "vm/parser_impl.h"

namespace kiln::vm {

using namespace ast;

namespace {

bool py_isspace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string fmt_char(const char* fmt, char a, char b = 0) {
  char buf[128];
  snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}

ExprPtr str_constant(Pos pos, std::string s) {
  auto c = std::make_unique<Constant>(pos);
  c->ckind = ConstKind::Str;
  c->s = std::move(s);
  return c;
}

// Scanning state for one f-string token.
struct FString {
  Parser* p;
  Token tok;
  std::string_view body;
  size_t body_offset;  // of body[0] in the current lexer's source
  bool raw;

  [[noreturn]] void error(const std::string& msg) { p->fstring_error(tok, msg); }

  void add_literal(std::string_view lit, std::string& pending) {
    if (lit.empty()) return;
    std::string s, type, msg;
    if (!decode_string_body(lit, raw, &s, &type, &msg)) {
      if (type == "NotImplementedError") p->not_implemented(tok, msg);
      p->fail(type, msg, tok.end_line, tok.end_col);
    }
    pending += s;
  }

  static void flush(Pos pos, ExprList& values, std::string& pending) {
    if (pending.empty()) return;
    values.push_back(str_constant(pos, std::move(pending)));
    pending.clear();
  }

  // Literal text and fields from body[i]; stops at the end, or at a '}' that
  // closes a format spec (recurse > 0). Returns where it stopped.
  size_t parse(size_t i, int recurse, ExprList& values, std::string& pending) {
    const size_t n = body.size();
    for (;;) {
      size_t lit_start = i;
      bool doubled = false;
      while (i < n) {
        char ch = body[i++];
        if (!raw && ch == '\\' && i < n) {
          ch = body[i++];
          if (ch == 'N') {
            // Skip "\N{name}" so its '{' is not taken for a field.
            if (i < n && body[i++] == '{') {
              while (i < n && body[i++] != '}') {
              }
            }
            continue;
          }
        }
        if (ch == '{' || ch == '}') {
          if (recurse == 0) {
            if (i < n && body[i] == ch) {
              doubled = true;  // "{{" or "}}": the literal keeps one brace
              break;
            }
            if (ch == '}') error("f-string: single '}' is not allowed");
          }
          --i;
          break;
        }
      }
      add_literal(body.substr(lit_start, i - lit_start), pending);
      if (doubled) {
        ++i;
        continue;
      }
      if (i >= n || body[i] == '}') return i;
      i = field(i, recurse, values, pending);
    }
  }

  // One `{...}` field starting at body[i] == '{'; returns the index after '}'.
  size_t field(size_t i, int recurse, ExprList& values, std::string& pending) {
    const size_t n = body.size();
    if (recurse >= 2) error("f-string: expressions nested too deeply");
    ++i;
    const size_t expr_start = i;
    char quote = 0;
    int string_type = 0;
    std::string parens;
    while (i < n) {
      char ch = body[i];
      if (ch == '\\') error("f-string expression part cannot include a backslash");
      if (quote) {
        if (ch == quote) {
          if (string_type == 3) {
            if (i + 2 < n && body[i + 1] == ch && body[i + 2] == ch) {
              i += 3;
              quote = 0;
              string_type = 0;
              continue;
            }
          } else {
            ++i;
            quote = 0;
            string_type = 0;
            continue;
          }
        }
        ++i;
        continue;
      }
      if (ch == '\'' || ch == '"') {
        if (i + 2 < n && body[i + 1] == ch && body[i + 2] == ch) {
          string_type = 3;
          i += 2;
        } else {
          string_type = 1;
        }
        quote = ch;
      } else if (ch == '[' || ch == '{' || ch == '(') {
        if (parens.size() >= 200) error("f-string: too many nested parenthesis");
        parens.push_back(ch);
      } else if (ch == '#') {
        error("f-string expression part cannot include '#'");
      } else if (parens.empty() && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
        if (i + 1 < n) {
          char nx = body[i + 1];
          if ((ch == '!' && nx == '=') || (ch == '=' && nx == '=') || (ch == '<' && nx == '=') ||
              (ch == '>' && nx == '=')) {
            i += 2;
            continue;
          }
        }
        if (ch == '>' || ch == '<') {
          ++i;
          continue;
        }
        break;
      } else if (ch == ']' || ch == '}' || ch == ')') {
        if (parens.empty()) error(fmt_char("f-string: unmatched '%c'", ch));
        char open = parens.back();
        parens.pop_back();
        if (!((open == '(' && ch == ')') || (open == '[' && ch == ']') || (open == '{' && ch == '}')))
          error(fmt_char("f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", ch, open));
      }
      ++i;
    }
    const size_t expr_end = i;
    if (quote) error("f-string: unterminated string");
    if (!parens.empty()) error(fmt_char("f-string: unmatched '%c'", parens.back()));
    if (i >= n) error("f-string: expecting '}'");

    std::string_view expr_text = body.substr(expr_start, expr_end - expr_start);
    bool blank = true;
    for (char c : expr_text)
      if (!py_isspace(c)) blank = false;
    if (blank) error("f-string: empty expression not allowed");
    ExprPtr value = p->parse_fstring_expression(tok, body_offset + expr_start, expr_text);

    // `{x=}`: the expression's text (with the '=' and following spaces) is
    // emitted as literal text.
    std::string_view self_doc;
    if (body[i] == '=') {
      ++i;
      while (i < n && py_isspace(body[i])) ++i;
      self_doc = body.substr(expr_start, i - expr_start);
    }
    int conversion = -1;
    if (i < n && body[i] == '!') {
      ++i;
      if (i >= n) error("f-string: expecting '}'");
      char c = body[i++];
      if (c != 's' && c != 'r' && c != 'a')
        error("f-string: invalid conversion character: expected 's', 'r', or 'a'");
      conversion = c;
    }
    if (i >= n) error("f-string: expecting '}'");
    ExprPtr spec;
    if (body[i] == ':') {
      ++i;
      if (i >= n) error("f-string: expecting '}'");
      auto js = std::make_unique<JoinedStr>(p->pos_of(tok));
      std::string spec_pending;
      i = parse(i, recurse + 1, js->values, spec_pending);
      flush(p->pos_of(tok), js->values, spec_pending);
      spec = std::move(js);
    }
    if (i >= n || body[i] != '}') error("f-string: expecting '}'");
    ++i;
    if (!self_doc.empty()) {
      pending.append(self_doc);
      if (conversion == -1 && !spec) conversion = 'r';
    }
    flush(p->pos_of(tok), values, pending);
    auto fv = std::make_unique<FormattedValue>(p->pos_of(tok));
    fv->value = std::move(value);
    fv->conversion = conversion;
    fv->format_spec = std::move(spec);
    values.push_back(std::move(fv));
    return i;
  }
};

}  // namespace

void Parser::fstring_error(const Token& tok, const std::string& msg) {
  // CPython 3.11 reports f-string scanning errors at the end of the literal.
  fail("SyntaxError", msg, tok.end_line, tok.end_col);
}

void Parser::position_in_token(const Token& tok, size_t offset, int* line, int* col) {
  std::string_view src = cur_lexer_->source();
  int l = tok.line, c = tok.col;
  size_t from = tok.offset;
  PositionCache& pc = pos_cache_[std::min(fstring_depth_, 3)];
  if (pc.src == src.data() && pc.src_size == src.size() && pc.tok_offset == tok.offset && pc.tok_line == tok.line &&
      pc.tok_col == tok.col && pc.offset <= offset) {
    from = pc.offset;
    l = pc.line;
    c = pc.col;
  }
  for (size_t i = from; i < offset && i < src.size(); ++i) {
    unsigned char b = (unsigned char)src[i];
    if (b == '\n') {
      ++l;
      c = 1;
    } else if ((b & 0xC0) != 0x80) {
      ++c;
    }
  }
  pc = PositionCache{src.data(), src.size(), tok.offset, offset, tok.line, tok.col, l, c};
  *line = l;
  *col = c;
}

ExprPtr Parser::parse_fstring_expression(const Token& tok, size_t expr_offset, std::string_view expr_text) {
  int line, col;
  position_in_token(tok, expr_offset, &line, &col);
  Lexer sub(expr_text, line, col, /*expression_mode=*/true);
  std::vector<Token> sub_toks = sub.tokenize();

  // Parse the expression on its own token stream, then restore ours (also
  // when a failure unwinds through here).
  struct Swap {
    Parser* p;
    std::vector<Token> toks;
    size_t pos, furthest;
    const Lexer* lexer;
    ~Swap() {
      p->toks_ = std::move(toks);
      p->p_ = pos;
      p->furthest_ = furthest;
      p->cur_lexer_ = lexer;
      p->fstring_depth_--;
    }
  } swap{this, std::move(toks_), p_, furthest_, cur_lexer_};
  toks_ = std::move(sub_toks);
  p_ = 0;
  furthest_ = 0;
  cur_lexer_ = &sub;
  fstring_depth_++;
  Depth d(this, 1);

  ExprPtr e = at(Tok::Yield) ? parse_yield_expression() : parse_star_expressions();
  if (e->kind == ExprKind::Starred) fail_node(*e, "cannot use starred expression here");
  if (!at(Tok::EndMarker)) {
    check_missing_comma(*e);  // the expression is implicitly parenthesised
    fail_generic();
  }
  return e;
}

ExprPtr Parser::parse_strings() {
  const Token first = peek();
  Pos pos = pos_of(first);
  std::vector<Token> parts;
  bool any_f = false, any_bytes = false, any_str = false;
  while (at(Tok::String)) {
    const Token& t = next();
    parts.push_back(t);
    if (t.flags & kStrF) any_f = true;
    if (t.flags & kStrBytes) any_bytes = true;
    else any_str = true;
  }
  if (any_bytes && any_str) fail_at(first, "cannot mix bytes and nonbytes literals");
  if (any_bytes) not_implemented(first, "bytes literals are not supported");

  std::string pending;
  ExprList values;
  for (const Token& t : parts) {
    size_t q = (size_t)t.quote_len();
    size_t body_offset = t.offset + t.prefix_len + q;
    size_t body_len = t.length - t.prefix_len - 2 * q;
    std::string_view body = cur_lexer_->source().substr(body_offset, body_len);
    FString fs{this, t, body, body_offset, (t.flags & kStrRaw) != 0};
    if (t.flags & kStrF) {
      size_t end = fs.parse(0, 0, values, pending);
      if (end < body.size()) fs.error("f-string: single '}' is not allowed");
    } else {
      fs.add_literal(body, pending);
    }
  }
  if (!any_f) return str_constant(pos, std::move(pending));
  FString::flush(pos, values, pending);
  auto js = std::make_unique<JoinedStr>(pos);
  js->values = std::move(values);
  return js;
}

}  // namespace kiln::vm
