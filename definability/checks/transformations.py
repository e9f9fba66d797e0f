"""A DFA's syntactic monoid or semigroup as transformations of its states, in plain Python
(tuples), for the checks that re-enumerate it rather than read a decider's structure: a
word's map, composition, the ω-power, and the breadth-first enumeration."""

from __future__ import annotations

from ...kernel.errors import LimitExceeded

__all__ = ["word_map", "compose", "omega_power", "reenumerated_elements"]


def word_map(dfa, word) -> tuple[int, ...]:
    """The transformation q ↦ q·word of the DFA's states, by running the word from each
    state, all states letter by letter (no semigroup)."""
    columns = dfa.transitions.T.tolist()            # columns[a][q] = δ(q, a)
    states = list(range(dfa.n_states))
    for a in dfa.encode(list(word)).tolist():
        col = columns[a]
        states = [col[q] for q in states]
    return tuple(states)


def compose(f: tuple[int, ...], g: tuple[int, ...]) -> tuple[int, ...]:
    """First f, then g."""
    return tuple(g[x] for x in f)


def reenumerated_elements(dfa, monoid: bool, max_elements: int) -> list[tuple[int, ...]]:
    """The syntactic monoid (``monoid``) or semigroup of L(dfa), ``dfa`` minimal, enumerated
    breadth-first as transformations (tuples: the letters' maps closed under composition, the
    identity added for a monoid), letters first; LimitExceeded past ``max_elements``."""
    letters = [word_map(dfa, [a]) for a in dfa.alphabet]
    elements = list(dict.fromkeys(letters))
    seen = set(elements)
    i = 0
    while i < len(elements):
        for g in letters:
            x = compose(elements[i], g)
            if x not in seen:
                seen.add(x)
                elements.append(x)
                if len(elements) > max_elements:
                    raise LimitExceeded("elements of the syntactic structure (verify)", max_elements)
        i += 1
    ident = tuple(range(dfa.n_states))
    if monoid and ident not in seen:
        elements.append(ident)
    return elements


def omega_power(x: tuple[int, ...]) -> tuple[int, ...]:
    """x^ω, the idempotent power of the transformation x, by iterating x, x², … ."""
    p = x
    while compose(p, p) != p:
        p = compose(p, x)
    return p
