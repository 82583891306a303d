#!/usr/bin/env bash
# Installs privoco's Debian packages (Debian 12), then configures and builds into build/.
# Usage: bash scripts/setup.sh [--deps-only | --no-install]   (PRIVOCO_PREFIX=DIR: install there, default /usr/local)
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
PKGS=(build-essential cmake pkg-config ccache
      libmpfr-dev libgmp-dev libflint-arb-dev libflint-dev
      libboost-dev libeigen3-dev librapidcheck-dev libgtest-dev libbenchmark-dev
      libcli11-dev nlohmann-json3-dev libfmt-dev libcerf-dev libjemalloc-dev
      python3 python3-dev python3-numpy python3-scipy python3-jsonschema python3-pil python3-pytest python3-mpmath
      python3-hypothesis python3-junitparser python3-distributed python3-dask pybind11-dev
      librsvg2-bin fonts-dejavu-core
      clang libclang-rt-14-dev)  # scripts/fuzz.sh: libFuzzer
missing=()
for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
[ "${1:-}" = "--deps-only" ] && exit 0
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
cmake --build build -j "$(nproc)"
# Install the CLI, the libraries with their headers and the CMake package (find_package(privoco CONFIG)) under
# PRIVOCO_PREFIX (default /usr/local); --no-install skips it.
[ "${1:-}" = "--no-install" ] && exit 0
PREFIX="${PRIVOCO_PREFIX:-/usr/local}"
mkdir -p "$PREFIX" 2>/dev/null || true
if [ -w "$PREFIX" ]; then
  cmake --install build --prefix "$PREFIX" > /dev/null
elif command -v sudo > /dev/null; then
  sudo cmake --install build --prefix "$PREFIX" > /dev/null
else
  echo "setup.sh: not installed: $PREFIX is not writable (PRIVOCO_PREFIX=DIR bash scripts/setup.sh installs elsewhere)" >&2
  exit 0
fi
echo "setup.sh: installed under $PREFIX (bin/privoco, include/privoco, lib/cmake/privoco)" >&2
