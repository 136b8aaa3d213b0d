// stdlib/torch/autograd/engine.cpp — see engine.h.

#include "stdlib/torch/autograd/engine.h"

#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "stdlib/torch/autograd/functions.h"
#include "stdlib/torch/autograd/node.h"

namespace kiln::torch::autograd {

namespace {

thread_local bool accumulating = false;

struct ByLatest {
  bool operator()(Node* a, Node* b) const { return a->seq < b->seq; }
};

// Fits a gradient to the tensor it flows to (validate_outputs in PyTorch).
Var fit(Var g, const InputInfo& info, const Node& node, size_t i) {
  if (!(g.t.sizes == info.sizes)) {
    Shape target = info.sizes;
    bool expandable = g.t.dim() >= target.size();
    for (int k = 0; expandable && k < target.size(); ++k) {
      int64_t gs = g.t.sizes[g.t.dim() - target.size() + k];
      if (target[k] != 1 && target[k] != gs) expandable = false;
    }
    if (!expandable)
      runtime_error("Function {} returned an invalid gradient at index {} - got [{}] but expected shape compatible with [{}]",
                    node.name(), i, fmt::join(g.t.sizes.span(), ", "), fmt::join(target.span(), ", "));
    g = sum_to(g, target);
  }
  if (g.t.dtype != info.dtype && is_floating(info.dtype)) g = to_dtype(g, info.dtype);
  return g;
}

}  // namespace

bool leaf_accumulation_allowed() { return accumulating; }

VarList run_backward(const VarList& roots, const VarList& grad_outputs, bool keep_graph, bool create_graph,
                     const VarList& inputs) {
  struct Flag {
    bool prev = accumulating;
    ~Flag() { accumulating = prev; }
  } flag;
  // Root edges and their gradients.
  std::vector<Edge> root_edges;
  VarList root_grads;
  for (size_t i = 0; i < roots.size(); ++i) {
    const Var& r = roots[i];
    if (!r.requires_grad())
      runtime_error("element {} of tensors does not require grad and does not have a grad_fn", i);
    Var g = i < grad_outputs.size() ? grad_outputs[i] : Var();
    if (!g.defined()) {
      if (r.t.numel() != 1) runtime_error("grad can be implicitly created only for scalar outputs");
      Tensor one = empty(r.t.sizes, r.t.dtype);
      fill(one, Scalar::from_int(1));
      g = Var(one);
    } else if (!(g.t.sizes == r.t.sizes)) {
      runtime_error("Mismatch in shape: grad_output[{}] has a shape of torch.Size([{}]) and output[{}] has a shape of torch.Size([{}]).",
                    i, fmt::join(g.t.sizes.span(), ", "), i, fmt::join(r.t.sizes.span(), ", "));
    }
    root_edges.push_back(gradient_edge(r));
    root_grads.push_back(std::move(g));
  }

  // Capture targets for autograd.grad: (node, input_nr) -> index.
  bool capture = !inputs.empty();
  std::unordered_map<Node*, std::vector<std::pair<uint32_t, size_t>>> targets;
  VarList results(inputs.size());
  std::vector<NodeRef> keep;  // keeps target nodes alive for the call
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Var& in = inputs[i];
    if (!in.requires_grad()) runtime_error("One of the differentiated Tensors does not require grad");
    Node* n = nullptr;
    uint32_t nr = 0;
    if (in.meta->grad_fn) {
      n = in.meta->grad_fn.get();
      nr = in.meta->output_nr;
    } else {
      n = in.meta->grad_accumulator;  // none: no graph reaches this leaf
    }
    if (n) targets[n].emplace_back(nr, i);
  }

  // Dependencies: how many edges reach each node from the roots.
  std::unordered_map<Node*, int> deps;
  std::vector<Node*> stack;
  std::unordered_set<Node*> seen;
  for (const Edge& e : root_edges)
    if (e.valid() && seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
  std::vector<Node*> order;  // discovery order (for the needed pass)
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    order.push_back(n);
    for (const Edge& e : n->next) {
      if (!e.valid()) continue;
      ++deps[e.fn.get()];
      if (seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
    }
  }
  // autograd.grad runs only nodes from which a target is reachable.
  std::unordered_set<Node*> needed;
  if (capture) {
    bool changed = true;
    for (auto& [n, _] : targets) needed.insert(n);
    while (changed) {  // the graph is small next to the kernels; a fixpoint is simple and enough
      changed = false;
      for (Node* n : order) {
        if (needed.count(n)) continue;
        for (const Edge& e : n->next)
          if (e.valid() && needed.count(e.fn.get())) {
            needed.insert(n);
            changed = true;
            break;
          }
      }
    }
  }

  std::unordered_map<Node*, VarList> buffers;
  auto accumulate = [&](const Edge& e, Var g) {
    VarList& buf = buffers[e.fn.get()];
    if (buf.empty()) buf.resize(e.fn->num_outputs);
    Var& slot = buf[e.input_nr];
    if (!slot.defined()) slot = std::move(g);
    else slot = add(slot, g, Scalar::from_int(1), false);
  };
  std::priority_queue<Node*, std::vector<Node*>, ByLatest> ready;
  accumulating = !capture && !create_graph;
  {
    GradModeGuard mode(create_graph);
    for (size_t i = 0; i < root_edges.size(); ++i)
      if (root_edges[i].valid()) accumulate(root_edges[i], root_grads[i]);
  }
  for (const Edge& e : root_edges)
    if (e.valid() && deps[e.fn.get()] == 0 && seen.erase(e.fn.get())) ready.push(e.fn.get());

  while (!ready.empty()) {
    Node* n = ready.top();
    ready.pop();
    NodeRef hold = NodeRef::borrow(n);
    VarList buf = std::move(buffers[n]);
    buffers.erase(n);
    if (buf.empty()) buf.resize(n->num_outputs);
    VarList outs;
    {
      GradModeGuard mode(create_graph);
      for (auto& [nr, h] : n->pre_hooks)
        if (nr < buf.size() && buf[nr].defined())
          if (auto r = h->call(buf[nr])) buf[nr] = std::move(*r);
      if (capture) {
        auto it = targets.find(n);
        if (it != targets.end())
          for (auto [nr, idx] : it->second)
            if (nr < buf.size() && buf[nr].defined()) results[idx] = buf[nr];
        if (!needed.count(n) || n->leaf()) continue;
      }
      bool any = false;
      for (const Var& g : buf) any |= g.defined();
      if (any) outs = n->apply(std::move(buf));
      if (!keep_graph) n->release_saved();
      for (size_t i = 0; i < n->next.size(); ++i) {
        const Edge& e = n->next[i];
        if (!e.valid()) continue;
        if (i < outs.size() && outs[i].defined()) accumulate(e, fit(std::move(outs[i]), n->inputs[i], *n, i));
        if (--deps[e.fn.get()] == 0) ready.push(e.fn.get());
      }
    }
  }
  return results;
}

}  // namespace kiln::torch::autograd
