// tracer/functionalize.h — in-place ops rewritten as pure ops, with the
// writes to graph inputs copied back at the end (a graph pass;
// TorchDynamo's functionalisation).
//
// An in-place op of the registry (x.add_(y), x.relu_(), x.clamp_(min=0),
// x.masked_fill_(m, 0)) or an augmented assignment on a tensor (x += y)
// writes its input x. When x is a tensor the graph made (the fresh result
// of a non-view op: no other tensor shares its storage) that nothing took
// before the write (its uses so far are ops that read it and keep no
// reference: no view, container, attribute, output or other writer), and
// no gradient is involved (no reader before the write is an op autograd
// records: it may have saved x, and eager's backward would then fail its
// version check), the write can be observed only through x's register and
// x's version. The pass then replaces the node by the op's functional form
// (Tensor.add_ -> Tensor.add; x += y -> x + y) and renames every later
// use of x to the node's own result. Later passes see pure ops — the
// lowering fuses `h = x @ w; h += b; h.relu_()` like its out-of-place
// form — and the program computes the same values: the functional form's
// result dtype and sizes (ops/meta.h: infer_meta on the node's argument
// metadata) must be x's, or the node stays as it is. Where the final value
// reaches the program (returned, kept, viewed), a copy_back(v, v) at the
// end advances its version by the writes made pure, so `_version` reads
// what eager's does.
//
// In-place ops on a graph input x (a tensor argument, a parameter: the
// program sees the change) move to the graph's end the same way: each of
// x's writes becomes its functional form (all of them, each with x's dtype
// and sizes, or none: copy_back stands for every write), every later use
// of x reads the latest value, and a
// `copy_back(x, value)` node at the end writes the final value into x's
// storage, advancing its version counter by the number of writes. The
// program observes the same: x's value when the graph returns, its
// identity (an output that was x is x), its version. This holds when
//   * x has every size fixed, no two of its elements share memory, and no
//     other input shares its storage while tracing (a NO_ALIASING guard
//     then keeps it so: x against every tensor input read after its first
//     write), and no tensor of unknown storage (a constant, an item of a
//     container) is read after that write;
//   * x is used only by reads and writes (no view, container, attribute or
//     output other than x itself is taken from it);
//   * no node from its first write on may raise (a later error would see x
//     unwritten): registry ops whose non-tensor arguments are constants
//     and that read no tensor as one value, operators that do not divide
//     numbers, indexing by constant keys (cannot_raise in the .cpp); the
//     graph has no dynamic sizes;
//   * autograd records none of its writes nor any use of it after the
//     first (no op there makes a value that requires grad, which would save
//     x for backward): x requires no grad, or the writes and every later
//     use of x run under no_grad (an optimizer's step on parameters).
// Otherwise the writes stay as written and run in place, in order.
//
// Writes through views of a tensor b the graph made (the fresh result of
// a non-view op, every size fixed, nothing requiring grad), where k is a
// basic index (ints, slices of constant bounds, None, `...`: a constant,
// an int the graph has, or a tuple it built of those, as `x[:, pos]`):
//   * `b[k] = value` becomes `b2 = torch._kiln_setitem(b, k, value)` (the
//     registry's pure setitem: a copy of b with value in the part k
//     selects), and b's later uses read b2;
//   * `v = b[k]` then in-place ops on v (`b[k].mul_(3)`, `b[k] += 1`,
//     which assigns v back): each becomes its functional form, v's later
//     reads read the result, and a setitem puts v's final value into b
//     before b's next use (none when that use is v's assignment back).
// This holds when every use of b is one of those, a read, an in-place op
// on b itself (left in place: b's current value is a tensor only the graph
// holds), the output, or a reference kept (a container, an attribute)
// after b's last write; a view is not returned, kept, or indexed again;
// and while a view is live b is written only through it (eager would show
// another write through the view). Otherwise the writes stay as written.
// A setitem whose input dies there is marked Node::Reinplace::IfUnshared:
// the executor then writes the input itself when no view shares its
// storage, so a warm call allocates what eager allocates.
//
// The same holds for a graph input x (a KV cache: `cache[:, pos] = k`),
// with what moving its writes to the end needs (as above: fixed sizes, no
// overlap or shared storage, no node from its first write on that may
// raise or reads a tensor of unknown storage, NO_ALIASING with the inputs
// read from then on; in a dynamic graph, no node after the first write
// reads a free size or int), and no in-place op on x itself among them. Its
// outputs and kept references stay x, and `copy_back(x, final)` ends the
// graph, standing for every write eager made (x's version). Each setitem
// of x's chain is Node::Reinplace::Always: the executor writes x itself
// (nothing reads the value it replaces), so the write costs eager's
// O(part), and the copy back finds x holding its final value and only
// advances the version.
#pragma once

#include <vector>

#include "tracer/graph.h"

namespace kiln::tracer {

// What the pass needs to know beyond the graph.
struct FunctionalizeFacts {
  // Per graph input: the value its source held while tracing (for a
  // tensor the real one: its storage tells which inputs alias).
  std::vector<Value> input_values;
  int grad_mode = -1;  // grad mode when the graph starts (1 on, 0 off, -1 unknown)
};

struct Functionalized {
  size_t rewritten = 0;         // in-place nodes made pure
  std::vector<size_t> written;  // inputs written back at the end (copy_back nodes)
  std::vector<size_t> read;     // other tensor inputs read after such an input's first write
};

// Rewrites g's in-place ops that qualify.
Functionalized functionalize(VM& vm, Graph& g, const FunctionalizeFacts& facts);

}  // namespace kiln::tracer
