"""``attnlogic rmt``: signal recovery from attention-pooled sequences (random matrix theory).

Heavy imports (numpy, scipy, matplotlib) happen inside the actions, so ``attnlogic --help``
stays fast."""

from __future__ import annotations

import sys

import json

from ..kernel.errors import InputError
from ._common import add_output_arguments, add_progress_arguments, print_json

HELP = "random-matrix theory of attention pooling: bulk edges, α/κ of weights, simulation, plots"
DESCRIPTION = """\
Signal recovery from attention-pooled sequences (docs/rmt.md).

  attnlogic rmt edges --delta 0.5 --gamma 0.25 --json
  attnlogic rmt weights --model prefix --T 8 --L 4 --json
  attnlogic rmt simulate --model prefix --weights harmonic --d 400 --mu 1.0 --seeds 0,1,2 --json
  attnlogic rmt plot --out out/rmt
"""

_MODEL_HELP = "sign model: prefix, flip, markov, iid or custom (with --R)"


_D_HELP = ("dimension d (default 400); refused when the simulation's float64 matrices (d·V + N·d + d² "
           "entries, V = d/δ, N = d/γ) would take more than 4 GiB")


def _model_options(p) -> None:
    p.add_argument("--model", default="prefix", help=_MODEL_HELP + " (default prefix)")
    p.add_argument("--T", type=int, default=None, help="sequence length, 1..2048 (default 8)")
    p.add_argument("--L", type=int, default=None, help="prefix length (default T//2)")
    p.add_argument("--rho", type=float, default=None,
                   help="Markov correlation ρ (default 0.9) or constant label-flip r (default 0.5)")
    p.add_argument("--r", default=None, help="label-flip vector r_1,…,r_T (comma separated)")
    p.add_argument("--R", default=None,
                   help="custom correlation as JSON [[…],…] or @FILE holding that JSON (UTF-8, at "
                        "most 128 MiB; T at most 2048)")


def add_arguments(parser) -> None:
    sub = parser.add_subparsers(dest="rmt_action", metavar="ACTION")

    p = sub.add_parser("edges", help="support edges of κ·(MP_δ ⊠ MP_γ) and x*")
    p.add_argument("--delta", type=float, required=True, help="δ = d/V")
    p.add_argument("--gamma", type=float, required=True, help="γ = d/N")
    p.add_argument("--kappa", type=float, default=1.0, help="scale κ = ‖w‖² (default 1)")
    add_output_arguments(p)

    p = sub.add_parser("weights", help="α/κ of the pooling weights under a sign model")
    _model_options(p)
    p.add_argument("--tau", type=float, action="append", default=None,
                   help="also report causal attention with self-score τ (repeatable)")
    p.add_argument("--window", type=int, action="append", default=None,
                   help="k of the local:k and hybrid:k patterns (repeatable; default 1 and 2)")
    add_output_arguments(p)

    p = sub.add_parser("simulate", help="Monte Carlo: observed vs predicted outlier and overlap")
    _model_options(p)
    p.add_argument("--weights", default="harmonic",
                   help="mean, optimal, harmonic, harmonic_self_excluding, causal:TAU, global, "
                        "local:k or hybrid:k (default harmonic)")
    p.add_argument("--d", type=int, default=400, help=_D_HELP)
    p.add_argument("--delta", type=float, default=0.5, help="δ = d/V (default 0.5)")
    p.add_argument("--gamma", type=float, default=0.25, help="γ = d/N (default 0.25)")
    p.add_argument("--mu", type=float, default=1.0, help="‖μ‖ (default 1)")
    p.add_argument("--seeds", default="0", help="comma-separated seeds (default 0)")
    p.add_argument("--population", action="store_true",
                   help="also diagonalise the exact population covariance Cov(c | E)")
    add_output_arguments(p)

    p = sub.add_parser("plot", help="run the experiments and write PNG plots and tables")
    p.add_argument("--out", default="out/rmt", help="output folder (default out/rmt)")
    p.add_argument("--d", type=int, default=400, help=_D_HELP)
    p.add_argument("--delta", type=float, default=0.5, help="δ = d/V (default 0.5)")
    p.add_argument("--gamma", type=float, default=0.25, help="γ = d/N (default 0.25)")
    p.add_argument("--T", type=int, default=8, help="sequence length, 1..2048 (default 8)")
    p.add_argument("--seeds", default="0,1,2", help="comma-separated seeds (default 0,1,2)")
    p.add_argument("--mu-points", type=int, default=9, help="points per ‖μ‖ sweep (default 9)")
    add_output_arguments(p, "print the written files as JSON")
    add_progress_arguments(p, "a status line", force=True)
    parser.set_defaults(_rmt_parser=parser)


