# The `if __name__ == "__main__":` idiom, a main() with sys.exit-free flow,
# and helper functions defined after use sites that run later.
import sys


def main(argv):
    counts = summarize(["b", "a", "b", "c", "b"])
    for key in sorted(counts):
        print(key, counts[key])
    print("args:", argv[1:])
    return 0


def summarize(items):
    out = {}
    for it in items:
        out[it] = out.get(it, 0) + 1
    return out


if __name__ == "__main__":
    status = main(sys.argv)
    print("status", status)
else:
    print("imported, not run")
