"""The example scripts run, and say what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> str:
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / script), *args], capture_output=True,
                          text=True, timeout=600, cwd="/")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_classification_gallery(tmp_path):
    out = _run("classification_gallery.py", str(tmp_path))
    assert "formula: Y a" in out                      # Σ*a is Y a
    assert "formula: P (b & Y a)" in out              # Σ*abΣ* needs both P and Y
    table = (tmp_path / "gallery.md").read_text()
    assert table.count("\n") == 2 + 7
    assert "| even number of b | `a*(ba*ba*)*` | 2 | no | no | no | no | no | no | no | no |" in table
    # the classes by name: a yes with its instantiations, a no with the failing instantiation
    assert "| FO2[<] | DD1 |" in table and "instantiations checked" in out and "fails in the syntactic" in out


def test_separations_cover_every_ordered_pair():
    out = _run("separations.py", "LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]")
    lines = [ln for ln in out.splitlines() if "\\" in ln]
    assert len(lines) == 12
    assert out.strip().endswith("0 without a verified separation")
    assert "7 separated, 5 inclusions" in out


def test_soft_local_head_counts_beyond_the_logic():
    """One soft 3-local head recognises MAJ3, which the classifier proves outside LTL[P,Y<=3]."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("soft_local_counting", ROOT / "examples" / "soft_local_counting.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    from attnlogic.definability.engine.classify import classify
    from attnlogic.automata.regex import regex_to_dfa
    from attnlogic.testing import check

    dfa = regex_to_dfa(mod.MAJ3, "ab")
    r = classify(dfa, windows=(3,))["LTL[P,Y<=3]"]
    assert r.member is False and r.witness.family is not None     # a lasso: "no" at every depth
    assert dfa.accepts(r.witness.accepted) and not dfa.accepts(r.witness.rejected)
    good = check(mod.majority_model(0.5), dfa=dfa, long_length=2000, long_count=4)
    assert good.disagreements == 0 and good.decisions > 8000
    # negative control: a threshold between 2/3 and 1 is a different language, and check sees it
    bad = check(mod.majority_model(0.7), dfa=dfa, long_length=2000, long_count=4)
    assert bad.disagreements > 0
    # the witness pair itself: the soft head separates what no LTL[P,Y<=3] formula can
    import torch
    model = mod.majority_model(0.5)
    for word, want in ((r.witness.accepted, True), (r.witness.rejected, False)):
        tokens = torch.tensor([[("a", "b").index(x) for x in word] + [2]])
        with torch.no_grad():
            assert bool(model(tokens)[0, -1, 0] > 0) is want


def test_trained_vs_compiled_small():
    import json

    out = json.loads(_run("trained_vs_compiled.py", "--test-max", "26", "--steps", "5", "--samples", "8", "--json"))
    compiled = [r for r in out["results"] if r["model"] == "compiled"]
    assert {r["language"] for r in compiled} == {"ENDS-A", "STARTS-A", "LT-2", "DYCK-(1,1)"}
    for r in compiled:  # exact weights: perfect on every test set
        assert r["random_accuracy"] == r["adversarial_accuracy"] == r["periodic_accuracy"] == 1.0, r


def test_census_tables_write_the_markdown(tmp_path):
    out = tmp_path / "census.md"
    printed = _run("census_tables.py", str(out), "--census", "2:ab", "--census", "1:abc")
    assert "2:ab: 26 languages" in printed and "1:abc: 2 languages" in printed
    text = out.read_text()
    assert "| languages | | 2 | 24 | 26 | |" in text          # 2 and 24 minimal DFAs over ab
    assert text.count("| LTL[P,Y<=2] | `hybrid:2` |") == 2
    assert "$ attnlogic census --max-states 2 --alphabet ab" in text


def test_mlregtest_programs_agree_with_their_automata():
    out = _run("mlregtest_programs.py", str(ROOT / "tests" / "data" / "mlregtest"))
    assert out.strip().splitlines()[-1] == ("23 programs, 13 classes: 23 equivalent, 0 different, "
                                            "0 without an automaton, 0 unread")


def test_least_orders_of_the_mlregtest_files():
    files = sorted((ROOT / "tests" / "data" / "mlregtest").glob("04.04.LT*.att"))
    out = _run("least_orders.py", *map(str, files))
    lines = out.strip().splitlines()
    assert len(lines) == 4
    assert all("LT: k = 2 (certificate: path category)" in ln for ln in lines[:2])
    assert all("LTT: k = 2, t = 2 (certificate: path category)" in ln and "LT: no" in ln for ln in lines[2:])
