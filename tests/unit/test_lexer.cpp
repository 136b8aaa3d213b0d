// tests/unit/test_lexer.cpp — lexer unit tests: token kinds and values for
// every literal form, INDENT / DEDENT, line joining, and error messages and
// positions (checked against CPython 3.11's tokenizer errors).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "vm/lexer.h"

using namespace kiln::vm;

namespace {

std::vector<Token> lex(std::string_view src) {
  Lexer lx(src);
  return lx.tokenize();
}

// "kind kind kind" with names as their text, for compact expectations.
std::string kinds(std::string_view src) {
  Lexer lx(src);
  auto toks = lx.tokenize();
  std::string out;
  for (const Token& t : toks) {
    if (!out.empty()) out += ' ';
    switch (t.kind) {
      case Tok::Name: case Tok::Int: case Tok::Float: case Tok::String: out += std::string(lx.text(t)); break;
      case Tok::Newline: out += "NL"; break;
      case Tok::Indent: out += "IN"; break;
      case Tok::Dedent: out += "DE"; break;
      case Tok::EndMarker: out += "END"; break;
      case Tok::Error: out += "ERR"; break;
      default: out += tok_name(t.kind); break;
    }
  }
  return out;
}

// The lexer's error as "Type: msg @line:col", or "" when there is none.
std::string error(std::string_view src) {
  Lexer lx(src);
  lx.tokenize();
  if (lx.error_kind() == LexErrorKind::None) return "";
  const ParseError& e = lx.error();
  return e.type + ": " + e.msg + " @" + std::to_string(e.line) + ":" + std::to_string(e.col);
}

Token single(std::string_view src) {
  Lexer lx(src);
  auto toks = lx.tokenize();
  EXPECT_EQ(lx.error_kind(), LexErrorKind::None) << src << ": " << lx.error().msg;
  EXPECT_GE(toks.size(), 1u);
  return toks.empty() ? Token{} : toks[0];
}

std::string decode(std::string_view body, bool raw = false) {
  std::string out, type, msg;
  if (!decode_string_body(body, raw, &out, &type, &msg)) return type + ": " + msg;
  return out;
}

}  // namespace

TEST(Lexer, SimpleStatement) {
  EXPECT_EQ(kinds("x = 1 + 2\n"), "x = 1 + 2 NL END");
  EXPECT_EQ(kinds("print(a, b)\n"), "print ( a , b ) NL END");
}

TEST(Lexer, KeywordsAndSoftKeywords) {
  auto toks = lex("if not x is None: pass\n");
  EXPECT_EQ(toks[0].kind, Tok::If);
  EXPECT_EQ(toks[1].kind, Tok::Not);
  EXPECT_EQ(toks[2].kind, Tok::Name);
  EXPECT_EQ(toks[3].kind, Tok::Is);
  EXPECT_EQ(toks[4].kind, Tok::None);
  EXPECT_EQ(toks[6].kind, Tok::Pass);
  // match / case / _ are soft keywords: plain names to the lexer.
  for (const Token& t : lex("match case _ Match IF\n")) {
    if (t.kind != Tok::Newline && t.kind != Tok::EndMarker) {
      EXPECT_EQ(t.kind, Tok::Name);
    }
  }
  EXPECT_TRUE(tok_is_keyword(Tok::Yield));
  EXPECT_FALSE(tok_is_keyword(Tok::Name));
}

TEST(Lexer, IntegerLiterals) {
  EXPECT_EQ(single("42").ival, 42);
  EXPECT_EQ(single("1_000_000").ival, 1000000);
  EXPECT_EQ(single("0x1f").ival, 31);
  EXPECT_EQ(single("0XfF").ival, 255);
  EXPECT_EQ(single("0x_ff").ival, 255);
  EXPECT_EQ(single("0o17").ival, 15);
  EXPECT_EQ(single("0b1010_1010").ival, 170);
  EXPECT_EQ(single("0").ival, 0);
  EXPECT_EQ(single("000").ival, 0);
  EXPECT_EQ(single("0_0").ival, 0);
  EXPECT_EQ(single("9223372036854775807").ival, INT64_MAX);
  EXPECT_EQ(single("9223372036854775807").kind, Tok::Int);
}

TEST(Lexer, IntegerLiteralsKilnRejectsAreFlagged) {
  // Valid Python, but beyond int64 or complex: flagged for the parser.
  EXPECT_TRUE(single("9223372036854775808").flags & kNumTooLarge);
  EXPECT_TRUE(single("0x10000000000000000").flags & kNumTooLarge);
  EXPECT_TRUE(single("123456789012345678901234567890").flags & kNumTooLarge);
  EXPECT_TRUE(single("1j").flags & kNumImaginary);
  EXPECT_TRUE(single("1.5J").flags & kNumImaginary);
  EXPECT_EQ(single("7").flags, 0);
}

