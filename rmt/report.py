"""The full set of figures and tables (used by ``attnlogic rmt plot`` and
examples/rmt_plots.py): spectrum vs density, two ‖μ‖ sweeps, ridge accuracies, pooling
weight profiles and the α/κ table, as PNG + Markdown + JSON in one folder."""

from __future__ import annotations

from pathlib import Path

from ._checks import positive_int
from .correlation import iid, label_flip, markov, prefix
from .experiments import (default_mu_grid, ridge_experiment, spectrum_experiment,
                          sweep_experiment)
from .model import sizes
from .io import markdown_table, write_json_atomic, write_text_atomic
from .weights import alpha_over_kappa_table, named_weights
from .plots import plot_ridge, plot_spectrum, plot_sweep, plot_weights


def alpha_over_kappa_models(T: int = 8, windows=(1, 2), taus=(1.0,)) -> dict:
    """α/κ of every weighting for the standard models at length T."""
    T = positive_int("T", T)
    models = [prefix(T, max(1, T // 2)), label_flip([0.9 ** t for t in range(T)]),
              markov(T, 0.9), iid(T)]
    return {m.describe(): alpha_over_kappa_table(m.R, taus=taus, windows=windows) for m in models}


def write_report(out_dir="out/rmt", d: int = 400, seeds=(0, 1, 2), mu_points: int = 9,
                 delta: float = 0.5, gamma: float = 0.25, T: int = 8, on_stage=None) -> dict[str, Path]:
    """Run every experiment and write its files into ``out_dir``; returns name → path.
    ``on_stage(text)``, when given, is told each experiment as it starts."""
    stage = on_stage if on_stage is not None else (lambda text: None)

    out = Path(out_dir)
    d = positive_int("d", d)
    T = positive_int("T", T, minimum=2)
    files: dict[str, Path] = {}
    results: dict = {}
    pre = prefix(T, max(1, T // 2))

    stage("bulk spectrum (1/5)")
    spec = spectrum_experiment(pre, "harmonic", d, delta, gamma, 0.0, seeds[0])
    files["spectrum.png"] = plot_spectrum(spec, out / "spectrum.png")
    results["spectrum"] = spec.to_dict()

    import numpy as np

    V, N = sizes(d, delta, gamma)
    grid = default_mu_grid(1.0, d / V, d / N, mu_points)
    stage("sweep of |mu|, iid signs (2/5)")
    sw_iid = sweep_experiment(iid(T), ("mean",), d, delta, gamma, grid, seeds)
    files["sweep_iid.png"] = plot_sweep(sw_iid, out / "sweep_iid.png")
    results["sweep_iid"] = sw_iid.to_dict()

    grid = np.linspace(0.0, 1.5, mu_points)
    stage("sweep of |mu|, prefix signs (3/5)")
    sw_pre = sweep_experiment(pre, ("mean", "harmonic", "optimal"), d, delta, gamma, grid, seeds)
    files["sweep_prefix.png"] = plot_sweep(sw_pre, out / "sweep_prefix.png")
    results["sweep_prefix"] = sw_pre.to_dict()

    stage("ridge accuracy (4/5)")
    ridge = ridge_experiment(pre, ("mean", "harmonic", "global", "hybrid:1", "optimal"),
                             max(50, d // 2), delta, gamma, 0.3, None, seeds)
    files["ridge.png"] = plot_ridge(ridge, out / "ridge.png")
    results["ridge"] = ridge.to_dict()

    stage("pooling weights and report (5/5)")
    profile = {name: named_weights(name, pre.R) for name in
               ("mean", "harmonic", "causal:1", "causal:3", "global", "local:2", "hybrid:2",
                "optimal")}
    files["weights.png"] = plot_weights(profile, out / "weights.png",
                                        f"pooling weights at T={T} (optimal: {pre.describe()})")
    table = alpha_over_kappa_models(T)
    results["alpha_over_kappa"] = table

    names = list(next(iter(table.values())))
    ak_md = markdown_table(["model"] + names,
                           [[m] + [row[n] for n in names] for m, row in table.items()])
    md = ["# attnlogic rmt report", "",
          f"d = {d}, δ = {delta}, γ = {gamma}, seeds = {list(seeds)}.", "",
          "## Bulk spectrum", "", spec.to_markdown(), "![spectrum](spectrum.png)", "",
          "## Sweep of ‖μ‖, iid signs, mean pooling (both transitions)", "",
          sw_iid.to_markdown(), "![sweep](sweep_iid.png)", "",
          f"## Sweep of ‖μ‖, {pre.describe()}", "", sw_pre.to_markdown(),
          "![sweep](sweep_prefix.png)", "",
          "## Ridge classification", "", ridge.to_markdown(), "![ridge](ridge.png)", "",
          "## α/κ by model and weighting", "", ak_md, "![weights](weights.png)", ""]
    files["report.md"] = write_text_atomic(out / "report.md", "\n".join(md))
    files["results.json"] = write_json_atomic(out / "results.json", results)
    return files
