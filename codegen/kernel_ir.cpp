// codegen/kernel_ir.cpp — printing, validating and binding kernels
// (codegen/kernel_ir.h).
#include "codegen/kernel_ir.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "stdlib/torch/elementwise.h"

namespace kiln::codegen {

namespace {
struct KOpInfo {
  const char* name;
  int operands;
};
const KOpInfo kKOps[] = {
#define KERNEL_OP(name, printed, operands) {printed, operands},
#include "codegen/kernel_ops.def"
#undef KERNEL_OP
};
constexpr int kUnaryOps = 0
#define UNARY(name, kind, expr) +1
#include "stdlib/torch/unary_ops.def"
#undef UNARY
    ;
constexpr int kBinaryOps = 0
#define BINARY(name, kind, expr) +1
#include "stdlib/torch/binary_ops.def"
#undef BINARY
    ;
}  // namespace

const char* kop_name(KOp op) { return kKOps[size_t(op)].name; }
int unary_op_count() { return kUnaryOps; }
int binary_op_count() { return kBinaryOps; }
int kop_operands(KOp op) { return kKOps[size_t(op)].operands; }

std::string ViewStep::to_string() const {
  auto dim = [](int8_t d) { return d < 0 ? std::string("new") : std::to_string(d); };
  switch (kind) {
    case Kind::Dims: {
      std::string r = fmt::format("viewed ({}-dim as ", rank);
      for (size_t d = 0; d < dims.size(); d++) r += (d ? ", " : "") + dim(dims[d]);
      return r + ")";
    }
    case Kind::Reshape: return fmt::format("reshaped ([{}] as [{}])", fmt::join(from, ", "), fmt::join(to, ", "));
    case Kind::Index: {
      std::string r = fmt::format("indexed ([{}] as ", fmt::join(from, ", "));
      for (size_t d = 0; d < dims.size(); d++)
        r += (d ? ", " : "") + (dims[d] < 0 ? std::string("new") : fmt::format("{}[{}::{}]x{}", dims[d], start[d], step[d], size[d]));
      for (size_t d = 0; d < at.size(); d++)
        if (at[d] >= 0) r += fmt::format(", {}[{}]", d, at[d]);
      return r + ")";
    }
  }
  return "?";
}

std::string ViewStep::invalid(int in_rank) const {
  auto numel = [](const std::vector<int64_t>& s) {
    int64_t n = 1;
    for (int64_t x : s) n *= x;
    return n;
  };
  if (dims.size() > size_t(torch::kMaxDims) || from.size() > size_t(torch::kMaxDims) || to.size() > size_t(torch::kMaxDims) ||
      rank > torch::kMaxDims)
    return "a view of too many dims";
  switch (kind) {
    case Kind::Dims: {
      if (in_rank > rank) return fmt::format("a view of {} dims of a {}-dim tensor", rank, in_rank);
      std::vector<bool> seen(size_t(std::max(rank, 0)), false);
      for (int8_t d : dims) {
        if (d < -1 || d >= rank || (d >= 0 && seen[size_t(d)])) return fmt::format("view dims that are not distinct dims of {}", rank);
        if (d >= 0) seen[size_t(d)] = true;
      }
      return {};
    }
    case Kind::Reshape:
      if (in_rank > int(from.size())) return "a reshape from fewer dims than the tensor has";
      if (numel(from) != numel(to)) return fmt::format("a reshape between shapes of {} and {} elements", numel(from), numel(to));
      return {};
    case Kind::Index: {
      if (in_rank > int(from.size())) return "an index of fewer dims than the tensor has";
      size_t n = dims.size();
      if (start.size() != n || step.size() != n || size.size() != n || at.size() != from.size()) return "an index with missing parts";
      std::vector<bool> seen(from.size(), false);
      for (size_t d = 0; d < n; d++) {
        if (dims[d] < 0) continue;
        size_t s = size_t(dims[d]);
        if (s >= from.size() || seen[s] || at[s] >= 0 || step[d] < 1 || size[d] < 0 || start[d] < 0 ||
            (size[d] > 0 && start[d] + (size[d] - 1) * step[d] >= from[s]))
          return fmt::format("index dim {} out of the shape it indexes", d);
        seen[s] = true;
      }
      for (size_t s = 0; s < from.size(); s++)
        if (!seen[s] && (at[s] < 0 || at[s] >= from[s])) return fmt::format("index of dim {} out of range", s);
      return {};
    }
  }
  return "an unknown view";
}

std::string Kernel::to_string() const {
  std::string r = fmt::format("kernel {}(", name);
  for (size_t i = 0; i < inputs.size(); i++) {
    r += fmt::format("{}in{}: {}{}", i ? ", " : "", i, torch::dtype_name(inputs[i].scalar ? dtype : inputs[i].dtype),
                     inputs[i].scalar ? " number" : "[*]");
    for (const ViewStep& v : inputs[i].views) {
      r += ' ';  // (not " " + v.to_string(): GCC 12 warns falsely (-Wrestrict) on that operator+)
      r += v.to_string();
    }
  }
  r += ") -> (";
  for (size_t i = 0; i < outputs.size(); i++) r += fmt::format("{}out{}: {}[*]", i ? ", " : "", i, torch::dtype_name(output_dtype(i)));
  r += fast_math ? ")  [fast math]\n  for i in shape(broadcast(tensor inputs)):\n" : ")\n  for i in shape(broadcast(tensor inputs)):\n";
  std::string over = reduce_from >= 0 ? (reduce_dims == 1 ? fmt::format("dim {}", reduce_from)
                                                          : fmt::format("dims {}..{}", reduce_from, reduce_from + reduce_dims - 1))
                                       : fmt::format("the last {} dim{}", reduce_dims, reduce_dims == 1 ? "" : "s");
  if (reduce_from >= 0 && reduce_dims)
    r += fmt::format("  ({} of it reduced as columns: row(i) drops them)\n", over);
  else if (reduce_dims)
    r += fmt::format("  ({} of it reduced: row(i) drops them)\n", over);
  for (size_t i = 0; i < body.size(); i++) {
    const KInstr& k = body[i];
    switch (k.op) {
      case KOp::Const: r += fmt::format("    v{} = {}\n", i, k.imm); break;
      case KOp::Load:
        r += fmt::format("    v{} = {}\n", i, inputs[size_t(k.arg)].scalar ? fmt::format("in{}", k.arg) : fmt::format("in{}[i]", k.arg));
        break;
      case KOp::Unary: r += fmt::format("    v{} = {}(v{})\n", i, torch::op_name(torch::UnaryOp(k.arg)), k.a); break;
      case KOp::Binary:
        r += fmt::format("    v{} = {}(v{}, v{})\n", i, torch::op_name(torch::BinaryOp(k.arg)), k.a, k.b);
        break;
      case KOp::Select: r += fmt::format("    v{} = v{} ? v{} : v{}\n", i, k.a, k.b, k.c); break;
      case KOp::Reduce:
        r += fmt::format("    v{} = {}(v{} over {}{}{})\n", i, reduce_op_name(ReduceOp(k.arg)), k.a, over, k.keepdim ? ", keepdim" : "",
                         ReduceOp(k.arg) == ReduceOp::var || ReduceOp(k.arg) == ReduceOp::std ? fmt::format(", correction {}", k.imm) : "");
        break;
    }
  }
  std::vector<Form> form = forms();
  for (size_t o = 0; o < outputs.size(); o++) {
    Form f = form[size_t(outputs[o])];
    r += fmt::format("    out{}[{}] = v{}\n", o, f == Form::Kept ? "row(i), keepdim" : f == Form::Squeezed ? "row(i)" : "i", outputs[o]);
  }
  return r;
}

std::string Kernel::validate() const {
  if (dtype != torch::DType::Float32) return "only float32 kernels are built";
  if (body.empty() || outputs.empty()) return "a kernel without instructions or outputs";
  for (size_t i = 0; i < body.size(); i++) {
    const KInstr& k = body[i];
    int n = kop_operands(k.op);
    if ((n >= 1 && (k.a < 0 || size_t(k.a) >= i)) || (n >= 2 && (k.b < 0 || size_t(k.b) >= i)) ||
        (n >= 3 && (k.c < 0 || size_t(k.c) >= i)))
      return fmt::format("v{}: an operand that is not an earlier value", i);
    if (k.op == KOp::Load && (k.arg < 0 || size_t(k.arg) >= inputs.size())) return fmt::format("v{}: no input {}", i, k.arg);
    if (k.op == KOp::Unary && (k.arg < 0 || k.arg >= kUnaryOps)) return fmt::format("v{}: no unary op {}", i, k.arg);
    if (k.op == KOp::Binary && (k.arg < 0 || k.arg >= kBinaryOps)) return fmt::format("v{}: no binary op {}", i, k.arg);
    if (k.op == KOp::Reduce && (k.arg < 0 || k.arg >= reduce_op_count())) return fmt::format("v{}: no reduction {}", i, k.arg);
    if (k.op == KOp::Reduce && reduce_dims < 1) return fmt::format("v{}: a reduction in a kernel that reduces no dims", i);
    if (k.op == KOp::Reduce && reduce_from >= 0 && !reduce_column_ok(ReduceOp(k.arg)))
      return fmt::format("v{}: {} does not fold as columns", i, reduce_op_name(ReduceOp(k.arg)));
  }
  std::vector<Form> form = forms();
  for (size_t i = 0; i < body.size(); i++) {
    if (form[i] == Form::Invalid) return fmt::format("v{}: a squeezed per-row value combined with a row-level or kept one", i);
    if (body[i].op == KOp::Reduce && form[size_t(body[i].a)] != Form::Row)
      return fmt::format("v{}: a reduction of v{}, which is not a row-level value", i, body[i].a);
  }
  if (reduce_dims) {
    for (int o : outputs)
      if (o >= 0 && size_t(o) < body.size() && form[size_t(o)] == Form::Const)
        return fmt::format("an output of constant v{} in a reducing kernel (its shape is unknown)", o);
  }
  for (int o : outputs)
    if (o < 0 || size_t(o) >= body.size()) return fmt::format("an output of value {}, which does not exist", o);
  if (out_dtypes.size() > outputs.size()) return "more output dtypes than outputs";
  for (size_t o = 0; o < out_dtypes.size(); o++) {
    if (out_dtypes[o] == dtype) continue;
    if (out_dtypes[o] != torch::DType::Bool) return fmt::format("out{}: a {} output", o, torch::dtype_name(out_dtypes[o]));
    if (reduce_dims) return fmt::format("out{}: a bool output in a reducing kernel", o);
  }
  for (size_t i = 0; i < inputs.size(); i++) {
    const KInput& in = inputs[i];
    if (in.scalar && in.viewed()) return fmt::format("in{}: a viewed number", i);
    if (in.dtype != dtype && !(in.dtype == torch::DType::Bool && !in.scalar))
      return fmt::format("in{}: a {} input (tensor inputs are the kernel's dtype or bool)", i, torch::dtype_name(in.dtype));
    int rank = -1;  // of the tensor before each step: unknown at first
    for (const ViewStep& v : in.views) {
      if (std::string bad = v.invalid(rank); !bad.empty()) return fmt::format("in{}: {}", i, bad);
      rank = v.result_rank();
    }
  }
  bool tensor = false;
  for (const KInput& in : inputs) tensor = tensor || !in.scalar;
  if (!tensor) return "a kernel without a tensor input (its shape would be unknown)";
  return {};
}

bool LoopNest::broadcast_into(torch::Shape* acc, const torch::Shape& s) {
  int rank = std::max(acc->n, s.n);
  torch::Shape r;
  for (int d = 0; d < rank; d++) {
    int da = d - (rank - acc->n), ds = d - (rank - s.n);
    int64_t a = da >= 0 ? (*acc)[da] : 1, x = ds >= 0 ? s[ds] : 1;
    if (a != 1 && x != 1 && a != x) return false;
    r.push_back(a == 1 ? x : a);
  }
  *acc = r;
  return true;
}

bool LoopNest::broadcast(const std::vector<torch::Shape>& shapes, torch::Shape* out) {
  torch::Shape r;
  for (const auto& s : shapes)
    if (!broadcast_into(&r, s)) return false;
  *out = r;
  return true;
}

bool LoopNest::bind(const torch::Shape& shape, const std::vector<const torch::Tensor*>& operands, int split, int split_end) {
  if (split > shape.n || (split_end >= 0 && (split < 0 || split_end < split || split_end > shape.n))) return false;
  if (split_end < 0) split_end = shape.n;
  // Per operand, its byte stride along each dim of `shape` (0 where it
  // broadcasts or is a scalar); then size-1 dims dropped and dim d merged
  // into the previous one where every operand steps over the pair as over
  // one dim. Works in place in `strides` (no allocation once warm).
  int n = shape.n;
  size_t no = operands.size();
  strides.resize(no);
  for (size_t o = 0; o < no; o++) {
    auto& st = strides[o];
    st.fill(0);
    const torch::Tensor* t = operands[o];
    if (!t) continue;
    size_t elem_size = torch::itemsize(t->dtype);
    for (int d = 0; d < t->sizes.n; d++) {
      int sd = n - t->sizes.n + d;
      st[size_t(sd)] = t->sizes[d] == 1 && shape[sd] != 1 ? 0 : t->strides[d] * int64_t(elem_size);
    }
  }
  numel = 1;
  rank = 0;
  outer_rank = 0;
  reduced_end = 0;
  // A dim of size 1 (every stride 0), so that a group is never empty.
  auto pad = [&]() {
    if (rank == kMaxDims) return false;
    sizes[rank] = 1;
    for (size_t o = 0; o < no; o++) strides[o][size_t(rank)] = 0;
    rank++;
    return true;
  };
  for (int d = 0; d < n; d++) {
    if (d == split) outer_rank = rank;
    if (split >= 0 && d == split_end) {  // the inner kept dims of a column reduction start
      if (rank == outer_rank && !pad()) return false;
      reduced_end = rank;
    }
    numel *= shape[d];
    if (shape[d] == 1) continue;
    int group = split < 0 || d < split ? 0 : d < split_end ? outer_rank : reduced_end;
    bool merge = rank > group;
    for (size_t o = 0; merge && o < no; o++) merge = strides[o][size_t(rank - 1)] == strides[o][size_t(d)] * shape[d];
    if (merge) {
      sizes[rank - 1] *= shape[d];
      for (size_t o = 0; o < no; o++) strides[o][size_t(rank - 1)] = strides[o][size_t(d)];
    } else {
      sizes[rank] = shape[d];
      for (size_t o = 0; o < no; o++) strides[o][size_t(rank)] = strides[o][size_t(d)];
      rank++;
    }
  }
  if (split >= 0 && split_end == n && rank == outer_rank && !pad()) return false;  // reduced dims all of size 1: a row of one point
  if (split >= 0 && split_end < n && rank == reduced_end && !pad()) return false;  // inner kept dims all of size 1
  if (rank == 0) {  // a 0-dim (or all-ones) shape: one point
    sizes[0] = 1;
    for (size_t o = 0; o < no; o++) strides[o][0] = 0;
    rank = 1;
  }
  if (split < 0 || split_end == n) reduced_end = rank;
  return true;
}

std::vector<Form> Kernel::forms() const {
  std::vector<Form> f;
  forms_into(&f);
  return f;
}

Form Kernel::form_of(size_t i, const std::vector<Form>& earlier) const {
  // (A column reduction over leading dims: a squeezed value broadcasts
  // against the row as a kept one does, its dims being the trailing ones.)
  const bool leading = columns() && reduce_from == 0;
  auto meet = [leading](Form x, Form y) {
    if (x == Form::Invalid || y == Form::Invalid) return Form::Invalid;
    if (x == Form::Const) return y;
    if (y == Form::Const || x == y) return x;
    if (leading && x == Form::Squeezed) x = Form::Kept;
    if (leading && y == Form::Squeezed) y = Form::Kept;
    if (x == y) return x;
    if ((x == Form::Row && y == Form::Kept) || (x == Form::Kept && y == Form::Row)) return Form::Row;
    return Form::Invalid;
  };
  const KInstr& in = body[i];
  auto operand = [&](int v) { return v >= 0 && size_t(v) < i && size_t(v) < earlier.size() ? earlier[size_t(v)] : Form::Invalid; };
  switch (in.op) {
    case KOp::Const: return Form::Const;
    case KOp::Load:
      return in.arg >= 0 && size_t(in.arg) < inputs.size() && !inputs[size_t(in.arg)].scalar ? Form::Row : Form::Const;
    case KOp::Unary: return operand(in.a);
    case KOp::Binary: return meet(operand(in.a), operand(in.b));
    case KOp::Select: return meet(meet(operand(in.a), operand(in.b)), operand(in.c));
    case KOp::Reduce: return in.keepdim ? Form::Kept : Form::Squeezed;
  }
  return Form::Invalid;
}

void Kernel::forms_into(std::vector<Form>* out) const {
  std::vector<Form>& f = *out;
  f.clear();
  for (size_t i = 0; i < body.size(); i++) f.push_back(form_of(i, f));
}

void Kernel::value_inputs_into(std::vector<uint64_t>* out) const {
  std::vector<uint64_t>& deps = *out;
  deps.assign(body.size(), 0);
  for (size_t i = 0; i < body.size(); i++) {
    const KInstr& in = body[i];
    if (in.op == KOp::Load) deps[i] = uint64_t(1) << std::min(in.arg, 63);
    if (in.op == KOp::Reduce) continue;  // a per-row value: what its row reads is its operand's
    if (in.a >= 0) deps[i] |= deps[size_t(in.a)];
    if (in.b >= 0) deps[i] |= deps[size_t(in.b)];
    if (in.c >= 0) deps[i] |= deps[size_t(in.c)];
  }
}

std::vector<uint64_t> Kernel::output_inputs() const {
  std::vector<uint64_t> deps;
  value_inputs_into(&deps);
  std::vector<uint64_t> out;
  for (int o : outputs) out.push_back(deps[size_t(o)]);
  return out;
}

}  // namespace kiln::codegen
