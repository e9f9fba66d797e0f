"""LT: the locally testable languages — membership decided by the set of k-factors of the
marked word ⋊w⋉ (Boolean combinations of SL_k conditions; McNaughton and Papert 1971).

Theorem (Brzozowski–Simon 1973, McNaughton 1974): L is locally testable iff its syntactic
semigroup S is locally idempotent and commutative: for every idempotent e, the monoid e·S·e
is idempotent and commutative (the variety LSl).  Tested on the transition semigroup of the
minimal DFA through its multiplication table (Σ_e |eSe|² products; bounded by
``limits.semigroup_elements`` and :data:`~.subregular.TABLE_ENTRIES`).  (Polynomial DFA
tests exist — Kim, McNaughton and McCloskey 1991, Trahtman 1999 — and are not used for the
verdict.)  The least k by the path category of the de Bruijn graph over the same semigroup
(:mod:`.local_order`: every closed walk idempotent and α·β·γ = γ·β·α on the states after
the node; polynomial for a fixed k), k = 1, 2, … within ``limits.synthesis_states``.

Certificate: the accepted sets of k-factors (kind ``factors``), checked by building the
factor-tracking automaton and comparing it with the DFA; built by the exact profile test of
:mod:`.profiles` at the least k when it fits in ``limits.synthesis_states`` (not over four
letters at k = 2: then the certificate is the order itself, kind ``path category``, which
the verifier recomputes with its own code).

Witness for "no": an idempotent e (its word x) and s, t in e·S·e with (ese)² ≠ ese or
ese·ete ≠ ete·ese, with u, r around them: u·x^K·s·x^K·r against u·x^K·s·x^K·s·x^K·r, or u·x^K·s·x^K·t·x^K·r against
u·x^K·t·x^K·s·x^K·r.  Both words consist of the same pieces (x^K·s·x^K, …), so they have
the same k-factors once K|x| ≥ k − 1: every k.  A "yes" carries the pair with one set of
(k − 1)-factors (so k is least): u·x·αβγ·r against u·x·γβα·r, or u·x·y·r against
u·x·y·y·r (:mod:`.local_order`).
"""

from __future__ import annotations

import numpy as np

from ..contract.classes import LanguageClass
from .local_order import local_class
from . import ClassAnswer, ClassProcedure, context_of, element_word, letters, pumped_pair
from ..checks.verify_subregular import AnswerCheck


__all__ = ["violation", "decide", "member", "PROCEDURE", "CLASS"]


def violation(S, M: np.ndarray):
    """("idempotent", e, s, None) or ("commutative", e, s, t) for elements s, t of S (e·s·e
    is then the element of eSe at fault); None when S is locally idempotent and
    commutative."""
    sq = np.diag(M)
    for e in S.idempotents:
        ese = M[M[e, :], e]
        local, first = np.unique(ese, return_index=True)
        bad = np.flatnonzero(sq[local] != local)
        if len(bad):
            return "idempotent", int(e), int(first[bad[0]]), None
        P = M[np.ix_(local, local)]
        i, j = np.nonzero(P != P.T)
        if len(i):
            return "commutative", int(e), int(first[i[0]]), int(first[j[0]])
    return None


def refute(dfa, certificates: bool, S, M, bad) -> ClassAnswer:
    """The "no" for what :func:`violation` found, with its pumped pair."""
    kind, e, s, t = bad
    x, sw = element_word(S, e), element_word(S, s)
    X, SW = "".join(letters(dfa, x)), "".join(letters(dfa, sw))
    if kind == "idempotent":
        ese = int(M[M[e, s], e])
        a, b = ese, int(M[ese, ese])
        method = (f"not locally testable: e·s·e is not idempotent for e = {X}, s = {SW} "
                  "(the syntactic semigroup is not locally idempotent)")
        one = lambda u, r: [u, 0, sw, 0, r]                    # noqa: E731
        two = lambda u, r: [u, 0, sw, 0, sw, 0, r]             # noqa: E731
    else:
        tw = element_word(S, t)
        ese, ete = int(M[M[e, s], e]), int(M[M[e, t], e])
        a, b = int(M[ese, ete]), int(M[ete, ese])
        method = (f"not locally testable: e·s·e and e·t·e do not commute for e = {X}, s = {SW}, "
                  f"t = {''.join(letters(dfa, tw))} (eSe is not commutative)")
        one = lambda u, r: [u, 0, sw, 0, tw, 0, r]             # noqa: E731
        two = lambda u, r: [u, 0, tw, 0, sw, 0, r]             # noqa: E731
    if not certificates:
        return ClassAnswer(False, method)
    u, r = context_of(dfa, S.elements[a], S.elements[b])
    wit = pumped_pair(dfa, [x], one(u, r), two(u, r),
                      "the same pieces x^K·…·x^K, so the same k-factors once K|x| ≥ k − 1 (every k)")
    return ClassAnswer(False, method, witness=wit)


decide, member = local_class(
    "locally testable", violation, refute, threshold=False, module=__name__,
    yes=lambda S: (f"locally testable: e·S·e is idempotent and commutative for all "
                   f"{len(S.idempotents)} idempotents e"))


PROCEDURE = ClassProcedure("locally testable", decide)
#: LT: Boolean combinations of k-factor conditions (asked when named: ``--class LT``)
CLASS = LanguageClass("LT", PROCEDURE, "k-factor profiles", "pair", default=False,
                      check=AnswerCheck("LT"),
                      inclusions=(("SL", "SL_k ⊆ LT_k"), ("GD", "prefix and suffix conditions are "
                                                               "conditions on ⋊- and ⋉-factors")),
                      groups=("subregular",), bulk="LT", parameters="k",
                      summary="locally testable: membership by the set of k-factors of ⋊w⋉")
