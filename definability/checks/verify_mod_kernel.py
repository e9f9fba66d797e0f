"""Answers of TL(MOD), TL(MOD⁺) and UPol(MOD⁺) re-checked with no decider code
(docs/decision-procedures.md §13.5–§13.7).  Each ``check_*(dfa, answer, sep) -> Check`` reads
an answer as ``classify --json`` prints it.

* **The kernel, re-derived.**  t and p: the first repetition R_t = R_{t+p} of the sequence of
  sets R_n = {the map of w : |w| = n} (maps of the minimal DFA's states, as tuples), by
  :func:`length_sequence`.  An element is in the MOD-kernel iff it is 1 or the map of a word
  of length ≥ t divisible by p (proof in :mod:`attnlogic.definability.varieties.temporal_mod`):
  here the kernel is found by a breadth-first search of the triples (map, min(|w|, t),
  |w| mod p), a different computation from the decider's (which takes α(A^N) for one N).
* **"yes"**: re-decided from scratch in plain Python — TL(MOD): (xy)^ω y (xy)^ω = (xy)^ω for
  all x, y in the kernel; TL(MOD⁺): the same for x, y in e·K·e, for every idempotent e of the
  maps of the non-empty words; UPol(MOD⁺): e·k·e = e for every such e and every k in the
  kernel (bounded: LimitExceeded beyond ``max_pairs``).
* **"no"**: the identity pair on the DFA's runs (:func:`.verify.verify_identity_violation`),
  and each kernel variable's word (x, y; u, v; u) ε or of a length ≥ t divisible by p — so its
  element is in the kernel —, and for TL(MOD⁺) and UPol(MOD⁺) e's word non-empty.

The MOD-pairs (:func:`mod_pair_maps`, MOD⁺-pairs too) are read by the check of BPol(MOD) and
BPol(MOD⁺) (:mod:`.verify_bpol`, §13.6).
"""

from __future__ import annotations

from collections import deque

import numpy as np

from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from .verify import Check
from .verify_tiers import identity_witness

__all__ = ["DA_KERNEL", "LDA_KERNEL", "length_sequence", "kernel_maps", "kernel_da_holds", "mod_pair_lengths",
           "mod_pair_maps", "orbits_trivial", "check_tl_mod", "check_tl_mod_plus", "check_upol_mod_plus",
           "ORBIT_TRIVIAL", "maps_monoid", "then", "omega", "letter_maps", "nonempty_maps"]

#: DA's identity, x and y over the MOD-kernel (TL(MOD))
DA_KERNEL = "[(xy)*y(xy)*=(xy)*]"
#: DA's identity on e·K·e: e over the maps of non-empty words, u and v over the MOD-kernel (TL(MOD⁺))
LDA_KERNEL = "[((e*ue*)(e*ve*))*(e*ve*)((e*ue*)(e*ve*))*=((e*ue*)(e*ve*))*]"
#: the MOD⁺-orbits trivial: e over the maps of non-empty words, u over the MOD-kernel (UPol(MOD⁺))
ORBIT_TRIVIAL = "[e*ue*=e*]"


def _letters(dfa) -> list:
    t = np.asarray(dfa.transitions).tolist()
    return [tuple(t[q][a] for q in range(dfa.n_states)) for a in range(len(dfa.alphabet))]


def _then(s, u):                                       # first s, then u
    return tuple(u[q] for q in s)


def _levels(dfa, max_steps: int) -> tuple[list, int]:
    """(R_0 … R_{t+p-1}, t): the sets R_n of the maps of the words of length n up to the
    first repetition R_{t+p} = R_t."""
    letters = _letters(dfa)
    level = frozenset({tuple(range(dfa.n_states))})
    levels, seen = [level], {level: 0}
    for n in range(1, max_steps + 1):
        level = frozenset(_then(s, a) for s in level for a in letters)
        if level in seen:
            return levels, seen[level]
        seen[level] = n
        levels.append(level)
    raise LimitExceeded("steps of the sequence of the maps of the words of length n (verify)", max_steps)


def length_sequence(dfa, max_steps: int = _limits.DEFAULT_LIMIT) -> tuple[int, int]:
    """(t, p): R_t = R_{t+p} first, R_n the set of maps of the words of length n."""
    levels, t = _levels(as_dfa(dfa), max_steps)
    return t, len(levels) - t


def letter_maps(dfa) -> list:
    """The maps (tuples q ↦ q·a) of the letters of ``dfa``, in the alphabet's order."""
    return _letters(as_dfa(dfa))


