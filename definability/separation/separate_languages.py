"""Separation of two regular languages by a class: is there K in the class with L1 ⊆ K and
K ∩ L2 = ∅?  A separator with its certificate (checked exactly on DFAs before it is
returned), a proof that none exists (re-checked by :func:`verify_proof`), or "undecided".

Decided here (docs/decision-procedures.md §11):

* the classes of a fixed order SL[k], LT[k], LTT[k,t], PT[k] and the depth-m definite
  languages D[m]: a word's class is a function of its k-profile π (:mod:`.profiles`), so for
  the Boolean classes L1, L2 are separable iff no profile is reached by a word of L1 and a
  word of L2 (the product of the profile tracker with both DFAs); the separator is the set
  of profiles of L1's words; otherwise a word of L1 and a word of L2 with one profile.  SL[k]
  is not closed under complement: the least SL[k] language containing L1 allows exactly the
  k-factors of L1's words, so L1, L2 are separable iff no word of L2 has only such factors;
  otherwise that word with words of L1 covering its factors;
* LTL[Y] (the definite languages): separable iff L1 ∩ L2 = ∅ and the set of common
  suffixes Suf(L1) ∩ Suf(L2) is finite (a cycle test on the pair graph), with the depth m of
  the separator; otherwise the pumped family l1·zⁿ·y ∈ L1, l2·zⁿ·y ∈ L2;
* PT (every order): not separable iff a pattern u0·B1*·u1 ⋯ Bn*·un is in both DFAs
  (Place–van Rooijen–Zeitoun 2013), proved by the pumped family of :class:`PatternFamily`
  (for every n two words with the same subsequences of length ≤ n); otherwise the least
  PT[k] separator;
* SL (every order): decided by the window chain of :mod:`.strictly_local_separation` (a
  pumped word of L2 whose windows all occur in L1's words, or the least SL[k] separator);
  :class:`WindowFamily` (one block) is still read back from saved answers;
* Pol(ST) = Σ1[<]: separable iff ↑L1 ∩ L2 = ∅ (:mod:`.upward_separation`), with ↑L1's
  basis as the separator or a word of L1 and a superword of it in L2;
* SP (downward closed): separable iff L1 ∩ ↑L2 = ∅, the dual (:mod:`.upward_separation`),
  with the forbidden subsequences of A* ∖ ↑L2 as the separator or a word of L1 and a subword
  of it in L2;
* LTL[P] (R-trivial): "not separable" by the family p(xy)ⁿx·s ∈ L1, p(xy)ⁿ·s ∈ L2
  (:class:`RTrivialFamily`; sound, not complete);
* LTL[S] (star-free = FO[<]): decided by the aperiodic pointlike pairs of
  :mod:`.aperiodic_pointlikes` (Henckell; Place–Zeitoun 2016), which also give LTL[P],
  LTL[P,Y] and FO2[<] their "not separable" when LTL[S] cannot separate;
* FO2[<] (DA): "not separable" by an FO2-pointlike pair with its word family, "separable" by
  a separator that ``classify`` puts in DA — a preimage, prefix-suffix profiles, or the
  FO2[<] rank-n classes met by L1 (:mod:`.fo2_separation`, §11.4b; sound, exact for L against
  its complement, complete for "separable" up to a budget, not a proved decision);
* LTL[Y<=k], LTL[P,Y<=k] and LTL[P], when the above leave them undecided: the types over
  D1 × D2 (exact at each depth ≤ ``max_depth``: a formula of the least depth) and lassos over
  the product ("not separable" at every depth), :mod:`.type_separation`, and with Y the
  locally R-trivial family of :mod:`.locally_r_trivial_family` (every depth, LTL[P,Y] = LR);
* MOD (the length classes modulo m): decided by the length sets of :mod:`.length_separation`
  (the least modulus, or a common length or a pumped family of the other language);
* AMT (letter counts modulo m): decided by the cosets of the Parikh images of
  :mod:`.parikh_separation` (the least modulus, or a pumped family with an integer identity);
* GR (the group languages): decided by the closures in the free group of
  :mod:`.group_separation` (a permutation automaton, or two word families equal in every
  finite group; "separable" with no separator when none of its routes finds one);
* COM (letter counts to a threshold t, then modulo m): decided by :mod:`.commutative_separation`
  (the least (t, m) with its classes, or a pumped family growing one set of letters);
* the fragments: L1 itself or A* ∖ L2 as the separator when ``classify`` gives it a formula
  of the fragment (:class:`FormulaSeparator`, its DFA rebuilt from the formula and checked);
* saved answers re-checked from their JSON alone: :func:`check_answer` (``separate --check``);
* LT, LTT (every order): "not separable" by anchored walks with the same arrows
  (:mod:`.local_family`; complete when L2 is the complement of L1), by the counting family
  or by LTL[S]'s pointlike proof (LT ⊆ LTT ⊆ LTL[S]); "separable" by the search below;
* the unbounded LT, LTT and the fragments containing a decided class: "separable"
  when a separator of a subclass is found (orders 1 … ``MAX_SEARCH_ORDER``; for LT and LTT
  the orders cut at ``SEARCH_STATES`` are searched again within the caller's limits), "not
  separable" when L1 ∩ L2 ≠ ∅ (or, for LTL[Y<=k] ⊆ LTL[Y], when LTL[Y] cannot separate),
  otherwise undecided (None), saying so.
"""

from __future__ import annotations

from ...kernel import limits as _limits

import re
from dataclasses import dataclass, replace
from itertools import combinations

import numpy as np

from ...automata.dfa import DFA
from ...automata.graphs import product_successors, reachable
from ...automata.operations import complement, intersection, is_empty, is_subset, shortest_accepted
from ...automata.sources import as_dfa, load_language
from ...kernel.errors import InputError, LimitExceeded
from ...kernel.limits import Limits
from ...ltl import parse as parse_formula
from ...ltl.fragments import Fragment
from ..engine.classify import classify
from ..subregular import locally_testable, threshold_testable
from ..algebra.profiles import END, START, Tracker, parent_word, symbols_text
from .aperiodic_pointlikes import candidate_separator, decide_star_free, derivation_from_json, saturate
from .r_trivial_pointlikes import saturate_r
from .fo2_separation import check_separator as check_fo2_separator, decide_fo2, family_from_json, late_separator
from .counting_family import COUNTING_PROOFS, counting_family_within
from .local_family import LOCAL_PROOFS, local_family
from ..checks.verify_length import length_dfa
from .length_separation import LENGTH_PROOFS, separate_by_length
from .parikh_separation import PARIKH_PROOFS, separate_by_parikh
from .group_separation import GROUP_PROOFS, closures_meet, separate_by_groups
from ..checks.verify_group import PERMUTATION_AUTOMATON, permutation_dfa, permutation_problem
from ..checks.verify_parikh import PARIKH_RESIDUES, parikh_dfa, smaller_modulus
from .commutative_separation import COM_PROOFS, separate_commutative
from ..checks.verify_commutative import COM_CLASSES, commutative_dfa, earlier_pair
from .strictly_local_separation import SL_PROOFS, accepts_letters, co_reachable, decide_sl, run_word
from .upward_separation import SubwordPair, downward_dfa, separate_downward, separate_upward, upward_dfa
from .pol_group_separation import POL_GROUP_PROOFS, separate_by_pol_group
from ..checks.verify_insertion import (GROUP_INSERTION_CLOSURE, INSERTION_CLOSURE, group_insertion_meets,
                                       insertion_closure_meets)
from .type_separation import TYPE_PROOFS, decide_by_types, lasso_outcome

__all__ = ["separate", "LanguageSeparation", "Separator", "CommonWord", "SameProfile", "FactorCover",
           "SuffixFamily", "PatternFamily", "RTrivialFamily", "FormulaSeparator", "ClassifiedSeparator", "WindowFamily", "verify_proof", "check_answer", "word_profile", "MAX_SEARCH_ORDER", "parse_class",
           "UNBOUNDED_CLASSES", "CLASS_ALIASES",
           "PT_MAX_LETTERS"]

#: the orders tried for the unbounded classes LT, LTT, each within
#: ``SEARCH_STATES`` product and separator states (or the limits', when smaller)
MAX_SEARCH_ORDER = 4
#: kernel/limits.py (with every default budget)
SEARCH_STATES = _limits.SEPARATION_SEARCH_STATES
_FIXED = re.compile(r"^(SL|SP|LT|PT|LTT|D)\[(\d+)(?:,(\d+))?\]$")
_KIND = {"SL": "factors", "SP": "subsequences", "LT": "factors", "LTT": "factors", "PT": "subsequences", "D": "suffix"}
#: what each undecided class contains that is decided here, with the reason
_SUBCLASSES = {
    "LTL[P]": (("PT", "PT ⊆ LTL[P]: J ⊆ R, PT = J (Simon), LTL[P] = R-trivial ($ readout)"),),
    "LTL[P,Y]": (("LTL[Y]", "LTL[Y] ⊆ LTL[P,Y]"),
                 ("PT", "PT ⊆ LTL[P] ⊆ LTL[P,Y]"),
                 ("LT", "LT ⊆ LTL[P,Y]: prefixes, suffixes and factors by Y chains under P")),
    "LTL[S]": (("LTL[Y]", "LTL[Y] ⊆ LTL[S]"), ("PT", "PT ⊆ FO[<] = LTL[S]"),
               ("LTT", "LTT ⊆ FO[<] = LTL[S] (Thomas)")),
    "FO2[<]": (("PT", "PT ⊆ FO2[<]: J ⊆ DA"),
               ("LTL[Y]", "LTL[Y] ⊆ FO2[<]: 'exactly j positions after x' is FO2-definable (§11.4b)")),
    "LTT": (("LT", "LT = LTT at threshold 1"),),
}


# ---------------------------------------------------------------------------------------------
# profiles computed directly from a word (the referee of the tracker)

def word_profile(kind: str, k: int, t: int, word) -> object:
    """π_k(word) computed from the word itself (letter indices), not by a tracker: the
    k-factors of ⋊w⋉ counted up to t (the marked word itself when shorter than k), the
    subsequences of length ≤ k, or the last k letters (the word itself when shorter)."""
    w = tuple(word)
    if kind == "factors":
        marked = (START,) + w + (END,)
        if len(marked) < k:
            return ((marked, 1),)
        counts: dict = {}
        for i in range(len(marked) - k + 1):
            f = marked[i:i + k]
            counts[f] = min(t, counts.get(f, 0) + 1)
        return tuple(sorted(counts.items()))
    if kind == "subsequences":
        return frozenset(tuple(w[i] for i in idx) for j in range(k + 1) for idx in combinations(range(len(w)), j))
    if kind == "suffix":
        return w[-k:] if k and len(w) >= k else (w if k else ())
    raise ValueError(f"kind {kind!r}")


class SuffixTracker:
    """The depth-m definite profile: the last m letters (the word itself when shorter)."""

    kind = "suffix"

    def __init__(self, m: int):
        self.k, self.t = int(m), 1

    def start(self):
        return ()

    def step(self, state, a: int):
        return (state + (a,))[-self.k:] if self.k else ()

    def profile(self, state):
        return state


def _tracker(kind: str, k: int, t: int):
    return SuffixTracker(k) if kind == "suffix" else Tracker(kind, k, t)


# ---------------------------------------------------------------------------------------------
# proofs that no separator exists

def _accepts(dfa: DFA, word) -> bool:
    q = dfa.initial
    for a in word:
        q = int(dfa.transitions[q, a])
    return bool(dfa.accepting[q])


def _text(alphabet, word) -> str:
    return _word(alphabet, word) or "ε"


def _word(alphabet, word) -> str:
    """The word as JSON writes it (the empty word: "")."""
    return "".join(alphabet[a] for a in word)


@dataclass(frozen=True)
class CommonWord:
    """A word in L1 ∩ L2: no language whatever separates them."""

    word: tuple

    def check(self, d1: DFA, d2: DFA) -> bool:
        return _accepts(d1, self.word) and _accepts(d2, self.word)

    def text(self, alphabet) -> str:
        return f"{_text(alphabet, self.word)} is in both languages"

    def to_json(self, alphabet) -> dict:
        return {"kind": "common word", "word": _word(alphabet, self.word)}


