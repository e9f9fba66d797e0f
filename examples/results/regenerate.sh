#!/usr/bin/env bash
# Regenerates every committed result under examples/results/ from the current code, on CPU.
# Usage (from anywhere):  bash examples/results/regenerate.sh [NAME ...]
#   NAME: quick pe-quick lm-builtin table1-cpu-small local-cpu-small (default: all, in that order)
# ATTNLOGIC=/path/to/attnlogic selects the command (default: attnlogic on PATH).
# Each folder is removed and rewritten; its results.json records the command, and every cell
# the code revision, torch/numpy versions, CPU, dtype and thread count it ran with.  On the
# same torch build and CPU the numbers come out bit for bit the same
# (tests/experiments/test_experiments_reproducible.py checks quick/).
# quick/ and pe-quick/ were made before `experiment` extracted each trained model: their
# commands say --extract-states 0, which gives the same records; a rerun without it adds the
# extraction (on the CPU that made them, the other numbers stay bit for bit the same).
set -euo pipefail
cd "$(dirname "$0")/../.."
AL=${ATTNLOGIC:-attnlogic}
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1

declare -A CMD=(
  [quick]="--quick --extract-states 0 --no-progress --json"
  [pe-quick]="--preset pe --quick --extract-states 0 --no-progress --json"
  [lm-builtin]="--lm builtin --patterns global,local:1,hybrid:1 --no-progress --json"
  [table1-cpu-small]="--preset table1 --d-model 32 --layers 2 --heads 2 --steps 500 --batch-size 64 --lrs 3e-3 --seeds 0 --threads 1 --samples 32 --test-stride 9 --jobs 2 --no-progress --json"
  [local-cpu-small]="--preset local --d-model 32 --layers 2 --heads 2 --steps 300 --batch-size 64 --lrs 3e-3 --seeds 0 --threads 1 --samples 32 --test-max 200 --test-stride 9 --jobs 2 --no-progress --json"
)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(quick pe-quick lm-builtin table1-cpu-small local-cpu-small)
for name in "${names[@]}"; do
  [ -n "${CMD[$name]+x}" ] || { echo "regenerate: unknown result $name" >&2; exit 2; }
  out="examples/results/$name"
  rm -rf "$out"
  start=$SECONDS
  # shellcheck disable=SC2086
  "$AL" experiment ${CMD[$name]} --out "$out" > /dev/null
  rm -rf "$out/cells"      # results.json holds every cell's record
  echo "$name: $(( SECONDS - start )) s wall"
done
