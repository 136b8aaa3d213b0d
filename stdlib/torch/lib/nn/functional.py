# torch.nn.functional: activations, losses and layers as functions.
#
# Each function is a composition of the native tensor ops (so autograd
# differentiates it through theirs), with PyTorch's argument checks and
# messages in front. Where PyTorch's C++ kernel fuses several steps the
# composition rounds each step, so float results may differ from PyTorch's
# in the last bits.
import math
import sys
import torch

__all__ = ['relu', 'relu_', 'gelu', 'silu', 'sigmoid', 'tanh', 'softmax', 'log_softmax', 'linear',
           'layer_norm', 'normalize', 'dropout', 'embedding', 'pad', 'mse_loss', 'nll_loss', 'cross_entropy',
           'leaky_relu', 'leaky_relu_', 'elu', 'selu', 'celu', 'softplus', 'hardtanh', 'relu6', 'hardswish',
           'hardsigmoid', 'mish', 'logsigmoid', 'softsign', 'tanhshrink', 'threshold', 'hardshrink', 'softshrink',
           'glu', 'softmin', 'prelu', 'batch_norm', 'l1_loss', 'smooth_l1_loss', 'huber_loss',
           'binary_cross_entropy', 'binary_cross_entropy_with_logits', 'kl_div', 'one_hot', 'cosine_similarity',
           'conv1d', 'conv2d', 'max_pool1d', 'max_pool2d', 'avg_pool1d', 'avg_pool2d', 'adaptive_avg_pool1d',
           'adaptive_avg_pool2d']

_SCALAR_TYPE_NAMES = {
    'torch.float32': 'Float',
    'torch.float64': 'Double',
    'torch.int64': 'Long',
    'torch.int32': 'Int',
    'torch.bool': 'Bool',
}


_int64 = torch.int64


def _scalar_type_name(dtype):
    return _SCALAR_TYPE_NAMES.get(str(dtype), str(dtype))


def _kernel_dtype_error(input, kernel):
    # PyTorch's activation kernels take floating point only: RuntimeError
    # "<kernel>" not implemented for 'Long' (before any math). Called only
    # on that path, so that a traced call guards no extra global.
    raise RuntimeError('"{}" not implemented for \'{}\''.format(kernel, _scalar_type_name(input.dtype)))


def _warn(message):
    # warnings.warn(message) without the warnings module: CPython's text,
    # less the caller's file and line.
    sys.stderr.write('UserWarning: ' + message + '\n')


def _legacy_reduction(size_average, reduce):
    # torch.nn._reduction.legacy_get_string
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        ret = 'mean'
    elif reduce:
        ret = 'sum'
    else:
        ret = 'none'
    _warn("size_average and reduce args will be deprecated, please use reduction='{}' instead.".format(ret))
    return ret


# torch._kiln_name_grad_fn(out, name) below: PyTorch computes the op in one
# autograd node and prints its name (grad_fn=<MseLossBackward0>); Kiln
# composes it from several and gives the last one that name (a result
# without grad_fn is returned as it is, and the tracer records nothing). It
# is called through `torch`, whose global is guarded anyway.


def _reduce(loss, reduction):
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    if reduction == 'none':
        return loss
    raise ValueError("{} is not a valid value for reduction".format(reduction))


# ---------------------------------------------------------------- activations
def relu(input, inplace=False):
    if inplace:
        return input.relu_()
    return torch.relu(input)


def relu_(input):
    return input.relu_()


def gelu(input, approximate='none'):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'GeluKernelImpl')
    if approximate == 'none':
        # x * 0.5 * (1 + erf(x / sqrt(2))), in the order of PyTorch's kernel
        return torch._kiln_name_grad_fn(input * 0.5 * (1.0 + torch.erf(input * 0.7071067811865476)), 'GeluBackward0')
    if approximate == 'tanh':
        # 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))
        inner = 0.7978845608028654 * (input + 0.044715 * (input * input * input))
        return torch._kiln_name_grad_fn(0.5 * input * (1.0 + torch.tanh(inner)), 'GeluBackward0')
    raise RuntimeError("approximate argument must be either none or tanh.")


def silu(input, inplace=False):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'silu_cpu')
    if inplace:
        return torch._kiln_name_grad_fn(input.mul_(torch.sigmoid(input)), 'SiluBackward0')
    return torch._kiln_name_grad_fn(input * torch.sigmoid(input), 'SiluBackward0')


def sigmoid(input):
    return torch.sigmoid(input)


def tanh(input):
    return torch.tanh(input)


def _c10_number(v):
    # A double as PyTorch's C++ messages print it (an ostream): 1 for 1.0, 0.5 for 0.5.
    v = float(v)
    return '{}'.format(int(v)) if v.is_integer() else repr(v)


