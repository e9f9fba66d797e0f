"""Star-free languages into masked hard-attention models (B-RASP heads: S by the rightmost
maximiser, Yang, Chiang and Angluin 2024): the kernel against brute force, compiled formulas
and languages against their DFA, their proofs (exact: every length), ``compile --pattern``,
and planted miscompilations of hard heads refused by ``verify --model``."""

from __future__ import annotations

import json

import pytest
import torch
from safetensors.torch import load_file, save_file

import attnlogic as al
from attnlogic.cli import main
from attnlogic.ltl import random_formula
from attnlogic.pipeline import compile_language
from attnlogic.testing.model_proof import verify_saved_model
from attnlogic.transformer.attention import hard_attention


def _brute(q, k, v):
    B, H, N, _ = q.shape
    out = torch.zeros(B, H, N, v.shape[-1], dtype=v.dtype)
    for b in range(B):
        for h in range(H):
            for n in range(1, N):
                s = [float((q[b, h, n] * k[b, h, m]).sum()) for m in range(n)]
                m = max(i for i in range(n) if s[i] == max(s))        # the rightmost maximiser
                out[b, h, n] = v[b, h, m]
    return out


@pytest.mark.parametrize("constant_query", [True, False])
def test_hard_attention_is_the_rightmost_maximiser(constant_query):
    g = torch.Generator().manual_seed(3)
    B, H, N = 2, 2, 23
    k = torch.randint(0, 3, (B, H, N, 1), generator=g).float()          # many ties
    v = torch.randn(B, H, N, 2, generator=g)
    q = torch.ones(B, H, N, 1) if constant_query else torch.randint(-1, 2, (B, H, N, 1), generator=g).float()
    assert torch.equal(hard_attention(q, k, v), _brute(q, k, v))


@pytest.mark.slow
@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float16"])
def test_formulas_with_since_compile_exactly_at_every_length(dtype, tmp_path):
    for seed in range(5):
        f = random_formula(seed, ["a", "b", "c"], (4, 12), "LTL[S]")
        c = al.compile_formula(f, ["a", "b", "c"], dtype=dtype, hard=True)
        assert all(str(h.spec) == "hard" for layer in c.plan.heads for h in layer)
        assert c.exact_up_to is None, str(f)
        assert al.check_compiled(c, max_length=400, samples=2).agrees, str(f)
        path = tmp_path / f"m{seed}.safetensors"
        c.save(path)
        r = verify_saved_model(path)
        assert r.valid and r.length is None and r.max_error == 0.0, (str(f), r.reason)


def test_a_star_free_language_outside_the_softmax_fragments_gets_hard_heads():
    lang = al.load_language(formula="a S b", alphabet="abc")   # after the last b only a's
    r = compile_language(lang, check_length=2000, check_samples=2)
    assert r.fragment == "LTL[S]" and r.check.agrees
    assert {str(h.spec) for layer in r.compiled.plan.heads for h in layer} == {"hard"}
    # asked for softmax global heads: refused with LTL[P]'s witness
    with pytest.raises(al.pipeline.NotCompilable, match=r"not in LTL\[P\] \(pattern global\): '.*' is in"):
        compile_language(lang, pattern="global")


def test_the_pattern_chooses_the_target():
    lang = al.load_language(regex="(a|b)*ab(a|b)*", alphabet="ab")
    soft = compile_language(lang, check_length=200, check_samples=1)
    hard = compile_language(lang, pattern="masked_hard", check_length=200, check_samples=1)
    assert soft.fragment != "LTL[S]" and hard.fragment == "LTL[S]"
    assert "hard" not in {str(h.spec) for layer in soft.compiled.plan.heads for h in layer}
    assert {str(h.spec) for layer in hard.compiled.plan.heads for h in layer} == {"hard"}
    assert soft.check.agrees and hard.check.agrees


def test_a_language_that_is_not_star_free_is_refused_with_its_witness(capsys):
    assert main(["compile", "--regex", "(aa)*", "--alphabet", "a", "--pattern", "masked_hard"]) == 2
    err = capsys.readouterr().err
    assert "not in LTL[S] (pattern masked_hard)" in err and "is in the language" in err


def test_cli_compile_masked_hard_and_verify(tmp_path, capsys):
    out = tmp_path / "h.safetensors"
    assert main(["compile", "a S b", "--alphabet", "abc", "--pattern", "masked_hard", "--check-length", "300",
                 "--out", str(out), "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["fragment"] == "LTL[S]" and obj["exact_up_to"] is None and obj["check"]["disagreements"] == 0
    assert main(["verify", "--model", str(out)]) == 0
    m, side = al.transformer.io.load_model(out)
    assert side["config"]["heads"] == [["hard"]]


def test_a_tie_broken_the_other_way_is_refused(tmp_path):
    """b S a over abc scores ¬b ∨ a = 1 − x_b (a and c positions tie at 1); a weight of
    −2^-10 on the a coordinate makes c outrank a: the head takes the rightmost c, not the
    rightmost of both (on "ca" it reads c and answers no)."""
    c = al.compile_formula("b S a", ["a", "b", "c"], hard=True)
    path = tmp_path / "m.safetensors"
    c.save(path)
    sd = load_file(str(path))
    col = c.plan.atoms.index("a")
    sd["blocks.0.attn.k.weight"][0, col] = -(2.0 ** -10)
    save_file(sd, str(path))
    assert main(["verify", "--model", str(path)]) == 1
    assert not al.check_compiled(str(path), max_length=100, samples=2).agrees       # caught
    # −2^-30: 1 − 2^-30 rounds to 1 in float32, the model still ties and answers right, but
    # the proof does not establish the exact tie (refused: the check is sound, not complete)
    sd["blocks.0.attn.k.weight"][0, col] = -(2.0 ** -30)
    save_file(sd, str(path))
    assert main(["verify", "--model", str(path)]) == 1
    assert al.check_compiled(str(path), max_length=100, samples=2).agrees


def test_a_hard_heads_mask_shifted_is_refused(tmp_path):
    c = al.compile_formula("b S a", ["a", "b", "c"], hard=True)
    path = tmp_path / "m.safetensors"
    c.save(path)
    side = json.loads(path.with_suffix(".json").read_text())
    side["config"]["heads"] = [["global"]]
    path.with_suffix(".json").write_text(json.dumps(side))
    assert main(["verify", "--model", str(path)]) == 1
    assert not al.check_compiled(str(path), max_length=100, samples=2).agrees


@pytest.mark.slow
def test_the_star_free_languages_of_two_states_compile_check_and_prove(tmp_path):
    """The cheap sample of benchmarks/bench_star_free_census.py (which runs the census of
    3 states on words of 10^5 letters): every star-free language of at most 2 states over
    ab, compiled for masked_hard, agrees with its DFA and its proof holds at every length."""
    from attnlogic.automata.sources import Language
    from attnlogic.definability.census import census

    c = census(2, "ab")
    i = [str(f) for f in c.fragments].index("LTL[S]")
    star_free = [e for e in c.entries if e.verdicts[i]]
    assert 0 < len(star_free) < len(c.entries)
    for n, e in enumerate(star_free):
        r = compile_language(Language(e.dfa, "dfa", "<DFA object>"), pattern="masked_hard",
                             check_length=300, check_samples=1)
        assert r.check.agrees
        path = tmp_path / f"m{n}.safetensors"
        r.compiled.save(path)
        p = verify_saved_model(path)
        assert p.valid and p.length is None, p.reason
