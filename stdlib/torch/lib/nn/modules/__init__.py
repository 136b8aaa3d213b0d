# torch.nn.modules: the layer classes (re-exported by torch.nn).
from torch.nn.modules.module import Module
from torch.nn.modules.linear import Identity, Linear
from torch.nn.modules.activation import ReLU, GELU, SiLU, Tanh, Sigmoid, Softmax, LogSoftmax, LeakyReLU, ELU, \
    SELU, CELU, Softplus, Hardtanh, ReLU6, Hardswish, Hardsigmoid, Mish, LogSigmoid, Softsign, Tanhshrink, \
    Threshold, Hardshrink, Softshrink, GLU, Softmin, PReLU
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d
from torch.nn.modules.conv import Conv1d, Conv2d
from torch.nn.modules.rnn import RNN, LSTM, GRU
from torch.nn.modules.activation import MultiheadAttention
from torch.nn.modules.pooling import MaxPool1d, MaxPool2d, AvgPool1d, AvgPool2d, AdaptiveAvgPool1d, AdaptiveAvgPool2d
from torch.nn.modules.container import Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict
from torch.nn.modules.normalization import LayerNorm
from torch.nn.modules.sparse import Embedding
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.loss import MSELoss, CrossEntropyLoss, NLLLoss, L1Loss, SmoothL1Loss, HuberLoss, BCELoss, \
    BCEWithLogitsLoss, KLDivLoss
from torch.nn.modules.flatten import Flatten

__all__ = ['Module', 'Identity', 'Linear', 'ReLU', 'GELU', 'SiLU', 'Tanh', 'Sigmoid', 'Softmax', 'LogSoftmax',
           'Sequential', 'ModuleList', 'LayerNorm', 'Embedding', 'Dropout', 'MSELoss', 'CrossEntropyLoss',
           'NLLLoss', 'Flatten', 'LeakyReLU', 'ELU', 'SELU', 'CELU', 'Softplus', 'Hardtanh', 'ReLU6', 'Hardswish',
           'Hardsigmoid', 'Mish', 'LogSigmoid', 'Softsign', 'Tanhshrink', 'Threshold', 'Hardshrink', 'Softshrink',
           'GLU', 'Softmin', 'PReLU', 'BatchNorm1d', 'BatchNorm2d', 'L1Loss', 'SmoothL1Loss', 'HuberLoss', 'BCELoss',
           'BCEWithLogitsLoss', 'KLDivLoss', 'Conv1d', 'Conv2d', 'MaxPool1d', 'MaxPool2d', 'AvgPool1d', 'AvgPool2d',
           'AdaptiveAvgPool1d', 'AdaptiveAvgPool2d', 'ModuleDict', 'ParameterList', 'ParameterDict', 'RNN', 'LSTM',
           'GRU', 'MultiheadAttention']
