"""``verify --class``: an answer's verdict checked against its proof, and the classes'
pumped families checked against brute force on the words.

* every answer of every class with an answer check (SL, SP, RD, GD, LT, LTT, PT, TSL and
  fixed orders) passes; the same answer with its verdict flipped is refused (a member with
  a witness that checks, a non-member with a certificate that checks), by the Python check
  and by ``attnlogic verify`` (exit 1);
* a fixed order's answer must be of that order: a certificate of a larger order, or a witness
  of a smaller one, is refused; a class's "no" needs a witness for every order;
* each pumped family's printed bound (LT and SL: K|x| ≥ k − 1; PT: K ≥ k; RD: the first
  |u| + K|x| letters; GD: the first and last K|x|) is checked by computing the profiles of
  the instance words directly (k-factors, subsequences by combinations) for k ≤ 5."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.cli import main
from attnlogic.definability.engine.classify import classify
from attnlogic.definability.engine.registry import language_class

CLASSES = ["SL", "SP", "RD", "GD", "LT", "LTT", "PT", "TSL", "SL[2]", "SP[2]", "RD[1]", "GD[1]",
           "LT[2]", "LTT[2,2]", "PT[2]"]


def _answers():
    """(dfa, class, answer JSON) over every sixth minimal DFA of ≤ 3 states over {a, b}."""
    out = []
    for i, d in enumerate(minimal_dfas(3, "ab")):
        if i % 6:
            continue
        # certificate_seconds: the wall-clock allowance of a class's certificate, pinned far
        # above its cost so that the answers do not depend on the machine's load
        fr = classify(d, windows=(), classes=CLASSES, certificate_seconds=600).to_json()["fragments"]
        out += [(d, name, fr[name]) for name in CLASSES if fr[name]["member"] is not None]
    return out


@pytest.fixture(scope="module")
def answers():
    return _answers()


def test_every_answer_passes_and_every_flipped_verdict_is_refused(answers):
    both = {name: set() for name in CLASSES}
    for d, name, ans in answers:
        check = language_class(name).check
        assert check(d, ans, "").valid, (name, ans)
        flipped = check(d, {**ans, "member": not ans["member"]}, "")
        assert not flipped.valid and "the answer says" in flipped.reason, (name, ans, flipped.reason)
        both[name].add(ans["member"])
    assert all(both[name] == {True, False} for name in CLASSES), both


def test_the_command_line_refuses_a_flipped_verdict(tmp_path, capsys):
    for regex, name in (("a*b*", "SP"), ("(a|b)*b", "LT"), ("a*b*", "SL[2]"), ("(aa)*", "PT"),
                        ("b*|b*ab*", "TSL")):
        assert main(["classify", "--regex", regex, "--alphabet", "ab", "--class", name, "--json",
                     "--no-progress"]) == 0
        data = json.loads(capsys.readouterr().out)
        path = tmp_path / "answer.json"
        path.write_text(json.dumps(data))
        argv = ["verify", "--regex", regex, "--alphabet", "ab", "--class", name, "--answer", str(path), "--json"]
        assert main(argv) == 0 and json.loads(capsys.readouterr().out)["valid"] is True
        data["classes"][name]["member"] = not data["classes"][name]["member"]
        data["fragments"][name] = data["classes"][name]          # its deprecated copy (schema 2) alike
        path.write_text(json.dumps(data))
        assert main(argv) == 1
        out = json.loads(capsys.readouterr().out)
        assert out["valid"] is False and "the answer says" in out["reason"], (regex, name, out)


def test_orders_must_match_the_class():
    d = regex_to_dfa("(b|ab)*(a|())", "ab")                     # no factor aa: SL_2, not SL_1
    sl = classify(d, windows=(), classes=["SL", "SL[1]", "SL[2]"]).to_json()["fragments"]
    k = sl["SL"]["certificate"]["k"]
    assert sl["SL"]["member"] is True and sl[f"SL[{k}]"]["member"] is True and sl[f"SL[{k - 1}]"]["member"] is False
    # the least order's certificate does not prove the class at the order below it
    assert not language_class(f"SL[{k - 1}]").check(d, {**sl["SL"], "member": True}, "").valid
    assert language_class(f"SL[{k}]").check(d, sl["SL"], "").valid
    # a witness at order k - 1 proves "not SL_(k-1)", not "not SL"
    below = sl[f"SL[{k - 1}]"]
    assert language_class(f"SL[{k - 1}]").check(d, below, "").valid
    c = language_class("SL").check(d, {"member": False, "witness": below["witness"]}, "")
    assert not c.valid and "only that L is not of order" in c.reason


def _factors(w: str, k: int, t: int = 1) -> Counter:
    m = "<" + w + ">"
    c = Counter(m[i:i + k] for i in range(len(m) - k + 1)) if len(m) >= k else Counter([m])
    return Counter({f: min(n, t) for f, n in c.items()})


def _subsequences(w: str, k: int) -> set:
    return {"".join(s) for n in range(k + 1) for s in itertools.combinations(w, n)}


def _instance(template, blocks, K) -> str:
    return "".join(blocks[p] * K if isinstance(p, int) else p for p in template)


def test_families_agree_at_the_printed_bound(answers):
    """Every family of a "no" (k null) is pumped to the least K of its lattice that meets its
    printed bound for k ≤ 5 (t ≤ 3 for LTT, with K|x| ≥ t·|x| + k), and the profiles of
    the instance words are equal (SL: every k-factor of the out-word is one of an in-word);
    membership stays constant along the lattice."""
    forms = Counter()
    for d, name, ans in answers:
        w = ans.get("witness") or {}
        fam = w.get("family")
        if ans["member"] or "[" in name or name == "TSL" or not fam:
            continue
        blocks, K0, step = fam["blocks"], fam["start"], fam["step"]
        ins, outs = fam["in"], fam["out"]
        x = min(len(b) for b in blocks)
        for j in range(3):
            K = K0 + j * step
            assert all(d.accepts(_instance(t, blocks, K)) for t in ins)
            assert not any(d.accepts(_instance(t, blocks, K)) for t in outs)
        lead = len(ins[0][0]) if isinstance(ins[0][0], str) else 0
        for k in range(1, 6):
            for t in ((1, 2, 3) if name == "LTT" else (1,)):
                need = {"LT": lambda K: K * x >= k - 1, "SL": lambda K: K * x >= k - 1,
                        "PT": lambda K: K >= k, "RD": lambda K: lead + K * x >= k,
                        "GD": lambda K: K * x >= k,
                        "LTT": lambda K: K * x >= t * x + k}[name]
                K = K0
                while not need(K):
                    K += step
                a = [_instance(tp, blocks, K) for tp in ins]
                b = [_instance(tp, blocks, K) for tp in outs]
                if name == "SL":
                    have = set().union(*(_factors(u, k) for u in a))
                    assert set(_factors(b[0], k)) <= have, (ans, k, K)
                elif name in ("LT", "LTT"):
                    assert _factors(a[0], k, t) == _factors(b[0], k, t), (ans, k, t, K)
                elif name == "PT":
                    assert _subsequences(a[0], k) == _subsequences(b[0], k), (ans, k, K)
                elif name == "RD":
                    assert a[0][:k] == b[0][:k], (ans, k, K)
                else:
                    assert a[0][:k] == b[0][:k] and a[0][-k:] == b[0][-k:], (ans, k, K)
        forms[name] += 1
    assert set(forms) == {"SL", "RD", "GD", "LT", "LTT", "PT"}, forms


#: a language outside each class (checked below by classify itself)
_OUTSIDE = {"SL": "b*a(a|b)*", "SP": "(ab)*", "PT": "(ab)*", "TPT": "(ab)*", "RD": "a*", "GD": "a*",
            "LT": "(aa)*", "LTT": "(aa)*", "TSL": "(aa)*", "TLT": "(aa)*", "TLTT": "(aa)*", "PLT": "(aa)*",
            "TPLT": "(aa)*", "MTSL": "(aa)*"}


@pytest.mark.parametrize("name", sorted(_OUTSIDE))
def test_a_member_claim_without_a_built_certificate_is_refused(name):
    """A witness proves what L is not (at its order, or at every order), never that L is a
    member: "member: true" resting on a witness (whatever its k says), on the pair below k of
    a certificate that was not built, or on such an answer carried to a larger class, is
    refused — on a language outside the class, where accepting it would accept a falsehood."""
    d = regex_to_dfa(_OUTSIDE[name], "ab")
    truth = classify(d, windows=(), classes=[name]).to_json()["classes"][name]
    assert truth["member"] is False and truth["witness"], truth
    wit = truth["witness"]
    claims = [{"member": True, "witness": {**wit, "k": k}} for k in (0, 1, 2, None)]
    claims.append({"member": True, "certificate": {"k": 5, "below": {**wit, "k": 1}}})
    claims.append({"member": True, "certificate": {"k": 5}})
    claims.append({"member": 1, "certificate": {"k": 5, "below": {**wit, "k": 1}}})
    check = language_class(name).check
    for claim in claims:
        got = check(d, claim, "")
        assert not got.valid, (claim, got.reason)
    carried = {"member": True, "carried": {"from": name, "inclusion": f"{name} ⊆ LTL[S]",
                                           "answer": claims[1]}}
    with open_answer(carried) as path:
        assert main(["verify", "--regex", _OUTSIDE[name], "--alphabet", "ab", "--class", "LTL[S]",
                     "--answer", path]) == 1


def open_answer(obj):
    """A temporary file holding ``obj`` as JSON (a context manager yielding its path)."""
    import contextlib
    import os
    import tempfile

    @contextlib.contextmanager
    def _file():
        fd, path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(fd, "w") as f:
            json.dump(obj, f)
        try:
            yield path
        finally:
            os.unlink(path)
    return _file()
