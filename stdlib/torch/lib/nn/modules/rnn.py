# torch.nn.modules.rnn: RNN, LSTM and GRU.
#
# PyTorch's layers and parameter layout (weight_ih_l{k}[_reverse] of
# [gates * hidden, input], weight_hh_l{k}, bias_ih_l{k}, bias_hh_l{k}; gates
# i, f, g, o for LSTM and r, z, n for GRU), its cell equations in its order
# of operations, stacked layers, bidirectional layers, batch_first and
# unbatched inputs. The time loop runs in Python over matmuls (one per
# step and direction; the input projection of a whole sequence is one
# matmul first, as PyTorch's), so autograd differentiates it through them.
# Not supported (NotImplementedError): proj_size, PackedSequence inputs.
import math
import torch
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn import functional as F
from torch.nn import init

__all__ = ['RNN', 'LSTM', 'GRU']


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        if not isinstance(dropout, (int, float)) or not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if not isinstance(hidden_size, int):
            raise TypeError("hidden_size should be of type int, got: {}".format(type(hidden_size).__name__))
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size != 0:
            raise NotImplementedError("LSTM: proj_size is not supported by Kiln")
        gate_size = {'LSTM': 4, 'GRU': 3}.get(mode, 1) * hidden_size
        directions = 2 if bidirectional else 1
        self._flat_weights_names = []
        for layer in range(num_layers):
            for direction in range(directions):
                layer_input = input_size if layer == 0 else hidden_size * directions
                suffix = '_reverse' if direction == 1 else ''
                names = ['weight_ih_l{}{}', 'weight_hh_l{}{}'] + (['bias_ih_l{}{}', 'bias_hh_l{}{}'] if bias else [])
                shapes = [(gate_size, layer_input), (gate_size, hidden_size), (gate_size,), (gate_size,)]
                for name, shape in zip(names, shapes):
                    name = name.format(layer, suffix)
                    setattr(self, name, Parameter(torch.empty(shape, dtype=dtype)))
                    self._flat_weights_names.append(name)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def flatten_parameters(self):
        pass  # (one contiguous cuDNN buffer in PyTorch; nothing to do on the CPU)

    @property
    def all_weights(self):
        return [[getattr(self, n) for n in self._flat_weights_names[i:i + (4 if self.bias else 2)]]
                for i in range(0, len(self._flat_weights_names), 4 if self.bias else 2)]

    def extra_repr(self):
        s = '{}, {}'.format(self.input_size, self.hidden_size)
        if self.num_layers != 1:
            s += ', num_layers={}'.format(self.num_layers)
        if self.bias is not True:
            s += ', bias={}'.format(self.bias)
        if self.batch_first is not False:
            s += ', batch_first={}'.format(self.batch_first)
        if self.dropout != 0:
            s += ', dropout={}'.format(self.dropout)
        if self.bidirectional is not False:
            s += ', bidirectional={}'.format(self.bidirectional)
        return s

    def _weights(self, layer, direction):
        suffix = '_reverse' if direction == 1 else ''
        p = self._parameters
        w_ih = p['weight_ih_l{}{}'.format(layer, suffix)]
        w_hh = p['weight_hh_l{}{}'.format(layer, suffix)]
        b_ih = p['bias_ih_l{}{}'.format(layer, suffix)] if self.bias else None
        b_hh = p['bias_hh_l{}{}'.format(layer, suffix)] if self.bias else None
        return w_ih, w_hh, b_ih, b_hh

    def _cell(self, igates, h, c, w_hh, b_hh):
        # One step from the input's projection `igates`; returns (h', c').
        hgates = F.linear(h, w_hh, b_hh)
        if self.mode == 'LSTM':
            i, f, g, o = (hgates + igates).chunk(4, 1)
            i, f, g, o = torch.sigmoid(i), torch.sigmoid(f), torch.tanh(g), torch.sigmoid(o)
            cy = f * c + i * g
            return o * torch.tanh(cy), cy
        if self.mode == 'GRU':
            ir, iz, inn = igates.chunk(3, 1)
            hr, hz, hn = hgates.chunk(3, 1)
            r = torch.sigmoid(hr + ir)
            z = torch.sigmoid(hz + iz)
            n = torch.tanh(inn + hn * r)
            return (h - n) * z + n, None
        pre = hgates + igates
        return (torch.tanh(pre) if self.mode == 'RNN_TANH' else torch.relu(pre)), None

    def _check(self, input, hx):
        if not isinstance(input, torch.Tensor):
            raise NotImplementedError("{}: inputs other than tensors (PackedSequence) are not supported by Kiln".format(
                self._get_name()))
        if input.dim() not in (2, 3):
            raise ValueError("{}: Expected input to be 2D or 3D, got {}D instead".format(self._get_name(), input.dim()))
        if input.size(-1) != self.input_size:
            raise RuntimeError("input.size(-1) must be equal to input_size. Expected {}, got {}".format(
                self.input_size, input.size(-1)))

    def forward(self, input, hx=None):
        self._check(input, hx)
        unbatched = input.dim() == 2
        if unbatched:
            input = input.unsqueeze(1)
            if hx is not None:
                hx = tuple(h.unsqueeze(1) for h in hx) if self.mode == 'LSTM' else hx.unsqueeze(1)
        elif self.batch_first:
            input = input.transpose(0, 1)
        steps, batch = input.size(0), input.size(1)
        directions = 2 if self.bidirectional else 1
        shape = (self.num_layers * directions, batch, self.hidden_size)
        if hx is None:
            h0 = torch.zeros(shape, dtype=input.dtype)
            c0 = torch.zeros(shape, dtype=input.dtype) if self.mode == 'LSTM' else None
        elif self.mode == 'LSTM':
            h0, c0 = hx
        else:
            h0, c0 = hx, None
        if tuple(h0.shape) != shape:
            raise RuntimeError("Expected hidden size {}, got {}".format(list(shape), list(h0.shape)))
        h_n, c_n = [], []
        layer_input = input
        for layer in range(self.num_layers):
            outs = []
            for direction in range(directions):
                w_ih, w_hh, b_ih, b_hh = self._weights(layer, direction)
                k = layer * directions + direction
                h = h0[k]
                c = c0[k] if c0 is not None else None
                igates = F.linear(layer_input, w_ih, b_ih)  # the whole sequence at once
                order = range(steps - 1, -1, -1) if direction == 1 else range(steps)
                hs = [None] * steps
                for t in order:
                    h, c = self._cell(igates[t], h, c, w_hh, b_hh)
                    hs[t] = h
                h_n.append(h)
                if c is not None:
                    c_n.append(c)
                outs.append(torch.stack(hs, 0) if steps > 0 else torch.zeros(0, batch, self.hidden_size))
            layer_input = outs[0] if directions == 1 else torch.cat(outs, 2)
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        output = layer_input
        h_n = torch.stack(h_n, 0)
        c_n = torch.stack(c_n, 0) if c_n else None
        if unbatched:
            output = output.squeeze(1)
            h_n = h_n.squeeze(1)
            c_n = c_n.squeeze(1) if c_n is not None else None
        elif self.batch_first:
            output = output.transpose(0, 1)
        if self.mode == 'LSTM':
            return output, (h_n, c_n)
        return output, h_n


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        nonlinearity = kwargs.pop('nonlinearity', 'tanh')
        if len(args) > 3:
            nonlinearity = args[3]
            args = args[:3] + args[4:]
        if nonlinearity == 'tanh':
            mode = 'RNN_TANH'
        elif nonlinearity == 'relu':
            mode = 'RNN_RELU'
        else:
            raise ValueError("Unknown nonlinearity '{}'".format(nonlinearity))
        self.nonlinearity = nonlinearity
        super().__init__(mode, *args, **kwargs)


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__('LSTM', *args, **kwargs)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__('GRU', *args, **kwargs)
