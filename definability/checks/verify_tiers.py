"""Answers of the tier-based classes re-checked with no decider code: TLT, TLTT, TPT (and any
class "the words whose projection to a tier lies in C").

For T ⊆ Σ let π_T erase the letters off T.  L is tier-based C when, for some tier T, L =
π_T⁻¹(π_T(L)) — every letter off T is neutral: inserting or deleting it never changes
membership — and π_T(L) is in C over T (docs/decision-procedures.md §10a).

* A **certificate** names the tier T and the projected language's certificate.  Checked:
  every letter off T fixes every state of the minimal DFA (so it is neutral: the states are
  the Myhill–Nerode classes), and the projected certificate defines the DFA restricted to T,
  whose language is L ∩ T* = π_T(L) (by ``projected``, the base class's own check).
* A **witness** is the projected language's witness (its words over the acting letters) with
  a *move* for each letter its words use: two words u·c·r ∈ L and u·r ∉ L (or the other way
  round) that differ by one c.  Checked on the words alone: each move's membership and shape,
  every letter of the witness's words (and of its family's blocks and templates) has a move,
  and the witness proves "not C" by the base class's own check.  Then, for any tier T: if T
  misses a letter c with a move, π_T gives u·c·r and u·r one image on different sides, so L ≠
  π_T⁻¹(π_T(L)); otherwise π_T leaves every word of the witness unchanged, and π_T(L) agrees
  with L on them (L = π_T⁻¹(π_T(L))), so the base witness proves π_T(L) is not in C.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from ...automata.dfa import DFA
from ...automata.minimize import minimize
from ...automata.sources import as_dfa
from ...kernel.words import split_word
from .verify import Check, verify_identity_check, verify_identity_violation

__all__ = ["identity_witness", "identity_answer", "restrict", "check_tier", "check_moves", "witness_letters", "check_tier_certificate",
           "check_tier_witness", "violation_from_json"]


def _split(word: str, sep: str) -> tuple:
    return tuple(a for a in split_word(word, commas=sep == ",") if a)


def restrict(dfa, tier) -> DFA:
    """The DFA with only the letters ``tier`` (names): its language is L ∩ tier*."""
    T = np.asarray(dfa.transitions)
    return DFA(list(tier), T[:, [dfa.alphabet.index(a) for a in tier]], dfa.initial, dfa.accepting)


def check_tier(dfa, tier) -> Check:
    """Whether ``tier`` is distinct letters of the alphabet and every other letter fixes every
    state of the minimal DFA of L."""
    tier = list(tier)
    if not tier or any(a not in dfa.alphabet for a in tier) or len(set(tier)) != len(tier):
        return Check(False, "the tier must be distinct letters of the alphabet")
    m = minimize(as_dfa(dfa))
    T = np.asarray(m.transitions)
    fixed = (T == np.arange(T.shape[0])[:, None]).all(axis=0)
    moving = sorted(m.alphabet[a] for a in range(T.shape[1]) if not fixed[a] and m.alphabet[a] not in tier)
    if moving:
        return Check(False, f"the letters {moving} are off the tier but act on the minimal DFA (inserting "
                            "or deleting them changes membership)")
    return Check(True, f"every letter off the tier {{{', '.join(tier)}}} fixes every state of the minimal DFA")


def check_moves(dfa, moves, sep: str) -> tuple[Check, set]:
    """(whether every move is valid, the letters with a valid move): a move is ``{"letter":
    c, "in": w1, "out": w2}`` with w1 ∈ L, w2 ∉ L, and one of them the other with one c
    inserted."""
    letters = set()
    for mv in moves or ():
        c = mv.get("letter")
        one, two = _split(mv.get("in", ""), sep), _split(mv.get("out", ""), sep)
        if c not in dfa.alphabet:
            return Check(False, f"a move names {c!r}, not a letter of the alphabet"), letters
        if not dfa.accepts(one) or dfa.accepts(two):
            return Check(False, f"the move of {c!r}: its in-word is outside L or its out-word inside it"), letters
        longer, shorter = (one, two) if len(one) > len(two) else (two, one)
        if len(longer) != len(shorter) + 1 or not any(
                longer[i] == c and longer[:i] + longer[i + 1:] == shorter for i in range(len(longer))):
            return Check(False, f"the words of the move of {c!r} do not differ by one {c!r}"), letters
        letters.add(c)
    return Check(True, f"{len(letters)} letters with a move"), letters


def witness_letters(wit: dict, sep: str) -> set:
    """Every letter written in a witness: its words, its family's blocks and templates (an
    identity pair's: its context, sides and assignment)."""
    out = set()
    words = list(wit.get("in", [])) + list(wit.get("out", []))
    if isinstance(wit.get("in"), str):                       # an identity pair: one word each
        words = [wit["in"], wit["out"], wit.get("prefix", ""), wit.get("suffix", ""),
                 wit.get("left_word", ""), wit.get("right_word", ""), *(wit.get("sides") or [])]
        words += [a.get("word", "") for a in (wit.get("assignment") or {}).values()]
    fam = wit.get("family") or {}
    words += list(fam.get("blocks", []))
    for t in list(fam.get("in", [])) + list(fam.get("out", [])):
        words += [p for p in t if isinstance(p, str)]
    for w in words:
        out.update(_split(w, sep))
    return out


