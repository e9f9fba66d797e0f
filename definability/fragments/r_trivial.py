"""LTL[P] at the N+1 readout = the R-trivial languages = what strict causal *global*
attention recognises (Li & Cotterell 2025, Thm 4.1; Brzozowski & Fich 1980).

At N+1, ``P`` sees the set of types of all positions of the word, which a partially ordered
automaton computes.  DFA test (linear): every SCC of the minimal DFA is one state.
Independent cross-checks on the transition semigroup: the identity (xy)^ω x = (xy)^ω on S¹
(:func:`identity_r_trivial`, |S|² products) and Green's R-order (:func:`green_r_trivial_monoid`).
Certificate: :func:`.synthesis.synthesize_r_trivial`.
"""

from __future__ import annotations

import numpy as np

from ...automata.graphs import SCCs, dfa_sccs, distinguishing_suffix, shortest_words_from, word_between
from ...ltl.fragments import LTL_P
from ..certify.certificates import MAX_FORMULA_SIZE, member_by
from ..contract.procedure import Context, DfaTest
from ..contract.classes import FORMULA, PAIR, LanguageClass
from ..values.results import FragmentResult, Verdict, word_text
from ..certify.synthesis import synthesize_r_trivial
from ..algebra.identity_terms import parse_identities
from ..checks.verify import verify_identity_violation
from ..checks.verify_tiers import violation_from_json
from ..values.witnesses import IdentityInstantiation, family_witness, pumping_power

__all__ = ["decide_r_trivial", "identity_r_trivial", "green_r_trivial_monoid", "r_trivial_verdict", "R_IDENTITY",
           "cycle_instantiation", "checked_instantiation",
           "PROCEDURE", "CLASS"]


def _w(dfa, word) -> str:
    return word_text(dfa.alphabet, word, "ε")


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
            K, step, exact = pumping_power(t, g + h, at_least=2)
            wit = family_witness(dfa, l, l, g + h, g + r, r, K, step)
            ident = (f"(xy)^ω x = (xy)^ω fails for x = {_w(dfa, g)}, y = {_w(dfa, h)} "
                     f"(states {p} and {q} lie on one cycle; "
                     f"{f'ω = {K}' if exact else 'ω not computed on an automaton this large'})")
            inst = cycle_instantiation(dfa, g, h, K, l, r) if exact else None
            return Verdict(False, "partially-ordered DFA test (linear)", wit, ident,
                           {"cycle_states": (p, q), "instantiation": inst})
    return Verdict(True, "partially-ordered DFA test (linear)")


#: the identity of the R-trivial monoids, LTL[P] at N+1 (verify's text of it)
R_IDENTITY = "[(xy)*x = (xy)*]"


def cycle_instantiation(dfa, g, h, K: int, prefix, suffix) -> IdentityInstantiation:
    """The failing instantiation of (xy)^ω x = (xy)^ω on ``dfa`` for two states p ≠ q of one SCC:
    x = g (p → q), y = h (q → p), ω = K (the least idempotent power of gh), the context ``prefix``
    (to p) and ``suffix`` (telling q from p): (gh)^K returns p to p, (gh)^K g takes it to q."""
    g, h = list(g), list(h)
    return checked_instantiation(dfa, R_IDENTITY, True, (("x", g), ("y", h)), (("(xy)^ω", K),),
                                 (g + h) * K + g, (g + h) * K, prefix, suffix)


def checked_instantiation(dfa, identities: str, monoid: bool, assignment, exponents, left, right, prefix,
                          suffix) -> IdentityInstantiation:
    """The :class:`IdentityInstantiation` of the one relation of ``identities`` with the
    variables' words ``assignment`` and the ω-subterms' ``exponents``, its instantiated sides
    ``left``/``right`` and the context ``prefix``/``suffix`` (letter indices of ``dfa``),
    in- and out-words sorted by membership, checked on the DFA's runs
    (:func:`..checks.verify.verify_identity_violation`) before it is returned (the words-based
    twin of :func:`..varieties.identities.violation_from_words`, which builds the varieties'
    own witness type)."""
    def w(word):
        return tuple(dfa.alphabet[a] for a in word)
    prefix, suffix, left, right = list(prefix), list(suffix), list(left), list(right)
    inside = dfa.accepts(list(w(prefix + left + suffix)))
    accepted, rejected = (left, right) if inside else (right, left)
    inst = IdentityInstantiation(identities, str(parse_identities(identities).relations[0]),
                                 tuple((v, w(word)) for v, word in assignment), tuple(exponents), w(left), w(right),
                                 w(prefix), w(suffix), w(prefix + accepted + suffix), w(prefix + rejected + suffix),
                                 "monoid" if monoid else "semigroup")
    check = verify_identity_violation(dfa, identities, violation_from_json(inst.to_json(","), ","), monoid=monoid)
    if not check.valid:                                 # pragma: no cover - a bug, never an answer
        raise AssertionError(f"the instantiation of {identities} fails its check: {check.reason}")
    return inst


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


def r_trivial_verdict(context: Context) -> Verdict:
    """:func:`decide_r_trivial` on the context's DFA (memoised by the context)."""
    return decide_r_trivial(context.dfa, context.sccs)


def _certificate(fragment, context, v: Verdict, results) -> FragmentResult:
    d = context.dfa
    return member_by(fragment, lambda: synthesize_r_trivial(d, context.sccs, MAX_FORMULA_SIZE), d,
                     "R-trivial: " + v.method, context.limits.check_states, context.meter,
                     search=context.limits.search_budget)


#: LTL[P]: the partially-ordered DFA test; the certificate by synthesis
PROCEDURE = DfaTest("R-trivial", LTL_P, r_trivial_verdict, _certificate)
#: LTL[P], the languages of ``global`` attention
CLASS = LanguageClass("LTL[P]", PROCEDURE, FORMULA, PAIR, pattern=LTL_P.pattern, key=LTL_P)
