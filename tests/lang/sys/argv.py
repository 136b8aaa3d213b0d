# kiln-args: first "second arg" 3 --flag
# sys.argv: the script name (as given on the command line) and its arguments.
import sys
print(len(sys.argv))
print(sys.argv[0])
print(sys.argv[1:])
args = sys.argv[1:]
flags = [a for a in args if a.startswith("--")]
numbers = [int(a) for a in args if a.isdigit()]
print(flags, numbers, type(sys.argv).__name__)