@dataclass(frozen=True)
class SameProfile:
    """u ∈ L1, v ∈ L2 with one profile: every language of the class contains both or neither."""

    kind: str
    k: int
    t: int
    u: tuple
    v: tuple

    def check(self, d1: DFA, d2: DFA) -> bool:
        return (_accepts(d1, self.u) and _accepts(d2, self.v)
                and word_profile(self.kind, self.k, self.t, self.u) == word_profile(self.kind, self.k, self.t, self.v))

    def text(self, alphabet) -> str:
        return (f"{_text(alphabet, self.u)} ∈ L1 and {_text(alphabet, self.v)} ∈ L2 have the same "
                f"{_PROFILE_NAME[self.kind](self.k, self.t)}")

    def to_json(self, alphabet) -> dict:
        return {"kind": "same profile", "profile": self.kind, "k": self.k, "t": self.t,
                "in_L1": _word(alphabet, self.u), "in_L2": _word(alphabet, self.v)}


@dataclass(frozen=True)
class FactorCover:
    """SL[k]: v ∈ L2 and words of L1 whose k-factors (of ⋊w⋉) include all of v's: every
    SL[k] language containing L1 allows those factors, hence contains v.  SP[k] (``kind``
    "subsequences"): the same with the subsequences of length ≤ k — every SP[k] language
    containing L1 forbids none of them, hence contains v."""

    k: int
    v: tuple
    cover: tuple
    kind: str = "factors"

    def check(self, d1: DFA, d2: DFA) -> bool:
        if not _accepts(d2, self.v) or not all(_accepts(d1, u) for u in self.cover):
            return False
        have = set().union(*(profile_items(self.kind, word_profile(self.kind, self.k, 1, u)) for u in self.cover))
        return profile_items(self.kind, word_profile(self.kind, self.k, 1, self.v)) <= have

    def text(self, alphabet) -> str:
        what = f"{self.k}-factors" if self.kind == "factors" else f"subsequences of length ≤ {self.k}"
        return (f"{_text(alphabet, self.v)} ∈ L2 has only {what} of words of L1: "
                + ", ".join(_text(alphabet, u) for u in self.cover))

    def to_json(self, alphabet) -> dict:
        return {"kind": "factor cover" if self.kind == "factors" else "subsequence cover", "k": self.k,
                "in_L2": _word(alphabet, self.v), "cover_in_L1": [_word(alphabet, u) for u in self.cover]}


def profile_items(kind: str, profile) -> set:
    """The items a subset class (SL, SP) allows or forbids in a profile: the k-factors of
    ⋊w⋉ (without their counts) or the subsequences of length ≤ k."""
    return {f for f, _ in profile} if kind == "factors" else set(profile)


@dataclass(frozen=True)
class SuffixFamily:
    """LTL[Y]: states p of D1 and q of D2 with l1: init → p, l2: init → q, z (non-empty)
    looping on p and on q, and y leading p into F1 and q into F2.  Then uₙ = l1·zⁿ·y ∈ L1
    and vₙ = l2·zⁿ·y ∈ L2 share their last n|z| letters: no depth-m definite language
    separates them once n|z| ≥ m, so no definite language separates L1 from L2."""

    l1: tuple
    l2: tuple
    z: tuple
    y: tuple

    def check(self, d1: DFA, d2: DFA) -> bool:
        return bool(self.z) and _pumps(d1, self.l1, self.z, self.y) and _pumps(d2, self.l2, self.z, self.y)

    def text(self, alphabet) -> str:
        z = _text(alphabet, self.z)
        return (f"for every n, {_text(alphabet, self.l1)}·({z})ⁿ·{_text(alphabet, self.y)} ∈ L1 and "
                f"{_text(alphabet, self.l2)}·({z})ⁿ·{_text(alphabet, self.y)} ∈ L2 share a suffix "
                f"of length ≥ n·{len(self.z)}")

    def to_json(self, alphabet) -> dict:
        return {"kind": "suffix family", "l1": _word(alphabet, self.l1), "l2": _word(alphabet, self.l2),
                "z": _word(alphabet, self.z), "y": _word(alphabet, self.y)}


_PROFILE_NAME = {
    "factors": lambda k, t: f"{k}-factors of ⋊w⋉" + (f" counted up to {t}" if t > 1 else ""),
    "subsequences": lambda k, t: f"subsequences of length ≤ {k}",
    "suffix": lambda k, t: f"last {k} letters (the word itself if shorter)",
}


def verify_proof(proof, d1: DFA, d2: DFA) -> bool:
    """Re-check a non-separability proof on the two DFAs (same letter order), computing
    profiles from the words themselves (:func:`word_profile`)."""
    return bool(proof.check(d1, d2))


# ---------------------------------------------------------------------------------------------
# separators

@dataclass(frozen=True)
class Separator:
    """K = the words whose ``kind`` profile of order ``k`` (threshold ``t``) is in ``profiles``
    (``subset`` False: a Boolean class), or — SL (``subset`` True) — whose k-factors of ⋊w⋉ are
    all in ``profiles`` (the allowed factors).  ``dfa`` is K's DFA, on which L1 ⊆ K and
    K ∩ L2 = ∅ were checked; ``found_in`` names the class it was found in when that is a
    subclass of the class asked (with the inclusion)."""

    cls: str
    kind: str
    k: int
    t: int
    subset: bool
    profiles: frozenset
    alphabet: tuple
    dfa: DFA
    found_in: str | None = None

    def contains(self, word) -> bool:
        p = word_profile(self.kind, self.k, self.t, word)
        if self.subset:
            return profile_items(self.kind, p) <= self.profiles
        return p in self.profiles

    def _one(self, p) -> object:
        L = self.alphabet
        if self.subset:
            return symbols_text(L, p) if self.kind == "factors" else _text(L, p)
        if self.kind == "subsequences":
            return sorted(_text(L, s) for s in p)
        if self.kind == "suffix":
            return _text(L, p)
        if self.subset:
            return symbols_text(L, p)
        return sorted(symbols_text(L, f) + (f"×{c}" if self.t > 1 else "") for f, c in p)

    def certificate_json(self) -> dict:
        key = ("allowed_factors" if self.kind == "factors" else "allowed_subsequences") if self.subset else "profiles"
        out = {"class": self.cls, "kind": self.kind, "k": self.k,
               key: sorted((self._one(p) for p in self.profiles), key=repr)}
        if self.kind == "factors" and not self.subset:
            out["t"] = self.t
        if self.found_in:
            out["found_in"] = self.found_in
        return out

    def text(self, limit: int = 6) -> str:
        items = sorted((str(self._one(p)) for p in self.profiles))
        more = f" … ({len(items) - limit} more in the JSON form)" if len(items) > limit else ""
        if self.subset:
            what = f"{self.k}-factors of ⋊w⋉" if self.kind == "factors" else f"subsequences of length ≤ {self.k}"
            return f"K = the words whose {what} are among {len(items)}: " + ", ".join(items[:limit]) + more
        return (f"K = the words whose {_PROFILE_NAME[self.kind](self.k, self.t)} is one of "
                f"{len(items)}: " + " | ".join(items[:limit]) + more)


def _separator_dfa(tracker, member, alphabet, limit: int) -> DFA:
    """The DFA of {w : member(profile(w))}: the reachable tracker states."""
    start = tracker.start()
    index = {start: 0}
    order = [start]
    rows = []
    i = 0
    m = len(alphabet)
    while i < len(order):
        s = order[i]
        row = []
        for a in range(m):
            c = tracker.step(s, a)
            if c not in index:
                if len(index) >= limit:
                    raise LimitExceeded("separator automaton states", limit, "raise limit", ("limit",))
                index[c] = len(order)
                order.append(c)
            row.append(index[c])
        rows.append(row)
        i += 1
    acc = [member(tracker.profile(s)) for s in order]
    return DFA(alphabet, np.array(rows, dtype=np.int64).reshape(len(order), m), 0, np.array(acc, dtype=bool))


def _checked(sep: Separator, d1: DFA, d2: DFA) -> Separator:
    """``sep`` once L1 ⊆ K and K ∩ L2 = ∅ hold on DFAs (else an internal error)."""
    if not is_subset(d1, sep.dfa) or not is_empty(intersection(sep.dfa, d2)):
        raise AssertionError(f"separator of {sep.cls} failed its exact check")
    return sep


# ---------------------------------------------------------------------------------------------
# deciding at a fixed order

def _product(tracker, d1: DFA, d2: DFA, limit: int):
    """Breadth-first over (tracker state, q1, q2): for each profile the first node accepted
    by D1 and by D2, with the parent tree."""
    T1, T2 = d1.transitions, d2.transitions
    start = (tracker.start(), int(d1.initial), int(d2.initial))
    parent = {start: None}
    in1: dict = {}
    in2: dict = {}
    frontier = [start]
    m = T1.shape[1]
    while frontier:
        nxt = []
        for node in frontier:
            s, p, q = node
            prof = tracker.profile(s)
            if d1.accepting[p]:
                in1.setdefault(prof, node)
            if d2.accepting[q]:
                in2.setdefault(prof, node)
            for a in range(m):
                child = (tracker.step(s, a), int(T1[p, a]), int(T2[q, a]))
                if child not in parent:
                    if len(parent) >= limit:
                        raise LimitExceeded(f"{tracker.kind} profiles of order {tracker.k} "
                                            "(tracker × DFA × DFA states)", limit, "raise limit", ("limit",))
                    parent[child] = (node, a)
                    nxt.append(child)
        frontier = nxt
    return parent, in1, in2


def _cover(tracker, parent, in1, v, kind: str = "factors") -> tuple:
    """Words of L1 (from ``in1``) that together have every k-factor of ⋊v⋉ (every
    subsequence of length ≤ k of v)."""
    need = profile_items(kind, word_profile(kind, tracker.k, 1, v))
    words = []
    for prof, node in in1.items():
        fs = profile_items(kind, prof)
        if fs & need:
            words.append(tuple(parent_word(parent, node)))
            need -= fs
        if not need:
            break
    return tuple(words)


def _fixed(cls: str, base: str, k: int, t: int, d1: DFA, d2: DFA, limits: Limits, found_in=None):
    """(separator, None) or (None, proof) at order k."""
    kind = _KIND[base]
    tracker = _tracker(kind, k, t)
    parent, in1, in2 = _product(tracker, d1, d2, limits.type_states)
    alphabet = d1.alphabet
    if base in ("SL", "SP"):                      # the largest K: every item of L1's words allowed
        allowed = frozenset().union(*(profile_items(kind, prof) for prof in in1))
        for prof, node in in2.items():
            if profile_items(kind, prof) <= allowed:
                v = tuple(parent_word(parent, node))
                return None, FactorCover(k, v, _cover(tracker, parent, in1, v, kind), kind)
        sep = Separator(cls, kind, k, 1, True, allowed, alphabet,
                        _separator_dfa(tracker, lambda p: profile_items(kind, p) <= allowed, alphabet,
                                       limits.synthesis_states), found_in)
        return _checked(sep, d1, d2), None
    both = [p for p in in1 if p in in2]
    if both:
        p = min(both, key=lambda x: len(parent_word(parent, in1[x])) + len(parent_word(parent, in2[x])))
        u, v = tuple(parent_word(parent, in1[p])), tuple(parent_word(parent, in2[p]))
        return None, (CommonWord(u) if u == v else SameProfile(kind, k, t, u, v))
    accepted = frozenset(in1)
    sep = Separator(cls, kind, k, t, False, accepted, alphabet,
                    _separator_dfa(tracker, accepted.__contains__, alphabet, limits.synthesis_states), found_in)
    return _checked(sep, d1, d2), None


# ---------------------------------------------------------------------------------------------
# LTL[Y]: the definite languages

def _shortest_words(d: DFA) -> dict:
    """A shortest word from the initial state to each reachable state."""
    out = {int(d.initial): ()}
    frontier = [int(d.initial)]
    while frontier:
        nxt = []
        for p in frontier:
            for a in range(d.transitions.shape[1]):
                q = int(d.transitions[p, a])
                if q not in out:
                    out[q] = out[p] + (a,)
                    nxt.append(q)
        frontier = nxt
    return out


