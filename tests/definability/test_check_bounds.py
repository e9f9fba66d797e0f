"""A check that stops at its own bound verifies nothing: it raises
(:class:`~attnlogic.kernel.errors.CheckBoundExceeded`, or the LimitExceeded of the budget it
passed) instead of returning a failed check, so that ``verify`` refuses (exit 2, one line on
stderr, no "NOT valid") and a classification leaves the answer undecided; a check that returns
``valid=False`` found a fault, whatever its reason's text says (docs/decision-procedures.md,
"A decider's own answer whose independent check stops at the check's bound")."""

from __future__ import annotations

import json

import pytest

import attnlogic
from attnlogic.cli import main
from attnlogic.definability.checks import verify_group_kernels
from attnlogic.definability.checks.verify import Check, require_valid
from attnlogic.definability.checks.verify_group_kernels import TransitionMonoid, kernel_at_modulus
from attnlogic.definability.fragments import mod_locally_r_trivial
from attnlogic.kernel import limits as _limits
from attnlogic.kernel.errors import CheckBoundExceeded

EVEN_A_BLOCKS = "(aa|b)*"        # in PL(AMT) (modulus 2), not in LTL[P,Y,MOD]


def _answer_file(tmp_path, capsys, regex: str, name: str):
    assert main(["classify", "--regex", regex, "--alphabet", "ab", "--class", name, "--json"]) == 0
    path = tmp_path / "answer.json"
    path.write_text(capsys.readouterr().out)
    return path


def _verify(capsys, regex: str, name: str, path) -> tuple[int, str, str]:
    rc = main(["verify", "--regex", regex, "--alphabet", "ab", "--class", name, "--answer", str(path)])
    out, err = capsys.readouterr()
    return rc, out, err


def test_a_reason_text_is_no_verdict():
    """``require_valid`` reads ``valid`` alone: a failed check is a fault (a bug), even when its
    reason says "not re-checked" (the text once decided it)."""
    require_valid("the answer", Check(True, "not re-checked: words only"))
    with pytest.raises(AssertionError, match="fails its check"):
        require_valid("the answer", Check(False, "not re-checked: the orbits are too large"))


def test_verify_refuses_an_answer_its_check_cannot_finish(tmp_path, capsys, monkeypatch):
    path = _answer_file(tmp_path, capsys, "(a|b)*a", "TL(GR⁺)")
    rc, out, err = _verify(capsys, "(a|b)*a", "TL(GR⁺)", path)
    assert (rc, out.startswith("valid: ")) == (0, True)
    monkeypatch.setattr(verify_group_kernels, "_WORK", 0)     # every closure past the check's bound
    rc, out, err = _verify(capsys, "(a|b)*a", "TL(GR⁺)", path)
    assert rc == 2 and out == ""                               # neither "valid" nor "NOT valid"
    assert "stopped at its own bound (the set is too large): nothing was verified" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_modulus_past_the_bound_is_not_read_as_a_malformed_answer(tmp_path, capsys):
    """K_d for a printed modulus d is searched on |M|·d^|A| pairs: past the check's bound the
    answer is not verified (it was "NOT valid: a malformed answer", exit 1, before)."""
    path = _answer_file(tmp_path, capsys, EVEN_A_BLOCKS, "PL(AMT)")
    answer = json.loads(path.read_text())["classes"]["PL(AMT)"]      # its answer alone
    assert answer["certificate"]["modulus"] == 2
    path.write_text(json.dumps(answer))
    assert _verify(capsys, EVEN_A_BLOCKS, "PL(AMT)", path)[0] == 0
    M = TransitionMonoid(attnlogic.load_language(regex=EVEN_A_BLOCKS, alphabet="ab").dfa.minimal())
    with pytest.raises(CheckBoundExceeded, match="the modulus is too large"):
        kernel_at_modulus(M, 10 ** 6)
    answer["certificate"]["modulus"] = 10 ** 6
    path.write_text(json.dumps(answer))
    rc, out, err = _verify(capsys, EVEN_A_BLOCKS, "PL(AMT)", path)
    assert (rc, out) == (2, "") and "the modulus is too large" in err


def test_a_decider_whose_witness_fails_its_check_is_a_bug(monkeypatch):
    """LTL[P,Y,MOD]'s "no" carries its pair over A × Z_m, re-checked before it is printed: a
    failing check is a bug (it was printed as "not re-checked" before), a check past its bound
    leaves the answer undecided."""
    dfa = attnlogic.load_language(regex=EVEN_A_BLOCKS, alphabet="ab").dfa
    name = "LTL[P,Y,MOD]"
    assert attnlogic.classify(dfa, windows=(), classes=[name])[name].member is False
    monkeypatch.setattr(mod_locally_r_trivial, "verify_tagged_pair", lambda d, w: Check(False, "the pair is wrong"))
    with pytest.raises(AssertionError, match="the witness fails its check: the pair is wrong"):
        attnlogic.classify(dfa, windows=(), classes=[name])

    def stops(d, w):
        raise CheckBoundExceeded("the identity's re-decision is too large")

    monkeypatch.setattr(mod_locally_r_trivial, "verify_tagged_pair", stops)
    got = attnlogic.classify(dfa, windows=(), classes=[name])[name]
    assert "stopped at its own bound (the identity's re-decision is too large)" in got.method
    assert got.member is None or got.carried is not None


def test_a_re_decision_past_its_budget_is_refused_not_called_not_valid(tmp_path, capsys, monkeypatch):
    """PLT's "yes" is re-decided by Knast's identity (in its category form,
    checks/verify_knast.py, within KNAST_CHECK_PRODUCTS products): past the budget ``verify``
    says nothing was verified, exit 2 (it printed "NOT valid: … could not be re-decided here",
    exit 1, before); within it, valid."""
    regex = "(a|b)*ab(a|b)*ba(a|b)*ab(a|b)*"
    assert main(["classify", "--regex", regex, "--alphabet", "ab", "--class", "PLT", "--json"]) == 0
    path = tmp_path / "plt.json"
    path.write_text(capsys.readouterr().out)
    assert json.loads(path.read_text())["classes"]["PLT"]["member"] is True
    rc, out, err = _verify(capsys, regex, "PLT", path)
    assert (rc, out.startswith("valid: ")) == (0, True) and "category form" in out
    monkeypatch.setattr(_limits, "KNAST_CHECK_PRODUCTS", 100)
    rc, out, err = _verify(capsys, regex, "PLT", path)
    assert (rc, out) == (2, "")
    assert "stopped at its own bound (products of Knast's identity in its category form (verify) " \
           "exceeded the limit of 100)" in err and "nothing was verified" in err
