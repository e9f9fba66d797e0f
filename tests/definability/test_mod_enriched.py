"""The MOD-enriched fragments LTL[S,MOD], LTL[P,Y,MOD], LTL[P,MOD] (periodic positional
encodings; docs/decision-procedures.md §12): every certificate against the reference
evaluator on all short words (an oracle independent of formula → DFA), the witness families
and tagged pairs by their checks, corrupted ones refused, the verdicts against procedures
of another kind (counters on the tagged DFA at many moduli; LTL[P,Y] on τ_m(L) for many
multiples of the stability index) on the census of small DFAs."""

from __future__ import annotations

import itertools
import json
from functools import lru_cache

import pytest

import attnlogic
from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.sources import load_language
from attnlogic.automata.tagged import tagged_dfa
from attnlogic.definability.algebra.counters import decide_aperiodic
from attnlogic.definability.algebra.semigroup import transition_semigroup
from attnlogic.definability.checks.verify_mod import stability_index, verify_family, verify_tagged_pair
from attnlogic.definability.contract.procedure import Context
from attnlogic.definability.engine.registry import language_class
from attnlogic.definability.fragments import locally_r_trivial
from attnlogic.definability.fragments.quasi_aperiodic import stable_semigroup
from attnlogic.ltl import parse
from attnlogic.ltl.evaluate import accepts
from attnlogic.ltl.formula import Mod

MOD_CLASSES = ("LTL[S,MOD]", "LTL[P,Y,MOD]", "LTL[P,MOD]")


def words(alphabet, n):
    for k in range(n + 1):
        yield from itertools.product(alphabet, repeat=k)


def answers(dfa, classes=MOD_CLASSES, certificates=True):
    r = attnlogic.classify(dfa, windows=(), classes=list(classes), certificates=certificates)
    return {c: r[c] for c in classes}


def certificate_formula(result):
    return parse(result.to_json()["certificate"]["formula"])


def agrees_on_short_words(dfa, f, n=9):
    """The formula (reference evaluator, N+1 readout) and the DFA on every word of length ≤ n."""
    return all(accepts(f, list(w)) == dfa.accepts(list(w)) for w in words(dfa.alphabet, n))


@pytest.mark.parametrize("source, alphabet, expected", [
    (("regex", "(aa)*"), "a", {"LTL[S,MOD]": True, "LTL[P,Y,MOD]": True, "LTL[P,MOD]": True}),
    (("regex", "((a|b)(a|b))*"), "ab", {"LTL[S,MOD]": True, "LTL[P,Y,MOD]": True, "LTL[P,MOD]": True}),
    (("formula", "MOD[2,1] & P a"), "ab", {"LTL[S,MOD]": True, "LTL[P,Y,MOD]": True, "LTL[P,MOD]": True}),
    (("formula", "P (a & MOD[2,1])"), "ab", {"LTL[S,MOD]": True, "LTL[P,Y,MOD]": True, "LTL[P,MOD]": True}),
    (("formula", "P (a & MOD[3,1] & Y b)"), "ab", {"LTL[S,MOD]": True, "LTL[P,Y,MOD]": True,
                                                    "LTL[P,MOD]": False}),
    (("regex", "(b*ab*a)*b*"), "ab", {"LTL[S,MOD]": False, "LTL[P,Y,MOD]": False, "LTL[P,MOD]": False}),
    (("regex", "(aaa)*"), "a", {"LTL[S,MOD]": True, "LTL[P,MOD]": True}),
    (("regex", "(ab)*"), "ab", {"LTL[S,MOD]": True, "LTL[P,Y,MOD]": True, "LTL[P,MOD]": True}),
    (("formula", "P (b & MOD[3,0] & P (a & MOD[2,1]))"), "ab", {"LTL[P,MOD]": True}),
    (("regex", "(b|a(a|b))*"), "ab", {"LTL[P,MOD]": False}),
])
def test_brute_force_at_fixed_modulus(source, alphabet, expected):
    """Each verdict as expected (by hand: even length is MOD[2,1] at N+1, "an a at an odd
    position" is P(a & MOD[2,1]), parity of the a's needs a group; "an a at a position ≡ 1
    mod 3 right after a b" needs Y: its DFA's cycle of phases has two successors per state),
    and each certificate a
    formula with MOD atoms that the reference evaluator agrees with on all short words; each
    answer passes its class's check."""
    dfa = load_language(**{source[0]: source[1]}, alphabet=alphabet).dfa
    got = answers(dfa, tuple(expected))
    for name, want in expected.items():
        assert got[name].member is want, (name, got[name].method)
    for name, r in got.items():
        j = r.to_json()
        if r.member and "certificate" in j:
            f = certificate_formula(r)
            assert agrees_on_short_words(dfa, f), (name, j["certificate"]["formula"])
        if r.member is not None:
            assert language_class(name).check(dfa, j, "").valid, (name, j)


