"""Independent checks of the answers of the MOD-enriched fragments (LTL[S,MOD], LTL[P,Y,MOD],
LTL[P,MOD]; docs/decision-procedures.md, "Periodic positional encodings"), from the DFA, the
formula and the words alone — no decider, no semigroup enumeration of the package.

* a "yes" formula (:func:`verify_mod_formula`): its temporal operators lie in the fragment
  (MOD[m,r] atoms allowed), its letters in the alphabet, and its DFA (formula → DFA, the
  clock of the MOD atoms included) is equivalent to the language's;
* a "no" of LTL[P,Y,MOD] by the tagged language (:func:`verify_tagged_pair`): the stability
  index s recomputed here from the minimal DFA's transformations (:func:`stability_index`),
  the modulus a multiple of 2s, the DFA of τ_m(L) rebuilt (:func:`attnlogic.automata.tagged.tagged_dfa`)
  and its syntactic semigroup re-decided not locally R-trivial by the identity
  (x^ω y x^ω z x^ω)^ω x^ω y x^ω = (x^ω y x^ω z x^ω)^ω (:func:`.verify.verify_identity_check`, from
  scratch); τ_m(L) ∉ LTL[P,Y] for such an m implies L ∉ LTL[P,Y,MOD] (the theorem of the docs);
* a "no" family (:func:`verify_family`): the words u, w of one length s ≥ 1, the exponent E
  and order d, and the context p, q, as transformations of the DFA's states T(·) (run from
  every state): T(u)^E idempotent, g = T(u)^{E+1} with g·T(w) = g and g^d = T(u)^E, and
  exactly one of p·T(u)^E·q, p·g·q accepted.  Then for every modulus m and depth n the pair
  p v^K q, p v^{K+1} q (v = u^{E+1} w^j, j = −(E+1) mod m, K = d·2^n) has |v| ≡ 0 (mod m),
  T(v) = g, T(v^K) = T(u)^E and T(v^{K+1}) = g: one word in L and one not — for every m and
  n at once.  That no FO[<,MOD] sentence of quantifier depth n with moduli dividing m
  separates the pair is the theorem of the docs (Ehrenfeucht–Fraïssé on the tagged words).
  The pairs for m = 1 … TAGGED_WITNESS_MODULI and n = 0, 1 are also run on the DFA, and the
  example pair printed must be the family's pair for m = 1, n = 0.
* a "no" of LTL[P,MOD] by a counter pair family (:func:`verify_counter_family`): a state c
  (reached by ``prefix``) with two letters a, b whose successors c·a, c·b differ (the
  ``suffix`` accepted from exactly one), words ``back_a``: c·a → c and ``back_b``: c·b → c,
  and loops at c whose lengths have a gcd g dividing |a back_a| and |b back_b|.  For every
  modulus m and depth n the pair prefix·a·(X Y)^n·suffix, prefix·a·(X Y)^n·X·suffix with
  X = back_a ℓ b, Y = back_b ℓ' a (ℓ, ℓ' products of the loops making |X| ≡ |Y| ≡ 0 mod m,
  :func:`counter_family_pair`) ends in c·a·suffix and in c·b·suffix: one in L, one not; no
  LTL[P,MOD] formula of P-depth ≤ n with moduli dividing m separates them (docs §12.4).
  ``verify --class 'LTL[P,MOD]'`` of a "yes" printed without a formula re-decides the
  theorem of §12.4 here (:func:`counters_hold`: every state has at most one successor in
  its own strongly connected component, by reachability sets).
"""

from __future__ import annotations

from math import gcd

from ...automata.minimize import minimize
from ...automata.tagged import tagged_dfa
from ...automata.operations import DEFAULT_STATE_LIMIT
from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ...kernel.words import split_word
from ...ltl import parse
from ...ltl.formula import Formula
from ...ltl.fragments import Fragment
from .verify import Check, verify_formula
from .verify_tiers import identity_answer

__all__ = ["verify_mod_formula", "verify_family", "stability_index", "stable_aperiodic", "verify_tagged_pair",
           "check_answer", "counter_family_pair", "verify_counter_family", "counters_hold", "COUNTER_FAMILY",
           "TAGGED_WITNESS_MODULI"]

#: the moduli whose family pairs are also run on the DFA (kernel/limits.py)
TAGGED_WITNESS_MODULI = _limits.TAGGED_WITNESS_MODULI
#: the longest family word run on the DFA (longer pairs are covered by the algebraic check)
MAX_RUN_LENGTH = 200_000


