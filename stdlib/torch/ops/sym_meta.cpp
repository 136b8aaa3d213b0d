// stdlib/torch/ops/sym_meta.cpp — see sym_meta.h. One rule per impl
// (ops.def's column), looked up by the impl's address; pointwise ops and
// composites share broadcasting.
#include "stdlib/torch/ops/sym_meta.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>

#include "vm/object.h"

namespace kiln::torch::ops {

namespace {

using Kind = SymArg::Kind;
using Shapes = std::vector<SymShape>;

SymSize c(int64_t v) { return SymSize::constant(v); }

bool is_const(const SymSize& s, int64_t v) {
  int64_t x;
  return s.is_constant(&x) && x == v;
}

// The argument of the parameter named `name`, and its schema entry.
struct Args {
  const OpDef& op;
  std::span<const SymArg> a;
  SymContext* cx;  // facts in, `varies` out
  bool vary() const {
    cx->varies = true;
    return false;
  }
  // A count that follows from symbolic size x (unbind, chunk along it):
  // knowing x's value would do.
  bool vary_count(const SymSize& x) const {
    int id;
    if (x.is_symbol(&id)) cx->want_fixed.push_back(id);
    else cx->want_enough = false;
    return vary();
  }
  // Records that the rule would answer if symbol x were known to be other
  // than 1; false (so the caller varies) when x is no plain symbol.
  bool want_not_one(const SymSize& x) const {
    int id;
    if (x.is_symbol(&id)) cx->want_not_one.push_back(id);
    else cx->want_enough = false;
    return false;
  }
  const SymArg& operator[](size_t i) const {
    static const SymArg kAbsent;
    return i < a.size() ? a[i] : kAbsent;
  }
  int index(std::string_view name) const { return op.schema.find(name); }
  const SymArg& named(std::string_view name) const {
    int i = index(name);
    static const SymArg kAbsent;
    return i < 0 ? kAbsent : (*this)[size_t(i)];
  }
  std::string_view default_of(std::string_view name) const {
    int i = index(name);
    return i < 0 || !op.schema.params[size_t(i)].has_default ? std::string_view() : std::string_view(op.schema.params[size_t(i)].default_text);
  }
  // A constant int argument (or its default); *none for None.
  bool const_int(std::string_view name, int64_t* v, bool* none = nullptr) const {
    const SymArg& x = named(name);
    if (none) *none = false;
    if (x.kind == Kind::Int) return x.shape[0].is_constant(v);
    if (x.kind == Kind::Other && x.value.is_none() && none) return *none = true;
    if (x.kind != Kind::Absent) return false;
    std::string_view d = default_of(name);
    if (d == "None" && none) return *none = true;
    auto [p, ec] = std::from_chars(d.data(), d.data() + d.size(), *v);
    return ec == std::errc() && p == d.data() + d.size();
  }
  bool const_bool(std::string_view name, bool* v) const {
    const SymArg& x = named(name);
    if (x.kind == Kind::Other && x.value.is_bool()) return *v = x.value.is_true(), true;
    if (x.kind == Kind::Int) {  // (an int where a bool goes: its truth)
      int64_t i;
      if (!x.shape[0].is_constant(&i)) return false;
      return *v = i != 0, true;
    }
    if (x.kind != Kind::Absent) return false;
    std::string_view d = default_of(name);
    if (d == "True" || d == "False") return *v = d == "True", true;
    return false;
  }
  // An int or int[] argument as a list (a single int is a list of one);
  // *none for None (or its default None). "[]" defaults to no ints.
  bool ints(std::string_view name, SymShape* v, bool* none = nullptr) const {
    const SymArg& x = named(name);
    if (none) *none = false;
    if (x.kind == Kind::Int || x.kind == Kind::IntList) return *v = x.shape, true;
    if (x.kind == Kind::Other && x.value.is_none() && none) return *none = true;
    if (x.kind != Kind::Absent) return false;
    std::string_view d = default_of(name);
    if (d == "None" && none) return *none = true;
    if (d == "[]") return v->clear(), true;
    return false;
  }
  const SymShape* tensor(size_t i) const { return (*this)[i].kind == Kind::Tensor ? &(*this)[i].shape : nullptr; }
};

// d wrapped into [0, rank) (a 0-dim tensor takes dims -1 and 0).
bool wrap(int64_t d, int64_t rank, int64_t* out) {
  int64_t r = rank == 0 ? 1 : rank;
  if (d < -r || d >= r) return false;
  *out = d < 0 ? d + r : d;
  return true;
}

SymSize product(const SymShape& s, size_t from = 0, size_t to = SIZE_MAX) {
  SymSize p = c(1);
  for (size_t i = from; i < s.size() && i < to; i++) p = p * s[i];
  return p;
}

// A size argument list where -1 means "inferred" or "kept" (view, expand,
// unflatten): each item a constant (-1 allowed) or an expression that is a
// size for every value (an int that could be -1 at run time would mean
// something else).
bool sizes_ok(const SymShape& s) {
  for (const SymSize& x : s) {
    int64_t v;
    if (x.is_constant(&v) ? v < -1 : !x.nonnegative()) return false;
  }
  return true;
}

// `sizes` with its one -1 (if any) inferred from `numel`.
bool infer_minus_one(const SymSize& numel, SymShape sizes, SymShape* out) {
  int at = -1;
  for (size_t i = 0; i < sizes.size(); i++)
    if (is_const(sizes[i], -1)) {
      if (at >= 0) return false;
      at = int(i);
    }
  if (at >= 0) {
    SymSize rest = c(1);
    for (size_t i = 0; i < sizes.size(); i++)
      if (int(i) != at) rest = rest * sizes[i];
    if (is_const(rest, 0) || !SymSize::divide(numel, rest, &sizes[size_t(at)])) return false;
  }
  *out = std::move(sizes);
  return true;
}

bool one(SymShape s, Shapes* out) {
  out->assign(1, std::move(s));
  return true;
}

// ---------------------------------------------------------------- families

bool same_as(const Args& a, size_t i, Shapes* out) {
  const SymShape* s = a.tensor(i);
  return s && one(*s, out);
}

// Every tensor argument broadcast (numbers are none); an in-place op's
// result is the input it writes.
bool pointwise(const Args& a, Shapes* out) {
  for (size_t i = 0; i < a.op.schema.params.size(); i++)
    if (a.op.schema.params[i].written) return same_as(a, i, out);
  Shapes shapes;
  for (size_t i = 0; i < a.op.schema.params.size(); i++)
    if (a[i].kind == Kind::Tensor) shapes.push_back(a[i].shape);
    else if (a[i].kind == Kind::TensorList) return false;
  if (shapes.empty()) return false;
  SymShape r;
  return sym_broadcast(shapes, &r) && one(std::move(r), out);
}

// Drops (or keeps as 1) the dims `dims` of s; none given: every dim.
bool reduce(const SymShape& s, const SymShape* dims, bool keepdim, SymShape* out) {
  int64_t rank = int64_t(s.size());
  std::vector<bool> drop(s.size(), dims == nullptr || dims->empty());
  if (dims)
    for (const SymSize& x : *dims) {
      int64_t d, w;
      if (!x.is_constant(&d) || !wrap(d, rank, &w)) return false;
      if (rank == 0) continue;
      if (drop[size_t(w)] && dims->size() > 1) return false;  // a dim twice: the op raises
      drop[size_t(w)] = true;
    }
  out->clear();
  for (size_t d = 0; d < s.size(); d++)
    if (!drop[d]) out->push_back(s[d]);
    else if (keepdim) out->push_back(c(1));
  return true;
}

// A reduction by its `dim` (an int, or int[1]) and `keepdim` parameters.
bool reduction(const Args& a, size_t results, Shapes* out) {
  const SymShape* s = a.tensor(0);
  if (!s) return false;
  SymShape dims;
  bool none = false, keepdim = false;
  if (!a.ints("dim", &dims, &none)) return false;
  if (a.index("keepdim") >= 0 && !a.const_bool("keepdim", &keepdim)) return false;
  SymShape r;
  if (!reduce(*s, none ? nullptr : &dims, keepdim, &r)) return false;
  out->assign(results, r);
  return true;
}

// ---------------------------------------------------------------- rules by impl

bool rule_max(const Args& a, Shapes* out) {  // max / min: of all, along a dim, or of two tensors
  if (a.named("other").kind == Kind::Tensor) {
    if (!a.tensor(0)) return false;
    SymShape r;
    Shapes both = {*a.tensor(0), a.named("other").shape};
    return sym_broadcast(both, &r) && one(std::move(r), out);
  }
  int64_t d;
  bool none;
  if (!a.const_int("dim", &d, &none)) return false;
  return reduction(a, none ? 1 : 2, out);
}

bool rule_var(const Args& a, Shapes* out) { return reduction(a, a.op.arg >= 2 ? 2 : 1, out); }  // var_mean, std_mean: two

bool rule_reduction(const Args& a, Shapes* out) { return reduction(a, 1, out); }

bool rule_count_nonzero(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  SymShape dims, r;
  bool none;
  return s && a.ints("dim", &dims, &none) && reduce(*s, none ? nullptr : &dims, false, &r) && one(std::move(r), out);
}

bool rule_same(const Args& a, Shapes* out) { return same_as(a, 0, out); }

bool rule_sort(const Args& a, Shapes* out) {  // sort (values, indices); argsort
  const SymShape* s = a.tensor(0);
  if (!s) return false;
  out->assign(a.op.arg == 0 ? 2 : 1, *s);
  return true;
}

bool rule_topk(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  const SymArg& k = a.named("k");
  int64_t d, w;
  if (!s || k.kind != Kind::Int || !a.const_int("dim", &d) || !wrap(d, int64_t(s->size()), &w)) return false;
  SymShape r = *s;
  if (!r.empty()) r[size_t(w)] = k.shape[0];  // (0 <= k <= size when it succeeds)
  out->assign(2, r);
  return true;
}

bool rule_view(const Args& a, Shapes* out) {  // view, reshape
  const SymShape* s = a.tensor(0);
  SymShape sizes, r;
  if (!s || !a.ints(a.op.schema.params[1].name, &sizes) || !sizes_ok(sizes)) return false;
  return infer_minus_one(product(*s), sizes, &r) && one(std::move(r), out);
}

bool rule_expand(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  SymShape sizes;
  if (!s || !a.ints("size", &sizes) || sizes.size() < s->size() || !sizes_ok(sizes)) return false;
  size_t lead = sizes.size() - s->size();
  for (size_t i = 0; i < sizes.size(); i++)
    if (is_const(sizes[i], -1)) {
      if (i < lead) return false;
      sizes[i] = (*s)[i - lead];
    }
  return one(std::move(sizes), out);
}

bool rule_permute(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  SymShape dims;
  if (!s || !a.ints("dims", &dims) || dims.size() != s->size()) return false;
  SymShape r;
  std::vector<bool> seen(s->size(), false);
  for (const SymSize& x : dims) {
    int64_t d, w;
    if (!x.is_constant(&d) || !wrap(d, int64_t(s->size()), &w) || seen[size_t(w)]) return false;
    seen[size_t(w)] = true;
    r.push_back((*s)[size_t(w)]);
  }
  return one(std::move(r), out);
}

bool rule_as_other(const Args& a, Shapes* out) { return same_as(a, 1, out); }  // view_as, reshape_as, expand_as

bool rule_flatten(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  int64_t sd, ed, st, en;
  if (!s || !a.const_int("start_dim", &sd) || !a.const_int("end_dim", &ed)) return false;
  int64_t rank = int64_t(s->size());
  if (!wrap(sd, rank, &st) || !wrap(ed, rank, &en) || st > en) return false;
  if (rank == 0) return one({c(1)}, out);
  SymShape r(s->begin(), s->begin() + st);
  r.push_back(product(*s, size_t(st), size_t(en) + 1));
  r.insert(r.end(), s->begin() + en + 1, s->end());
  return one(std::move(r), out);
}

bool rule_unflatten(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  SymShape sizes, inferred;
  int64_t d, w;
  if (!s || s->empty() || !a.const_int("dim", &d) || !wrap(d, int64_t(s->size()), &w) || !a.ints("sizes", &sizes) ||
      sizes.empty() || !sizes_ok(sizes) || !infer_minus_one((*s)[size_t(w)], sizes, &inferred))
    return false;
  SymShape r(s->begin(), s->begin() + w);
  r.insert(r.end(), inferred.begin(), inferred.end());
  r.insert(r.end(), s->begin() + w + 1, s->end());
  return one(std::move(r), out);
}

bool rule_transpose(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  const auto& p = a.op.schema.params;
  int64_t d0, d1, w0, w1;
  if (!s || p.size() < 3 || !a.const_int(p[1].name, &d0) || !a.const_int(p[2].name, &d1)) return false;
  int64_t rank = int64_t(s->size());
  if (!wrap(d0, rank, &w0) || !wrap(d1, rank, &w1)) return false;
  SymShape r = *s;
  if (rank > 0) std::swap(r[size_t(w0)], r[size_t(w1)]);
  return one(std::move(r), out);
}

bool rule_t(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  if (!s || s->size() > 2) return false;
  SymShape r = *s;
  if (r.size() == 2) std::swap(r[0], r[1]);
  return one(std::move(r), out);
}

bool rule_unsqueeze(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  int64_t d;
  if (!s || !a.const_int("dim", &d)) return false;
  int64_t rank = int64_t(s->size()) + 1;
  if (d < -rank || d >= rank) return false;
  if (d < 0) d += rank;
  SymShape r = *s;
  r.insert(r.begin() + d, c(1));
  return one(std::move(r), out);
}

// Whether a dim is 1 decides squeeze's rank: only constant dims say.
bool rule_squeeze(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  int64_t d, w, v;
  bool none;
  if (!s || !a.const_int("dim", &d, &none)) return false;
  SymShape r;
  if (none) {
    bool known = true;
    for (const SymSize& x : *s) {
      if (x.is_constant(&v) ? v != 1 : a.cx->is_not_one(x)) r.push_back(x);
      else if (!x.is_constant()) known = a.want_not_one(x);
    }
    return known ? one(std::move(r), out) : a.vary();
  }
  if (!wrap(d, int64_t(s->size()), &w)) return false;
  if (s->empty()) return one({}, out);
  const SymSize& x = (*s)[size_t(w)];
  if (!x.is_constant(&v)) {
    if (!a.cx->is_not_one(x)) return a.want_not_one(x), a.vary();
    v = 2;  // (not 1: kept)
  }
  r = *s;
  if (v == 1) r.erase(r.begin() + w);
  return one(std::move(r), out);
}

bool rule_narrow(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  const SymArg& len = a.named("length");
  int64_t d, w;
  if (!s || s->empty() || len.kind != Kind::Int || !a.const_int("dim", &d) || !wrap(d, int64_t(s->size()), &w)) return false;
  SymShape r = *s;
  r[size_t(w)] = len.shape[0];  // (0 <= length when it succeeds)
  return one(std::move(r), out);
}

bool rule_select(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  int64_t d, w;
  if (!s || s->empty() || !a.const_int("dim", &d) || !wrap(d, int64_t(s->size()), &w)) return false;
  SymShape r = *s;
  r.erase(r.begin() + w);
  return one(std::move(r), out);
}

// split into pieces of the given sizes along dim w.
bool pieces(const SymShape& s, int64_t w, const SymShape& sizes, Shapes* out) {
  out->clear();
  for (const SymSize& x : sizes) {
    SymShape r = s;
    r[size_t(w)] = x;
    out->push_back(std::move(r));
  }
  return true;
}

// Pieces of `each` along a dim of constant size n (the last one shorter).
SymShape even_pieces(int64_t n, int64_t each) {
  SymShape sizes;
  for (int64_t at = 0; at < n; at += each) sizes.push_back(c(std::min(each, n - at)));
  return sizes;
}

bool rule_chunk(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  int64_t k, d, w, n;
  if (!s || s->empty() || !a.const_int("chunks", &k) || k <= 0 || !a.const_int("dim", &d) ||
      !wrap(d, int64_t(s->size()), &w))
    return false;
  if (!(*s)[size_t(w)].is_constant(&n)) return a.vary_count((*s)[size_t(w)]);
  if (n <= 0) return false;
  return pieces(*s, w, even_pieces(n, (n + k - 1) / k), out);
}

bool rule_unbind(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  int64_t d, w, n;
  if (!s || s->empty() || !a.const_int("dim", &d) || !wrap(d, int64_t(s->size()), &w)) return false;
  if (!(*s)[size_t(w)].is_constant(&n)) return a.vary_count((*s)[size_t(w)]);
  SymShape r = *s;
  r.erase(r.begin() + w);
  out->assign(size_t(n), r);
  return true;
}

bool rule_split(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  const SymArg& how = a[1];
  int64_t d, w, n, each;
  if (!s || s->empty() || !a.const_int("dim", &d) || !wrap(d, int64_t(s->size()), &w)) return false;
  if (how.kind == Kind::IntList) return pieces(*s, w, how.shape, out);  // sections (a negative one raises)
  if (how.kind != Kind::Int || !how.shape[0].is_constant(&each) || each <= 0) return false;
  if (!(*s)[size_t(w)].is_constant(&n)) return a.vary_count((*s)[size_t(w)]);
  if (n <= 0) return false;
  return pieces(*s, w, even_pieces(n, each), out);
}

bool rule_linalg(const Args& a, Shapes* out) {
  const SymShape* x = a.tensor(0);
  const SymShape* y = a.tensor(1);
  if (!x || !y) return false;
  SymShape r;
  switch (a.op.arg) {
    case 0: return sym_matmul(*x, *y, &r) && one(std::move(r), out);                          // matmul
    case 1: return x->size() == 2 && y->size() == 2 && one({(*x)[0], (*y)[1]}, out);          // mm
    case 2: return x->size() == 3 && y->size() == 3 && one({(*x)[0], (*x)[1], (*y)[2]}, out);  // bmm
    case 3: return x->size() == 2 && y->size() == 1 && one({(*x)[0]}, out);                   // mv
    case 4: return x->size() == 1 && y->size() == 1 && one({}, out);                          // dot
    case 5:
    case 6: return x->size() == 1 && y->size() == 1 && one({(*x)[0], (*y)[0]}, out);  // outer, ger
  }
  return false;
}

bool rule_linear(const Args& a, Shapes* out) {
  const SymShape* x = a.tensor(0);
  const SymShape* w = a.tensor(1);
  if (!x || !w || x->empty() || w->empty() || w->size() > 2) return false;
  SymShape r(x->begin(), x->end() - 1);
  if (w->size() == 2) r.push_back((*w)[0]);
  if (const SymShape* b = a.tensor(2)) {  // the bias broadcasts
    Shapes both = {r, *b};
    if (!sym_broadcast(both, &r)) return false;
  }
  return one(std::move(r), out);
}

bool rule_filled(const Args& a, Shapes* out) {  // zeros(size...), full(size, v)...
  SymShape sizes;  // (a negative size raises: no check needed)
  return a.ints("size", &sizes) && one(std::move(sizes), out);
}


bool rule_like(const Args& a, Shapes* out) { return same_as(a, 0, out); }

bool rule_sequence(const Args& a, Shapes* out) {  // linspace(steps), eye(n, m), randperm(n)
  auto int_arg = [&](const char* name, SymSize* v) {
    const SymArg& x = a.named(name);
    if (x.kind != Kind::Int) return false;
    *v = x.shape[0];  // (>= 0 when it succeeds)
    return true;
  };
  SymSize n, m;
  switch (a.op.arg) {
    case 0: return int_arg("steps", &n) && one({n}, out);
    case 1:
      if (!int_arg("n", &n)) return false;
      if (a.named("m").kind == Kind::Int) m = a.named("m").shape[0];
      else if (a.named("m").kind == Kind::Absent || (a.named("m").kind == Kind::Other && a.named("m").value.is_none())) m = n;
      else return false;
      return one({n, m}, out);
    case 2: return int_arg("n", &n) && one({n}, out);
  }
  return false;
}

// arange of ints: end - start in steps of 1 (or -1; it raises where that
// is negative); constant bounds in any step.
bool rule_arange(const Args& a, Shapes* out) {
  auto int_of = [&](const char* name, SymSize* v) {  // (a parameter the overload lacks keeps *v)
    if (a.index(name) < 0) return true;
    const SymArg& x = a.named(name);
    if (x.kind != Kind::Int) return false;
    *v = x.shape[0];
    return true;
  };
  SymSize start = c(0), end, step = c(1);
  if (a.index("end") < 0 || !int_of("end", &end) || !int_of("start", &start) || !int_of("step", &step)) return false;
  int64_t st, e, s0;
  if (is_const(step, 1)) return one({end - start}, out);
  if (is_const(step, -1)) return one({start - end}, out);
  if (!step.is_constant(&st) || st == 0 || !start.is_constant(&s0) || !end.is_constant(&e)) return false;
  int64_t n = st > 0 ? (e - s0 + st - 1) / st : (s0 - e + (-st) - 1) / (-st);
  return one({c(std::max<int64_t>(n, 0))}, out);
}

bool rule_cat(const Args& a, Shapes* out) {  // cat, concat; stack
  const SymArg& ts = a[0];
  int64_t d, w;
  if (ts.kind != Kind::TensorList || ts.tensors.empty() || !a.const_int("dim", &d)) return false;
  bool stack = a.op.arg == 2;
  if (stack) {
    const SymShape& f = ts.tensors[0];
    int64_t rank = int64_t(f.size()) + 1;
    if (d < -rank || d >= rank) return false;
    w = d < 0 ? d + rank : d;
    SymShape r = f;
    for (const SymShape& t : ts.tensors) {
      if (t.size() != f.size()) return false;
      for (size_t i = 0; i < f.size(); i++)
        if (int64_t v; t[i].is_constant(&v)) r[i] = t[i];  // (all equal when it succeeds: a constant says most)
    }
    r.insert(r.begin() + w, c(int64_t(ts.tensors.size())));
    return one(std::move(r), out);
  }
  // cat skips 1-dim empty tensors of a constant size 0 (PyTorch's legacy rule).
  const SymShape* f = nullptr;
  for (const SymShape& t : ts.tensors)
    if (!(t.size() == 1 && is_const(t[0], 0))) {
      f = &t;
      break;
    }
  if (!f) return one({c(0)}, out);
  if (f->empty() || !wrap(d, int64_t(f->size()), &w)) return false;
  SymShape r = *f;
  r[size_t(w)] = c(0);
  for (const SymShape& t : ts.tensors) {
    if (t.size() == 1 && is_const(t[0], 0)) continue;
    if (t.size() != f->size()) return false;
    for (size_t i = 0; i < f->size(); i++)
      if (int64_t(i) == w) r[i] = r[i] + t[i];
      else if (int64_t v; t[i].is_constant(&v)) r[i] = t[i];
  }
  return one(std::move(r), out);
}

bool rule_index_select(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  const SymShape* idx = a.tensor(2);
  int64_t d, w;
  if (!s || !idx || idx->size() > 1 || !a.const_int("dim", &d) || !wrap(d, int64_t(s->size()), &w)) return false;
  SymShape r = *s;
  if (!r.empty()) r[size_t(w)] = idx->empty() ? c(1) : (*idx)[0];
  else if (!idx->empty() && !is_const((*idx)[0], 1)) return false;  // (a 0-dim input takes one index)
  return one(std::move(r), out);
}

bool rule_gather(const Args& a, Shapes* out) { return same_as(a, 2, out); }  // the index's sizes

bool rule_repeat(const Args& a, Shapes* out) {
  const SymShape* s = a.tensor(0);
  SymShape reps;
  if (!s || !a.ints("repeats", &reps) || reps.size() < s->size()) return false;  // (a negative count raises)
  size_t lead = reps.size() - s->size();
  SymShape r;
  for (size_t i = 0; i < reps.size(); i++) r.push_back(i < lead ? reps[i] : reps[i] * (*s)[i - lead]);
  return one(std::move(r), out);
}

using Rule = bool (*)(const Args&, Shapes*);

const std::unordered_map<OpImpl, Rule>& rules() {
  static const std::unordered_map<OpImpl, Rule> table = {
      // Same sizes as the input (or broadcast: pointwise handles those).
      {impl_clone, rule_same}, {impl_convert, rule_same}, {impl_to, rule_same}, {impl_type_as, rule_same},
      {impl_copy_, rule_same}, {impl_nan_to_num, rule_same}, {impl_contiguous, rule_same}, {impl_detach, rule_same},
      {impl_cumsum, rule_same}, {impl_flip, rule_same}, {impl_roll, rule_same}, {impl_tril, rule_same},
      {impl_scatter, rule_same}, {impl_setitem, rule_same}, {impl_softmax, rule_same}, {impl_fill_, rule_same},
      // Reductions.
      {impl_sum, rule_reduction}, {impl_prod, rule_reduction}, {impl_amax, rule_reduction},
      {impl_argmax, rule_reduction}, {impl_all, rule_reduction}, {impl_logsumexp, rule_reduction},
      {impl_norm, rule_reduction}, {impl_var, rule_var}, {impl_max, rule_max},
      {impl_count_nonzero, rule_count_nonzero},
      // Sorts.
      {impl_sort, rule_sort}, {impl_topk, rule_topk},
      // Views.
      {impl_view, rule_view}, {impl_reshape, rule_view}, {impl_expand, rule_expand}, {impl_permute, rule_permute},
      {impl_as_other, rule_as_other}, {impl_flatten, rule_flatten}, {impl_unflatten, rule_unflatten},
      {impl_transpose, rule_transpose}, {impl_t, rule_t}, {impl_unsqueeze, rule_unsqueeze},
      {impl_squeeze, rule_squeeze}, {impl_narrow, rule_narrow}, {impl_select, rule_select},
      {impl_chunk, rule_chunk}, {impl_unbind, rule_unbind}, {impl_split, rule_split},
      // Products, joins, gathers.
      {impl_linalg, rule_linalg}, {impl_linear, rule_linear}, {impl_cat, rule_cat},
      {impl_index_select, rule_index_select}, {impl_gather, rule_gather}, {impl_repeat, rule_repeat},
      // Creations.
      {impl_filled, rule_filled}, {impl_randint, rule_filled}, {impl_like, rule_like},
      {impl_sequence, rule_sequence}, {impl_arange, rule_arange},
  };
  return table;
}

}  // namespace

bool sym_broadcast(std::span<const SymShape> shapes, SymShape* out) {
  size_t rank = 0;
  for (const SymShape& s : shapes) rank = std::max(rank, s.size());
  SymShape r(rank, c(1));
  for (size_t k = 0; k < rank; k++) {  // k-th dim from the right
    const SymSize* fixed = nullptr;    // a constant other than 1
    const SymSize* sym = nullptr;      // a symbolic size
    for (const SymShape& s : shapes) {
      if (k >= s.size()) continue;
      const SymSize& x = s[s.size() - 1 - k];
      int64_t v;
      if (x.is_constant(&v)) {
        if (v == 1) continue;
        if (fixed && *fixed != x) return false;  // 3 with 4: the op raises
        fixed = &x;
      } else {
        if (sym && *sym != x) {
          if (!fixed) return false;  // s0 with s1: either may be 1
          continue;
        }
        sym = &x;
      }
    }
    // A constant n (not 1): every symbolic size is 1 or n, so the result is n.
    r[rank - 1 - k] = fixed ? *fixed : sym ? *sym : c(1);
  }
  *out = std::move(r);
  return true;
}

bool sym_matmul(const SymShape& a, const SymShape& b, SymShape* out) {
  if (a.empty() || b.empty()) return false;
  if (a.size() == 1 && b.size() == 1) return out->clear(), true;
  if (a.size() <= 2 && b.size() <= 2) {
    out->clear();
    if (a.size() == 2) out->push_back(a[0]);
    if (b.size() == 2) out->push_back(b[1]);
    return true;
  }
  // Batched: the batch dims broadcast; a 1-dim operand gains then loses a dim.
  SymShape ab(a.begin(), a.end() - std::min<size_t>(a.size(), 2));
  SymShape bb(b.begin(), b.end() - std::min<size_t>(b.size(), 2));
  if (a.size() == 1) ab.clear();
  if (b.size() == 1) bb.clear();
  SymShape r;
  Shapes batch = {ab, bb};
  if (!sym_broadcast(batch, &r)) return false;
  if (a.size() >= 2) r.push_back(a[a.size() - 2]);
  if (b.size() >= 2) r.push_back(b[b.size() - 1]);
  *out = std::move(r);
  return true;
}

bool has_sym_rule(const OpDef& op) {
  return rules().count(op.impl) || op.kind == OpKind::Pointwise || op.kind == OpKind::Composite;
}

bool SymContext::is_not_one(const SymSize& x) const {
  int id;
  return x.is_symbol(&id) && std::find(not_one.begin(), not_one.end(), id) != not_one.end();
}

bool sym_meta(const OpDef& op, std::span<const SymArg> args, std::vector<SymShape>* out, SymContext* cx) {
  SymContext local;
  Args a{op, args, cx ? cx : &local};
  a.cx->varies = false;
  a.cx->want_not_one.clear();
  a.cx->want_fixed.clear();
  a.cx->want_enough = true;
  auto it = rules().find(op.impl);
  bool ok;
  if (it != rules().end()) ok = it->second(a, out);
  else if (op.kind == OpKind::Pointwise || op.kind == OpKind::Composite) ok = pointwise(a, out);
  else ok = false;
  if (!ok) return false;
  for (const SymShape& s : *out)
    for (const SymSize& x : s)
      if (x.invalid()) return false;
  return true;
}

}  // namespace kiln::torch::ops