def _definite_depth(d1: DFA, d2: DFA, limit: int):
    """(m, None): every common suffix of L1 and L2 is shorter than m (Suf(L1) ∩ Suf(L2)
    finite; m = 1 + its longest word, 0 when empty); or (None, SuffixFamily) when it is
    infinite (a cycle among the pairs of reachable states that lead into F1 × F2).
    LimitExceeded beyond ``limit`` pairs."""
    w1, w2 = _shortest_words(d1), _shortest_words(d2)
    if len(w1) * len(w2) > limit:
        raise LimitExceeded("pairs of states of the two DFAs (the common-suffix graph)", limit,
                            "raise limit", ("limit",))
    m = d1.transitions.shape[1]
    pairs = [(p, q) for p in w1 for q in w2]
    succ = {pq: [((int(d1.transitions[pq[0], a]), int(d2.transitions[pq[1], a])), a) for a in range(m)]
            for pq in pairs}
    # y[pq]: a word into F1 × F2 (backward breadth-first search)
    pred: dict = {pq: [] for pq in pairs}
    for pq in pairs:
        for c, a in succ[pq]:
            pred[c].append((pq, a))
    y = {pq: () for pq in pairs if d1.accepting[pq[0]] and d2.accepting[pq[1]]}
    frontier = list(y)
    while frontier:
        nxt = []
        for c in frontier:
            for pq, a in pred[c]:
                if pq not in y:
                    y[pq] = (a,) + y[c]
                    nxt.append(pq)
        frontier = nxt
    if not y:
        return 0, None
    # cycle detection (iterative DFS) and longest path to F1 × F2 among the co-reachable pairs
    colour: dict = {}
    longest: dict = {}
    for root in y:
        if root in colour:
            continue
        stack = [(root, 0)]
        path = [root]
        colour[root] = 1
        while stack:
            node, i = stack[-1]
            edges = [(c, a) for c, a in succ[node] if c in y]
            if i < len(edges):
                stack[-1] = (node, i + 1)
                c, a = edges[i]
                if colour.get(c) == 1:                   # a cycle through c: read its word
                    start = path.index(c)
                    cyc = path[start:] + [c]
                    z = tuple(next(b for cc, b in succ[cyc[j]] if cc == cyc[j + 1]) for j in range(len(cyc) - 1))
                    p, q = c
                    return None, SuffixFamily(w1[p], w2[q], z, y[c])
                if c not in colour:
                    colour[c] = 1
                    path.append(c)
                    stack.append((c, 0))
            else:
                stack.pop()
                path.pop()
                colour[node] = 2
                fin = d1.accepting[node[0]] and d2.accepting[node[1]]
                best = 0 if fin else -1
                for c, _ in edges:
                    best = max(best, longest[c] + 1)
                longest[node] = best
    return max(longest.values()) + 1, None


# ---------------------------------------------------------------------------------------------
# PT (unbounded): common patterns (Place–van Rooijen–Zeitoun 2013; Czerwiński–Martens–Masopust 2013)

#: PT separation looks at every non-empty sub-alphabet B: refused beyond this many letters
PT_MAX_LETTERS = 8


def _alph(word) -> frozenset:
    return frozenset(word)


def _pumps(d: DFA, prefix, z, suffix) -> bool:
    """Whether ``z`` loops on the state that ``prefix`` reaches and ``suffix`` leads that
    state into F: then prefix·zⁿ·suffix ∈ L(d) for every n."""
    p = run_word(d, int(d.initial), prefix)
    return run_word(d, p, z) == p and bool(d.accepting[run_word(d, p, suffix)])


@dataclass(frozen=True)
class PatternFamily:
    """PT: a pattern u0·B1*·u1 ⋯ Bn*·un embedded in both DFAs.  For D1 and each block i a
    triple (yᵢ, zᵢ, yᵢ') with alph(yᵢ), alph(yᵢ') ⊆ alph(zᵢ) = Bᵢ and zᵢ looping on the state
    reached by u0·…·yᵢ; the same for D2 with the same Bᵢ.  Then for every n the words
    u0·y1·z1ⁿ·y1'·u1 ⋯ un (of L1, and of L2 with D2's triples) have the same subsequences of
    length ≤ n: those of the pattern's words (each zᵢⁿ holds every word of Bᵢ^{≤n}).  So no
    PT[n] language separates them, for any n: no PT language does."""

    u: tuple
    blocks1: tuple
    blocks2: tuple

    def words(self, n: int) -> tuple:
        """(the word of L1, the word of L2) at exponent n."""
        out = []
        for blocks in (self.blocks1, self.blocks2):
            w = list(self.u[0])
            for (y, z, y2), u in zip(blocks, self.u[1:]):
                w += list(y) + list(z) * n + list(y2) + list(u)
            out.append(tuple(w))
        return tuple(out)

    def check(self, d1: DFA, d2: DFA) -> bool:
        if len(self.u) != len(self.blocks1) + 1 or len(self.blocks1) != len(self.blocks2):
            return False
        for b1, b2 in zip(self.blocks1, self.blocks2):
            if not b1[1] or _alph(b1[1]) != _alph(b2[1]):
                return False
        for d, blocks in ((d1, self.blocks1), (d2, self.blocks2)):
            q = run_word(d, int(d.initial), self.u[0])
            for (y, z, y2), u in zip(blocks, self.u[1:]):
                if not (_alph(y) | _alph(y2)) <= _alph(z):
                    return False
                q = run_word(d, q, y)
                if run_word(d, q, z) != q:
                    return False
                q = run_word(d, run_word(d, q, y2), u)
            if not d.accepting[q]:
                return False
        # the family's first members, their profiles computed from the words themselves
        for n in (1, 2):
            u, v = self.words(n)
            if word_profile("subsequences", n, 1, u) != word_profile("subsequences", n, 1, v):
                return False
        return True

    def text(self, alphabet) -> str:
        def one(blocks):
            parts = [_text(alphabet, self.u[0])]
            for (y, z, y2), u in zip(blocks, self.u[1:]):
                parts.append(f"{_word(alphabet, y)}({_text(alphabet, z)})ⁿ{_word(alphabet, y2)}")
                parts.append(_text(alphabet, u))
            return "·".join(p for p in parts if p != "ε") or "ε"
        pattern = "·".join(p for p in [_text(alphabet, self.u[0])] + [
            x for b, u in zip(self.blocks1, self.u[1:])
            for x in ("{" + ",".join(alphabet[a] for a in sorted(_alph(b[1]))) + "}*", _text(alphabet, u))]
            if p != "ε")
        return (f"for every n, {one(self.blocks1)} ∈ L1 and {one(self.blocks2)} ∈ L2 have the same "
                f"subsequences of length ≤ n (the common pattern {pattern})")

    def to_json(self, alphabet) -> dict:
        def blocks(bs):
            return [{"y": _word(alphabet, y), "z": _word(alphabet, z), "y_after": _word(alphabet, y2)}
                    for y, z, y2 in bs]
        return {"kind": "common pattern", "u": [_word(alphabet, u) for u in self.u],
                "blocks_L1": blocks(self.blocks1), "blocks_L2": blocks(self.blocks2)}


