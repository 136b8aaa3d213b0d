// tracer/values_tensor.cpp — tensors in the trace: the copies ops run on
// while tracing (on the arguments' own memory until something may write
// them: copy on write), and symbolic sizes (SymInts read from dynamic dims, and
// what pins them back to constants).
#include <cstdio>
#include <cstdlib>

#include "stdlib/torch/ops/registry.h"
#include "tracer/translator.h"

namespace kiln::tracer {

Value Tracer::clone_tensor(const Value& real) {
  auto it = clones_.find(real.as_object());
  if (it != clones_.end()) return it->second;
  const torch::autograd::Var& v = torch::var_of(real);
  torch::Tensor c = v.t;
  if (torch::Storage* s = v.t.storage.get()) {
    StorageClone& cs = storage_clones_[s];
    if (!cs.storage) {
      cs.storage = torch::StoragePtr(torch::Storage::borrow(s));
      cs.version = cs.storage->version;
    }
    c.storage = cs.storage;
  }
  torch::autograd::Var cv(std::move(c));
  if (v.requires_grad()) cv.ensure_meta().requires_grad = true;
  Value o = torch::wrap(vm_, std::move(cv));
  vm::TypeObject* want = real.as_object()->type;
  if (o.as_object()->type != want) {
    vm::TypeObject* old = o.as_object()->type;
    Value::incref(want);
    o.as_object()->type = want;
    Value::decref(old);
  }
  clones_[real.as_object()] = o;
  return o;
}

namespace {
// Gives a trace storage that still borrows its argument's memory a copy of
// its own.
template <class Clone> void own(Clone& cs) {
  if (cs.owns) return;
  torch::Storage::own_copy(cs.storage.get());
  cs.owns = true;
}
}  // namespace

void Tracer::before_write(const Value& x) {
  if (!torch::is_tensor(x)) return;
  const torch::Storage* s = torch::tensor_of(x).storage.get();
  if (!s || !s->lender) return;
  for (auto& [real, cs] : storage_clones_)
    if (cs.storage.get() == s) own(cs);
}

void Tracer::own_all_copies() {
  for (auto& [real, cs] : storage_clones_) own(cs);
}

void Tracer::before_native(const vm::NativeObject* nat, const std::vector<Value>& args) {
  if (storage_clones_.empty()) return;
  const torch::ops::OpDef* op = torch::ops::op_of(nat);
  if (op && !op->schema.writes()) return;
  std::function<bool(const Value&, int)> each = [&](const Value& v, int depth) {
    if (torch::is_tensor(v)) {
      before_write(v);
      return true;
    }
    if (v.is_empty() || v.is_none() || v.is_bool() || vm::is_int(v) || v.is_double() || vm::is_str(v)) return true;
    if (depth < 4 && vm::is_kind(v, vm::ObjKind::Tuple)) {
      const auto* t = v.as<vm::TupleObject>();
      for (size_t i = 0; i < t->size; i++)
        if (!each(t->items[i], depth + 1)) return false;
      return true;
    }
    if (depth < 4 && vm::is_kind(v, vm::ObjKind::List)) {
      for (const Value& it : v.as<vm::ListObject>()->items)
        if (!each(it, depth + 1)) return false;
      return true;
    }
    return vm::is_kind(v, vm::ObjKind::Type) || vm::is_kind(v, vm::ObjKind::Slice);  // (anything else may hold a tensor)
  };
  for (const Value& a : args)
    if (!each(a, 0)) {
      own_all_copies();
      return;
    }
}

void Tracer::check_borrowed(const std::string& after) const {
  for (const auto& [real, cs] : storage_clones_)
    if (!cs.owns && cs.storage->version != cs.version) {
      std::fprintf(stderr,
                   "kiln internal error: the tracer wrote a tensor argument's own memory (after %s), which only its copy "
                   "should see; please report this\n",
                   after.c_str());
      std::abort();
    }
}

uint64_t Tracer::dynamic_dims_of(const Sym& t) {
  if (!t.is_tensor() || sizes_read_) return 0;
  if (tag_kind(t.reg) == kNodeTag) {
    // An intermediate's sizes may follow from dynamic sizes and ints:
    // while the trace has any, each is read from the tensor when the
    // graph runs.
    int nd = torch::tensor_of(t.ex).sizes.n;
    if (nd == 0 || nd > 64 || !trace_is_dynamic()) return 0;
    return nd == 64 ? ~uint64_t(0) : (uint64_t(1) << nd) - 1;
  }
  if (tag_kind(t.reg) != kInputTag) return 0;
  int src = input_sources_[size_t(tag_index(t.reg))];
  for (const Guard& g : guards_.guards)
    if (g.kind == GuardKind::TensorMatch && g.source == src) return g.dynamic;
  return 0;
}

Sym Tracer::dim_sym(const Sym& t, int64_t d) {
  const torch::Tensor& ex = torch::tensor_of(t.ex);
  if (d < 0) d += ex.sizes.n;
  if (d < 0 || d >= ex.sizes.n) {
    size_read();
    checked(Value(vm_.raise(vm::Exc::IndexError, "Dimension out of range")), "size");
  }
  if (!((dynamic_dims_of(t) >> d) & 1)) return Sym::constant(vm::make_int(vm_, ex.sizes[int(d)]));
  // One node per (tensor, dim); a memo entry is stale once a break has
  // cut the node list back.
  int treg = reg_of(t);
  auto memo = size_nodes_.find({treg, d});
  if (memo != size_nodes_.end() && size_t(tag_index(memo->second)) < nodes_.size() &&
      nodes_[size_t(tag_index(memo->second))].label == "Tensor.size" &&
      nodes_[size_t(tag_index(memo->second))].in[0] == treg)
    return ref(memo->second, vm::make_int(vm_, ex.sizes[int(d)]));
  Node n;
  n.op = GraphOp::Call;
  n.callee = vm::type_lookup(torch::torch_state(vm_).tensor_type, vm_.intern("size").as<vm::StrObject>());
  n.label = "Tensor.size";
  n.in = {treg, const_id(vm::make_int(vm_, d))};
  Value r = vm::make_int(vm_, ex.sizes[int(d)]);
  int id = add_node(std::move(n), r);
  size_nodes_[{treg, d}] = id;
  return ref(id, r);
}

Sym Tracer::shape_sym(const Sym& t) {
  Sym s;
  s.kind = SymKind::Seq;
  s.seq = std::make_shared<SeqData>();
  s.seq->is_size = true;
  for (int d = 0; d < torch::tensor_of(t.ex).sizes.n; d++) s.seq->items.push_back(dim_sym(t, d));
  return s;
}

Sym Tracer::concretize(const Sym& s) {
  if (!is_symnum(s)) return s;
  size_read();
  // Dynamic ints become constants again, each with its guard; dynamic
  // floats too when this is one (it may follow from them) or when one
  // went into a torch call (a size may follow: arange(0, x)).
  pin_numbers(s.ex.is_double() || floats_to_calls_);
  // An int may follow from storage offsets read in the graph: pinned too.
  if (offsets_read_)
    for (auto& [src, off] : tensor_offsets_) guard(GuardKind::StorageOffset, src, Value(), off);
  return Sym::constant(s.ex);
}

bool Tracer::constant_of(const Sym& s, Value* out) {
  if (is_symnum(s)) {
    *out = concretize(s).ex;
    return true;
  }
  if (s.is_const()) {
    *out = s.ex;
    return true;
  }
  if (s.kind != SymKind::Seq || !s.seq) return false;
  std::vector<Value> items;
  for (const Sym& it : s.seq->items) {
    Value v;
    if (!constant_of(it, &v)) return false;
    items.push_back(std::move(v));
  }
  Value r = s.seq->is_list   ? vm::list_new(vm_, items.size())
            : s.seq->is_size ? vm::tuple_new_of(vm_, torch::torch_state(vm_).size_type, items.size())
                             : vm::tuple_new(vm_, items.size());
  if (!r) return false;
  for (size_t i = 0; i < items.size(); i++) {
    if (s.seq->is_list) r.as<vm::ListObject>()->items.push_back(items[i]);
    else r.as<vm::TupleObject>()->items[i] = items[i];
  }
  *out = r;
  return true;
}

bool Tracer::symint_origin(const Sym& s, int* src, int* dim) const {
  if (!is_symint(s)) return false;
  if (tag_kind(s.reg) == kInputTag) {
    *src = input_sources_[size_t(tag_index(s.reg))];
    *dim = -1;
    return true;
  }
  if (tag_kind(s.reg) != kNodeTag) return false;
  const Node& n = nodes_[size_t(tag_index(s.reg))];
  int64_t d = 0;
  if (n.op != GraphOp::Call || n.label != "Tensor.size" || n.in.size() != 2 || tag_kind(n.in[0]) != kInputTag ||
      tag_kind(n.in[1]) != kConstTag || !vm::int_value(consts_[size_t(tag_index(n.in[1]))], &d))
    return false;
  *src = input_sources_[size_t(tag_index(n.in[0]))];
  *dim = int(d);
  return true;
}

bool Tracer::symint_compare(vm::CmpOpKind k, const Sym& a, const Sym& b, Sym* out) {
  if (int(k) > int(vm::CmpOpKind::GtE)) return false;
  int src = -1, dim = 0;
  bool left = symint_origin(a, &src, &dim);
  const Sym& other = left ? b : a;
  if (!left && !symint_origin(b, &src, &dim)) return false;
  int64_t c = 0;
  if (!other.is_const() || other.ex.is_bool() || !vm::int_value(other.ex, &c)) return false;
  Value r = checked(vm::compare(vm_, k, example_of(a), example_of(b)), "comparison");
  static const uint8_t kSwap[] = {4, 5, 2, 3, 0, 1};  // c < n is n > c, ...
  Guard g;
  g.kind = GuardKind::SizeCompare;
  g.source = src;
  g.n = dim;
  g.expected = other.ex;
  g.cmp = left ? uint8_t(k) : kSwap[int(k)];
  g.want = r.is_true();
  guards_.add(std::move(g));
  *out = Sym::constant(r);
  return true;
}

Sym Tracer::tensor_from_source(int src, const Value& real) {
  const torch::autograd::Var& v = torch::var_of(real);
  Guard g;
  g.kind = GuardKind::TensorMatch;
  g.source = src;
  g.expected = Value::borrow(real.as_object()->type);
  g.dtype = v.t.dtype;
  g.sizes = v.t.sizes;
  g.strides = v.t.strides;
  g.requires_grad = v.requires_grad();
  if ((opts_.all_dynamic || opts_.dynamic) && v.t.sizes.n > 0 && v.t.sizes.n <= 64 && v.t.is_contiguous()) {
    uint64_t all = v.t.sizes.n == 64 ? ~uint64_t(0) : (uint64_t(1) << v.t.sizes.n) - 1;
    if (opts_.all_dynamic) {
      g.dynamic = all;
    } else {
      auto it = opts_.dynamic->find(guards_.sources.describe(src));
      if (it != opts_.dynamic->end()) g.dynamic = it->second & all;
    }
  }
  guards_.add(std::move(g));
  tensor_offsets_.emplace_back(src, v.t.offset);
  return ref(input_for_source(src, real), clone_tensor(real));
}

bool Tracer::dynamic_number_from_source(int src, const Value& real, Sym* out) {
  if (!((vm::is_int(real) && !real.is_bool()) || real.is_double()) || !opts_.dynamic_numbers) return false;
  std::string d = guards_.sources.describe(src);
  if (std::find(opts_.dynamic_numbers->begin(), opts_.dynamic_numbers->end(), d) == opts_.dynamic_numbers->end())
    return false;
  guard(GuardKind::TypeMatch, src, Value::borrow(vm::type_of(vm_, real)));
  *out = ref(input_for_source(src, real), real);
  for (auto& [s2, v2] : dynamic_number_inputs_)
    if (s2 == src) return true;
  dynamic_number_inputs_.emplace_back(src, real);
  return true;
}

}  // namespace kiln::tracer
