# torch.cuda: Kiln's tensors live on the CPU (its GPU tier compiles graphs
# for the GPU behind the scenes; there are no CUDA tensors), so CUDA is
# never available to a script: the usual
#   device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
# picks the CPU. Seeding and synchronising are no-ops; asking for a CUDA
# device's properties raises as PyTorch does without a GPU.
__all__ = ['is_available', 'device_count', 'manual_seed', 'manual_seed_all', 'synchronize', 'empty_cache',
           'current_device', 'get_device_name', 'is_initialized']


def is_available():
    return False


def device_count():
    return 0


def is_initialized():
    return False


def manual_seed(seed):
    pass


def manual_seed_all(seed):
    pass


def synchronize(device=None):
    pass


def empty_cache():
    pass


def _no_gpu():
    raise RuntimeError("Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed "
                       "a driver from http://www.nvidia.com/Download/index.aspx")


def current_device():
    _no_gpu()


def get_device_name(device=None):
    _no_gpu()