def _inplace(input, value, inplace, name, name_inplace=None):
    # The activation (in place: value's numbers written into input), its
    # grad_fn named as PyTorch's node (name_inplace for the in-place form
    # where PyTorch's differs).
    if inplace:
        return torch._kiln_name_grad_fn(input.copy_(value), name_inplace or name)
    return torch._kiln_name_grad_fn(value, name)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'leaky_relu_cpu')
    # x > 0 ? x : x * negative_slope
    return _inplace(input, torch.where(input > 0, input, input * negative_slope), inplace, 'LeakyReluBackward0',
                    'LeakyReluBackward1')


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, True)


def _elu(input, alpha, scale, input_scale):
    # PyTorch 1.13's kernel: x <= 0 ? (exp(x * input_scale) - 1) * (alpha * scale) : x * scale
    neg = (torch.exp(input * input_scale) - 1.0) * (alpha * scale)
    return torch.where(input > 0, input * scale, neg)


def elu(input, alpha=1.0, inplace=False):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'elu_cpu')
    return _inplace(input, _elu(input, alpha, 1.0, 1.0), inplace, 'EluBackward0', 'EluBackward1')


def selu(input, inplace=False):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'elu_cpu')
    return _inplace(input, _elu(input, 1.6732632423543772848170429916717, 1.0507009873554804934193349852946, 1.0),
                    inplace, 'EluBackward0', 'EluBackward1')


def celu(input, alpha=1.0, inplace=False):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'elu_cpu')
    return _inplace(input, _elu(input, alpha, 1.0, 1.0 / alpha), inplace, 'CeluBackward0', 'CeluBackward1')


def softplus(input, beta=1, threshold=20):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'softplus_cpu')
    # (x * beta) > threshold ? x : log1p(exp(x * beta)) / beta
    scaled = input * beta
    out = torch.where(scaled > threshold, input, torch.log1p(torch.exp(scaled)) / beta)
    return torch._kiln_name_grad_fn(out, 'SoftplusBackward0')


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if input.dtype == torch.bool:
        raise RuntimeError("Bool inputs not supported for hardtanh")
    # clamp's numbers (max_val everywhere when min_val > max_val); the
    # gradient only strictly inside (PyTorch's)
    if min_val > max_val:
        return _inplace(input, torch.full_like(input, max_val), inplace, 'HardtanhBackward0')
    out = torch.where(input <= min_val, torch.full_like(input, min_val),
                      torch.where(input >= max_val, torch.full_like(input, max_val), input))
    return _inplace(input, out, inplace, 'HardtanhBackward0')


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


def hardswish(input, inplace=False):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'hardswish_cpu')
    # x * min(max(x + 3, 0), 6) / 6
    return _inplace(input, input * torch.clamp(input + 3.0, 0.0, 6.0) / 6.0, inplace, 'HardswishBackward0')


def hardsigmoid(input, inplace=False):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'hardsigmoid_cpu')
    # min(max(x + 3, 0), 6) / 6; the gradient only strictly inside (PyTorch's)
    out = torch.where(input <= -3.0, torch.zeros_like(input),
                      torch.where(input >= 3.0, torch.ones_like(input), (input + 3.0) / 6.0))
    return _inplace(input, out, inplace, 'HardsigmoidBackward0')


def mish(input, inplace=False):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'mish_cpu')
    # x * tanh(log1p(exp(x)))
    return _inplace(input, input * torch.tanh(torch.log1p(torch.exp(input))), inplace, 'MishBackward0')


def logsigmoid(input):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'log_sigmoid_cpu')
    # min(x, 0) - log1p(exp(-|x|)) (no overflow either way), each side on
    # its own half so that the gradient is 1 - sigmoid(x) everywhere
    neg = torch.clamp(input, max=0.0)
    pos = torch.clamp(input, min=0.0)
    out = torch.where(input < 0, neg - torch.log1p(torch.exp(neg)), -torch.log1p(torch.exp(-pos)))
    return torch._kiln_name_grad_fn(out, 'LogSigmoidBackward0')


def softsign(input):
    return input / (torch.abs(input) + 1)


def tanhshrink(input):
    return input - torch.tanh(input)


def threshold(input, threshold, value, inplace=False):
    # x > threshold ? x : value
    return _inplace(input, torch.where(input > threshold, input, torch.full_like(input, value)), inplace,
                    'ThresholdBackward0', 'ThresholdBackward1')


def hardshrink(input, lambd=0.5):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'hardshrink_cpu')
    # (x >= -lambd && x <= lambd) ? 0 : x
    return input.masked_fill((input >= -lambd) & (input <= lambd), 0.0)


def softshrink(input, lambd=0.5):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'softshrink_cpu')
    if lambd < 0:
        raise RuntimeError("lambda must be greater or equal to 0, but found to be {}.".format(_c10_number(lambd)))
    # x > lambd ? x - lambd : (x < -lambd ? x + lambd : 0)
    return torch.where(input > lambd, input - lambd, torch.where(input < -lambd, input + lambd, torch.zeros_like(input)))


def glu(input, dim=-1):
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'glu_cpu')
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = dim + input.dim() if dim < 0 else dim
    n = input.size(d)
    if n % 2 != 0:
        raise RuntimeError("Halving dimension must be even, but dimension {} is size {}".format(d, n))
    a, b = input.chunk(2, d)
    return torch._kiln_name_grad_fn(a * torch.sigmoid(b), 'GluBackward0')


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('softmin', input.dim())
    if dtype is not None:
        input = input.to(dtype)
    return torch.softmax(-input, dim)


