"""A class that is the intersection of registered classes, L ∈ C1 ∩ … ∩ Cn, decided by asking
each part on the same minimal DFA — used for MeSCaL's JOrb(C), the languages whose C-orbits
(or C-kernel) are 𝒥-trivial: a finite monoid is 𝒥-trivial iff it is ℛ-trivial and ℒ-trivial,
and PL(C) (FL(C)) holds iff the same orbits are ℛ-trivial (ℒ-trivial), so JOrb(C) =
PL(C) ∩ FL(C) (docs/decision-procedures.md §14.10; the declarations are ``jorb_*`` in
``fragments`` for C = DD, MOD, MOD⁺ and in ``varieties`` for the group bases).

Answers:

* "yes": an :class:`IntersectionCertificate` — every part's own "yes" (its formula or
  certificate), each checked by its class's check;
* "no": an :class:`OutsideAPart` — the first part that says "no", with its witness.

Undecided when a part is, and none says "no".  ``verify --class NAME --answer FILE`` re-checks
each part's answer by that part's own check (:func:`..engine.verify_carried._check_own`, one
level up: this module declares, the engine checks).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..values.results import FragmentResult
from .classes import POSITIVE_PREVARIETY, PREVARIETY, LanguageClass
from .procedure import Procedure, decide_with_formula

__all__ = ["INTERSECTION", "OUTSIDE_A_PART", "IntersectionCertificate", "OutsideAPart", "IntersectionProcedure",
           "intersection_class", "with_final_parts"]

#: certificate kind: every part's "yes"
INTERSECTION = "intersection"
#: witness kind: one part's "no"
OUTSIDE_A_PART = "outside a part"


@dataclass(frozen=True)
class IntersectionCertificate:
    """A "yes": ``answers``, one :class:`FragmentResult` per part, all "yes"."""

    answers: tuple

    def text(self, sep: str = "", indent: str = "") -> str:
        lines = []
        for r in self.answers:
            how = r.certificate.text(sep, indent + "  ") if hasattr(r.certificate, "text") else (
                str(r.certificate) if r.certificate is not None else r.formula or r.method)
            lines.append(f"{indent}in {r.fragment}: {how}")
        return "in every part:\n" + "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def to_json(self, sep: str = "") -> dict:
        return {"kind": INTERSECTION, "parts": {str(r.fragment): r.to_json(sep) for r in self.answers}}


@dataclass(frozen=True)
class OutsideAPart:
    """A "no": ``answer``, the "no" of one part, with its witness."""

    answer: FragmentResult

    @property
    def accepted(self):
        return getattr(self.answer.witness, "accepted", None)

    @property
    def rejected(self):
        return getattr(self.answer.witness, "rejected", None)

    def summary(self, sep: str = "") -> str:
        w = self.answer.witness
        inner = w.summary(sep) if hasattr(w, "summary") else str(w)
        return f"not in {self.answer.fragment}: {inner}"

    def text(self, sep: str = "", indent: str = "") -> str:
        w = self.answer.witness
        inner = w.text(sep, indent + "  ") if hasattr(w, "text") else str(w)
        return f"not in {self.answer.fragment}, one of the parts: {inner}"

    def to_json(self, sep: str = "") -> dict:
        return {"kind": OUTSIDE_A_PART, "part": str(self.answer.fragment), "answer": self.answer.to_json(sep)}


class IntersectionProcedure(Procedure):
    """L ∈ ``parts[0]`` ∩ ``parts[1]`` ∩ …: each part's procedure on the same workspace."""

    def __init__(self, parts: tuple, family: str):
        self.parts, self.family = tuple(parts), family

    def handles(self, fragment) -> bool:             # keyed by its declaration
        return False

    def decide(self, cls, context, results) -> FragmentResult:
        answers = []
        for part in self.parts:
            r = results.get(part.key if part.key is not None else part)     # asked already in this run
            if r is None:
                context.deciding()
                r = decide_with_formula(part, context, results)
            if r.member is False:
                return FragmentResult(cls, False, None, OutsideAPart(r), f"not in {part.name}: {r.method}")
            answers.append(r)
        method = "; ".join(f"{part.name}: {r.method}" for part, r in zip(self.parts, answers))
        if any(r.member is None for r in answers):
            return FragmentResult(cls, None, None, None, f"undecided ({method})")
        cert = IntersectionCertificate(tuple(answers)) if context.certificates else None
        return FragmentResult(cls, True, None, None, f"in every part ({method})", certificate=cert)


def intersection_class(name: str, parts: tuple, family: str, inclusions, summary: str,
                       groups=(), bulk: str | None = None) -> LanguageClass:
    """The declaration of the class ``name`` = the intersection of the declarations ``parts``
    (asked when named; its answers re-checked part by part by ``verify``; ``bulk`` as in
    :class:`~..contract.classes.LanguageClass`).  Its ``closure`` is the weakest of the parts'
    (an intersection of prevarieties is one, of positive prevarieties a positive one; None
    when a part declares none)."""
    closures = {part.closure for part in parts}
    closure = (None if None in closures or not closures else
               PREVARIETY if closures == {PREVARIETY} else POSITIVE_PREVARIETY)
    return LanguageClass(name, IntersectionProcedure(parts, family), INTERSECTION, OUTSIDE_A_PART,
                         inclusions=tuple(inclusions), default=False, groups=tuple(groups), summary=summary,
                         bulk=bulk, closure=closure)


def with_final_parts(result: FragmentResult, results) -> FragmentResult:
    """``result`` with each part's answer replaced by the final one of the same classification
    (``results``, keyed as classify keys them), when there is one with the same verdict: the
    LTL fragments' pairs are attested and their formulas shrunk after every class is decided
    (:func:`..engine.classify.classify`), so an intersection carries them as printed."""
    def final(r):
        f = results.get(r.fragment)
        return f if f is not None and f.member is r.member else r
    cert, wit = result.certificate, result.witness
    if isinstance(cert, IntersectionCertificate):
        return replace(result, certificate=IntersectionCertificate(tuple(final(r) for r in cert.answers)))
    if isinstance(wit, OutsideAPart):
        return replace(result, witness=OutsideAPart(final(wit.answer)))
    return result
