# An error raised inside torch.nn's Python code propagates with PyTorch's type
# and message (the traceback's frames name files under <kiln>/torch/...,
# checked by tests/unit/test_source_modules.cpp).
import torch
import torch.nn as nn

m = nn.Linear(3, 4)
try:
    m(torch.ones(2, 5))
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    nn.Module()(torch.ones(1))
except NotImplementedError as e:
    print(type(e).__name__, e)
try:
    torch.nn.no_such_layer
except AttributeError as e:
    print(type(e).__name__, e)
try:
    torch.no_such_submodule
except AttributeError as e:
    print(type(e).__name__, e)
try:
    import torch.nn.no_such_module
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