def _floats(text: str, what: str) -> list[float]:
    try:
        return [float(t) for t in text.split(",") if t.strip() != ""]
    except ValueError:
        raise InputError(f"{what}: expected comma-separated numbers, got {text!r}") from None


def _ints(text: str, what: str) -> list[int]:
    try:
        vals = [int(t) for t in text.split(",") if t.strip() != ""]
    except ValueError:
        raise InputError(f"{what}: expected comma-separated integers, got {text!r}") from None
    if not vals:
        raise InputError(f"{what}: empty list")
    if any(v < 0 for v in vals):
        raise InputError(f"{what}: seeds must be >= 0")
    return vals


#: largest --R @FILE read (a 2048×2048 matrix of 17-digit numbers fits)
MAX_R_BYTES = 2 ** 27


def _load_R(text: str | None):
    if text is None:
        return None
    src = text
    if text.startswith("@"):
        from attnlogic.kernel.fileio import read_text_capped
        try:
            src = read_text_capped(text[1:], MAX_R_BYTES)
        except InputError as exc:
            raise InputError(f"--R: {exc}") from None
    try:
        return json.loads(src)
    except json.JSONDecodeError as exc:
        raise InputError(f"--R: not valid JSON ({exc.msg} at column {exc.colno})") from None


def _model(args):
    from attnlogic.rmt.correlation import make_model

    r = _floats(args.r, "--r") if args.r is not None else None
    if args.r is not None and not r:
        raise InputError("--r: empty list")
    if r is not None and args.model != "flip":
        raise InputError("--r is only for --model flip")
    if args.R is not None and args.model != "custom":
        raise InputError("--R is only for --model custom")
    if args.model == "flip" and r is not None and args.T is not None and args.T != len(r):
        raise InputError(f"--r has {len(r)} entries but --T is {args.T}")
    return make_model(args.model, T=args.T, L=args.L, rho=args.rho, r=r, R=_load_R(args.R))


def _edges(args) -> int:
    from attnlogic.rmt.bulk import edges, moments

    e = edges(args.delta, args.gamma, args.kappa)
    m1, m2 = moments(args.delta, args.gamma, args.kappa)
    if args.json:
        print_json({**e.to_dict(), "delta": args.delta, "gamma": args.gamma,
                    "kappa": args.kappa, "moments": {"m1": m1, "m2": m2}})
    else:
        print(f"support of κ·(MP_δ ⊠ MP_γ), δ={args.delta:g}, γ={args.gamma:g}, κ={args.kappa:g}: "
              f"[{e.left:.6g}, {e.right:.6g}]; x* = {e.x_star:.6g}; m1 = {m1:.6g}, m2 = {m2:.6g}")
    return 0


def _weights(args) -> int:
    from attnlogic.rmt.weights import alpha_over_kappa_table, named_weights

    model = _model(args)
    table = alpha_over_kappa_table(model.R, taus=args.tau or (),
                                   windows=args.window or (1, 2))
    vectors = {}
    for name in table:
        if table[name] is not None:
            vectors[name] = [float(v) for v in named_weights(name, model.R)]
    if args.json:
        print_json({"model": model.describe(), "T": model.T, "alpha_over_kappa": table,
                    "weights": vectors})
    else:
        print(f"α/κ = wᵀRw/‖w‖² under {model.describe()}:")
        for name, v in table.items():
            print(f"  {name:26s} {'—' if v is None else f'{v:.4f}'}")
    return 0