def verify_mod_formula(dfa, fragment: "Fragment | str", formula: Formula,
                       state_limit: int = DEFAULT_STATE_LIMIT) -> Check:
    """Whether ``formula`` is a formula of ``fragment`` extended by MOD[m,r] atoms that
    defines exactly L(dfa) (:func:`.verify.verify_formula` with ``mod_atoms``)."""
    return verify_formula(dfa, fragment, formula, state_limit=state_limit, mod_atoms=True)


def _transformation(dfa, word) -> tuple:
    """q ↦ δ(q, word) for every state q, as a tuple."""
    table = dfa.transitions
    index = {a: i for i, a in enumerate(dfa.alphabet)}
    out = []
    for q in range(dfa.n_states):
        for a in word:
            q = int(table[q][index[a]])
        out.append(q)
    return tuple(out)


def _then(s: tuple, t: tuple) -> tuple:
    """First s, then t."""
    return tuple(t[x] for x in s)


def _power(s: tuple, k: int) -> tuple:
    out = s
    for _ in range(k - 1):
        out = _then(out, s)
    return out


def family_words(u, w, E: int, d: int, p, q, m: int, n: int) -> tuple[list, list]:
    """The family's pair for modulus m and depth n (module docstring)."""
    j = (-(E + 1)) % m
    v = list(u) * (E + 1) + list(w) * j
    K = d * 2 ** n
    return list(p) + v * K + list(q), list(p) + v * (K + 1) + list(q)


def verify_family(dfa, wit: dict, sep: str = "") -> Check:
    """Whether ``wit`` (the JSON of a periodic pair family) proves L(dfa) ∉ FO[<,MOD]."""
    dfa = as_dfa(dfa)
    A = dfa.alphabet
    words = {k: split_word(str(wit[k]), A, commas=bool(sep)) if wit[k] != "" else []
             for k in ("u", "w", "prefix", "suffix", "accepted", "rejected")}
    bad = sorted({a for ws in words.values() for a in ws} - set(A))
    if bad:
        return Check(False, f"the witness names {bad}, which are not letters of the alphabet")
    E, d = int(wit["exponent"]), int(wit["order"])
    u, w, p, q = words["u"], words["w"], words["prefix"], words["suffix"]
    if E < 1 or d < 1:
        return Check(False, "the exponent and the order must be >= 1")
    if len(u) == 0 or len(u) != len(w):
        return Check(False, f"u and w must be non-empty words of one length (|u| = {len(u)}, |w| = {len(w)})")
    Tu, Tw = _transformation(dfa, u), _transformation(dfa, w)
    e, g = _power(Tu, E), _power(Tu, E + 1)
    if _then(e, e) != e:
        return Check(False, f"T(u)^{E} is not idempotent")
    if _then(g, Tw) != g:
        return Check(False, f"T(u)^{E + 1}·T(w) ≠ T(u)^{E + 1}: the blocks v_m would not act alike")
    if _power(g, d) != e:
        return Check(False, f"(T(u)^{E + 1})^{d} ≠ T(u)^{E}")
    start = _transformation(dfa, p)[dfa.initial]
    acc = dfa.accepting
    in_e, in_g = bool(acc[_transformation(dfa, q)[e[start]]]), bool(acc[_transformation(dfa, q)[g[start]]])
    if in_e == in_g:
        return Check(False, "the context p, q does not separate T(u)^E from T(u)^(E+1)")
    first = family_words(u, w, E, d, p, q, 1, 0)
    if sorted(map(tuple, first)) != sorted([tuple(words["accepted"]), tuple(words["rejected"])]):
        return Check(False, "accepted/rejected are not the family's pair for m = 1, n = 0")
    if not dfa.accepts(words["accepted"]) or dfa.accepts(words["rejected"]):
        return Check(False, "the accepted word is not in L or the rejected word is")
    ran = 0
    for m in range(1, TAGGED_WITNESS_MODULI + 1):
        for n in (0, 1):
            x, y = family_words(u, w, E, d, p, q, m, n)
            block = len(u) * (E + 1) + len(w) * ((-(E + 1)) % m)
            if block % m:                                      # pragma: no cover - arithmetic
                return Check(False, f"the block for m = {m} has length {block}, not a multiple of m")
            if len(y) > MAX_RUN_LENGTH:
                continue
            if dfa.accepts(x) == dfa.accepts(y):
                return Check(False, f"the pair for m = {m}, n = {n} is not separated by L")
            ran += 1
    return Check(True, f"for every modulus m and depth n, p (u^{E + 1} w^j)^K q and the same with K+1 "
                       f"(K = {d}·2^n, |u| = |w| = {len(u)}) act as T(u)^{E} and T(u)^{E + 1}, which the "
                       f"context separates; {ran} of the pairs also run on the DFA; no FO[<,MOD] "
                       "sentence of depth n with moduli dividing m separates them (docs)",
                 details={"family": wit.get("family")})