TEST(Lexer, FloatLiterals) {
  struct {
    const char* src;
    double value;
  } cases[] = {{"1.5", 1.5},   {"1.", 1.0},       {".5", 0.5},         {"1e10", 1e10},      {"1E-3", 1e-3},
               {"1_000.5", 1000.5}, {"1e+5", 1e5}, {"0.1", 0.1},       {"00.5", 0.5},       {"0e0", 0.0},
               {"1_0.0_1e1_0", 10.01e10}, {"5e-324", 5e-324}, {"1.7976931348623157e308", 1.7976931348623157e308}};
  for (const auto& c : cases) {
    Token t = single(c.src);
    EXPECT_EQ(t.kind, Tok::Float) << c.src;
    EXPECT_EQ(t.fval, c.value) << c.src;
  }
  EXPECT_TRUE(std::isinf(single("1e400").fval));
  EXPECT_EQ(single("1e-400").fval, 0.0);
}

TEST(Lexer, NumberFollowedByKeyword) {
  // CPython 3.11 accepts these (with a DeprecationWarning).
  EXPECT_EQ(kinds("1if x else 2\n"), "1 if x else 2 NL END");
  EXPECT_EQ(kinds("0x1for\n"), "0x1f or NL END");
  EXPECT_EQ(kinds("1else\n"), "1 else NL END");
}

TEST(Lexer, NumberErrors) {
  EXPECT_EQ(error("012\n"),
            "SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal "
            "integers @1:1");
  EXPECT_EQ(error("1__0\n"), "SyntaxError: invalid decimal literal @1:2");
  EXPECT_EQ(error("1_\n"), "SyntaxError: invalid decimal literal @1:2");
  EXPECT_EQ(error("0x\n"), "SyntaxError: invalid hexadecimal literal @1:2");
  EXPECT_EQ(error("0b2\n"), "SyntaxError: invalid digit '2' in binary literal @1:3");
  EXPECT_EQ(error("0o8\n"), "SyntaxError: invalid digit '8' in octal literal @1:3");
  EXPECT_EQ(error("1e\n"), "SyntaxError: invalid decimal literal @1:1");
  EXPECT_EQ(error("1e+\n"), "SyntaxError: invalid decimal literal @1:3");
  EXPECT_EQ(error("x = 1abc\n"), "SyntaxError: invalid decimal literal @1:5");
  EXPECT_EQ(error("0xfg\n"), "SyntaxError: invalid hexadecimal literal @1:3");
  EXPECT_EQ(error("1.5_\n"), "SyntaxError: invalid decimal literal @1:4");
  EXPECT_EQ(error("1jk\n"), "SyntaxError: invalid imaginary literal @1:2");
}

TEST(Lexer, StringPrefixesAndQuotes) {
  Token t = single("'abc'");
  EXPECT_EQ(t.kind, Tok::String);
  EXPECT_EQ(t.flags, 0);
  EXPECT_EQ(t.prefix_len, 0);
  EXPECT_EQ(t.length, 5u);
  EXPECT_EQ(single("r'x'").flags, kStrRaw);
  EXPECT_EQ(single("R'x'").flags, kStrRaw);
  EXPECT_EQ(single("f'x'").flags, kStrF);
  EXPECT_EQ(single("rF'x'").flags, kStrRaw | kStrF);
  EXPECT_EQ(single("Fr'x'").prefix_len, 2);
  EXPECT_EQ(single("b'x'").flags, kStrBytes);
  EXPECT_EQ(single("Rb'x'").flags, kStrBytes | kStrRaw);
  EXPECT_EQ(single("u'x'").flags, kStrU);
  EXPECT_EQ(single("'''a\nb'''").flags, kStrTriple);
  EXPECT_EQ(single("f\"\"\"a\"\"\"").flags, kStrTriple | kStrF);
  // Not prefixes: these are names followed by strings.
  EXPECT_EQ(kinds("ur'x'\n"), "ur 'x' NL END");
  EXPECT_EQ(kinds("bf'x'\n"), "bf 'x' NL END");
  EXPECT_EQ(kinds("rr'x'\n"), "rr 'x' NL END");
}

