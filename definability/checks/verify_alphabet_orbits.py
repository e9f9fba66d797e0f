"""Re-checks the answers of the classes decided on the AT-orbits — PL(AT), FL(AT), TL(AT)
(docs/decision-procedures.md §14.11) — from the DFA and the printed words alone: the
syntactic monoid and the contents of its words are recomputed here (pairs (transformation,
alphabet) of the minimal DFA, by a breadth-first closure), and no decider code is imported.

*The AT-orbit of an idempotent e* is e·α(B_e*)·e, B_e the union of the alphabets of the words
of e (the largest: two words of e concatenated are a word of e).  It is the orbit of e for
the alphabet-testable languages (Boolean combinations of A*aA*): (e, s) is an AT-pair iff a
word of e and a word of s have the same alphabet, and then e·s·e ∈ e·α(B_e*)·e; conversely
for y with alph(y) ⊆ B_e and x a word of e of alphabet B_e, x·y has alphabet B_e and
e·α(xy)·e = e·α(y)·e.

*"yes"* (an ``AT-orbit check``): the orbits are recomputed here — every idempotent, its B_e, its
orbit — and must be the ones the certificate lists (the same idempotents, letters and
elements); then each is checked R-trivial (PL), L-trivial (FL) or in DA (TL) by brute force.

*"no"* (an ``AT-orbit instance``): a word x with α(x) idempotent and words whose alphabets lie
in alph(x) (so each e·α(y)·e lies in the AT-orbit of e = α(x), whatever B_e is); for DA two
such elements with (st)^ω·t·(st)^ω ≠ (st)^ω and a context the language separates the two
sides by; for R (L) four, s ≠ t with s·k1 = t, t·k2 = s (k1·s = t, k2·t = s) and a context
telling s from t.
"""

from __future__ import annotations

from collections import deque

from ...kernel import limits as _limits
from ...kernel.errors import CheckBoundExceeded, LimitExceeded
from ...kernel.words import split_word
from .verify import Check
from .verify_group_kernels import (TransitionMonoid, check_by_verdict, orbit_instance_check, property_failure,
                                   word_letters)

__all__ = ["AT_ORBIT_CHECK", "AT_ORBIT_INSTANCE", "ORBIT_PROPERTIES", "ContentMonoid", "check_orbit_answer"]

#: certificate kind: every AT-orbit listed, with the property
AT_ORBIT_CHECK = "AT-orbit check"
#: witness kind: elements of one AT-orbit violating the property, as words
AT_ORBIT_INSTANCE = "AT-orbit instance"
#: the property of each class: R-trivial (PL(AT)), L-trivial (FL(AT)), DA (TL(AT))
ORBIT_PROPERTIES = ("R-trivial", "L-trivial", "DA")

#: at most this many products for one check: the identities' bound
_WORK = _limits.DEFAULT_INSTANTIATIONS


class ContentMonoid(TransitionMonoid):
    """The transition monoid of a minimal DFA (:class:`.verify_group_kernels.TransitionMonoid`)
    with the alphabets of its words: ``pairs``, the pairs (transformation as a tuple, alphabet
    as a frozenset of letter indices) reached from (identity, ∅) by the letters."""

    def __init__(self, dfa, limit: int = _limits.DEFAULT_LIMIT):
        super().__init__(dfa, limit)
        start = (self.one, frozenset())
        seen = {start}
        queue = deque([start])
        while queue:
            f, c = queue.popleft()
            for a, g in enumerate(self.letters):
                nxt = (self.mul(f, g), c | {a})
                if nxt not in seen:
                    if len(seen) >= limit:
                        raise LimitExceeded("pairs (element, alphabet) of the syntactic monoid (verify)", limit,
                                            "raise limit")
                    seen.add(nxt)
                    queue.append(nxt)
        self.pairs = frozenset(seen)

    def orbits(self) -> dict:
        """idempotent e → (B_e, the AT-orbit e·α(B_e*)·e as a frozenset)."""
        content: dict = {}
        for f, c in self.pairs:
            content[f] = content.get(f, frozenset()) | c
        out = {}
        for e, b in content.items():
            if self.mul(e, e) == e:
                out[e] = (b, frozenset(self.mul(self.mul(e, y), e) for y, c in self.pairs if c <= b))
        return out


def check_orbit_answer(dfa, answer: dict, prop: str, sep: str = "") -> Check:
    """Re-check an answer of PL(AT) (``prop`` "R-trivial"), FL(AT) ("L-trivial") or TL(AT)
    ("DA") as ``classify --json`` prints it (module docstring)."""
    return check_by_verdict(dfa, answer, ContentMonoid,
                            lambda M, cert, letters: _check_yes(M, cert, prop, letters),
                            lambda M, wit, letters: _check_no(M, wit, prop, letters))


def _check_yes(M: ContentMonoid, cert, prop: str, letters) -> Check:
    if not isinstance(cert, dict) or cert.get("kind") != AT_ORBIT_CHECK:
        return Check(False, f"a 'yes' without its {AT_ORBIT_CHECK}")
    if cert.get("property") != prop:
        return Check(False, "the certificate is for another class")
    truth = M.orbits()
    listed = {}
    for row in cert["orbits"]:
        e = M.of(word_letters(row["e"], letters))
        b = frozenset(letters.index(x) for x in split_word(str(row["letters"]), letters)) if row["letters"] else frozenset()
        listed[e] = (b, frozenset(M.mul(M.mul(e, M.of(word_letters(y, letters))), e) for y in row["elements"]))
    if set(listed) != set(truth):
        return Check(False, "the certificate does not list exactly the idempotents of the syntactic monoid")
    for e, (b, orbit) in truth.items():
        if listed[e] != (b, orbit):
            return Check(False, "an orbit listed is not the AT-orbit e·α(B_e*)·e of its idempotent")
    if sum(len(o) ** 2 for _, o in truth.values()) > _WORK:
        raise CheckBoundExceeded("the orbits are too large")
    for e, (_, orbit) in truth.items():
        bad = property_failure(M, orbit, prop)
        if bad is not None:
            return Check(False, f"an AT-orbit does not have the property: {bad}")
    prop_text = "in DA" if prop == "DA" else prop
    return Check(True, f"every AT-orbit e·α(B_e*)·e ({len(truth)} idempotents, recomputed) is {prop_text}")


def _check_no(M: ContentMonoid, wit, prop: str, letters) -> Check:
    if not isinstance(wit, dict) or wit.get("kind") != AT_ORBIT_INSTANCE:
        return Check(False, f"a 'no' without its {AT_ORBIT_INSTANCE}")
    if wit.get("property") != prop:
        return Check(False, "the witness is for another class")
    inst = wit["instance"]
    xw = word_letters(inst["e"], letters)
    e = M.of(xw)
    if M.mul(e, e) != e:
        return Check(False, "e's word is not of an idempotent")
    names = ("x", "y") if prop == "DA" else ("s", "t", "k1", "k2")
    v = {}
    for n in names:
        w = word_letters(inst[n], letters)
        if not set(w) <= set(xw):
            return Check(False, f"{n} uses a letter e's word does not: not shown in the AT-orbit of e")
        v[n] = M.mul(M.mul(e, M.of(w)), e)
    p, r = M.of(word_letters(inst["prefix"], letters)), M.of(word_letters(inst["suffix"], letters))
    return orbit_instance_check(M, v, prop, p, r, "in the AT-orbit of e")
