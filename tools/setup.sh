#!/usr/bin/env bash
# tools/setup.sh — the README's two set-up commands, for a fresh Debian 12
# machine (as root) or an existing checkout (idempotent; only what is missing
# is installed, and the build is incremental).
#
#   bash tools/setup.sh example   install the missing Debian packages, build
#                                 Release (vmrun), run examples/hello.py
#   bash tools/setup.sh test      install the missing Debian packages, build
#                                 Release (everything), run the whole test
#                                 suite with CTest
#
# Release is built with profile-guided optimisation (tools/pgo.sh: an
# instrumented build runs tests/lang first); KILN_NO_PGO=1 skips that.
#
# .ci/run runs `bash tools/setup.sh test`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode="${1:-}"
case "$mode" in
  example | test) ;;
  *)
    echo "usage: bash tools/setup.sh example|test" >&2
    exit 2
    ;;
esac

jobs="$(nproc 2>/dev/null || echo 2)"

step() { printf '\n==> %s\n' "$*"; }

step "Debian packages (tools/install-deps.sh)"
bash tools/install-deps.sh

if [[ "${KILN_NO_PGO:-0}" == 1 ]]; then
  step "configure: cmake --preset release -DKILN_PGO= (KILN_NO_PGO=1: no profile-guided optimisation)"
  cmake --preset release -DKILN_PGO=
else
  step "profile-guided optimisation: tools/pgo.sh (train build/pgo-train, configure build/release)"
  bash tools/pgo.sh
fi

if [[ "$mode" == example ]]; then
  step "build: cmake --build --preset release --target vmrun"
  cmake --build --preset release --target vmrun --parallel "$jobs"
  step "run: ./build/release/vmrun examples/hello.py"
  ./build/release/vmrun examples/hello.py
else
  step "build: cmake --build --preset release"
  cmake --build --preset release --parallel "$jobs"
  step "test: ctest --preset release"
  ctest --preset release --parallel "$jobs"
fi
