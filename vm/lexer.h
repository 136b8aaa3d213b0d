// vm/lexer.h — UTF-8 source text to tokens.
//
// The lexer turns a whole source buffer into a vector of tokens in one pass,
// following CPython 3.11's tokenizer: INDENT / DEDENT from leading whitespace
// (tabs to multiples of 8, with CPython's tab/space consistency check),
// NEWLINE suppressed inside brackets and after a `\` continuation, comments and
// blank lines dropped, numbers converted to int64 / double, and string literals
// kept as one token whose body the parser decodes (decode_string_body), so that
// f-strings can be split into their literal and expression parts there, as
// CPython 3.11 does.
//
// Errors: the lexer stops at the first lexical error, appends a Tok::Error
// token and records the error (message, type and position in CPython's
// wording). The parser reports it when it reaches that token, or instead of
// its own error when the lexer error would have won in CPython (CPython checks
// the rest of the file for tokenizer errors before reporting a syntax error).
//
// Columns are 1-based and count code points, like CPython's SyntaxError.offset.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vm/parser.h"

namespace kiln::vm {

enum class Tok : uint8_t {
#define KILN_TOKEN(name, text) name,
#include "vm/token.def"
};

// "name", "integer literal", "(", "def", ...: the description or spelling.
const char* tok_name(Tok t);
inline bool tok_is_keyword(Tok t) { return t >= Tok::False && t <= Tok::Yield; }

// Flags of a Tok::String token (its prefix letters and quoting).
enum StrFlag : uint8_t {
  kStrRaw = 1,
  kStrF = 2,
  kStrBytes = 4,
  kStrTriple = 8,
  kStrU = 16,
};
// Flags of a Tok::Int / Tok::Float token: literals that are valid Python but
// that Kiln rejects; the parser reports them (NotImplementedError) when it
// turns the token into a node, so that CPython's syntax errors still win.
enum NumFlag : uint8_t {
  kNumImaginary = 1,  // 1j
  kNumTooLarge = 2,   // an int literal beyond int64
};

struct Token {
  Tok kind = Tok::EndMarker;
  uint8_t flags = 0;        // String: StrFlag bits; Int / Float: NumFlag bits
  uint8_t prefix_len = 0;   // String: number of prefix letters (r, f, b, u)
  int line = 0, col = 0;          // start, 1-based (col in code points)
  int end_line = 0, end_col = 0;  // end, col exclusive
  uint32_t offset = 0, length = 0;  // byte range in Lexer::source()
  int64_t ival = 0;  // Int
  double fval = 0;   // Float

  int quote_len() const { return (flags & kStrTriple) ? 3 : 1; }
};

// How a lexical error interacts with a parser error found earlier in the file
// (mirrors CPython's _PyPegen_tokenize_full_source_to_check_for_errors).
enum class LexErrorKind : uint8_t {
  None,
  Overrides,       // a tokenizer error with an exception: reported even if the parser failed earlier
  UnclosedParen,   // EOF inside brackets: wins only over parser errors on later lines
  Quiet,           // dedent mismatch: only reported if the parser reaches it
};

class Lexer {
 public:
  // `first_line` / `first_col` place the start of `source` inside a larger
  // file (f-string expressions are lexed from their own text). In
  // `expression_mode` the source is lexed as if wrapped in parentheses: no
  // NEWLINE / INDENT tokens, and it ends with EndMarker directly.
  explicit Lexer(std::string_view source, int first_line = 1, int first_col = 1,
                 bool expression_mode = false);

  // Tokenizes the whole source. The vector ends with EndMarker, or with an
  // Error token when error_kind() != None.
  std::vector<Token> tokenize();

  LexErrorKind error_kind() const { return err_kind_; }
  const ParseError& error() const { return err_; }
  int unclosed_paren_line() const { return unclosed_line_; }

  // The (normalised: \r\n and \r become \n) source the tokens point into.
  std::string_view source() const { return src_; }
  std::string_view text(const Token& t) const { return src_.substr(t.offset, t.length); }
  // Text of a 1-based line of this source (without the newline).
  std::string line_text(int line) const;

 private:
  void lex_all(std::vector<Token>& out);
  bool lex_indentation(std::vector<Token>& out);
  bool lex_number(std::vector<Token>& out);
  bool lex_string(std::vector<Token>& out, size_t prefix_start, uint8_t flags);
  bool lex_name_or_string(std::vector<Token>& out);
  bool lex_operator(std::vector<Token>& out);

  Token make(Tok kind, size_t start) const;
  int col_at(size_t offset) const;  // 1-based column of a byte offset on the current line
  int cur_line() const;             // current line in the enclosing file
  void newline_at(size_t nl);       // bookkeeping after the '\n' at offset nl
  void fail(LexErrorKind kind, const char* type, std::string msg, int line, int col, int end_col = 0);
  void fail_here(std::string msg, size_t offset);  // SyntaxError at col = 0-based index of offset (CPython's number errors)

  std::string owned_;
  std::string_view src_;
  size_t pos_ = 0;
  size_t line_start_ = 0;
  int line_ = 1;
  int line_base_ = 1;       // added to line numbers (first_line)
  int first_col_ = 1;       // column of src_[0] in the enclosing file
  bool expr_mode_ = false;
  // Column cache: code points counted so far on the current line.
  mutable size_t cc_line_start_ = 0, cc_off_ = 0;
  mutable int cc_col_ = 0;
  bool at_bol_ = true;
  bool line_has_tokens_ = false;

  std::vector<int> indents_{0};
  std::vector<int> alt_indents_{0};
  struct Bracket { char ch; int line, col; };
  std::vector<Bracket> brackets_;

  LexErrorKind err_kind_ = LexErrorKind::None;
  ParseError err_;
  int unclosed_line_ = 0;
};

// Decodes the body of a (non-bytes) string literal: escapes unless `raw`.
// On failure returns false with *err_type / *err_msg set ("SyntaxError" with
// CPython's "(unicode error) ..." wording, or "NotImplementedError" for \N{...}).
bool decode_string_body(std::string_view body, bool raw, std::string* out, std::string* err_type,
                        std::string* err_msg);

// Appends the UTF-8 encoding of a code point (<= 0x10FFFF).
void append_utf8(std::string* out, uint32_t cp);

}  // namespace kiln::vm
