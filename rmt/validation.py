"""The simulation-vs-theory evidence table of docs/rmt.md, reproducible:

    python -m attnlogic.rmt.validation [--d 400 1000] [--seeds 8]

For each case and d: per-seed relative error of the sample outlier, the error of the mean
over seeds, the largest per-seed overlap errors (μ̂ and m̂), the population outlier error,
and the KS distance of the bulk (μ = 0)."""

from __future__ import annotations

import argparse

import numpy as np

from .correlation import iid, markov, prefix
from .experiments import spectrum_experiment
from .io import markdown_table
from .simulation import simulate
from .weights import named_weights

CASES = [
    ("prefix(8,4)", prefix(8, 4), "mean", 1.0),
    ("prefix(8,4)", prefix(8, 4), "harmonic", 1.0),
    ("prefix(8,4)", prefix(8, 4), "optimal", 1.0),
    ("prefix(8,4)", prefix(8, 4), "optimal", 0.5),
    ("markov(16,0.9)", markov(16, 0.9), "harmonic", 0.8),
    ("iid(4)", iid(4), "mean", 1.6),
]


def outlier_rows(d: int, seeds, delta=0.5, gamma=0.25) -> list[list]:
    rows = []
    for label, model, wname, mu in CASES:
        w = named_weights(wname, model.R)
        rs = [simulate(model, w, d, delta, gamma, mu, s, with_population=True) for s in seeds]
        rel = np.array([r.observed_top_eigenvalue / r.predicted.top_eigenvalue - 1 for r in rs])
        pop = np.array([r.observed_population_top / r.predicted.population_top_eigenvalue - 1
                        for r in rs])
        mean_err = (np.mean([r.observed_top_eigenvalue for r in rs])
                    / np.mean([r.predicted.top_eigenvalue for r in rs]) - 1)
        ov_mu = max(abs(r.observed_overlap_mu - r.predicted.overlap_mu) for r in rs)
        ov_m = max(abs(r.observed_overlap_m - r.predicted.overlap_m) for r in rs)
        x = np.mean([r.predicted.x for r in rs])
        rows.append([label, wname, mu, d, len(rs), float(x / rs[0].predicted.sample_threshold),
                     float(mean_err), float(rel.std()), float(np.abs(rel).max()),
                     int(np.sum(np.abs(rel) > 0.03)), float(np.abs(pop).max()), ov_mu, ov_m])
    return rows


def ks_rows(d: int, seeds, delta=0.5, gamma=0.25) -> list[list]:
    rows = []
    for label, model, wname in [("iid(4)", iid(4), "mean"), ("prefix(8,4)", prefix(8, 4), "harmonic"),
                                ("markov(16,0.9)", markov(16, 0.9), "optimal")]:
        ks = [spectrum_experiment(model, wname, d, delta, gamma, 0.0, s).ks for s in seeds]
        rows.append([label, wname, d, len(ks), float(np.mean(ks)), float(np.max(ks))])
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--d", type=int, nargs="+", default=[400, 1000])
    p.add_argument("--seeds", type=int, default=8)
    args = p.parse_args(argv)
    seeds = range(args.seeds)
    out = []
    for d in args.d:
        out += outlier_rows(d, seeds)
    print(markdown_table(["model", "weights", "‖μ‖", "d", "seeds", "x/x*", "err of mean",
                          "sd per seed", "max per seed", "seeds > 3 %", "max pop. err",
                          "max |Δ overlap μ|", "max |Δ overlap m|"], out))
    ks = []
    for d in args.d:
        ks += ks_rows(d, range(min(3, args.seeds)))
    print(markdown_table(["model", "weights", "d", "seeds", "mean KS", "max KS"], ks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
