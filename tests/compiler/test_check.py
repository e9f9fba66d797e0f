"""``attnlogic compile`` / ``check``: the JSON contract, export and reload, the classified
language cases, and a negative control that check must catch."""

from __future__ import annotations

import json
import os

import pytest
import torch
from hypothesis import given, settings

from attnlogic.cli import main
from attnlogic.compiler import compile_formula
from attnlogic.compiler.check import check_compiled
from attnlogic.ltl import parse, prefix_acceptance
from attnlogic.ltl.strategies import formulas
from attnlogic.testing import check
from attnlogic.testing.words import long_words

torch.set_num_threads(1)
CHECK_KEYS = {"completed", "agrees", "words", "max_length", "decisions", "disagreements", "counterexample",
              "tokens_per_second"}


def cli_json(capsys, *argv):
    code = main(list(argv) + ["--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_compile_json_contract(capsys):
    code, obj = cli_json(capsys, "compile", "P (b & Y a)", "--alphabet", "abc", "--dtype", "float16")
    assert code == 0
    assert obj.pop("exact_up_to") > 100_000       # the length its proof reaches (a global head)
    assert obj == {"layers": 2, "heads": 2, "width": 5, "dtype": "float16"}


def test_check_json_contract(capsys):
    code, obj = cli_json(capsys, "check", "P a & Y[<=2] b", "--max-length", "300", "--samples", "5")
    assert code == 0
    assert CHECK_KEYS <= set(obj)
    assert obj["completed"] is True and obj["agrees"] is True
    kinds = obj["kinds"]
    assert sum(v["words"] for k, v in kinds.items() if k.startswith("long ")) == 5
    assert obj["max_length"] == 300 and obj["disagreements"] == 0
    assert obj["counterexample"] is None and obj["tokens_per_second"] > 0
    ex = obj["exhaustive"]
    assert obj["words"] == sum(v["words"] for v in kinds.values()) and kinds["exhaustive"]["words"] == ex["words"]
    assert obj["decisions"] >= 5 * 301 + ex["words"] * (ex["length"] + 1)


def test_export_then_check_model(tmp_path, capsys):
    out = tmp_path / "m.safetensors"
    code, obj = cli_json(capsys, "compile", "P (a & !P true) & Y[<=3] b", "--out", str(out), "--dtype", "bfloat16")
    assert code == 0 and out.exists() and (tmp_path / "m.json").exists()
    side = json.loads((tmp_path / "m.json").read_text())
    assert side["dtype"] == "bfloat16" and side["metadata"]["formula"] == "P (a & !P true) & Y[<=3] b"
    code, obj = cli_json(capsys, "check", "--model", str(out), "--max-length", "500", "--samples", "4")
    assert code == 0 and obj["disagreements"] == 0 and obj["dtype"] == "bfloat16"
    code, obj = cli_json(capsys, "check", "--model", str(out), "--dtype", "float16", "--max-length", "100",
                         "--samples", "2", "--kernel", "sdpa")
    assert code == 0 and obj["disagreements"] == 0 and obj["dtype"] == "float16"


def test_negative_control_global_model_against_last_letter(tmp_path, capsys):
    """A global-only model compiled from P a (a language of LTL[P]) checked against the DFA
    of Σ*a (Y a): they must disagree, and check must report the shortest disagreement."""
    out = tmp_path / "pa.safetensors"
    assert main(["compile", "P a", "--alphabet", "ab", "--out", str(out)]) == 0
    capsys.readouterr()
    code, obj = cli_json(capsys, "check", "--model", str(out), "Y a", "--max-length", "200", "--samples", "3")
    assert code == 1 and obj["disagreements"] > 0
    ce = obj["counterexample"]
    # independent confirmation: the two languages differ on the counterexample ...
    assert prefix_acceptance(parse("P a"), ce)[-1] != prefix_acceptance(parse("Y a"), ce)[-1]
    # ... and on no shorter word
    import itertools
    for n in range(len(ce)):
        for w in itertools.product("ab", repeat=n):
            assert prefix_acceptance(parse("P a"), w)[-1] == prefix_acceptance(parse("Y a"), w)[-1]
    assert ce == "ab"


@settings(max_examples=15, deadline=None)
@given(formulas(("a", "b"), max_size=10, fragment="LTL[P]"))
def test_every_global_only_model_fails_on_last_letter(f):
    """Li & Cotterell Lemma C.3 with u = v = ε, s = a, t = b: (ab)^K a and (ab)^K agree on
    every LTL[P] formula of depth ≤ K, but only the first is in Σ*a.  So every compiled
    global-only model answers both alike, and check against the DFA of Y a must find a
    counterexample (the exhaustive phase covers length 2K+1)."""
    K = max(1, f.depth)
    c = compile_formula(f, "ab")
    assert all(h.spec.kind == "global" for layer in c.plan.heads for h in layer)
    assert c.accepts("ab" * K + "a") == c.accepts("ab" * K)
    rep = check(c, formula="Y a", alphabet="ab", exhaustive_length=2 * K + 1, long_length=50, long_count=2,
                boundary=0, random=0)
    assert rep.disagreements > 0 and len(rep.counterexample) <= 2 * K + 1


def test_dfa_and_evaluator_oracles_agree():
    a = check_compiled(formula="P (b & Y a) | Y[<=2] !b", max_length=300, samples=4, oracle="dfa")
    b = check_compiled(formula="P (b & Y a) | Y[<=2] !b", max_length=300, samples=4, oracle="evaluator")
    assert a.disagreements == b.disagreements == 0
    assert a.decisions == b.decisions and b.oracle == "reference evaluator"
    # and the evaluator does catch a wrong model: P a against the evaluator of Y a
    wrong = check(compile_formula("P a", "ab"), formula="Y a", oracle="evaluator", exhaustive_length=3,
                  contexts=0, boundary=0, random=0, long_count=0)
    assert wrong.counterexample == ("a", "b")


def test_long_word_generators_cover_periodic_and_pumps():
    from attnlogic.automata.from_formula import formula_to_dfa
    dfa = formula_to_dfa(parse("P (b & Y a)"), ["a", "b"])
    ws = list(long_words(("a", "b"), 40, 30, seed=1, dfa=dfa))
    kinds = {k for k, _ in ws}
    assert kinds == {"periodic", "pump", "random"}
    assert all(len(w) == 40 for _, w in ws)
    periodic = ["".join("ab"[i] for i in w) for k, w in ws if k == "periodic"]
    assert any(p.startswith("abbb" * 3) or p.startswith("ab" * 5) or p.startswith("abb" * 4) for p in periodic)


@pytest.mark.parametrize("argv", [
    ["compile", "--regex", "(aa)*", "--alphabet", "a"], ["compile", "P (a"], ["check", "a S b"], ["check"],
    ["check", "P a", "--max-length", "-1"], ["check", "--model", "/nonexistent.safetensors"],
])
def test_bad_input_exits_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") <= 3 and "Traceback" not in err


@pytest.mark.skipif(torch.cuda.is_available(), reason="CUDA present")
def test_cuda_request_without_cuda_is_an_input_error(capsys):
    assert main(["check", "P a", "--device", "cuda"]) == 2


CASES_N = int(os.environ.get("ATTNLOGIC_CASES_LENGTH", "1000"))
CASES_WORDS = int(os.environ.get("ATTNLOGIC_CASES_WORDS", "100"))


@pytest.mark.slow
def test_language_cases_in_ltl_py_compile_and_check(language_cases):
    """Every case that is a member of LTL[P,Y]: the classifier's formula compiles and checks
    clean against the case's own regex DFA (not the formula's) on every prefix of
    CASES_WORDS words of length CASES_N (set ATTNLOGIC_CASES_LENGTH=100000 for the
    10^5 run recorded in docs/compiler.md)."""
    classify = pytest.importorskip("attnlogic.definability.engine.classify", reason="classification not available")
    from attnlogic.automata.regex import regex_to_dfa

    members = [c for c in language_cases if c["expected"].get("LTL[P,Y]")]
    assert members
    for case in members:
        dfa = regex_to_dfa(case["regex"], case["alphabet"])
        result = classify.classify(dfa, windows=())["LTL[P,Y]"]
        assert result.member, case["name"]
        c = compile_formula(result.formula, case["alphabet"])
        assert c.vocab.alphabet == tuple(case["alphabet"])
        c.model.set_kernel("auto")
        rep = check(c, dfa=dfa, long_length=CASES_N, long_count=CASES_WORDS, batch_tokens=1 << 17)
        assert rep.disagreements == 0, (case["name"], rep.counterexample)
        assert rep.decisions >= CASES_WORDS * (CASES_N + 1)


def test_example_compile_export_reload(tmp_path):
    """examples/compile_export_reload.py: compile, check, export, run in plain PyTorch."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "compile_export_reload.py"
    proc = subprocess.run([sys.executable, str(script), "--length", "2000", "--samples", "3", "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 disagreements" in proc.stdout and "all 103 prefix decisions agree" in proc.stdout
    assert (tmp_path / "model.safetensors").exists() and (tmp_path / "model.json").exists()


def test_check_a_model_that_was_not_compiled(tmp_path, capsys):
    """check --model reads any saved Transformer with the prefix-readout convention: here
    an untrained one, which must be reported as disagreeing (exit status 1)."""
    from attnlogic.transformer import Transformer, TransformerConfig, parse_pattern
    from attnlogic.transformer.io import save_model
    torch.manual_seed(0)
    model = Transformer(TransformerConfig(vocab_size=3, d_model=8, n_layers=1, heads=parse_pattern("hybrid:1", 2)))
    path, _ = save_model(model.eval(), tmp_path / "trained.safetensors")
    code, obj = cli_json(capsys, "check", "--model", str(path), "P (b & Y a)", "--alphabet", "ab",
                         "--max-length", "50", "--samples", "2")
    assert code == 1 and obj["disagreements"] > 0
    assert obj["exact_up_to"] == 0          # nothing is claimed for a model the compiler did not make
    assert main(["check", "--model", str(path), "P a"]) == 2   # no alphabet in the sidecar


def test_check_result_is_a_value_with_the_json_and_text_of_the_command(capsys):
    """check_compiled checks the given CompiledModel as it is and returns the one report type
    (that of attnlogic.testing.check); to_json() has exactly the command's keys; the text is
    rendered from the object."""
    import dataclasses

    from attnlogic.testing import ModelReport

    c = compile_formula("P a & Y[<=2] b", "ab")
    r = check_compiled(c, max_length=60, samples=3)
    assert type(r) is ModelReport and r.agrees
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.disagreements = 1
    assert set(r.to_json()) == CHECK_KEYS | {
        "model", "language", "oracle", "alphabet", "readout", "counterexample_length", "counterexample_shortest",
        "model_answer", "language_answer", "found_length", "exhaustive", "context", "shortened", "kinds",
        "tokens", "seconds", "formula", "dtype", "device", "kernel", "exact_up_to"}
    code, obj = cli_json(capsys, "check", "P a & Y[<=2] b", "--alphabet", "ab", "--max-length", "60",
                         "--samples", "3")
    assert code == 0
    mine = r.to_json()
    for key in ("words", "decisions", "disagreements", "counterexample", "exhaustive", "kinds",
                "formula", "alphabet", "exact_up_to", "oracle", "completed"):
        assert obj[key] == mine[key], key
    assert main(["check", "P a & Y[<=2] b", "--alphabet", "ab", "--max-length", "60", "--samples", "3"]) == 0
    text = capsys.readouterr().out.splitlines()
    throughput = [i for i, line in enumerate(text) if line.startswith("tokens per second")]
    assert [t for i, t in enumerate(text) if i not in throughput] == \
        [t for t in r.lines() if not t.startswith("tokens per second")]
    assert text[-1] == r.verdict() and text[-1].startswith("check complete: the model agrees")


def test_check_compiled_against_a_regex_and_a_wrong_formula():
    from attnlogic.automata.sources import load_language

    c = compile_formula("P (b & Y a)", "abc")
    lang = load_language(regex="(a|b|c)*ab(a|b|c)*", alphabet="abc")
    assert check_compiled(c, language=lang, max_length=200, samples=3).agrees
    wrong = check_compiled(c, language=load_language(regex="(a|b|c)*ba(a|b|c)*", alphabet="abc"),
                           max_length=200, samples=3)
    assert not wrong.agrees and wrong.shortest
    ce = wrong.counterexample      # shortest: the two languages first differ on ab / ba
    assert len(ce) == 2 and c.accepts(ce) == wrong.model_answer != wrong.language_answer


def test_compile_result_is_the_json_and_text_of_compile(tmp_path, capsys):
    c = compile_formula("P (b & Y a)", "abc")
    s = c.summary()
    assert s.to_json() == {"layers": 2, "heads": 2, "width": 5, "dtype": "float32", "exact_up_to": c.exact_up_to}
    assert c.exact_up_to > 100_000
    assert main(["compile", "P (b & Y a)", "--alphabet", "abc"]) == 0
    assert capsys.readouterr().out.splitlines() == s.lines()
