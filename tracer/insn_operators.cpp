// tracer/insn_operators.cpp — the instruction translator's operators:
// arithmetic (binary() in tracer/instructions.cpp), unary operators,
// comparisons (SymInts among them, tracer/values_tensor.cpp), `is` and `in`.
#include "tracer/translator.h"

namespace kiln::tracer {

bool Tracer::insn_operators(Frame& f, Insn& in) {
  auto& st = f.stack;
  const Op op = in.op;
  const uint32_t arg = in.arg;
  switch (op) {
    case Op::BINARY_OP:
    case Op::INPLACE_OP: {
      Sym b = pop(st), a = pop(st);
      st.push_back(binary(vm::BinOpKind(arg), a, b, op == Op::INPLACE_OP));
      break;
    }
    case Op::UNARY_OP: {
      Sym a = pop(st);
      auto k = vm::UnaryOpKind(arg);
      if (is_symnum(a) && (k == vm::UnaryOpKind::USub || k == vm::UnaryOpKind::UAdd)) {
        // -lr: stays a graph value
        Value r = checked(vm::unary_op(vm_, k, a.ex), "unary operator");
        Node n;
        n.op = GraphOp::Unary;
        n.arg = int(k);
        n.label = kUnarySyms[arg];
        n.in = {reg_of(a)};
        st.push_back(ref(add_node(std::move(n), r), r));
        break;
      }
      a = concretize(a);
      if (a.is_const()) {
        st.push_back(Sym::constant(checked(vm::unary_op(vm_, k, a.ex), "unary operator")));
      } else if (k == vm::UnaryOpKind::Not) {
        st.push_back(Sym::constant(Value::boolean(!truth(a))));
      } else if (a.is_tensor()) {
        Value r = checked(vm::unary_op(vm_, k, a.ex), "unary operator");
        Node n;
        n.op = GraphOp::Unary;
        n.arg = int(k);
        n.label = kUnarySyms[arg];
        n.in = {reg_of(a)};
        int id = add_node(std::move(n), r);
        st.push_back(node_result(id, r, "unary operator"));
      } else {
        stop(BreakReason::UnsupportedValue, "unary operator on this value");
      }
      break;
    }
    case Op::COMPARE_OP: {
      Sym b = pop(st), a = pop(st);
      auto k = vm::CmpOpKind(arg);
      for (const Sym* x : {&a, &b})
        refuse_overrides(*x, {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"}, "a comparison");
      if (Sym r; symint_compare(k, a, b, &r)) {
        st.push_back(r);
        break;
      }
      if (!a.is_tensor() && !b.is_tensor()) {  // a SymInt compared with a tensor stays in the graph
        a = concretize(a);
        b = concretize(b);
      }
      Value ca, cb;
      if (a.is_const() && b.is_const()) {
        st.push_back(Sym::constant(checked(vm::compare(vm_, k, a.ex, b.ex), "comparison")));
      } else if (!a.is_tensor() && !b.is_tensor() && constant_of(a, &ca) && constant_of(b, &cb)) {
        // Tuples and lists of constants and sizes (a shape check such as
        // tuple(x.shape[-1:]) != normalized_shape): decided while tracing.
        st.push_back(Sym::constant(checked(vm::compare(vm_, k, ca, cb), "comparison")));
      } else if (a.is_tensor() || b.is_tensor()) {
        Value ea = example_of(a), eb = example_of(b);
        Value r = checked(vm::compare(vm_, k, ea, eb), "comparison");
        if (!torch::is_tensor(r)) stop(BreakReason::DataDependentScalar, "a comparison of tensors that is not a tensor");
        Node n;
        n.op = GraphOp::Compare;
        n.arg = int(k);
        n.label = kCmpSyms[arg];
        n.in = {reg_of(a), reg_of(b)};
        int id = add_node(std::move(n), r);
        st.push_back(node_result(id, r, "comparison"));
      } else {
        stop(BreakReason::UnsupportedValue, "comparison of these values");
      }
      break;
    }
    case Op::IS_OP: {
      Sym b = pop(st), a = pop(st);
      bool same = a.kind == b.kind || (a.kind == SymKind::Const && b.kind == SymKind::Ref) ||
                  (a.kind == SymKind::Ref && b.kind == SymKind::Const);
      same = same && identity(a) == identity(b) && identity(a) != nullptr;
      // Two values from different sources: `is` holds when the graph runs
      // only if it held while tracing.
      int sa = source_of(a), sb = source_of(b);
      if (sa >= 0 && sb >= 0 && sa != sb) alias_guard(sa, identity(a), sb, identity(b));
      st.push_back(Sym::constant(Value::boolean(same != (arg == 1))));
      break;
    }
    case Op::CONTAINS_OP: {
      Sym b = concretize(pop(st)), a = concretize(pop(st));
      int r = -1;
      if (Sym got; subclass_dunder(b, "__contains__", {a}, &got)) {
        r = truth(got);
      } else if (a.is_const() && b.is_const()) {
        r = vm::contains(vm_, b.ex, a.ex);
        if (r < 0) checked(Value(), "in");
      } else if (b.kind == SymKind::Map) {
        r = map_find(*b.map, a) >= 0;
      } else if (Value key; is_dict_obj(b) && key_value(a, &key)) {
        r = 0;
        for (const Value& k : dict_keys(b))
          if (same_key(k, key)) r = 1;
      } else if (a.is_const() && b.kind == SymKind::Seq) {
        r = 0;
        for (auto& it : b.seq->items) {
          if (!it.is_const()) stop(BreakReason::UnsupportedValue, "'in' over a sequence holding tensors");
          int e = vm::equals(vm_, a.ex, it.ex);
          if (e < 0) checked(Value(), "in");
          if (e == 1) {
            r = 1;
            break;
          }
        }
      } else {
        stop(BreakReason::DataDependentScalar, "'in' with a tensor");
      }
      st.push_back(Sym::constant(Value::boolean((r == 1) != (arg == 1))));
      break;
    }
    default: return false;
  }
  return true;
}

}  // namespace kiln::tracer
