"""``verify --class``: a "member: true" that carries nothing to check — no certificate, an
empty or unknown one, the class's own "no" with its verdict flipped — is refused for every
registered class, on a language outside the class (where accepting it would accept a
falsehood) — also a "yes" resting on the class's own "no" witness made to state an order k
(before 6 December 2026 the subregular classes accepted it).  Each class is asked on the
first language of :data:`OUTSIDE` it rejects."""

from __future__ import annotations

import pytest

from attnlogic.definability.engine.classify import classify
from attnlogic.definability.engine.registry import CLASSES
from attnlogic.request import Source, VerifyRequest

#: languages over {a, b} (regexes, or a DFA as JSON), each outside many classes: (aa)* is not
#: aperiodic, (ab)* is not PT, b*a(a|b)* is not SL, (a|b)*a(a|b) is not in LTL[P], a last run
#: of b's of odd length is not in LTL[P,Y,MOD] nor PL(G⁺), an even number of b's not in
#: LTL[S,MOD] nor FL(MOD⁺), the 3-state DFA not in SF(GR) nor FL(GR⁺)
OUTSIDE = ["(aa)*", "(ab)*", "b*a(a|b)*", "(a|b)*a(a|b)", "a(a|b)*b", "((a|b)(a|b))*", "a*b*",
           "(a|b)*aa(a|b)*", "(()|(a|b)*a)(bb)*b", "(a|ba*b)*",
           '{"alphabet": ["a", "b"], "initial": 0, "accepting": [1], "transitions": [[0, 1], [0, 2], [1, 0]]}']


def _source(language: str) -> Source:
    if language.startswith("{"):
        return Source(kind="dfa", text=language, filename="outside.json")
    return Source.of(regex=language, alphabet="ab")
#: classes whose identities take long to re-decide on the shared machines (a 4-variable
#: identity): their hollow "yes" is refused by the same code path as PLT's in test_verify_verdicts
SLOW = ("DD1", "PLT", "TPLT")


@pytest.fixture(scope="module")
def answers():
    names = [c.name for c in CLASSES if c.name not in SLOW]
    out = {}
    for regex in OUTSIDE:
        j = classify(_source(regex).load().dfa, windows=(), classes=names, certificate_seconds=600).to_json()
        for name, a in {**j["fragments"], **j["classes"]}.items():
            if name in names and a.get("member") is False and name not in out:
                out[name] = (regex, a)
    return out


def test_every_class_is_asked(answers):
    # every class but the slow ones and the window fragments (their hollow "yes" is refused
    # by the fragment's formula check: tests/definability/test_registry.py)
    asked = [c.name for c in CLASSES if c.name not in SLOW and not c.name.startswith("LTL[Y<=k]")]
    assert sorted(n for n in asked if n not in answers) == []


def test_a_hollow_yes_is_refused_for_every_class(answers):
    for name, (regex, no) in sorted(answers.items()):
        claims = [{"member": True}, {"member": True, "certificate": {}},
                  {"member": True, "certificate": {"kind": "no such kind"}},
                  {**no, "member": True}, {**no, "member": True, "witness": None}]
        if isinstance(no.get("witness"), dict):     # the "no" witness made to state an order
            claims += [{"member": True, "witness": {**no["witness"], "k": 1}},
                       {"member": True, "certificate": {"k": 5, "below": {**no["witness"], "k": 1}}}]
        for claim in claims:
            request = VerifyRequest(_source(regex), class_name=name, class_answer=claim)
            check = request.answer().result
            assert not check.valid, (name, regex, claim, check.reason)
