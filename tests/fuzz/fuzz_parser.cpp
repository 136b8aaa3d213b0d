// tests/fuzz/fuzz_parser.cpp — libFuzzer target over the front end.
//
// Feeds arbitrary bytes to parse_module and parse_expression and renders any
// AST that comes back, so that the lexer, the parser (including f-string
// expressions and error recovery paths) and ast::dump all run under the
// sanitizers. The property checked: no crash, no hang, no leak, and a failed
// parse always names an error type and a 1-based position.
//
// Build (clang only):
//   clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -I. -Iinclude \
//     vm/lexer.cpp vm/parser.cpp vm/parser_strings.cpp vm/parser_targets.cpp \
//     vm/ast.cpp tests/fuzz/fuzz_parser.cpp -o fuzz_parser
//   ./fuzz_parser -dict=tests/fuzz/python.dict -max_len=4096 corpus/
// Inputs it found that once crashed are kept as regression tests in
// tests/unit/test_parser.cpp (FuzzRegressions).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "vm/ast.h"
#include "vm/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view src(reinterpret_cast<const char*>(data), size);
  kiln::vm::ParseError err;
  auto mod = kiln::vm::parse_module(src, &err);
  if (mod) {
    std::string d = kiln::vm::ast::dump(*mod);
    if (d.empty()) abort();
  } else if (err.type.empty() || err.msg.empty() || err.line < 1 || err.col < 1) {
    abort();
  }
  auto expr = kiln::vm::parse_expression(src, &err);
  if (expr) (void)kiln::vm::ast::dump(*expr);
  return 0;
}