def stability_index(dfa, steps: int = _limits.STABILITY_STEPS) -> int:
    """The least s ≥ 1 with η(A^s) = η(A^{2s}) for the syntactic morphism of L(dfa), from the
    sets of transformations of the words of each length on the minimal DFA."""
    return _stable(dfa, steps)[0]


def stable_aperiodic(dfa, steps: int = _limits.STABILITY_STEPS) -> bool:
    """Whether the stable semigroup η(A^s) of L(dfa) is aperiodic (x^{ω+1} = x^ω for each of
    its elements x, as transformations of the minimal DFA's states, powers by iteration):
    L ∈ LTL[S,MOD] re-decided from scratch."""
    for x in _stable(dfa, steps)[1]:
        seen, p = [], x
        while p not in seen:
            seen.append(p)
            p = _then(p, x)
        if seen.index(p) != len(seen) - 1:           # the powers of x cycle with period ≥ 2
            return False
    return True


def _stable(dfa, steps: int):
    """(s, η(A^s) as a set of transformation tuples)."""
    d = minimize(as_dfa(dfa))
    table = [list(map(int, row)) for row in d.transitions]
    letters = [tuple(row[a] for row in table) for a in range(len(d.alphabet))]
    levels = [None, frozenset(letters)]
    k = 1
    while True:
        if k % 2 == 0 and levels[k // 2] == levels[k]:
            return k // 2, levels[k // 2]
        if k >= 2 * steps:
            raise LimitExceeded("lengths k explored for the stability index", steps,
                                "the length sets have a long period", ("steps",))
        levels.append(frozenset(tuple(t[x] for x in s) for s in levels[k] for t in letters))
        k += 1


#: the identity of the locally R-trivial semigroups (LTL[P,Y], docs/decision-procedures.md §3.3)
LR_IDENTITY = "[(x*yx*zx*)*x*yx* = (x*yx*zx*)*]"


def verify_tagged_pair(dfa, wit: dict, sep: str = "") -> Check:
    """Whether ``wit`` (``modulus`` m, ``stability_index`` s, and an example pair over
    A × Z_m) proves L(dfa) ∉ LTL[P,Y,MOD]: s recomputed here, m a multiple of 2s, and the
    syntactic semigroup of τ_m(L) not locally R-trivial — by the failing instantiation the
    witness carries (``violation``: words over A × Z_m for x, y, z, the ω exponents, a
    context), checked on the runs of τ_m(L)'s minimal DFA built here
    (:func:`.verify.verify_identity_violation`: the exponents idempotent, one side in and the
    other out), or, for a witness without one, the identity re-decided from scratch
    (:func:`.verify.verify_identity_check`, bounded); the pair must be one word in τ_m(L)
    and one not (module docstring)."""
    m, s = int(wit["modulus"]), stability_index(dfa)
    if s != int(wit["stability_index"]):
        return Check(False, f"the stability index is {s}, not {wit['stability_index']}")
    if m < 1 or m % (2 * s):
        return Check(False, f"the modulus {m} is not a multiple of 2s = {2 * s}")
    t = tagged_dfa(minimize(as_dfa(dfa)), m)
    u, v = (split_word(str(wit[k]), t.alphabet) if wit[k] != "" else [] for k in ("accepted", "rejected"))
    if set(u) - set(t.alphabet) or set(v) - set(t.alphabet) or not t.accepts(u) or t.accepts(v):
        return Check(False, f"the pair is not one word in τ_{m}(L) and one out")
    # its failing instantiation checked on the runs, else the identity re-decided on τ_m(L)
    got = identity_answer(t, {"member": False, "witness": wit.get("violation")}, ",", LR_IDENTITY, False,
                          f"τ_{m}(L)")
    if not got.valid:
        return got
    return Check(True, f"τ_{m}(L)'s syntactic semigroup is not locally R-trivial ({got.reason}), and m is a "
                       f"multiple of 2s = {2 * s}: L ∉ LTL[P,Y,MOD] (docs)")


#: the witness kind of a "no" of LTL[P,MOD] (:func:`verify_counter_family`)
COUNTER_FAMILY = "counter pair family"


def _loop_counts(lengths, target: int, m: int) -> list[int]:
    """Counts k_i ≥ 0 with Σ k_i·lengths[i] ≡ target (mod m), fewest loops in all (breadth
    first over Z_m); ValueError when no such counts exist."""
    target %= m
    how: dict = {0: None}
    frontier = [0]
    while frontier and target not in how:
        nxt = []
        for r in frontier:
            for i, n in enumerate(lengths):
                x = (r + n) % m
                if x not in how:
                    how[x] = (r, i)
                    nxt.append(x)
        frontier = nxt
    if target not in how:
        raise ValueError(f"no product of the loops has a length ≡ {target} (mod {m})")
    counts, r = [0] * len(lengths), target
    while how[r] is not None:
        r, i = how[r]
        counts[i] += 1
    return counts


def counter_family_pair(prefix, a, b, back_a, back_b, loops, suffix, m: int, n: int) -> tuple[tuple, tuple]:
    """The pair of a counter pair family for modulus m and depth n (module docstring):
    prefix·a·(X Y)^n·suffix and prefix·a·(X Y)^n·X·suffix, X = back_a ℓ b and
    Y = back_b ℓ' a with |X| ≡ |Y| ≡ 0 (mod m)."""
    lengths = [len(x) for x in loops]

    def padded(back, letter):
        counts = _loop_counts(lengths, -(len(back) + 1), m)
        return tuple(back) + tuple(x for loop, k in zip(loops, counts) for _ in range(k) for x in loop) + (letter,)

    X, Y = padded(back_a, b), padded(back_b, a)
    head = tuple(prefix) + (a,) + (X + Y) * n
    return head + tuple(suffix), head + X + tuple(suffix)


def verify_counter_family(dfa, wit: dict, sep: str = "") -> Check:
    """Whether ``wit`` (the JSON of a counter pair family) proves L(dfa) ∉ LTL[P,MOD]
    (module docstring): every claim on the DFA's transitions, then the pairs for
    m = 1 … TAGGED_WITNESS_MODULI and n = 0, 1, 2 run on the DFA."""
    dfa = as_dfa(dfa)
    A = dfa.alphabet
    word = lambda text: split_word(str(text), A, commas=bool(sep)) if text != "" else []    # noqa: E731
    try:
        p, ba, bb, z = (word(wit[k]) for k in ("prefix", "back_a", "back_b", "suffix"))
        loops = [word(x) for x in wit["loops"]]
        a, b = str(wit["a"]), str(wit["b"])
    except (KeyError, TypeError, ValueError) as exc:
        return Check(False, f"the witness is malformed: {exc}")
    if a not in A or b not in A or set(p + ba + bb + z + [x for loop in loops for x in loop]) - set(A):
        return Check(False, "the witness names letters that are not in the alphabet")
    T = {tuple(w): _transformation(dfa, w) for w in [p, ba, bb, z, [a], [b]] + loops}
    c = T[tuple(p)][dfa.initial]
    ta, tb = T[(a,)][c], T[(b,)][c]
    if T[tuple(ba)][ta] != c or T[tuple(bb)][tb] != c:
        return Check(False, "back_a does not lead from c·a back to c, or back_b from c·b")
    if not loops or any(not loop or T[tuple(loop)][c] != c for loop in loops):
        return Check(False, "the loops must be non-empty words leading from c back to c")
    g = 0
    for loop in loops:
        g = gcd(g, len(loop))
    if (len(ba) + 1) % g or (len(bb) + 1) % g:
        return Check(False, f"the gcd {g} of the loops' lengths does not divide |a back_a| = {len(ba) + 1} "
                            f"and |b back_b| = {len(bb) + 1}")
    acc = dfa.accepting
    if bool(acc[T[tuple(z)][ta]]) == bool(acc[T[tuple(z)][tb]]):
        return Check(False, "the suffix does not separate c·a from c·b")
    args = (p, a, b, ba, bb, loops, z)
    first = counter_family_pair(*args, 1, 0)
    if sorted(first) != sorted([tuple(word(wit["accepted"])), tuple(word(wit["rejected"]))]):
        return Check(False, "accepted/rejected are not the family's pair for m = 1, n = 0")
    if not dfa.accepts(word(wit["accepted"])) or dfa.accepts(word(wit["rejected"])):
        return Check(False, "the accepted word is not in L or the rejected word is")
    ran = 0
    for m in range(1, TAGGED_WITNESS_MODULI + 1):
        for n in (0, 1, 2):
            x, y = counter_family_pair(*args, m, n)
            if (len(y) - len(x)) % m or len(x) > MAX_RUN_LENGTH:      # pragma: no cover - arithmetic
                return Check(False, f"the pair for m = {m}, n = {n} is malformed")
            if dfa.accepts(list(x)) == dfa.accepts(list(y)):
                return Check(False, f"the pair for m = {m}, n = {n} is not separated by L")
            ran += 1
    return Check(True, f"c·a ≠ c·b lie in one component with loops at c of gcd {g} dividing |a back_a| and "
                       f"|b back_b|: for every modulus m and depth n the pair prefix·a·(XY)^n·suffix, "
                       f"prefix·a·(XY)^n·X·suffix (|X| ≡ |Y| ≡ 0 mod m) ends in c·a·suffix and c·b·suffix, one "
                       f"in L and one not ({ran} pairs also run on the DFA); no LTL[P,MOD] formula of P-depth "
                       "≤ n with moduli dividing m separates them (docs)")


def counters_hold(dfa) -> bool:
    """Whether every state of the minimal DFA of L(dfa) has at most one successor in its own
    strongly connected component (recomputed here by reachability sets): L ∈ LTL[P,MOD] by
    the theorem of docs §12.4."""
    d = minimize(as_dfa(dfa))
    table = [sorted({int(r) for r in row}) for row in d.transitions]
    reach = []
    for q in range(len(table)):
        seen, todo = {q}, [q]
        while todo:
            for r in table[todo.pop()]:
                if r not in seen:
                    seen.add(r)
                    todo.append(r)
        reach.append(seen)
    return all(sum(1 for r in table[q] if q in reach[r]) <= 1 for q in range(len(table)))


def _certificate_formula(cert: dict) -> Formula:
    return parse(str(cert["formula"]))          # the whole text, definitions included


def check_answer(dfa, answer: dict, sep: str, fragment: Fragment) -> Check:
    """Re-check an answer of a MOD-enriched fragment as ``classify --json`` prints it."""
    dfa = as_dfa(dfa)
    member = answer.get("member")
    if member is True:
        cert = answer.get("certificate")
        if not isinstance(cert, dict) or "formula" not in cert:
            if "S" in fragment.operators:            # LTL[S,MOD]: the theorem, re-decided
                if stable_aperiodic(dfa):
                    return Check(True, "no formula printed; the stable semigroup η(A^s), re-computed here "
                                       "from the DFA, is aperiodic: L ∈ FO[<,MOD] = LTL[S,MOD] "
                                       "(Barrington–Compton–Straubing–Thérien)")
                return Check(False, "the stable semigroup η(A^s) has a non-trivial group: L ∉ LTL[S,MOD]")
            if fragment.operators <= {"P"}:       # LTL[P,MOD]: the theorem of docs §12.4, re-decided
                if counters_hold(dfa):
                    return Check(True, "no formula printed; every state of the minimal DFA has at most one "
                                       "successor in its own component (re-computed here): L ∈ LTL[P,MOD]")
                return Check(False, "a state of the minimal DFA has two successors in its own component: "
                                    "L ∉ LTL[P,MOD]")
            return Check(False, "the answer is 'yes' without a formula: nothing to check here "
                                "(classify with larger budgets)")
        return verify_mod_formula(dfa, fragment, _certificate_formula(cert))
    if member is False:
        wit = answer.get("witness")
        if not isinstance(wit, dict):
            return Check(False, "the answer is 'no' without a witness")
        if wit.get("kind") == COUNTER_FAMILY:
            if not fragment.operators <= {"P"}:
                return Check(False, "a counter pair family proves a 'no' of LTL[P,MOD] only")
            return verify_counter_family(dfa, wit, sep)
        if wit.get("kind") == "tagged pair":
            if "S" in fragment.operators:   # τ_2s(L) ∉ LTL[P,Y] says nothing of LTL[S,MOD]
                return Check(False, "a tagged pair proves a 'no' of LTL[P,Y,MOD] (and LTL[P,MOD]) only")
            return verify_tagged_pair(dfa, wit, sep)
        return verify_family(dfa, wit, sep)
    return Check(False, "the answer is undecided: nothing to check")
