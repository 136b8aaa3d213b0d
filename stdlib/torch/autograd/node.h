// stdlib/torch/autograd/node.h — the nodes of the backward graph.
//
// Each differentiable op that runs with grad enabled on an input that
// requires grad creates one Node (its output's grad_fn). A Node maps the
// gradients of the op's outputs to the gradients of its inputs (`apply`) and
// holds one Edge per input: the node that produced that input (and which of
// its outputs it was), an AccumulateGrad for a leaf, or nothing when that
// input needs no gradient. The graph is a DAG of reference-counted nodes kept
// alive by the outputs' metas, exactly PyTorch's design.
//
// Formulas (functions.cpp) are written as lambdas over tensors saved at
// forward time; FnNode<F> holds the lambda and its SavedVars. A SavedVar
// remembers the storage version it saw and refuses to unpack after an
// in-place change (PyTorch's message), or after the graph was freed by a
// backward without retain_graph.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stdlib/torch/autograd/variable.h"

namespace kiln::torch::autograd {

struct Edge {
  NodeRef fn;
  uint32_t input_nr = 0;
  bool valid() const { return bool(fn); }
};

// Shape and dtype of a forward input: gradients flowing to it are summed to
// this shape and cast to this dtype (the engine's validate_outputs).
struct InputInfo {
  Shape sizes;
  DType dtype;
};

class Node {
 public:
  int refcount = 1;
  uint64_t seq;                   // creation order: the engine runs later nodes first
  std::vector<Edge> next;         // one per forward input
  std::vector<InputInfo> inputs;  // one per forward input
  uint32_t num_outputs = 1;       // forward outputs = gradients this node receives
  // Hooks on the gradients of this node's outputs (register_hook and
  // retain_grad on non-leaf tensors), with the output they watch.
  std::vector<std::pair<uint32_t, HookRef>> pre_hooks;

  Node();
  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  // grads[i]: gradient of output i (undefined if none reached it). Returns
  // one gradient per forward input (undefined where not needed).
  virtual VarList apply(VarList&& grads) = 0;
  // PyTorch's class name of the node: "MulBackward0" — its own, or the one
  // a composite op built from several nodes gave its last node
  // (F.mse_loss's mean: "MseLossBackward0"), as PyTorch's single node for
  // that op is named.
  std::string name() const { return renamed_ ? *renamed_ : op_name(); }
  virtual std::string op_name() const = 0;
  void rename(std::string_view name);
  // Drops saved tensors (after a backward without retain_graph).
  virtual void release_saved() {}
  // The leaf a node accumulates into (AccumulateGrad only), else null.
  virtual AutogradMeta* leaf() const { return nullptr; }

  bool needs_input_grad(size_t i) const { return i < next.size() && next[i].valid(); }

 private:
  const std::string* renamed_ = nullptr;  // interned (a few names, kept for the process)
};

// The gradient sink of a leaf: adds incoming gradients into leaf.grad.
class AccumulateGrad final : public Node {
 public:
  AccumulateGrad(const Var& leaf);
  ~AccumulateGrad() override;
  VarList apply(VarList&& grads) override;
  std::string op_name() const override { return "torch::autograd::AccumulateGrad"; }  // PyTorch's name()
  AutogradMeta* leaf() const override { return meta_.get(); }
  const Tensor& leaf_data() const { return data_; }

 private:
  MetaRef meta_;
  Tensor data_;  // the leaf's tensor (shape/dtype of the gradient; a new .grad is laid out like it)
};

// A tensor saved by a forward op for its backward formula.
class SavedVar {
 public:
  SavedVar() = default;
  // `is_output`: v is an output of the node that saves it; then only its data
  // is kept (its meta points back at the node: keeping it would be a cycle).
  SavedVar(const Var& v, bool is_output);
  // The saved tensor; RuntimeError if it was modified in place since, or freed.
  Var unpack(Node* owner) const;
  void release();
  bool defined() const { return saved_; }

 private:
  Tensor data_;
  MetaRef meta_;  // inputs only
  uint32_t version_ = 0;
  uint32_t output_nr_ = 0;
  bool saved_ = false, released_ = false, is_output_ = false, requires_grad_ = false;
  NodeRef producer_;  // inputs: grad_fn at save time (for the error message)
};

// A node whose formula is a lambda f(grads, saved, node) -> input grads.
template <class F> class FnNode final : public Node {
 public:
  FnNode(const char* name, F f) : name_(name), f_(std::move(f)) {}
  std::vector<SavedVar> saved;
  VarList apply(VarList&& grads) override {
    VarList s;
    s.reserve(saved.size());
    for (const SavedVar& sv : saved) s.push_back(sv.unpack(this));
    return f_(grads, s, *this);
  }
  std::string op_name() const override { return name_; }
  void release_saved() override {
    for (SavedVar& sv : saved) sv.release();
  }

 private:
  const char* name_;
  F f_;
};

template <class F> FnNode<F>* make_node(const char* name, F f) { return new FnNode<F>(name, std::move(f)); }

// The edge a gradient for v flows along: v's grad_fn, its leaf's
// AccumulateGrad (created on first use), or none.
Edge gradient_edge(const Var& v);

// Wires a new node (adopting `n`): edges to `inputs` (null entries are
// non-tensor arguments and get no edge), and makes it the grad_fn of every
// floating-point output (outputs[i] is output i). Integer and bool outputs
// never require grad, as in PyTorch.
void connect(Node* n, std::initializer_list<const Var*> inputs, std::initializer_list<Var*> outputs);
void connect(Node* n, const std::vector<const Var*>& inputs, const std::vector<Var*>& outputs);

// Makes `fn` (output `output_nr`) the tensor's history; a retain_grad on the
// tensor moves along to the new node.
void set_grad_fn(AutogradMeta& m, NodeRef fn, uint32_t output_nr);

// Tensor.retain_grad() on a non-leaf (a no-op on leaves).
void retain_grad(Var& v);

// RuntimeError for in-place ops that autograd cannot allow while grad mode
// is on: on a leaf that requires grad, or on a view of one. In-place ops on
// other views need CopySlices (functions_view.cpp); callers that do not
// record it pass view_ok=false and get NotImplementedError for views.
void check_inplace(const Var& v, bool view_ok = false);
// After an in-place op on `self` that produced `node` (adopted; may be null
// when nothing requires grad): self's history now starts at node.
void rebase_history(Var& self, Node* node, std::initializer_list<const Var*> inputs);

}  // namespace kiln::torch::autograd
