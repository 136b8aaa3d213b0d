#!/usr/bin/env python3
"""Regenerates the expected outputs of the PyTorch-derived script tests with CPython + PyTorch.

For every test script under tests/torch, or under the corpus given with --root
(tests/autograd, tests/nn: their regen.py wrappers pass it; same conventions
as tests/lang: see
tests/run_script_test.py and tests/lang/README.md), runs /usr/bin/python3
(CPython 3.11 with Debian's PyTorch 1.13) in the script's own directory and
writes <name>.expected (stdout) and, for scripts that exit non-zero,
<name>.error.json. It reuses tests/lang/regen.py's pieces (the int64 lint,
file helpers) and tests/run_script_test.py's runner, but runs scripts in
parallel (-j) and allows for `import torch` taking about a second.

Each script runs twice more: with PYTHONHASHSEED=1 (its output, exit code and
stderr must be identical: a difference means the test is nondeterministic) and
under the int64 lint (no int beyond Kiln's 64 bits). Clean exits must leave
stderr empty (PyTorch warnings count as failures: rewrite the test).

Usage:
  tests/torch/regen.py                      regenerate everything, print what changed
  tests/torch/regen.py --check              change nothing; exit 1 if anything is stale
  tests/torch/regen.py printing views/x.py  only these topics / scripts
  tests/torch/regen.py --root tests/nn      another corpus (= tests/nn/regen.py)
"""

import argparse
import difflib
import importlib.util
import os
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, TESTS)  # for run_script_test
import run_script_test as rst  # noqa: E402

_spec = importlib.util.spec_from_file_location("lang_regen", os.path.join(TESTS, "lang", "regen.py"))
lang_regen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lang_regen)

DEFAULT_PYTHON = "/usr/bin/python3"
SLOW_SECONDS = 10.0  # `import torch` alone takes about a second (more on a loaded machine)


def examine(script, args):
    """Runs one script the three ways; returns (out, err_text or None, problems) or None on timeout."""
    rel = os.path.relpath(script, args.root)
    problems = []
    rc, out, err, secs = rst.run_program([args.python], script, args.timeout)
    if rc is None:
        return None, None, [f"{rel}: timed out under {args.python}"]
    rc2, out2, err2, _ = rst.run_program([args.python], script, args.timeout,
                                         extra_env={"PYTHONHASHSEED": "1"})
    if out2 != out or rc2 != rc or err2 != err:
        problems.append(f"{rel}: output differs between two runs (nondeterministic)")
    if secs > SLOW_SECONDS:
        problems.append(f"{rel}: slow under CPython ({secs:.2f} s)")
    if not args.no_int64_lint:
        _, _, lint_err, _ = rst.run_program([args.python, "-c", lang_regen.INT64_LINT], script, args.timeout)
        for line in lint_err.splitlines():
            if line.startswith("KILN-INT64: "):
                problems.append(f"{rel}: {line[12:]}")
    if rc == 0 and err.strip():
        problems.append(f"{rel}: exits 0 but writes to stderr:\n{err}")
    if rc != 0:
        facts = rst.parse_stderr(err, os.path.dirname(script))
        if facts.get("file") != os.path.basename(script):
            problems.append(f"{rel}: the innermost traceback frame is not the script itself "
                            f"({facts.get('file')!r}): raise the error from an op implemented in C++")
    new_err = rst.error_expectation(rc, err, os.path.dirname(script))
    new_err_text = rst.dump_error_json(new_err) if new_err is not None else None
    return out, new_err_text, problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", help="topics or scripts (relative to the corpus root or absolute)")
    ap.add_argument("--root", default=HERE,
                    help="the corpus directory (default tests/torch; e.g. tests/autograd, tests/nn)")
    ap.add_argument("--python", default=DEFAULT_PYTHON,
                    help=f"the CPython 3.11 with PyTorch to use (default {DEFAULT_PYTHON})")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if any expectation is stale")
    ap.add_argument("--timeout", type=float, default=rst.DEFAULT_TIMEOUT)
    ap.add_argument("-j", "--jobs", type=int, default=2, help="scripts examined in parallel (default 2)")
    ap.add_argument("--no-int64-lint", action="store_true",
                    help="skip the check that no expression computes an int beyond 64 bits")
    args = ap.parse_args(argv)
    args.root = os.path.abspath(args.root)
    if not os.path.isdir(args.root):
        ap.error(f"--root: no directory {args.root}")

    paths = []
    for p in args.paths or [args.root]:
        if not os.path.exists(p) and os.path.exists(os.path.join(args.root, p)):
            p = os.path.join(args.root, p)
        paths.append(os.path.abspath(p))
    scripts = rst.discover(paths)

    changed, manual, problems = [], [], []
    todo = []
    for script in scripts:
        rel = os.path.relpath(script, args.root)
        exp_path, _ = rst.expectation_paths(script)
        if rst.read_markers(script).get("expect") == "manual":
            manual.append(rel)
            if lang_regen.read(exp_path) is None:
                problems.append(f"{rel}: manual test without {os.path.basename(exp_path)}")
            continue
        todo.append(script)

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda s: examine(s, args), todo))

    for script, (out, new_err_text, probs) in zip(todo, results):
        rel = os.path.relpath(script, args.root)
        problems.extend(probs)
        if out is None:
            continue
        exp_path, err_path = rst.expectation_paths(script)
        old_out, old_err_text = lang_regen.read(exp_path), lang_regen.read(err_path)
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
                lang_regen.write(exp_path, out)
        if old_err_text != new_err_text:
            if rel not in changed:
                changed.append(rel)
            print(f"error    {rel}: {old_err_text!r} -> {new_err_text!r}")
            if not args.check:
                if new_err_text is None:
                    os.remove(err_path)
                else:
                    lang_regen.write(err_path, new_err_text)

    print(f"{len(scripts)} tests: {len(scripts) - len(manual)} from CPython + PyTorch, "
          f"{len(manual)} manual, {len(changed)} {'stale' if args.check else 'updated'}")
    for p in problems:
        print(f"warning: {p}")
    if args.check and changed:
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
