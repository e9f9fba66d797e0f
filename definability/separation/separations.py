"""A built-in catalogue of separating languages: for an ordered pair of fragments (A, B) a
language in A and not in B, with a formula of A, a regex, and — computed and verified by
:func:`classify` when asked — a certificate of membership in A and a witness of
non-membership in B.

Fragment names: ``LTL[P]``, ``LTL[Y]``, ``LTL[P,Y]``, ``LTL[S]``, ``LTL[Y<=k]``,
``LTL[P,Y<=k]`` (k ≥ 1; k = 1 is LTL[Y] / LTL[P,Y]); the short forms ``P``, ``Y<=2`` … are
accepted (:meth:`Fragment.parse`), and so are the attention patterns that characterise them,
spelt as ``classify --pattern`` reads them: ``global``, ``local:k``, ``hybrid:k``,
``masked_hard`` (:meth:`Fragment.named`).  When A ⊆ B is known (:meth:`Fragment.includes`) no language
separates them and :func:`separation` says why.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel.errors import InputError
from ...kernel.limits import Limits
from ...ltl.fragments import Fragment
from ...ltl import parse
from ..engine.classify import MAX_DECIDED_WINDOW, classify
from ...automata.from_formula import formula_to_dfa

__all__ = ["Entry", "catalogue", "candidates", "separation", "Separation", "Inclusion", "inclusion", "ALL_PAIRS",
           "WINDOW_TABLE_FRAGMENTS"]


@dataclass(frozen=True)
class Entry:
    """A catalogue language: a formula (in the A fragment) and a regex, over ``alphabet``."""

    formula: str
    regex: str
    alphabet: str
    note: str


def _first_b() -> Entry:
    return Entry("P (b & !P true)", "b(a|b)*", "ab", "FIRST: begins with b (global attention only)")


def _last_b() -> Entry:
    return Entry("Y b", "(a|b)*b", "ab", "LAST: ends with b (1-local attention)")


def _since() -> Entry:
    return Entry("c S a", "(a|b|c)*ac*", "abc", "after the last a only c (needs since)")


def _window_a(k: int) -> Entry:
    return Entry(f"Y[<={k}] a", "(a|b)*a" + "(a|b)?" * (k - 1), "ab",
                 f"an a among the last {k} letters ({k}-local attention)")


def _hybrid(k: int) -> Entry:
    y = "Y" if k == 1 else f"Y[<={k}]"
    return Entry(f"P a & {y} b & !{y} a", "(a|b)*a(a|b)*" + "b" * k, "ab",
                 f"an a somewhere, and the last {k} letters are b (hybrid attention)")


def catalogue(k: int = 1) -> tuple[Entry, ...]:
    """The catalogue, in the order the languages are tried, with windows of size ``k``:
    after the last a only c (S); begins with b (P); ends with b (Y); an a among the last k
    letters; an a somewhere and the last k letters b; an a among the last letter."""
    entries = (_since(), _first_b(), _last_b(), _window_a(k), _hybrid(k), _window_a(1))
    return tuple(dict.fromkeys(entries))


def candidates(a: Fragment, b: Fragment) -> list[Entry]:
    """Catalogue languages to try for "in a, not in b" (verified by :func:`separation`): those
    whose formula is one of a's (:meth:`Fragment.allows`) and not one of b's (a formula of
    b defines a language of b), with a's window."""
    formulas = {e: parse(e.formula) for e in catalogue(a.type_sets[0] or 1)}
    return [e for e, f in formulas.items() if a.allows(f) and not b.allows(f)]


