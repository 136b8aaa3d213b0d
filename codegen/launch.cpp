// codegen/launch.cpp — see codegen/launch.h.
#include "codegen/launch.h"

#include <fmt/format.h>

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/bindings.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/ops.h"

namespace kiln::codegen {

bool KernelLaunch::prepare(const Kernel& k, const std::vector<vm::Value>& values, std::string* why) {
  std::vector<KArg> args(values.size());
  for (size_t i = 0; i < values.size(); i++) {
    const vm::Value& v = values[i];
    if (torch::is_tensor(v)) {
      const torch::autograd::Var& var = torch::var_of(v);
      args[i].tensor = &var.t;
      args[i].requires_grad = var.requires_grad();
      continue;
    }
    torch::Scalar s;
    if (!(v.is_double() || v.is_bool() || vm::is_int(v)) || !torch::as_scalar(v, &s)) {
      *why = fmt::format("input {} is neither a tensor nor a number", i);
      return false;
    }
    args[i].number = s.to<double>();
  }
  return prepare(k, args, why);
}

bool KernelLaunch::prepare(const Kernel& k, const std::vector<KArg>& args, std::string* why) {
  size_t ni = k.inputs.size();
  if (args.size() != ni) {
    *why = fmt::format("{} values for {} inputs", args.size(), ni);
    return false;
  }
  numbers.assign(ni, 0.0f);
  in_ptrs.assign(ni, nullptr);
  std::vector<const torch::Tensor*> operands(ni, nullptr);
  std::vector<torch::Shape> shapes;
  for (size_t i = 0; i < ni; i++) {
    const KArg& a = args[i];
    if (a.tensor) {
      if (k.inputs[i].scalar) {
        *why = fmt::format("input {} is a tensor where the kernel takes a number", i);
        return false;
      }
      if (a.tensor->dtype != k.dtype) {
        *why = fmt::format("input {} is {}", i, torch::dtype_name(a.tensor->dtype));
        return false;
      }
      if (a.requires_grad) {
        *why = fmt::format("input {} requires grad (autograd records eager ops)", i);
        return false;
      }
      operands[i] = a.tensor;
      shapes.push_back(a.tensor->sizes);
      in_ptrs[i] = a.tensor->data_bytes();
      continue;
    }
    if (!k.inputs[i].scalar) {
      *why = fmt::format("input {} is a number where the kernel takes a tensor", i);
      return false;
    }
    numbers[i] = float(a.number);
  }
  for (size_t i = 0; i < ni; i++)
    if (!operands[i]) in_ptrs[i] = reinterpret_cast<const char*>(&numbers[i]);
  if (!LoopNest::broadcast(shapes, &shape)) {
    *why = "the inputs' shapes do not broadcast";
    return false;
  }
  // Every output is stored over the whole iteration shape, so each must
  // depend on inputs whose shapes broadcast to all of it (a value of a
  // smaller operand alone has a smaller shape: not this kernel's to store).
  {
    std::vector<std::vector<bool>> deps(k.body.size(), std::vector<bool>(ni, false));
    for (size_t i = 0; i < k.body.size(); i++) {
      const KInstr& in = k.body[i];
      if (in.op == KOp::Load) deps[i][size_t(in.arg)] = true;
      if (in.a >= 0)
        for (size_t j = 0; j < ni; j++) deps[i][j] = deps[i][j] || deps[size_t(in.a)][j];
      if (in.b >= 0)
        for (size_t j = 0; j < ni; j++) deps[i][j] = deps[i][j] || deps[size_t(in.b)][j];
    }
    for (size_t o = 0; o < k.outputs.size(); o++) {
      std::vector<torch::Shape> own;
      for (size_t j = 0; j < ni; j++)
        if (deps[size_t(k.outputs[o])][j] && operands[j]) own.push_back(operands[j]->sizes);
      torch::Shape os;
      if (!LoopNest::broadcast(own, &os) || !(os == shape)) {
        *why = fmt::format("output {} has shape {} within the iteration shape {}", o, os.str(), shape.str());
        return false;
      }
    }
  }
  outs.clear();
  out_ptrs.clear();
  for (size_t o = 0; o < k.outputs.size(); o++) {
    outs.push_back(torch::empty(shape, k.dtype));
    out_ptrs.push_back(outs.back().data_bytes());
  }
  for (auto& t : outs) operands.push_back(&t);
  if (!nest.bind(shape, operands, torch::itemsize(k.dtype))) {
    *why = "too many dimensions";
    return false;
  }
  return true;
}

}  // namespace kiln::codegen
