// tracer/values_functions.cpp — calls: the dispatch of a call by the kind of
// its callee, inlining of Python functions (closures, cells, defaults) and
// generators run to their next yield.
#include "tracer/translator.h"

namespace kiln::tracer {

std::shared_ptr<CellData> Tracer::real_cell(int src, const Value& cell) {
  auto it = real_cells_.find(cell.as_object());
  if (it != real_cells_.end()) {
    alias_guard(src, cell.as_object(), it->second->src, cell.as_object());
    return it->second;
  }
  auto c = std::make_shared<CellData>();
  c->src = src;
  c->real = cell;
  c->contents = Sym::unbound();
  real_cells_[cell.as_object()] = c;
  note_mutable_source(src, cell.as_object());
  return c;
}

const Sym& Tracer::cell_load(const std::shared_ptr<CellData>& c) {
  if (c->src >= 0 && !c->loaded) {
    c->loaded = true;
    const Value& v = c->real.as<vm::CellObject>()->contents;
    c->contents = v.is_empty() ? Sym::unbound()
                               : from_source(guards_.sources.add(Source{SourceKind::CellContents, c->src, 0, Value(), Value()}), v);
  }
  return c->contents;
}

void Tracer::cell_store(const std::shared_ptr<CellData>& c, Sym v) {
  if (c->src >= 0) {
    escape_check(v, "a closure cell");
    note_change(c->src, c->real.as_object());
    Node n;
    n.op = GraphOp::StoreCell;
    n.label = "store_cell";
    n.in = {input_for_source(c->src, c->real), reg_of(v)};
    add_node(std::move(n), Value::none());
    c->loaded = true;
  }
  c->contents = std::move(v);
}

bool Tracer::generator_next(GenState& g, Sym* out) {
  if (g.done) return false;
  const CodeObject* saved_co = cur_co_;
  int saved_line = cur_line_;
  Frame* saved_frame = cur_frame_;
  std::vector<std::pair<const CodeObject*, int>> saved_chain = std::move(call_chain_);
  call_chain_ = g.chain;
  struct Restore {
    Tracer& t;
    const CodeObject* co;
    int line;
    Frame* frame;
    std::vector<std::pair<const CodeObject*, int>>& chain;
    ~Restore() {
      t.cur_co_ = co;
      t.cur_line_ = line;
      t.cur_frame_ = frame;
      t.call_chain_ = std::move(chain);
    }
  } restore{*this, saved_co, saved_line, saved_frame, saved_chain};
  if (g.started) g.frame.stack.push_back(Sym::constant(Value::none()));  // the value next() sends
  g.started = true;
  g.frame.outer_try = cur_try_;  // the consumer's: its handlers catch what the body raises
  bool saved_try = cur_try_;
  Sym v;
  try {
    v = run_frame(g.frame);
  } catch (Break& b) {
    if (!b.generator) b.generator = g.frame.co;
    throw;
  }
  cur_try_ = saved_try;
  if (!g.frame.yielded) {
    g.done = true;
    return false;
  }
  g.frame.yielded = false;
  *out = std::move(v);
  return true;
}

bool Tracer::call_dunder(const Sym& o, const char* name, std::vector<Sym> extra, Sym* out) {
  if (!is_instance_obj(o)) return false;
  Value fn = vm::user_type_lookup(o.ex.as_object()->type, vm_.intern(name).as<vm::StrObject>());
  if (!vm::is_kind(fn, ObjKind::Function)) return false;
  std::vector<Sym> args{o};
  args.insert(args.end(), extra.begin(), extra.end());
  *out = call(*cur_frame_, Sym::constant(fn), args, Value());
  return true;
}

Sym Tracer::call(Frame& f, const Sym& callee, std::vector<Sym>& args, const Value& kwnames) {
  if (callee.kind == SymKind::Func) {
    auto& fd = *callee.func;
    return inline_call(f, fd.code.as<CodeObject>(), fd.defaults, Value::none(), fd.globals, &fd.closure, nullptr, args,
                       kwnames);
  }
  if (callee.kind == SymKind::Method) {
    std::vector<Sym> all{*callee.recv};
    all.insert(all.end(), args.begin(), args.end());
    if (vm::is_kind(callee.ex, ObjKind::Function)) return call(f, Sym::constant(callee.ex), all, kwnames);
    if (vm::is_object_native(vm_, callee.ex) && callee.ex.as<NativeObject>()->name &&
        std::string_view(callee.ex.as<NativeObject>()->name) == "__init__" && all.size() == 1 &&
        !vm::is_kind(kwnames, ObjKind::Tuple))
      return Sym::constant(Value::none());  // super().__init__() reaching object's
    if (Sym r; object_setattr_call(callee.ex, all, kwnames, &r)) return r;
    if (is_dict_obj(*callee.recv)) return call_dict_method(callee.ex.as<NativeObject>(), all);
    return call_native(callee.ex.as<NativeObject>(), all, kwnames);
  }
  if (is_instance_obj(callee)) {
    vm::TypeObject* t = callee.ex.as_object()->type;
    Value c = vm::type_lookup(t, vm_.intern("__call__").as<vm::StrObject>());
    if (!vm::is_kind(c, ObjKind::Function)) stop(BreakReason::UnsupportedCall, fmt::format("calling a '{}'", vm::type_name(vm_, callee.ex)));
    auto* cc = c.as<FunctionObject>()->code.as<CodeObject>();
    if (vm::str_view(cc->qualname) == "Module.__call__" &&
        vm::str_view(cc->filename).ends_with("torch/nn/modules/module.py")) {
      // nn.Module.__call__ without hooks is self.forward(*args, **kwargs)
      // (TorchDynamo inlines it the same way).
      if (truth(load_attr(callee, vm_.intern("_forward_hooks").as<vm::StrObject>())) ||
          truth(load_attr(callee, vm_.intern("_forward_pre_hooks").as<vm::StrObject>())))
        stop(BreakReason::UnsupportedCall, "a module with forward hooks");
      return call(f, load_attr(callee, vm_.intern("forward").as<vm::StrObject>()), args, kwnames);
    }
    std::vector<Sym> all{callee};
    all.insert(all.end(), args.begin(), args.end());
    return call(f, Sym::constant(c), all, kwnames);
  }
  if (!callee.is_const()) stop(BreakReason::UnsupportedCall, "calling a value computed in the graph");
  const Value& c = callee.ex;
  if (vm::is_kind(c, ObjKind::Native)) {
    auto* nat = c.as<NativeObject>();
    if (Sym r; object_setattr_call(c, args, kwnames, &r)) return r;
    if (Sym r; attr_builtin_call(c, args, kwnames, &r)) return r;
    if (!args.empty() && is_dict_obj(args[0]) && nat->owner.is_object() &&
        vm::is_kind(nat->owner, ObjKind::Type) && nat->owner.as<vm::TypeObject>() == vm_.types.dict)
      return call_dict_method(nat, args);
    if (!args.empty() && args[0].kind == SymKind::Map && nat->owner.is_object() &&
        vm::is_kind(nat->owner, ObjKind::Type) && nat->owner.as<vm::TypeObject>() == vm_.types.dict)
      return call_map_method(nat, args);
    if (!args.empty() && args[0].kind == SymKind::Map && args[0].map->is_set && nat->owner.is_object() &&
        vm::is_kind(nat->owner, ObjKind::Type) && nat->owner.as<vm::TypeObject>() == vm_.types.set)
      return call_set_method(nat, args, kwnames);
    if (nat->fn == torch::compiled_call) {
      // A torch.compile'd function called from traced code: inlined.
      Sym inner = Sym::constant(nat->data.as<vm::TupleObject>()->items[0]);
      return call(f, inner, args, kwnames);
    }
    if (nat->fn == torch::disabled_call) stop(BreakReason::CompilerDisabled, nat->name);
    if (nat->fn == torch::is_compiling_native && args.empty()) return Sym::constant(Value::boolean(true));
    if (!args.empty() && args[0].kind == SymKind::Iter && args.size() <= 2 && !vm::is_kind(kwnames, ObjKind::Tuple) &&
        c.bits() == vm::dict_get_str(vm_.builtins_dict.as<vm::DictObject>(), vm_.intern("next").as<vm::StrObject>()).bits()) {
      // next(it[, default]) on an iterator the trace models.
      if (Sym x; iter_next(args[0], &x)) return x;
      if (args.size() == 2) return args[1];
      checked(Value(vm_.raise(vm::Exc::StopIteration, "")), "next()");
    }
    if (!args.empty() && args[0].kind == SymKind::Seq && args[0].seq->is_list && nat->owner.bits() == Value::borrow(vm_.types.list).bits())
      return call_list_method(nat, args);
    return call_native(nat, args, kwnames);
  }
  if (vm::is_kind(c, ObjKind::Function)) {
    auto* fn = c.as<FunctionObject>();
    // Its code and defaults are read as they are now: a FUNC_VERSION guard
    // sees them replaced.
    guard(GuardKind::FuncVersion, -1, c, int64_t(fn->version));
    return inline_call(f, fn->code.as<CodeObject>(), fn->defaults, fn->kwdefaults, fn->globals, nullptr, fn, args,
                       kwnames);
  }
  if (vm::is_kind(c, ObjKind::Type)) {
    auto* t = c.as<vm::TypeObject>();
    if (Sym g; grad_ctx_call(t, args, kwnames, &g)) return g;
    if (probing_ && vm::type_is_builtin(t) && vm::is_subtype(t, vm_.exc_type(vm::Exc::BaseException)) &&
        !vm::is_kind(kwnames, ObjKind::Tuple)) {
      // A builtin exception to raise (`raise AttributeError(msg)` in a
      // __getattr__ hasattr is asking): made now (no effects), a constant.
      // Elsewhere the trace breaks at the constructor, and the interpreter
      // makes and raises it after the graph so far.
      std::vector<Value> ex;
      for (auto& a : args) {
        Sym k = concretize(a);
        if (!k.is_const() || !is_immutable_const(k.ex)) stop(BreakReason::UnsupportedValue, "an exception made of these values");
        ex.push_back(k.ex);
      }
      return Sym::constant(checked(vm_.call(c, ex.data(), ex.size()), "exception"));
    }
    if (t == vm_.types.super && !vm::is_kind(kwnames, ObjKind::Tuple)) return make_super(f, args);
    if (Sym o; new_instance(f, t, args, kwnames, &o)) return o;
    if (t == vm_.types.dict) {
      // dict(), dict(mapping or pairs), dict(..., **kw): a dict made in the trace.
      size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
      size_t npos = args.size() - nkw;
      if (npos > 1) checked(Value(vm_.raisef(vm::Exc::TypeError, "dict expected at most 1 argument, got %zu", npos)), "dict()");
      Sym m = new_map();
      if (npos == 1) {
        if (args[0].kind == SymKind::Map || is_dict_obj(args[0])) {
          for (auto& [k, v] : mapping_items(args[0], "dict()")) map_set(m, Sym::constant(k), v);
        } else {
          for (auto& pair : drain(args[0])) {
            std::vector<Sym> kv = unpack(pair, 2);
            map_set(m, concretize(kv[0]), kv[1]);
          }
        }
      }
      for (size_t k = 0; k < nkw; k++) map_set(m, Sym::constant(kwnames.as<vm::TupleObject>()->items[k]), args[npos + k]);
      return m;
    }
    if (t == vm_.types.set && !vm::is_kind(kwnames, ObjKind::Tuple) && args.size() <= 1) {
      Sym m = new_map();
      m.map->is_set = true;
      if (args.size() == 1)
        for (auto& x : drain(args[0])) map_set(m, concretize(x), Sym::constant(Value::none()));
      return m;
    }
    std::string name(vm::str_view(t->name));
    bool torch_type = vm_.torch_state && (t == torch::torch_state(vm_).size_type || t == torch::torch_state(vm_).dtype_type ||
                                          t == torch::torch_state(vm_).device_type);
    static const std::set<std::string> kPureTypes = {"int", "float", "bool", "str", "tuple", "list", "range",
                                                     "enumerate", "zip", "reversed", "slice", "type"};
    if ((vm::type_is_builtin(t) && kPureTypes.count(name)) || torch_type) return call_pure(c, name, args, kwnames);
    stop(BreakReason::UnsupportedCall, fmt::format("constructing a '{}'", name));
  }
  if (vm::is_kind(c, ObjKind::BoundMethod)) {
    auto* bm = c.as<vm::BoundMethodObject>();
    if (vm::is_kind(bm->func, ObjKind::Native) && is_immutable_const(bm->self)) {
      std::vector<Sym> all{Sym::constant(bm->self)};
      all.insert(all.end(), args.begin(), args.end());
      return call_native(bm->func.as<NativeObject>(), all, kwnames);
    }
  }
  stop(BreakReason::UnsupportedCall, fmt::format("calling a '{}'", vm::type_name(vm_, c)));
}

Sym Tracer::inline_call(Frame& caller, CodeObject* code, const Value& defaults, const Value& kwdefaults,
                        const Value& globals, const std::vector<std::shared_ptr<CellData>>* closure,
                        FunctionObject* real_fn, std::vector<Sym>& args, const Value& kwnames) {
  if (code->flags & vm::kCodeNoTrace)
    stop(BreakReason::CompilerDisabled, std::string(vm::str_view(code->qualname)) + " (recursive=False)");
  if ((code->flags & vm::kCodeGenerator) && opts_.no_inline_generators &&
      opts_.no_inline_generators->count(code))
    stop(BreakReason::UnsupportedCall, "a generator function whose body the tracer could not follow");
  if (caller.depth + 1 > lim_.max_inline_depth)
    stop(BreakReason::InlineDepth, fmt::format("deeper than {} calls", lim_.max_inline_depth));
  Frame f;
  f.co = code;
  f.globals = globals;
  f.depth = caller.depth + 1;
  f.outer_try = cur_try_;
  f.locals.assign(size_t(code->nlocals), Sym::unbound());
  size_t nkw = vm::is_kind(kwnames, ObjKind::Tuple) ? kwnames.as<vm::TupleObject>()->size : 0;
  size_t npos = args.size() - nkw;
  size_t argc = size_t(code->argcount);
  for (size_t i = 0; i < std::min(npos, argc); i++) f.locals[i] = args[i];
  size_t slot_varargs = argc + size_t(code->kwonlyargcount);
  if (code->flags & vm::kCodeVarargs) {
    Sym rest;
    rest.kind = SymKind::Seq;
    rest.seq = std::make_shared<SeqData>();
    for (size_t i = argc; i < npos; i++) rest.seq->items.push_back(args[i]);
    f.locals[slot_varargs] = rest;
  } else if (npos > argc) {
    stop(BreakReason::ExceptionInTrace, fmt::format("{}() takes {} positional arguments but {} were given",
                                                    vm::str_view(code->name), argc, npos));
  }
  // **kwargs: a dict made in the trace, the keywords no parameter takes.
  Sym kwmap;
  if (code->flags & vm::kCodeVarkeywords) {
    kwmap = new_map();
    f.locals[slot_varargs + ((code->flags & vm::kCodeVarargs) ? 1 : 0)] = kwmap;
  }
  for (size_t k = 0; k < nkw; k++) {
    const Value& kname = kwnames.as<vm::TupleObject>()->items[k];
    std::string_view kn = vm::str_view(kname);
    size_t i = 0;
    for (; i < argc + size_t(code->kwonlyargcount); i++)
      if (i >= size_t(code->posonlyargcount) && vm::str_view(code->varnames[i]) == kn) break;
    if (i == argc + size_t(code->kwonlyargcount) && kwmap.kind == SymKind::Map && map_find(*kwmap.map, Sym::constant(kname)) < 0) {
      kwmap.map->items.emplace_back(kname, args[npos + k]);
      continue;
    }
    if (i == argc + size_t(code->kwonlyargcount) || f.locals[i].kind != SymKind::Unbound)
      stop(BreakReason::ExceptionInTrace, fmt::format("bad keyword argument '{}'", kn));
    f.locals[i] = args[npos + k];
  }
  // A real function's defaults: constants whose identity says it all are
  // pinned by its FUNC_VERSION guard; a mutable one (a dict, a list) is read
  // through a source like any outside value, and so are keyword-only
  // defaults (their dict may change in place).
  size_t ndef = vm::is_kind(defaults, ObjKind::Tuple) ? defaults.as<vm::TupleObject>()->size : 0;
  for (size_t i = 0; i < argc; i++) {
    if (f.locals[i].kind != SymKind::Unbound) continue;
    if (i + ndef < argc) stop(BreakReason::ExceptionInTrace, "missing a required argument");
    size_t k = i - (argc - ndef);
    const Value& d = defaults.as<vm::TupleObject>()->items[k];
    f.locals[i] = !real_fn || pinned_by_identity(d)
                      ? Sym::constant(d)
                      : from_source(guards_.sources.add(Source{SourceKind::FuncDefault, const_source(Value::borrow(real_fn)),
                                                               int(k), Value(), Value()}),
                                    d);
  }
  for (size_t i = argc; i < argc + size_t(code->kwonlyargcount); i++) {
    if (f.locals[i].kind != SymKind::Unbound) continue;
    Value d = vm::is_kind(kwdefaults, ObjKind::Dict)
                  ? vm::dict_get_str(kwdefaults.as<vm::DictObject>(), code->varnames[i].as<vm::StrObject>())
                  : Value();
    if (d.is_empty()) stop(BreakReason::ExceptionInTrace, "missing a required keyword-only argument");
    f.locals[i] = !real_fn ? Sym::constant(d)
                           : from_source(guards_.sources.add(Source{SourceKind::FuncKwDefault,
                                                                    const_source(Value::borrow(real_fn)), 0,
                                                                    code->varnames[i], Value()}),
                                         d);
  }
  for (size_t i = 0; i < code->cellvars.size(); i++) {
    auto c = std::make_shared<CellData>();
    c->contents = code->cell2arg[i] >= 0 ? f.locals[size_t(code->cell2arg[i])] : Sym::unbound();
    f.cells.push_back(c);
  }
  for (size_t i = 0; i < code->freevars.size(); i++) {
    if (closure && i < closure->size()) {
      f.cells.push_back((*closure)[i]);
      continue;
    }
    // A real closure of an inlined function: its cells are read through
    // sources (their contents guarded as any outside value), and stores
    // into them are store_cell nodes.
    const Value& cl = real_fn ? real_fn->closure : Value();
    if (!vm::is_kind(cl, ObjKind::Tuple) || i >= cl.as<vm::TupleObject>()->size)
      stop(BreakReason::UnsupportedCall, "a function whose closure does not match its code");
    int cs = guards_.sources.add(Source{SourceKind::FuncCell, const_source(Value::borrow(real_fn)), int(i), Value(), Value()});
    f.cells.push_back(real_cell(cs, cl.as<vm::TupleObject>()->items[i]));
  }
  if (code->flags & vm::kCodeGenerator) {
    // A generator: its frame runs when items are taken (generator_next).
    Sym it;
    it.kind = SymKind::Iter;
    it.iter = std::make_shared<IterData>();
    it.iter->kind = IterData::Generator;
    it.iter->gen = std::make_shared<GenState>();
    it.iter->gen->frame = std::move(f);
    it.iter->gen->frame.generator = true;
    it.iter->gen->chain = call_chain_;
    it.iter->gen->chain.emplace_back(cur_co_, cur_line_);
    return it;
  }
  const CodeObject* saved_co = cur_co_;
  int saved_line = cur_line_;
  Frame* saved_frame = cur_frame_;
  call_chain_.emplace_back(cur_co_, cur_line_);
  struct Pop {
    std::vector<std::pair<const CodeObject*, int>>& v;
    ~Pop() { v.pop_back(); }
  } pop_chain{call_chain_};
  bool saved_try = cur_try_;
  Sym r = run_frame(f);
  cur_co_ = saved_co;
  cur_line_ = saved_line;
  cur_frame_ = saved_frame;
  cur_try_ = saved_try;
  return r;
}

Sym Tracer::method_from_source(int src, const Value& real) {
  guard(GuardKind::TypeMatch, src, Value::borrow(real.as_object()->type));
  auto* bm = real.as<vm::BoundMethodObject>();
  Sym fn = from_source(guards_.sources.add(Source{SourceKind::MethodFunc, src, 0, Value(), Value()}), bm->func);
  Sym self = from_source(guards_.sources.add(Source{SourceKind::MethodSelf, src, 0, Value(), Value()}), bm->self);
  if (!fn.is_const()) stop(BreakReason::UnsupportedValue, fmt::format("a bound method from {}", guards_.sources.describe(src)));
  Sym m;
  m.kind = SymKind::Method;
  m.ex = fn.ex;
  m.recv = std::make_shared<Sym>(self);
  m.reg = src;
  return m;
}

}  // namespace kiln::tracer
