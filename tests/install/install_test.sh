#!/usr/bin/env bash
# cmake --install into a fresh prefix, then a separate project finds the package and links privoco::reference and
# privoco::fast (tests/install/consumer), and the installed CLI and Python package run. Sibling: against a prefix missing the reference
# library the consumer must not build.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
cmake -S "$src/tests/install/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release > "$work/configure.log"
cmake --build "$work/consumer" > "$work/build.log"
"$work/consumer/consumer"
"$work/prefix/bin/privoco" eval VDH.pred.conj L=100 V=9 b=1 G=1 | head -1
# the Python package, from the prefix's site directory (on sys.path of Debian's python3 for /usr/local)
PYTHONPATH=$(echo "$work"/prefix/lib/python3*/dist-packages) /usr/bin/python3 -c \
  "import privoco; print('python:', privoco.reference.eval('VDH.pred.conj', L=100, V=9, b=1, G=1).value)"
# sibling: a prefix without the reference library (a broken install) must not build the consumer
cp -r "$work/prefix" "$work/broken"
rm "$work/broken"/lib*/libprivoco_reference.a
if cmake -S "$src/tests/install/consumer" -B "$work/consumer_broken" -DCMAKE_PREFIX_PATH="$work/broken" \
      > "$work/broken.log" 2>&1 && cmake --build "$work/consumer_broken" >> "$work/broken.log" 2>&1; then
  echo "sibling: the consumer built against a prefix without libprivoco_reference.a" >&2
  exit 1
fi
echo "installed package found and linked; a prefix without the reference library is refused"