def prelu(input, weight):
    # x > 0 ? x : weight * x, weight per channel (dim 1) or one for all
    w = weight
    if weight.numel() != 1:
        if input.dim() < 2 or input.size(1) != weight.numel():
            raise RuntimeError("Mismatch of parameter numbers and input channel size. Found parameter numbers = {} "
                               "and channel size = {}.".format(weight.numel(), input.size(1) if input.dim() >= 2 else 1))
        w = weight.reshape([weight.numel()] + [1] * (input.dim() - 2))
    return torch.where(input > 0, input, w * input)


def _get_softmax_dim(name, ndim):
    _warn("Implicit dimension choice for {} has been deprecated. "
          "Change the call to include dim=X as an argument.".format(name))
    if ndim == 0 or ndim == 1 or ndim == 3:
        return 0
    return 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('softmax', input.dim())
    if dtype is not None:
        input = input.to(dtype)
    return torch.softmax(input, dim)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('log_softmax', input.dim())
    if dtype is not None:
        input = input.to(dtype)
    return torch.log_softmax(input, dim)


# ---------------------------------------------------------------- layers
def linear(input, weight, bias=None):
    # Native: one node for a 2-D input whose weight gradient BLAS adds
    # straight into weight.grad (stdlib/torch/autograd/functions_linalg.cpp).
    return torch._kiln_linear(input, weight, bias)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    shape = tuple(normalized_shape)
    nd = len(shape)
    if input.dim() < nd or tuple(input.shape[input.dim() - nd:]) != shape:
        raise RuntimeError("Given normalized_shape={}, expected input with shape [*, {}], but got input of size{}"
                           .format(list(shape), ', '.join(str(s) for s in shape), list(input.shape)))
    if weight is not None and tuple(weight.shape) != shape:
        raise RuntimeError("Expected weight to be of same shape as normalized_shape, but got weight of shape {} "
                           "and normalized_shape = {}".format(list(weight.shape), list(shape)))
    if bias is not None and tuple(bias.shape) != shape:
        raise RuntimeError("Expected bias to be of same shape as normalized_shape, but got bias of shape {} "
                           "and normalized_shape = {}".format(list(bias.shape), list(shape)))
    if not input.is_floating_point():
        _kernel_dtype_error(input, 'LayerNormKernelImpl')
    dims = tuple(range(-nd, 0))
    centered = input - input.mean(dims, keepdim=True)
    var = (centered * centered).mean(dims, keepdim=True)
    out = centered * torch.rsqrt(var + eps)
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return torch._kiln_name_grad_fn(out, 'NativeLayerNormBackward0')


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    # PyTorch 1.13 divides by norm(p, dim, keepdim=True).clamp_min(eps)
    # expanded to the input's shape; the broadcast division is the same
    # numbers (and fuses with the norm into one kernel at tier 1).
    if out is not None:
        raise NotImplementedError("normalize(out=...) is not supported by Kiln")
    return input / input.norm(p, dim, keepdim=True).clamp_min(eps)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    # Normalises each channel (dim 1) over the batch and every other dim:
    # in training by the batch's mean and biased variance (and updates the
    # running statistics in place: momentum of the batch's, with the
    # unbiased variance), else by the running statistics.
    if input.dim() < 2:
        raise ValueError("Expected 2D or 3D input (got {}D input)".format(input.dim()))
    c = input.size(1)
    dims = [0] + list(range(2, input.dim()))
    size = input.numel() // c
    shape = [1, c] + [1] * (input.dim() - 2)
    if training:
        if size <= 1:
            raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(
                input.size()))
        mean = input.mean(dims)
        centered = input - mean.reshape(shape)
        var_sum = (centered * centered).sum(dims)
        var = var_sum / size
        if running_mean is not None:
            with torch.no_grad():
                running_mean.mul_(1.0 - momentum).add_(mean.detach() * momentum)
                running_var.mul_(1.0 - momentum).add_(var_sum.detach() * (momentum / (size - 1)))
        out = centered * torch.rsqrt(var + eps).reshape(shape)
    else:
        if running_mean is None or running_var is None:
            raise RuntimeError("running_mean and running_var must be defined in evaluation mode")
        out = (input - running_mean.reshape(shape)) * torch.rsqrt(running_var + eps).reshape(shape)
    if weight is not None:
        out = out * weight.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return torch._kiln_name_grad_fn(out, 'NativeBatchNormBackward0')


