"""The attention variants asked by name: ``masked_hard`` (unique hard attention under the
strict causal mask, Yang, Chiang & Angluin 2024) is LTL[S], the star-free languages, beside
the softmax patterns ``global``, ``local:k``, ``hybrid:k``; the non-strict patterns have no
characterisation and are refused by ``classify --pattern``."""

from __future__ import annotations

import json

import pytest

import attnlogic as al
from attnlogic.kernel.errors import InputError
from attnlogic.ltl.fragments import LTL_S, Fragment
from attnlogic.kernel.patterns import AttentionPattern


def test_masked_hard_names_ltl_s_and_has_no_heads():
    p = AttentionPattern.parse("masked_hard")
    assert str(p) == "masked_hard" and not p.is_head and p.strict
    assert Fragment.from_pattern(p) == LTL_S and LTL_S.pattern == p
    for call in (lambda: p.heads(2), lambda: p.mask(3), lambda: p.visible(2, 1)):
        with pytest.raises(InputError, match="hard attention"):
            call()
    with pytest.raises(InputError):
        AttentionPattern.parse("masked_hard:2")


@pytest.mark.parametrize("regex, star_free", [("(a|b)*ab(a|b)*", True), ("(ab)*", True),
                                              ("a*(ba*ba*)*", False)])
def test_masked_hard_answers_as_ltl_s(regex, star_free):
    r = al.classify(al.load_language(regex=regex, alphabet="ab").dfa)
    assert r["masked_hard"] is r["LTL[S]"] and r.for_pattern("masked_hard").can is star_free


def test_cli_pattern_masked_hard(capsys):
    from attnlogic.cli import main
    assert main(["classify", "--regex", "a*(ba*ba*)*", "--pattern", "masked_hard", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)["patterns"]["masked_hard"]
    assert obj["fragment"] == "LTL[S]" and obj["can"] is False and obj["witness"]
    for name in ("global_nonstrict", "local_nonstrict:2"):
        assert main(["classify", "--regex", "a", "--pattern", name]) == 2
        assert "masked_hard" in capsys.readouterr().err
