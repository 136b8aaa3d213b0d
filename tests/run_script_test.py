#!/usr/bin/env python3
"""Runs Kiln script tests (tests/lang/<topic>/<name>.py) and checks their output.

A script test is a Python program whose expected behaviour is checked in beside
it, produced by CPython 3.11 (tests/lang/regen.py) or, for Kiln-specific
behaviour, written by hand:

  <name>.expected     exactly the stdout of the program
  <name>.error.json   only for programs that exit non-zero, e.g.
                      {"exit_code": 1, "exception": "ZeroDivisionError: division by zero",
                       "line": 7, "file": "div.py"}
                      "exception" is the last line of stderr, "line"/"file" those of
                      the innermost `File "...", line N` traceback entry, "column"
                      (SyntaxError only) the 1-based column the caret points at.
                      Hand-written expectations may use "exception_type" (checks
                      only the name before ':') and "exception_contains" (a
                      substring of that last line) instead of "exception".

Marker comments in the first lines of a script change how it is run:
  # kiln-expect: manual          expectations are hand-written (regen.py skips it)
  # kiln-args: a b 'c d'         extra command-line arguments (sys.argv[1:])
  # kiln-float-tolerance: 1e-9   compare numbers in stdout with this relative tolerance
  # kiln-helper                  not a test: a module imported by other tests
  # kiln-lock: tmpfiles          (CTest only) never run beside another test with this lock
Files whose name starts with '_' are helpers too.

Every program runs in its own directory as `<vmrun> [flags] <name>.py [args]`, so
sys.argv[0] is the bare file name and modules beside it import.

Usage:
  run_script_test.py --vmrun build/vmrun tests/lang/numbers/int_arith.py
  run_script_test.py --vmrun build/vmrun --vmrun-arg=--tier=1 tests/lang
  run_script_test.py --vmrun python3 tests/lang          # checks the corpus itself
Exits 0 when every test given passed, 1 otherwise; a failure prints a unified
diff of stdout and the mismatching parts of the error check.
"""

import argparse
import difflib
import json
import math
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

MARKER_RE = re.compile(r"^#\s*kiln-([a-z-]+)\s*(?::\s*(.*?))?\s*$")
MARKER_LINES = 10  # markers are looked for in the first lines only
FILE_LINE_RE = re.compile(r'^\s*File "(.*)", line (\d+)')
NUMBER_RE = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?inf|nan")
DEFAULT_TIMEOUT = 30.0


# ---------------------------------------------------------------- test discovery

def read_markers(path):
    """Returns {marker: value} from the comment lines at the top of a script."""
    markers = {}
    try:
        with open(path, encoding="utf-8") as f:
            for i, line in enumerate(f):
                if i >= MARKER_LINES:
                    break
                m = MARKER_RE.match(line.strip())
                if m:
                    markers[m.group(1)] = m.group(2) if m.group(2) is not None else ""
    except OSError:
        pass
    return markers


def is_test_script(path):
    name = os.path.basename(path)
    if not name.endswith(".py") or name.startswith("_"):
        return False
    return "helper" not in read_markers(path)


def discover(paths):
    """Expands files and directories into the sorted list of test scripts."""
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
                for f in sorted(files):
                    full = os.path.join(root, f)
                    # The corpus root (beside regen.py) holds tools, not tests.
                    if os.path.exists(os.path.join(root, "regen.py")):
                        continue
                    if is_test_script(full):
                        found.append(full)
        else:
            found.append(p)
    return found


def expectation_paths(script):
    base = script[:-3] if script.endswith(".py") else script
    return base + ".expected", base + ".error.json"


# ---------------------------------------------------------------- running and parsing

def run_program(interpreter_cmd, script, timeout, extra_env=None):
    """Runs one script in its own directory; returns (rc, stdout, stderr, seconds).

    rc is None on timeout."""
    script = os.path.abspath(script)
    markers = read_markers(script)
    args = shlex.split(markers.get("args", ""))
    env = dict(os.environ)
    env.update({"PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1",
                "PYTHONIOENCODING": "utf-8", "PYTHONUTF8": "1"})
    if extra_env:
        env.update(extra_env)
    cmd = list(interpreter_cmd) + [os.path.basename(script)] + args
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=os.path.dirname(script), env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.stdout or b""
        err = e.stderr or b""
        return None, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), timeout
    except OSError as e:
        return -1, "", f"cannot run {cmd[0]}: {e}\n", 0.0
    elapsed = time.monotonic() - start
    return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
            proc.stderr.decode("utf-8", "replace"), elapsed)


