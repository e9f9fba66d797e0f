"""LTL[P,MOD]: past LTL with P and MOD[m,r] atoms = global (fixed-precision softmax)
attention with a periodic positional encoding (docs/decision-procedures.md §12.4, where the
theorem below is proved).

Theorem: L ∈ LTL[P,MOD] iff every state of the minimal DFA of L has at most one successor
inside its own strongly connected component — every component is a single state (with or
without loops) or a simple cycle that the letters staying inside it go round (a *counter*).
It is the MOD analogue of "partially ordered" for LTL[P] (every component one state), and
the automaton form of Place and Zeitoun's characterisation of PL(MOD) (the MOD-kernel of the
syntactic morphism R-trivial), which MeSCaL tests as "the Stallings folding of each
component by MOD identifies no two states".

Deciding is linear in the DFA (:func:`decide_counters`, on the components of the
classification's context).  "Yes": the formula of :func:`..certify.counter_formula.counter_formula`
(the run's entries into the components, each exact, with P, letters and MOD atoms), checked
exactly; when it is beyond the check's budget (its states, and the certificates' seconds),
"yes" without a formula (``verify`` then
re-decides the theorem from scratch, :func:`..checks.verify_mod.counters_hold`).  "No": a
:class:`CounterFamily` — a state c with two letters a, b whose successors c·a ≠ c·b lie in
the component of c, words back from each to c, loops at c whose lengths have the
component's period as gcd, and a suffix separating c·a from c·b; for every modulus m and
P-depth n it gives a pair of words, one in L and one not, that no formula of P-depth ≤ n
with moduli dividing m separates (checked by :func:`..checks.verify_mod.verify_counter_family`).
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from math import gcd, lcm

import numpy as np

from ...automata.graphs import distinguishing_suffix, shortest_words_from, word_between
from ...kernel.errors import LimitExceeded
from ...kernel.work import CertificateTimeout, deadline
from ...ltl.fragments import LTL_P
from ..certify.counter_formula import counter_formula
from ..checks.verify_mod import COUNTER_FAMILY, counter_family_pair, verify_mod_formula
from ..contract.procedure import Context
from ..values.results import FragmentResult
from .quasi_aperiodic import ModEnriched, ModFormula, PairFamily, mod_class

__all__ = ["CounterFamily", "CounterVerdict", "decide_counters", "PROCEDURE", "CLASS"]


@dataclass(frozen=True)
class CounterFamily(PairFamily):
    """The witness of L ∉ LTL[P,MOD] (module docstring): ``prefix`` leads to c, the letters
    ``a`` and ``b`` to c·a ≠ c·b in the component of c, ``back_a`` and ``back_b`` back to c,
    ``loops`` at c (gcd of their lengths dividing |a back_a| and |b back_b|), ``suffix``
    accepted from exactly one of c·a, c·b; ``accepted``/``rejected``: the pair for m = 1,
    n = 0.  Words are tuples of letters."""

    prefix: tuple
    a: str
    b: str
    back_a: tuple
    back_b: tuple
    loops: tuple
    suffix: tuple
    accepted: tuple
    rejected: tuple

    def pair(self, m: int, n: int) -> tuple[tuple, tuple]:
        """The pair for modulus m and P-depth n (:func:`..checks.verify_mod.counter_family_pair`)."""
        return counter_family_pair(self.prefix, self.a, self.b, self.back_a, self.back_b, self.loops,
                                   self.suffix, m, n)

    def text(self, sep: str = "", indent: str = "") -> str:
        j = lambda w: sep.join(w) or "ε"                     # noqa: E731
        return (f"c = δ(q0, {j(self.prefix)}) has successors c·{self.a} ≠ c·{self.b} in its own component "
                f"(back to c by {j(self.back_a)}, {j(self.back_b)}; loops {', '.join(map(j, self.loops))}), "
                f"separated by {j(self.suffix)}: for every modulus m and P-depth n, "
                f"p·{self.a}·(XY)^n·s vs p·{self.a}·(XY)^n·X·s with |X| ≡ |Y| ≡ 0 mod m")

    def to_json(self, sep: str = "") -> dict:
        j = sep.join
        return {"kind": COUNTER_FAMILY, "prefix": j(self.prefix), "a": self.a, "b": self.b,
                "back_a": j(self.back_a), "back_b": j(self.back_b), "loops": [j(x) for x in self.loops],
                "suffix": j(self.suffix), "accepted": j(self.accepted), "rejected": j(self.rejected),
                "family": "for modulus m and P-depth n: prefix·a·(X Y)^n·suffix and prefix·a·(X Y)^n·X·suffix, "
                          "X = back_a ℓ b, Y = back_b ℓ' a with ℓ, ℓ' products of the loops making |X| ≡ |Y| "
                          "≡ 0 mod m: one in L, one not, and no LTL[P,MOD] formula of P-depth ≤ n with moduli "
                          "dividing m separates them"}


@dataclass(frozen=True)
class CounterVerdict:
    """``member`` (every component a counter), and the family when not."""

    member: bool
    family: CounterFamily | None
    method: str


def _family(dfa, comp, c: int, a: int, b: int) -> CounterFamily:
    """The counter pair family at the state c with letters a, b (c·a ≠ c·b in its component)."""
    table = np.asarray(dfa.transitions)
    rows = table.tolist()
    letters = dfa.alphabet
    ta, tb = rows[c][a], rows[c][b]
    to_c = lambda q: word_between(table, q, c)            # noqa: E731 - inside one component
    from_c = shortest_words_from(table, c)
    loops, g = [], 0
    for v in range(len(rows)):                            # one loop through each edge of the component
        if comp[v] != comp[c]:
            continue
        for x, w in enumerate(rows[v]):
            if comp[w] == comp[c]:
                loop = list(from_c[v]) + [x] + to_c(w)
                if gcd(g, len(loop)) != g:
                    loops.append(loop)
                    g = gcd(g, len(loop))
    z = distinguishing_suffix(table, np.asarray(dfa.accepting, dtype=bool), ta, tb)
    L = lambda word: tuple(letters[x] for x in word)       # noqa: E731
    prefix = L(shortest_words_from(table, dfa.initial)[c])
    args = (prefix, letters[a], letters[b], L(to_c(ta)), L(to_c(tb)), tuple(L(x) for x in loops), L(z))
    x, y = counter_family_pair(*args, 1, 0)
    accepted, rejected = (x, y) if dfa.accepts(list(x)) else (y, x)
    return CounterFamily(*args, accepted, rejected)


def decide_counters(dfa, sccs) -> CounterVerdict:
    """Whether every state of the minimal DFA has at most one successor in its own component
    (the theorem of the module docstring), with the witness family when not."""
    comp = sccs.component.tolist()
    rows = np.asarray(dfa.transitions).tolist()
    for c, row in enumerate(rows):
        seen: dict = {}
        for a, r in enumerate(row):
            if comp[r] != comp[c]:
                continue
            if seen and r not in seen:
                b = next(iter(seen.values()))
                fam = _family(dfa, comp, c, b, a)
                return CounterVerdict(False, fam, f"state {c} has two successors in its own component "
                                                  f"(by {dfa.alphabet[b]} and {dfa.alphabet[a]}): not a counter")
            seen.setdefault(r, a)
    return CounterVerdict(True, None, f"every component of the {len(rows)}-state minimal DFA is a counter "
                                      "(a single state or a cycle the letters staying in it go round)")


def _counters(context: Context) -> CounterVerdict:
    return decide_counters(context.dfa, context.sccs)


class ModRTrivial(ModEnriched):
    """LTL[P,MOD]: every component of the minimal DFA a counter (module docstring)."""

    family = "counter components"

    def decide(self, cls, context, results) -> FragmentResult:
        v = context.verdict(_counters)
        if not v.member:
            return FragmentResult(cls, False, None, v.family, v.method)
        if not context.certificates:
            return FragmentResult(cls, True, None, None, v.method)
        d, limits = context.dfa, context.limits
        f = counter_formula(d)
        # the exact check builds the formula's DFA with the clock of all its moduli (their
        # lcm): bounded by the check's states and, when set, the certificates' seconds
        seconds = limits.certificate_seconds
        try:
            with deadline(seconds) if seconds > 0 else nullcontext():
                check = verify_mod_formula(d, LTL_P, f, state_limit=limits.check_states)
        except (LimitExceeded, CertificateTimeout) as exc:
            why = str(exc) or f"past {seconds} s of the certificates' time budget"
            return FragmentResult(cls, True, None, None, f"{v.method}; no formula: {why} (the verdict is "
                                                         "proved by the components)")
        if not check.valid:                                   # pragma: no cover - a bug
            raise AssertionError(f"the counter formula fails its check: {check.reason}")
        moduli = sorted({g.m for g in f.subformulas() if g.symbol == "MOD"})
        cert = ModFormula(f, lcm(*moduli), "the run's entries into the counter components, with P and MOD atoms",
                          check.reason)
        return FragmentResult(cls, True, None, None, f"{v.method}; formula with moduli {moduli or [1]}",
                              certificate=cert)


PROCEDURE = ModRTrivial()
#: LTL[P,MOD]: global attention with a periodic positional encoding
CLASS = mod_class("LTL[P,MOD]", PROCEDURE, COUNTER_FAMILY, LTL_P,
                  (("LTL[P]", "LTL[P] ⊆ LTL[P,MOD] (no MOD atom needed)"),
                   ("MOD⁺", "MOD⁺ ⊆ LTL[P,MOD]: (P true & ⋁ MOD[m,r+1]) | !P true (!P true: the empty word)")),
                  "past LTL with P and MOD[m,r] atoms: global attention with a periodic positional encoding "
                  "(every component of the minimal DFA a counter)", bulk="LTL[P,MOD]")