def violation_from_json(wit: dict, sep: str) -> SimpleNamespace:
    """An identity pair's JSON (``IdentityViolation.to_json``) as the object that
    :func:`.verify.verify_identity_violation` reads (InputError-free: missing fields empty)."""
    def word(x):
        return _split(x or "", sep)
    return SimpleNamespace(
        relation=wit.get("relation", ""),
        assignment=tuple((v, a.get("element"), word(a.get("word"))) for v, a in (wit.get("assignment") or {}).items()),
        exponents=tuple((str(e[0]), int(e[1])) for e in wit.get("exponents") or ()),
        left_word=word(wit.get("left_word")), right_word=word(wit.get("right_word")),
        sides=None if wit.get("sides") is None else tuple(word(x) for x in wit["sides"]),
        prefix=word(wit.get("prefix")), suffix=word(wit.get("suffix")),
        accepted=word(wit.get("in")), rejected=word(wit.get("out")),
        constants=tuple((c, word(w)) for c, w in (wit.get("constants") or {}).items()))


def identity_witness(dfa, answer, sep: str, identities: str, monoid: bool = True) -> tuple[Check, dict | None]:
    """A "no" answer's witness read as an identity pair (:func:`violation_from_json`) and
    re-checked on the DFA's runs (:func:`.verify.verify_identity_violation`): (that check, the
    word of each variable), the words None when there is no witness or the check fails."""
    wit = answer.get("witness")
    if not isinstance(wit, dict):
        return Check(False, "a \"no\" must carry a witness"), None
    v = violation_from_json(wit, sep)
    check = verify_identity_violation(dfa, identities, v, monoid=monoid)
    if not check.valid:
        return check, None
    return check, {var: tuple(w) for var, _, w in v.assignment}


def identity_answer(dfa, answer: dict, sep: str, identities: str, monoid: bool, name: str) -> Check:
    """An answer of a class given by ``identities`` (``name``): a "no" by the failing
    instantiation it carries (an identity pair, checked on the DFA's runs at any size:
    re-deciding enumerates every instantiation), else its verdict against the identities
    re-decided from scratch (past that enumeration's budget its LimitExceeded: nothing checked)."""
    member = answer.get("member")
    if member not in (True, False):
        return Check(False, f"the answer for {name} states no verdict")
    wit = answer.get("witness")
    if member is False and isinstance(wit, dict) and wit.get("kind") == "identity pair":
        got = verify_identity_violation(dfa, identities, violation_from_json(wit, sep), monoid=monoid)
        if not got.valid:
            return Check(False, f"{name}'s \"no\" carries an instantiation of {identities} that does not "
                                f"check: {got.reason}")
        return Check(True, f"{name}'s identities {identities} fail on the instantiation the answer carries "
                           f"(re-checked on the DFA's runs): {got.reason}")
    holds = verify_identity_check(dfa, identities, monoid=monoid)     # past its budget: nothing checked
    if holds.valid != member:
        return Check(False, f"{name}'s answer says {'member' if member else 'not a member'}, but its "
                            f"identities {identities} re-decided from scratch {'hold' if holds.valid else 'fail'}: "
                            f"{holds.reason}")
    return Check(True, f"{name}'s identities {identities} re-decided from scratch "
                       f"{'hold' if member else 'fail'}: {holds.reason}")


def check_tier_certificate(dfa, cert: dict, sep: str, projected) -> Check:
    """A certificate ``{"kind": "tier", "tier": [...], "projected": {...}}`` (module
    docstring); ``projected(dfa_on_the_tier, cert, sep) -> Check`` the base class's check."""
    dfa = as_dfa(dfa)
    tier = list(cert.get("tier", ()))
    closed = check_tier(dfa, tier)
    if not closed.valid:
        return closed
    inner = cert.get("projected")
    if not isinstance(inner, dict):
        return Check(False, "the certificate has no projected certificate")
    on = projected(restrict(dfa, tier), inner, sep)
    if not on.valid:
        return Check(False, f"on the tier: {on.reason}")
    return Check(True, f"{closed.reason} (L = π_T⁻¹(π_T(L))), and on the tier {on.reason}")


def check_tier_witness(dfa, wit: dict, sep: str, projected, name: str) -> Check:
    """A witness: the base class's witness with ``moves`` (module docstring);
    ``projected(dfa, wit, sep) -> Check`` the base class's check of a witness."""
    dfa = as_dfa(dfa)
    moved, letters = check_moves(dfa, wit.get("moves"), sep)
    if not moved.valid:
        return moved
    bare = sorted(witness_letters(wit, sep) - letters)
    if bare:
        return Check(False, f"the witness uses the letters {bare} with no move: a tier without them could "
                            "erase them")
    base = projected(dfa, {k: v for k, v in wit.items() if k != "moves"}, sep)
    if not base.valid:
        return base
    return Check(True, f"every tier of L contains the letters {sorted(letters)} (a move for each: one "
                       f"letter inserted changes membership), which are all the witness uses, so on every "
                       f"tier: {base.reason} (not {name})")
