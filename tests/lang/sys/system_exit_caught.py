# SystemExit is an exception: it can be caught, inspected and swallowed; it is
# not caught by `except Exception`.
import sys
for arg in [None, 0, 2, "text"]:
    try:
        if arg is None:
            sys.exit()
        sys.exit(arg)
    except SystemExit as e:
        print("caught SystemExit, code =", repr(e.code), "args =", e.args)
try:
    try:
        sys.exit(5)
    except Exception:
        print("not here: SystemExit is not an Exception")
except BaseException as e:
    print("BaseException handler:", type(e).__name__, e.code)
print(issubclass(SystemExit, Exception), issubclass(SystemExit, BaseException))
try:
    raise SystemExit(7)
except SystemExit as e:
    print("raised directly:", e.code)
print("still running")