TEST(Lexer, StringBodiesKeepEscapedQuotes) {
  EXPECT_EQ(kinds("'it\\'s' \"a\\\"b\"\n"), "'it\\'s' \"a\\\"b\" NL END");
  EXPECT_EQ(kinds("r'\\''\n"), "r'\\'' NL END");
  EXPECT_EQ(kinds("'''a''b'''\n"), "'''a''b''' NL END");
  EXPECT_EQ(kinds("''\n"), "'' NL END");
  EXPECT_EQ(kinds("''''''\n"), "'''''' NL END");
  // A backslash-newline inside a short string joins lines.
  auto toks = lex("x = 'a\\\nb'\ny\n");
  EXPECT_EQ(toks[2].kind, Tok::String);
  EXPECT_EQ(toks[2].end_line, 2);
  EXPECT_EQ(toks[4].line, 3);
}

TEST(Lexer, UnterminatedStrings) {
  EXPECT_EQ(error("x = 'abc\n"), "SyntaxError: unterminated string literal (detected at line 1) @1:5");
  EXPECT_EQ(error("'abc' 'def\n"), "SyntaxError: unterminated string literal (detected at line 1) @1:7");
  EXPECT_EQ(error("x = '''abc\n\n"), "SyntaxError: unterminated triple-quoted string literal (detected at line 2) @1:5");
  EXPECT_EQ(error("\"\"\"abc"), "SyntaxError: unterminated triple-quoted string literal (detected at line 1) @1:1");
  EXPECT_EQ(error("'\\'"), "SyntaxError: unterminated string literal (detected at line 1) @1:1");
}

TEST(Lexer, EscapeDecoding) {
  EXPECT_EQ(decode("a\\nb\\tc"), "a\nb\tc");
  EXPECT_EQ(decode("\\\\ \\' \\\""), "\\ ' \"");
  EXPECT_EQ(decode("\\a\\b\\f\\v\\r"), "\a\b\f\v\r");
  EXPECT_EQ(decode("\\x41\\x7e"), "A~");
  EXPECT_EQ(decode("\\u00e9\\u20ac"), "\xC3\xA9\xE2\x82\xAC");
  EXPECT_EQ(decode("\\U0001F600"), "\xF0\x9F\x98\x80");
  EXPECT_EQ(decode("\\101\\0\\7"), std::string("A\0\a", 3));
  EXPECT_EQ(decode("\\777"), "\xC7\xBF");  // chr(0o777)
  EXPECT_EQ(decode("\\q\\d"), "\\q\\d");   // unknown escapes are kept
  EXPECT_EQ(decode("a\\\nb"), "ab");       // line continuation
  EXPECT_EQ(decode("\\n\\x41", true), "\\n\\x41");
  EXPECT_EQ(decode("\\x4"), "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: "
                            "truncated \\xXX escape");
  EXPECT_EQ(decode("ab\\u12"), "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position "
                               "2-5: truncated \\uXXXX escape");
  EXPECT_EQ(decode("\\U00110000"), "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in "
                                   "position 0-9: illegal Unicode character");
  EXPECT_EQ(decode("\\N{DASH}").rfind("NotImplementedError: ", 0), 0u);
}

TEST(Lexer, IndentAndDedent) {
  EXPECT_EQ(kinds("if x:\n    y\n    z\nw\n"), "if x : NL IN y NL z NL DE w NL END");
  EXPECT_EQ(kinds("if a:\n  if b:\n    c\nd\n"), "if a : NL IN if b : NL IN c NL DE DE d NL END");
  // Dedents at end of file, without a final newline.
  EXPECT_EQ(kinds("if a:\n  if b:\n    c"), "if a : NL IN if b : NL IN c NL DE DE END");
}

TEST(Lexer, BlankLinesAndComments) {
  EXPECT_EQ(kinds("x = 1  # c\n\n   \n# only\n    # indented comment\ny\n"), "x = 1 NL y NL END");
  EXPECT_EQ(kinds("if x:\n\n    # c\n    y\n"), "if x : NL IN y NL DE END");
  EXPECT_EQ(kinds(""), "END");
  EXPECT_EQ(kinds("\n\n# c"), "END");
  EXPECT_EQ(kinds("x"), "x NL END");
}

TEST(Lexer, ImplicitAndExplicitLineJoining) {
  EXPECT_EQ(kinds("x = (1,\n     2)\n"), "x = ( 1 , 2 ) NL END");
  EXPECT_EQ(kinds("x = [\n  1,  # one\n\n  2,\n]\n"), "x = [ 1 , 2 , ] NL END");
  EXPECT_EQ(kinds("d = {\n'a':\n 1}\n"), "d = { 'a' : 1 } NL END");
  EXPECT_EQ(kinds("x = 1 + \\\n    2\n"), "x = 1 + 2 NL END");
  // Indentation inside brackets is irrelevant.
  EXPECT_EQ(kinds("if x:\n    f(a,\nb)\n    y\n"), "if x : NL IN f ( a , b ) NL y NL DE END");
}

