"""The future unary temporal logics FL(C) decided through the reversal
(docs/decision-procedures.md §13, where the mirror statement is proved).

FL(C) is unary temporal logic with the future modalities over the basis C, read from the
first position: F (C = ST), F and X (DD), F with the MOD modalities — "some later position
whose infix with this one has a length ≡ r mod m" — (MOD), and both (MOD⁺).  PL(C) is the
same with the past modalities P, Y and the past MOD modalities, read from the last position;
here PL(ST) = LTL[P], PL(DD) = LTL[P,Y], PL(MOD) = LTL[P,MOD], PL(MOD⁺) = LTL[P,Y,MOD] are
decided with certificates both ways (§3.1, §3.3, §12.4, §12.3).  The mirror w ↦ rev(w) maps
the positions of w onto those of rev(w) in the opposite order, the future modalities onto the
past ones and each basis onto itself, so

    L ∈ FL(C)  iff  rev(L) ∈ PL(C).

A class here (:func:`mirror_class`) decides L ∈ FL(C) by the PL(C) procedure on the minimal
DFA of rev(L) (:func:`attnlogic.automata.rational.reverse`, within ``Limits.state_limit``):

* "yes": the PL(C) answer for rev(L) — its formula φ, checked exactly against the DFA of rev(L)
  by the PL(C) procedure before it is returned (§5, §12.4): "rev(L) is defined by φ", i.e. L is
  defined by φ read on the reversed word (:class:`MirrorCertificate`);
* "no": the PL(C) witness for rev(L) with its words reversed (:class:`MirroredWitness`): the
  first in L, the second not; the proof is the PL(C) witness's, for rev(L).

Both are re-checked by :func:`..checks.verify_mirror.check_mirror_answer` on a rev(L) it builds
itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...automata.rational import reverse
from ...kernel.errors import LimitExceeded
from ...kernel.limits import DEFAULT_STATE_LIMIT
from ...ltl.definitions import certificate
from ..checks.verify_mirror import MIRROR_CERTIFICATE, MIRRORED_PAIR, check_mirror_answer
from ..contract.classes import LanguageClass
from ..contract.procedure import Context, Procedure, decide_with_formula, past_formula
from ..values.results import FragmentResult

__all__ = ["MirrorCertificate", "MirroredWitness", "MirrorProcedure", "mirror_class"]


@dataclass(frozen=True)
class MirrorCertificate:
    """A "yes" of FL(C): ``reversed_answer``, the answer of ``base`` = PL(C) for rev(L), with its formula
    (checked exactly against the DFA of rev(L)), or none when the budgets refused it."""

    base: str
    reversed_answer: FragmentResult

    def text(self, sep: str = "", indent: str = "") -> str:
        f = past_formula(self.reversed_answer)
        if f is None:
            return f"rev(L) ∈ {self.base} ({self.reversed_answer.method}); no formula built"
        cert = certificate(f)
        mod = ", MOD[m,r] counting the positions of w from its end" if "MOD" in self.base else ""
        lines = [f"{n} := {t}" if n.startswith("$") else f"${n} := {t}" for n, t in cert.definitions] + [cert.body]
        return (f"rev(L) is defined by the {self.base} formula below (so L by the same formula read on w "
                f"backwards: P as F, Y as X, from before the first letter{mod}):\n"
                + "\n".join(indent + "  " + line for line in lines))

    def __str__(self) -> str:
        return self.text()

    def to_json(self, sep: str = "") -> dict:
        f = past_formula(self.reversed_answer)
        return {"kind": MIRROR_CERTIFICATE, "of": self.base,
                "formula": None if f is None else certificate(f).text,
                "reads": "L = rev(L(formula)): the formula, of the past fragment 'of', defines the reversed "
                         "language (read at N+1 of rev(w)); its DFA is checked equal to the reversal of L's",
                "reversal": self.reversed_answer.to_json(sep)}


@dataclass(frozen=True)
class MirroredWitness:
    """A "no" of FL(C): ``reversed_answer``, the answer of ``base`` = PL(C) for rev(L), whose witness
    words reversed are ``accepted`` ∈ L and ``rejected`` ∉ L (both None when that witness is
    a pair of tagged words, over A × Z_m: PL(MOD⁺)'s proof by τ_m(rev(L)))."""

    base: str
    reversed_answer: FragmentResult
    accepted: tuple
    rejected: tuple

    def summary(self, sep: str = "") -> str:
        if self.accepted is None:
            return f"rev(L) ∉ {self.base}: {self.reversed_answer.witness.summary(sep)}"
        return (f"{sep.join(self.accepted) or 'ε'} ∈ L, {sep.join(self.rejected) or 'ε'} ∉ L: the reversals of "
                f"{self.base}'s witness for rev(L)")

    def text(self, sep: str = "", indent: str = "") -> str:
        inner = self.reversed_answer.witness
        how = inner.text(sep, indent + "  ") if hasattr(inner, "text") else str(inner)
        why = "" if self.reversed_answer.identity is None else f"\n{indent}the proof, for rev(L): {self.reversed_answer.identity}"
        return f"{self.summary(sep)}\n{indent}rev(L) ∉ {self.base}: {how}{why}"

    def to_json(self, sep: str = "") -> dict:
        words = {k: None if w is None else sep.join(w) for k, w in (("accepted", self.accepted),
                                                                     ("rejected", self.rejected))}
        return {"kind": MIRRORED_PAIR, "of": self.base, **words, "reversal": self.reversed_answer.to_json(sep)}


def reversal_context(context: Context) -> Context | LimitExceeded:
    """The workspace on rev(L)'s minimal DFA (the same limits, certificates and meter), shared
    by every mirror class of one classification — its memoised verdicts (R-triviality, the
    semigroup, …) computed once for FL(ST), FL(DD), FL(MOD), … —, or the refusal of the
    reversal past ``limits.state_limit``."""
    try:
        rev = reverse(context.dfa, state_limit=context.limits.state_limit or DEFAULT_STATE_LIMIT)
    except LimitExceeded as exc:
        return exc
    inner = Context(rev, context.limits, certificates=context.certificates)
    inner.meter = context.meter
    return inner


class MirrorProcedure(Procedure):
    """L ∈ FL(C) iff rev(L) ∈ PL(C): ``base`` (the PL(C) class) decided on rev(L)'s minimal DFA."""

    def __init__(self, base: LanguageClass, family: str):
        self.base, self.family = base, family

    def handles(self, fragment) -> bool:             # keyed by its declaration
        return False

    def decide(self, cls, context, results) -> FragmentResult:
        inner_context = context.once(reversal_context)
        if isinstance(inner_context, LimitExceeded):
            return FragmentResult(cls, None, None, None, f"undecided: the reversal: {inner_context}")
        rev = inner_context.dfa
        inner_context.deciding()
        past = decide_with_formula(self.base, inner_context)
        method = f"rev(L) ({rev.n_states} states) decided for {self.base}: {past.method}"
        if past.member is None:
            return FragmentResult(cls, None, None, None, method)
        if past.member:
            cert = MirrorCertificate(self.base.name, past) if context.certificates else None
            return FragmentResult(cls, True, None, None, method, certificate=cert)
        w = past.witness
        if w is None:
            return FragmentResult(cls, False, None, None, method)
        letters = set(context.dfa.alphabet)
        if set(w.accepted) | set(w.rejected) <= letters:
            words = tuple(reversed(w.accepted)), tuple(reversed(w.rejected))
        else:                  # a tagged pair is over A × Z_m: its proof is the identity on τ_m(rev(L))
            words = None, None
        return FragmentResult(cls, False, None, MirroredWitness(self.base.name, past, *words), method)


def mirror_class(name: str, base: LanguageClass, fragment, family: str, inclusions, summary: str,
                 bulk: str | None = None) -> LanguageClass:
    """The declaration of FL(C) = the mirror of ``base`` = PL(C), whose formulas use the
    operators of ``fragment`` (and MOD atoms when ``base`` is not an LTL fragment): asked when
    named (group ``future``), its answers re-checked by
    :func:`..checks.verify_mirror.check_mirror_answer`; ``bulk`` as in
    :class:`~..contract.classes.LanguageClass`."""
    mod = base.key is None

    def check(dfa, answer, sep=""):
        return check_mirror_answer(dfa, answer, sep, name, base.name, fragment, mod)

    return LanguageClass(name, MirrorProcedure(base, family), MIRROR_CERTIFICATE, MIRRORED_PAIR, default=False,
                         inclusions=tuple(inclusions), check=check, groups=("future",), summary=summary,
                         bulk=bulk)
