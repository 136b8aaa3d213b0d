// stdlib/torch/ops/sym_size.h — a tensor size as an expression of symbols.
//
// A graph whose guards leave some sizes free (automatic dynamic shapes)
// runs on tensors of sizes it did not see while tracing. Its values' sizes
// are then expressions: `s0` (a dim of an input, or an int input), `4*s0`
// (flatten of [s0, 4]), `s0 + s1` (cat), `s0 - 1`. A SymSize is such an
// expression: a polynomial with integer coefficients over symbols. Symbols
// come in two kinds:
//   * s<k>: a free size of a graph input — one of the graph's parameters;
//   * n<k>: a free int input (a counter, a position) — the others; unlike
//     a size it may be negative;
//   * u<k>: a size no rule describes in terms of those (x[1:] of a dim
//     that may be 0: max(s0 - 1, 0)); it is some size, related to nothing
//     (PyTorch's unbacked symbols are their kin).
// A constant is the polynomial of no symbol. Expressions are kept in one
// canonical form (terms sorted, like terms merged, no zero coefficient), so
// two are equal exactly when they are the same polynomial: `==` tells
// passes that two dims are the same size for every call.
//
// The symbolic rules of the ops (ops/sym_meta.h) compute with these; the
// tracer's symbolic-size pass (tracer/symbolic_sizes.h) gives every value
// of a dynamic graph its expressions; Meta (tracer/meta.h) carries them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kiln::torch::ops {

class SymSize {
 public:
  SymSize() = default;  // the constant 0
  static SymSize constant(int64_t c);
  static SymSize symbol(int k);      // s<k>
  static SymSize int_symbol(int k);  // n<k>
  static SymSize unknown(int k);     // u<k>
  // Symbol ids: k for s<k>, kIntSymbols + k for n<k>, -1 - k for u<k>.
  static constexpr int kIntSymbols = 1 << 28;

  // A constant (its value in *c).
  bool is_constant(int64_t* c = nullptr) const;
  // A single symbol with coefficient 1 (*id its id).
  bool is_symbol(int* id = nullptr) const;
  // Whether it is >= 0 for every value of its symbols: no coefficient is
  // negative and every symbol is a size (s or u; an n may be negative).
  bool nonnegative() const;
  // Arithmetic whose coefficients left int64: invalid() after it, and so is
  // everything computed from it (rules then give no answer).
  bool invalid() const { return bad_; }

  friend SymSize operator+(const SymSize& a, const SymSize& b);
  friend SymSize operator-(const SymSize& a, const SymSize& b);
  friend SymSize operator*(const SymSize& a, const SymSize& b);
  // a / d when it divides exactly as polynomials (d a constant or one
  // term: 4*s0 / 4 = s0, s0*s1 / s1 = s0), else false. (Exact for every
  // value of the symbols, so the quotient is the size whenever the
  // division a size computation makes is exact.)
  static bool divide(const SymSize& a, const SymSize& d, SymSize* out);

  // The value at a binding: value(id, &v) gives each symbol's (id as
  // is_symbol). False when a symbol has none or the arithmetic overflows.
  bool eval(const std::function<bool(int, int64_t*)>& value, int64_t* out) const;

  // "s0", "4*s0", "s0 - 1", "s0*s1 + 2", "-s0 + 3", "7".
  std::string str() const;

  bool operator==(const SymSize& o) const { return bad_ == o.bad_ && terms_ == o.terms_; }
  bool operator!=(const SymSize& o) const { return !(*this == o); }

 private:
  struct Term {
    int64_t coeff;
    std::vector<int> syms;  // the monomial: symbol ids, sorted (repeats are powers); empty for the constant
    bool operator==(const Term& o) const { return coeff == o.coeff && syms == o.syms; }
  };
  std::vector<Term> terms_;  // canonical: sorted by syms (longest first), coeff != 0
  bool bad_ = false;
  void normalize();
};

}  // namespace kiln::torch::ops
