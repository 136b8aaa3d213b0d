# cross_entropy / nll_loss with targets of the wrong dtype, shape or range.
import torch
import torch.nn.functional as F

logits = torch.tensor([[1.0, 2.0, 3.0], [1.0, 0.0, -1.0]])

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except (RuntimeError, IndexError, ValueError) as e:
        print(label, type(e).__name__ + ":", e)

attempt("int32 target", lambda: F.nll_loss(F.log_softmax(logits, 1), torch.tensor([0, 1], dtype=torch.int32)))
attempt("batch mismatch", lambda: F.cross_entropy(logits, torch.tensor([0, 1, 2])))
attempt("target out of range", lambda: F.nll_loss(logits, torch.tensor([0, 3])))
attempt("1-d input, 0-d target ok", lambda: F.cross_entropy(logits[0], torch.tensor(1)))
