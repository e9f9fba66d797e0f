"""PNG figures of the experiments (matplotlib, Agg backend, written atomically)."""

from __future__ import annotations

import numpy as np

from .bulk import density
from .io import save_figure_atomic
from .spikes import overlap_with_m, population_top_eigenvalue, top_eigenvalue


def _pyplot():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def plot_spectrum(exp, path):
    """Histogram of the eigenvalues of S against the density of κ·(MP_δ ⊠ MP_γ)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    ev = exp.eigenvalues
    bulk = ev[ev <= exp.edges.right * 1.05]
    ax.hist(bulk, bins=60, density=True, alpha=0.55, color="tab:blue",
            label=f"eigenvalues of S (d={exp.d}, seed {exp.seed})")
    xs = np.linspace(0, exp.edges.right * 1.08, 1500)
    ax.plot(xs, density(xs, exp.delta, exp.gamma, exp.kappa), color="black", lw=1.6,
            label="κ·(MP_δ ⊠ MP_γ) density")
    for e in (exp.edges.left, exp.edges.right):
        ax.axvline(e, color="grey", ls=":", lw=1)
    ax.set_xlabel("eigenvalue")
    ax.set_ylabel("density")
    ax.set_title(f"{exp.model}, {exp.weights} pooling: δ={exp.delta:.3g}, γ={exp.gamma:.3g}, "
                 f"KS={exp.ks:.4f}", fontsize=9)
    ax.legend(fontsize=8)
    return save_figure_atomic(fig, path, close=True)


def plot_sweep(sweep, path):
    """Top eigenvalue (sample and population) and squared overlap with μ̂ against ‖μ‖:
    markers are the mean over seeds, lines the theory with ‖m‖² = ‖μ‖² + δ; dotted
    verticals mark both transitions for each weighting."""
    plt = _pyplot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    summary = sweep.summary()
    mus = sorted({s["mu_norm"] for s in summary})
    grid = np.linspace(0, max(mus) * 1.02 if mus else 1.0, 400)
    de, ga = sweep.delta, sweep.gamma
    for i, (name, th) in enumerate(sweep.thresholds.items()):
        c = colors[i % len(colors)]
        ak, k = th["alpha_over_kappa"], th["kappa"]
        x = ak * (grid ** 2 + de) - de
        rows = [s for s in summary if s["weights"] == name]
        mu_obs = [s["mu_norm"] for s in rows]
        ax1.plot(grid, top_eigenvalue(x, de, ga, k) / k, color=c, lw=1.5,
                 label=f"{name} (α/κ={ak:.3g}): sample theory")
        ax1.plot(mu_obs, [s["observed_top"] / k for s in rows], "o", color=c, ms=4)
        if rows and rows[0]["observed_population_top"] is not None:
            ax1.plot(grid, population_top_eigenvalue(x, de, k) / k, color=c, lw=1, ls="--")
            ax1.plot(mu_obs, [s["observed_population_top"] / k for s in rows], "s", color=c,
                     ms=4, mfc="none")
        ov = overlap_with_m(x, de, ga) * grid ** 2 / (grid ** 2 + de)
        ax2.plot(grid, ov, color=c, lw=1.5, label=name)
        ax2.plot(mu_obs, [s["observed_overlap_mu"] for s in rows], "o", color=c, ms=4)
        for key, ls in (("mu_population", ":"), ("mu_sample", "-.")):
            if 0 < th[key] <= grid[-1]:
                for ax in (ax1, ax2):
                    ax.axvline(th[key], color=c, ls=ls, lw=0.9)
    ax1.set_xlabel("‖μ‖")
    ax1.set_ylabel("top eigenvalue / κ")
    ax1.set_title("outlier: ● sample S, □ population Cov(c|E); lines theory", fontsize=9)
    ax1.legend(fontsize=7)
    ax2.set_xlabel("‖μ‖")
    ax2.set_ylabel("|⟨û, μ̂⟩|²")
    ax2.set_title(f"{sweep.model}, d={sweep.d}; ⋯ transition 1, -· transition 2", fontsize=9)
    ax2.legend(fontsize=7)
    return save_figure_atomic(fig, path, close=True)


def plot_ridge(exp, path):
    """Mean test accuracy (± sd over seeds) per weighting, annotated with α/κ."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    names = list(exp.accuracies)
    means = [np.mean(exp.accuracies[n]) for n in names]
    sds = [np.std(exp.accuracies[n]) for n in names]
    ax.bar(names, means, yerr=sds, color="tab:green", alpha=0.7, capsize=4)
    for i, n in enumerate(names):
        ax.text(i, means[i] + sds[i] + 0.005, f"α/κ={exp.alpha_over_kappa[n]:.3g}",
                ha="center", fontsize=8)
    lo = max(0.0, min(means) - 0.1)
    ax.set_ylim(lo, 1.02)
    ax.set_ylabel("test accuracy")
    ax.set_title(f"ridge on pooled features: {exp.model}, d={exp.d}, ‖μ‖={exp.mu_norm:.3g}",
                 fontsize=9)
    return save_figure_atomic(fig, path, close=True)


def plot_weights(weights: dict, path, title: str = ""):
    """Pooling weight profiles w_s (each normalised to sum 1) against the position s."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for name, w in weights.items():
        w = np.asarray(w, dtype=float)
        ax.plot(np.arange(1, w.size + 1), w / w.sum(), marker="o", ms=3, label=name)
    ax.set_xlabel("position s")
    ax.set_ylabel("w_s / Σw")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    return save_figure_atomic(fig, path, close=True)
