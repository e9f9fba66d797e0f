"""Benchmark of attnlogic.rmt: the bulk density and one full simulation.

    python -m benchmarks.bench_rmt

Prints a table with the time of each task and of a baseline run in the same process:
the density against numpy.roots per point, sparse pooling against a dense pooling matrix,
and the top eigenpair (subset eigh) against a full eigh.  Targets (issue 7): density on
10^4 points < 0.1 s; one simulation at d = 1000 < 10 s on 2 cores."""

from __future__ import annotations

import numpy as np

from benchmarks import best_of as _best_of


def _density_baseline(lam, delta, gamma):
    res = np.empty_like(lam)
    for i, x in enumerate(lam):
        r = np.roots([delta * gamma, delta + gamma + delta * gamma, 1 + delta + gamma - x, 1.0])
        im = r.imag.min()
        res[i] = -im / (np.pi * x) if im < 0 else 0.0
    return res


def main() -> int:
    import scipy.linalg

    from attnlogic.rmt.bulk import density, edges
    from attnlogic.rmt.correlation import prefix, sample_signs
    from attnlogic.rmt.model import centred_covariance, pool, sample_table, sample_tokens, sizes
    from attnlogic.rmt.simulation import simulate
    from attnlogic.rmt.weights import named_weights

    rows = []
    delta, gamma = 0.5, 0.25
    e = edges(delta, gamma)
    lam = np.linspace(1e-3, e.right * 1.1, 10_000)
    t_fast, rho = _best_of(lambda: density(lam, delta, gamma), 5)
    t_base, rho_base = _best_of(lambda: _density_baseline(lam, delta, gamma), 1)
    rows.append(("density, 10^4 points", t_fast, "numpy.roots per point", t_base,
                 f"max |diff| {np.max(np.abs(rho - rho_base)):.1e}"))

    d = 1000
    model = prefix(8, 4)
    w = named_weights("harmonic", model.R)
    t_sim, res = _best_of(lambda: simulate(model, w, d, delta, gamma, 1.0, seed=0), 1)
    V, N = sizes(d, delta, gamma)
    rows.append((f"simulate d={d} (V={V}, N={N}, T=8)", t_sim, "—", float("nan"),
                 f"outlier {res.observed_top_eigenvalue:.4f} vs {res.predicted.top_eigenvalue:.4f}"))

    rng = np.random.default_rng(0)
    table = sample_table(d, V, 1.0, rng)
    xi, _ = sample_signs(model, N, rng)
    tokens = sample_tokens(table, xi, rng)

    def dense_pool():
        A = np.zeros((N, V))
        for t in range(w.size):
            np.add.at(A, (np.arange(N), tokens[:, t]), w[t])
        return A @ table.E.T

    t_pool, C = _best_of(lambda: pool(table, tokens, w), 3)
    t_dense, C2 = _best_of(dense_pool, 1)
    rows.append((f"pool (sparse), d={d}", t_pool, "dense N×V matrix", t_dense,
                 f"max |diff| {np.max(np.abs(C - C2)):.1e}"))
    S = centred_covariance(C)
    t_top, _ = _best_of(lambda: scipy.linalg.eigh(S, subset_by_index=[d - 1, d - 1]), 1)
    t_full, _ = _best_of(lambda: np.linalg.eigh(S), 1)
    rows.append((f"top eigenpair, d={d}", t_top, "full numpy eigh", t_full, ""))

    print(f"{'task':40s} {'time (s)':>10s}   {'baseline':24s} {'time (s)':>10s} {'speed-up':>9s}  note")
    for task, t, base, tb, note in rows:
        ratio = f"{tb / t:8.1f}x" if np.isfinite(tb) else "        —"
        tbs = f"{tb:10.4f}" if np.isfinite(tb) else "         —"
        print(f"{task:40s} {t:10.4f}   {base:24s} {tbs} {ratio}  {note}")
    print(f"targets: density < 0.1 s: {'met' if rows[0][1] < 0.1 else 'MISSED'}; "
          f"simulation at d=1000 < 10 s: {'met' if rows[1][1] < 10 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
