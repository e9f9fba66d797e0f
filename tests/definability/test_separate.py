"""Every catalogue separation re-verified with the deciders, and the separate command."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from attnlogic.definability.engine.classify import classify
from attnlogic.ltl.fragments import Fragment
from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.automata.operations import equivalent
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.separation.separations import ALL_PAIRS, separation
from attnlogic.definability.certify.synthesis import check_formula
from type_reference import same_type_at_end
from attnlogic.cli import main
from attnlogic.kernel.errors import InputError
from attnlogic.ltl import parse

# pairs whose inclusion is open (no separation known): none any more — LTL[Y<=3] ⊆ LTL[Y<=2]
# and the like are inclusions by the widening step of Fragment.rewriting
OPEN: set = set()


def separable_pairs():
    out = []
    for a, b in ALL_PAIRS:
        if Fragment.parse(b).includes(a) is None and (a, b) not in OPEN:
            out.append((a, b))
    return out


def test_catalogue_covers_every_separable_pair_of_the_table():
    pairs = separable_pairs()
    assert ("LTL[P]", "LTL[Y<=2]") in pairs and ("LTL[Y]", "LTL[Y<=2]") in pairs
    assert len(pairs) >= 30
    for a, b in pairs:
        s = separation(a, b)
        f = parse(s.entry.formula)
        d = formula_to_dfa(f, list(s.entry.alphabet))
        # the regex is the same language as the formula
        assert equivalent(d, regex_to_dfa(s.entry.regex, list(s.entry.alphabet)))
        # the formula is syntactically in A; re-verify both sides with a fresh classification
        windows = tuple(sorted({Fragment.parse(x).window or 0 for x in (a, b)} - {0, 1}))
        cl = classify(d, windows=windows)
        fa, fb = Fragment.parse(a).name, Fragment.parse(b).name
        if not Fragment.parse(a).since:
            assert Fragment.parse(fa).allows(f)
        assert cl[fa].member is True
        if cl[fa].formula is not None:
            assert check_formula(cl[fa].formula, d) is None and Fragment.parse(fa).allows(cl[fa].formula)
        assert cl[fb].member is False
        w = s.witness_result.witness
        assert d.accepts(w.accepted) and not d.accepts(w.rejected)
        fragb = Fragment.parse(b)
        if fragb.window is not None and not fragb.since:
            # the depth-null witness agrees on types at small depth (independent recursion)
            assert same_type_at_end(w.accepted, w.rejected, fragb.window, fragb.past, 1)


@pytest.mark.parametrize("a,b", [("LTL[P]", "LTL[P,Y]"), ("LTL[Y<=2]", "LTL[Y]"), ("P", "S")])
def test_included_pairs_are_refused(a, b):
    with pytest.raises(InputError, match="⊆"):
        separation(a, b)


def test_fragment_names():
    assert Fragment.parse("P,Y<=2").name == "LTL[P,Y<=2]"
    assert Fragment.parse("LTL[Y<=1]").name == "LTL[Y]"
    assert Fragment.parse("S").name == "LTL[S]"
    for bad in ("LTL[Q]", "LTL[P,Y<=2", "LTL[Y<=0]", "P,Y]"):
        with pytest.raises(InputError):
            Fragment.parse(bad)


def test_cli_separate_json():
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["separate", "LTL[Y]", "LTL[Y<=2]", "--json"])
    assert code == 0
    obj = json.loads(buf.getvalue())
    assert set(obj) >= {"formula", "regex", "witness"}
    assert {"accepted", "rejected", "depth"} <= set(obj["witness"]) <= {
        "accepted", "rejected", "depth", "family", "accepted_factors", "rejected_factors"}
    assert isinstance(obj["witness"]["depth"], int)
    d = regex_to_dfa(obj["regex"], obj["alphabet"])
    assert d.accepts(list(obj["witness"]["accepted"])) and not d.accepts(list(obj["witness"]["rejected"]))


def test_cli_separate_answers_an_inclusion_with_its_rewriting(capsys):
    assert main(["separate", "LTL[Y<=2]", "LTL[Y]"]) == 0
    assert "⊆" in capsys.readouterr().out
    assert main(["separate", "LTL[Y<=4]", "LTL[Y<=2]", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["inclusion"] is True and obj["rewriting"] == "Y[<=4] φ = Y[<=2] (φ | Y[<=2] φ)"
