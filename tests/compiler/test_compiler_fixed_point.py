"""Fixed-point machines (attention weights rounded to p bits): the N_max bound is real and
tight without the P(ψ ∧ Pψ) patch, and the patched compilation is exact beyond it."""

from __future__ import annotations

import pytest
import torch
from hypothesis import HealthCheck, given, settings, strategies as st

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.compiler import compile_formula
from attnlogic.compiler.check import check_compiled
from attnlogic.ltl import parse, prefix_acceptance
from attnlogic.ltl.strategies import formulas
from attnlogic.testing import check
from attnlogic.transformer.fixed_point import FixedPoint, fixed_point_forward

torch.set_num_threads(1)


def test_format_rounds_to_nearest_even_and_saturates():
    q = FixedPoint(2, 3)      # multiples of 1/4 in [-7.75, 7.75]
    x = torch.tensor([0.125, 0.375, 0.1, -0.3, 100.0, -100.0, float("inf")])
    assert q(x).tolist() == [0.0, 0.5, 0.0, -0.25, 7.75, -7.75, 7.75]


def decisions(c, word, fmt):
    out = fixed_point_forward(c.model, c.vocab.encode(word).unsqueeze(0), fmt)[0, :, 0]
    return (out > 0).numpy()


@pytest.mark.parametrize("p", [3, 4, 5])
def test_bound_without_span_fix_is_tight(p):
    """Cleanup only: exact for words shorter than 2^(p+1); 'a'^(2^(p+1)) is the first failure:
    the 2^(p+1) weights of 1/2^(p+1) round to 0 (Li & Cotterell's N_max)."""
    fmt = FixedPoint(p, 16)
    c = compile_formula(parse("P a"), "ab", fixed_point=fmt, span_fix=False)
    bound = 2 ** (p + 1) - 1
    assert c.exact_up_to == bound
    w = "a" * (bound + 3)
    got, want = decisions(c, w, fmt), prefix_acceptance(parse("P a"), w)
    assert (got[: bound + 1] == want[: bound + 1]).all()          # every prefix up to the bound
    assert got[bound + 1] != want[bound + 1]                       # and the next one fails


@pytest.mark.parametrize("p", [3, 4])
def test_span_fix_is_exact_beyond_the_bound(p):
    fmt = FixedPoint(p, 16)
    c = compile_formula(parse("P a & !P (b & P (a & Y b))"), "ab", fixed_point=fmt)
    assert c.exact_up_to is None
    n = 4 * 2 ** (p + 1)
    for w in ["a" * n, "ab" * (n // 2), "b" * n + "a", "a" * n + "bab" + "a" * 10]:
        assert (decisions(c, w, fmt) == prefix_acceptance(parse(c.formula), w)).all(), w


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(f=st.integers(1, 3).flatmap(lambda k: formulas(("a", "b"), max_size=10, fragment=f"LTL[P,Y<={k}]")),
       seed=st.integers(0, 2**16))
def test_random_formulas_with_span_fix_agree_with_dfa_beyond_the_bound(f, seed):
    fmt = FixedPoint(3, 16)          # 2^(p+1) = 16 positions
    c = compile_formula(f, "ab", fixed_point=fmt)
    assert c.exact_up_to is None
    dfa = formula_to_dfa(f, list(c.vocab.alphabet), extend=True)
    rep = check(lambda t: fixed_point_forward(c.model, t, fmt), dfa=dfa, alphabet=c.vocab.alphabet,
                exhaustive_length=5, long_length=80, long_count=3, seed=seed, boundary=64, random=32)
    assert rep.disagreements == 0, (str(f), rep.counterexample)


def test_high_precision_simulation_matches_float_model():
    c = compile_formula(parse("P (b & Y a) | Y[<=3] !b"), "ab")
    w = "abbbabbaab" * 8
    with torch.no_grad():
        ref = c.model(c.vocab.encode(w).unsqueeze(0))[0, :, 0]
    sim = fixed_point_forward(c.model, c.vocab.encode(w).unsqueeze(0), FixedPoint(12, 12))[0, :, 0]
    # rounded weights: values near ±1 (not exact: 1/q is rounded), same decisions
    assert torch.equal(sim > 0, ref > 0)
    assert (sim.float() - ref).abs().max() <= 2 ** -8


def test_check_compiled_fixed_point_finds_the_n_max_failure():
    """Without the patch, P a fails first at 16 = 2^(p+1) letters: the check finds it and the
    shrinking brings the counterexample down to that length."""
    fmt = FixedPoint(3, 16)
    bad = check_compiled(formula="P a", alphabet=["a", "b"], max_length=40, samples=6, fixed_point=fmt,
                         span_fix=False, exhaustive=4).to_json()
    assert bad["exact_up_to"] == 15 and bad["disagreements"] > 0 and len(bad["counterexample"]) == 16
    good = check_compiled(formula="P a", alphabet=["a", "b"], max_length=40, samples=6, fixed_point=fmt,
                          exhaustive=4).to_json()
    assert good["exact_up_to"] is None and good["disagreements"] == 0


def test_too_few_integer_bits_claims_nothing():
    c = compile_formula(parse("P a"), "ab", fixed_point=FixedPoint(8, 9))
    assert c.exact_up_to == 0
