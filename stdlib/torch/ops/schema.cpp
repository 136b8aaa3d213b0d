// stdlib/torch/ops/schema.cpp — see schema.h.
#include "stdlib/torch/ops/schema.h"

#include <fmt/format.h>

#include <stdexcept>

#include "stdlib/native_util.h"
#include "vm/str.h"

namespace kiln::torch::ops {

namespace {

bool match_args(const Schema& s, size_t npos, const vm::Value* kwnames, size_t nkw, bool method, int* slot,
                std::string* error);

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

[[noreturn]] void bad(std::string_view text, const char* why) {
  throw std::logic_error(fmt::format("op schema '{}': {}", text, why));
}

// "Tensor(a!)" -> type "Tensor", alias 'a', written.
void parse_type(std::string_view text, std::string_view t, std::string* type, bool* optional, char* alias,
                bool* written) {
  if (!t.empty() && t.back() == '?') {
    *optional = true;
    t.remove_suffix(1);
  }
  size_t paren = t.find('(');
  if (paren != std::string_view::npos) {
    std::string_view ann = t.substr(paren + 1);
    if (ann.size() < 2 || ann.back() != ')') bad(text, "an alias annotation is Type(a) or Type(a!)");
    ann.remove_suffix(1);
    *alias = ann[0];
    *written = ann.size() == 2 && ann[1] == '!';
    if (ann.size() > 2 || (ann.size() == 2 && ann[1] != '!')) bad(text, "an alias annotation is Type(a) or Type(a!)");
    t = t.substr(0, paren);
  }
  if (t.empty()) bad(text, "a parameter without a type");
  *type = std::string(t);
}

}  // namespace

int Schema::find(std::string_view n) const {
  for (size_t i = 0; i < params.size(); i++)
    if (params[i].name == n) return int(i);
  return -1;
}

bool Schema::writes() const {
  for (const Param& p : params)
    if (p.written) return true;
  return false;
}

bool Schema::is_view() const {
  if (!returns_alias) return false;
  for (const Param& p : params)
    if (p.alias == returns_alias) return !p.written;
  return false;
}

std::string Schema::text() const {
  std::string r = name + "(";
  bool star = false;
  for (size_t i = 0; i < params.size(); i++) {
    const Param& p = params[i];
    if (i) r += ", ";
    if (p.kwonly && !star) {
      r += "*, ";
      star = true;
    }
    r += p.type;
    if (p.alias) r += fmt::format("({}{})", p.alias, p.written ? "!" : "");
    if (p.optional) r += "?";
    r += " " + p.name;
    if (p.has_default) r += "=" + p.default_text;
  }
  return r + ") -> " + returns;
}

Schema parse_schema(std::string_view text) {
  Schema s;
  size_t open = text.find('('), arrow = text.rfind(") -> ");
  if (open == std::string_view::npos || arrow == std::string_view::npos || arrow < open) bad(text, "not name(...) -> result");
  s.name = std::string(trim(text.substr(0, open)));
  s.returns = std::string(trim(text.substr(arrow + 5)));
  if (s.name.empty() || s.returns.empty()) bad(text, "no name or no result");
  std::string_view params = text.substr(open + 1, arrow - open - 1);
  bool kwonly = false, seen_default = false;
  while (!trim(params).empty()) {
    size_t comma = params.find(',');
    std::string_view item = trim(params.substr(0, comma));
    params = comma == std::string_view::npos ? std::string_view() : params.substr(comma + 1);
    if (item == "*") {
      if (kwonly) bad(text, "two `*`");
      kwonly = true;
      continue;
    }
    Param p;
    size_t space = item.find(' ');
    if (space == std::string_view::npos) bad(text, "a parameter is `Type name`");
    parse_type(text, item.substr(0, space), &p.type, &p.optional, &p.alias, &p.written);
    std::string_view rest = trim(item.substr(space + 1));
    size_t eq = rest.find('=');
    p.name = std::string(trim(rest.substr(0, eq)));
    if (eq != std::string_view::npos) {
      p.has_default = true;
      p.default_text = std::string(trim(rest.substr(eq + 1)));
    }
    if (p.name.empty()) bad(text, "a parameter without a name");
    if (p.type == "int...") {
      p.varargs = true;
      if (kwonly || s.varargs >= 0) bad(text, "int... is one positional parameter");
      s.varargs = int(s.params.size());
    }
    if (s.find(p.name) >= 0) bad(text, "two parameters of one name");
    p.kwonly = kwonly;
    if (!kwonly) {
      if (p.has_default) seen_default = true;
      else if (seen_default) bad(text, "a parameter without a default after one with a default");
      s.npositional++;
      if (!p.has_default) s.nrequired++;
    } else if (!p.has_default) {
      s.kw_required |= 1u << s.params.size();  // (randint's generator overloads)
    }
    s.params.push_back(std::move(p));
  }
  if (s.params.size() > kMaxParams) bad(text, "more parameters than kMaxParams");
  if (s.varargs >= 0 && size_t(s.varargs) + 1 != s.npositional) bad(text, "int... must be the last positional parameter");
  int recv = s.find("self");
  if (recv < 0) recv = s.find("input");
  s.receiver = recv < 0 ? 0 : recv;
  // The result's alias set: "Tensor(a)" / "Tensor(a!)".
  if (s.returns.rfind("Tensor(", 0) == 0 && s.returns.size() >= 9) s.returns_alias = s.returns[7];
  s.nparams = s.params.size();
  for (size_t i = 0; i < s.nparams; i++)
    if (s.params[i].type == "Tensor") {
      s.tensors |= 1u << i;
      if (s.params[i].optional) s.none_ok |= 1u << i;
    }
  for (const Param& p : s.params) s.names.push_back(p.name.c_str());
  for (const Param& p : s.params) s.views.emplace_back(p.name);
  return s;
}

bool match(const Schema& s, size_t npos, const vm::Value* kwnames, size_t nkw, bool method, int* slot,
           std::string* error, size_t* packed) {
  if (packed) *packed = 0;
  // x.view(2, 3), torch.zeros(2, 3): the arguments from the int...
  // parameter's position on are its one argument (x.view(6) too: one int,
  // not a sequence). A method's int... follows its receiver; a function's
  // packs only when it is its first parameter (the factories: torch.permute
  // takes a sequence, as PyTorch).
  size_t pack = 0;
  if (packed && s.varargs >= 0 && npos > size_t(s.varargs) && (method ? s.receiver == 0 : s.varargs == 0)) {
    pack = npos - size_t(s.varargs);
    npos = size_t(s.varargs) + 1;
  }
  if (!match_args(s, npos, kwnames, nkw, method, slot, error)) return false;
  for (size_t i = 0; s.kw_required && i < s.nparams; i++)
    if ((s.kw_required >> i & 1u) && slot[i] < 0) {
      *error = fmt::format("{}() missing 1 required keyword-only argument: '{}'", s.name, s.params[i].name);
      return false;
    }
  if (pack) {
    *packed = pack;
    for (size_t i = 0; i < s.nparams; i++)  // keyword arguments follow every positional one
      if (slot[i] >= int(npos)) slot[i] += int(pack) - 1;
  }
  return true;
}

namespace {
bool match_args(const Schema& s, size_t npos, const vm::Value* kwnames, size_t nkw, bool method, int* slot,
                std::string* error) {
  // The calls that fit, in order, without a receiver to move: every call
  // of the interpreter's hot path. Anything else (and every error) goes
  // through the general matcher below, which words CPython's TypeErrors.
  if (!(method && s.receiver > 0) && npos <= s.npositional) {
    size_t n = s.nparams;
    for (size_t i = 0; i < n; i++) slot[i] = i < npos ? int(i) : -1;
    bool fits = true;
    for (size_t k = 0; fits && k < nkw; k++) {
      std::string_view kw = vm::str_view(kwnames[k]);
      size_t i = 0;
      while (i < n && s.views[i] != kw) i++;
      fits = i < n && slot[i] < 0;
      if (fits) slot[i] = int(npos + k);
    }
    for (size_t i = 0; fits && i < s.nrequired; i++) fits = slot[i] >= 0;
    if (fits) return true;
  }
  // A method's receiver binds to params[receiver]; the other positional
  // arguments take the parameters in order around it.
  int pos_param[kMaxParams + 1];
  const int* order = nullptr;
  if (method && s.receiver > 0 && npos > 0) {
    size_t n = std::min(npos, s.npositional);
    pos_param[0] = s.receiver;
    for (size_t i = 1; i < n; i++) pos_param[i] = int(i - 1) < s.receiver ? int(i - 1) : int(i);
    order = pos_param;
  }
  vm::PyParams p{s.name.c_str(), s.names.data(), s.names.size(), s.npositional, s.nrequired, 0, true, method ? 1u : 0u};
  return vm::match_py_args(p, npos, kwnames, nkw, order, slot, error);
}
}  // namespace

}  // namespace kiln::torch::ops
