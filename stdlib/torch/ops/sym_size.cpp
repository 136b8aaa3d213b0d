// stdlib/torch/ops/sym_size.cpp — see sym_size.h.
#include "stdlib/torch/ops/sym_size.h"

#include <algorithm>

#include <fmt/format.h>

namespace kiln::torch::ops {

namespace {

// Monomial order: higher degree first, then by symbol ids.
bool before(const std::vector<int>& a, const std::vector<int>& b) {
  if (a.size() != b.size()) return a.size() > b.size();
  return a < b;
}

std::string symbol_name(int id) {
  char letter = id < 0 ? 'u' : id >= SymSize::kIntSymbols ? 'n' : 's';
  int k = id < 0 ? -1 - id : id >= SymSize::kIntSymbols ? id - SymSize::kIntSymbols : id;
  return fmt::format("{}{}", letter, k);
}

}  // namespace

SymSize SymSize::constant(int64_t c) {
  SymSize r;
  if (c != 0) r.terms_.push_back({c, {}});
  return r;
}

SymSize SymSize::symbol(int k) {
  SymSize r;
  r.terms_.push_back({1, {k}});
  return r;
}

SymSize SymSize::int_symbol(int k) { return symbol(kIntSymbols + k); }

SymSize SymSize::unknown(int k) {
  SymSize r;
  r.terms_.push_back({1, {-1 - k}});
  return r;
}

bool SymSize::is_constant(int64_t* c) const {
  if (bad_ || terms_.size() > 1 || (terms_.size() == 1 && !terms_[0].syms.empty())) return false;
  if (c) *c = terms_.empty() ? 0 : terms_[0].coeff;
  return true;
}

bool SymSize::is_symbol(int* id) const {
  if (bad_ || terms_.size() != 1 || terms_[0].coeff != 1 || terms_[0].syms.size() != 1) return false;
  if (id) *id = terms_[0].syms[0];
  return true;
}

bool SymSize::nonnegative() const {
  if (bad_) return false;
  for (const Term& t : terms_) {
    if (t.coeff < 0) return false;
    for (int s : t.syms)
      if (s >= kIntSymbols) return false;
  }
  return true;
}

void SymSize::normalize() {
  std::sort(terms_.begin(), terms_.end(), [](const Term& a, const Term& b) { return before(a.syms, b.syms); });
  std::vector<Term> out;
  for (Term& t : terms_) {
    if (!out.empty() && out.back().syms == t.syms) {
      if (__builtin_add_overflow(out.back().coeff, t.coeff, &out.back().coeff)) bad_ = true;
    } else {
      out.push_back(std::move(t));
    }
  }
  std::erase_if(out, [](const Term& t) { return t.coeff == 0; });
  terms_ = std::move(out);
  if (bad_) terms_.clear();
}

SymSize operator+(const SymSize& a, const SymSize& b) {
  SymSize r = a;
  r.bad_ = a.bad_ || b.bad_;
  r.terms_.insert(r.terms_.end(), b.terms_.begin(), b.terms_.end());
  r.normalize();
  return r;
}

SymSize operator-(const SymSize& a, const SymSize& b) {
  SymSize nb = b;
  for (SymSize::Term& t : nb.terms_)
    if (__builtin_sub_overflow(int64_t(0), t.coeff, &t.coeff)) nb.bad_ = true;
  return a + nb;
}

SymSize operator*(const SymSize& a, const SymSize& b) {
  SymSize r;
  r.bad_ = a.bad_ || b.bad_;
  for (const SymSize::Term& x : a.terms_)
    for (const SymSize::Term& y : b.terms_) {
      SymSize::Term t;
      if (__builtin_mul_overflow(x.coeff, y.coeff, &t.coeff)) r.bad_ = true;
      t.syms = x.syms;
      t.syms.insert(t.syms.end(), y.syms.begin(), y.syms.end());
      std::sort(t.syms.begin(), t.syms.end());
      r.terms_.push_back(std::move(t));
    }
  r.normalize();
  return r;
}

bool SymSize::divide(const SymSize& a, const SymSize& d, SymSize* out) {
  if (a.bad_ || d.bad_ || d.terms_.size() != 1) return false;  // 0, or a divisor of several terms
  const Term& dt = d.terms_[0];
  SymSize r;
  for (const Term& t : a.terms_) {
    if (dt.coeff == -1 && t.coeff == INT64_MIN) return false;
    if (t.coeff % dt.coeff != 0) return false;
    // The divisor's symbols must be in the term's, with their powers.
    std::vector<int> rest;
    size_t j = 0;
    for (int s : t.syms) {
      if (j < dt.syms.size() && dt.syms[j] == s) j++;
      else rest.push_back(s);
    }
    if (j != dt.syms.size()) return false;
    r.terms_.push_back({t.coeff / dt.coeff, std::move(rest)});
  }
  r.normalize();
  *out = std::move(r);
  return true;
}

bool SymSize::eval(const std::function<bool(int, int64_t*)>& value, int64_t* out) const {
  if (bad_) return false;
  int64_t sum = 0;
  for (const Term& t : terms_) {
    int64_t p = t.coeff;
    for (int s : t.syms) {
      int64_t v;
      if (!value(s, &v) || __builtin_mul_overflow(p, v, &p)) return false;
    }
    if (__builtin_add_overflow(sum, p, &sum)) return false;
  }
  *out = sum;
  return true;
}

std::string SymSize::str() const {
  if (bad_) return "<overflow>";
  if (terms_.empty()) return "0";
  std::string r;
  for (size_t i = 0; i < terms_.size(); i++) {
    const Term& t = terms_[i];
    bool neg = t.coeff < 0;
    // (|INT64_MIN| is no int64: printed from the unsigned magnitude.)
    uint64_t mag = neg ? uint64_t(0) - uint64_t(t.coeff) : uint64_t(t.coeff);
    if (i == 0) {
      if (neg) r += '-';
    } else {
      r += neg ? " - " : " + ";
    }
    std::string mono;
    for (int s : t.syms) {
      if (!mono.empty()) mono += '*';
      mono += symbol_name(s);
    }
    if (mono.empty()) r += std::to_string(mag);
    else if (mag == 1) r += mono;
    else r += std::to_string(mag) + "*" + mono;
  }
  return r;
}

}  // namespace kiln::torch::ops
