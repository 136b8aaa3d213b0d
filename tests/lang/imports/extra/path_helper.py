# kiln-helper: imported by imports/sys_path.py through a sys.path entry.
VALUE = "found through sys.path"


def double(x):
    return 2 * x
