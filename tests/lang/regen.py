#!/usr/bin/env python3
"""Regenerates the expected outputs of Kiln's script tests with CPython.

For every test script under tests/lang (see tests/run_script_test.py for what
counts as a test and for the marker comments), runs CPython 3.11 on it in the
script's own directory with PYTHONHASHSEED=0 and writes:
  <name>.expected     its stdout, exactly
  <name>.error.json   when it exits non-zero: exit code, last stderr line,
                      innermost traceback line/file (and caret column for
                      SyntaxError); removed when the program exits cleanly
Scripts marked `# kiln-expect: manual` are Kiln-specific (e.g. 64-bit int
overflow, features Kiln rejects): their expectations are hand-written and only
checked for presence.

Each script also runs a second time with PYTHONHASHSEED=1; a difference means
its output depends on string hashing (e.g. printing a set of strings), which
Kiln does not reproduce, so it is reported as nondeterministic. A third run
checks every int an operator, augmented assignment or call produces against
Kiln's 64-bit range (Kiln raises OverflowError where CPython grows), and
reports the lines that go beyond it (--no-int64-lint skips this).

Usage:
  tests/lang/regen.py                 regenerate everything, print what changed
  tests/lang/regen.py --check         change nothing; exit 1 if anything would change
  tests/lang/regen.py lists dicts/x.py   only these topics / scripts
"""

import argparse
import difflib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # tests/, for run_script_test
import run_script_test as rst  # noqa: E402

SLOW_SECONDS = 1.0

# Runs a script under CPython with every int-producing expression (binary and
# unary operators, augmented assignments to names, calls) checked against
# Kiln's 64-bit range, reporting each result CPython computes beyond it: such
# a test would print something else under Kiln (OverflowError).
INT64_LINT = r"""
import ast, builtins, sys
path = sys.argv[1]
sys.argv = sys.argv[1:]
src = open(path, encoding="utf-8").read()
seen = set()
def check(v, line):
    if type(v) is int and not (-2**63 <= v < 2**63) and line not in seen:
        seen.add(line)
        sys.stderr.write(f"KILN-INT64: line {line}: int beyond 64 bits ({str(v)[:30]}...)\n")
    return v
builtins._kiln_int64_check = check
class T(ast.NodeTransformer):
    def wrap(self, node):
        return ast.copy_location(ast.Call(ast.Name("_kiln_int64_check", ast.Load()),
                                          [node, ast.Constant(node.lineno)], []), node)
    def visit_BinOp(self, node):
        self.generic_visit(node)
        return self.wrap(node)
    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        return self.wrap(node)
    def visit_Call(self, node):
        self.generic_visit(node)
        return self.wrap(node)
    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.target, ast.Name):
            probe = ast.Expr(self.wrap(ast.copy_location(ast.Name(node.target.id, ast.Load()), node)))
            return [node, ast.copy_location(probe, node)]
        return node
tree = ast.fix_missing_locations(T().visit(ast.parse(src, path)))
code = compile(tree, path, "exec")
g = {"__name__": "__main__", "__file__": path, "__builtins__": builtins}
exec(code, g)
"""


def read(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", help="topics or scripts (relative to tests/lang or absolute)")
    ap.add_argument("--python", default="python3", help="the CPython 3.11 to use (default python3)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if any expectation is stale")
    ap.add_argument("--timeout", type=float, default=rst.DEFAULT_TIMEOUT)
    ap.add_argument("--no-int64-lint", action="store_true",
                    help="skip the check that no expression computes an int beyond 64 bits")
    args = ap.parse_args(argv)

    paths = []
    for p in args.paths or [HERE]:
        if not os.path.exists(p) and os.path.exists(os.path.join(HERE, p)):
            p = os.path.join(HERE, p)
        paths.append(p)
    scripts = rst.discover(paths)

    changed, manual, problems = [], [], []
    for script in scripts:
        rel = os.path.relpath(script, HERE)
        exp_path, err_path = rst.expectation_paths(script)
        markers = rst.read_markers(script)
        if markers.get("expect") == "manual":
            manual.append(rel)
            if read(exp_path) is None:
                problems.append(f"{rel}: manual test without {os.path.basename(exp_path)}")
            continue

        rc, out, err, secs = rst.run_program([args.python], script, args.timeout)
        if rc is None:
            problems.append(f"{rel}: timed out under {args.python}")
            continue
        rc2, out2, err2, _ = rst.run_program([args.python], script, args.timeout,
                                             extra_env={"PYTHONHASHSEED": "1"})
        if out2 != out or rc2 != rc:
            problems.append(f"{rel}: output depends on the string hash seed (nondeterministic)")
        if secs > SLOW_SECONDS:
            problems.append(f"{rel}: slow under CPython ({secs:.2f} s)")
        if not args.no_int64_lint:
            _, _, lint_err, _ = rst.run_program([args.python, "-c", INT64_LINT], script, args.timeout)
            for line in lint_err.splitlines():
                if line.startswith("KILN-INT64: "):
                    problems.append(f"{rel}: {line[12:]}")
        if rc == 0 and err.strip():
            problems.append(f"{rel}: exits 0 but writes to stderr:\n{err}")

        new_err = rst.error_expectation(rc, err, os.path.dirname(script))
        new_err_text = rst.dump_error_json(new_err) if new_err is not None else None
        old_out, old_err_text = read(exp_path), read(err_path)

        if old_out != out:
            changed.append(rel)
            if old_out is None:
                print(f"new      {rel}")
            else:
                print(f"changed  {rel}")
                sys.stdout.writelines(difflib.unified_diff(
                    old_out.splitlines(keepends=True), out.splitlines(keepends=True),
                    fromfile="old", tofile="new"))
            if not args.check:
                write(exp_path, out)
        if old_err_text != new_err_text:
            if rel not in changed:
                changed.append(rel)
            print(f"error    {rel}: {old_err_text!r} -> {new_err_text!r}")
            if not args.check:
                if new_err_text is None:
                    os.remove(err_path)
                else:
                    write(err_path, new_err_text)

    print(f"{len(scripts)} tests: {len(scripts) - len(manual)} from CPython, "
          f"{len(manual)} manual, {len(changed)} {'stale' if args.check else 'updated'}")
    for p in problems:
        print(f"warning: {p}")
    if args.check and changed:
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
