"""Positions tagged with their residue: the route from a fragment over a tagged alphabet to
the same fragment with modular predicates (docs/decision-procedures.md, "Periodic positional
encodings").

For a modulus m ≥ 1, τ_m tags each letter with its 1-based position modulo m:
τ_m(w1 … wN) = (w1, 1 mod m)(w2, 2 mod m) … (wN, N mod m), a word over A × Z_m (the letter
(a, r) is written ``a@r``, :func:`tagged_letter`).  τ_m(L) is recognised by the product of
the DFA of L with the counter Z_m of letters read, with a sink for a tag out of turn
(:func:`attnlogic.automata.tagged.tagged_dfa`): state (q, c) reads (a, t) to (δ(q, a), c + 1) when t ≡ c + 1 and to
the sink otherwise; (q, c) accepts iff q does.

A formula ψ over A × Z_m becomes a formula over A with modular predicates by replacing each
atom (a, r) by ``a & MOD[m,r]`` (:func:`untag`): at a letter position i of w, (a, r) holds in
τ_m(w) iff w_i = a and i ≡ r (mod m), which is what ``a & MOD[m,r]`` says at i of w; at the
position N+1 just after the last letter no atom holds in either word (``a`` is false there).
The positions of w and τ_m(w) correspond one to one and every operator reads the same
positions, so ψ holds at N+1 of τ_m(w) iff untag(ψ) holds at N+1 of w:
L(untag(ψ)) = τ_m⁻¹(L(ψ)), and L(untag(ψ)) = L whenever L(ψ) agrees with τ_m(L) on the
tagged words τ_m(A*) (the formula is checked exactly against the DFA anyway before it is
printed).
"""

from __future__ import annotations

from ...automata.tagged import TAG, tagged_dfa, tagged_letter
from ...ltl.formula import And, Atom, Formula, Mod

__all__ = ["TAG", "tagged_letter", "tagged_dfa", "untag"]


def untag(formula: Formula, m: int, alphabet) -> Formula:
    """``formula`` over the tagged letters of :func:`tagged_dfa` with each atom (a, r)
    replaced by ``a & MOD[m,r]`` (module docstring); other atoms are refused."""
    names = {tagged_letter(a, r): (a, r) for a in alphabet for r in range(int(m))}
    memo: dict = {}

    def go(f: Formula) -> Formula:
        if f in memo:
            return memo[f]
        if isinstance(f, Atom):
            if f.name not in names:
                raise ValueError(f"{f.name!r} is not a tagged letter of modulus {m}")
            a, r = names[f.name]
            out = Atom(a) if m == 1 else And(Atom(a), Mod(int(m), r))
        else:
            out = f.map_children(tuple(go(c) for c in f.children))
        memo[f] = out
        return out

    return go(formula)
