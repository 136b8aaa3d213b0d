#!/usr/bin/env bash
# tools/pgo.sh — profile-guided optimisation (PGO) of the Release build.
#
# Release vmrun is built in two stages, the way CPython's release builds are:
#   1. build/pgo-train: vmrun instrumented by GCC (-DKILN_PGO=generate);
#   2. the training run: every script test of tests/lang/ (the language
#      corpus, not the benchmarks) runs once under the instrumented vmrun,
#      which writes the branch and call counts to build/pgo-profile/;
#   3. build/release is configured with -DKILN_PGO=use, so GCC lays out the
#      interpreter and the runtime from those counts (about 10% faster on
#      bench/scalar; see bench/README.md).
# This script does 1-3 and leaves building build/release to the caller
# (tools/setup.sh). A fingerprint of the sources is kept with the profile:
# while it matches, the profile is reused; when a source changes, the
# training build is rebuilt incrementally and trained again, and the new
# fingerprint in the Release flags makes Ninja recompile every object.
#
#   bash tools/pgo.sh          train if needed, configure build/release
#   KILN_NO_PGO=1 bash tools/setup.sh ...   builds Release without PGO
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs="$(nproc 2>/dev/null || echo 2)"
profile_dir="$PWD/build/pgo-profile"

# The fingerprint: names and contents of everything compiled into vmrun,
# the training corpus and this recipe.
stamp="$(
  {
    find vm stdlib tracer codegen jit gpu include tools/vmrun cmake tests/lang -type f | LC_ALL=C sort
    printf "%s\n" CMakeLists.txt CMakePresets.json tools/pgo.sh
  } | while read -r f; do echo "$f"; cat "$f"; done | sha256sum | cut -c1-16
)"

if [[ -f "$profile_dir/STAMP" && "$(cat "$profile_dir/STAMP")" == "$stamp" ]]; then
  echo "pgo: the profile in build/pgo-profile matches the sources ($stamp)"
else
  echo "pgo: building the instrumented vmrun (build/pgo-train)"
  cmake --preset pgo-train -DKILN_PGO_DIR="$profile_dir" >/dev/null
  cmake --build --preset pgo-train --target vmrun --parallel "$jobs"
  rm -rf "$profile_dir"
  mkdir -p "$profile_dir"
  echo "pgo: training on tests/lang (each script once; failures are expected and ignored)"
  n=0
  for f in tests/lang/*/*.py examples/hello.py; do
    (cd "$(dirname "$f")" && timeout 60 "$OLDPWD/build/pgo-train/vmrun" "$(basename "$f")" </dev/null >/dev/null 2>&1) || true
    n=$((n + 1))
  done
  if ! compgen -G "$profile_dir/*.gcda" >/dev/null; then
    echo "pgo: the training run wrote no profile into $profile_dir" >&2
    exit 1
  fi
  echo "$stamp" >"$profile_dir/STAMP"
  echo "pgo: trained on $n scripts; profile $stamp"
fi

cmake --preset release -DKILN_PGO=use -DKILN_PGO_DIR="$profile_dir" -DKILN_PGO_STAMP="$stamp"