# ---------------------------------------------------------------- convolution and pooling
# A 2-d convolution is a sum over the kernel's positions of matmuls of the
# input's strided slices (input[:, :, i::stride, j::stride], a view) with
# the weight's [out, in] slice at (i, j): no im2col buffer, and autograd
# differentiates it through slicing and matmul. Pooling takes the max or the
# sum over the same slices. Sums run in another order than PyTorch's
# kernels, so float results may differ in the last bits. 1-d forms are the
# 2-d ones over a height of 1.
def _pair(v, name):
    if isinstance(v, int):
        return (v, v)
    v = tuple(v)
    if len(v) == 1:
        return (v[0], v[0])
    if len(v) != 2:
        raise RuntimeError("expected {} to be a single integer value or a list of 2 values to match the "
                           "convolution dimensions, but got {}={}".format(name, name, list(v)))
    return v


def _window_slices(x, kh, kw, sh, sw, dh, dw, oh, ow):
    # (i, j, x's slice of the outputs' inputs at kernel position (i, j))
    for i in range(kh):
        for j in range(kw):
            r0, c0 = i * dh, j * dw
            yield i, j, x[:, :, r0:r0 + sh * (oh - 1) + 1:sh, c0:c0 + sw * (ow - 1) + 1:sw]


def _out_size(n, k, s, p, d, name):
    o = (n + 2 * p - d * (k - 1) - 1) // s + 1
    if o <= 0:
        raise RuntimeError("{}: Output size is too small (calculated output size: {})".format(name, o))
    return o


