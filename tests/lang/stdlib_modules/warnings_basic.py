# warnings: warn() with categories, the filters (ignore, error, once,
# always), catch_warnings(record=True) and the builtin Warning classes.
import warnings

warnings.filterwarnings("ignore")
warnings.warn("not shown")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.warn("first")
    warnings.warn("second", DeprecationWarning)
    warnings.warn(FutureWarning("as an instance"))
    warnings.warn("again")
    warnings.warn("again")
print([(str(w.message), w.category.__name__) for w in caught])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("once")
    for _ in range(3):
        warnings.warn("repeated", RuntimeWarning)
    warnings.filterwarnings("ignore", category=UserWarning)
    warnings.warn("user ignored")
    warnings.warn("runtime shown", RuntimeWarning)
print([str(w.message) for w in caught])
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("boom", ResourceWarning)
    except ResourceWarning as e:
        print("raised", type(e).__name__, e)
with warnings.catch_warnings(record=True) as caught:
    warnings.filterwarnings("always", message="keep")
    warnings.filterwarnings("ignore", message="drop", append=True)
    warnings.warn("keep this")
    warnings.warn("drop this")
print(len(caught), str(caught[0].message))
print(issubclass(FutureWarning, Warning), issubclass(TimeoutError, OSError), issubclass(BrokenPipeError, ConnectionError))
try:
    warnings.simplefilter("loud")
except AssertionError as e:
    print("AssertionError:", e)
