"""Re-checks the answers of BPol₂(ST) = BΣ2[<] and UPol(BPol₂(ST)), level two of the
Straubing–Thérien hierarchy and its unambiguous closure (docs/decision-procedures.md §14.13),
from the DFA and the printed words alone: the syntactic monoid and the alphabets of its words
are recomputed here (:class:`.verify_alphabet_orbits.ContentMonoid`), no decider code imported.

The classes, for the syntactic morphism α : A* → M (Place–Zeitoun; the equations as MeSCaL
states and tests them):

* L ∈ UPol(BPol₂(ST)) iff (:data:`UBP2`) (esete)^{ω+1} = (esete)^ω·ete·(esete)^ω for every
  idempotent e, every s in the AT-orbit e·α(B_e*)·e of e (§14.11) and every t ∈ M;
* L ∈ BPol₂(ST) iff that holds and (:data:`KNAST_AT`) Knast's equation
  (eqfre)^ω (esfte)^ω = (eqfre)^ω qft (esfte)^ω holds for all idempotents e, f and all q, r,
  s, t such that {q, e, f}, {r, e, f}, {s, e, f}, {t, e, f} are AT-sets — each has words of
  one alphabet.  With B_ef the largest alphabet of a word of e that is also the alphabet of a
  word of f (two such alphabets give their union: e·e = e, f·f = f), that is: q, r, s, t
  have words over B_ef.  (If u ∈ α⁻¹(q) has alph(u) ⊆ B_ef, x and z words of e and f of
  alphabet B_ef, then x·u·z has alphabet B_ef and e·α(xuz)·f = e·q·f, and the sides read q
  only through e·q·f, r through f·r·e, s through e·s·f, t through f·t·e.)

* **"yes"** (an ``identity check``): both equations (one for UPol) re-decided here on every
  instantiation, the AT-orbits and the alphabets B_ef from this module's own closure — for
  (e, f), q and s read through their distinct e·q·f, r and t through their distinct f·r·e: the
  distinct (X, X·eqf), X = (eqfre)^ω, against the distinct (Y, fte·Y), Y = (esfte)^ω (X·Y against
  (X·eqf)·(fte·Y), since X·e = X and e·Y = Y);
* **"no"** (an ``identity pair`` of one of the two equations): the instantiation on the DFA's
  runs (:func:`.verify.verify_identity_violation`), then its side conditions from the words:
  e's (and f's) map idempotent; for :data:`UBP2`, alph(s) ⊆ alph(e) (so e·s·e lies in the
  AT-orbit of e, §14.11's lemma); for :data:`KNAST_AT`, alph(e) = alph(f) and the alphabets of
  q, r, s, t inside it.
"""

from __future__ import annotations

from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ..algebra.identity_terms import parse_identities
from .verify import Check
from .verify_alphabet_orbits import ContentMonoid
from .verify_group_kernels import check_by_verdict
from .verify_tiers import identity_witness

__all__ = ["UBP2", "KNAST_AT", "level_two_holds", "knast_fails_on", "check_level_two"]

#: UPol(BPol(C))'s equation on the C-orbits (C = PT: the AT-orbits): s in the orbit of e
UBP2 = "[(esete)*esete=(esete)*ete(esete)*]"
#: Knast's equation on AT-sets {x, e, f}
KNAST_AT = "[(eqfre)*(esfte)*=(eqfre)*qft(esfte)*]"

#: at most this many comparisons for one re-decision
_WORK = _limits.DEFAULT_INSTANTIATIONS


def _ubp2_holds(M: ContentMonoid, budget: list) -> bool:
    mul = M.mul
    for e, (_, orbit) in M.orbits().items():
        ete = {t: mul(mul(e, t), e) for t in M.elements}
        for s in orbit:
            if s == e:
                continue                                  # (ete)^{ω+1} = (ete)^ω·ete·(ete)^ω
            budget[0] -= len(M.elements)
            if budget[0] < 0:
                raise LimitExceeded("instantiations of UPol(BPol₂(ST))'s equation (verify)", _WORK)
            for t in M.elements:
                x = mul(mul(s, t), e)
                z = M.omega(x)
                if mul(z, x) != mul(mul(z, ete[t]), z):
                    return False
    return True


def knast_fails_on(M, e, f, sub, room: int) -> tuple[bool, int]:
    """(whether (eqfre)^ω (esfte)^ω ≠ (eqfre)^ω·qft·(esfte)^ω for some q, r, s, t of ``sub``, the
    comparisons counted) on a monoid ``M`` (``mul``, ``omega``), for idempotents e, f: q, s read
    through their e·q·f, r, t through their f·r·e, and X·Y compared with (X·eqf)·(fte·Y),
    X = (eqfre)^ω, Y = (esfte)^ω (X·e = X, e·Y = Y).  Past ``room`` comparisons (2|eSf||fSe|,
    counted before the pairs are built, then |pairs|²) nothing is compared: (False, the count),
    for the caller to refuse."""
    mul = M.mul
    ef = {mul(mul(e, x), f) for x in sub}
    fe = {mul(mul(f, x), e) for x in sub}
    work = 2 * len(ef) * len(fe)
    if work > room:
        return False, work
    omegas = {(u, v): M.omega(mul(u, v)) for u in ef for v in fe}
    left = {(x, mul(x, u)) for (u, v), x in omegas.items()}          # (X, X·eqf)
    right = {(y, mul(v, y)) for (u, v), y in omegas.items()}         # (Y, fte·Y)
    work += len(left) * len(right)
    if work > room:
        return False, work
    return any(mul(x, y) != mul(xq, fty) for x, xq in left for y, fty in right), work


