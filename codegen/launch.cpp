// codegen/launch.cpp — see codegen/launch.h.
#include "codegen/launch.h"

#include <fmt/format.h>

#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/bindings.h"
#include "stdlib/torch/tensor_object.h"
#include "vm/ops.h"

namespace kiln::codegen {

bool KernelLaunch::prepare(const Kernel& k, const std::vector<vm::Value>& values, std::string* why,
                           const std::vector<uint64_t>* masks) {
  args_.resize(values.size());
  for (size_t i = 0; i < values.size(); i++) {
    const vm::Value& v = values[i];
    KArg& a = args_[i];
    a = KArg{};
    if (torch::is_tensor(v)) {
      const torch::autograd::Var& var = torch::var_of(v);
      a.tensor = &var.t;
      a.requires_grad = var.requires_grad();
      continue;
    }
    torch::Scalar s;
    if (!(v.is_double() || v.is_bool() || vm::is_int(v)) || !torch::as_scalar(v, &s)) {
      *why = fmt::format("input {} is neither a tensor nor a number", i);
      return false;
    }
    a.number = s.to<double>();
  }
  return prepare(k, args_, why, masks);
}

bool KernelLaunch::prepare(const Kernel& k, const std::vector<KArg>& args, std::string* why,
                           const std::vector<uint64_t>* masks) {
  size_t ni = k.inputs.size();
  if (args.size() != ni) {
    *why = fmt::format("{} values for {} inputs", args.size(), ni);
    return false;
  }
  numbers.assign(ni, 0.0f);
  in_ptrs.assign(ni, nullptr);
  operands_.assign(ni, nullptr);
  shapes_.clear();
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
      operands_[i] = a.tensor;
      shapes_.push_back(a.tensor->sizes);
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
    if (!operands_[i]) in_ptrs[i] = reinterpret_cast<const char*>(&numbers[i]);
  if (!LoopNest::broadcast(shapes_, &shape)) {
    *why = "the inputs' shapes do not broadcast";
    return false;
  }
  // Every output is stored over the whole iteration shape, so each must
  // depend on inputs whose shapes broadcast to all of it (a value of a
  // smaller operand alone has a smaller shape: not this kernel's to store).
  if (!masks) {
    masks_ = k.output_inputs();
    masks = &masks_;
  }
  for (size_t o = 0; o < k.outputs.size(); o++) {
    torch::Shape os;
    for (size_t j = 0; j < ni; j++) {
      if (!operands_[j] || !((*masks)[o] >> std::min<size_t>(j, 63) & 1)) continue;
      if (!LoopNest::broadcast_into(&os, operands_[j]->sizes)) return false;
    }
    if (!(os == shape)) {
      *why = fmt::format("output {} has shape {} within the iteration shape {}", o, os.str(), shape.str());
      return false;
    }
  }
  outs.resize(k.outputs.size());
  out_ptrs.resize(k.outputs.size());
  for (size_t o = 0; o < k.outputs.size(); o++) {
    outs[o] = torch::empty(shape, k.dtype);
    out_ptrs[o] = outs[o].data_bytes();
    operands_.push_back(&outs[o]);
  }
  if (!nest.bind(shape, operands_, torch::itemsize(k.dtype))) {
    *why = "too many dimensions";
    return false;
  }
  return true;
}

}  // namespace kiln::codegen
