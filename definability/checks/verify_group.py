"""Independent checks of GR separation answers (definability/separation/group_separation.py),
from the DFAs, the printed words and permutations alone — no closure, no saturation.

* the separator: a permutation automaton (every letter a permutation of its points, a start
  point, accepting points), rebuilt here as a DFA (:func:`permutation_dfa`) after checking
  that every letter is a bijection (:func:`permutation_problem`); the caller checks L1 ⊆ K and
  K ∩ L2 = ∅ on DFAs.  A language recognised by a permutation automaton is recognised by the
  finite group its letters generate: it is a group language;
* the proof of "not separable" (:func:`check_group_family`): for each language a pattern, a
  sequence of parts, each a positive word ``u`` or an inverse block ``(v, a)`` that stands for
  the word (v a)^{N-1} v.  For every N ≥ 1, w_i(N) is the pattern with every block written
  out.  The check runs each DFA on the pattern: at a block, reached in state q, the word v·a
  must loop on q (so (v a)^{N-1} leaves q unchanged whatever N) and v then leads on; the
  last state must accept.  Then w_i(N) ∈ L_i for EVERY N ≥ 1 (re-run for N = 1 … 4 as well).
  In a finite group G of order N every element g has g^N = 1, so (v a)^{N-1} v = (v a)^{-1} v
  = a^{-1} in G: the image of w_i(N) is the image of the free-group word with each block
  replaced by a^{-1}.  The check free-reduces those two words and requires them equal; so
  φ(w_1(N)) = φ(w_2(N)) for every morphism φ onto a group of order N, and no group language
  holds w_1(N) without w_2(N).
"""

from __future__ import annotations

import numpy as np

from ...automata.dfa import DFA
from ...kernel.words import join_word

__all__ = ["GROUP_FAMILY", "PERMUTATION_AUTOMATON", "CHECKED_EXPONENTS", "free_reduce", "pattern_word",
           "free_image", "check_group_family", "permutation_problem", "permutation_dfa", "family_json", "family_parts"]

#: witness kind of a GR "no", certificate kind of a GR separator
GROUP_FAMILY = "group family"
PERMUTATION_AUTOMATON = "permutation automaton"
#: the exponents N at which a family's words are also run letter by letter
CHECKED_EXPONENTS = (1, 2, 3, 4)


def free_reduce(word) -> tuple:
    """The reduced form of a word of the free group: letters (index, sign ±1), every x x^{-1}
    cancelled (one stack pass)."""
    out: list = []
    for a, s in word:
        if out and out[-1] == (a, -s):
            out.pop()
        else:
            out.append((a, s))
    return tuple(out)


def pattern_word(parts, n: int) -> tuple:
    """w(N) for N = ``n``: each positive part as it is, each block (v, a) as (v a)^{N-1} v."""
    out: list = []
    for part in parts:
        if len(part) == 1:
            out.extend(part[0])
        else:
            v, a = part
            out.extend((tuple(v) + (a,)) * (n - 1) + tuple(v))
    return tuple(out)


def free_image(parts) -> tuple:
    """The pattern in the free group with every block (v a)^N set to 1, i.e. (v a)^{N-1} v ↦
    a^{-1}, reduced."""
    word: list = []
    for part in parts:
        if len(part) == 1:
            word.extend((a, 1) for a in part[0])
        else:
            word.append((part[1], -1))
    return free_reduce(word)


def _step(d: DFA, q: int, word) -> int:
    for a in word:
        q = int(d.transitions[q, a])
    return q


def _side_problem(d: DFA, parts, name: str) -> str | None:
    k = len(d.alphabet)
    q = int(d.initial)
    for part in parts:
        if len(part) not in (1, 2):
            return f"a part of {name}'s pattern is malformed"
        letters = tuple(part[0]) + ((part[1],) if len(part) == 2 else ())
        if any(not 0 <= int(a) < k for a in letters):
            return f"a part of {name}'s pattern is malformed"
        if len(part) == 2:
            v, a = part
            if _step(d, q, tuple(v) + (a,)) != q:
                return f"a block (v a) of {name}'s pattern does not loop on the state where it stands"
            q = _step(d, q, v)
        else:
            q = _step(d, q, part[0])
    if not d.accepting[q]:
        return f"{name}'s pattern ends outside {name}"
    for n in CHECKED_EXPONENTS:
        if not d.accepting[_step(d, int(d.initial), pattern_word(parts, n))]:    # pragma: no cover - a bug
            return f"w(N) of {name} at N = {n} is not in {name}"
    return None


def check_group_family(d1: DFA, d2: DFA, parts1, parts2) -> str | None:
    """None when the family holds (module docstring), else what fails.  ``parts``: tuples
    ``(word,)`` or ``(v, a)`` of letter indices."""
    for d, parts, name in ((d1, parts1, "L1"), (d2, parts2, "L2")):
        problem = _side_problem(d, parts, name)
        if problem:
            return problem
    if free_image(parts1) != free_image(parts2):
        return "the two patterns differ in the free group once every block (v a)^N is set to 1"
    return None


def permutation_problem(perms, points: int) -> str | None:
    """None when every row of ``perms`` is a permutation of range(points), else why not."""
    for j, row in enumerate(perms):
        if len(row) != points or sorted(int(x) for x in row) != list(range(points)):
            return f"letter #{j} is not a permutation of the {points} points"
    return None


def permutation_dfa(alphabet, perms, start: int, accepting) -> DFA:
    """The DFA of the permutation automaton: points 0 … n−1, letter j moving point p to
    ``perms[j][p]`` (ValueError when a letter is no permutation)."""
    n = len(perms[0]) if perms else 1
    problem = permutation_problem(perms, n)
    if problem or len(perms) != len(alphabet) or not 0 <= int(start) < n:
        raise ValueError(problem or "the permutations do not match the alphabet or the start point")
    table = np.asarray([[int(perms[j][p]) for j in range(len(alphabet))] for p in range(n)], dtype=np.int64)
    acc = np.zeros(n, dtype=bool)
    acc[[int(p) for p in accepting]] = True
    return DFA(tuple(alphabet), table, int(start), acc)


def family_json(alphabet, parts1, parts2) -> dict:
    """A family's JSON: per side the parts, ``{"word": u}`` or ``{"v": v, "a": a}`` (words as text)."""
    def w(word):
        return join_word([alphabet[a] for a in word], alphabet)

    def side(parts):
        return [{"word": w(p[0])} if len(p) == 1 else {"v": w(p[0]), "a": alphabet[p[1]]} for p in parts]
    return {"kind": GROUP_FAMILY, "L1": side(parts1), "L2": side(parts2)}


def family_parts(j: dict, w) -> tuple:
    """(parts1, parts2) of a family's JSON (``w`` reads a word as letter indices; ValueError
    when a block's letter is not one letter)."""
    def side(items):
        out = []
        for x in items:
            if "word" in x:
                out.append((w(x["word"]),))
            else:
                letter = w(x["a"])
                if len(letter) != 1:
                    raise ValueError("a block's letter 'a' is one letter")
                out.append((w(x["v"]), letter[0]))
        return tuple(out)
    return side(j["L1"]), side(j["L2"])