def test_even_length_is_a_root_mod_predicate():
    dfa = load_language(regex="(aa)*", alphabet="a").dfa
    for name, r in answers(dfa).items():
        f = certificate_formula(r)
        assert {g.m for g in f.subformulas() if isinstance(g, Mod)} == {2}, name
        assert f.size <= 6, (name, str(f))


def _parity():
    return load_language(regex="(b*ab*a)*b*", alphabet="ab").dfa


def test_parity_family_is_checked_and_corruptions_refused():
    dfa = _parity()
    r = answers(dfa, ("LTL[S,MOD]",))["LTL[S,MOD]"]
    wit = r.to_json()["witness"]
    assert verify_family(dfa, wit).valid
    # the family's pairs, for moduli and depths beyond those the check runs: one in, one out
    fam = r.witness
    for m, n in [(7, 0), (10, 1), (12, 2)]:
        x, y = fam.pair(m, n)
        assert dfa.accepts(list(x)) != dfa.accepts(list(y))
        block = (fam.exponent + 1) * len(fam.u) + ((-(fam.exponent + 1)) % m) * len(fam.w)
        assert block % m == 0
    corrupt = [dict(wit, u=wit["u"] + "b"),                 # |u| ≠ |w|
               dict(wit, prefix="a"),                       # the context no longer separates
               dict(wit, exponent=wit["exponent"] + 1),     # T(u)^E not the idempotent with that g
               dict(wit, order=wit["order"] + 1),
               dict(wit, accepted=wit["rejected"], rejected=wit["accepted"]),
               dict(wit, w="a")]
    for bad in corrupt:
        assert not verify_family(dfa, bad).valid, bad
    # a star-free language refutes any family
    star_free = load_language(regex="(a|b)*a(a|b)*", alphabet="ab").dfa
    assert not verify_family(star_free, wit).valid


def test_a_false_yes_is_refused():
    dfa = _parity()
    fake = {"member": True, "certificate": {"formula": "MOD[2,1]"}}
    assert not language_class("LTL[S,MOD]").check(dfa, fake, "").valid
    even = load_language(regex="(aa)*", alphabet="a").dfa
    # a formula with S is not one of LTL[P,MOD] even when it defines the language
    fake = {"member": True, "certificate": {"formula": "MOD[2,1] & !(a S false)"}}
    assert language_class("LTL[S,MOD]").check(even, fake, "").valid
    assert not language_class("LTL[P,MOD]").check(even, fake, "").valid


def _census(n_states, alphabet="ab"):
    return [d for n in range(1, n_states + 1) for d in minimal_dfas(n, tuple(alphabet))]


@lru_cache(maxsize=None)
def _sample() -> tuple:
    """Every minimal DFA with ≤ 2 states over ab and every 8th with 3 (the whole census ≤ 3
    is compared with MeSCaL's answers in test_mescal.py)."""
    return tuple(_census(2)) + tuple(minimal_dfas(3, ("a", "b")))[::8]


