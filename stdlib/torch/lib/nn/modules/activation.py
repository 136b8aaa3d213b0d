# torch.nn.modules.activation: element-wise activations and softmax layers.
import math
import torch
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn import functional as F

__all__ = ['ReLU', 'GELU', 'SiLU', 'Tanh', 'Sigmoid', 'Softmax', 'LogSoftmax', 'LeakyReLU', 'ELU', 'SELU', 'CELU',
           'Softplus', 'Hardtanh', 'ReLU6', 'Hardswish', 'Hardsigmoid', 'Mish', 'LogSigmoid', 'Softsign',
           'Tanhshrink', 'Threshold', 'Hardshrink', 'Softshrink', 'GLU', 'Softmin', 'PReLU', 'MultiheadAttention']


class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class GELU(Module):
    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return 'approximate={}'.format(repr(self.approximate))


class SiLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.silu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Tanh(Module):
    def forward(self, input):
        return torch.tanh(input)


class Sigmoid(Module):
    def forward(self, input):
        return torch.sigmoid(input)


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return 'dim={dim}'.format(dim=self.dim)


class LogSoftmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.log_softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return 'dim={dim}'.format(dim=self.dim)


def _inplace_repr(inplace):
    return 'inplace=True' if inplace else ''


class LeakyReLU(Module):
    def __init__(self, negative_slope=1e-2, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return 'negative_slope={}{}'.format(self.negative_slope, ', inplace=True' if self.inplace else '')


class ELU(Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.elu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return 'alpha={}{}'.format(self.alpha, ', inplace=True' if self.inplace else '')


class CELU(ELU):
    def forward(self, input):
        return F.celu(input, self.alpha, self.inplace)


class SELU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.selu(input, self.inplace)

    def extra_repr(self):
        return _inplace_repr(self.inplace)


class Softplus(Module):
    def __init__(self, beta=1, threshold=20):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return 'beta={}, threshold={}'.format(self.beta, self.threshold)


class Hardtanh(Module):
    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        if self.max_val <= self.min_val:
            raise AssertionError()

    def forward(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return 'min_val={}, max_val={}{}'.format(self.min_val, self.max_val, ', inplace=True' if self.inplace else '')


class ReLU6(Hardtanh):
    def __init__(self, inplace=False):
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self):
        return _inplace_repr(self.inplace)


class _Elementwise(Module):
    # An activation of the input alone, maybe in place.
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def extra_repr(self):
        return _inplace_repr(self.inplace)


class Hardswish(_Elementwise):
    def forward(self, input):
        return F.hardswish(input, self.inplace)


class Hardsigmoid(_Elementwise):
    def forward(self, input):
        return F.hardsigmoid(input, self.inplace)


class Mish(_Elementwise):
    def forward(self, input):
        return F.mish(input, self.inplace)


class LogSigmoid(Module):
    def forward(self, input):
        return F.logsigmoid(input)


class Softsign(Module):
    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(Module):
    def forward(self, input):
        return F.tanhshrink(input)


class Threshold(Module):
    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return 'threshold={}, value={}{}'.format(self.threshold, self.value, ', inplace=True' if self.inplace else '')


class Hardshrink(Module):
    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.hardshrink(input, self.lambd)

    def extra_repr(self):
        return '{}'.format(self.lambd)


class Softshrink(Hardshrink):
    def forward(self, input):
        return F.softshrink(input, self.lambd)


class GLU(Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.glu(input, self.dim)

    def extra_repr(self):
        return 'dim={}'.format(self.dim)


class Softmin(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmin(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return 'dim={dim}'.format(dim=self.dim)


class PReLU(Module):
    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(torch.empty(num_parameters, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        with torch.no_grad():
            self.weight.fill_(self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self):
        return 'num_parameters={}'.format(self.num_parameters)


class MultiheadAttention(Module):
    # PyTorch 1.13's layer (F.multi_head_attention_forward's arithmetic): the
    # packed in_proj_weight [3E, E] (xavier_uniform_) and in_proj_bias
    # (zeros), out_proj a Linear(E, E) with a zero bias; q scaled by
    # 1/sqrt(head_dim) before q k^T; attn_mask bool (True: not allowed) or
    # float (added), 2-D [L, S] or 3-D [N * heads, L, S]; key_padding_mask
    # [N, S]; weights averaged over heads unless average_attn_weights=False.
    # Not supported (NotImplementedError): kdim / vdim other than embed_dim,
    # add_bias_kv, add_zero_attn.
    def __init__(self, embed_dim, num_heads, dropout=0., bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, device=None, dtype=None):
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != self.embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        if not self._qkv_same_embed_dim or add_bias_kv or add_zero_attn:
            raise NotImplementedError("MultiheadAttention: kdim / vdim other than embed_dim, add_bias_kv and "
                                      "add_zero_attn are not supported by Kiln")
        from torch.nn.modules.linear import NonDynamicallyQuantizableLinear
        from torch.nn import init
        self.in_proj_weight = Parameter(torch.empty((3 * embed_dim, embed_dim), dtype=dtype))
        if bias:
            self.in_proj_bias = Parameter(torch.empty(3 * embed_dim, dtype=dtype))
        else:
            self.register_parameter('in_proj_bias', None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, dtype=dtype)
        self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        init.xavier_uniform_(self.in_proj_weight)
        if bias:
            init.constant_(self.in_proj_bias, 0.)
            init.constant_(self.out_proj.bias, 0.)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True):
        unbatched = query.dim() == 2
        if unbatched:
            query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
            if key_padding_mask is not None:
                key_padding_mask = key_padding_mask.unsqueeze(0)
        elif self.batch_first:
            query, key, value = query.transpose(0, 1), key.transpose(0, 1), value.transpose(0, 1)
        tgt_len, bsz, embed_dim = query.shape
        src_len = key.size(0)
        if embed_dim != self.embed_dim:
            raise AssertionError("was expecting embedding dimension of {}, but got {}".format(self.embed_dim,
                                                                                            embed_dim))
        heads, hd = self.num_heads, self.head_dim
        w, b = self.in_proj_weight, self.in_proj_bias
        if query is key and key is value:
            q, k, v = F.linear(query, w, b).chunk(3, dim=-1)
        else:
            bq, bk, bv = (None, None, None) if b is None else b.chunk(3)
            wq, wk, wv = w.chunk(3)
            q, k, v = F.linear(query, wq, bq), F.linear(key, wk, bk), F.linear(value, wv, bv)
        mask = None
        if attn_mask is not None:
            if attn_mask.dim() == 2:
                if tuple(attn_mask.shape) != (tgt_len, src_len):
                    raise RuntimeError("The shape of the 2D attn_mask is {}, but should be {}.".format(
                        attn_mask.shape, (tgt_len, src_len)))
                attn_mask = attn_mask.unsqueeze(0)
            elif tuple(attn_mask.shape) != (bsz * heads, tgt_len, src_len):
                raise RuntimeError("The shape of the 3D attn_mask is {}, but should be {}.".format(
                    attn_mask.shape, (bsz * heads, tgt_len, src_len)))
            mask = attn_mask
        if key_padding_mask is not None:
            kpm = key_padding_mask.reshape(bsz, 1, 1, src_len).expand(-1, heads, -1, -1).reshape(bsz * heads, 1, src_len)
            if mask is None:
                mask = kpm
            elif mask.dtype == torch.bool:
                mask = mask | kpm
            else:
                mask = mask.masked_fill(kpm, float('-inf'))
        if mask is not None and mask.dtype == torch.bool:
            mask = torch.zeros(mask.shape, dtype=q.dtype).masked_fill(mask, float('-inf'))
        q = q.reshape(tgt_len, bsz * heads, hd).transpose(0, 1)
        k = k.reshape(src_len, bsz * heads, hd).transpose(0, 1)
        v = v.reshape(src_len, bsz * heads, hd).transpose(0, 1)
        q = q / math.sqrt(hd)
        scores = torch.bmm(q, k.transpose(-2, -1))
        if mask is not None:
            scores = mask + scores
        attn = torch.softmax(scores, dim=-1)
        if self.dropout > 0.0 and self.training:
            attn = F.dropout(attn, p=self.dropout)
        out = torch.bmm(attn, v)
        out = out.transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        out = F.linear(out, self.out_proj.weight, self.out_proj.bias).reshape(tgt_len, bsz, embed_dim)
        weights = None
        if need_weights:
            weights = attn.reshape(bsz, heads, tgt_len, src_len)
            if average_attn_weights:
                weights = weights.sum(dim=1) / heads
        if unbatched:
            out = out.squeeze(1)
            weights = weights.squeeze(0) if weights is not None else None
        elif self.batch_first:
            out = out.transpose(0, 1)
        return out, weights
