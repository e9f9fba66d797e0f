"""RD: the reverse definite languages — membership decided by a prefix of bounded length
(finite Boolean combinations of conditions uΣ*; Brzozowski 1963, Perles–Rabin–Shamir 1963).

L is RD_k iff for all words w, w' of length ≥ k with the same first k letters, w ∈ L ⇔ w'
∈ L (words shorter than k are their own profile).  DFA test, linear: every state reached by
a word of length ≥ k is a sink (its right language Σ* or ∅; in a minimal DFA a state with
all transitions to itself), so L is RD iff the states that are not sinks carry no cycle, and
the least k is 0 when the initial state is a sink, else 1 + the longest word whose run stays
off the sinks.  Syntactic semigroup: e·s = e for every idempotent e (the variety K of
Pin's book; cross-checked in the tests).

Certificate: the accepted prefixes of length k and the accepted words shorter than k
(:class:`~.profiles.ProfileCertificate`, kind ``prefix``).  Witness for "no": p off the
sinks on a cycle z, u reaching p, r ∈ L_p and r' ∉ L_p: u·z^K·r ∈ L and u·z^K·r' ∉ L
(or the reverse) share their first |u| + K|z| letters, for every K.  A "yes" also carries
the witness that k − 1 does not suffice: the longest run off the sinks, continued both ways.
"""

from __future__ import annotations

import numpy as np

from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ..contract.classes import LanguageClass
from ..algebra.profiles import Tracker, profile_test
from ..values.pumped import ClassWitness
from . import (ClassAnswer, ClassProcedure, letters, longest_path_from, pumped_pair, refuted,
               restricted_cycle, separating_pair, word_to)
from ..checks.verify_subregular import AnswerCheck

__all__ = ["sinks", "decide", "member", "PROCEDURE", "CLASS"]


def sinks(dfa) -> np.ndarray:
    """Mask of the states with every transition to themselves."""
    T = np.asarray(dfa.transitions)
    return (T == np.arange(T.shape[0])[:, None]).all(axis=1)


def member(dfa, limits: Limits | None = None) -> bool:
    """Whether L is reverse definite (linear; no certificate)."""
    return restricted_cycle(dfa.transitions, ~sinks(dfa)) is None


def _cycle_pair(dfa, p: int, z: list[int]) -> ClassWitness:
    """u·z^K·r ∈ L against u·z^K·r' ∉ L, for the word u to the non-sink state p on the cycle
    z and suffixes r, r' that p tells apart: the same first |u| + K|z| letters."""
    u = word_to(dfa, p)
    r, r2 = separating_pair(dfa, p)
    return pumped_pair(dfa, [z], [u, 0, r], [u, 0, r2], "same first |u|+K|z| letters (every k, raising K)")


def decide(dfa, limits: Limits | None = None, certificates: bool = True, context=None) -> ClassAnswer:
    limits = Limits() if limits is None else limits
    off = ~sinks(dfa)
    cycle = restricted_cycle(dfa.transitions, off)
    if cycle is not None:
        p, z = cycle
        return refuted(f"not reverse definite: state {p} is not a sink and lies on a cycle "
                       f"({''.join(letters(dfa, z))}), so prefixes of every length leave membership open",
                       certificates, _cycle_pair, dfa, p, z)
    if not off[dfa.initial]:
        k, below = 0, None
    else:
        h, w = longest_path_from(dfa.transitions, dfa.initial, off)
        k = h + 1
        below = None
        if certificates:
            q = dfa.run([dfa.alphabet[a] for a in w])
            r, r2 = separating_pair(dfa, q)
            one, two = letters(dfa, w + r), letters(dfa, w + r2)
            if not dfa.accepts(one):
                one, two = two, one
            below = ClassWitness("pair", (one,), (two,), k - 1,
                                 f"same first {k - 1} letters (the state after {''.join(letters(dfa, w)) or 'ε'} "
                                 "is not a sink)")
    method = (f"reverse definite: no cycle off the sinks; every word of length ≥ {k} ends in a sink "
              f"(least k = {k})")
    if not certificates:
        return ClassAnswer(True, method, k)
    try:
        ok, cert = profile_test(dfa, Tracker("prefix", k), limits.synthesis_states)
    except LimitExceeded as exc:
        return ClassAnswer(True, method + f"; certificate not built: {exc}", k, None, None, below)
    assert ok, "a reverse definite language must be a union of prefix classes"
    return ClassAnswer(True, method, k, cert, None, below)


PROCEDURE = ClassProcedure("reverse definite", decide)
#: RD: finite Boolean combinations of uΣ* (asked when named: ``--class RD``)
CLASS = LanguageClass("RD", PROCEDURE, "prefix profiles", "pair", default=False,
                      check=AnswerCheck("RD"),
                      inclusions=(), groups=("subregular",), bulk="RD", parameters="k",
                      summary="reverse definite: membership by the prefix of length k")