def test_stability_index_two_ways():
    """The stable semigroup's index: Froidure–Pin's right Cayley graph here, sets of
    transformations in the check (tuples, no semigroup code)."""
    for dfa in _census(3):
        st = stable_semigroup(transition_semigroup(dfa))
        assert st.s == stability_index(dfa)
        assert all(len(w) == st.s for w in st.words.values())


def test_a_yes_without_formula_is_re_decided():
    """verify re-decides a "yes" of LTL[S,MOD] printed without a formula from the stable
    semigroup (tuples, no semigroup code), against the procedure on the sample."""
    check = language_class("LTL[S,MOD]").check
    for dfa in _sample():
        r = answers(dfa, ("LTL[S,MOD]",), certificates=False)["LTL[S,MOD]"]
        assert check(dfa, {"member": True}, "").valid is r.member


def test_quasi_aperiodicity_against_counters_on_tagged_dfas():
    """L ∈ LTL[S,MOD] iff τ_m(L) is aperiodic for some m (Kamp and the untagging), tested with
    the counter search on the tagged DFA for m = 1 … 8: a "yes" has such an m dividing s, a
    "no" has none (the theorem says none for any m)."""
    for dfa in _sample():
        r = answers(dfa, ("LTL[S,MOD]",), certificates=False)["LTL[S,MOD]"]
        s = stability_index(dfa)
        tagged = {m: decide_aperiodic(tagged_dfa(dfa, m)).member for m in range(1, 9)}
        if r.member:
            assert tagged[s] if s <= 8 else True
        else:
            assert not any(tagged.values())


def test_locally_r_trivial_modulus_bound():
    """τ_m(L) ∈ LTL[P,Y] for a multiple m of 2s iff for m = 2s (the docs' theorem), tested for
    m = 2s … 6s on the sample with s ≤ 3; and the verdict is that of m = 2s."""
    checked = 0
    for dfa in _sample():
        s = stability_index(dfa)
        if s > 3:
            continue
        verdicts = [locally_r_trivial.locally_r_trivial_verdict(Context(tagged_dfa(dfa, k * s))).member
                    for k in (2, 3, 4, 6)]
        assert len(set(verdicts)) == 1, verdicts
        r = answers(dfa, ("LTL[P,Y,MOD]",), certificates=False)["LTL[P,Y,MOD]"]
        assert r.member is verdicts[0] or (r.member is False and r.witness is not None)
        checked += 1
    assert checked > 50


@pytest.mark.slow
def test_tagged_pair_and_its_corruptions():
    """A language in LTL[S,MOD] but not LTL[P,Y,MOD]: its "no" is a tagged pair, checked;
    a pair at a modulus not a multiple of 2s, or of another language, is refused."""
    from attnlogic.automata.dfa import DFA
    dfa = DFA(("a", "b"), [[0, 1], [0, 0]], 0, [True, False])      # (b | a(a|b))*
    r = answers(dfa, ("LTL[S,MOD]", "LTL[P,Y,MOD]"))
    assert r["LTL[S,MOD]"].member and r["LTL[P,Y,MOD]"].member is False
    wit = r["LTL[P,Y,MOD]"].to_json()["witness"]
    assert wit["kind"] == "tagged pair" and wit["modulus"] == 2 * stability_index(dfa)
    assert verify_tagged_pair(dfa, wit).valid
    assert language_class("LTL[P,Y,MOD]").check(dfa, r["LTL[P,Y,MOD]"].to_json(), "").valid
    # the same pair proves the "no" of LTL[P,MOD] ⊆ LTL[P,Y,MOD], and nothing of LTL[S,MOD]
    p_answer = answers(dfa, ("LTL[P,MOD]",))["LTL[P,MOD]"].to_json()
    assert p_answer["member"] is False and language_class("LTL[P,MOD]").check(dfa, p_answer, "").valid
    assert not language_class("LTL[S,MOD]").check(dfa, dict(p_answer, member=False), "").valid
    assert not verify_tagged_pair(dfa, dict(wit, modulus=wit["modulus"] + 1)).valid
    assert not verify_tagged_pair(dfa, dict(wit, stability_index=wit["stability_index"] + 1)).valid
    assert not verify_tagged_pair(dfa, dict(wit, rejected=wit["accepted"])).valid
    # the instantiation it carries is what is checked; without it the identity is re-decided
    v = wit["violation"]
    assert "instantiation" in verify_tagged_pair(dfa, wit).reason
    bare = {k: x for k, x in wit.items() if k != "violation"}
    assert verify_tagged_pair(dfa, bare).valid and "instantiation" not in verify_tagged_pair(dfa, bare).reason
    assert not verify_tagged_pair(dfa, dict(wit, violation=dict(v, **{"in": v["out"], "out": v["in"]}))).valid
    same = dict(v["assignment"], y=v["assignment"]["x"])                 # y := x: no violation there
    assert not verify_tagged_pair(dfa, dict(wit, violation=dict(v, assignment=same))).valid
    wrong_power = [[e, n + 1] for e, n in v["exponents"]]
    assert not verify_tagged_pair(dfa, dict(wit, violation=dict(v, exponents=wrong_power))).valid
    # a language in LTL[P,Y,MOD] with the same stability index refutes it
    other = load_language(formula="P (a & MOD[2,1])", alphabet="ab").dfa
    assert stability_index(other) == wit["stability_index"]
    assert not verify_tagged_pair(other, dict(wit, accepted="", rejected="")).valid


