#!/bin/bash
# privoco check's throughput on one thread and on N, with the same output, measured as pairs of runs back to back:
# a VM's speed drifts by up to 2x between minutes, so each pair gives a ratio and the median over pairs is printed.
# Rows: VDH.pred.conj at `privoco sample`'s points (seed 5) with the fast part's values, 17 certified digits, --json.
#   scripts/bench_check_threads.sh [ROWS [PAIRS [THREADS]]]   (defaults 200000 10 2; PRIVOCO=path/to/privoco)
set -euo pipefail
privoco=${PRIVOCO:-privoco}
rows=${1:-200000} pairs=${2:-10} threads=${3:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$privoco" sample VDH.pred.conj --n "$rows" --seed 5 2>/dev/null |
  "$privoco" eval VDH.pred.conj --points - --impl fast |
  awk -F, 'NR == 1 { print "id,L,V,b,G,value"; next } { print "VDH.pred.conj," $2 "," $3 "," $4 "," $5 "," $6 }' \
    >"$tmp/rows.csv"
wall() {  # seconds of one check run; its output kept for the comparison
  local t0 t1
  t0=$(date +%s.%N)
  "$privoco" check "$tmp/rows.csv" --json --threads "$1" >"$tmp/out$1.json" || [ $? -eq 1 ]
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}
echo "privoco check --json, $rows rows, --threads 1 against --threads $threads, $pairs pairs ($(nproc) cores)"
ratios=() ones=() manys=()
for ((k = 1; k <= pairs; ++k)); do
  a=$(wall 1) b=$(wall "$threads")
  cmp -s "$tmp/out1.json" "$tmp/out$threads.json" || { echo "outputs differ" >&2; exit 1; }
  r=$(echo "$a $b" | awk '{ printf "%.3f", $1 / $2 }')
  ratios+=("$r") ones+=("$a") manys+=("$b")
  echo "pair $k: $a s and $b s ($(echo "$rows $a $b" | awk '{ printf "%.1f k and %.1f k rows/s", $1 / $2 / 1e3, $1 / $3 / 1e3 }')): ${r}x"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk -v t="$threads" '{ r[NR] = $1 } END {
  m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
  printf "--threads %s: median %.2fx one thread over %d pairs (range %.2f-%.2f), same output\n", t, m, NR, r[1], r[NR] }'
best1=$(printf '%s\n' "${ones[@]}" | sort -n | head -1) bestn=$(printf '%s\n' "${manys[@]}" | sort -n | head -1)
echo "$rows $best1 $bestn" | awk -v t="$threads" '{ printf "best against best: %.1f k and %.1f k rows/s, %.2fx\n", $1 / $2 / 1e3, $1 / $3 / 1e3, $2 / $3 }'