def _knast_at_holds(M: ContentMonoid, budget: list) -> bool:
    mul = M.mul
    alphabets: dict = {}
    for x, c in M.pairs:
        alphabets.setdefault(x, set()).add(c)
    idempotents = [x for x in M.elements if mul(x, x) == x]
    for e in idempotents:
        for f in idempotents:
            common = alphabets[e] & alphabets[f]
            if not common:
                continue
            b = frozenset().union(*common)
            sub = {x for x, c in M.pairs if c <= b}
            fails, done = knast_fails_on(M, e, f, sub, budget[0])
            budget[0] -= done
            if budget[0] < 0:
                raise LimitExceeded("instantiations of Knast's equation on AT-sets (verify)", _WORK)
            if fails:
                return False
    return True


def level_two_holds(M: ContentMonoid, knast: bool) -> bool:
    """UPol(BPol₂(ST))'s equation (and, when ``knast``, Knast's on AT-sets: BPol₂(ST)) on the
    monoid ``M``, re-decided (module docstring); LimitExceeded past the work bound."""
    budget = [_WORK]
    return _ubp2_holds(M, budget) and (not knast or _knast_at_holds(M, budget))


def _yes(M: ContentMonoid, knast: bool, name: str) -> Check:
    """A "yes" re-decided on ``M`` (past the work bound its LimitExceeded: nothing checked)."""
    if not level_two_holds(M, knast):
        return Check(False, f"{name} fails: re-decided from scratch on the AT-orbits"
                            f"{' and AT-sets' if knast else ''}, the answer \"yes\" is wrong")
    return Check(True, f"{name}: {UBP2} on every AT-orbit" + (f" and {KNAST_AT} on every AT-set" if knast else "")
                 + ", the orbits and alphabets re-derived from the DFA and every instantiation re-decided: it holds")


def _no(dfa, M: ContentMonoid, answer: dict, sep: str, knast: bool, name: str) -> Check:
    wit = answer.get("witness")
    if not isinstance(wit, dict):
        return Check(False, f"a \"no\" of {name} must carry a witness")
    texts = {str(parse_identities(t)): t for t in ((UBP2, KNAST_AT) if knast else (UBP2,))}
    which = texts.get(str(wit.get("identities", "")))
    if which is None:
        return Check(False, f"{name}'s witness instantiates {', '.join(texts.values())}, not "
                            f"{wit.get('identities')!r}")
    check, words = identity_witness(dfa, answer, sep, which)
    if words is None:
        return check
    letters = list(dfa.alphabet)
    alph = {v: frozenset(letters.index(a) for a in w) for v, w in words.items()}
    maps = {v: M.of([letters.index(a) for a in w]) for v, w in words.items()}
    for v in ("e", "f") if which == KNAST_AT else ("e",):
        if M.mul(maps[v], maps[v]) != maps[v]:
            return Check(False, f"{name}: {v}'s word does not act as an idempotent")
    if which == UBP2:
        if not alph["s"] <= alph["e"]:
            return Check(False, f"{name}: s's word uses letters outside e's: e·s·e is not shown to be in the "
                                "AT-orbit of e")
        return Check(True, check.reason + "; e is idempotent and alph(s) ⊆ alph(e), so e·s·e lies in the AT-orbit "
                                          "of e")
    if alph["e"] != alph["f"]:
        return Check(False, f"{name}: e's and f's words have different alphabets: not an AT-set")
    outside = [v for v in "qrst" if not alph[v] <= alph["e"]]
    if outside:
        return Check(False, f"{name}: {outside[0]}'s word uses letters outside alph(e) = alph(f): not an AT-set")
    return Check(True, check.reason + "; e and f are idempotents with words of one alphabet B, and q, r, s, t "
                                      "have words over B (AT-sets)")


def check_level_two(dfa, answer: dict, knast: bool, sep: str = "") -> Check:
    """Re-check an answer of BPol₂(ST) (``knast``) or UPol(BPol₂(ST)) as ``classify --json``
    prints it (module docstring)."""
    dfa = as_dfa(dfa).minimal()
    name = "BPol₂(ST)" if knast else "UPol(BPol₂(ST))"
    return check_by_verdict(dfa, answer, ContentMonoid,
                            lambda M, cert, letters: _yes(M, knast, name),
                            lambda M, wit, letters: _no(dfa, M, answer, sep, knast, name))
