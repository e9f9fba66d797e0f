"""Independent checks of the answers of MOD and MOD⁺ (:mod:`..varieties.length_modulo`),
from the DFA, the printed numbers and the words alone — no decider code.

* "yes" (``length residues``): the language K of the printed (m, R, and for MOD⁺ whether
  ε ∈ L) is built here as its own cycle DFA (the length counter modulo m, with a separate
  initial state for MOD⁺) and compared with the DFA (equivalence); the printed formula is
  re-checked exactly (formula → DFA with the clock of its MOD atoms); m is least: for each
  proper divisor d of m, R is not a union of classes modulo d (two residues ≡ mod d, one in
  R and one not) — a union of classes modulo m is one modulo d iff that never happens, and
  the least modulus of a length language divides every modulus of it;
* "no" (``equal-length pair``): the two words have one length, the first in L and the
  second not (for MOD⁺ both are non-empty: two distinct words of one length);
* "no" (``length pump``): y ≠ ε, q0·xy = q0·xyy (so x·y^k·z reaches the state of x·y·z for
  every k ≥ 1), and exactly one of xz, xyz in L: for every m, xz and x·y^m·z have lengths
  congruent modulo m and lie on different sides (for MOD⁺, xz ≠ ε: both non-empty).
"""

from __future__ import annotations

import numpy as np

from ...automata.dfa import DFA
from ...automata.operations import equivalent
from ...automata.sources import as_dfa
from ...kernel.words import split_word
from ...ltl import parse
from .verify import Check, verify_formula

__all__ = ["LENGTH_RESIDUES", "EQUAL_LENGTH_PAIR", "LENGTH_PUMP", "residues_formula", "length_dfa", "check_answer"]

#: certificate kind: the least modulus, the residues (and ε for MOD⁺), a formula
LENGTH_RESIDUES = "length residues"
#: witness kinds
EQUAL_LENGTH_PAIR = "equal-length pair"
LENGTH_PUMP = "length pump"


def residues_formula(m: int, residues, empty: bool | None) -> str:
    """⋁_{r ∈ R} MOD[m, r+1] (``true`` / ``false`` when R is all or nothing), and for MOD⁺
    (``empty`` not None) guarded: (P true & …) | !P true when ε ∈ L, P true & … otherwise —
    unless ε is where the residue 0 puts it (then the formula of MOD says it)."""
    residues = sorted(set(int(r) % m for r in residues))
    if len(residues) == m:
        body = "true"
    elif not residues:
        body = "false"
    else:
        body = " | ".join(f"MOD[{m},{r + 1}]" for r in residues)
    if empty is None or bool(empty) == (0 in residues):
        return body
    inner = f"({body})" if " | " in body else body
    guarded = "P true" if body == "true" else ("false" if body == "false" else f"P true & {inner}")
    if empty:
        return "!P true" if guarded == "false" else f"({guarded}) | !P true"
    return guarded


def length_dfa(alphabet, m: int, residues, empty: bool | None) -> DFA:
    """The DFA of {w : |w| mod m ∈ R} (``empty`` None), or of its non-empty words plus ε
    when ``empty``: a counter modulo m (state r: length ≡ r), with a state of its own for ε."""
    if int(m) < 1:
        raise ValueError(f"the modulus is {m}: a modulus is at least 1")
    k, R = len(alphabet), {int(r) % m for r in residues}
    if empty is None:
        table = np.array([[(r + 1) % m] * k for r in range(m)], dtype=np.int64)
        return DFA(tuple(alphabet), table, 0, np.array([r in R for r in range(m)]))
    table = np.array([[1 % m + 1] * k] + [[(r + 1) % m + 1] * k for r in range(m)], dtype=np.int64)
    acc = np.array([bool(empty)] + [r in R for r in range(m)])
    return DFA(tuple(alphabet), table, 0, acc)


def _least(m: int, residues) -> str | None:
    """None when m is the least modulus of the union R of classes modulo m, else why not."""
    R = {int(r) % m for r in residues}
    for d in range(1, m):
        if m % d == 0 and all(((r + d) % m in R) == (r in R) for r in range(m)):
            return f"R is a union of classes modulo {d}, a proper divisor of m = {m}"
    return None


def _run(dfa: DFA, word) -> int:
    q = dfa.initial
    for a in word:
        q = int(dfa.transitions[q, dfa.letter_index(a)])
    return q


def check_answer(dfa, answer: dict, sep: str = "", plus: bool = False) -> Check:
    """Re-check an answer of MOD (``plus`` False) or MOD⁺ as ``classify --json`` prints it."""
    dfa = as_dfa(dfa)
    name = "MOD⁺" if plus else "MOD"
    letters = tuple(dfa.alphabet)

    def word(text):
        return split_word(str(text), letters) if text else []
    member = answer.get("member")
    if member is True:
        cert = answer.get("certificate")
        if not isinstance(cert, dict) or cert.get("kind") != LENGTH_RESIDUES:
            return Check(False, f"a 'yes' of {name} without its {LENGTH_RESIDUES}")
        m, R = int(cert["modulus"]), [int(r) for r in cert["residues"]]
        empty = cert.get("empty_word") if plus else None
        if m < 1 or (plus and not isinstance(empty, bool)):
            return Check(False, "the certificate's modulus (or, for MOD⁺, its empty_word) is malformed")
        if not equivalent(dfa.minimal(), length_dfa(letters, m, R, empty).minimal()):
            return Check(False, f"the lengths modulo {m} in {sorted(R)} do not define the language")
        f = verify_formula(dfa, "LTL[P]", parse(str(cert["formula"])), mod_atoms=True)
        if not f.valid:
            return Check(False, f"the formula: {f.reason}")
        why = _least(m, R)
        if why is not None:
            return Check(False, f"m is not least: {why}")
        return Check(True, f"the counter modulo {m} with residues {sorted(R)} defines L (equivalence on "
                           f"DFAs), the formula too ({f.reason}); no proper divisor of {m} works")
    if member is False:
        wit = answer.get("witness")
        if not isinstance(wit, dict):
            return Check(False, "a 'no' without a witness")
        if wit.get("kind") == EQUAL_LENGTH_PAIR:
            u, v = word(wit["accepted"]), word(wit["rejected"])
            if len(u) != len(v) or not dfa.accepts(u) or dfa.accepts(v):
                return Check(False, "the pair is not two words of one length, the first in L, the second not")
            return Check(True, f"{len(u)} letters each, one in L and one not: no union of length classes "
                               f"(of non-empty words either) holds one without the other: L ∉ {name}")
        if wit.get("kind") == LENGTH_PUMP:
            x, y, z = word(wit["x"]), word(wit["y"]), word(wit["z"])
            if not y or _run(dfa, x + y) != _run(dfa, x + y + y):
                return Check(False, "y is empty or x·y and x·y·y reach different states")
            if dfa.accepts(x + z) == dfa.accepts(x + y + z):
                return Check(False, "x·z and x·y·z are on the same side")
            if plus and not (x or z):
                return Check(False, "for MOD⁺ the pumped words must be non-empty: x·z = ε")
            return Check(True, f"x·yᵏ·z (k ≥ 1) all on one side, x·z on the other; |x·yᵐ·z| ≡ |x·z| mod m "
                               f"for every m: L ∉ {name}")
        return Check(False, f"unknown witness kind {wit.get('kind')!r}")
    return Check(False, "the answer is undecided: nothing to check")
