#!/usr/bin/env bash
# Compiled models checked at N = 10^6 on a CUDA GPU, in float32, bfloat16 and float16, and
# the time of one paper-scale experiment cell.  Target: under 5 minutes on one GPU.
# Prints one table (bench_check's format) per dtype:
#   - kernel auto (O(N) prefix kernel for the compiled global heads) at 10^5 and 10^6;
#   - kernel sdpa (flash / memory-efficient causal SDPA, quadratic) at 10^5 and 10^6;
# then bench_cell's table: ms per training step and evaluation seconds of a Table 1 / local
# grid cell (5 layers x 64, 8 heads, batch 128; LSTM 256), and hours per cell at 10^6 steps.
# Usage: bash benchmarks/gpu_check.sh [python]     (run from the repository root)
set -euo pipefail
PY=${1:-python}
cd "$(dirname "$0")/.."
if ! "$PY" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)'; then
  echo "gpu_check: no CUDA device visible to $PY" >&2
  exit 2
fi
"$PY" -c 'import torch; print("device:", torch.cuda.get_device_name(0), "| torch", torch.__version__)'
start=$(date +%s)
for dtype in float32 bfloat16 float16; do
  echo "== $dtype =="
  # 4 words of 10^6 (auto) per model; 1 word of 10^6 with the quadratic sdpa kernel
  "$PY" -m benchmarks.bench_check --device cuda --dtype "$dtype" --lengths 100000,1000000 \
      --kernels auto --tokens 4000004 --timeout 240
  "$PY" -m benchmarks.bench_check --device cuda --dtype "$dtype" --lengths 100000,1000000 \
      --kernels sdpa --models global-only,hybrid --tokens 1000001 --timeout 240 \
      --sdpa-max-length 1000000
done
echo "== paper-scale experiment cell =="
# 2000 steps timed (the first 500 subtracted), the whole evaluation (every length 41-500)
timeout 240 "$PY" -m benchmarks.bench_cell --device cuda --steps 2000 --eval-stride 1 \
    --patterns global,hybrid:4,lstm
echo "total: $(( $(date +%s) - start )) s"