def nonempty_maps(dfa, max_states: int = _limits.DEFAULT_LIMIT) -> set:
    """The maps of the non-empty words of ``dfa`` (the semigroup α(A⁺) of the minimal DFA's
    transformations): the maps of the triples' search from the letters."""
    dfa = as_dfa(dfa)
    t, p = length_sequence(dfa)
    return {s for s, _, _ in _triples(dfa, t, p, max_states, plus=True)}


def kernel_maps(dfa, max_states: int = _limits.DEFAULT_LIMIT) -> set:
    """The MOD-kernel as a set of maps (module docstring: the triples' search)."""
    dfa = as_dfa(dfa)
    t, p = length_sequence(dfa)
    return {tuple(range(dfa.n_states))} | {s for s, c, r in _triples(dfa, t, p, max_states) if c == t and r == 0}


def _triples(dfa, t: int, p: int, max_states: int, plus: bool = False) -> set:
    """The reachable triples (map of w, min(|w|, t), |w| mod p) of the words w (the non-empty
    ones when ``plus``)."""
    letters = _letters(dfa)
    starts = [(a, min(1, t), 1 % p) for a in letters] if plus else [(tuple(range(dfa.n_states)), 0, 0)]
    seen, todo = set(starts), deque(starts)
    while todo:
        s, c, r = todo.popleft()
        for a in letters:
            nxt = (_then(s, a), min(c + 1, t), (r + 1) % p)
            if nxt not in seen:
                seen.add(nxt)
                if len(seen) > max_states:
                    raise LimitExceeded("triples (map, length, residue) (verify)", max_states)
                todo.append(nxt)
    return seen


def mod_pair_lengths(n1: int, n2: int, t: int, p: int) -> bool:
    """Whether words of lengths n1 and n2 are MOD-inseparable as lengths: n1 ≡ n2 mod p and
    (n1 = n2 or max(n1, n2) ≥ t) (proof in :mod:`attnlogic.definability.varieties.bpol_mod`)."""
    return (n1 - n2) % p == 0 and (n1 == n2 or max(n1, n2) >= t)


def mod_pair_maps(dfa, max_states: int = _limits.DEFAULT_LIMIT, plus: bool = False) -> set:
    """The MOD-pairs (q, s) as pairs of maps: triples (q, c1, r), (s, c2, r) with equal
    residues and c1 = c2 (exact lengths below t) or one of them t (module docstring).  The
    MOD⁺-pairs when ``plus``: the same on the non-empty words' triples, and the diagonal."""
    dfa = as_dfa(dfa)
    t, p = length_sequence(dfa)
    by_residue: dict = {}
    for s, c, r in _triples(dfa, t, p, max_states, plus):
        by_residue.setdefault(r, []).append((s, c))
    out = {(q, s) for group in by_residue.values() for q, c1 in group for s, c2 in group
           if c1 == c2 or max(c1, c2) == t}
    return out | {(q, q) for q in maps_monoid(dfa)} if plus else out


def maps_monoid(dfa) -> set:
    """The transition monoid of ``dfa`` as a set of maps (tuples): every length folds into
    0 … t + p − 1."""
    return set().union(*_levels(as_dfa(dfa), _limits.DEFAULT_LIMIT)[0])


def then(s, u):
    """The map of first s, then u."""
    return _then(s, u)


def omega(s):
    """The idempotent power of the map s."""
    return _omega(s)


def _omega(s):
    e = s
    while _then(e, e) != e:
        e = _then(e, s)
    return e


def _da(elems, max_pairs: int) -> bool:
    elems = list(elems)
    if len(elems) ** 2 > max_pairs:
        raise LimitExceeded("pairs of the kernel's elements (verify)", max_pairs)
    return all(_then(_then(e, y), e) == e                 # (xy)^ω y (xy)^ω = (xy)^ω
               for x in elems for y in elems for e in (_omega(_then(x, y)),))


def _orbits(dfa):
    """(K, the idempotents of α(A⁺)) of the minimal DFA, re-derived (module docstring)."""
    K = kernel_maps(dfa)
    levels, t = _levels(dfa, _limits.DEFAULT_LIMIT)
    semigroup = set().union(*levels[1:], levels[t])    # α(A⁺): the maps of the lengths 1 … t+p (R_{t+p} = R_t)
    return K, {_omega(s) for s in semigroup}


def orbits_trivial(dfa, max_pairs: int = _limits.IDENTITY_CHECK_INSTANTIATIONS) -> bool:
    """UPol(MOD⁺) re-decided in plain Python: e·k·e = e for every idempotent e of α(A⁺) and
    every k of the MOD-kernel (LimitExceeded past ``max_pairs`` pairs (e, k))."""
    K, idempotents = _orbits(as_dfa(dfa).minimal())
    if len(K) * len(idempotents) > max_pairs:
        raise LimitExceeded("pairs (idempotent, kernel element) of the MOD⁺-orbits (verify)", max_pairs)
    return all(_then(_then(e, k), e) == e for e in idempotents for k in K)


