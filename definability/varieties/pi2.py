"""Π2[<] = co-Pol(BPol(ST)): the complements of the Σ2 languages (:mod:`.sigma2`), the
languages defined by Π2 sentences of FO[<].

L ∈ Π2 iff the complement Lᶜ ∈ Σ2.  The syntactic order of Lᶜ is the reverse of that of L
(p·t·r ∈ Lᶜ ⇒ p·s·r ∈ Lᶜ is p·s·r ∈ L ⇒ p·t·r ∈ L), so equivalently the ordered monoid of L
satisfies x^ω ≤ x^ω y x^ω for alph(y) ⊆ alph(x).  Decided by complement: the Σ2 procedure
on the minimal DFA with the accepting states flipped (still minimal).  Its answers are the
complement's: a "yes" the check on the complement's ordered monoid (the same monoid, the
order reversed, stated as the reversed identity x^ω ≤ x^ω y x^ω of L); a "no" the witness of
Lᶜ ∉ Σ2 read on L: words x, y with alph(y) ⊆ alph(x) and a context p, r with p·x^n·y·x^n·r ∈ L
and p·x^n·r ∉ L — the relation x^ω ≤ x^ω y x^ω of L failing —, re-checked on L by
:mod:`.verify_concatenation` (and a "yes" re-decided there on the complement).

Σ2 ∩ Π2 = Δ2 = FO2[<] (Pin–Weil 1997; Thérien–Wilke 1998), checked in the tests on the census.
"""

from __future__ import annotations

from dataclasses import replace

from ...automata.operations import complement
from ..algebra.identity_terms import parse_identities
from ..checks.verify_concatenation import PI2_IDENTITY, check_pi2
from ..contract.classes import LanguageClass
from .identities import IDENTITY_CHECK, IDENTITY_PAIR, OrderedProcedure, violation_from_words
from .sigma2 import decide_sigma2

__all__ = ["decide_pi2", "INCLUSIONS", "CLASS"]

_IDS = parse_identities(PI2_IDENTITY)


def decide_pi2(dfa, limits=None):
    """(holds, proof) for Π2: Σ2 of the complement (``dfa`` minimal), its proof stated for L
    (module docstring)."""
    holds, proof = decide_sigma2(complement(dfa), limits)
    if holds:
        return True, replace(proof, identities=str(_IDS),
                             note=proof.note + " (on the complement: the order of L reversed)")
    index = {a: i for i, a in enumerate(dfa.alphabet)}
    words = {v: [index[a] for a in w] for v, _, w in proof.assignment}
    k = dict(proof.exponents)["x^ω"]
    xn = words["x"] * k
    return False, violation_from_words(dfa, _IDS, words, {"x^ω": k}, xn, xn + words["y"] + xn,
                                       [index[a] for a in proof.prefix], [index[a] for a in proof.suffix], True)


#: the classes inside Π2, with the reason
INCLUSIONS = (("PT", "PT = BPol(ST) is closed under complement and inside Σ2, so inside Π2"),
              ("SP", "SP = Π1 = co-Pol(ST) ⊆ co-Pol(BPol(ST)) = Π2"),
              ("FO2[<]", "FO2[<] = Δ2 = Σ2 ∩ Π2 (Pin–Weil; Thérien–Wilke)"))

#: Π2[<], the complements of Σ2 (asked by name)
CLASS = LanguageClass("co-Pol2(ST)", OrderedProcedure("Π2", decide_pi2, "Pin–Weil on the complement (Lᶜ ∈ Σ2)"),
                      IDENTITY_CHECK, IDENTITY_PAIR, inclusions=INCLUSIONS, default=False, groups=("hierarchy", "PI2"),
                      bulk="co-Pol2(ST)", check=check_pi2,
                      summary="Π2[<] = co-Pol(BPol(ST)) (alias PI2): the complements of Σ2 (Σ2 of the complement)")
