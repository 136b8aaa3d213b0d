#!/usr/bin/env bash
# tools/install-deps.sh — installs the Debian 12 packages Kiln needs to build
# and test, and only those that are missing (checked with dpkg-query).
#
#   bash tools/install-deps.sh          # as root (or through sudo)
#   bash tools/install-deps.sh --check  # only list what is missing; exit 1 if any
#
# Idempotent: when everything is present it installs nothing and needs no root.
# It runs `apt-get update` at most once: first, when the package lists are
# empty (a fresh container), or after an install that failed on stale lists.
# CUDA is not installed: its headers are optional at build time (CMake finds
# /usr/local/cuda) and the driver and NVRTC are loaded at run time.
set -euo pipefail

# package|why — one line each; the order is the order shown.
PACKAGES="
build-essential|C++20 compiler (g++ 12) and make
cmake|build system generator (3.25)
ninja-build|build tool used by every preset
pkg-config|library lookup used by CMake modules
git|source control (the build stamps nothing from it, but the repository is git)
python3|tests/run_script_test.py and the expected-output generator
libasmjit-dev|tier-1 JIT backend (asmjit) and host CPU feature detection
llvm-dev|tier-2 JIT backend (LLVM 14 ORC), linked from its static component libraries
zlib1g-dev|zlib: LLVMSupport links it (ZLIB::ZLIB in LLVM's CMake package)
libzstd-dev|zstd: compression used by newer LLVMs; listed for LLVM upgrades
libffi-dev|libffi: LLVM's CMake package looks for it (LLVM_ENABLE_FFI)
libxml2-dev|libxml2: LLVM's CMake package looks for it (LLVM_ENABLE_LIBXML2)
libncurses-dev|terminfo: LLVMSupport links it (Terminfo::terminfo)
libedit-dev|libedit: the REPL's line editing, and LLVMLineEditor
libtbb-dev|oneTBB: background JIT compilation and parallel CPU kernels
libmimalloc-dev|mimalloc: the allocator of VM objects
libgtest-dev|GoogleTest: the unit tests
libgmock-dev|GoogleMock: mocks for unit tests
libbenchmark-dev|Google Benchmark: micro-benchmarks in bench/
libcli11-dev|CLI11: vmrun's command-line flags
libfmt-dev|fmt: formatting in the runtime
libopenblas-dev|OpenBLAS: float32/float64 matrix products of the torch module
hyperfine|timing vmrun against python3 in bench/
clang|libFuzzer targets (the fuzz preset)
libclang-rt-14-dev|clang's sanitizer and libFuzzer runtimes
"

check_only=0
if [[ "${1:-}" == "--check" ]]; then check_only=1; fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: this script is for Debian 12 (bookworm); dpkg-query was not found" >&2
  exit 1
fi
if [[ -r /etc/os-release ]]; then
  . /etc/os-release
  if [[ "${ID:-}" != "debian" || "${VERSION_ID:-}" != "12" ]]; then
    echo "install-deps: warning: written for Debian 12; this is ${PRETTY_NAME:-unknown}. Trying anyway." >&2
  fi
fi

installed() {
  [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" == ii* ]]
}

missing=()
reasons=()
while IFS='|' read -r pkg why; do
  [[ -z "$pkg" ]] && continue
  if ! installed "$pkg"; then
    missing+=("$pkg")
    reasons+=("$why")
  fi
done <<<"$PACKAGES"

total=$(grep -c '|' <<<"$PACKAGES")
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all $total Debian packages Kiln needs are installed"
  exit 0
fi

echo "install-deps: ${#missing[@]} of $total Debian packages are missing and will be installed:"
for i in "${!missing[@]}"; do
  printf '  %-20s %s\n' "${missing[$i]}" "${reasons[$i]}"
done
if [[ $check_only -eq 1 ]]; then exit 1; fi

SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "install-deps: run as root to install them: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
apt_install() {
  "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}

updated=0
# A fresh container has no package lists at all.
if ! compgen -G "/var/lib/apt/lists/*_Packages*" >/dev/null; then
  echo "install-deps: apt-get update (no package lists yet)"
  "${SUDO[@]}" apt-get update
  updated=1
fi
if ! apt_install; then
  if [[ $updated -eq 1 ]]; then exit 1; fi
  echo "install-deps: install failed; refreshing the package lists once and retrying"
  "${SUDO[@]}" apt-get update
  apt_install
fi

still=()
for pkg in "${missing[@]}"; do installed "$pkg" || still+=("$pkg"); done
if [[ ${#still[@]} -ne 0 ]]; then
  echo "install-deps: still missing after apt-get: ${still[*]}" >&2
  exit 1
fi
echo "install-deps: done (${#missing[@]} packages installed)"