TEST(Lexer, Tabs) {
  // A tab advances to the next multiple of 8: these lines are consistent.
  EXPECT_EQ(kinds("if x:\n\ta\n\tb\n"), "if x : NL IN a NL b NL DE END");
  EXPECT_EQ(error("if 1:\n        x\n\ty\n"), "TabError: inconsistent use of tabs and spaces in indentation @3:1");
  EXPECT_EQ(error("if 1:\n\tx\n        y\n"), "TabError: inconsistent use of tabs and spaces in indentation @3:1");
}

TEST(Lexer, IndentationErrors) {
  EXPECT_EQ(error("if x:\n  a\n b\n"), "IndentationError: unindent does not match any outer indentation level @3:3");
  EXPECT_EQ(error("if True:\n    x = 1\n  else:\n"),
            "IndentationError: unindent does not match any outer indentation level @3:8");
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += std::string(i, ' ') + "if x:\n";
  EXPECT_EQ(error(deep + std::string(100, ' ') + "y\n"), "IndentationError: too many levels of indentation @101:1");
  EXPECT_EQ(error(deep), "");
}

TEST(Lexer, Operators) {
  EXPECT_EQ(kinds("a **= b //= c >>= d <<= e\n"), "a **= b //= c >>= d <<= e NL END");
  EXPECT_EQ(kinds("a->b:=c...d.e\n"), "a -> b := c ... d . e NL END");
  EXPECT_EQ(kinds("a!=b==c<=d>=e<f>g\n"), "a != b == c <= d >= e < f > g NL END");
  EXPECT_EQ(kinds("a@b@=c%d%=e&f&=g|h|=i^j^=k~l\n"), "a @ b @= c % d %= e & f &= g | h |= i ^ j ^= k ~ l NL END");
  EXPECT_EQ(kinds("a ! b\n"), "a ! b NL END");
  EXPECT_EQ(kinds("x..y\n"), "x . . y NL END");
}

TEST(Lexer, BracketErrors) {
  EXPECT_EQ(error("x = )\n"), "SyntaxError: unmatched ')' @1:5");
  EXPECT_EQ(error("x = [1, 2)\n"),
            "SyntaxError: closing parenthesis ')' does not match opening parenthesis '[' @1:10");
  EXPECT_EQ(error("x = [1,\n 2)\n"),
            "SyntaxError: closing parenthesis ')' does not match opening parenthesis '[' on line 1 @2:3");
  EXPECT_EQ(error("x = {1,\n"), "SyntaxError: '{' was never closed @1:5");
  Lexer lx("f(a,\n(b\n");
  lx.tokenize();
  EXPECT_EQ(lx.error_kind(), LexErrorKind::UnclosedParen);
  EXPECT_EQ(lx.unclosed_paren_line(), 2);
  EXPECT_EQ(error(std::string(201, '[')), "SyntaxError: too many nested parentheses @1:201");
  EXPECT_EQ(error(std::string(200, '[') + std::string(200, ']')), "");
}

TEST(Lexer, ContinuationErrors) {
  EXPECT_EQ(error("x = 1 \\ 2\n"), "SyntaxError: unexpected character after line continuation character @1:8");
  EXPECT_EQ(error("x = 1 + \\"), "SyntaxError: unexpected EOF while parsing @1:10");
  EXPECT_EQ(error("a\\\n"), "SyntaxError: unexpected EOF while parsing @1:3");
}

TEST(Lexer, InvalidCharacters) {
  EXPECT_EQ(error("x = \xE2\x82\xAC\n"), "SyntaxError: invalid character '\xE2\x82\xAC' (U+20AC) @1:5");
  EXPECT_EQ(error("x = 1\n\x01\n"), "SyntaxError: invalid non-printable character U+0001 @2:1");
  EXPECT_EQ(error("x =\xC2\xA0 1\n"), "SyntaxError: invalid non-printable character U+00A0 @1:4");
  EXPECT_EQ(error(std::string("x = 1\0\n", 7)), "SyntaxError: source code cannot contain null bytes @1:1");
  EXPECT_EQ(error("x = 1\ny = '\xff'\n"),
            "SyntaxError: Non-UTF-8 code starting with '\\xff' on line 2, but no encoding declared; see "
            "https://peps.python.org/pep-0263/ for details @2:1");
  // '$' and '?' are reported as "invalid syntax" only when the parser gets there.
  Lexer lx("x = $\n");
  lx.tokenize();
  EXPECT_EQ(lx.error_kind(), LexErrorKind::Quiet);
  EXPECT_EQ(lx.error().msg, "invalid syntax");
  EXPECT_EQ(lx.error().col, 5);
}

