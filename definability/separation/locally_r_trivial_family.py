"""LTL[P,Y] (locally R-trivial, docs/decision-procedures.md §3.3): a sound "not separable",
at every depth, from the identity of LR = R∗D (docs/decision-procedures.md §11.7, "The
locally R-trivial family").

Every locally R-trivial semigroup S satisfies, for e idempotent and s, t ∈ eSe,
(st)^ω·s = (st)^ω (eSe is R-trivial).  Take words l, z (non-empty), g, h, r and write, for
j, n ≥ 1, W = z^j·g·z^j·h·z^j and

    u(j, n) = l·Wⁿ·z^j·g·z^j·r        v(j, n) = l·Wⁿ·r.

If u(j, n) ∈ L1 and v(j, n) ∈ L2 for all j, n ≥ 1, no LTL[P,Y] language K separates L1 from
L2: K ∩ A⁺ is recognised by its syntactic semigroup S, locally R-trivial, hence aperiodic; with
j, n ≥ |S|, η(z)^j = e is idempotent, η(z^j g z^j) = s and η(h z^j) … = t lie in eSe, Wⁿ maps
to (st)^ω, and η(u) = η(l)(st)^ω s η(r) = η(l)(st)^ω η(r) = η(v) (in S¹): K holds both words
or neither, but u ∈ L1 ⊆ K and v ∈ L2.  The same holds for every fragment inside LTL[P,Y]
(LTL[P,Y<=k], LTL[P], LTL[Y<=k], LTL[Y]).

The words are in L1 and L2 for every j, n ≥ 1 when, in each DFA Di, with a = δ(q0, l):
a·z = a, b = a·g·z satisfies b·z = b and b·h·z = a (then z^j fixes a and b, and W loops on a),
and b1·r ∈ F1, a2·r ∈ F2 — finitely many runs, which :meth:`LocallyRTrivialFamily.check`
repeats (with the words themselves at several j, n).

Search (:func:`locally_r_trivial_family`; complete for the families of this shape within its
budgets): the transition semigroup of D1 ⊔ D2 (``LR_FAMILY_ELEMENTS``); for each idempotent e
(word z), the map E(p, q) = (p·e, q·e) on the reachable pairs of D1 × D2, its fixed pairs, and
α → β when β = E(γ) for a pair γ reachable from α (then β = α·g·z); two fixed pairs α, β with
α → β → α such that the mixed pair (b1, a2) reaches F1 × F2.  For L against its complement
every violation of the identity gives one, so the search is exact there.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...automata.dfa import DFA
from ...automata.graphs import product_successors, reachable, shortest_words_from
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ...kernel.limits import Limits
from ...ltl.fragments import Fragment
from ..algebra.semigroup import transition_semigroup
from .aperiodic_pointlikes import union_table
from .strictly_local_separation import co_reachable, letters_text, run_word

__all__ = ["LocallyRTrivialFamily", "locally_r_trivial_family", "LR_PROOFS", "LR_FRAGMENT"]

#: the largest fragment the family proves "not separable" for
LR_FRAGMENT = "LTL[P,Y]"
#: (j, n) at which :meth:`LocallyRTrivialFamily.check` also runs the two words themselves
_SAMPLES = ((1, 0), (1, 1), (2, 1), (1, 2), (3, 2))


@dataclass(frozen=True)
class LocallyRTrivialFamily:
    """For every j, n ≥ 1: l·(z^j g z^j h z^j)ⁿ·z^j g z^j·r ∈ L1 and l·(z^j g z^j h z^j)ⁿ·r ∈ L2
    (l = ``prefix``, z = ``anchor``, g = ``left``, h = ``right``, r = ``suffix``).  Every locally
    R-trivial semigroup has (st)^ω s = (st)^ω for s, t ∈ eSe, e = η(z)^ω idempotent, so every
    LTL[P,Y] language holds both words of a pair or neither once j, n are large: none separates
    L1 from L2 (nor does any language of a fragment inside LTL[P,Y])."""

    prefix: tuple
    anchor: tuple
    left: tuple
    right: tuple
    suffix: tuple
    #: the fragment the proof is stated for (by default the largest, LTL[P,Y]); one not
    #: inside LTL[P,Y] is refused by :meth:`check`
    fragment: str = LR_FRAGMENT

    def words(self, j: int, n: int) -> tuple[tuple, tuple]:
        """(u(j, n) ∈ L1, v(j, n) ∈ L2)."""
        z = tuple(self.anchor) * j
        s, t = z + tuple(self.left) + z, tuple(self.right) + z
        body = tuple(self.prefix) + (s + t) * n
        return body + s + tuple(self.suffix), body + tuple(self.suffix)

    def _loop_states(self, d: DFA):
        """(a, b) in ``d`` when z fixes a = q0·l and b = a·g·z and b·h·z = a, else None."""
        a = run_word(d, int(d.initial), self.prefix)
        b = run_word(d, a, tuple(self.left) + tuple(self.anchor))
        if (run_word(d, a, self.anchor) != a or run_word(d, b, self.anchor) != b
                or run_word(d, b, tuple(self.right) + tuple(self.anchor)) != a):
            return None
        return a, b

    def check(self, d1: DFA, d2: DFA) -> bool:
        """Re-check from the words alone: z non-empty; in D1 and in D2, z fixes a = q0·l and
        b = a·g·z, and b·h·z = a (so the states after l·Wⁿ and after l·Wⁿ·z^j g z^j are a and b
        for every j, n ≥ 1); b1·r ∈ F1 and a2·r ∈ F2; and the words themselves at several
        (j, n) are in L1 and L2."""
        if not self.anchor or not Fragment.parse(LR_FRAGMENT).includes(self.fragment):
            return False
        one, two = self._loop_states(d1), self._loop_states(d2)
        if one is None or two is None:
            return False
        if not (d1.accepting[run_word(d1, one[1], self.suffix)] and d2.accepting[run_word(d2, two[0], self.suffix)]):
            return False
        for j, n in _SAMPLES:
            u, v = self.words(j, n)
            if not (d1.accepting[run_word(d1, int(d1.initial), u)] and d2.accepting[run_word(d2, int(d2.initial), v)]):
                return False
        return True

    def text(self, alphabet) -> str:
        l, z, g, h, r = (letters_text(alphabet, w) or "ε" for w in (self.prefix, self.anchor, self.left,
                                                                     self.right, self.suffix))
        return (f"for every j, n ≥ 1, l·(z^j g z^j h z^j)ⁿ·z^j g z^j·r ∈ L1 and l·(z^j g z^j h z^j)ⁿ·r ∈ L2 "
                f"with l = {l}, z = {z}, g = {g}, h = {h}, r = {r}: every locally R-trivial semigroup has "
                f"(st)^ω s = (st)^ω for s, t ∈ eSe (e = z^ω), so no LTL[P,Y] language separates them")

    def to_json(self, alphabet) -> dict:
        return {"kind": "locally R-trivial family", "fragment": self.fragment,
                "prefix": letters_text(alphabet, self.prefix), "anchor": letters_text(alphabet, self.anchor),
                "left": letters_text(alphabet, self.left), "right": letters_text(alphabet, self.right),
                "suffix": letters_text(alphabet, self.suffix)}


def _from_json(j: dict, w) -> LocallyRTrivialFamily:
    return LocallyRTrivialFamily(w(j["prefix"]), w(j["anchor"]), w(j["left"]), w(j["right"]), w(j["suffix"]),
                                 str(Fragment.parse(j["fragment"])))


LR_PROOFS = {"locally R-trivial family": _from_json}


def _closure(succ: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """reach[i, k]: the node ``nodes[k]`` is reachable from ``nodes[i]`` (``nodes``: a set of
    nodes closed under ``succ``; every word, ε included)."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import shortest_path

    where = np.full(len(succ), -1)
    where[nodes] = np.arange(len(nodes))
    m, k = len(nodes), succ.shape[1]
    graph = csr_matrix((np.ones(m * k), (np.repeat(np.arange(m), k), where[succ[nodes]].reshape(-1))),
                       shape=(m, m))
    return np.isfinite(shortest_path(graph, method="D", unweighted=True))


