"""Time per cell of the papers' grids: one paper-scale training cell and its evaluation.

A cell of ``--preset table1`` / ``--preset local`` trains 5 layers × width 64 with 8 heads
(or the LSTM baseline, hidden 256), batch 128, one length drawn from 1–40 per step, and
evaluates every length 41–500 with 512 words on the random and adversarial sets plus the
periodic pairs.  This benchmark measures, with the real training loop and evaluation:

* seconds per training step = (t(b steps) − t(a steps)) / (b − a), so that set-up costs
  (building the samplers, the model) cancel;
* evaluation seconds, over every ``stride``-th test length, times ``stride`` (stride 1 on a GPU:
  the whole evaluation);
* the cell at the papers' 10^6 steps: 10^6 × step + evaluation.

    python -m benchmarks.bench_cell [--device cuda] [--steps 20] [--eval-stride 46]
        [--patterns global,hybrid:4,lstm] [--language DYCK-(1,1)] [--threads 1]

``make bench`` runs the CPU default (a few minutes); ``benchmarks/gpu_check.sh`` runs it on CUDA.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace


def time_cell(pattern: str, language: str, device: str, steps: int, stride: int, threads: int) -> dict:
    from attnlogic.experiments.data import LanguageData
    from attnlogic.experiments.evaluate import evaluate_model
    from attnlogic.experiments.grid import PRESETS
    from attnlogic.experiments.languages import get_language
    from attnlogic.experiments.train import train

    spec = PRESETS["table1"]
    cfg = replace(spec.template, language=language, pattern=pattern, device=device, threads=threads,
                  checkpoint_every=0)
    data = LanguageData(get_language(language), spec.evaluation.test_max)
    a, b = max(2, steps // 4), steps
    ta = train(replace(cfg, steps=a), data=data, progress=False).seconds
    result = train(replace(cfg, steps=b), data=data, progress=False)
    per_step = (result.seconds - ta) / (b - a)
    ev = replace(spec.evaluation, test_stride=stride)
    t0 = time.perf_counter()
    evaluate_model(result.model, data, ev)
    if device.startswith("cuda"):
        import torch
        torch.cuda.synchronize()
    eval_s = (time.perf_counter() - t0) * stride
    return {"pattern": pattern, "language": language, "device": device, "step_ms": 1000 * per_step,
            "eval_s": eval_s, "cell_h_at_1M_steps": (per_step * 1_000_000 + eval_s) / 3600,
            "steps_timed": b - a, "eval_stride": stride}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--device", default="cpu")
    p.add_argument("--steps", type=int, default=20, help="longest timed run (the shorter is a quarter)")
    p.add_argument("--eval-stride", type=int, default=46, help="evaluate every S-th test length, × S")
    p.add_argument("--patterns", default="global,hybrid:4,lstm")
    p.add_argument("--language", default="DYCK-(1,1)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv if argv is not None else [])
    rows = [time_cell(pat, args.language, args.device, args.steps, args.eval_stride, args.threads)
            for pat in args.patterns.split(",")]
    if args.json:
        print(json.dumps(rows))
        return
    print(f"paper-scale cell ({args.language}, 5 layers x 64, 8 heads / LSTM 256, batch 128, train <= 40, "
          f"test 41-500 x 512 words) on {args.device}, {args.threads} thread(s)")
    print(f"{'pattern':<10} {'ms/step':>9} {'eval s':>9} {'h per cell at 10^6 steps':>26}")
    for r in rows:
        print(f"{r['pattern']:<10} {r['step_ms']:>9.1f} {r['eval_s']:>9.1f} {r['cell_h_at_1M_steps']:>26.1f}")


if __name__ == "__main__":
    import sys
    main(sys.argv[1:])
