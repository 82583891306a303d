#!/usr/bin/env bash
# The product speaks for itself: no tracked file refers to the project's work process (a session's "stop" number,
# an issue number) or to material outside the repository (a folder beside it). Facts are stated with their source
# (paper, library, measurement); the history of a figure is in git log.
# Usage: product_words_test.sh SOURCE_DIR. Exit 1 with the offending lines.
set -uo pipefail
cd "$1" || exit 2
# Built from pieces so that this file does not match itself.
s='[Ss]''top'; i='[Ii]''ssues?'; sh='\.\./''shared'
pattern="\\b${s}s? [0-9]+|\\b${i} [0-9]+|${sh}"
# Sibling: the pattern must catch each kind (a test that cannot fail proves nothing).
for probe in "measured at sto""p 12" "see issu""e 5" "as in Issue"" 3's figure" "from ../share""d/TOOLCHAIN.md"; do
  if ! printf '%s\n' "$probe" | grep -qE "$pattern"; then echo "pattern misses: $probe"; exit 1; fi
done
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files)
else
  files=$(find . -type f -not -path './build/*' -not -path './.git/*')
fi
hits=$(printf '%s\n' $files | grep -v '^tests/data/' | xargs grep -nE "$pattern" 2>/dev/null)
if [ -n "$hits" ]; then
  echo "process words in the product (state the fact and its source instead):"
  echo "$hits"
  exit 1
fi
echo "no process words in $(printf '%s\n' $files | wc -l) tracked files"