def locally_r_trivial_family(d1: DFA, d2: DFA, limits: Limits) -> LocallyRTrivialFamily | None:
    """A :class:`LocallyRTrivialFamily` when there is one of this shape, else None (the
    module's search).  LimitExceeded when the reachable pairs of D1 × D2 pass
    ``LR_FAMILY_PAIR_STATES`` (or the limits' ``type_states``) or the semigroup of D1 ⊔ D2
    passes ``LR_FAMILY_ELEMENTS`` elements (or the limits' ``semigroup_elements``)."""
    n1, n2 = d1.n_states, d2.n_states
    succ = product_successors(d1.transitions, d2.transitions)
    start = int(d1.initial) * n2 + int(d2.initial)
    nodes = np.flatnonzero(reachable(succ, start))
    most = min(_limits.LR_FAMILY_PAIR_STATES, limits.type_states)
    if len(nodes) > most:
        raise LimitExceeded("reachable pairs of D1 × D2 (the locally R-trivial family)", most)
    table = union_table(d1, d2)
    union = DFA._trusted(d1.alphabet, table, 0, np.zeros(len(table), dtype=bool))     # only its letters' maps
    semigroup = transition_semigroup(union, limit=min(_limits.LR_FAMILY_ELEMENTS, limits.semigroup_elements),
                                     memory_budget=limits.memory_budget)
    P, Q = np.divmod(nodes, n2)
    co = co_reachable(succ, np.outer(d1.accepting, d2.accepting).reshape(-1))
    reach = _closure(succ, nodes)
    idempotents = semigroup.idempotents
    for e in idempotents[np.argsort(semigroup.length[idempotents], kind="stable")]:
        t = semigroup.elements[e]
        image = t[P] * n2 + (t[n1 + Q] - n1)                  # E on the reachable pairs
        fixed = np.flatnonzero(image == nodes)                # positions (in nodes) of E's fixed pairs
        if not len(fixed):
            continue
        lands = image[:, None] == nodes[fixed][None, :]       # E(γ) = β
        arrow = (reach[fixed].astype(np.float32) @ lands.astype(np.float32)) > 0     # α → β
        mixed = co[P[fixed][None, :] * n2 + Q[fixed][:, None]]                       # (b1, a2) for (α, β)
        hits = np.argwhere(arrow & arrow.T & mixed)
        if not len(hits):
            continue
        i, k = (int(v) for v in hits[0])
        alpha, beta = int(nodes[fixed[i]]), int(nodes[fixed[k]])
        z = tuple(semigroup.word(int(e)))
        into_beta = np.flatnonzero(lands[:, k])
        into_alpha = np.flatnonzero(lands[:, i])
        from_alpha, from_beta = shortest_words_from(succ, alpha), shortest_words_from(succ, beta)
        g = min((from_alpha[int(nodes[c])] for c in into_beta if reach[fixed[i], c]), key=len)
        h = min((from_beta[int(nodes[c])] for c in into_alpha if reach[fixed[k], c]), key=len)
        r = shortest_words_from(succ, int(P[fixed[k]]) * n2 + int(Q[fixed[i]]))
        r = min((r[int(c)] for c in np.flatnonzero(np.outer(d1.accepting, d2.accepting).reshape(-1))
                 if r[int(c)] is not None), key=len)
        return LocallyRTrivialFamily(tuple(shortest_words_from(succ, start)[alpha]), z, tuple(g), tuple(h), tuple(r))
    return None