def caret_column(lines, file_idx, source_path, lineno):
    """1-based column of a SyntaxError caret, or None.

    `lines[file_idx]` is the `File ..., line N` line; the source line and the
    caret line follow it. The display may strip indentation, so the column is
    measured from the first non-blank character of the displayed line and
    re-based on the indentation of the real source line."""
    if file_idx + 2 >= len(lines):
        return None
    shown, caret = lines[file_idx + 1], lines[file_idx + 2]
    if "^" not in caret or caret.strip(" ^~") != "":
        return None
    shown_start = len(shown) - len(shown.lstrip())
    offset = caret.index("^") - shown_start
    indent = 0
    try:
        with open(source_path, encoding="utf-8") as f:
            src = f.read().split("\n")
        if 1 <= lineno <= len(src):
            indent = len(src[lineno - 1]) - len(src[lineno - 1].lstrip())
    except OSError:
        pass
    return indent + offset + 1


def parse_stderr(stderr, script_dir):
    """Extracts the checked facts from a program's stderr."""
    lines = [l.rstrip("\r") for l in stderr.rstrip("\n").split("\n")] if stderr.strip() else []
    facts = {}
    nonblank = [l for l in lines if l.strip()]
    if nonblank:
        facts["exception"] = nonblank[-1].rstrip()
    last_file = None
    for i, l in enumerate(lines):
        m = FILE_LINE_RE.match(l)
        if m:
            last_file = (i, m.group(1), int(m.group(2)))
    if last_file is not None:
        i, fname, lineno = last_file
        facts["line"] = lineno
        facts["file"] = os.path.basename(fname)
        exc = facts.get("exception", "")
        if exc.split(":", 1)[0] == "SyntaxError":
            path = fname if os.path.isabs(fname) else os.path.join(script_dir, fname)
            col = caret_column(lines, i, path, lineno)
            if col is not None:
                facts["column"] = col
    return facts


def error_expectation(rc, stderr, script_dir):
    """The .error.json content CPython's run implies (None for a clean exit)."""
    if rc == 0:
        return None
    exp = {"exit_code": rc}
    exp.update(parse_stderr(stderr, script_dir))
    return exp


def dump_error_json(exp):
    order = ["exit_code", "exception", "exception_type", "exception_contains", "line", "file", "column"]
    keys = [k for k in order if k in exp] + sorted(k for k in exp if k not in order)
    return json.dumps({k: exp[k] for k in keys}) + "\n"


# ---------------------------------------------------------------- comparison

def numbers_close(expected_line, actual_line, tol):
    ep = NUMBER_RE.split(expected_line)
    ap = NUMBER_RE.split(actual_line)
    en = NUMBER_RE.findall(expected_line)
    an = NUMBER_RE.findall(actual_line)
    if ep != ap or len(en) != len(an):
        return False
    for x, y in zip(en, an):
        if x == y:
            continue
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            return False
        if math.isnan(fx) and math.isnan(fy):
            continue
        if not math.isclose(fx, fy, rel_tol=tol, abs_tol=tol):
            return False
    return True


def stdout_matches(expected, actual, tol):
    if expected == actual:
        return True
    if tol is None:
        return False
    el, al = expected.split("\n"), actual.split("\n")
    return len(el) == len(al) and all(numbers_close(e, a, tol) for e, a in zip(el, al))


def check_error(exp, rc, facts):
    """Returns a list of mismatch descriptions (empty when it all matches)."""
    problems = []
    if rc != exp.get("exit_code", 1):
        problems.append(f"exit code: expected {exp.get('exit_code', 1)}, got {rc}")
    last = facts.get("exception")
    if "exception" in exp and exp["exception"] != last:
        problems.append(f"last stderr line:\n  expected: {exp['exception']!r}\n  actual:   {last!r}")
    if "exception_type" in exp:
        got_type = (last or "").split(":", 1)[0].strip()
        if got_type != exp["exception_type"]:
            problems.append(f"exception type: expected {exp['exception_type']!r}, got {got_type!r}"
                            f" (last stderr line {last!r})")
    if "exception_contains" in exp and exp["exception_contains"] not in (last or ""):
        problems.append(f"last stderr line should contain {exp['exception_contains']!r}, got {last!r}")
    for key in ("line", "file", "column"):
        if key in exp and exp[key] != facts.get(key):
            what = {"line": "innermost traceback line", "file": "innermost traceback file",
                    "column": "SyntaxError caret column"}[key]
            problems.append(f"{what}: expected {exp[key]!r}, got {facts.get(key)!r}")
    return problems


def signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return "unknown signal"


class Outcome:
    def __init__(self, script):
        self.script = script
        self.ok = True
        self.report = []
        self.seconds = 0.0

    def fail(self, text):
        self.ok = False
        self.report.append(text)


def run_test(script, interpreter_cmd, timeout, check_column=True):
    out = Outcome(script)
    exp_path, err_path = expectation_paths(script)
    markers = read_markers(script)
    if not os.path.exists(exp_path):
        out.fail(f"missing expectation {exp_path} (run tests/lang/regen.py)")
        return out
    with open(exp_path, encoding="utf-8", newline="") as f:
        expected = f.read()
    exp_err = None
    if os.path.exists(err_path):
        with open(err_path, encoding="utf-8") as f:
            exp_err = json.load(f)
    if not check_column and exp_err:
        exp_err.pop("column", None)

    rc, stdout, stderr, secs = run_program(interpreter_cmd, script, timeout)
    out.seconds = secs
    if rc is None:
        out.fail(f"timed out after {timeout:g} s")
    tol = float(markers["float-tolerance"]) if "float-tolerance" in markers else None
    if not stdout_matches(expected, stdout, tol):
        diff = difflib.unified_diff(expected.splitlines(keepends=True), stdout.splitlines(keepends=True),
                                    fromfile=os.path.basename(exp_path), tofile="stdout")
        text = "".join(l if l.endswith("\n") else l + "\n\\ No newline at end of file\n" for l in diff)
        out.fail("stdout differs:\n" + text)
    if rc is not None:
        if rc < 0:
            out.fail(f"crashed: killed by signal {-rc} ({signal_name(-rc)})")
        elif exp_err is None:
            if rc != 0:
                out.fail(f"exit code {rc}, expected 0")
        else:
            problems = check_error(exp_err, rc, parse_stderr(stderr, os.path.dirname(os.path.abspath(script))))
            for p in problems:
                out.fail(p)
    if not out.ok and stderr.strip():
        tail = stderr.rstrip("\n").split("\n")[-25:]
        out.report.append("stderr (last lines):\n" + "\n".join("  " + l for l in tail))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+", help="test scripts or directories of them")
    ap.add_argument("--vmrun", default=os.environ.get("KILN_VMRUN", "vmrun"),
                    help="the interpreter to run (default: $KILN_VMRUN or vmrun; python3 checks the corpus)")
    ap.add_argument("--vmrun-arg", action="append", default=[], metavar="ARG",
                    help="extra flag for the interpreter, repeatable; write --vmrun-arg=--tier=1")
    ap.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per test (default 30)")
    ap.add_argument("--no-column", action="store_true", help="do not check SyntaxError caret columns")
    ap.add_argument("--skip-manual", action="store_true",
                    help="skip tests marked `# kiln-expect: manual` (for checking the corpus with python3)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="tests run in parallel")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    args = ap.parse_args(argv)

    scripts = discover(args.paths)
    if args.skip_manual:
        scripts = [s for s in scripts if read_markers(s).get("expect") != "manual"]
    if not scripts:
        print("no tests found", file=sys.stderr)
        return 1
    cmd = [args.vmrun] + args.vmrun_arg
    single = len(scripts) == 1

    def one(s):
        return run_test(s, cmd, args.timeout, check_column=not args.no_column)

    failed = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for res in pool.map(one, scripts):
            if not res.ok:
                failed.append(res.script)
            if single or not res.ok or not args.quiet:
                status = "PASS" if res.ok else "FAIL"
                print(f"{status} {res.script} ({res.seconds:.2f} s)")
            for r in res.report:
                print(r.rstrip("\n"))
            sys.stdout.flush()
    if not single:
        print(f"{len(scripts) - len(failed)}/{len(scripts)} passed")
        for f in failed:
            print(f"  failed: {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
