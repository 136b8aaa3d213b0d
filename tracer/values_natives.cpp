// tracer/values_natives.cpp — calls of native functions: torch ops become
// graph nodes, metadata queries constants, pure builtins (len, sum, list,
// sorted...) run on the Syms themselves.
#include "stdlib/torch/ops/registry.h"
#include "tracer/translator.h"

namespace kiln::tracer {

Sym Tracer::call_native(const NativeObject* nat, std::vector<Sym>& args, const Value& kwnames) {
  // object.__new__(cls), as a user __new__ calls it: a new instance of a
  // plain user class (the class's version is guarded).
  if (vm::is_object_native(vm_, Value::borrow(const_cast<NativeObject*>(nat))) && std::string_view(nat->name) == "__new__" &&
      args.size() == 1 && !vm::is_kind(kwnames, ObjKind::Tuple) && args[0].is_const() &&
      vm::is_kind(args[0].ex, ObjKind::Type)) {
    auto* cls = args[0].ex.as<vm::TypeObject>();
    if (!vm::type_is_builtin(cls) && cls->instance_kind == ObjKind::Instance &&
        !vm::user_type_lookup(cls, vm_.intern("__setattr__").as<vm::StrObject>())) {
      class_guards(cls);
      return alloc_instance(cls);
    }
  }
  const NativeInfo& info = natives_.classify(vm_, nat);
  size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
  size_t npos = args.size() - nkw;
  const vm::TupleObject* kw = nkw ? kwnames.as<vm::TupleObject>() : nullptr;
  switch (info.cls) {
    case NativeClass::Break: stop(info.reason, info.label);
    case NativeClass::Pure: return call_pure(Value::borrow(const_cast<NativeObject*>(nat)), info.label, args, kwnames);
    case NativeClass::Metadata: {
      if (info.label == "Tensor.storage_offset" && nkw == 0 && args.size() == 1 && args[0].is_tensor()) {
        // The guards do not pin offsets (a view at another offset reuses the
        // graph): the offset is a graph value, read when the graph runs, and
        // pinned by STORAGE_OFFSET guards only if Python code uses it.
        Value r = vm::make_int(vm_, torch::tensor_of(args[0].ex).offset);
        Node n;
        n.op = GraphOp::Call;
        n.callee = Value::borrow(const_cast<NativeObject*>(nat));
        n.label = info.label;
        n.in = {reg_of(args[0])};
        offsets_read_ = true;
        return ref(add_node(std::move(n), r), r);
      }
      if (info.label == "Tensor.size" && nkw == 0 && !args.empty() && dynamic_dims_of(args[0])) {
        if (args.size() == 1) return shape_sym(args[0]);
        int64_t d;
        if (args.size() == 2 && args[1].is_const() && vm::int_value(args[1].ex, &d)) return dim_sym(args[0], d);
      }
      for (auto& a : args) a = concretize(a);
      static const std::set<std::string> kSizeFree = {"Tensor.dim", "Tensor.ndimension", "Tensor.is_floating_point",
                                                       "Tensor.is_complex", "Tensor.element_size", "Tensor.get_device",
                                                       "Tensor.is_contiguous", "torch.is_tensor",
                                                       "torch.is_floating_point", "torch.is_complex"};
      if (!kSizeFree.count(info.label))
        for (auto& a : args)
          if (a.kind == SymKind::Ref) size_read();
      std::vector<Value> ex;
      for (auto& a : args) ex.push_back(example_of(a));
      Value r = checked(nat->fn(vm_, vm::CallArgs{ex.data(), npos, kw}, nat->data), info.label);
      if (torch::is_tensor(r)) stop(BreakReason::UnsupportedValue, info.label + " returned a tensor");
      return Sym::constant(r);
    }
    case NativeClass::Graph: {
      // torch._kiln_name_grad_fn names the grad_fn of a tensor that has one;
      // on one without, it is the identity (no node, nothing for fusion to
      // step around).
      if (info.label == "torch._kiln_name_grad_fn" && args.size() == 2 && args[0].is_tensor() &&
          !torch::var_of(args[0].ex).grad_fn())
        return args[0];
      // An in-place view op changes its tensor's sizes under the register
      // every other use of it reads (its meta would be stale).
      if (const torch::ops::OpDef* op = torch::ops::op_of(nat);
          op && op->kind == torch::ops::OpKind::View && op->schema.writes())
        stop(BreakReason::InplaceView, info.label);
      std::vector<Value> ex;
      for (auto& a : args) {
        ex.push_back(example_of(a));
        if (is_symnum(a) && a.ex.is_double()) floats_to_calls_ = true;
      }
      before_native(nat, ex);
      Value r = checked(nat->fn(vm_, vm::CallArgs{ex.data(), npos, kw}, nat->data), info.label);
      check_borrowed(info.label);
      Node n;
      n.op = GraphOp::Call;
      n.callee = Value::borrow(const_cast<NativeObject*>(nat));
      n.kwnames = nkw ? kwnames : Value();
      n.label = info.label;
      for (auto& a : args) n.in.push_back(reg_of(a));
      int id = add_node(std::move(n), r);
      return node_result(id, r, info.label);
    }
  }
  stop(BreakReason::UnknownNative, info.label);
}

Sym Tracer::call_pure(const Value& callee, const std::string& label, std::vector<Sym>& args, const Value& kwnames) {
  if (!(label == "len" && args.size() == 1))
    for (auto& a : args) a = concretize(a);
  bool consts = true;
  for (auto& a : args) consts = consts && a.is_const();
  size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
  auto items_of = [&](const Sym& s) { return drain(s); };
  if (nkw == 0 && args.size() == 1 && (label == "len") && !consts) {
    if (Sym r; subclass_dunder(args[0], "__len__", {}, &r)) return r;
    if (args[0].kind == SymKind::Seq) return Sym::constant(vm::make_int(vm_, int64_t(args[0].seq->items.size())));
    if (is_dict_obj(args[0])) return Sym::constant(vm::make_int(vm_, int64_t(dict_keys(args[0]).size())));
    if (args[0].kind == SymKind::Map) return Sym::constant(vm::make_int(vm_, int64_t(args[0].map->items.size())));
    if (Sym r; call_dunder(args[0], "__len__", {}, &r)) return r;
    if (dynamic_dims_of(args[0]) & 1) return dim_sym(args[0], 0);
    size_read();
    int64_t n;
    if (!vm::length(vm_, example_of(args[0]), &n)) checked(Value(), "len()");
    return Sym::constant(vm::make_int(vm_, n));
  }
  if (nkw == 0 && (label == "isinstance" || label == "type") && !consts) {
    std::vector<Value> ex;
    for (auto& a : args) ex.push_back(example_of(a));
    return Sym::constant(checked(vm_.call(callee, ex.data(), ex.size()), label));
  }
  if (nkw == 0 && !consts && label == "iter" && args.size() == 1) return iterate(args[0]);
  if (nkw == 0 && !consts && (label == "list" || label == "tuple") && args.size() == 1)
    return seq_of(items_of(args[0]), label == "list");
  if (nkw == 0 && !consts && label == "reversed" && args.size() == 1) {
    if (args[0].kind != SymKind::Seq) stop(BreakReason::UnsupportedCall, "reversed() of something other than a list or tuple");
    refuse_overrides(args[0], {"__reversed__", "__len__", "__getitem__"}, "reversed()");
    Sym it;
    it.kind = SymKind::Iter;
    it.iter = std::make_shared<IterData>();
    it.iter->items = args[0].seq->items;
    std::reverse(it.iter->items.begin(), it.iter->items.end());
    if (args[0].seq->is_list) {
      it.iter->watch_list = args[0].seq;
      it.iter->watch_version = args[0].seq->version;
    }
    return it;
  }
  if (nkw == 0 && !consts && (label == "enumerate" || label == "zip")) {
    // Lazy, as the builtins: each step takes the next item of each iterator.
    Sym it;
    it.kind = SymKind::Iter;
    it.iter = std::make_shared<IterData>();
    if (label == "enumerate") {
      if (args.empty() || args.size() > 2 || (args.size() == 2 && (!args[1].is_const() || !vm::int_value(args[1].ex, &it.iter->count))))
        stop(BreakReason::UnsupportedCall, "enumerate() with these arguments");
      it.iter->kind = IterData::Enumerate;
      it.iter->children.push_back(iterate(args[0]));
    } else {
      it.iter->kind = IterData::Zip;
      for (auto& a : args) it.iter->children.push_back(iterate(a));
    }
    return it;
  }
  if (nkw == 0 && !consts && label == "sum" && args.size() == 1) {
    Sym acc = Sym::constant(vm::make_int(vm_, 0));
    for (auto& x : items_of(args[0])) acc = binary(vm::BinOpKind::Add, acc, x, false);
    return acc;
  }
  if (nkw == 0 && !consts && label == "abs" && args.size() == 1 && args[0].is_tensor()) {
    Value r = checked(vm_.call1(callee, args[0].ex), "abs");
    Node n;
    n.op = GraphOp::Call;
    n.callee = callee;
    n.label = "abs";
    n.in = {reg_of(args[0])};
    int id = add_node(std::move(n), r);
    return node_result(id, r, "abs");
  }
  // What follows reads containers as the builtins (examples are plain
  // lists and tuples): a subclass with its own protocol stops here.
  if (label != "isinstance" && label != "type")
    for (auto& a : args)
      if (user_subclass(a) && overrides_protocol(a))
        stop(BreakReason::UnsupportedValue, fmt::format("{}() of a '{}', which defines its own container methods", label,
                                                        vm::str_view(user_subclass(a)->name)));
  // Tuples, lists and dicts made in the trace from constants only are
  // constants too, for a pure builtin (sorted(d.keys()), max([1, 2])...).
  std::function<bool(const Sym&)> all_const = [&](const Sym& x) -> bool {
    if (x.kind == SymKind::Const) return true;
    if (x.kind == SymKind::Seq) {
      for (auto& it : x.seq->items)
        if (!all_const(it)) return false;
      return true;
    }
    if (x.kind == SymKind::Map) {
      for (auto& kv : x.map->items)
        if (!all_const(kv.second)) return false;
      return true;
    }
    return false;
  };
  if (!consts) {
    bool folded = true;
    for (auto& a : args) folded = folded && all_const(a);
    if (!folded) {
      for (auto& a : args)
        if (a.is_tensor()) stop(BreakReason::DataDependentScalar, label + "() of a tensor");
      stop(BreakReason::UnsupportedValue, label + "() of these values");
    }
  }
  std::vector<Value> ex;
  for (auto& a : args) ex.push_back(example_of(a));
  Value r = checked(vm_.call(callee, ex.data(), ex.size() - nkw, nkw ? kwnames.as<vm::TupleObject>() : nullptr), label);
  if (vm::is_kind(r, ObjKind::List)) {
    std::vector<Sym> items;
    for (auto& x : r.as<vm::ListObject>()->items) items.push_back(Sym::constant(x));
    return seq_of(std::move(items), true);
  }
  if (vm::is_kind(r, ObjKind::Iterator) || vm::is_kind(r, ObjKind::Generator)) {
    Value l = checked(vm::sequence_to_list(vm_, r), label);
    Sym it;
    it.kind = SymKind::Iter;
    it.iter = std::make_shared<IterData>();
    for (auto& x : l.as<vm::ListObject>()->items) it.iter->items.push_back(Sym::constant(x));
    return it;
  }
  return Sym::constant(r);
}

}  // namespace kiln::tracer
