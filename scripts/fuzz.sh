#!/usr/bin/env bash
# Fuzzes mcore for as long as asked: the MLIR mutation fuzzer of mcore-opt
# (every mcore pass and the pipeline) and the differential matmul fuzzer of
# mcore-run against its CPU reference (test/fuzz/README.md), one fuzzer per
# core, each with its own seed. Failing cases are kept in the output folder.
# Exits non-zero if any case crashed, hung or computed a wrong result.
#
#   ./scripts/fuzz.sh                   10 minutes, seeds from the clock
#   ./scripts/fuzz.sh --minutes 30      longer
#   ./scripts/fuzz.sh --jobs 4 --seed 7 --out /tmp/fuzz --build build-asan
#
# Options:
#   --minutes N   how long to run (default 10)
#   --jobs N      fuzzers in parallel (default: the number of cores); even
#                 jobs run the MLIR fuzzer, odd ones the matmul one (with
#                 one job, each runs half of the time)
#   --seed S      base seed (default: the time); job J uses seed S-J
#   --out DIR     where reproducers go (default fuzz-out/ in the build dir)
#   --build DIR   the build tree whose tools are fuzzed (default build/;
#                 build-asan/ fuzzes the sanitizer build, scripts/test.sh
#                 --sanitize)
#   --no-build    do not build first
set -euo pipefail
MCORE_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
minutes=10
jobs="$(nproc)"
seed="$(date +%s)"
out=""
build="$MCORE_ROOT/build"
do_build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --build) build="$(cd "$2" && pwd)"; shift 2 ;;
    --no-build) do_build=0; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$minutes$jobs" in
  *[!0-9.]*) echo "fuzz.sh: --minutes and --jobs take numbers" >&2; exit 2 ;;
esac
[ "$jobs" -ge 1 ] || jobs=1
out="${out:-$build/fuzz-out}"
mkdir -p "$out"

if [ "$do_build" = 1 ]; then
  if [ "$build" = "$MCORE_ROOT/build" ]; then
    source "$MCORE_ROOT/scripts/lib/setup.sh"
    mcore_setup
  else
    cmake --build "$build" --target mcore-opt mcore-run mcore-layout \
      mcore_emu_runtime
  fi
fi

python=/usr/bin/python3
seconds="$(awk "BEGIN { print $minutes * 60 }")"
mlir=("$python" "$MCORE_ROOT/test/fuzz/mlir_fuzz.py" --src-root "$MCORE_ROOT"
      --out "$out/mlir" --tools-dir "$build/bin" --cases 100000000)
matmul=("$python" "$MCORE_ROOT/test/fuzz/matmul_fuzz.py" --out "$out/matmul"
        --tools-dir "$build/bin" --cases 100000000)
pids=()
logs=()
for ((j = 0; j < jobs; j++)); do
  s="$seed-$j"
  log="$out/job-$j.log"
  # Cases without end; --seconds stops each fuzzer.
  if (( jobs == 1 )); then
    half="$(awk "BEGIN { print $seconds / 2 }")"
    { "${mlir[@]}" --seed "$s" --seconds "$half"; r=$?
      "${matmul[@]}" --seed "$s" --seconds "$half" || r=1; exit $r
    } >"$log" 2>&1 &
  elif (( j % 2 == 0 )); then
    "${mlir[@]}" --seed "$s" --seconds "$seconds" >"$log" 2>&1 &
  else
    "${matmul[@]}" --seed "$s" --seconds "$seconds" >"$log" 2>&1 &
  fi
  pids+=("$!")
  logs+=("$log")
done
echo "fuzz.sh: $jobs fuzzers for $minutes min, seed $seed, reproducers in $out" >&2

trap 'kill "${pids[@]}" 2>/dev/null; exit 130' INT TERM
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
trap - INT TERM

total=0
failed=0
for log in "${logs[@]}"; do
  summaries="$(grep -E '^(mlir|matmul)_fuzz: seed' "$log" || true)"
  echo "${summaries:-$log: no summary (see the log)}"
  grep -E '^  +[0-9]+ x ' "$log" || true
  [ -n "$summaries" ] || status=1
  while read -r summary; do
    [ -n "$summary" ] || continue
    n="$(sed -E 's/.*: ([0-9]+) cases in.*/\1/' <<<"$summary")"
    total=$((total + n))
  done <<<"$summaries"
  f="$(grep -c '^FAILED:' "$log" || true)"
  failed=$((failed + f))
done
echo "fuzz.sh: $total cases, $failed failing (reproducers in $out)"
exit "$status"
