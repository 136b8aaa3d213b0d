// tracer/decompose.cpp — see decompose.h.
#include "tracer/decompose.h"

#include "stdlib/torch/error.h"
#include "stdlib/torch/ops/decompositions.h"
#include "stdlib/torch/autograd/node.h"
#include "stdlib/torch/tensor_object.h"

namespace kiln::tracer {

namespace {

using torch::ops::OpId;

bool given(GraphDerivative& d, const OpCall& c, size_t p) { return c.arg[p] >= 0 && !d.sample(c.arg[p]).is_none(); }

// A number argument: a constant of the graph.
int number_arg(GraphDerivative& d, const OpCall& c, size_t p) {
  if (!d.is_number(c.arg[p]))
    torch::fail(torch::ErrorKind::NotImplemented, "no decomposition of {}() with a {} the graph computes", c.op->name(),
                c.op->schema.names[p]);
  return c.arg[p];
}

int addc(GraphDerivative& d, const OpCall& c) {  // (input, tensor1, tensor2, *, value=1)
  return torch::ops::addc_decomposition(d, c.arg[0], c.arg[1], c.arg[2], given(d, c, 3) ? number_arg(d, c, 3) : d.none(),
                                        c.op->id == OpId::addcdiv);
}

int lerp(GraphDerivative& d, const OpCall& c) {  // (input, end, weight)
  int w = d.is_tensor(c.arg[2]) ? c.arg[2] : number_arg(d, c, 2);
  return torch::ops::lerp_decomposition(d, c.arg[0], c.arg[1], w, d.dtype(c.arg[0]));
}

using Decomposition = int (*)(GraphDerivative&, const OpCall&);
Decomposition decomposition_of(OpId op) {
  switch (op) {
    case OpId::addcmul:
    case OpId::addcdiv: return addc;
    case OpId::lerp: return lerp;
    default: return nullptr;
  }
}

}  // namespace

bool has_decomposition(OpId op) { return decomposition_of(op) != nullptr; }

int decompose(GraphDerivative& d, const OpCall& c) {
  Decomposition f = decomposition_of(c.op->id);
  if (!f) torch::fail(torch::ErrorKind::NotImplemented, "{}() has no decomposition", c.op->name());
  return f(d, c);
}

}  // namespace kiln::tracer
