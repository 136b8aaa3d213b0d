# sys.path is live: an entry the script adds is searched by later imports,
# and a module not on it is not found.
import sys

try:
    import path_helper
except ImportError as e:
    print("before:", type(e).__name__)

sys.path.insert(0, sys.path[0] + "/extra")
import path_helper

print(path_helper.VALUE, path_helper.double(21))
print(sys.path[0].endswith("extra"))
