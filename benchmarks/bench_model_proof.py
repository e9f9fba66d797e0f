"""The proof check of a compiled model (testing/model_proof.py) on models of 10 to 200
subformulas: time of one check of a saved model (``attnlogic verify --model``), time of the
compiler's search for the largest proved length (``proved_length``: a few dozen checks),
the model's size, the bound proved, and the peak resident memory of the process.

    python -m benchmarks model_proof
"""

from __future__ import annotations

import resource
import tempfile
import time
from pathlib import Path


def main() -> None:
    import attnlogic as al
    from attnlogic.ltl import random_formula
    from attnlogic.testing.model_proof import proved_length, verify_saved_model

    al.compile_formula("P a", ["a", "b"])            # warm up torch
    print("| subformulas | layers | heads | width | dtype | exact_up_to | verify s | search s (checks) |")
    print("|---:|---:|---:|---:|---|---:|---:|---:|")
    for size, seed in ((10, 1), (50, 2), (50, 3), (100, 4), (200, 5)):
        f = random_formula(seed, ["a", "b", "c"], size, "LTL[P,Y<=2]")
        n_sub = len(set(f.subformulas()))
        for dtype in ("float32", "bfloat16"):
            c = al.compile_formula(f, ["a", "b", "c"], dtype=dtype)
            with tempfile.TemporaryDirectory() as d:
                path = Path(d) / "m.safetensors"
                c.save(path)
                t = time.perf_counter()
                r = verify_saved_model(path)
                t_verify = time.perf_counter() - t
            assert r.valid, r.reason
            import attnlogic.testing.model_proof as mp
            calls = [0]
            real = mp.prove

            def counting(*a, **k):
                calls[0] += 1
                return real(*a, **k)
            mp.prove = counting
            try:
                t = time.perf_counter()
                proved_length(c.model.state_dict(), c.model.config.to_dict(), dtype, c.metadata)
                t_search = time.perf_counter() - t
            finally:
                mp.prove = real
            print(f"| {n_sub} | {c.layers} | {c.heads} | {c.width} | {dtype} | {c.exact_up_to} | "
                  f"{t_verify:.3f} | {t_search:.2f} ({calls[0]}) |")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MB")


if __name__ == "__main__":
    main()