def _bool_product(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The Boolean matrix product (x·y)[i, j] = ∨ₖ x[i, k] ∧ y[k, j], by a float32 product
    (BLAS; exact: the sums are integers below 2²⁴ for matrices of fewer than 2²⁴ columns)."""
    return (x.astype(np.float32) @ y.astype(np.float32)) > 0.5


class _Blocks:
    """For one DFA and a sub-alphabet B (a bit mask): ``reach`` (p →* q by letters of B,
    reflexive), ``full`` (q lies in a strongly connected component of the B-graph whose
    inner edges carry every letter of B: a loop on q with alphabet exactly B), ``step``
    (p ⇝_B q: p →* r →* q by letters of B with r full)."""

    def __init__(self, d: DFA, letters: tuple):
        n = d.n_states
        T = d.transitions
        adj = np.eye(n, dtype=bool)
        for a in letters:
            adj[np.arange(n), T[:, a]] = True
        reach = adj
        while True:                               # transitive closure by squaring
            nxt = _bool_product(reach, reach)
            if (nxt == reach).all():
                break
            reach = nxt
        scc = reach & reach.T
        full = np.ones(n, dtype=bool)
        for a in letters:
            # some s in q's component whose a-successor is in it too
            full &= (scc & scc[:, T[:, a]]).any(axis=1)
        self.d, self.letters, self.reach, self.scc, self.full = d, letters, reach, scc, full
        self.step = _bool_product(reach[:, full], reach[full, :]) if full.any() else np.zeros((n, n), dtype=bool)

    def _path(self, p: int, q: int) -> tuple:
        """A shortest word of letters of B from p to q (q reachable)."""
        back = {p: None}
        frontier = [p]
        while q not in back:
            nxt = []
            for s in frontier:
                for a in self.letters:
                    c = int(self.d.transitions[s, a])
                    if c not in back:
                        back[c] = (s, a)
                        nxt.append(c)
            frontier = nxt
        return tuple(parent_word(back, q))

    def triple(self, p: int, q: int) -> tuple:
        """(y, z, y') with p →y r, z a loop on r with alphabet B, r →y' q."""
        r = int(np.flatnonzero(self.reach[p] & self.full & self.reach[:, q])[0])
        z: tuple = ()
        T = self.d.transitions
        for a in self.letters:
            if a in z:
                continue
            s = int(np.flatnonzero(self.scc[r] & self.scc[r, T[:, a]])[0])
            z += self._path(r, s) + (a,) + self._path(int(T[s, a]), r)
        return self._path(p, r), z, self._path(r, q)


def _pt_pattern(d1: DFA, d2: DFA, limit: int):
    """A :class:`PatternFamily` when L1 and L2 have a common pattern, else None.  The pairs
    (p, q) of states reached by one pattern prefix are closed under a common letter and under
    a common block B (p ⇝_B p' in D1 and q ⇝_B q' in D2); a pattern exists iff a pair of
    F1 × F2 is reached."""
    m = d1.transitions.shape[1]
    n1, n2 = d1.n_states, d2.n_states
    if m > PT_MAX_LETTERS:
        raise LimitExceeded("letters for PT separation (every sub-alphabet is looked at)", PT_MAX_LETTERS,
                            "use fewer letters", ("alphabet",))
    if n1 * n2 > limit:
        raise LimitExceeded("pairs of states of the two DFAs (PT patterns)", limit, "raise limit", ("limit",))
    blocks = []
    for mask in range(1, 1 << m):
        letters = tuple(a for a in range(m) if mask >> a & 1)
        b1 = _Blocks(d1, letters)
        if not b1.full.any():
            continue
        b2 = _Blocks(d2, letters)
        if b2.full.any():
            blocks.append((b1, b2))
    T1, T2 = d1.transitions, d2.transitions
    # how each pair (flat index p·n2 + q) was first reached: how 0 (the start or unseen),
    # 1 by letter lab[c] from src[c], 2 by block lab[c] (an index of ``blocks``) in round
    # src[c], whose sources are that round's snapshot of the pairs seen
    size = n1 * n2
    how = np.zeros(size, dtype=np.int8)
    src = np.zeros(size, dtype=np.int64)
    lab = np.zeros(size, dtype=np.int64)
    seen = np.zeros(size, dtype=bool)
    start = int(d1.initial) * n2 + int(d2.initial)
    seen[start] = True
    final = np.outer(d1.accepting, d2.accepting).reshape(-1)
    snapshots = []
    frontier = np.array([start], dtype=np.int64)
    while len(frontier):
        queue = frontier                           # close under common letters (by levels)
        while len(queue):
            P, Q = queue // n2, queue % n2
            nxt = []
            for a in range(m):
                child = T1[P, a] * n2 + T2[Q, a]
                child, first = np.unique(child, return_index=True)
                fresh = ~seen[child]
                child, origin = child[fresh], queue[first[fresh]]
                seen[child] = True
                how[child], src[child], lab[child] = 1, origin, a
                nxt.append(child)
            queue = np.concatenate(nxt)
        hit = np.flatnonzero(seen & final)
        if len(hit):
            return _pattern_of(int(hit[0]), n2, how, src, lab, snapshots, blocks)
        snapshot = seen.reshape(n1, n2).copy()
        fresh_all = []
        for i, (b1, b2) in enumerate(blocks):      # close under common blocks
            new = (_bool_product(_bool_product(b1.step.T, snapshot), b2.step).reshape(-1)) & ~seen
            c = np.flatnonzero(new)
            seen[c] = True
            how[c], src[c], lab[c] = 2, len(snapshots), i
            fresh_all.append(c)
        snapshots.append(snapshot)
        frontier = np.concatenate(fresh_all) if fresh_all else np.zeros(0, dtype=np.int64)
    return None


def _pattern_of(node: int, n2: int, how, src, lab, snapshots, blocks) -> PatternFamily:
    """The pattern on the way to pair ``node``: common letters and common blocks (a block's
    source pair found again in its round's snapshot)."""
    steps = []
    while how[node]:
        pair = divmod(node, n2)
        if how[node] == 1:
            prev = int(src[node])
            steps.append(("letter", divmod(prev, n2), pair, int(lab[node])))
        else:
            b1, b2 = blocks[int(lab[node])]
            found = np.argwhere(snapshots[int(src[node])] & np.outer(b1.step[:, pair[0]], b2.step[:, pair[1]]))[0]
            prev = int(found[0]) * n2 + int(found[1])
            steps.append(("block", divmod(prev, n2), pair, (b1, b2)))
        node = prev
    u, blocks1, blocks2 = [[]], [], []
    for kind, prev, node, x in reversed(steps):
        if kind == "letter":
            u[-1].append(x)
        else:
            b1, b2 = x
            blocks1.append(b1.triple(prev[0], node[0]))
            blocks2.append(b2.triple(prev[1], node[1]))
            u.append([])
    return PatternFamily(tuple(tuple(w) for w in u), tuple(blocks1), tuple(blocks2))


# ---------------------------------------------------------------------------------------------
# LTL[P] (R-trivial at N+1): a sound "no" from the identity (xy)^ω x = (xy)^ω

@dataclass(frozen=True)
class RTrivialFamily:
    """LTL[P]: words p, x, y, s with xy ≠ ε looping (after p) in D1 and in D2, p·(xy)ⁿ·x·s ∈ L1
    and p·(xy)ⁿ·s ∈ L2 for every n.  Every R-trivial monoid satisfies (xy)^ω·x = (xy)^ω, hence
    (xy)ⁿ·x = (xy)ⁿ for n ≥ ω: an R-trivial language (LTL[P] at the N+1 readout, §3.1)
    contains both words of the pair or neither once n is large, so none separates L1 from L2."""

    p: tuple
    x: tuple
    y: tuple
    s: tuple

    def check(self, d1: DFA, d2: DFA) -> bool:
        if not self.x + self.y:
            return False
        r1, r2 = run_word(d1, int(d1.initial), self.p), run_word(d2, int(d2.initial), self.p)
        return (run_word(d1, r1, self.x + self.y) == r1 and run_word(d2, r2, self.x + self.y) == r2
                and bool(d1.accepting[run_word(d1, r1, self.x + self.s)]) and bool(d2.accepting[run_word(d2, r2, self.s)]))

    def text(self, alphabet) -> str:
        p, x, y, s = (_word(alphabet, w) for w in (self.p, self.x, self.y, self.s))
        return (f"for every n, {p}({x}{y})ⁿ{x}{s} ∈ L1 and {p}({x}{y})ⁿ{s} ∈ L2: an R-trivial language "
                f"(LTL[P]) has (xy)^ω x = (xy)^ω with x = {x or 'ε'}, y = {y or 'ε'}")

    def to_json(self, alphabet) -> dict:
        return {"kind": "R-trivial family", "p": _word(alphabet, self.p), "x": _word(alphabet, self.x),
                "y": _word(alphabet, self.y), "s": _word(alphabet, self.s)}


def _pair_bfs(succ: np.ndarray, sources, targets: np.ndarray):
    """A shortest word (letters) from one of ``sources`` to a node with ``targets`` True in the
    graph ``succ`` (node × letter → node), and the node reached: (word, node) or None."""
    parent = {int(s): None for s in sources}
    frontier = [int(s) for s in sources]
    while frontier:
        for c in frontier:
            if targets[c]:
                return tuple(parent_word(parent, c)), c
        nxt = []
        for c in frontier:
            for a, d in enumerate(succ[c]):
                d = int(d)
                if d not in parent:
                    parent[d] = (c, a)
                    nxt.append(d)
        frontier = nxt
    return None


def _r_trivial_family(d1: DFA, d2: DFA, limit: int):
    """An :class:`RTrivialFamily` when there is one of this shape, else None: a strongly
    connected component C of the pair graph D1 × D2 (reachable, with a cycle) holding pairs
    (r1, r2) and (r1', r2') such that the mixed pair (r1', r2) leads into F1 × F2 by a common
    word s.  Then p reaches (r1, r2), x leads it to (r1', r2') and y back, inside C."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    n1, n2, m = d1.n_states, d2.n_states, d1.transitions.shape[1]
    size = n1 * n2
    if size > limit:
        raise LimitExceeded("pairs of states of the two DFAs (the R-trivial family)", limit, "raise limit",
                            ("limit",))
    P, Q = np.divmod(np.arange(size), n2)                       # the node p·n2 + q is the pair (p, q)
    succ = product_successors(d1.transitions, d2.transitions)
    rows = np.repeat(np.arange(size), m)
    graph = csr_matrix((np.ones(size * m, dtype=np.int8), (rows, succ.reshape(-1))), shape=(size, size))
    start = int(d1.initial) * n2 + int(d2.initial)
    reach = reachable(succ, start)
    co = co_reachable(succ, np.outer(d1.accepting, d2.accepting).reshape(-1))    # pairs that lead into F1 × F2
    _, label = connected_components(graph, directed=True, connection="strong")
    counts = np.bincount(label, minlength=size)
    looped = succ == np.arange(size)[:, None]
    cyclic = (counts[label] > 1) | looped.any(axis=1)
    co = co.reshape(n1, n2)
    for comp in np.unique(label[reach & cyclic]):
        members = np.flatnonzero(label == comp)
        firsts, seconds = np.zeros(n1, dtype=bool), np.zeros(n2, dtype=bool)
        firsts[P[members]] = True
        seconds[Q[members]] = True
        mixed = np.argwhere(co & np.outer(firsts, seconds))
        if not len(mixed):
            continue
        r1p, r2 = (int(v) for v in mixed[0])
        here = label == comp
        a = int(members[Q[members] == r2][0])          # (r1, r2)
        b = int(members[P[members] == r1p][0])         # (r1', r2')
        p, _ = _pair_bfs(succ, [start], np.arange(size) == a)
        x, _ = _pair_bfs(succ, [a], np.arange(size) == b)
        if a == b:                                      # x = ε: y a cycle through a
            y = next(((c,) + _pair_bfs(succ, [int(succ[a, c])], np.arange(size) == a)[0]
                      for c in range(m) if here[succ[a, c]]))
        else:
            y, _ = _pair_bfs(succ, [b], np.arange(size) == a)
        s, _ = _pair_bfs(succ, [r1p * n2 + r2], np.outer(d1.accepting, d2.accepting).reshape(-1))
        return RTrivialFamily(p, x, y, s)
    return None


# ---------------------------------------------------------------------------------------------
# the fragments: L1 itself, or the complement of L2, when classify puts it in the fragment

@dataclass(frozen=True)
class FormulaSeparator:
    """K defined by a formula of the fragment (``formula``), found by classifying L1 itself
    or A* ∖ L2 (``found_in`` says which); ``dfa`` is the formula's own DFA, built again from
    the formula's text, on which L1 ⊆ K and K ∩ L2 = ∅ were checked."""

    cls: str
    formula: str
    alphabet: tuple
    dfa: DFA
    found_in: str
    #: the ``$NAME := formula`` lines of a shared certificate (``formula`` is then its whole
    #: text, the definitions and the last line), as ltl/definitions.py prints them
    definitions: tuple = ()

    @property
    def k(self):
        return None

    def contains(self, word) -> bool:
        return accepts_letters(self.dfa, self.alphabet, word)

    def certificate_json(self) -> dict:
        return {"class": self.cls, "kind": "formula", "formula": self.formula,
                "definitions": [list(p) for p in self.definitions], "found_in": self.found_in}

    def text(self, limit: int = 6) -> str:
        if self.definitions:
            body = self.formula.splitlines()[-1]
            return (f"K = the words satisfying {body} with {len(self.definitions)} definitions "
                    f"(in the JSON form) ({self.found_in})")
        return f"K = the words satisfying {self.formula} ({self.found_in})"


@dataclass(frozen=True)
class ClassifiedSeparator:
    """K = L1 itself or A* ∖ L2 (``language``), which ``classify`` puts in LT or LTT with least
    order ``k`` (and threshold ``t``) by the path category of the de Bruijn graph
    (definability/subregular/local_order.py); K ∩ L2 = ∅ (or L1 ⊆ K) was checked on DFAs.
    ``separate --check`` rebuilds K and decides its membership again."""

    cls: str
    language: str
    k: int
    t: int
    alphabet: tuple
    dfa: DFA
    found_in: str

    def contains(self, word) -> bool:
        return accepts_letters(self.dfa, self.alphabet, word)

    def certificate_json(self) -> dict:
        out = {"class": self.cls, "kind": "language", "language": self.language, "k": self.k,
               "found_in": self.found_in}
        if self.cls == "LTT":
            out["t"] = self.t
        return out

    def text(self, limit: int = 6) -> str:
        order = f"LTT[{self.k},{self.t}]" if self.cls == "LTT" else f"LT[{self.k}]"
        return f"K = {self.language}, an {order} language ({self.found_in})"


#: the languages a :class:`ClassifiedSeparator` may be, built from (D1, D2)
_LANGUAGES = {"L1": lambda d1, d2: d1, "A* ∖ L2": lambda d1, d2: complement(d2).minimal()}


def _least_order(cls: str, dfa: DFA, limits: Limits):
    """(k, t) of ``dfa``'s language in LT or LTT by the class's own procedure, the one
    ``classify`` runs (None when not a member or when the least order was not computed
    within the limits)."""
    procedure = {"LT": locally_testable, "LTT": threshold_testable}[cls]
    try:
        if procedure.member(dfa, limits) is not True:
            return None
        answer = procedure.decide(dfa, limits, certificates=True)
    except LimitExceeded:
        return None
    cert = answer.to_json() or {}                  # the class's certificate: k (and t), how found
    if not answer.member or cert.get("k") is None:
        return None
    return int(cert["k"]), int(cert.get("t", 1) or 1)


def _classified_separator(base: str, d1: DFA, d2: DFA, limits: Limits):
    """L1 or A* ∖ L2 as an LT (LTT) separator when ``classify`` puts it in the class with its
    least order (L1 ∩ L2 = ∅ is known), else None."""
    small = Limits.of(limits, synthesis_states=min(limits.synthesis_states, SEARCH_STATES),
                      semigroup_elements=min(limits.semigroup_elements, _limits.SEPARATION_CLASSIFIED_ELEMENTS))
    for language, build in _LANGUAGES.items():
        dfa = build(d1, d2)
        order = _least_order(base, dfa, small)
        if order is None:
            continue
        where = "L1 itself" if language == "L1" else "the complement of L2"
        sep = ClassifiedSeparator(base, language, order[0], order[1], d1.alphabet, dfa,
                                  f"{where}, in {base} by classify (least order {order[0]}"
                                  + (f", threshold {order[1]})" if base == "LTT" else ")"))
        if not is_subset(d1, dfa) or not is_empty(intersection(dfa, d2)):
            raise AssertionError(f"separator of {base} failed its exact check")
        return sep
    return None


def _fragment_separator(base: str, d1: DFA, d2: DFA, limits: Limits):
    """A :class:`FormulaSeparator` for the fragment ``base`` (LTL[P], LTL[P,Y], LTL[S],
    LTL[Y<=k], LTL[P,Y<=k]) when L1 or A* ∖ L2 is in it with a formula (L1 ∩ L2 = ∅ is
    known), else None."""
    m = re.search(r"Y<=(\d+)", base)
    windows = (int(m.group(1)),) if m else ()
    for k_dfa, where in ((d1, "L1 itself"), (complement(d2), "the complement of L2")):
        try:
            result = classify(k_dfa, windows=windows, limits=limits)[base]
        except (LimitExceeded, KeyError):
            continue
        j = result.to_json()
        if result.member and j.get("formula") and not j.get("definitions"):
            dfa = load_language(formula=j["formula"], alphabet=list(d1.alphabet)).dfa
            dfa = dfa.with_alphabet_order(d1.alphabet) if dfa.alphabet != d1.alphabet else dfa
            sep = FormulaSeparator(base, j["formula"], d1.alphabet, dfa, f"{where}, in {base} by classify")
            if not is_subset(d1, dfa) or not is_empty(intersection(dfa, d2)):
                raise AssertionError(f"separator of {base} failed its exact check")
            return sep
    return None


# ---------------------------------------------------------------------------------------------
# SL (unbounded): a sound "no" by a pumped word of L2 whose windows all occur in L1

@dataclass(frozen=True)
class WindowFamily:
    """SL: words x, z (≠ ε), y, w, u with x·zⁿ·y ∈ L2 for every n (z loops after x in D2),
    x·zⁿ·w ∈ L1 (z loops after x in D1) and u·zⁿ·y ∈ L1 (z loops after u in D1).  For
    k ≤ n|z| no k-window of ⋊x·zⁿ·y⋉ spans from x to y, so each lies in ⋊x·zⁿ or in zⁿ·y⋉,
    factors of ⋊x·zⁿ·w⋉ and ⋊u·zⁿ·y⋉: every SL[k] language containing L1 contains x·zⁿ·y,
    for every k — no SL language separates L1 from L2."""

    x: tuple
    z: tuple
    y: tuple
    w: tuple
    u: tuple

    def check(self, d1: DFA, d2: DFA) -> bool:
        if not (self.z and _pumps(d2, self.x, self.z, self.y) and _pumps(d1, self.x, self.z, self.w)
                and _pumps(d1, self.u, self.z, self.y)):
            return False
        for k in (2, 3):                            # the windows, computed from the words
            n = -(-k // len(self.z))
            have = {f for word in (self.x + self.z * n + self.w, self.u + self.z * n + self.y)
                    for f, _ in word_profile("factors", k, 1, word)}
            if not all(f in have for f, _ in word_profile("factors", k, 1, self.x + self.z * n + self.y)):
                return False
        return True

    def text(self, alphabet) -> str:
        x, z, y, w, u = (_word(alphabet, v) for v in (self.x, self.z, self.y, self.w, self.u))
        return (f"for every n, {x}({z})ⁿ{y} ∈ L2 has only windows of {x}({z})ⁿ{w} and {u}({z})ⁿ{y} ∈ L1 "
                f"(windows of length ≤ n·{len(self.z)})")

    def to_json(self, alphabet) -> dict:
        return {"kind": "window family", **{name: _word(alphabet, v) for name, v in
                                            zip("xzywu", (self.x, self.z, self.y, self.w, self.u))}}


# ---------------------------------------------------------------------------------------------
# the answer

@dataclass(frozen=True)
class LanguageSeparation:
    """The answer for (L1, L2, class): ``separable`` True (``separator``, checked exactly),
    False (``proof``, re-checked by :func:`verify_proof`) or None (undecided: ``method``
    says what was tried)."""

    by: str
    separable: bool | None
    method: str
    separator: Separator | None
    proof: object | None
    alphabet: tuple

    def to_json(self) -> dict:
        out = {"by": self.by, "separable": self.separable, "method": self.method,
               "separator": self.separator.certificate_json() if self.separator else None}
        if self.proof is not None:
            out["proof"] = self.proof.to_json(self.alphabet)
        return out

    def text(self) -> str:
        head = {True: "separable", False: "not separable", None: "undecided"}[self.separable]
        lines = [f"{head} by {self.by}: {self.method}"]
        if self.separator is not None:
            lines.append("  " + self.separator.text())
        if self.proof is not None:
            lines.append("  " + self.proof.text(self.alphabet))
        return "\n".join(lines)


#: the classes other than the fragments and the fixed orders that ``--by`` names, at every order
UNBOUNDED_CLASSES = ("SL", "LT", "LTT", "PT", "SP", "FO2[<]", "Pol(ST)", "MOD", "AMT", "GR", "COM", "Pol(MOD)", "Pol(AMT)", "Pol(GR)")
#: other spellings of :data:`UNBOUNDED_CLASSES`
CLASS_ALIASES = {"FO2": "FO2[<]", "SIGMA1": "Pol(ST)"}


def parse_class(by: str) -> tuple:
    """(base, k, t) for a fixed order (``SL[2]``, ``LTT[2,3]``, ``D[3]``), ``(name, None,
    None)`` for the others (``PT``, ``LT``, ``LTT``, ``SL``, ``LTL[Y]``, ``LTL[Y<=k]``,
    ``LTL[P]``, ``LTL[P,Y]``, ``LTL[S]``, ``FO2[<]``, or their attention patterns)."""
    text = str(by).strip()
    m = _FIXED.match(text)
    if m:
        base, k = m.group(1), int(m.group(2))
        t = int(m.group(3)) if m.group(3) else 1
        if (m.group(3) is not None) != (base == "LTT") or k < (0 if base == "D" else 1) or t < 1 or k > 64:
            raise InputError(f"class {text!r}: orders are SL[k], SP[k], LT[k], PT[k], D[k], LTT[k,t] with k ≥ 1",
                             parameters=("by",))
        return base, k, t
    text = CLASS_ALIASES.get(text, text)
    if text in UNBOUNDED_CLASSES:
        return text, None, None
    try:
        fr = Fragment.named(text)
    except InputError:
        raise InputError(f"class {text!r}: one of SL[k], SP[k], LT[k], LTT[k,t], PT[k], D[k], SL, LT, LTT, PT, "
                         "SP, FO2[<], Pol(ST), MOD, AMT, GR, COM, Pol(MOD), Pol(AMT), Pol(GR), or a fragment (LTL[Y], LTL[Y<=k], LTL[P], LTL[P,Y], LTL[S]) or its "
                         "attention pattern", parameters=("by",)) from None
    return str(fr), None, None


def _common_alphabet(d1: DFA, d2: DFA, alphabet) -> tuple[DFA, DFA]:
    letters = tuple(alphabet) if alphabet is not None else tuple(dict.fromkeys(d1.alphabet + d2.alphabet))
    out = []
    for d in (d1, d2):
        extra = [a for a in d.alphabet if a not in letters]
        if extra:
            raise InputError(f"letters {extra} are not in the alphabet {list(letters)}", parameters=("alphabet",))
        n = d.n_states
        T = np.full((n + 1, len(letters)), n, dtype=np.int64)       # a rejecting sink for new letters
        for j, a in enumerate(letters):
            if a in d.alphabet:
                T[:n, j] = d.transitions[:, d.letter_index(a)]
        acc = np.concatenate([np.asarray(d.accepting, dtype=bool), [False]])
        out.append(DFA(letters, T, d.initial, acc).minimal())
    return out[0], out[1]


def separate(l1, l2, by: str, alphabet=None, limits: Limits | None = None) -> LanguageSeparation:
    """Is there K in class ``by`` with L1 ⊆ K and K ∩ L2 = ∅?  ``l1``, ``l2``: DFAs or
    :class:`~attnlogic.automata.sources.Language` values (as :func:`classify` takes them),
    read over the union of their alphabets (or ``alphabet``).  Budgets: ``limits.type_states``
    (product states), ``limits.synthesis_states`` (the separator's DFA)."""
    limits = limits if limits is not None else Limits()
    d1, d2 = _common_alphabet(as_dfa(l1, parameter="l1"), as_dfa(l2, parameter="l2"), alphabet)
    base, k, t = parse_class(by)
    name = str(by).strip()
    return _decide(name, base, k, t, d1, d2, limits)


def _decide(name, base, k, t, d1, d2, limits, found_in=None, separator_only=False) -> LanguageSeparation:
    """The answer for one class; ``separator_only``: only a separator is wanted (a subclass
    tried for a larger class), so LT's and LTT's searches for a "no" are skipped."""
    def done(sep, proof, method):
        if proof is not None and not verify_proof(proof, d1, d2):
            raise AssertionError(f"{name}: the proof failed its re-check")
        return LanguageSeparation(name, True if sep else (False if proof is not None else None),
                                  method, sep, proof, d1.alphabet)

    if k is not None:
        sep, proof = _fixed(name, base, k, t, d1, d2, limits, found_in)
        if sep:
            return done(sep, None, f"L1 ⊆ K and K ∩ L2 = ∅ checked on DFAs (K: {sep.dfa.n_states} states)")
        return done(None, proof, f"a word of L1 and a word of L2 that no {name} language tells apart")
    if base == "MOD":                              # the length classes modulo m (length_separation.py)
        return done(*separate_by_length(d1, d2, limits))
    if base == "AMT":                              # letter counts modulo m (parikh_separation.py)
        return done(*separate_by_parikh(d1, d2, limits))
    if base == "GR":                               # closures in the free group (group_separation.py)
        sep, proof, method = separate_by_groups(d1, d2, limits)
        if sep is None and proof is None:          # disjoint closures, no separator found
            return LanguageSeparation(name, True, f"{method}; no separator was built within the budget (L1, "
                                      "A* ∖ L2, AMT, the folding completed to permutations, actions of ≤ 3 points "
                                      "tried): the answer rests on the theorem", None, None, d1.alphabet)
        return done(sep, proof, method)
    if base == "COM":                              # letter counts to a threshold, then modulo m
        return done(*separate_commutative(d1, d2, limits))
    if base == "LTL[Y]":
        m, family = _definite_depth(d1, d2, limits.type_states)
        if family is not None:
            return done(None, family, "Suf(L1) ∩ Suf(L2) is infinite (a cycle of the pair graph)")
        sep, proof = _fixed(name, "D", m, 1, d1, d2, limits, found_in)
        if proof is not None:                      # a common word (L1 ∩ L2 ≠ ∅)
            return done(None, proof, "L1 ∩ L2 ≠ ∅")
        return done(sep, None, f"every common suffix is shorter than {m}: separated at depth {m}, "
                               "checked on DFAs")
    common = _common_word(d1, d2)
    if common is not None:
        return done(None, common, "L1 ∩ L2 ≠ ∅")
    if base.startswith("LTL[Y<=") or base.startswith("LTL[Y<"):
        inner = _decide("LTL[Y]", "LTL[Y]", None, None, d1, d2, limits)
        if inner.separable is False:
            return done(None, inner.proof, f"{base} ⊆ LTL[Y], which cannot separate them")
        sep = _fragment_separator(base, d1, d2, limits)
        if sep is not None:
            return done(sep, None, f"{sep.found_in}; checked on DFAs")
        return _decide_by_types(name, base, d1, d2, limits, done, "separable by LTL[Y]")
    if base == "PT":
        return _decide_pt(name, d1, d2, limits, found_in, done)
    if base == "Pol(ST)":                          # ↑L1 ∩ L2 = ∅ (upward_separation.py)
        sep, proof = separate_upward(d1, d2, limits)
        if sep is not None:
            return done(sep, None, "↑L1 ∩ L2 = ∅: the upward closure of L1, the least Pol(ST) language "
                                   "containing it, separates (checked on DFAs)")
        return done(None, proof, "↑L1 ∩ L2 ≠ ∅: a word of L2 has a subword in L1")
    if base in ("Pol(MOD)", "Pol(AMT)", "Pol(GR)"):   # insertions of G-trivial blocks (pol_group_separation.py)
        sep, proof, method = separate_by_pol_group(d1, d2, base[4:-1], limits)
        if sep is None and proof is None:
            return LanguageSeparation(name, True, method, None, None, d1.alphabet)
        return done(sep, proof, method)
    if base == "SP":                               # L1 ∩ ↑L2 = ∅, the dual (upward_separation.py)
        sep, proof = separate_downward(d1, d2, limits)
        if sep is not None:
            return done(sep, None, "L1 ∩ ↑L2 = ∅: A* ∖ ↑L2, the largest downward closed language missing L2, "
                                   "contains L1 (checked on DFAs)")
        return done(None, proof, "L1 ∩ ↑L2 ≠ ∅: a word of L1 has a subword in L2")
    if base == "LTL[S]":
        return _decide_star_free(name, d1, d2, limits, done)
    if base == "SL":                               # decided at every order (strictly_local_separation.py)
        return done(*decide_sl(d1, d2, limits, lambda k, lim: _fixed(f"SL[{k}]", "SL", k, 1, d1, d2, lim, found_in)))
    if base in ("LT", "LTT"):
        return _decide_local(base, d1, d2, limits, found_in, done, separator_only)
    if base == "LTL[P]":
        family = _r_trivial_family(d1, d2, limits.type_states)
        if family is not None:
            return done(None, family, "a family that every R-trivial language (LTL[P] at the N+1 readout) "
                                      "confuses: (xy)^ω x = (xy)^ω")
        return _decide_r_trivial(name, d1, d2, limits, done)
    tried = []
    for sub, reason in _SUBCLASSES.get(base, ()):
        inner = _decide(sub, *parse_class(sub), d1, d2, limits, separator_only=True)
        tried.append(sub)
        if inner.separable:
            s = inner.separator
            sep = replace(s, found_in=reason)
            return done(sep, None, f"separated by {s.cls} ({reason}), checked on DFAs")
    if base == "FO2[<]":                           # FO2-pointlike pairs (fo2_separation.py, §11.4b)
        return _decide_fo2(d1, d2, limits, done, tried)
    if base.startswith("LTL["):
        sep = _fragment_separator(base, d1, d2, limits)
        if sep is not None:
            return done(sep, None, f"{sep.found_in}; checked on DFAs")
        tried.append("L1, A* ∖ L2")
    windowed = base == "LTL[P]" or base.startswith("LTL[P,Y")
    if windowed or base == "FO2[<]":               # ⊆ LTL[S]: what LTL[S] cannot separate, neither can they
        outcome = decide_star_free(d1, d2, limits)
        if outcome.separable is False:
            return done(None, outcome.proof, f"{base} ⊆ LTL[S], which cannot separate them: {outcome.method}")
    tried_text = f" (no separator in {', '.join(tried)})" if tried else ""
    if windowed:
        return _decide_by_types(name, base, d1, d2, limits, done, "not decided by the above" + tried_text)
    return done(None, None, f"separation by {base} is not decided here" + tried_text)


def _decide_r_trivial(name, d1, d2, limits, done) -> LanguageSeparation:
    """LTL[P] (R-trivial at the N+1 readout), §11.4c, after the R-trivial family: the
    R-pointlike saturation decides — a pointlike pair means "not separable", proved by §11.7's
    lasso when it finds one (a word family), else by the derivation; none
    means separable (the theorem), and the separator is looked for as L1 or A* ∖ L2, then
    among the R-trivial languages of the pair automaton, then in PT, then by the types of
    depth ≤ ``max_depth`` (§11.7, exact at each depth); where all these stop first the answer
    rests on the theorem and says so.  When a budget stops the saturation, the procedure of
    before: the same separators, LTL[S]'s "no", then §11.7 (lasso, types), else undecided."""
    try:
        proof = saturate_r(d1, d2, limits)
        stopped = None
    except LimitExceeded as e:
        proof, stopped = None, str(e)
    if proof is not None:                          # a word family reads better, when the lasso has one
        lasso = lasso_outcome(Fragment.parse("LTL[P]"), d1, d2)
        if lasso is not None:
            return done(None, lasso.family, lasso.method)
        return done(None, proof, "an R-pointlike set meets both languages (the saturation of Almeida, Costa "
                                 "and Zeitoun, each step re-checked): no R-trivial language separates them")
    theorem = "no R-pointlike set meets both languages (Almeida–Costa–Zeitoun 2008)"
    before = f"{theorem}; " if stopped is None else ""
    sep = _fragment_separator("LTL[P]", d1, d2, limits)
    if sep is not None:
        return done(sep, None, f"{before}{sep.found_in}; checked on DFAs")
    found = candidate_separator(d1, d2, limits, fragment="LTL[P]")
    if found is not None:
        formula, _, where = found
        sep = FormulaSeparator("LTL[P]", formula, d1.alphabet, _checked_formula_dfa(formula, d1, d2),
                               f"{where}, in LTL[P] by classify")
        return done(sep, None, f"{before}K: {where}, checked on DFAs")
    inner = _decide("PT", *parse_class("PT"), d1, d2, limits, separator_only=True)
    if inner.separable:
        sep = replace(inner.separator, found_in=_SUBCLASSES["LTL[P]"][0][1])
        return done(sep, None, f"{before}separated by {sep.cls} ({sep.found_in}), checked on DFAs")
    tried = ["L1, A* ∖ L2", "the R-trivial languages of the pair automaton", "PT"]
    if stopped is not None:
        outcome = decide_star_free(d1, d2, limits)
        if outcome.separable is False:
            return done(None, outcome.proof, f"LTL[P] ⊆ LTL[S], which cannot separate them: {outcome.method}")
        return _decide_by_types(name, "LTL[P]", d1, d2, limits, done,
                                f"the R-pointlike saturation stopped ({stopped}); no separator in {', '.join(tried)}")
    out = decide_by_types(Fragment.parse("LTL[P]"), d1, d2, limits)
    if out.family is not None:
        raise AssertionError("LTL[P]: a lasso family where the R-pointlike saturation finds no pair")
    if out.formula is not None:
        sep = FormulaSeparator("LTL[P]", out.formula, d1.alphabet, out.dfa,
                               f"the N+1 types of depth {out.depth} met by L1 (types over D1 × D2)",
                               out.definitions)
        return done(sep, None, f"{theorem}; the separator: the types of depth {out.depth} (none separates at a "
                               f"smaller depth); K: {out.dfa.n_states} states, checked on DFAs")
    return LanguageSeparation(name, True, f"{theorem}, so an R-trivial language separates them; no separator was built ({', '.join(tried)} and the types "
                              f"of depth ≤ {out.depth_reached} tried; stopped: {out.stopped}): the answer rests on "
                              "the theorem", None, None, d1.alphabet)


def _checked_formula_dfa(formula: str, d1: DFA, d2: DFA) -> DFA:
    """The DFA of a separator's formula, built again from its text, with L1 ⊆ K and
    K ∩ L2 = ∅ checked on it."""
    dfa = load_language(formula=formula, alphabet=list(d1.alphabet)).dfa
    dfa = dfa.with_alphabet_order(d1.alphabet) if dfa.alphabet != d1.alphabet else dfa
    if not is_subset(d1, dfa) or not is_empty(intersection(dfa, d2)):
        raise AssertionError("a separator failed its exact check")
    return dfa


def _decide_fo2(d1, d2, limits, done, tried) -> LanguageSeparation:
    """FO2[<] (§11.4b): the pair saturation ("no" with a word family) or a separator in DA (a
    preimage, prefix-suffix profiles, rank-n classes); then LTL[S]'s "no" (FO2[<] ⊆ LTL[S]);
    after a stopped saturation the rank-n classes last; otherwise undecided."""
    outcome = decide_fo2(d1, d2, limits)
    if outcome.separable is not None:
        return done(outcome.separator, outcome.proof, outcome.method)
    star = decide_star_free(d1, d2, limits)
    if star.separable is False:
        return done(None, star.proof, f"FO2[<] ⊆ LTL[S], which cannot separate them: {star.method}")
    if outcome.stopped:                            # the rank-n classes, after LTL[S]'s cheaper "no"
        outcome = late_separator(d1, d2, limits)
        if outcome.separable is not None:
            return done(outcome.separator, outcome.proof, outcome.method)
    return done(None, None, f"{outcome.method}; no separator in {', '.join(tried)}: undecided")


def _decide_by_types(name, base, d1, d2, limits, done, before: str) -> LanguageSeparation:
    """The window fragments and LTL[P] (§11.7): a lasso over D1 × D2 ("not separable" at every
    depth), else the types of depth 1 … ``limits.max_depth`` over D1 × D2 (each exact: the
    first that separates gives the formula), else undecided naming the depth reached and the
    budget that stopped it.  ``before``: what was tried first, for the undecided text."""
    fragment = Fragment.parse(base)
    out = decide_by_types(fragment, d1, d2, limits)
    if out.family is not None:
        return done(None, out.family, out.method)
    if out.formula is not None:
        sep = FormulaSeparator(base, out.formula, d1.alphabet, out.dfa,
                               f"the N+1 types of depth {out.depth} met by L1 (types over D1 × D2)",
                               out.definitions)
        return done(sep, None, f"separated at depth {out.depth} by the types over D1 × D2 (none separates at a "
                               f"smaller depth); K: {out.dfa.n_states} states, checked on DFAs")
    pair = ""
    if out.words is not None:
        u, v = (_text(d1.alphabet, w) for w in out.words)
        pair = f"; at depth {out.depth_reached} {u} ∈ L1 and {v} ∈ L2 share their type"
    return done(None, None, f"{before}; no formula of depth ≤ {out.depth_reached} separates them (types over "
                            f"D1 × D2, exact){pair}; stopped: {out.stopped}; no lasso over D1 × D2 found: undecided")


def _decide_local(base, d1, d2, limits, found_in, done, separator_only=False) -> LanguageSeparation:
    """LT, LTT at every order (§11.6): "no" by the counting family, then anchored walks with the
    same arrows (complete for L against its complement); "yes" by LT[k] (and LTT[k,t]) for
    k, t ≤ ``MAX_SEARCH_ORDER`` within ``SEARCH_STATES``, or by L1 or A* ∖ L2 itself when
    ``classify`` puts it in the class; then "no" by LTL[S]'s pointlike proof (LT ⊆ LTT ⊆
    LTL[S]); then the orders cut at ``SEARCH_STATES`` again, within the caller's
    ``type_states`` and ``synthesis_states`` when larger; otherwise undecided, naming the
    order cut and its budget, or the search that was refused.  Not a decision for two
    languages (§11.6).  ``separator_only``: the searches for a "no" are skipped."""
    family, refused = None, None
    if not separator_only:
        family = counting_family_within(d1, d2, limits.type_states)
        if family is not None:                     # counting_family.py: sound for every aperiodic class
            return done(None, family, "a word whose square loops and whose odd powers tell L1 from L2: "
                                      f"{base} languages are aperiodic")
        try:                                       # local_family.py: anchored walks, every order
            family = local_family(d1, d2, base, limits)
        except LimitExceeded as e:
            refused = str(e)
    if family is not None:
        return done(None, family, f"two anchored walks with the same arrows ({'multiset' if base == 'LTT' else 'set'})"
                                  f": for every k a word of L1 and a word of L2 that no {base}[k] language tells apart")
    small = Limits.of(limits, type_states=min(limits.type_states, SEARCH_STATES),
                      synthesis_states=min(limits.synthesis_states, SEARCH_STATES))
    sep, tried, cut = _orders(base, 1, d1, d2, small, found_in)
    if sep is not None:
        return done(sep, None, _order_method(sep, base))
    sep = _classified_separator(base, d1, d2, limits)
    if sep is not None:
        return done(sep, None, f"{sep.found_in}; K ∩ L2 = ∅ checked on DFAs")
    if separator_only:
        return done(None, None, f"no {base} separator found")
    outcome = decide_star_free(d1, d2, limits)     # LT ⊆ LTT ⊆ FO[<] = LTL[S] (Thomas)
    if outcome.separable is False:
        return done(None, outcome.proof, f"{base} ⊆ LTT ⊆ LTL[S] (Thomas), which cannot separate them: "
                                         f"{outcome.method}")
    if cut is not None and (limits.type_states > small.type_states or limits.synthesis_states > small.synthesis_states):
        more, again, cut = _orders(base, cut[0], d1, d2, limits, found_in)  # the orders cut, at the caller's budgets
        tried += again
        if more is not None:
            return done(more, None, _order_method(more, base) + f" (past {SEARCH_STATES:,} states: searched within "
                                                                f"type_states = {limits.type_states:,})")
    why = (f"the search for anchored walks was refused ({refused})" if refused else
           "no anchored walks with the same arrows (a complete test when L2 is the complement of L1)")
    stop = ("" if cut is None else f"; {cut[1]} was cut: {cut[2]} (raise type_states and "
                                    "synthesis_states to search it)")
    return done(None, None, f"no separator at orders {tried[0] if tried else '-'}…{tried[-1] if tried else '-'}"
                            f"{stop}; {why}; separation by {base} is not decided here")


def _order_method(sep, base: str) -> str:
    return f"separated at order {sep.k} (a {sep.cls} language is a {base} language), checked on DFAs"


def _orders(base, first, d1, d2, limits, found_in):
    """LT[k] (for LTT also LTT[k,t], t ≤ ``MAX_SEARCH_ORDER``) for k = ``first`` …
    ``MAX_SEARCH_ORDER``, each exact (§11.1) within ``limits``: (the first separator or None,
    the orders decided, None or (k, the class cut, the budget's message) for the first order
    whose search exceeded ``limits``)."""
    tried = []
    thresholds = range(1, MAX_SEARCH_ORDER + 1) if base == "LTT" else (1,)
    for order in range(first, MAX_SEARCH_ORDER + 1):
        for t in thresholds:                       # LT[k] = LTT[k,1] ⊆ LTT[k,t] ⊆ LTT
            inner, name = ("LT", f"LT[{order}]") if t == 1 else ("LTT", f"LTT[{order},{t}]")
            try:
                sep, _ = _fixed(name, inner, order, t, d1, d2, limits, found_in)
            except LimitExceeded as e:
                return None, tried, (order, name, f"{e.what} exceeded {e.limit:,}")
            if sep:
                return sep, tried + [order], None
        tried.append(order)
    return None, tried, None


def _decide_pt(name, d1, d2, limits, found_in, done) -> LanguageSeparation:
    """PT: "not separable" with a common pattern; otherwise separable (the theorem of §11.3),
    the separator being the first PT[k] that separates, k = 1, 2, … within the budgets."""
    family = _pt_pattern(d1, d2, limits.type_states)
    if family is not None:
        return done(None, family, "a pattern common to L1 and L2: every PT[k] confuses two of their "
                                  "words (Place–van Rooijen–Zeitoun 2013)")
    order = 0
    while True:
        order += 1
        try:
            sep, proof = _fixed(f"PT[{order}]", "PT", order, 1, d1, d2, limits, found_in)
        except LimitExceeded as e:
            return done(None, None, f"no common pattern, so PT separates them (Place–van Rooijen–Zeitoun "
                                    f"2013), but no separator was built: PT[{order}] exceeds the budget "
                                    f"({e}); raise limit")
        if sep:
            return done(sep, None, f"no common pattern; separated at order {order} (a PT[{order}] language "
                                   "is a PT language), checked on DFAs")
        if proof is not None and order > 64:
            raise AssertionError("PT: no common pattern, yet no separator up to order 64")


def _decide_star_free(name, d1, d2, limits, done) -> LanguageSeparation:
    """LTL[S] (star-free = FO[<] = masked hard attention): decided by the aperiodic pointlike
    pairs (:mod:`.aperiodic_pointlikes`, §11.4a).  A "yes" gets a separator of a subclass,
    else a star-free language of the pair automaton (L1 and A* ∖ L2 first) with its formula;
    when none is found it stays "separable" by the theorem, with no separator, and says so."""
    outcome = decide_star_free(d1, d2, limits)
    if outcome.separable is False:
        return done(None, outcome.proof, outcome.method)
    for sub, reason in _SUBCLASSES["LTL[S]"]:
        try:
            inner = _decide(sub, *parse_class(sub), d1, d2, limits, separator_only=True)
        except LimitExceeded:
            continue
        if inner.separable:
            s = inner.separator
            sep = replace(s, found_in=reason)
            return done(sep, None, f"{outcome.method}; separated by {s.cls} ({reason}), checked on DFAs")
    found = candidate_separator(d1, d2, limits)
    if found is not None:
        formula, _, where = found
        sep = FormulaSeparator("LTL[S]", formula, d1.alphabet, _checked_formula_dfa(formula, d1, d2),
                               f"{where}, in LTL[S] by classify")
        return done(sep, None, f"{outcome.method}; K: {where}, checked on DFAs")
    if outcome.separable:
        return LanguageSeparation(name, True, f"{outcome.method}; no separator was built (none among "
                                  f"{', '.join(s for s, _ in _SUBCLASSES['LTL[S]'])} and the star-free "
                                  "languages of the pair automaton tried): the answer rests on the theorem",
                                  None, None, d1.alphabet)
    return done(None, None, f"{outcome.method}; no separator found: undecided")


def _common_word(d1: DFA, d2: DFA):
    w = shortest_accepted(intersection(d1, d2))
    return None if w is None else CommonWord(tuple(d1.letter_index(a) for a in w))


# ---------------------------------------------------------------------------------------------
# re-checking a saved answer (``separate --check FILE``)

_PROOFS = {
    "common word": lambda j, w: CommonWord(w(j["word"])),
    "same profile": lambda j, w: SameProfile(j["profile"], int(j["k"]), int(j["t"]), w(j["in_L1"]), w(j["in_L2"])),
    "factor cover": lambda j, w: FactorCover(int(j["k"]), w(j["in_L2"]), tuple(w(u) for u in j["cover_in_L1"])),
    "subsequence cover": lambda j, w: FactorCover(int(j["k"]), w(j["in_L2"]), tuple(w(u) for u in j["cover_in_L1"]),
                                                  "subsequences"),
    "suffix family": lambda j, w: SuffixFamily(w(j["l1"]), w(j["l2"]), w(j["z"]), w(j["y"])),
    "common pattern": lambda j, w: PatternFamily(
        tuple(w(u) for u in j["u"]),
        tuple((w(b["y"]), w(b["z"]), w(b["y_after"])) for b in j["blocks_L1"]),
        tuple((w(b["y"]), w(b["z"]), w(b["y_after"])) for b in j["blocks_L2"])),
    "R-trivial family": lambda j, w: RTrivialFamily(w(j["p"]), w(j["x"]), w(j["y"]), w(j["s"])),
    "subword pair": lambda j, w: SubwordPair(w(j["in_L1"]), w(j["in_L2"])),
    "superword pair": lambda j, w: SubwordPair(w(j["in_L1"]), w(j["in_L2"]), downward=True),
    "window family": lambda j, w: WindowFamily(w(j["x"]), w(j["z"]), w(j["y"]), w(j["w"]), w(j["u"])),
    **SL_PROOFS,
    **COUNTING_PROOFS,
    **TYPE_PROOFS,
    **LOCAL_PROOFS,
    **LENGTH_PROOFS,
    **PARIKH_PROOFS,
    **GROUP_PROOFS,
    **COM_PROOFS,
    **POL_GROUP_PROOFS,
    "aperiodic pointlike": lambda j, w: derivation_from_json(j, w),
    "R-trivial pointlike": lambda j, w: derivation_from_json(j, w),
    "FO2 family": lambda j, w: family_from_json(j, w),
}


def _reader(alphabet):
    """Text → letter indices (one character a letter, "ε" or "" the empty word; markers ⋊ ⋉)."""
    index = {a: i for i, a in enumerate(alphabet)}
    index.update({"⋊": START, "⋉": END})

    def read(text: str) -> tuple:
        if text == "ε":
            return ()
        try:
            return tuple(index[c] for c in text)
        except KeyError as e:
            raise InputError(f"the answer names the letter {e.args[0]!r}, not in the alphabet "
                             f"{list(alphabet)}", parameters=("check",)) from None
    return read


def _rebuilt_separator(cert: dict, alphabet: tuple, limits: Limits) -> DFA:
    """K's DFA rebuilt from a printed certificate alone."""
    read = _reader(alphabet)
    kind, k = cert["kind"], cert.get("k")
    if kind == "formula":                         # the whole text: definitions, then the formula
        dfa = load_language(formula=cert["formula"], alphabet=list(alphabet),
                            state_limit=limits.synthesis_states).dfa
        return dfa.with_alphabet_order(alphabet) if dfa.alphabet != alphabet else dfa
    if kind == "upward basis":
        return upward_dfa(alphabet, [[alphabet[a] for a in read(x)] for x in cert["basis"]], limits.synthesis_states)
    if kind == "forbidden subsequences":
        return downward_dfa(alphabet, [[alphabet[a] for a in read(x)] for x in cert["forbidden"]],
                            limits.synthesis_states)
    if kind == "length residues":
        return length_dfa(alphabet, int(cert["modulus"]), [int(r) for r in cert["residues"]], None)
    if kind == PARIKH_RESIDUES:
        if list(cert["letters"]) != list(alphabet) or int(cert["modulus"]) ** len(alphabet) > limits.synthesis_states:
            raise InputError("the AMT certificate's letters differ from the alphabet, or its counter exceeds "
                             "synthesis_states", parameters=("check",))
        return parikh_dfa(alphabet, int(cert["modulus"]), [tuple(int(x) for x in r) for r in cert["residues"]])
    if kind == PERMUTATION_AUTOMATON:
        if list(cert["letters"]) != list(alphabet) or int(cert["points"]) > limits.synthesis_states:
            raise InputError("the GR certificate's letters differ from the alphabet, or its points exceed "
                             "synthesis_states", parameters=("check",))
        return permutation_dfa(alphabet, [cert["permutations"][a] for a in alphabet], int(cert["start"]),
                               cert["accepting"])
    if kind == COM_CLASSES:
        t, m = int(cert["threshold"]), int(cert["modulus"])
        if list(cert["letters"]) != list(alphabet) or t < 0 or m < 1 or (t + m) ** len(alphabet) > limits.synthesis_states:
            raise InputError("the COM certificate's letters differ from the alphabet, its threshold or modulus is out of "
                             "range, or its counter exceeds synthesis_states", parameters=("check",))
        return commutative_dfa(alphabet, t, m, [tuple((int(lo), int(r)) for lo, r in c) for c in cert["classes"]])
    k = int(k)
    if kind == "subsequences" and "allowed_subsequences" in cert:
        allowed = {read(x) for x in cert["allowed_subsequences"]}
        return _separator_dfa(_tracker(kind, k, 1), lambda p: set(p) <= allowed, alphabet, limits.synthesis_states)
    if kind == "subsequences":
        allowed = {frozenset(read(x) for x in p) for p in cert["profiles"]}
        return _separator_dfa(_tracker(kind, k, 1), allowed.__contains__, alphabet, limits.synthesis_states)
    if kind == "suffix":
        allowed = {read(p) for p in cert["profiles"]}
        return _separator_dfa(_tracker(kind, k, 1), allowed.__contains__, alphabet, limits.synthesis_states)
    if kind == "factors" and "allowed_factors" in cert:
        allowed = {read(f) for f in cert["allowed_factors"]}
        return _separator_dfa(_tracker(kind, k, 1), lambda p: all(f in allowed for f, _ in p), alphabet,
                              limits.synthesis_states)
    if kind == "factors":
        t = int(cert.get("t", 1))

        def one(item: str):
            text, _, count = item.partition("×")
            return read(text), int(count) if count else 1
        allowed = {tuple(sorted(one(x) for x in p)) for p in cert["profiles"]}
        return _separator_dfa(_tracker(kind, k, t), allowed.__contains__, alphabet, limits.synthesis_states)
    raise InputError(f"unknown separator kind {kind!r}", parameters=("check",))


#: the certificate forms whose languages lie in each unbounded class (the inclusions of
#: ``_SUBCLASSES``; a D[m] language is definite, an SL[k] one locally testable)
_FORMS = {"PT": {"PT"}, "LT": {"LT"}, "LTT": {"LT", "LTT"}, "SL": {"SL"}, "LTL[Y]": {"LTL[Y]"},
          "LTL[P]": {"PT"}, "LTL[P,Y]": {"LTL[Y]", "PT", "LT"}, "LTL[S]": {"LTL[Y]", "PT", "LT", "LTT"},
          "FO2[<]": {"PT", "LTL[Y]"}, "Pol(ST)": {"Pol(ST)"}, "SP": {"SP"}, "MOD": {"MOD"}, "AMT": {"MOD", "AMT"},
          "Pol(MOD)": {"Pol(ST)", "MOD", "Pol(MOD)"}, "Pol(AMT)": {"Pol(ST)", "MOD", "AMT", "Pol(MOD)", "Pol(AMT)"},
          "Pol(GR)": {"Pol(ST)", "MOD", "AMT", "GR", "Pol(MOD)", "Pol(AMT)", "Pol(GR)"},
          "GR": {"MOD", "AMT", "GR"}, "COM": {"MOD", "AMT", "COM"}}


#: the classes inside each class a "not separable" proof is about (what cannot separate L1
#: from L2, no subclass can): the fragments besides through :meth:`Fragment.includes`
_INSIDE = {"LTL[S]": {"SL", "LT", "LTT", "PT", "SP", "Pol(ST)", "FO2[<]", "LTL[Y]"},
           "FO2[<]": {"FO2[<]", "PT", "SP", "Pol(ST)", "LTL[P]", "LTL[Y]"},
           "LTL[P]": {"LTL[P]", "PT", "SP", "Pol(ST)"}, "PT": {"PT", "SP", "Pol(ST)"},
           "Pol(ST)": {"Pol(ST)"}, "Pol(MOD)": {"Pol(MOD)", "Pol(ST)", "MOD"},
           "Pol(AMT)": {"Pol(AMT)", "Pol(MOD)", "Pol(ST)", "MOD", "AMT"},
           "Pol(GR)": {"Pol(GR)", "Pol(AMT)", "Pol(MOD)", "Pol(ST)", "MOD", "AMT", "GR"}, "SP": {"SP"}, "LTT": {"LTT", "LT", "SL"}, "LT": {"LT", "SL"}, "SL": {"SL"},
           "LTL[Y]": {"LTL[Y]"}, "MOD": {"MOD"}, "AMT": {"MOD", "AMT"}, "GR": {"MOD", "AMT", "GR"},
           "COM": {"MOD", "AMT", "COM"}}
#: the class each kind of proof is about (None: any class — the two languages meet)
_PROOF_CLASS = {"common word": None, "suffix family": "LTL[Y]", "common pattern": "PT", "R-trivial family": "LTL[P]",
                "subword pair": "Pol(ST)", "superword pair": "SP", "window family": "SL", "window chain": "SL",
                "counting family": "LTT", "common length": "MOD", "length family": "MOD", "parikh family": "AMT",
                "group family": "GR", "commutative family": "COM", "aperiodic pointlike": "LTL[S]",
                "R-trivial pointlike": "LTL[P]", "FO2 family": "FO2[<]"}
#: the unbounded class of each fixed order
_ORDER_CLASS = {"SL": "SL", "SP": "SP", "LT": "LT", "LTT": "LTT", "PT": "PT", "D": "LTL[Y]"}


def _proof_problem(by: str, j: dict) -> str | None:
    """Why the proof ``j`` shows nothing about separation by ``by`` (None: it does): a proof
    that a class X cannot separate L1 from L2 holds for the subclasses of X only."""
    base, k, t = parse_class(by)
    kind = j["kind"]
    if kind in ("same profile", "factor cover", "subsequence cover"):
        profile = {"factor cover": "factors", "subsequence cover": "subsequences"}.get(kind, j.get("profile"))
        fits = {"factors": ("SL", "LT", "LTT"), "subsequences": ("PT", "SP"), "suffix": ("D",)}.get(profile, ())
        if kind != "same profile":
            fits = {"factors": ("SL",), "subsequences": ("SP",)}[profile]
        ok = (k is not None and base in fits and k == int(j["k"])
              and (base != "LTT" or t <= int(j.get("t", 1))))
        return None if ok else f"a {kind} of order {j['k']} shows nothing about {by}"
    if kind in ("type lasso", "locally R-trivial family", "local family", "insertion family"):
        home = {"local family": j.get("class"), "insertion family": f"Pol({j.get('basis')})"}.get(kind, j.get("fragment"))
    elif kind in _PROOF_CLASS:
        home = _PROOF_CLASS[kind]
        if home is None:
            return None
    else:
        raise InputError(f"malformed separation answer: unknown proof kind {kind!r}", parameters=("check",))
    asked = _ORDER_CLASS[base] if k is not None else base
    if asked in _INSIDE.get(home, ()):
        return None
    if asked.startswith("LTL[") and home.startswith("LTL[") and Fragment.parse(home).includes(asked):
        return None
    return f"the {kind} is a proof about {home}: it shows nothing about {by}"


def _class_problem(by: str, cert: dict) -> str | None:
    """Why the certificate's language is not shown to be in class ``by`` (None: it is)."""
    base, k, t = parse_class(by)
    kind = cert["kind"]
    if kind == "formula":
        if not base.startswith("LTL["):
            return f"a formula certificate does not show membership in {by}"
        fr = Fragment.parse(base)
        return None if fr.allows(parse_formula(cert["formula"])) else f"the formula is not a formula of {fr}"
    form = {"subsequences": "PT", "suffix": "LTL[Y]", "upward basis": "Pol(ST)", "forbidden subsequences": "SP",
            "length residues": "MOD",
            PARIKH_RESIDUES: "AMT", PERMUTATION_AUTOMATON: "GR", COM_CLASSES: "COM"}.get(kind)
    if kind == PERMUTATION_AUTOMATON:
        perms = [cert["permutations"].get(a) for a in cert["letters"]]
        problem = None if all(isinstance(p, list) for p in perms) else "a letter without its permutation"
        problem = problem or permutation_problem(perms, int(cert["points"]))
        if problem:
            return f"not a permutation automaton: {problem}"
    if kind == "factors":
        form = "SL" if "allowed_factors" in cert else ("LTT" if int(cert.get("t", 1)) > 1 else "LT")
    if kind == "subsequences" and "allowed_subsequences" in cert:
        form = "SP"
    if form is None:
        return f"unknown certificate kind {kind!r}"
    if kind == "forbidden subsequences" and int(cert.get("k", -1)) != max([len(x.replace("ε", "")) for x in
                                                                          cert["forbidden"]] + [1]):
        return f"the order {cert.get('k')} is not the length of the longest forbidden subsequence"
    if k is not None:                              # a fixed order: its own form and order
        same = {"D": "LTL[Y]", "LTT": form if form in ("LT", "LTT") else None}.get(base, base)
        if form != same or int(cert["k"]) != k or (base == "LTT" and int(cert.get("t", 1)) > t):
            return f"a {form} certificate of order {cert['k']} is not a {by} language"
        return None
    return None if form in _FORMS.get(base, ()) else f"a {form} certificate does not show membership in {by}"


def _check_classified(by: str, cert: dict, d1: DFA, d2: DFA, limits: Limits) -> tuple[bool, str]:
    """A :class:`ClassifiedSeparator` re-checked: K rebuilt from the two DFAs, its class and
    least order decided again by ``classify``, then L1 ⊆ K and K ∩ L2 = ∅ on DFAs."""
    cls, language = cert["class"], cert["language"]
    if cls not in ("LT", "LTT") or cls not in _FORMS.get(parse_class(by)[0], ()) or language not in _LANGUAGES:
        return False, f"a {cls} language certificate ({language}) does not show membership in {by}"
    k_dfa = _LANGUAGES[language](d1, d2)
    order = _least_order(cls, k_dfa, limits)
    claimed = (int(cert["k"]), int(cert.get("t", 1)))
    if order != claimed:
        return False, f"classify gives {language} the order {order} in {cls}, not {claimed}"
    if not is_subset(d1, k_dfa):
        return False, "L1 ⊄ K: the separator rejects a word of L1"
    if not is_empty(intersection(k_dfa, d2)):
        return False, "K ∩ L2 ≠ ∅: the separator accepts a word of L2"
    return True, f"K = {language}, in {cls} at order {claimed[0]} by classify, contains L1 and no word of L2"


def check_answer(answer: dict, l1, l2, alphabet=None, limits: Limits | None = None) -> tuple[bool, str]:
    """Re-check the JSON of a separation answer (``separate --json``) against the two
    languages, from the printed words and certificate alone: a separator's DFA is rebuilt from
    its certificate and L1 ⊆ K, K ∩ L2 = ∅ checked on DFAs; a proof is read back into its
    form and re-checked by :func:`verify_proof`.  (valid, reason); "undecided" claims nothing."""
    limits = limits if limits is not None else Limits()
    d1, d2 = _common_alphabet(as_dfa(l1, parameter="l1"), as_dfa(l2, parameter="l2"), alphabet)
    if any(len(a) != 1 for a in d1.alphabet):
        raise InputError("answers over letters of more than one character are not re-checked here",
                         parameters=("check",))
    if not isinstance(answer, dict) or "separable" not in answer:
        raise InputError("not a separation answer (no key 'separable')", parameters=("check",))
    try:
        if answer["separable"] is True and answer.get("separator") is None and parse_class(answer["by"])[0] == "LTL[S]":
            # no separator: the claim is the theorem's; re-decided by the saturation
            ok = saturate(d1, d2, limits) is None and is_empty(intersection(d1, d2))
            return ok, ("no aperiodic pointlike set meets both languages (the saturation recomputed): "
                        "separable by Henckell's theorem" if ok else "a pointlike pair exists: NOT separable")
        if answer["separable"] is True and answer.get("separator") is None and parse_class(answer["by"])[0] == "LTL[P]":
            # no separator: the claim is the theorem's; re-decided by the R-pointlike saturation
            ok = saturate_r(d1, d2, limits) is None and is_empty(intersection(d1, d2))
            return ok, ("no R-pointlike set meets both languages (the saturation recomputed): separable by "
                        "Almeida, Costa and Zeitoun's theorem" if ok else "an R-pointlike pair exists: NOT separable")
        if answer["separable"] is True and answer.get("separator") is None and parse_class(answer["by"])[0] in (
                "Pol(MOD)", "Pol(AMT)", "Pol(GR)"):
            # no separator: the claim is the theorem's; the insertion search recomputed
            _, proof, _ = separate_by_pol_group(d1, d2, parse_class(answer["by"])[0][4:-1], limits)
            ok = proof is None
            return ok, ("no word of L2 is a word of L1 with G-trivial blocks inserted (recomputed): separable by "
                        "the theorem (§11.13)" if ok else "such a pair of words exists: NOT separable")
        if answer["separable"] is True and (answer.get("separator") or {}).get("kind") == GROUP_INSERTION_CLOSURE:
            cert, base = answer["separator"], parse_class(answer["by"])[0]
            if base not in ("Pol(AMT)", "Pol(GR)"):
                return False, f"a group insertion closure is checked for Pol(AMT) and Pol(GR) only, not {answer['by']}"
            perms = [cert["permutations"].get(a) for a in d1.alphabet]
            problem = (None if all(isinstance(p, list) for p in perms) else "a letter without its permutation")
            problem = problem or permutation_problem(perms, int(cert["points"]))
            if problem:
                return False, f"not a permutation action: {problem}"
            if base == "Pol(AMT)" and any([p[q] for q in r] != [r[q] for q in p] for p in perms for r in perms):
                return False, "the letters' permutations do not commute: the kernel is not one of AMT"
            if group_insertion_meets(d1, d2, perms, limits.type_states):
                return False, "↑_N L1 meets L2: a word of L2 is a word of L1 with words of the kernel inserted"
            return True, (f"K = ↑_N L1 (recomputed from L1 and the action on {cert['points']} points) contains L1 and "
                          f"no word of L2; it is in {base} (§11.13)")
        if answer["separable"] is True and (answer.get("separator") or {}).get("kind") == INSERTION_CLOSURE:
            cert = answer["separator"]
            if parse_class(answer["by"])[0] not in ("Pol(MOD)", "Pol(AMT)", "Pol(GR)"):
                return False, f"an insertion closure is checked for Pol(MOD), Pol(AMT), Pol(GR) only, not {answer['by']}"
            d = int(cert["modulus"])
            if d < 1:
                return False, "the modulus of an insertion closure is at least 1"
            if insertion_closure_meets(d1, d2, d):
                return False, f"↑_{d} L1 meets L2: a word of L2 is a word of L1 with blocks of length ≡ 0 mod {d} inserted"
            smaller = next((e for e in range(1, d) if not insertion_closure_meets(d1, d2, e)), None)
            if smaller is not None:
                return False, f"the modulus {d} is not the least: ↑_{smaller} L1 separates"
            return True, (f"K = ↑_{d} L1 (recomputed from L1 and d) contains L1 and no word of L2; it is in Pol(MOD) "
                          "(§11.13)")
        if answer["separable"] is True and answer.get("separator") is None and parse_class(answer["by"])[0] == "GR":
            # no separator: the claim is the theorem's; the closures' product recomputed
            ok = not closures_meet(d1, d2, limits)
            return ok, ("no reduced word is read by both automata with inverse letters (recomputed): the "
                        "closures in the free group are disjoint, separable by the theorem (§11.11)" if ok
                        else "the closures meet: NOT separable")
        if answer["separable"] is True and not isinstance(answer.get("separator"), dict):
            return False, (f"a \"separable\" answer for {answer['by']} needs its separator (only LTL[S], LTL[P], GR, "
                           "Pol(MOD), Pol(AMT) and Pol(GR) answers may rest on their theorem, which the check re-decides)")
        if answer["separable"] is True and answer["separator"].get("kind") in ("monoid preimage", "prefix-suffix profiles",
                                                                                     "rank-n classes"):
            if parse_class(answer["by"])[0] != "FO2[<]":
                return False, f"a {answer['separator']['kind']} certificate is checked for FO2[<] only"
            return check_fo2_separator(answer["separator"], d1, d2, limits, _reader(d1.alphabet))
        if answer["separable"] is True and answer["separator"].get("kind") == "language":
            return _check_classified(answer["by"], answer["separator"], d1, d2, limits)
        if answer["separable"] is True:
            problem = _class_problem(answer["by"], answer["separator"])
            if problem is not None:
                return False, problem
            dfa = _rebuilt_separator(answer["separator"], d1.alphabet, limits)
            cert = answer["separator"]
            if cert["kind"] == PARIKH_RESIDUES and cert["least"]:
                smaller = smaller_modulus(d1, d2, int(cert["modulus"]), limits.type_states)
                if smaller is not None:
                    return False, f"the modulus {cert['modulus']} is not the least: {smaller} separates"
            if cert["kind"] == COM_CLASSES and cert["least"]:
                earlier = earlier_pair(d1, d2, int(cert["threshold"]), int(cert["modulus"]), limits.type_states)
                if earlier is not None:
                    return False, (f"(t, m) = ({cert['threshold']}, {cert['modulus']}) is not the least: "
                                   f"{earlier} separates")
            if not is_subset(d1, dfa):
                return False, "L1 ⊄ K: the separator rejects a word of L1"
            if not is_empty(intersection(dfa, d2)):
                return False, "K ∩ L2 ≠ ∅: the separator accepts a word of L2"
            return True, (f"K ({answer['separator']['kind']}, rebuilt from the certificate: {dfa.n_states} "
                          "states) contains L1 and no word of L2")
        if answer["separable"] is False:
            j = answer["proof"]
            problem = _proof_problem(answer["by"], j)
            if problem is not None:
                return False, problem
            proof = _PROOFS[j["kind"]](j, _reader(d1.alphabet))
            ok = verify_proof(proof, d1, d2)
            return ok, (f"the {j['kind']} re-checked on the two DFAs" if ok
                        else f"the {j['kind']} does not hold on the two DFAs")
    except KeyError as e:
        raise InputError(f"malformed separation answer: no field {e} where the answer's kind needs one",
                         parameters=("check",)) from None
    except (TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as e:
        raise InputError(f"malformed separation answer: a field of the wrong type or value ({e})",
                         parameters=("check",)) from None
    return True, "undecided: nothing is claimed"
