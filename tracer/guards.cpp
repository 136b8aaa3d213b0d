// tracer/guards.cpp — evaluating and describing guard programs (tracer/guards.h).
#include "tracer/guards.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/ast.h"
#include "vm/dict.h"
#include "vm/ops.h"
#include "vm/type.h"
#include "vm/set.h"
#include "vm/shape.h"

namespace kiln::tracer {

namespace {
const char* const kGuardNames[] = {
#define GUARD_KIND(name, printed) printed,
#include "tracer/guard_kinds.def"
#undef GUARD_KIND
};

// SIZE_COMPARE: the size (dim >= 0 of a tensor) or int (dim < 0) it reads.
bool size_or_int(const Value& x, int64_t dim, int64_t* out) {
  if (dim < 0) return !x.is_bool() && vm::int_value(x, out);
  if (!torch::is_tensor(x)) return false;
  const torch::Tensor& t = torch::tensor_of(x);
  if (dim >= t.sizes.n) return false;
  *out = t.sizes[int(dim)];
  return true;
}
int64_t expected_int(const Guard& g) {
  int64_t c = 0;
  vm::int_value(g.expected, &c);
  return c;
}
bool compare_ints(uint8_t cmp, int64_t a, int64_t b) {
  switch (vm::CmpOpKind(cmp)) {
    case vm::CmpOpKind::Lt: return a < b;
    case vm::CmpOpKind::LtE: return a <= b;
    case vm::CmpOpKind::Eq: return a == b;
    case vm::CmpOpKind::NotEq: return a != b;
    case vm::CmpOpKind::Gt: return a > b;
    case vm::CmpOpKind::GtE: return a >= b;
    default: return false;
  }
}
// "x.size(0) <= 16" for what must hold (the comparison, negated when its
// outcome was false).
std::string size_compare_text(const std::string& source, const Guard& g) {
  static const char* const kSym[] = {"<", "<=", "==", "!=", ">", ">="};
  static const uint8_t kNeg[] = {5, 4, 3, 2, 1, 0};  // not(<) is >=, ...
  uint8_t c = g.want ? g.cmp : kNeg[g.cmp];
  std::string lhs = g.n >= 0 ? fmt::format("{}.size({})", source, g.n) : source;
  return fmt::format("{} {} {}", lhs, kSym[c], expected_int(g));
}

// A Python value of one of the kinds CONST_MATCH compares, with its exact type.
bool const_equal(VM& vm, const Value& a, const Value& b) {
  if (a.bits() == b.bits()) return true;
  if (a.is_bool() || b.is_bool() || a.is_none() || b.is_none()) return false;
  // Floats by their bits: -0.0 == 0.0, but a graph that folded one made
  // the other's results (0.0 - x, 1 / x, printing); NaNs by payload.
  if (a.is_double() && b.is_double()) return std::bit_cast<uint64_t>(a.as_double()) == std::bit_cast<uint64_t>(b.as_double());
  if (vm::is_str(a) && vm::is_str(b)) return vm::str_view(a) == vm::str_view(b);
  if (vm::is_kind(a, vm::ObjKind::Range) && vm::is_kind(b, vm::ObjKind::Range)) {
    auto *p = a.as<vm::RangeObject>(), *q = b.as<vm::RangeObject>();
    return p->start == q->start && p->stop == q->stop && p->step == q->step;
  }
  if (vm::is_kind(a, vm::ObjKind::Slice) && vm::is_kind(b, vm::ObjKind::Slice)) {
    auto *p = a.as<vm::SliceObject>(), *q = b.as<vm::SliceObject>();
    return const_equal(vm, p->start, q->start) && const_equal(vm, p->stop, q->stop) && const_equal(vm, p->step, q->step);
  }
  if (vm::is_kind(a, vm::ObjKind::Set) && vm::is_kind(b, vm::ObjKind::Tuple)) {
    // A set from a source against its items while tracing, in iteration
    // order (a loop over it was unrolled in that order).
    auto* p = a.as<vm::SetObject>();
    auto* q = b.as<vm::TupleObject>();
    if (p->used != q->size) return false;
    size_t i = 0;
    for (const auto& slot : p->table)
      if (!slot.key.is_empty() && !const_equal(vm, slot.key, q->items[i++])) return false;
    return true;
  }
  if (vm::is_kind(a, vm::ObjKind::Tuple) && vm::is_kind(b, vm::ObjKind::Tuple)) {
    // Tuples of one class (a named tuple kept whole) item by item.
    auto *p = a.as<vm::TupleObject>(), *q = b.as<vm::TupleObject>();
    if (p->type != q->type || p->size != q->size) return false;
    for (size_t i = 0; i < p->size; i++)
      if (!const_equal(vm, p->items[i], q->items[i])) return false;
    return true;
  }
  int64_t x, y;
  if (vm::is_int(a) && vm::is_int(b) && vm::int_value(a, &x) && vm::int_value(b, &y)) return x == y;
  return false;
}

// The text of a guarded constant for messages and dumps, without running
// user code: a tuple subclass (a named tuple) may define __repr__, which
// may be the very function whose guard is being described. Tuples are
// written item by item (a subclass as Name(items)); the other constants
// (numbers, str, None, range, slice) have builtin reprs.
std::string const_text(VM& vm, const Value& v, int depth = 0) {
  if (vm::is_kind(v, vm::ObjKind::Tuple) && depth < 8) {
    auto* t = v.as<vm::TupleObject>();
    std::string r;
    bool plain = t->type == vm.types.tuple;
    if (!plain) r += std::string(vm::str_view(t->type->name));
    r += '(';
    for (size_t i = 0; i < t->size; i++) {
      if (i) r += ", ";
      r += const_text(vm, t->items[i], depth + 1);
    }
    if (plain && t->size == 1) r += ',';
    return r + ')';
  }
  if (v.is_object() && !vm::type_is_builtin(v.as_object()->type)) return "<" + std::string(vm::type_name(vm, v)) + ">";
  Value s = vm::repr(vm, v);
  if (!s) {
    vm.clear_exception();
    return "<const>";
  }
  return std::string(vm::str_view(s));
}

// A dict whose live keys are exactly those of tuple `keys` (strings,
// numbers, tuples: compared as CONST_MATCH does), in order.
bool dict_keys_match(VM& vm, const Value& d, const Value& keys) {
  if (!vm::is_kind(d, vm::ObjKind::Dict)) return false;
  auto* dict = d.as<vm::DictObject>();
  auto* k = keys.as<vm::TupleObject>();
  if (dict->used != k->size) return false;
  size_t i = 0;
  for (const auto& e : dict->entries) {
    if (e.key.is_empty()) continue;
    // Keys are usually the interned names the trace saw: one compare.
    if (e.key.bits() != k->items[i].bits() && !const_equal(vm, e.key, k->items[i])) return false;
    i++;
  }
  return true;
}

// MODULE_ATTRS: nothing in the module's dict changed since the names last
// matched (one compare), or each name still holds the very object it held
// while tracing (then the new dict state is remembered).
bool module_attrs_hold(const Guard& g) {
  auto* d = g.expected.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
  if (d->mutations == g.seen) return true;
  for (const auto& [name, value] : g.attrs)
    if (vm::dict_get_str(d, name.as<vm::StrObject>()).bits() != value.bits()) return false;
  g.seen = d->mutations;
  return true;
}

// NoAliasing: whether two tensors of g.group share a storage, one of them
// among the written ones (*a, *b: their positions in the group). A value
// that is no tensor holds no storage here (its own guard fails first).
bool aliased_pair(const Guard& g, const Value* v, size_t* a, size_t* b) {
  auto storage = [&](size_t i) -> const void* {
    const Value& x = v[g.group[i]];
    return torch::is_tensor(x) ? static_cast<const void*>(torch::tensor_of(x).storage.get()) : nullptr;
  };
  for (size_t i = 0; i < size_t(g.n) && i < g.group.size(); i++) {
    const void* s = storage(i);
    if (!s) continue;
    for (size_t j = 0; j < g.group.size(); j++)
      if (j != i && storage(j) == s) {
        *a = i, *b = j;
        return true;
      }
  }
  return false;
}

std::string shape_tuple(const torch::Shape& s) {
  std::string r = "(";
  for (int i = 0; i < s.n; i++) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + (s.n == 1 ? ",)" : ")");
}
// "[*, 16]": the sizes, dynamic ones as *.
std::string dynamic_sizes(const Guard& g) {
  std::string r = "[";
  for (int d = 0; d < g.sizes.n; d++) r += (d ? ", " : "") + (((g.dynamic >> d) & 1) ? std::string("*") : std::to_string(g.sizes[d]));
  return r + "]";
}
}  // namespace

const char* guard_kind_name(GuardKind k) { return kGuardNames[size_t(k)]; }

void GuardProgram::add(Guard g) {
  for (Guard& o : guards) {
    if (g.kind == GuardKind::ModuleAttrs && o.kind == GuardKind::ModuleAttrs && o.expected.bits() == g.expected.bits()) {
      // One guard per module: the names read are merged.
      for (auto& a : g.attrs) {
        bool known = false;
        for (auto& b : o.attrs) known = known || b.first.bits() == a.first.bits();
        if (!known) o.attrs.push_back(a);
      }
      o.seen = g.seen;
      return;
    }
    if (g.kind == GuardKind::DictKeys && o.kind == GuardKind::DictKeys && o.source == g.source) {
      auto *a = o.expected.as<vm::TupleObject>(), *b = g.expected.as<vm::TupleObject>();
      bool same = a->size == b->size;
      for (size_t i = 0; same && i < a->size; i++)
        same = a->items[i].bits() == b->items[i].bits() ||
               (vm::is_str(a->items[i]) && vm::is_str(b->items[i]) && vm::str_view(a->items[i]) == vm::str_view(b->items[i]));
      if (same) return;
    }
    if (o.kind == g.kind && o.source == g.source && o.expected.bits() == g.expected.bits() && o.n == g.n &&
        o.dtype == g.dtype && o.requires_grad == g.requires_grad && o.sizes == g.sizes && o.strides == g.strides &&
        o.dynamic == g.dynamic && o.cmp == g.cmp && o.want == g.want && o.group == g.group)
      return;
  }
  guards.push_back(std::move(g));
}

void GuardProgram::plan() const {
  // Each guard needs the sources up to the one it reads (SAME_OBJECT also
  // the other's); sorted by that, stably, guards run as soon as their
  // sources are loaded, so a miss loads no more than it must.
  need_.assign(guards.size(), 0);
  order_.resize(guards.size());
  for (size_t gi = 0; gi < guards.size(); gi++) {
    const Guard& g = guards[gi];
    int n = g.source + 1;
    if (g.kind == GuardKind::SameObject) n = std::max<int>(n, int(g.n) + 1);
    for (int s : g.group) n = std::max(n, s + 1);
    need_[gi] = n;
    order_[gi] = uint32_t(gi);
  }
  std::stable_sort(order_.begin(), order_.end(), [&](uint32_t a, uint32_t b) { return need_[a] < need_[b]; });
  planned_ = guards.size();
}

int GuardProgram::check(VM& vm, const vm::FunctionObject* fn, const Value* slots, std::vector<Value>* loaded) const {
  if (planned_ != guards.size()) plan();
  size_t ns = sources.items.size();
  loaded->resize(ns);
  Value* v = loaded->data();
  size_t nloaded = 0;
  for (uint32_t gi : order_) {
    const Guard& g = guards[gi];
    for (; nloaded < size_t(need_[gi]); nloaded++)
      if (!sources.load(vm, int(nloaded), fn, slots, v, &v[nloaded])) return -2 - int(nloaded);
    const Value* x = g.source >= 0 ? &v[g.source] : nullptr;
    bool ok = false;
    switch (g.kind) {
      case GuardKind::TensorMatch: {
        if (!x->is_object() || x->as_object()->type != g.expected.as_object()) break;
        const torch::autograd::Var& var = torch::var_of(*x);
        const torch::Tensor& t = var.t;
        if (!g.dynamic) {
          ok = t.dtype == g.dtype && t.sizes == g.sizes && t.strides == g.strides &&
               var.requires_grad() == g.requires_grad;
          break;
        }
        ok = t.dtype == g.dtype && t.sizes.n == g.sizes.n && var.requires_grad() == g.requires_grad;
        for (int d = 0; ok && d < t.sizes.n; d++) ok = ((g.dynamic >> d) & 1) || t.sizes[d] == g.sizes[d];
        ok = ok && t.is_contiguous();
        break;
      }
      case GuardKind::TypeMatch: ok = vm::type_of(vm, *x) == g.expected.as_object(); break;
      case GuardKind::IdMatch: ok = x->bits() == g.expected.bits(); break;
      case GuardKind::ConstMatch: ok = const_equal(vm, *x, g.expected); break;
      case GuardKind::LenMatch:
        if (vm::is_kind(*x, vm::ObjKind::Tuple)) ok = int64_t(x->as<vm::TupleObject>()->size) == g.n;
        else if (vm::is_kind(*x, vm::ObjKind::List)) ok = int64_t(x->as<vm::ListObject>()->items.size()) == g.n;
        break;
      case GuardKind::GradMode: ok = torch::autograd::GradMode::is_enabled() == bool(g.n); break;
      case GuardKind::ClassVersion: ok = g.expected.as<vm::TypeObject>()->version == uint64_t(g.n); break;
      case GuardKind::DictKeys: ok = dict_keys_match(vm, *x, g.expected); break;
      case GuardKind::SameObject: ok = (x->bits() == v[g.n].bits()) == g.expected.is_true(); break;
      case GuardKind::SizeCompare: {
        int64_t a = 0;
        if (!size_or_int(*x, g.n, &a)) break;
        ok = compare_ints(g.cmp, a, expected_int(g)) == g.want;
        break;
      }
      case GuardKind::FuncVersion: ok = g.expected.as<vm::FunctionObject>()->version == uint64_t(g.n); break;
      case GuardKind::ModuleAttrs: ok = module_attrs_hold(g); break;
      case GuardKind::StorageOffset:
        ok = torch::is_tensor(*x) && torch::tensor_of(*x).offset == g.n;
        break;
      case GuardKind::NoAliasing: {
        size_t a, b;
        ok = !aliased_pair(g, v, &a, &b);
        break;
      }
      case GuardKind::NoInstAttr: {
        if (!vm::is_kind(*x, vm::ObjKind::Instance)) break;
        Value* own = vm::instance_attr(x->as<vm::InstanceObject>(), g.expected.as<vm::StrObject>());
        ok = !own || own->is_empty();
        break;
      }
    }
    if (!ok) return int(gi);
  }
  for (; nloaded < ns; nloaded++)  // the graph's inputs among them
    if (!sources.load(vm, int(nloaded), fn, slots, v, &v[nloaded])) return -2 - int(nloaded);
  return -1;
}

std::string GuardProgram::describe(VM& vm) const {
  std::string r;
  for (const Guard& g : guards) {
    r += guard_kind_name(g.kind);
    if (g.source >= 0 && g.kind != GuardKind::NoAliasing) {
      r += ' ';
      r += sources.describe(g.source);
    }
    switch (g.kind) {
      case GuardKind::TensorMatch:
        if (g.dynamic) {
          r += fmt::format(": {}{} contiguous{}", torch::dtype_name(g.dtype), dynamic_sizes(g),
                           g.requires_grad ? " requires_grad" : "");
          break;
        }
        r += fmt::format(": {}{} stride {}{}", torch::dtype_name(g.dtype), g.sizes.str(), shape_tuple(g.strides),
                         g.requires_grad ? " requires_grad" : "");
        break;
      case GuardKind::TypeMatch: r += ": " + std::string(vm::str_view(g.expected.as<vm::TypeObject>()->name)); break;
      case GuardKind::IdMatch: {
        const Value& e = g.expected;
        if (vm::is_kind(e, vm::ObjKind::Function)) r += ": function " + std::string(vm::str_view(e.as<vm::FunctionObject>()->qualname));
        else if (vm::is_kind(e, vm::ObjKind::Native)) r += std::string(": builtin ") + e.as<vm::NativeObject>()->name;
        else if (vm::is_kind(e, vm::ObjKind::Module)) r += ": module " + std::string(vm::str_view(e.as<vm::ModuleObject>()->name));
        else if (vm::is_kind(e, vm::ObjKind::Type)) r += ": class " + std::string(vm::str_view(e.as<vm::TypeObject>()->name));
        else r += ": " + value_text(vm, e);
        break;
      }
      case GuardKind::ConstMatch: {
        r += " == " + const_text(vm, g.expected);
        break;
      }
      case GuardKind::LenMatch: r += ": len " + std::to_string(g.n); break;
      case GuardKind::GradMode: r += g.n ? ": enabled" : ": disabled"; break;
      case GuardKind::ClassVersion: r += " " + std::string(vm::str_view(g.expected.as<vm::TypeObject>()->name)); break;
      case GuardKind::NoInstAttr: r += ": ." + std::string(vm::str_view(g.expected)); break;
      case GuardKind::FuncVersion:
        r += " " + std::string(vm::str_view(g.expected.as<vm::FunctionObject>()->qualname));
        break;
      case GuardKind::ModuleAttrs: {
        r += " " + std::string(vm::str_view(g.expected.as<vm::ModuleObject>()->name)) + ":";
        for (const auto& a : g.attrs) r += " " + std::string(vm::str_view(a.first));
        break;
      }
      case GuardKind::StorageOffset: r += fmt::format(": {}", g.n); break;
      case GuardKind::NoAliasing: {
        r += ":";
        for (size_t i = 0; i < g.group.size(); i++)
          r += (i == size_t(g.n) ? " | " : " ") + sources.describe(g.group[i]);
        break;
      }
      case GuardKind::SameObject:
        r += (g.expected.is_true() ? " is " : " is not ") + sources.describe(int(g.n));
        break;
      case GuardKind::SizeCompare: r += ": " + size_compare_text(sources.describe(g.source), g); break;
      case GuardKind::DictKeys: r += ": " + value_text(vm, g.expected); break;
    }
    r += "\n";
  }
  return r;
}

std::vector<std::pair<std::string, uint64_t>> GuardProgram::changed_dims(VM& vm, const vm::FunctionObject* fn,
                                                                        const Value* slots) const {
  std::vector<std::pair<std::string, uint64_t>> out;
  std::vector<Value> v(sources.items.size());
  for (size_t i = 0; i < v.size(); i++)
    if (!sources.load(vm, int(i), fn, slots, v.data(), &v[i])) {
      vm.clear_exception();
      return out;
    }
  for (const Guard& g : guards) {
    if (g.kind != GuardKind::TensorMatch) continue;
    const Value& x = v[size_t(g.source)];
    if (!x.is_object() || x.as_object()->type != g.expected.as_object()) continue;
    const torch::autograd::Var& var = torch::var_of(x);
    const torch::Tensor& t = var.t;
    if (t.dtype != g.dtype || t.sizes.n != g.sizes.n || var.requires_grad() != g.requires_grad || t.sizes.n > 64) continue;
    uint64_t m = 0;
    for (int d = 0; d < t.sizes.n; d++)
      if (t.sizes[d] != g.sizes[d] && !((g.dynamic >> d) & 1)) m |= uint64_t(1) << d;
    if (m) out.emplace_back(sources.describe(g.source), m);
  }
  return out;
}

std::string GuardProgram::failure_reason(VM& vm, int failed, const vm::FunctionObject* fn, const Value* slots) const {
  std::vector<Value> v(sources.items.size());
  if (failed <= -2) {
    int i = -2 - failed;
    return sources.describe(i) + " is no longer there";
  }
  if (failed < 0) return "no guard failed";
  for (size_t i = 0; i < v.size(); i++)
    if (!sources.load(vm, int(i), fn, slots, v.data(), &v[i])) return sources.describe(int(i)) + " is no longer there";
  const Guard& g = guards[size_t(failed)];
  std::string name = g.source >= 0 ? sources.describe(g.source) : "";
  const Value* x = g.source >= 0 ? &v[size_t(g.source)] : nullptr;
  switch (g.kind) {
    case GuardKind::TensorMatch: {
      if (!x->is_object() || x->as_object()->type != g.expected.as_object())
        return fmt::format("{} is a {}, not a {}", name, vm::type_name(vm, *x),
                           vm::str_view(g.expected.as<vm::TypeObject>()->name));
      const torch::autograd::Var& var = torch::var_of(*x);
      const torch::Tensor& t = var.t;
      if (t.dtype != g.dtype)
        return fmt::format("{}.dtype changed from {} to {}", name, torch::dtype_name(g.dtype), torch::dtype_name(t.dtype));
      if (t.sizes.n != g.sizes.n)
        return fmt::format("{}.dim() changed from {} to {}", name, g.sizes.n, t.sizes.n);
      for (int d = 0; d < t.sizes.n; d++)
        if (t.sizes[d] != g.sizes[d] && !((g.dynamic >> d) & 1))
          return fmt::format("{}.size({}) changed from {} to {}", name, d, g.sizes[d], t.sizes[d]);
      if (g.dynamic && !t.is_contiguous()) return name + " is not contiguous";
      if (!g.dynamic && !(t.strides == g.strides))
        return fmt::format("{}.stride() changed from {} to {}", name, shape_tuple(g.strides), shape_tuple(t.strides));
      return fmt::format("{}.requires_grad changed from {} to {}", name, g.requires_grad ? "True" : "False",
                         var.requires_grad() ? "True" : "False");
    }
    case GuardKind::TypeMatch:
      return fmt::format("type({}) changed from {} to {}", name, vm::str_view(g.expected.as<vm::TypeObject>()->name),
                         vm::type_name(vm, *x));
    case GuardKind::IdMatch: return name + " is a different object";
    case GuardKind::ConstMatch:
      return fmt::format("{} changed from {} to {}", name, const_text(vm, g.expected), const_text(vm, *x));
    case GuardKind::LenMatch: {
      int64_t n = -1;
      if (!vm::length(vm, *x, &n)) vm.clear_exception();
      return fmt::format("len({}) changed from {} to {}", name, g.n, n);
    }
    case GuardKind::GradMode:
      return fmt::format("grad mode changed from {} to {}", g.n ? "enabled" : "disabled", g.n ? "disabled" : "enabled");
    case GuardKind::ClassVersion:
      return fmt::format("class {} was changed", vm::str_view(g.expected.as<vm::TypeObject>()->name));
    case GuardKind::DictKeys: return "the keys of " + name + " changed";
    case GuardKind::NoInstAttr: return fmt::format("{} now has its own attribute {}", name, vm::str_view(g.expected));
    case GuardKind::FuncVersion:
      return fmt::format("function {} was changed (its __code__, __defaults__ or __kwdefaults__)",
                         vm::str_view(g.expected.as<vm::FunctionObject>()->qualname));
    case GuardKind::ModuleAttrs: {
      auto* d = g.expected.as<vm::ModuleObject>()->dict.as<vm::DictObject>();
      for (const auto& [n, value] : g.attrs)
        if (vm::dict_get_str(d, n.as<vm::StrObject>()).bits() != value.bits())
          return fmt::format("{}.{} was changed", vm::str_view(g.expected.as<vm::ModuleObject>()->name), vm::str_view(n));
      return "a module attribute was changed";
    }
    case GuardKind::NoAliasing: {
      size_t a, b;
      if (!aliased_pair(g, v.data(), &a, &b)) return "no tensors alias";
      return fmt::format("{} and {} now share storage (the graph writes {} at its end)", sources.describe(g.group[a]),
                         sources.describe(g.group[b]), sources.describe(g.group[a]));
    }
    case GuardKind::StorageOffset:
      return fmt::format("{}.storage_offset() changed from {} to {}", name, g.n,
                         torch::is_tensor(*x) ? torch::tensor_of(*x).offset : -1);
    case GuardKind::SameObject:
      return fmt::format("{} {} {} now", name, g.expected.is_true() ? "is not" : "is", sources.describe(int(g.n)));
    case GuardKind::SizeCompare: {
      int64_t a = 0;
      size_or_int(*x, g.n, &a);
      return fmt::format("{} no longer holds ({})", size_compare_text(name, g),
                         g.n >= 0 ? fmt::format("{}.size({}) is {}", name, g.n, a) : fmt::format("{} is {}", name, a));
    }
  }
  return "?";
}

}  // namespace kiln::tracer