def test_inclusions_hold_on_the_census():
    """LTL[S] ⊆ LTL[S,MOD], LTL[P,Y] ⊆ LTL[P,Y,MOD] ⊆ LTL[S,MOD], LTL[P] ⊆ LTL[P,MOD] ⊆
    LTL[P,Y,MOD]: classify raises on a contradiction; here every yes of the smaller class
    is a yes of the larger one."""
    for dfa in _sample():
        r = attnlogic.classify(dfa, windows=(), classes=list(MOD_CLASSES), certificates=False)
        for small, large in [("LTL[S]", "LTL[S,MOD]"), ("LTL[P,Y]", "LTL[P,Y,MOD]"), ("LTL[P]", "LTL[P,MOD]"),
                             ("LTL[P,MOD]", "LTL[P,Y,MOD]"), ("LTL[P,Y,MOD]", "LTL[S,MOD]")]:
            if r[small].member:
                assert r[large].member, (small, large)


def test_command_line_classify_and_verify(tmp_path, capsys):
    from attnlogic.cli import main

    assert main(["classify", "--regex", "(b*ab*a)*b*", "--alphabet", "ab", "--class", "mod", "--json",
                 "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(out))
    for name in MOD_CLASSES:
        assert main(["verify", "--regex", "(b*ab*a)*b*", "--alphabet", "ab", "--class", name,
                     "--answer", str(path)]) == 0
    capsys.readouterr()


@pytest.mark.slow
def test_global_attention_with_mod_against_mescal_pl_mod():
    """LTL[P,MOD] against MeSCaL's PL(MOD) (P with the modalities "the infix has a length in a
    class mod m") on its 1,154 languages: every language answered, as MeSCaL answers it, and
    every answer (its formula or its counter pair family) passes the class's check, with
    and without a separator between letters (test_mescal.py compares the verdicts too)."""
    from pathlib import Path
    folder = Path(__file__).parent.parent / "data" / "mescal"
    d = json.loads((folder / "mescal_answers.json").read_text(encoding="utf-8"))
    from attnlogic.automata.dfa import DFA
    n = d["membership"]["languages"]
    bits = d["membership"]["answers"]["PL(MOD)"]
    check = language_class("LTL[P,MOD]").check
    for i, rec in enumerate(d["languages"][:n]):
        dfa = DFA(tuple(d["alphabet"]), rec["table"], 0, rec["accepting"])
        r = attnlogic.classify(dfa, windows=(), classes=["LTL[P,MOD]"])["LTL[P,MOD]"]
        assert r.member == (bits[i] == "1"), i
        for sep in ("", ","):
            assert check(dfa, r.to_json(sep), sep).valid, (i, sep)
        if r.member:
            assert r.certificate is not None, i


def test_counters_two_ways_and_the_yes_without_formula():
    """The decider's test (components by Tarjan, successors per state) and the check's
    (reachability sets, in verify_mod) agree on the census ≤ 3; a "yes" printed without a
    formula is re-decided by the check, a false one refused."""
    from attnlogic.definability.checks.verify_mod import counters_hold
    from attnlogic.definability.fragments.mod_r_trivial import decide_counters
    from attnlogic.automata.graphs import dfa_sccs
    check = language_class("LTL[P,MOD]").check
    yes = 0
    for dfa in minimal_dfas(3, ("a", "b")):        # every minimal DFA with at most 3 states
        v = decide_counters(dfa, dfa_sccs(dfa))
        assert v.member is counters_hold(dfa)
        assert check(dfa, {"member": True}, "").valid is v.member
        yes += v.member
    assert yes == 134          # MeSCaL's PL(MOD) on the census ≤ 3 (tests/data/mescal)


def _counter_family(regex="(b*ab*a)*b*"):
    dfa = load_language(regex=regex, alphabet="ab").dfa
    r = answers(dfa, ("LTL[P,MOD]",))["LTL[P,MOD]"]
    assert r.member is False
    return dfa, r


def test_counter_family_is_checked_and_corruptions_refused():
    """The "no" of LTL[P,MOD] for a language in LTL[S,MOD] but not LTL[P,Y,MOD], and for
    parity: the family checked, its pairs for moduli and depths beyond those the check runs
    one in and one out with |X| ≡ |Y| ≡ 0 mod m; corrupted families refused."""
    from attnlogic.definability.checks.verify_mod import verify_counter_family
    for regex in ("(b*ab*a)*b*", "(b|a(a|b))*", "(a|b)*a(a|b)(a|b)"):
        dfa, r = _counter_family(regex)
        wit = r.to_json()["witness"]
        assert wit["kind"] == "counter pair family"
        assert verify_counter_family(dfa, wit).valid, regex
        for m, n in [(5, 0), (7, 3), (12, 2)]:
            x, y = r.witness.pair(m, n)
            assert dfa.accepts(list(x)) != dfa.accepts(list(y)), (regex, m, n)
            assert (len(y) - len(x)) % m == 0
    dfa, r = _counter_family()
    wit = r.to_json()["witness"]
    corrupt = [dict(wit, accepted=wit["rejected"], rejected=wit["accepted"]),   # the example swapped
               dict(wit, back_a=wit["back_a"] + "b"),                         # not back to c
               dict(wit, loops=[wit["loops"][0] + "b"]),                      # not a loop at c
               dict(wit, loops=["aa"]),                                       # gcd 2 does not divide |b back_b|
               dict(wit, suffix="b"),                                         # c·a, c·b not separated
               dict(wit, b=wit["a"]),                                         # one successor
               dict(wit, a="c")]                                              # not a letter
    for bad in corrupt:
        assert not verify_counter_family(dfa, bad).valid, bad
    # the family of parity refutes a language in LTL[P,MOD] with the same shape of states
    even = load_language(regex="((a|b)(a|b))*", alphabet="ab").dfa
    assert not verify_counter_family(even, wit).valid
    # and it proves nothing of LTL[P,Y,MOD] or LTL[S,MOD]
    assert not language_class("LTL[P,Y,MOD]").check(dfa, r.to_json(), "").valid


def _random_p_mod(rng, depth, moduli, letters="ab"):
    """A random formula of LTL[P,MOD] of P-depth ≤ ``depth`` with MOD atoms of ``moduli``."""
    from attnlogic.ltl.formula import Atom, and_, not_, or_, past_
    kind = rng.integers(0, 6) if depth > 0 else rng.integers(0, 4)
    if kind == 0:
        return Atom(letters[rng.integers(0, len(letters))])
    if kind == 1:
        m = moduli[rng.integers(0, len(moduli))]
        return Mod(int(m), int(rng.integers(0, m)))
    if kind == 2:
        return not_(_random_p_mod(rng, depth, moduli, letters))
    if kind == 3:
        op = and_ if rng.integers(0, 2) else or_
        return op(_random_p_mod(rng, depth, moduli, letters), _random_p_mod(rng, depth, moduli, letters))
    return past_(_random_p_mod(rng, depth - 1, moduli, letters))


def test_no_small_formula_separates_a_family_pair():
    """The non-separation half of the proof of §12.4, tested: 400 random LTL[P,MOD] formulas
    of P-depth ≤ n with moduli dividing m take the same value (reference evaluator) on the
    family's pair for (m, n), for three languages and (m, n) = (2, 1), (4, 2), (6, 2)."""
    import numpy as np
    rng = np.random.default_rng(42)
    for regex in ("(b*ab*a)*b*", "(b|a(a|b))*", "(a|b)*a(a|b)(a|b)"):
        _, r = _counter_family(regex)
        for m, n in [(2, 1), (4, 2), (6, 2)]:
            x, y = r.witness.pair(m, n)
            moduli = [d for d in range(2, m + 1) if m % d == 0]
            for _ in range(400):
                f = _random_p_mod(rng, n, moduli)
                assert accepts(f, list(x)) == accepts(f, list(y)), (regex, m, n, str(f))


def test_random_formulas_of_the_fragment_are_members():
    """Every language of 80 random LTL[P,MOD] formulas (moduli 2, 3, 4, P-depth ≤ 3) is
    answered "yes", with a formula that the reference evaluator agrees with on all words up
    to length 8: a "no" is never given to a language the fragment defines."""
    import numpy as np
    from attnlogic.automata.from_formula import formula_to_dfa
    rng = np.random.default_rng(2026)
    sizes = set()
    for _ in range(80):
        f = _random_p_mod(rng, 3, [2, 3, 4])
        dfa = formula_to_dfa(f, ("a", "b"))
        r = answers(dfa, ("LTL[P,MOD]",))["LTL[P,MOD]"]
        assert r.member is True, (str(f), r.method)
        assert agrees_on_short_words(dfa, certificate_formula(r), 8), str(f)
        sizes.add(dfa.n_states)
    assert max(sizes) >= 6


def test_patterns_with_a_periodic_encoding(capsys):
    """``--pattern masked_hard+pe`` (and hybrid:1+pe, global+pe) asks the class the registry
    names for it; a +pe pattern without one is refused (exit 2)."""
    from attnlogic.cli import main
    from attnlogic.definability.engine.registry import ENCODED_PATTERNS

    assert main(["classify", "--regex", "(aa)*", "--alphabet", "a", "--json", "--no-progress"]
                + [w for p in ENCODED_PATTERNS for w in ("--pattern", p)] + ["--pattern", "masked_hard"]) == 0
    out = json.loads(capsys.readouterr().out)["patterns"]
    assert {p: out[p]["fragment"] for p in ENCODED_PATTERNS} == ENCODED_PATTERNS
    assert all(out[p]["can"] for p in ENCODED_PATTERNS) and out["masked_hard"]["can"] is False
    assert main(["classify", "--regex", "(aa)*", "--pattern", "local:1+pe", "--no-progress"]) == 2
    capsys.readouterr()


def test_a_yes_beyond_the_check_budget_is_printed_without_formula():
    """A chain of counters of periods 2, 3, 4, 5 (its formula needs a clock of 60): with a
    small budget for the exact check the answer is "yes" without a formula, which verify
    re-decides; with the default budget the formula is built and checked."""
    import numpy as np
    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.contract.procedure import Context
    from attnlogic.definability.fragments.mod_r_trivial import CLASS, PROCEDURE
    from attnlogic.kernel.limits import Limits
    periods, base = (2, 3, 4, 5), [0, 2, 5, 9, 14]
    t = np.full((15, 2), 14)
    for i, p in enumerate(periods):
        for j in range(p):
            t[base[i] + j, 0] = base[i] + (j + 1) % p
            if i + 1 < len(periods):
                t[base[i] + j, 1] = base[i + 1] + (7 * j) % periods[i + 1]
    dfa = DFA(("a", "b"), t, 0, [q % 3 == 0 for q in range(15)]).minimal()
    small = PROCEDURE.decide(CLASS, Context(dfa, Limits(check_states=50)), {})
    assert small.member is True and small.certificate is None and "no formula" in small.method
    assert CLASS.check(dfa, small.to_json(), "").valid
    full = PROCEDURE.decide(CLASS, Context(dfa), {})
    assert full.member is True and full.certificate is not None
    assert agrees_on_short_words(dfa, certificate_formula(full), 7)


def _definable_at(dfa, m: int, d: int) -> bool:
    """Brute force, independent of the procedure: whether L(dfa) is defined by some formula
    of LTL[P,MOD] of P-depth ≤ d whose moduli divide m.  Such a formula's value at N+1 is a
    function of the residue of N+1 and of the set of depth-(d−1) types of the letter
    positions, a depth-j type being the tagged letter (letter, position mod m) and, for j ≥ 1,
    the set of depth-(j−1) types of the positions before; every such function is a formula.
    So L is definable iff acceptance is a function of that readout type on every reachable
    state of the product of the DFA with the types (breadth first, exact)."""
    rows = [list(map(int, r)) for r in dfa.transitions]
    start = (int(dfa.initial), 0, tuple(frozenset() for _ in range(d)))
    seen, todo, verdict = {start}, [start], {}
    while todo:
        q, c, S = todo.pop()
        accepted = bool(dfa.accepting[q])
        if verdict.setdefault((c, S[-1]), accepted) != accepted:
            return False
        pos = (c + 1) % m
        for a in range(len(rows[q])):
            types = [(a, pos)] + [(a, pos, S[j - 1]) for j in range(1, d)]
            nxt = (rows[q][a], pos, tuple(S[j] | {types[j]} for j in range(d)))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return True


def test_brute_force_formulas_of_small_depth_on_the_census():
    """Every language of the census ≤ 3 over ab that some LTL[P,MOD] formula of P-depth ≤ 2
    with moduli dividing 2 (or of P-depth ≤ 3 without MOD) defines is answered "yes"; and
    that brute force confirms most of the "yes" answers on its own."""
    from attnlogic.automata.graphs import dfa_sccs
    from attnlogic.definability.fragments.mod_r_trivial import decide_counters
    confirmed = 0
    for dfa in minimal_dfas(3, ("a", "b")):
        member = decide_counters(dfa, dfa_sccs(dfa)).member
        for m, d in [(1, 3), (2, 2)]:
            if _definable_at(dfa, m, d):
                assert member, (dfa.transitions.tolist(), m, d)
                confirmed += (m, d) == (2, 2)
    assert confirmed >= 120


def test_the_verdict_alone_is_the_verdict_with_its_witness():
    """``locally_r_trivial.is_locally_r_trivial`` (no witness built; LTL[P,Y,MOD] asks it of each
    τ_m(L) but the last) says what ``locally_r_trivial_verdict`` says, on every 5th census language
    ≤ 3/ab and its tagged DFAs τ_2, τ_3, τ_4, both verdicts occurring."""
    seen = set()
    for dfa in list(minimal_dfas(3, "ab"))[::5]:
        for d in (dfa, *(tagged_dfa(dfa, m) for m in (2, 3, 4))):
            full = locally_r_trivial.locally_r_trivial_verdict(Context(d)).member
            assert locally_r_trivial.is_locally_r_trivial(Context(d)) is full, d
            seen.add(full)
    assert seen == {True, False}