TEST(Lexer, UnicodeIdentifiers) {
  EXPECT_EQ(kinds("caf\xC3\xA9 = \xCF\x80\n"), "caf\xC3\xA9 = \xCF\x80 NL END");
  EXPECT_EQ(kinds("\xE5\x90\x8D\xE5\x89\x8D_1 = 1\n"), "\xE5\x90\x8D\xE5\x89\x8D_1 = 1 NL END");
  // U+2118 (script P) is an identifier start that NFKC leaves alone; the
  // ligature U+FB01 is changed by NFKC, which Kiln does not implement.
  EXPECT_EQ(error("\xEF\xAC\x81 = 1\n").rfind("NotImplementedError: ", 0), 0u);
  // A combining mark cannot start a name.
  EXPECT_EQ(error("\xCC\x81x = 1\n"), "SyntaxError: invalid character '\xCC\x81' (U+0301) @1:1");
}

TEST(Lexer, ColumnsCountCodePoints) {
  Lexer lx("s = '\xC3\xA9\xC3\xA9' + x\n");
  auto toks = lx.tokenize();
  ASSERT_GE(toks.size(), 5u);
  EXPECT_EQ(toks[2].col, 5);
  EXPECT_EQ(toks[2].end_col, 9);  // 'éé' is 4 columns
  EXPECT_EQ(toks[3].col, 10);
  EXPECT_EQ(toks[4].col, 12);
}

TEST(Lexer, TokenPositions) {
  Lexer lx("def f():\n    return 1\n");
  auto toks = lx.tokenize();
  // def f ( ) : NL IN return 1 NL DE END
  ASSERT_EQ(toks.size(), 12u);
  EXPECT_EQ(toks[0].line, 1);
  EXPECT_EQ(toks[0].col, 1);
  EXPECT_EQ(toks[0].end_col, 4);
  EXPECT_EQ(toks[1].col, 5);
  EXPECT_EQ(toks[5].kind, Tok::Newline);
  EXPECT_EQ(toks[5].col, 9);
  EXPECT_EQ(toks[7].kind, Tok::Return);
  EXPECT_EQ(toks[7].line, 2);
  EXPECT_EQ(toks[7].col, 5);
  EXPECT_EQ(lx.text(toks[8]), "1");
  EXPECT_EQ(toks[11].kind, Tok::EndMarker);
}

TEST(Lexer, LineEndingsAreNormalised) {
  EXPECT_EQ(kinds("x = 1\r\ny = '''a\r\nb'''\r\n"), "x = 1 NL y = '''a\nb''' NL END");
  EXPECT_EQ(kinds("if x:\r    y\r"), "if x : NL IN y NL DE END");
  EXPECT_EQ(kinds("\xEF\xBB\xBFx\n"), "x NL END");  // UTF-8 BOM
  Lexer lx("a\r\nb = (\r\n");
  lx.tokenize();
  EXPECT_EQ(lx.line_text(2), "b = (");
}

TEST(Lexer, CodingCookie) {
  EXPECT_EQ(error("# -*- coding: utf-8 -*-\nx = '\xC3\xA9'\n"), "");
  EXPECT_EQ(error("# coding: latin-1\nx = 1\n"), "");  // ASCII-only source reads the same
  EXPECT_EQ(error("#!/usr/bin/env python\n# coding=latin-1\nx = '\xC3\xA9'\n").rfind("NotImplementedError: ", 0), 0u);
}

TEST(Lexer, ExpressionMode) {
  // Used for f-string expressions: no NEWLINE / INDENT, positions offset
  // into the enclosing file.
  Lexer lx(" a +\n  b ", 3, 7, true);
  auto toks = lx.tokenize();
  ASSERT_EQ(toks.size(), 4u);
  EXPECT_EQ(toks[0].line, 3);
  EXPECT_EQ(toks[0].col, 8);
  EXPECT_EQ(toks[2].line, 4);
  EXPECT_EQ(toks[2].col, 3);
  EXPECT_EQ(toks[3].kind, Tok::EndMarker);
}
