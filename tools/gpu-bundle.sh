#!/usr/bin/env bash
# tools/gpu-bundle.sh — packs a Release build for a machine that has a GPU but
# none of Kiln's build dependencies (asmjit, LLVM, oneTBB, mimalloc are not
# installed there).
#
#   bash tools/gpu-bundle.sh        builds Release here, fills gpu-bundle/
#   gpu-bundle/run.sh vmrun script.py          on the GPU machine
#   gpu-bundle/run.sh kiln_unit_tests --gtest_filter='Cuda*'
#   gpu-bundle/run.sh vmrun --version          shows the driver / device found
#
# gpu-bundle/ (git-ignored, must stay under 64 MiB) holds stripped binaries in
# bin/, the shared libraries `ldd` says they load from this machine in lib/
# (not glibc, which the host has), and libstdc++/libgcc_s in lib/compat/,
# which run.sh adds only when the host's own are too old. CUDA itself is
# never bundled: the driver and NVRTC are the host's, loaded with dlopen.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=gpu-bundle
limit=$((64 * 1024 * 1024))
targets=(vmrun kiln_unit_tests)
jobs="$(nproc 2>/dev/null || echo 2)"

bash tools/install-deps.sh
cmake --preset release
cmake --build --preset release --parallel "$jobs" --target "${targets[@]}"

rm -rf "$out"
mkdir -p "$out/bin" "$out/lib/compat"

# glibc and the loader stay the host's (a bundled libc cannot be mixed with
# the host's libcuda); libstdc++ is only a fallback.
is_glibc() {
  case "$(basename "$1")" in
    ld-linux*.so* | libc.so* | libm.so* | libdl.so* | libpthread.so* | librt.so* | libresolv.so* | libutil.so*) return 0 ;;
  esac
  return 1
}
is_compat() {
  case "$(basename "$1")" in
    libstdc++.so* | libgcc_s.so*) return 0 ;;
  esac
  return 1
}

for t in "${targets[@]}"; do
  bin="$(find build/release -maxdepth 2 -type f -name "$t" | head -n1)"
  [[ -n "$bin" ]] || { echo "gpu-bundle: $t was not built" >&2; exit 1; }
  strip --strip-unneeded -o "$out/bin/$t" "$bin"
  while read -r lib; do
    [[ -z "$lib" ]] && continue
    is_glibc "$lib" && continue
    dest="$out/lib"
    is_compat "$lib" && dest="$out/lib/compat"
    name="$(basename "$lib")"
    [[ -e "$dest/$name" ]] && continue
    cp -L "$lib" "$dest/$name"
    strip --strip-unneeded "$dest/$name" 2>/dev/null || true
  done < <(ldd "$bin" | awk '/=> \// { print $3 }')
done

cat >"$out/run.sh" <<'EOF'
#!/bin/sh
# run.sh — runs a program of this bundle with its libraries:
#   ./run.sh vmrun script.py args...   |   ./run.sh kiln_unit_tests [gtest flags]
here="$(cd "$(dirname "$0")" && pwd)"
prog="${1:-vmrun}"
[ $# -gt 0 ] && shift
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH
# The build machine's libstdc++ only if the host's lacks a needed version.
if ldd "$here/bin/$prog" 2>&1 | grep -q "not found"; then
  LD_LIBRARY_PATH="$here/lib:$here/lib/compat${LD_LIBRARY_PATH#"$here/lib"}"
fi
exec "$here/bin/$prog" "$@"
EOF
chmod +x "$out/run.sh"

{
  echo "Kiln GPU bundle"
  echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with local changes)')"
  echo "built:  $(date -u '+%Y-%m-%d %H:%M UTC') on $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo
  (cd "$out" && find . -type f ! -name MANIFEST -printf '%10s  %p\n' | sort -k2)
} >"$out/MANIFEST"

size=$(du -sb "$out" | cut -f1)
echo
cat "$out/MANIFEST"
echo
echo "gpu-bundle: $((size / 1024 / 1024)) MiB in $out/ (limit $((limit / 1024 / 1024)) MiB)"
if ((size > limit)); then
  echo "gpu-bundle: too large to carry to the GPU machine" >&2
  exit 1
fi
