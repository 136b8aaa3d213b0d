# An uncaught exception raised in an imported user module: the innermost
# traceback entry is in that module's file.
import _errors_helper

print(_errors_helper.safe_div(6, 2))
print(_errors_helper.safe_div(1, 0))