def _check_conv_size(h, w, kh, kw, ph, pw, dh, dw):
    if h + 2 * ph < dh * (kh - 1) + 1 or w + 2 * pw < dw * (kw - 1) + 1:
        raise RuntimeError("Calculated padded input size per channel: ({} x {}). Kernel size: ({} x {}). Kernel size "
                           "can't be greater than actual input size".format(h + 2 * ph, w + 2 * pw, dh * (kh - 1) + 1,
                                                                            dw * (kw - 1) + 1))


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    if input.dim() != 4 and input.dim() != 3:
        raise RuntimeError("Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: {}".format(
            list(input.shape)))
    if input.dim() == 3:
        return conv2d(input.unsqueeze(0), weight, bias, stride, padding, dilation, groups).squeeze(0)
    sh, sw = _pair(stride, 'stride')
    dh, dw = _pair(dilation, 'dilation')
    if isinstance(padding, str):
        if padding == 'valid':
            ph = pw = 0
        elif padding == 'same':
            if sh != 1 or sw != 1:
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            th, tw = dh * (weight.size(2) - 1), dw * (weight.size(3) - 1)
            input = pad(input, (tw // 2, tw - tw // 2, th // 2, th - th // 2))
            ph = pw = 0
        else:
            raise RuntimeError("Invalid padding string '{}'".format(padding))
    else:
        ph, pw = _pair(padding, 'padding')
    n, c, h, w = input.shape
    o, cg, kh, kw = weight.shape
    if c != cg * groups:
        raise RuntimeError("Given groups={}, weight of size {}, expected input{} to have {} channels, but got {} "
                           "channels instead".format(groups, list(weight.shape), list(input.shape), cg * groups, c))
    _check_conv_size(h, w, kh, kw, ph, pw, dh, dw)
    if ph or pw:
        input = pad(input, (pw, pw, ph, ph))
    oh = _out_size(h, kh, sh, ph, dh, 'conv2d')
    ow = _out_size(w, kw, sw, pw, dw, 'conv2d')
    og = o // groups
    outs = []
    for g in range(groups):
        xg = input[:, g * cg:(g + 1) * cg] if groups > 1 else input
        wg = weight[g * og:(g + 1) * og] if groups > 1 else weight
        acc = None
        for i, j, sl in _window_slices(xg, kh, kw, sh, sw, dh, dw, oh, ow):
            # [n, cg, oh, ow] -> [n, oh, ow, cg] @ [cg, og]
            term = torch.matmul(sl.permute(0, 2, 3, 1), wg[:, :, i, j].t())
            acc = term if acc is None else acc + term
        outs.append(acc)
    out = outs[0] if groups == 1 else torch.cat(outs, 3)
    if bias is not None:
        out = out + bias
    return torch._kiln_name_grad_fn(out.permute(0, 3, 1, 2), 'ConvolutionBackward0')


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    if input.dim() != 3 and input.dim() != 2:
        raise RuntimeError("Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: {}".format(
            list(input.shape)))
    if input.dim() == 2:
        return conv1d(input.unsqueeze(0), weight, bias, stride, padding, dilation, groups).squeeze(0)
    one = lambda v: v if isinstance(v, str) else (1, v if isinstance(v, int) else tuple(v)[0])
    pad1 = padding if isinstance(padding, str) else (0, padding if isinstance(padding, int) else tuple(padding)[0])
    out = conv2d(input.unsqueeze(2), weight.unsqueeze(2), bias, one(stride), pad1, one(dilation), groups)
    return torch._kiln_name_grad_fn(out.squeeze(2), 'ConvolutionBackward0')


def _pool_args(kernel_size, stride, padding, dilation, ceil_mode, name):
    kh, kw = _pair(kernel_size, 'kernel_size')
    sh, sw = _pair(stride if stride is not None and stride != [] else (kh, kw), 'stride')
    ph, pw = _pair(padding, 'padding')
    dh, dw = _pair(dilation, 'dilation')
    if ceil_mode:
        raise NotImplementedError("{}: ceil_mode=True is not supported by Kiln".format(name))
    if ph * 2 > kh or pw * 2 > kw:
        raise RuntimeError("pad should be at most half of kernel size, but got pad={} and kernel_size={}".format(
            ph if ph * 2 > kh else pw, kh if ph * 2 > kh else kw))
    return kh, kw, sh, sw, ph, pw, dh, dw


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    out = _max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)
    return torch._kiln_name_grad_fn(out, 'MaxPool2DWithIndicesBackward0')


def _max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    if return_indices:
        raise NotImplementedError("max_pool2d: return_indices=True is not supported by Kiln")
    if input.dim() == 3:
        return _max_pool2d(input.unsqueeze(0), kernel_size, stride, padding, dilation).squeeze(0)
    kh, kw, sh, sw, ph, pw, dh, dw = _pool_args(kernel_size, stride, padding, dilation, ceil_mode, 'max_pool2d')
    h, w = input.size(2), input.size(3)
    if ph or pw:
        input = pad(input, (pw, pw, ph, ph), value=float('-inf'))
    oh = _out_size(h, kh, sh, ph, dh, 'max_pool2d')
    ow = _out_size(w, kw, sw, pw, dw, 'max_pool2d')
    slices = [sl for i, j, sl in _window_slices(input, kh, kw, sh, sw, dh, dw, oh, ow)]
    if len(slices) == 1:
        return slices[0].clone()
    # The values: maximum over the window (NaN wins). The gradient goes to
    # the window's first maximum (PyTorch's index), not split between ties
    # as maximum's would be: the result selects that slice with where.
    with torch.no_grad():
        mx = slices[0]
        for sl in slices[1:]:
            mx = torch.maximum(mx, sl)
        taken = torch.zeros(mx.shape, dtype=torch.bool)
        first = []
        for sl in slices:
            sel = ((sl == mx) | torch.isnan(sl)) & ~taken
            taken = taken | sel
            first.append(sel)
    out = slices[-1]
    for k in range(len(slices) - 2, -1, -1):
        out = torch.where(first[k], slices[k], out)
    return out


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    out = _avg_pool2d(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    return torch._kiln_name_grad_fn(out, 'AvgPool2DBackward0')


def _avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                divisor_override=None):
    if input.dim() == 3:
        return _avg_pool2d(input.unsqueeze(0), kernel_size, stride, padding, ceil_mode, count_include_pad,
                          divisor_override).squeeze(0)
    kh, kw, sh, sw, ph, pw, dh, dw = _pool_args(kernel_size, stride, padding, 1, ceil_mode, 'avg_pool2d')
    h, w = input.size(2), input.size(3)
    oh = _out_size(h, kh, sh, ph, 1, 'avg_pool2d')
    ow = _out_size(w, kw, sw, pw, 1, 'avg_pool2d')
    padded = pad(input, (pw, pw, ph, ph)) if ph or pw else input
    total = None
    for i, j, sl in _window_slices(padded, kh, kw, sh, sw, 1, 1, oh, ow):
        total = sl if total is None else total + sl
    if divisor_override:
        return total / divisor_override
    if count_include_pad or not (ph or pw):
        return total / (kh * kw)
    # the number of real (not padding) elements under each window
    ones = pad(torch.ones(1, 1, h, w, dtype=input.dtype), (pw, pw, ph, ph))
    count = None
    for i, j, sl in _window_slices(ones, kh, kw, sh, sw, 1, 1, oh, ow):
        count = sl if count is None else count + sl
    return total / count


def _adaptive_ranges(n, o):
    return [((k * n) // o, -((-(k + 1) * n) // o)) for k in range(o)]


def adaptive_avg_pool2d(input, output_size):
    oh, ow = _pair(output_size, 'output_size')
    h, w = input.size(-2), input.size(-1)
    oh = h if oh is None else oh
    ow = w if ow is None else ow
    if oh == 1 and ow == 1:
        return input.mean((-2, -1), keepdim=True)
    if h % oh == 0 and w % ow == 0:
        return avg_pool2d(input, (h // oh, w // ow))
    rows = []
    for r0, r1 in _adaptive_ranges(h, oh):
        rows.append(torch.stack([input[..., r0:r1, c0:c1].mean((-2, -1)) for c0, c1 in _adaptive_ranges(w, ow)], -1))
    return torch.stack(rows, -2)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    k = kernel_size if isinstance(kernel_size, int) else tuple(kernel_size)[0]
    s = None if stride is None else (stride if isinstance(stride, int) else tuple(stride)[0])
    return max_pool2d(input.unsqueeze(-2), (1, k), None if s is None else (1, s), (0, padding), (1, dilation),
                      ceil_mode, return_indices).squeeze(-2)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    k = kernel_size if isinstance(kernel_size, int) else tuple(kernel_size)[0]
    s = None if stride is None else (stride if isinstance(stride, int) else tuple(stride)[0])
    return avg_pool2d(input.unsqueeze(-2), (1, k), None if s is None else (1, s), (0, padding), ceil_mode,
                      count_include_pad).squeeze(-2)


def adaptive_avg_pool1d(input, output_size):
    o = output_size if isinstance(output_size, int) else tuple(output_size)[0]
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1, o)).squeeze(-2)


def dropout(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
    if not training or p == 0.0:
        return input
    if p == 1.0:
        return input.mul_(0.0) if inplace else input * 0.0
    noise = (torch.rand_like(input) < 1.0 - p).to(input.dtype).mul_(1.0 / (1.0 - p))
    if inplace:
        return input.mul_(noise)
    return input * noise


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    if input.dtype != torch.int64 and input.dtype != torch.int32:
        got = 'CPUBoolType' if input.dtype == torch.bool else 'torch.{}Tensor'.format(_scalar_type_name(input.dtype))
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                           "Long, Int; but got {} instead (while checking arguments for embedding)".format(got))
    if scale_grad_by_freq:
        raise NotImplementedError("embedding: scale_grad_by_freq=True is not supported by Kiln")
    if sparse:
        raise NotImplementedError("embedding: sparse=True is not supported by Kiln")
    n = weight.size(0)
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < n, "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -n, "Padding_idx must be within num_embeddings"
            padding_idx = n + padding_idx
    else:
        padding_idx = -1
    if input.dtype != torch.int64:
        input = input.long()
    if max_norm is not None:
        if input.numel() > 0 and (int(input.min()) < 0 or int(input.max()) >= n):
            raise IndexError("index out of range in self")
        _embedding_renorm_(weight, input, max_norm, norm_type)
    # index_select raises embedding's own IndexError ("index out of range in
    # self") for an index outside the table, so no data-dependent check is
    # needed here (one would break a traced graph at every lookup).
    out = torch.index_select(weight, 0, input.reshape(-1)).reshape(input.shape + (weight.shape[1],))
    if padding_idx >= 0 and weight.requires_grad:
        # The padding row gets no gradient; its value is returned as it is.
        out = torch.where((input == padding_idx).unsqueeze(-1), out.detach(), out)
    return torch._kiln_name_grad_fn(out, 'EmbeddingBackward0')


def _embedding_renorm_(weight, input, max_norm, norm_type):
    # Rows looked up whose norm exceeds max_norm are scaled to max_norm, in place.
    with torch.no_grad():
        rows = weight[input.reshape(-1)]
        norms = rows.norm(p=norm_type, dim=1, keepdim=True)
        scale = torch.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
        weight[input.reshape(-1)] = rows * scale


def pad(input, pad, mode='constant', value=None):
    return torch._kiln_name_grad_fn(_constant_pad(input, pad, mode, value), 'ConstantPadNdBackward0')


def _constant_pad(input, pad, mode, value):
    if len(pad) % 2 != 0:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.dim():
        raise RuntimeError("Padding length too large")
    if mode != 'constant':
        if mode == 'reflect' or mode == 'replicate' or mode == 'circular':
            raise NotImplementedError("pad: mode '{}' is not supported by Kiln (only 'constant')".format(mode))
        raise NotImplementedError("Unrecognised padding mode {}".format(mode))
    if value is None:
        value = 0.0
    # PyTorch's constant_pad_nd: crop for negative pads (narrow), then add
    # blocks of `value` for positive ones (here with cat, which autograd knows).
    ndim = input.dim()
    first = ndim - len(pad) // 2
    out = input
    for i in range(first, ndim):
        k = 2 * (ndim - i - 1)
        if pad[k] < 0:
            out = out.narrow(i, -pad[k], out.size(i) + pad[k])
        if pad[k + 1] < 0:
            out = out.narrow(i, 0, out.size(i) + pad[k + 1])
    if all(p <= 0 for p in pad):
        return out.clone()
    for i in range(first, ndim):
        k = 2 * (ndim - i - 1)
        new_dim = input.size(i) + pad[k] + pad[k + 1]
        if new_dim <= 0:
            raise RuntimeError("The input size {}, plus negative padding {} and {} resulted in a negative output "
                               "size, which is invalid. Check dimension {} of your input."
                               .format(input.size(i), pad[k], pad[k + 1], i))
    for i in range(first, ndim):
        k = 2 * (ndim - i - 1)
        left = pad[k]
        right = pad[k + 1]
        if left <= 0 and right <= 0:
            continue
        parts = []
        shape = list(out.shape)
        if left > 0:
            shape[i] = left
            parts.append(torch.full(shape, value, dtype=input.dtype))
        parts.append(out)
        if right > 0:
            shape[i] = right
            parts.append(torch.full(shape, value, dtype=input.dtype))
        out = torch.cat(parts, i)
    return out


# ---------------------------------------------------------------- losses
def mse_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    reduction = _pointwise_loss(input, target, size_average, reduce, reduction)
    diff = input - target
    return torch._kiln_name_grad_fn(_reduce(diff * diff, reduction), 'MseLossBackward0')


def _pointwise_loss(input, target, size_average, reduce, reduction):
    if target.size() != input.size():
        _warn("Using a target size ({}) that is different to the input size ({}). "
              "This will likely lead to incorrect results due to broadcasting. "
              "Please ensure they have the same size.".format(target.size(), input.size()))
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    return reduction


def l1_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    reduction = _pointwise_loss(input, target, size_average, reduce, reduction)
    return _reduce(torch.abs(input - target), reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0):
    reduction = _pointwise_loss(input, target, size_average, reduce, reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    z = torch.abs(input - target)
    if beta == 0.0:
        return torch._kiln_name_grad_fn(_reduce(z, reduction), 'SmoothL1LossBackward0')
    # z < beta ? 0.5 * z^2 / beta : z - 0.5 * beta
    loss = _reduce(torch.where(z < beta, 0.5 * z * z / beta, z - 0.5 * beta), reduction)
    return torch._kiln_name_grad_fn(loss, 'SmoothL1LossBackward0')


def huber_loss(input, target, reduction='mean', delta=1.0):
    reduction = _pointwise_loss(input, target, None, None, reduction)
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    z = torch.abs(input - target)
    # z < delta ? 0.5 * z^2 : delta * (z - 0.5 * delta)
    loss = _reduce(torch.where(z < delta, 0.5 * z * z, delta * (z - 0.5 * delta)), reduction)
    return torch._kiln_name_grad_fn(loss, 'HuberLossBackward0')


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    if target.size() != input.size():
        raise ValueError("Using a target size ({}) that is different to the input size ({}) is deprecated. "
                         "Please ensure they have the same size.".format(target.size(), input.size()))
    if bool(((input < 0) | (input > 1)).any()):
        raise RuntimeError("all elements of input should be between 0 and 1")
    # (y - 1) * max(log(1 - x), -100) - y * max(log(x), -100)
    loss = (target - 1) * torch.clamp(torch.log(1 - input), min=-100) - target * torch.clamp(torch.log(input), min=-100)
    if weight is not None:
        loss = loss * weight
    return torch._kiln_name_grad_fn(_reduce(loss, reduction), 'BinaryCrossEntropyBackward0')


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean',
                                     pos_weight=None):
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    if target.size() != input.size():
        raise ValueError("Target size ({}) must be the same as input size ({})".format(target.size(), input.size()))
    # PyTorch's order: max_val = (-x).clamp_min(0); the log-sum-exp of 0 and -x, shifted by it.
    max_val = torch.clamp(-input, min=0)
    log_term = torch.log(torch.exp(-max_val) + torch.exp(-input - max_val))
    if pos_weight is not None:
        log_weight = (pos_weight - 1) * target + 1
        loss = (1 - target) * input + log_weight * (log_term + max_val)
    else:
        loss = (1 - target) * input + max_val + log_term
    if weight is not None:
        loss = loss * weight
    return torch._kiln_name_grad_fn(_reduce(loss, reduction), 'BinaryCrossEntropyWithLogitsBackward0')


def kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False):
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    if reduction == 'mean':
        _warn("reduction: 'mean' divides the total loss by both the batch size and the support size."
              "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
              "'mean' will be changed to behave the same as 'batchmean' in the next major release.")
    if log_target:
        loss = torch.exp(target) * (target - input)
    else:
        # xlogy(target, target) - target * input (0 where target is 0)
        loss = torch.where(target == 0, target * 0.0, target * torch.log(target)) - target * input
    if reduction == 'batchmean':
        if input.dim() == 0:
            return loss.sum()
        return loss.sum() / input.size(0)
    return _reduce(loss, reduction)


def one_hot(tensor, num_classes=-1):
    if tensor.dtype != torch.int64:
        raise RuntimeError("one_hot is only applicable to index tensor.")
    if tensor.numel() == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        return torch.zeros(list(tensor.shape) + [num_classes], dtype=torch.int64)
    lo = int(tensor.min())
    if lo < 0:
        raise RuntimeError("Class values must be non-negative.")
    hi = int(tensor.max())
    if num_classes == -1:
        num_classes = hi + 1
    elif hi >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    out = torch.zeros(list(tensor.shape) + [num_classes], dtype=torch.int64)
    return out.scatter_(-1, tensor.unsqueeze(-1), 1)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    # sum(x1 * x2) / sqrt(max(sum(x1^2) * sum(x2^2), eps^2)) over dim
    w12 = (x1 * x2).sum(dim)
    w1 = (x1 * x1).sum(dim)
    w2 = (x2 * x2).sum(dim)
    return w12 / torch.sqrt(torch.clamp(w1 * w2, min=eps * eps))


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    out = _nll_loss(input, target, weight, ignore_index, reduction)
    # PyTorch's node: NllLoss for 1-D and 2-D input, NllLoss2D for 4-D (and
    # for other shapes, reshaped to 4-D, when reduced).
    if input.dim() <= 2:
        return torch._kiln_name_grad_fn(out, 'NllLossBackward0')
    if input.dim() == 4 or reduction != 'none':
        return torch._kiln_name_grad_fn(out, 'NllLoss2DBackward0')
    return out


def _nll_loss(input, target, weight, ignore_index, reduction):
    if reduction != 'mean' and reduction != 'sum' and reduction != 'none':
        raise ValueError("{} is not a valid value for reduction".format(reduction))
    ndim = input.dim()
    if ndim < 1:
        raise ValueError("Expected 1 or more dimensions (got {})".format(ndim))
    if ndim != 1 and input.size(0) != target.size(0):
        raise ValueError("Expected input batch_size ({}) to match target batch_size ({}).".format(
            input.size(0), target.size(0)))
    if ndim <= 2:
        if target.dim() > 1:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
        if ndim == 1 and target.dim() == 1 and input.size(0) != target.size(0):
            raise RuntimeError("size mismatch (got input: {}, target: {})".format(
                list(input.shape), list(target.shape)))
    else:
        expected = [input.size(0)] + list(input.shape[2:])
        if ndim == 4 and target.dim() != 3:
            raise RuntimeError("only batches of spatial targets supported (3D tensors) but got targets of "
                               "dimension: {}".format(target.dim()))
        if list(target.shape) != expected:
            raise RuntimeError("Expected target size {}, got {}".format(expected, list(target.shape)))
    class_dim = 0 if ndim == 1 else 1
    n_classes = input.size(class_dim)
    if weight is not None and (weight.dim() != 1 or weight.numel() != n_classes):
        raise RuntimeError("weight tensor should be defined either for all {} classes or no classes but got "
                           "weight tensor of shape: {}".format(n_classes, list(weight.shape)))
    if target.dtype is not _int64:
        raise RuntimeError("expected scalar type Long but found {}".format(_scalar_type_name(target.dtype)))

    if weight is None and (ignore_index < 0 or ignore_index >= n_classes):
        # The common case: no target can be ignore_index without also being
        # out of range, which gather reports; the checks below then find the
        # ignored or offending targets.
        try:
            loss = input.gather(class_dim, target.unsqueeze(class_dim))
        except RuntimeError:
            loss = None
        if loss is not None:
            loss = loss.squeeze(class_dim).neg()
            if ndim == 1 and reduction == 'none':
                return loss + 0.0  # PyTorch's unbatched loss is +0. where -input is -0.
            return _reduce(loss, reduction)

    # Targets out of [0, n_classes), other than ignore_index, are errors.
    ignored = None
    if target.numel() > 0:
        lo = int(target.min())
        hi = int(target.max())
        if lo <= ignore_index <= hi:
            keep = target != ignore_index
            if not bool(keep.all()):
                ignored = keep.logical_not()
        if lo < 0 or hi >= n_classes:
            bad = (target < 0).logical_or(target >= n_classes)
            if ignored is not None:
                bad = bad.logical_and(ignored.logical_not())
            if bool(bad.any()):
                raise IndexError("Target {} is out of bounds.".format(int(target[bad][0])))

    safe = target if ignored is None else target.masked_fill(ignored, 0)
    loss = input.gather(class_dim, safe.unsqueeze(class_dim)).squeeze(class_dim).neg()
    if ndim == 1 and reduction == 'none':
        loss = loss + 0.0  # PyTorch's unbatched loss is +0. where -input is -0.
    if weight is None and ignored is None:
        return _reduce(loss, reduction)
    if weight is not None:
        w = weight[safe]
        if ignored is not None:
            w = w.masked_fill(ignored, 0.0)
    else:
        w = ignored.logical_not().to(input.dtype)
    loss = loss * w
    if ignored is not None:
        loss = loss.masked_fill(ignored, 0.0)  # an ignored -inf times 0 is not nan
    if reduction == 'none':
        return loss
    if reduction == 'sum':
        return loss.sum()
    return loss.sum() / w.sum()


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction='mean', label_smoothing=0.0):
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    if reduction != 'mean' and reduction != 'sum' and reduction != 'none':
        raise ValueError("{} is not a valid value for reduction".format(reduction))
    if label_smoothing != 0.0:
        raise NotImplementedError("cross_entropy: label_smoothing is not supported by Kiln (only 0.0)")
    class_dim = 0 if input.dim() == 1 else 1
    if input.dim() == 0 or input.shape != target.shape:
        return nll_loss(log_softmax(input, class_dim), target, weight, None, ignore_index, None, reduction)
    # Class probabilities as targets (same shape as the input).
    if not target.is_floating_point():
        raise RuntimeError("Expected floating point type for target with class probabilities, got {}".format(
            _scalar_type_name(target.dtype)))
    if ignore_index >= 0:
        raise RuntimeError("ignore_index is not supported for floating point target")
    logp = log_softmax(input, class_dim)
    if weight is not None:
        shape = [1] * input.dim()
        shape[class_dim] = weight.numel()
        logp = logp * weight.reshape(shape)
    loss = (logp * target).sum(class_dim).neg()
    if reduction == 'none':
        return loss
    if reduction == 'sum':
        return loss.sum()
    return loss.sum() / (input.numel() // input.size(class_dim))
