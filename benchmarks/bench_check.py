"""Throughput and memory of ``attnlogic check`` on compiled models.

For a local-only, a global-only and a hybrid model: tokens per second of the model's
forward passes inside check (every prefix compared with the DFA), wall time of the whole
check (DFA included), and peak resident memory, at N = 10^3, 10^4, 10^5, for the
kernels ``auto`` (O(N) prefix kernel for the compiled constant-query global heads) and
``sdpa`` (the quadratic causal scaled_dot_product_attention plain PyTorch uses).  Each
cell runs in a fresh process so that peak memory is its own.  Words per cell: enough for
about 2·10^5 tokens (at least one).

The limit for any checker is the cost of simply running the formula's minimal DFA over the
same number of words of the same length (the answers it is compared with): ``DFA tok/s`` is
that, by numpy, the faster of (a) the words advanced in lock step, one table gather per
position (the oracle inside check), and (b) chunks of √N letters run from every state at
once and then chained (about 2√N gathers, :func:`prefix_states_chunked`);
``model/DFA`` = model seconds / DFA seconds, how far the compiled model is from that limit.
``raw s`` runs the same model by hand on as many random words (batches of 2^17 tokens, no
comparison) and ``wall/raw`` = the whole check's wall time over that: what the checking
engine (word sources, oracle, tally, the short words' phases) costs beyond the forward passes.
The ``tour`` model is the README tour's ``P (b & Y a)``.

Targets (issue 5): local-only time(10N)/time(N) ≤ 12; global at N = 10^5 under 4 GB.

    python -m benchmarks.bench_check [--device cuda] [--dtype bfloat16] [--lengths 1000,10000,100000]
        [--kernels auto,sdpa] [--tokens 200000] [--threads 1] [--sdpa-max-length 100000]

README figures: ``--tokens 400000 --sdpa-max-length 100000`` (about 10 minutes on one core).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from . import in_fresh_process, parse_or_answer

MODELS = {
    "local-only": "Y a & Y[<=3] (b & Y[<=2] !a) | Y Y c",
    "global-only": "P (a & !P (b & P a)) | P (c & !P a)",
    "hybrid": "P (b & Y a) & !Y[<=2] c | P (c & P (a & Y b))",
    "tour": "P (b & Y a)",
}
ALPHABET = ["a", "b", "c"]


def prefix_states_chunked(table, initial: int, codes):
    """The DFA's state after every prefix of every word ([B, N] letter indices → [B, N+1]),
    with about 2·√N numpy steps instead of N: each word is cut into chunks of length L, every
    chunk is run from every state at once (B · N/L · states lanes in lock step, L steps),
    then the chunks are chained (N/L steps: a chunk starts where the previous one ends)."""
    import math

    import numpy as np
    B, N = codes.shape
    S = table.shape[0]
    L = max(1, math.isqrt(N))
    C = -(-N // L)
    padded = np.zeros((B, C * L), dtype=codes.dtype)
    padded[:, :N] = codes
    X = padded.reshape(B, C, L)
    k = table.shape[1]
    flat_table = np.ascontiguousarray(table).ravel()              # table[q, a] = [q·k + a]
    lanes = np.empty((L, B, C, S), dtype=table.dtype)
    Q = np.broadcast_to(np.arange(S, dtype=table.dtype), (B, C, S))
    for j in range(L):
        Q = flat_table[Q * k + X[:, :, j, None]]
        lanes[j] = Q
    lanes = lanes.transpose(1, 2, 0, 3)                          # [B, C, L, S]
    start = np.empty((B, C), dtype=table.dtype)
    q = np.full(B, initial, dtype=table.dtype)
    rows = np.arange(B)
    for c in range(C):
        start[:, c] = q
        q = lanes[rows, c, L - 1, q]
    flat = np.take_along_axis(lanes, start[:, :, None, None], axis=3).reshape(B, C * L)
    out = np.empty((B, N + 1), dtype=table.dtype)
    out[:, 0] = initial
    out[:, 1:] = flat[:, :N]
    return out


def dfa_run_seconds(formula: str, n: int, words: int, repeat: int = 3) -> float:
    """Best time of running the formula's minimal DFA over ``words`` random words of length
    ``n`` (every prefix's acceptance), the faster of lock step and chunks; the two are
    checked to agree."""
    import numpy as np
    from attnlogic.automata.from_formula import formula_to_dfa
    from attnlogic.ltl.parser import parse
    dfa = formula_to_dfa(parse(formula), ALPHABET)
    codes = np.random.default_rng(0).integers(0, len(ALPHABET), size=(words, n))
    remap = np.array([dfa.letter_index(a) for a in ALPHABET])
    acc = np.asarray(dfa.accepting)
    lock_table = np.asarray(dfa.transitions, dtype=np.int64)[:, remap]

    def lock(codes):
        states = np.empty((codes.shape[0], codes.shape[1] + 1), dtype=np.int64)
        states[:, 0] = dfa.initial
        for j in range(codes.shape[1]):
            states[:, j + 1] = lock_table[states[:, j], codes[:, j]]
        return acc[states]
    table = np.asarray(dfa.transitions, dtype=np.int32)
    best = {"lock": float("inf"), "chunks": float("inf")}
    out = {}
    for _ in range(repeat):
        t = time.perf_counter()
        out["lock"] = lock(codes)
        best["lock"] = min(best["lock"], time.perf_counter() - t)
        t = time.perf_counter()
        out["chunks"] = acc[prefix_states_chunked(table, dfa.initial, remap[codes])]
        best["chunks"] = min(best["chunks"], time.perf_counter() - t)
    assert (out["lock"] == out["chunks"]).all()
    return min(best.values())


def _cell(name, n, kernel, dtype, device, tokens, threads) -> dict:
    import torch
    torch.set_num_threads(threads)
    from attnlogic.compiler import compile_formula
    from attnlogic.compiler.check import check_compiled
    words = max(1, tokens // (n + 1))
    compile_formula(MODELS[name], ALPHABET)       # imports (torch's lazy ones) out of the timing
    t0 = time.perf_counter()
    res = check_compiled(formula=MODELS[name], alphabet=ALPHABET, max_length=n, samples=words, exhaustive=0,
                         dtype=dtype, device=device, kernel=kernel).to_json()
    wall = time.perf_counter() - t0
    peak_gb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2 ** 20  # KiB -> GiB
    if device == "cuda":
        peak_gb = torch.cuda.max_memory_allocated() / 2 ** 30
    dfa_s = dfa_run_seconds(MODELS[name], n, words)
    raw_s = raw_forward_seconds(MODELS[name], n, words, kernel, dtype, device)
    return {"model": name, "N": n, "kernel": kernel, "words": words, "model_s": res["seconds"],
            "tps": res["tokens_per_second"], "wall": wall, "peak_gb": peak_gb,
            "disagreements": res["disagreements"], "dfa_tps": words * n / dfa_s,
            "checker_over_dfa": res["seconds"] / dfa_s, "raw_s": raw_s, "wall_over_raw": wall / raw_s}


def raw_forward_seconds(formula: str, n: int, words: int, kernel: str, dtype: str, device: str) -> float:
    """The peer of the whole check: the same compiled model run by hand on ``words`` random
    words of length ``n`` (batches of 2^17 tokens, no comparison, nothing else), in the same
    process; ``wall/raw`` = what the check costs beyond the model's forward passes."""
    import numpy as np
    import torch
    from attnlogic.compiler import compile_formula
    c = compile_formula(formula, ALPHABET, dtype=dtype, device=device)
    net = c.model.eval().set_kernel(kernel)
    per = max(1, (1 << 17) // (n + 1))
    rng = np.random.default_rng(0)
    t0 = time.perf_counter()
    with torch.no_grad():
        for s in range(0, words, per):
            b = min(per, words - s)
            codes = np.concatenate([rng.integers(0, len(ALPHABET), (b, n)), np.full((b, 1), len(ALPHABET))], axis=1)
            (net(torch.as_tensor(codes, device=device))[..., 0] > 0).cpu().numpy()
    return time.perf_counter() - t0


def run_cell(name, n, kernel, dtype, device, tokens, threads, timeout: float = 1800) -> dict:
    """One cell in a fresh interpreter (its own peak memory)."""
    r = in_fresh_process("bench_check", [name, n, kernel, dtype, device, tokens, threads], timeout, "--cell")
    return {"model": name, "N": n, "kernel": kernel, **r} if "error" in r else r


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--lengths", default="1000,10000,100000")
    ap.add_argument("--kernels", default="auto,sdpa")
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--tokens", type=int, default=200_000, help="tokens per cell (rounded to whole words)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--sdpa-max-length", type=int, default=10_000,
                    help="skip the quadratic sdpa kernel above this length (default 10^4; "
                         "the README figures use 100000)")
    args = parse_or_answer(ap, argv, _cell, "--cell")
    if args is None:
        return 0
    lengths = [int(x) for x in args.lengths.split(",")]
    print(f"check throughput: {args.device}, {args.dtype}, {args.threads} thread(s); "
          f"tokens/s = model forward only; wall = whole check incl. the DFA")
    print(f"{'model':12s} {'kernel':6s} {'N':>8s} {'words':>6s} {'tokens/s':>12s} {'model s':>9s} "
          f"{'wall s':>8s} {'peak GB':>8s} {'disagree':>8s} {'DFA tok/s':>12s} {'model/DFA':>9s} {'raw s':>8s} "
          f"{'wall/raw':>8s}")
    rows = []
    for name in args.models.split(","):
        for kernel in args.kernels.split(","):
            if name == "local-only" and kernel != args.kernels.split(",")[0]:
                continue  # no global head: the kernel choice does not matter
            for n in lengths:
                if kernel == "sdpa" and n > args.sdpa_max_length:
                    continue
                r = run_cell(name, n, kernel, args.dtype, args.device, args.tokens, args.threads,
                             timeout=args.timeout)
                rows.append(r)
                if "error" in r:
                    print(f"{name:12s} {kernel:6s} {n:8d}  {r['error']}")
                    continue
                print(f"{name:12s} {kernel:6s} {n:8d} {r['words']:6d} {r['tps']:12.0f} {r['model_s']:9.3f} "
                      f"{r['wall']:8.2f} {r['peak_gb']:8.2f} {r['disagreements']:8d} "
                      f"{r['dfa_tps']:12.0f} {r['checker_over_dfa']:9.1f} {r['raw_s']:8.2f} "
                      f"{r['wall_over_raw']:8.2f}", flush=True)
    # linear-time check for the local-only model: time per token ratio ⇒ time(10N)/time(N)
    loc = sorted((r for r in rows if r.get("model") == "local-only" and "error" not in r), key=lambda r: r["N"])
    for a, b in zip(loc, loc[1:]):
        ratio = (b["model_s"] / b["words"]) / (a["model_s"] / a["words"])
        print(f"local-only: time(N={b['N']}) / time(N={a['N']}) per word = {ratio:.2f} "
              f"(target <= {12 * b['N'] // (10 * a['N'])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