@dataclass(frozen=True)
class Separation:
    """A verified separating language with the two classifications' evidence."""

    fragment_in: Fragment
    fragment_out: Fragment
    entry: Entry
    formula_certificate: object   # FragmentResult for fragment_in
    witness_result: object        # FragmentResult for fragment_out

    def to_json(self) -> dict:
        return {"formula": self.entry.formula, "regex": self.entry.regex,
                "alphabet": list(self.entry.alphabet),
                "witness": self.witness_result.witness.to_json(),
                "description": self.entry.note,
                "in": {"fragment": str(self.fragment_in),
                       "formula": str(self.formula_certificate.formula)
                       if self.formula_certificate.formula is not None else None,
                       "method": self.formula_certificate.method},
                "not_in": {"fragment": str(self.fragment_out), "method": self.witness_result.method,
                           **({"identity": self.witness_result.identity}
                              if self.witness_result.identity else {})}}


@dataclass(frozen=True)
class Inclusion:
    """A ⊆ B, known by a rule of :meth:`Fragment.includes`; ``rewriting`` is the identity
    that rewrites A's windows into B's when the rule is one (else None)."""

    fragment_in: Fragment
    fragment_out: Fragment
    reason: str
    rewriting: str | None

    def to_json(self) -> dict:
        return {"inclusion": True, "fragment_in": str(self.fragment_in),
                "fragment_out": str(self.fragment_out), "reason": self.reason,
                "rewriting": self.rewriting}


def inclusion(a_text: "str | Fragment", b_text: "str | Fragment") -> Inclusion | None:
    """A ⊆ B with its reason when a rule of :meth:`Fragment.includes` proves it, else None."""
    a, b = Fragment.named(a_text), Fragment.named(b_text)
    reason = b.includes(a)
    if reason is None:
        return None
    return Inclusion(a, b, reason, b.rewriting(a))


def separation(a_text: "str | Fragment", b_text: "str | Fragment", max_depth: int | None = None,
               limit: int | None = None, limits: Limits | None = None) -> Separation:
    """A language of the catalogue in A and not in B, re-verified by :func:`classify`
    (``limits``, ``max_depth`` and ``limit`` as there).

    Raises InputError when A ⊆ B is known, or when no catalogue language verifies (for the
    pairs whose inclusion is open, e.g. LTL[Y<=3] against LTL[Y<=2])."""


    limits = Limits.of(limits, limit=limit, max_depth=max_depth)
    a, b = Fragment.named(a_text), Fragment.named(b_text)
    window = {f: f.type_sets[0] or 0 for f in (a, b)}     # k of Y[<=k] (0: none of its own)
    for f in (a, b):
        if window[f] > MAX_DECIDED_WINDOW:
            raise InputError(f"{f}: windows above {MAX_DECIDED_WINDOW} (MAX_DECIDED_WINDOW) are "
                             "not decided", parameters=("fragment",))
    reason = b.includes(a)
    if reason is not None:
        raise InputError(f"{a} ⊆ {b}: no language separates them ({reason})")
    windows = tuple(sorted({window[f] for f in (a, b) if window[f] >= 2}))
    for entry in candidates(a, b):
        dfa = formula_to_dfa(parse(entry.formula), list(entry.alphabet))
        cl = classify(dfa, windows=windows, limits=limits)
        ra, rb = cl[a], cl[b]
        if ra.member is True and rb.member is False and rb.witness is not None:
            return Separation(a, b, entry, ra, rb)
    raise InputError(f"no language of the built-in catalogue is verified to be in {a} "
                     f"and not in {b} (whether {a} ⊆ {b} is open)")


#: the fragments of the window table (docs/decision-procedures.md §6.1)
WINDOW_TABLE_FRAGMENTS = ("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[Y<=2]", "LTL[P,Y<=2]", "LTL[Y<=3]",
                          "LTL[P,Y<=3]", "LTL[Y<=4]", "LTL[P,Y<=4]")

#: the ordered pairs of the theory table with k = 2, 3 (tests re-verify every one)
ALL_PAIRS = [(x, y) for x in ("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]", "LTL[Y<=2]", "LTL[P,Y<=2]",
                              "LTL[Y<=3]", "LTL[P,Y<=3]")
             for y in ("LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]", "LTL[Y<=2]", "LTL[P,Y<=2]",
                       "LTL[Y<=3]", "LTL[P,Y<=3]") if x != y]