def _simulate(args) -> int:
    import numpy as np

    from attnlogic.rmt.simulation import simulate
    from attnlogic.rmt.weights import named_weights

    model = _model(args)
    w = named_weights(args.weights, model.R)
    seeds = _ints(args.seeds, "--seeds")
    runs = [simulate(model, w, args.d, args.delta, args.gamma, args.mu, s,
                     with_population=args.population) for s in seeds]

    def avg(get):
        vals = [get(r) for r in runs]
        return None if any(v is None for v in vals) else float(np.mean(vals))

    observed = {"outlier": avg(lambda r: r.observed_top_eigenvalue),
                "overlap_mu": avg(lambda r: r.observed_overlap_mu),
                "overlap_m": avg(lambda r: r.observed_overlap_m)}
    predicted = {"outlier": avg(lambda r: r.predicted.top_eigenvalue),
                 "overlap_mu": avg(lambda r: r.predicted.overlap_mu),
                 "overlap_m": avg(lambda r: r.predicted.overlap_m),
                 "above_sample_threshold": all(r.predicted.sample_outlier is not None for r in runs)}
    if args.population:
        observed["population_outlier"] = avg(lambda r: r.observed_population_top)
        observed["population_overlap_m"] = avg(lambda r: r.observed_population_overlap_m)
        predicted["population_outlier"] = avg(lambda r: r.predicted.population_top_eigenvalue)
        predicted["population_overlap_m"] = avg(lambda r: r.predicted.population_overlap_m)
    rel = abs(observed["outlier"] - predicted["outlier"]) / predicted["outlier"]
    out = {"model": model.describe(), "weights": args.weights, "d": runs[0].d, "V": runs[0].V,
           "N": runs[0].N, "mu_norm": args.mu, "seeds": seeds, "observed": observed,
           "predicted": predicted, "outlier_relative_error": rel,
           "runs": [r.to_dict() for r in runs]}
    if args.json:
        print_json(out)
    else:
        p = runs[0].predicted
        print(f"{model.describe()}, {args.weights} pooling, d={runs[0].d}, V={runs[0].V}, "
              f"N={runs[0].N}, ‖μ‖={args.mu:g}, seeds {seeds}")
        print(f"  x = {p.x:.4f} (transitions: √δ = {p.population_threshold:.4f}, "
              f"x* = {p.sample_threshold:.4f})")
        print(f"  top eigenvalue: observed {observed['outlier']:.5g}, "
              f"predicted {predicted['outlier']:.5g} (relative error {rel:.3%})")
        print(f"  |<u, mu>|^2:    observed {observed['overlap_mu']:.4f}, "
              f"predicted {predicted['overlap_mu']:.4f}")
    return 0


def _plot(args) -> int:
    from attnlogic.rmt.report import write_report

    seeds = _ints(args.seeds, "--seeds")
    if args.mu_points < 2:
        raise InputError(f"--mu-points must be >= 2, got {args.mu_points}")
    from attnlogic.kernel.progress import StatusLine, wanted

    with StatusLine("rmt plot", wanted(args)) as status:
        files = write_report(args.out, d=args.d, seeds=tuple(seeds), mu_points=args.mu_points,
                             delta=args.delta, gamma=args.gamma, T=args.T, on_stage=status)
    if args.json:
        print_json({"files": {k: str(v) for k, v in files.items()}})
    else:
        for path in files.values():
            print(path)
    return 0


_ACTIONS = {"edges": _edges, "weights": _weights, "simulate": _simulate, "plot": _plot}


def run(args) -> int:
    action = getattr(args, "rmt_action", None)
    if action is None:
        args._rmt_parser.print_help(sys.stderr)
        return 2
    return _ACTIONS[action](args)
