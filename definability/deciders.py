"""Decision procedures for the fragments with a known characterisation, on the minimal
complete DFA of L ⊆ A* (readout at N+1, see shared/spec/semantics.md), each with an
independent algebraic cross-check on the transition semigroup.

================  ======================================  ====================================
fragment          DFA test (polynomial)                   identity on the semigroup
================  ======================================  ====================================
LTL[P]            every SCC is one state (partially       R-trivial monoid: (xy)^ω x = (xy)^ω
                  ordered DFA), O(n·|A|)                  for x, y in S¹
LTL[Y]            off-diagonal pair graph acyclic,        definite: y x^ω = x^ω for x, y in S
                  O(h·n²·|A|) vectorised
LTL[P,Y]          every SCC's internal pair graph          locally R-trivial: eSe R-trivial
                  acyclic                                  for every idempotent e
LTL[S]            — (PSPACE-complete from a DFA)          aperiodic: x^(ω+1) = x^ω
================  ======================================  ====================================

Why the N+1 readout gives exactly these classes: at N+1, ``P`` sees the set of types of all
positions of the word, which a partially ordered automaton computes (Li & Cotterell 2025,
Thm 4.1; Brzozowski & Fich 1980).  For fragments with ``Y`` the value at N+1 of ``Y φ`` is
φ at the last letter, so on non-empty words the N+1 languages are those of the last-letter
readout (definite, resp. LR = R∗D), and ε is decided by the Boolean skeleton alone; changing
whether ε ∈ L only splits off a fresh initial state that no transition enters, which changes
neither the pair graphs of the SCCs nor the transition semigroup (docs/decision-procedures.md).

Every negative answer comes with a :class:`~attnlogic.definability.witnesses.Witness` of depth
None (an identity violation, pumped with a power K that makes the pumped element idempotent)
and the violated identity with its elements written as words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..automata.graphs import (SCCs, dfa_sccs, distinguishing_suffix, pair_cycle, pair_heights,
                     shortest_words_from, word_between)
from .witnesses import Witness, make_witness, power_exponent, transformation_of

__all__ = [
    "Verdict", "decide_r_trivial", "decide_definite", "decide_locally_r_trivial",
    "decide_aperiodic", "definiteness_index", "local_index",
    "identity_r_trivial", "identity_definite", "identity_locally_r_trivial",
    "identity_aperiodic", "green_r_trivial_monoid", "local_monoids_r_trivial",
]


@dataclass(frozen=True)
class Verdict:
    """Outcome of one DFA-level test: ``member``, the witness when not, the method, the
    violated identity (text, elements as words) and numbers the synthesis needs."""

    member: bool | None
    method: str
    witness: Witness | None = None
    identity: str | None = None
    data: dict = field(default_factory=dict, compare=False)


def _text(dfa, word) -> str:
    return "".join(dfa.alphabet[a] for a in word) if all(len(x) == 1 for x in dfa.alphabet) \
        else ",".join(dfa.alphabet[a] for a in word)


def _w(dfa, word) -> str:
    t = _text(dfa, word)
    return t if t else "ε"


# -- LTL[P]: partially ordered DFA -----------------------------------------------------------
def decide_r_trivial(dfa, sccs: SCCs | None = None) -> Verdict:
    """LTL[P] at N+1 = R-trivial languages: the minimal DFA is partially ordered.

    Witness when not: p ≠ q in one SCC, g: p→q, h: q→p, l: q0→p, r separating q from p;
    u = l (gh)^K g r and v = l (gh)^K r (K = an idempotent power of gh) instantiate the
    violated identity (xy)^ω x = (xy)^ω with x = g, y = h.
    """
    sccs = sccs or dfa_sccs(dfa)
    t = dfa.transitions
    for members in sccs.members:
        if len(members) > 1:
            p, q = members[0], members[1]
            g = word_between(t, p, q)
            h = word_between(t, q, p)
            l = shortest_words_from(t, dfa.initial)[p]
            r = distinguishing_suffix(t, dfa.accepting, q, p)
            K = power_exponent(transformation_of(t, g + h), at_least=2)
            u = l + (g + h) * K + g + r
            v = l + (g + h) * K + r
            wit = make_witness(dfa, u, v, None)
            ident = (f"(xy)^ω x = (xy)^ω fails for x = {_w(dfa, g)}, y = {_w(dfa, h)} "
                     f"(states {p} and {q} lie on one cycle; ω = {K})")
            return Verdict(False, "partially-ordered DFA test (linear)", wit, ident,
                           {"cycle_states": (p, q)})
    return Verdict(True, "partially-ordered DFA test (linear)")


# -- LTL[Y]: definite ------------------------------------------------------------------------
def definiteness_index(heights: np.ndarray) -> int:
    """m such that every word of length ≥ m is a reset word: the number of nodes of the
    longest path of the pair DAG (0 for a one-state DFA)."""
    return int(heights.max()) if heights.size else 0


def decide_definite(dfa) -> Verdict:
    """LTL[Y] at N+1 = definite languages: the off-diagonal pair graph is acyclic.

    Witness when not: a cycle (p, q) →z (p, q), l_p, l_q reaching p and q, r separating
    them: l_p z^K r and l_q z^K r share the suffix z^K r, for every K; they instantiate a
    violation of y x^ω = x^ω with x = z.
    """
    t = dfa.transitions
    H = pair_heights(t)
    if (H >= 0).all():
        m = definiteness_index(H)
        return Verdict(True, f"pair-graph test (acyclic; every word of length ≥ {m} is a reset word)",
                       data={"index": m})
    p, q, z = pair_cycle(t, H)
    words = shortest_words_from(t, dfa.initial)
    lp, lq = words[p], words[q]
    r = distinguishing_suffix(t, dfa.accepting, p, q)
    # representative of the family: the pumped block is at least 4 letters long, so that
    # it also beats depth 1 of the window fragments LTL[Y<=k], k ≤ 3
    K = power_exponent(transformation_of(t, z), at_least=max(2, -(-4 // len(z))))
    wit = make_witness(dfa, lp + z * K + r, lq + z * K + r, None)
    # x^ω fixes p and q, so l_p x^ω and l_q x^ω act differently from the initial state: at
    # least one of them is not x^ω; name that one
    x_omega = transformation_of(t, z * K)
    y = next(c for c in (lp, lq) if c and not np.array_equal(transformation_of(t, c + z * K), x_omega))
    ident = (f"y x^ω = x^ω fails for x = {_w(dfa, z)}, y = {_w(dfa, y)} "
             f"(the pair of states ({p}, {q}) is fixed by x; ω = {K})")
    return Verdict(False, "pair-graph test (cycle found)", wit, ident,
                   {"pair_cycle": (p, q, z), "identity_elements": {"x": z, "y": y, "omega": K}})


# -- LTL[P,Y]: locally R-trivial -------------------------------------------------------------
def local_index(internal_heights: np.ndarray) -> int:
    """k ≥ 1 such that inside each SCC the state is a function of the last k letters read
    inside it (longest path of the internal pair DAGs, in nodes)."""
    return max(1, int(internal_heights.max()) if internal_heights.size else 0)


def decide_locally_r_trivial(dfa, sccs: SCCs | None = None) -> Verdict:
    """LTL[P,Y] at N+1 = locally R-trivial (LR = R∗D): every SCC's internal pair graph is
    acyclic.

    Witness when not: an internal cycle (p, q) →z (p, q) inside an SCC, g: p→q, h: q→p,
    l: q0→p, r separating q from p, Z = z^M idempotent: u = l (ZgZhZ)^K ZgZ r and
    v = l (ZgZhZ)^K r violate (st)^ω s = (st)^ω in the local monoid eSe, e = η(Z),
    s = eη(g)e, t = eη(h)e.
    """
    sccs = sccs or dfa_sccs(dfa)
    t = dfa.transitions
    H = pair_heights(t, sccs.component)
    if (H >= 0).all():
        k = local_index(H)
        return Verdict(True, f"internal pair graphs of the SCCs acyclic (state inside an SCC "
                             f"= function of the last {k} letters)", data={"k": k})
    p, q, z = pair_cycle(t, H, sccs.component)
    g = word_between(t, p, q)
    h = word_between(t, q, p)
    l = shortest_words_from(t, dfa.initial)[p]
    r = distinguishing_suffix(t, dfa.accepting, q, p)
    zT = transformation_of(t, z)
    M = power_exponent(zT, at_least=-(-4 // len(z)))   # |Z| ≥ 4: see decide_definite
    Z = z * M
    loop = Z + g + Z + h + Z
    K = power_exponent(transformation_of(t, loop), at_least=2)
    u = l + loop * K + Z + g + Z + r
    v = l + loop * K + r
    wit = make_witness(dfa, u, v, None)
    ident = (f"eSe is not R-trivial: (st)^ω s = (st)^ω fails for e = ({_w(dfa, z)})^{M}, "
             f"s = e·{_w(dfa, g)}·e, t = e·{_w(dfa, h)}·e (states {p}, {q} of one SCC are "
             f"both fixed by e)")
    return Verdict(False, "internal pair graphs of the SCCs (cycle found)", wit, ident,
                   {"internal_cycle": (p, q, z)})


# -- LTL[S]: aperiodic -----------------------------------------------------------------------
def decide_aperiodic(dfa, semigroup=None, limit: int | None = None) -> Verdict:
    """LTL[S] = star-free = aperiodic syntactic semigroup: x^(ω+1) = x^ω for every x.

    Needs the semigroup (PSPACE-complete from a DFA).  Witness when not: x with
    x^(K+1) ≠ x^K, a state q where they differ, l: q0→q and r separating q·x^K from
    q·x^(K+1); u = l x^K r and v = l x^(K+1) r.
    """
    from .semigroup import transition_semigroup, DEFAULT_ELEMENT_LIMIT

    S = semigroup if semigroup is not None else transition_semigroup(
        dfa, limit=limit or DEFAULT_ELEMENT_LIMIT)
    om = S.omega
    nxt = S.multiply(om, np.arange(S.size))
    bad = np.flatnonzero(nxt != om)
    if len(bad) == 0:
        return Verdict(True, f"aperiodic transition semigroup ({S.size} elements; "
                             "x^(ω+1) = x^ω)", data={"semigroup_size": S.size})
    x = int(bad[np.argmin(S.length[bad])])
    xw = S.word(x)
    t = dfa.transitions
    xT = transformation_of(t, xw)
    K = power_exponent(xT)
    e = transformation_of(t, xw * K)
    e1 = xT[e]
    q = int(np.flatnonzero(e != e1)[0])
    l = shortest_words_from(t, dfa.initial)[q]
    # q may be unreachable in a non-accessible DFA; the classifier always passes minimal ones
    r = distinguishing_suffix(t, dfa.accepting, int(e[q]), int(e1[q]))
    wit = make_witness(dfa, l + xw * K + r, l + xw * (K + 1) + r, None)
    ident = f"x^(ω+1) = x^ω fails for x = {_w(dfa, xw)} (ω = {K})"
    return Verdict(False, f"transition semigroup not aperiodic ({S.size} elements)", wit, ident,
                   {"semigroup_size": S.size})


# -- identities on the semigroup (independent cross-checks) -----------------------------------
def identity_r_trivial(S) -> tuple[int, int] | None:
    """First (x, y) in S¹ × S¹ violating (xy)^ω x = (xy)^ω, with -1 standing for the
    identity of S¹; None if the monoid S¹ is R-trivial.  O(|S|²) products."""
    n = S.size
    ids = np.arange(n)
    # x = 1: (y)^ω·1 = y^ω trivially; y = 1: x^ω x = x^ω (aperiodicity at x)
    xo = S.multiply(S.omega, ids)
    bad = np.flatnonzero(xo != S.omega)
    if len(bad):
        return int(bad[0]), -1
    X, Yy = np.meshgrid(ids, ids, indexing="ij")
    xy = S.multiply(X.ravel(), Yy.ravel())
    w = S.omega[xy]
    lhs = S.multiply(w, X.ravel())
    bad = np.flatnonzero(lhs != w)
    if len(bad):
        i = int(bad[0])
        return int(X.ravel()[i]), int(Yy.ravel()[i])
    return None


def green_r_trivial_monoid(S) -> bool:
    """S¹ is R-trivial iff the right Cayley graph of S has only singleton SCCs (an identity
    adjoined from outside S is never R-equivalent to anything: s·t = 1 would put 1 in S)."""
    return S.is_r_trivial()


def identity_definite(S) -> tuple[int, int] | None:
    """First (y, x) with y·x^ω ≠ x^ω, None if S is definite.  Checking letters y suffices
    (then s·e = e for all s by induction on the length); all pairs are checked here."""
    ids = np.arange(S.size)
    Yy, X = np.meshgrid(ids, ids, indexing="ij")
    lhs = S.multiply(Yy.ravel(), S.omega[X.ravel()])
    bad = np.flatnonzero(lhs != S.omega[X.ravel()])
    if len(bad):
        i = int(bad[0])
        return int(Yy.ravel()[i]), int(X.ravel()[i])
    return None


def local_monoids_r_trivial(S) -> int | None:
    """An idempotent e whose local monoid eSe is not R-trivial, or None.  Uses that for
    x, y in eSe, x R y in eSe iff x R y in S (x = y·s gives x = y·(ese))."""
    R = S.r_classes
    for e in S.idempotents:
        ese = S.local_monoid(int(e))
        if len(np.unique(R[ese])) != len(ese):
            return int(e)
    return None


def identity_locally_r_trivial(S) -> tuple[int, int, int] | None:
    """Brute force (|S|³): (x, y, z) violating
    (x^ω y x^ω z x^ω)^ω x^ω y x^ω = (x^ω y x^ω z x^ω)^ω; None if S ∈ LR."""
    ids = np.arange(S.size)
    e = S.omega
    for x in ids:
        ex = int(e[x])
        eye = S.multiply(S.multiply(np.full(S.size, ex), ids), np.full(S.size, ex))  # x^ω y x^ω
        Yi, Zi = np.meshgrid(ids, ids, indexing="ij")
        A, B = eye[Yi.ravel()], eye[Zi.ravel()]
        st = S.multiply(A, B)
        w = S.omega[st]
        lhs = S.multiply(w, A)
        bad = np.flatnonzero(lhs != w)
        if len(bad):
            i = int(bad[0])
            return int(x), int(Yi.ravel()[i]), int(Zi.ravel()[i])
    return None


def identity_aperiodic(S) -> int | None:
    """First x with x^ω·x ≠ x^ω, or None."""
    nxt = S.multiply(S.omega, np.arange(S.size))
    bad = np.flatnonzero(nxt != S.omega)
    return int(bad[0]) if len(bad) else None
