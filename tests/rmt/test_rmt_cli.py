"""``attnlogic rmt`` in-process: JSON contracts, reference values, bad input → exit 2 with
one line on stderr; the plot action and examples/rmt_plots.py at tiny sizes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from attnlogic.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_edges_json(capsys):
    out = _json(capsys, ["rmt", "edges", "--delta", "0.5", "--gamma", "0.25", "--json"])
    assert out["left"] == pytest.approx(0.0559, abs=1e-3)
    assert out["right"] == pytest.approx(3.7467, abs=1e-3)
    # x* solves x³ − (δ+γ+δγ)x − 2δγ = 0
    x = out["x_star"]
    assert x ** 3 - (0.5 + 0.25 + 0.125) * x - 2 * 0.125 == pytest.approx(0, abs=1e-9)
    out = _json(capsys, ["rmt", "edges", "--delta", "0.5", "--gamma", "0.5", "--json"])
    assert (out["left"], out["right"]) == pytest.approx((0.0284, 4.4091), abs=1e-3)


def test_weights_json_prefix(capsys):
    out = _json(capsys, ["rmt", "weights", "--model", "prefix", "--T", "8", "--L", "4", "--json"])
    ak = out["alpha_over_kappa"]
    assert ak["mean"] == pytest.approx(2.5, abs=5e-4)
    assert ak["harmonic"] == pytest.approx(3.269, abs=5e-4)
    assert ak["optimal"] == pytest.approx(4.0, abs=5e-4)
    assert {"global", "local:1", "hybrid:2", "harmonic_self_excluding"} <= set(ak)
    assert len(out["weights"]["harmonic"]) == 8


def test_weights_json_markov_flip_iid_custom(capsys):
    ak = _json(capsys, ["rmt", "weights", "--model", "markov", "--T", "16", "--rho", "0.9",
                        "--json"])["alpha_over_kappa"]
    assert (ak["mean"], ak["harmonic"], ak["optimal"]) == pytest.approx((9.835, 6.238, 9.927),
                                                                        abs=5e-4)
    ak = _json(capsys, ["rmt", "weights", "--model", "iid", "--T", "5", "--tau", "2", "--window",
                        "3", "--json"])["alpha_over_kappa"]
    assert set(ak) >= {"causal:2", "local:3", "hybrid:3"}
    assert all(v == pytest.approx(1.0) for v in ak.values())
    ak = _json(capsys, ["rmt", "weights", "--model", "flip", "--r", "1,1,0,0",
                        "--json"])["alpha_over_kappa"]
    assert ak["optimal"] == pytest.approx(2.0)  # R = blockdiag(11ᵀ₂, I₂)
    ak = _json(capsys, ["rmt", "weights", "--model", "custom", "--R", "[[1,0.5],[0.5,1]]",
                        "--json"])["alpha_over_kappa"]
    assert ak["optimal"] == pytest.approx(1.5) and ak["mean"] == pytest.approx(1.5)


def test_simulate_json(capsys):
    out = _json(capsys, ["rmt", "simulate", "--model", "prefix", "--weights", "optimal",
                         "--d", "120", "--mu", "1.5", "--seeds", "0,1", "--population", "--json"])
    assert set(out["observed"]) >= {"outlier", "overlap_mu", "population_outlier"}
    assert out["predicted"]["above_sample_threshold"] is True
    assert len(out["runs"]) == 2 and out["d"] == 120
    # small d, so only a sanity band here; tests/test_rmt_spikes.py does d = 400
    assert out["observed"]["outlier"] == pytest.approx(out["predicted"]["outlier"], rel=0.15)


def test_plot_writes_pngs(tmp_path, capsys):
    out = _json(capsys, ["rmt", "plot", "--out", str(tmp_path), "--d", "60", "--seeds", "0",
                         "--mu-points", "3", "--json"])
    for name in ("spectrum.png", "sweep_iid.png", "sweep_prefix.png", "ridge.png", "weights.png"):
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and Path(out["files"][name]).name == name
    results = json.loads((tmp_path / "results.json").read_text())
    assert {"spectrum", "sweep_iid", "sweep_prefix", "ridge", "alpha_over_kappa"} <= set(results)
    assert "| weights |" in (tmp_path / "report.md").read_text()
    assert not list(tmp_path.glob(".*.tmp"))  # atomic writes left no temporaries


def test_example_script_runs(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("rmt_plots", ROOT / "examples" / "rmt_plots.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main([str(tmp_path / "o"), "--d", "50", "--seeds", "1", "--mu-points", "3"]) == 0
    assert (tmp_path / "o" / "sweep_iid.png").exists()


@pytest.mark.parametrize("argv,needle", [
    (["rmt", "edges", "--delta", "-0.5", "--gamma", "0.25"], "delta"),
    (["rmt", "edges", "--delta", "0.5", "--gamma", "nan"], "gamma"),
    (["rmt", "weights", "--model", "markov", "--rho", "1.5"], "rho"),
    (["rmt", "weights", "--model", "zebra"], "unknown model"),
    (["rmt", "weights", "--T", "0"], "T must be"),
    (["rmt", "weights", "--model", "custom", "--R", "[[1,-0.6,-0.6],[-0.6,1,-0.6],[-0.6,-0.6,1]]"],
     "not a valid ±1 correlation"),
    (["rmt", "weights", "--model", "custom", "--R", "[[1,2"], "JSON"),
    (["rmt", "weights", "--model", "flip", "--r", "0.5,x"], "--r"),
    (["rmt", "simulate", "--weights", "local:0", "--d", "50"], "local:0"),
    (["rmt", "simulate", "--d", "0"], "d must be"),
    (["rmt", "simulate", "--seeds", "a", "--d", "50"], "--seeds"),
    (["rmt", "edges", "--delta", "x", "--gamma", "1"], "invalid float"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, needle):
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse type errors exit from the parser
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert needle in err


def test_help_lists_actions(capsys):
    with pytest.raises(SystemExit):
        main(["rmt", "--help"])
    out = capsys.readouterr().out
    assert all(a in out for a in ("edges", "weights", "simulate", "plot"))
    assert main(["rmt"]) == 2