def kernel_da_holds(dfa, plus: bool, max_pairs: int = _limits.IDENTITY_CHECK_INSTANTIATIONS) -> bool:
    """TL(MOD) (``plus=False``: the kernel in DA) or TL(MOD⁺) (every e·K·e in DA),
    re-decided in plain Python on the minimal DFA."""
    dfa = as_dfa(dfa).minimal()
    K = kernel_maps(dfa)
    if not plus:
        return _da(K, max_pairs)
    _, idempotents = _orbits(dfa)
    budget = max_pairs
    for e in idempotents:
        orbit = {_then(_then(e, k), e) for k in K}
        budget -= len(orbit) ** 2
        if budget < 0:
            raise LimitExceeded("pairs of the orbits' elements (verify)", max_pairs)
        if not _da(orbit, max_pairs):
            return False
    return True


def _checked(dfa, answer, sep: str, name: str, holds, yes_reason: str, identity, words_problem) -> Check:
    """One answer of a class decided on the MOD-kernel: a "yes" re-decided from scratch by
    ``holds(dfa)`` (``yes_reason`` printed when it holds); a "no" the identity pair of
    ``identity`` on the DFA's runs, then ``words_problem(words, t, p)`` — the variables' words
    against the length sequence's tail t and period p, re-derived here — giving (a problem or
    None, what was shown)."""
    dfa = as_dfa(dfa)
    member = answer.get("member")
    if member not in (True, False):
        return Check(False, "the answer is undecided: nothing to check")
    if member:
        if not holds(dfa):
            return Check(False, f"{name} fails: re-decided from scratch, the answer \"yes\" is wrong")
        return Check(True, yes_reason)
    check, words = identity_witness(dfa, answer, sep, identity)
    if words is None:
        return check
    t, p = length_sequence(dfa.minimal())
    problem, shown = words_problem(words, t, p)
    return Check(False, problem) if problem else Check(True, check.reason + "; " + shown)


def _kernel_words(variables, need_e: bool):
    """The ``words_problem`` of :func:`_checked` for kernel variables: each word ε or of a
    length ≥ t divisible by p (so its element is in {1} ∪ α(A^N)), and e's word non-empty."""
    def problem(words, t, p):
        for var in variables:
            w = words.get(var, ())
            if w and (len(w) < t or len(w) % p):
                return (f"the word of {var} (length {len(w)}) is not ε nor of a length ≥ {t} divisible by {p}: its "
                        "element is not shown to be in the MOD-kernel"), None
        if need_e and not words.get("e"):
            return "e must be the word of a non-empty word's idempotent power (e is ε)", None
        return None, (f"the kernel variables' words ε or of lengths ≥ {t} divisible by {p} (α(A^n) re-derived: "
                      f"tail {t}, period {p})" + ("; e's word non-empty" if need_e else ""))
    return problem


def _check(dfa, answer, sep: str, plus: bool) -> Check:
    name = "TL(MOD⁺)" if plus else "TL(MOD)"
    return _checked(dfa, answer, sep, name, lambda d: kernel_da_holds(d, plus),
                    f"{name}: DA's identity on the " + ("MOD⁺-orbits e·K·e" if plus else "MOD-kernel K")
                    + ", K re-derived from the DFA and every pair re-decided from scratch: it holds",
                    LDA_KERNEL if plus else DA_KERNEL, _kernel_words(("u", "v") if plus else ("x", "y"), plus))


def check_tl_mod(dfa, answer, sep: str) -> Check:
    """An answer of TL(MOD) (module docstring)."""
    return _check(dfa, answer, sep, False)


def check_tl_mod_plus(dfa, answer, sep: str) -> Check:
    """An answer of TL(MOD⁺) (module docstring)."""
    return _check(dfa, answer, sep, True)


def check_upol_mod_plus(dfa, answer, sep: str) -> Check:
    """An answer of UPol(MOD⁺): a "yes" re-decided by :func:`orbits_trivial`; a "no" the
    identity pair of :data:`ORBIT_TRIVIAL`, u's word in the kernel (ε or of a length ≥ t
    divisible by p, t and p re-derived) and e's word non-empty."""
    return _checked(dfa, answer, sep, "UPol(MOD⁺)", orbits_trivial,
                    "UPol(MOD⁺): every MOD⁺-orbit e·K·e is {e}, K and the idempotents re-derived from the DFA: "
                    "it holds", ORBIT_TRIVIAL, _kernel_words(("u",), True))
