"""Answers of BPol(G) for G = MOD, AMT, GR re-checked with no decider code
(docs/decision-procedures.md §13.6, §14.8).  ``check_bpol(dfa, answer, sep, basis, plus)``
reads an answer as ``classify --json`` prints it.

The class: L ∈ BPol(G) iff its syntactic monoid satisfies (qr)^ω st (st)^ω = (qr)^ω qt (st)^ω
(:data:`BPOL`) for every G-pair (q, s) and all r, t.  The pairs are also re-derived for the
G⁺-pairs (q = s, or α⁻¹(q) ∩ A⁺ and α⁻¹(s) ∩ A⁺ not G-separable), which the tests compare
with the decider's (no class reads the equation on them: it is not BPol(G⁺), §14.8).

* **"yes"**: the pairs re-derived here — or a superset of them, which only makes the check
  harder — and the equation re-decided on every one in plain Python over the maps of the
  minimal DFA's states (:func:`bpol_equation_holds`):

  - MOD: :func:`.verify_mod_kernel.mod_pair_maps` (the triples (map, min(|w|, t), |w| mod p));
  - AMT: the pairs with words u, v of Parikh vectors ψ(u) ≡ ψ(v) mod D, D the modulus the
    certificate names, by a breadth-first search of (map, ψ(w) mod D) — a superset of the
    AMT-pairs for every D (an AMT-pair has such words at every modulus);
  - GR: the closures in the free group by a search of our own: the Cayley graph of the maps
    with inverse letters a⁻¹ along the edges inside a strongly connected component (D̂,
    Pin–Reutenauer), and a second copy of it reversed; (q, s) is a GR-pair iff some path from
    q in the reversed copy, through the initial node, to s in D̂ reads a word that reduces to 1
    in the free group (it reads w1⁻¹·w2 for w1, w2 read by D̂ from the initial node to q and s:
    the two closures share w1 = w2).  The pairs of nodes joined by such a path are the least
    relation that is reflexive, holds the switch (initial node in the reversed copy, initial
    node in D̂), is transitive and holds (p, q) whenever p –x→ p' and q' –x⁻¹→ q for a pair
    (p', q') (the words reducing to 1 are ε, their products and x·w·x⁻¹): a saturation by a
    work list, a different computation from the decider's (a product of reduced automata);
  - for G⁺ the same from a new initial node ι (ι –a→ the letter's map: the non-empty words),
    and the diagonal.

* **"no"**: the identity pair on the DFA's runs (:func:`.verify.verify_identity_violation`),
  then the evidence that (q, s) is a pair, on the Cayley DFAs of α⁻¹(q) and α⁻¹(s) (∩ A⁺ for
  G⁺) built here from the words of q and s: MOD — the two words' lengths meet the criterion
  (≡ mod p, and equal or one ≥ t, t and p re-derived; non-empty for MOD⁺); AMT — the word
  family with loops of :func:`.verify_parikh.check_parikh_family`; GR — the word family with
  blocks (v a)^{N−1} v of :func:`.verify_group.check_group_family`.
"""

from __future__ import annotations

from collections import deque

from ...automata.dfa import DFA
from ...automata.sources import as_dfa
from ...kernel import limits as _limits
from ...kernel.errors import LimitExceeded
from ...kernel.words import split_word
from .verify import Check
from .verify_group import check_group_family, family_parts
from .verify_mod_kernel import length_sequence, maps_monoid, mod_pair_lengths, mod_pair_maps, omega, then
from .verify_parikh import check_parikh_family, parikh_family_parts
from .verify_tiers import identity_witness

__all__ = ["BPOL", "BLOCK_GROUPS", "idempotent_maps", "block_group_holds", "bpol_equation_holds", "pair_maps", "pair_problem", "check_pair_witness", "check_pairs_answer", "gr_pair_maps", "amt_pair_maps", "bpol_holds",
           "check_bpol", "cayley_dfa"]

#: the equation, (q, s) over the G-pairs, r and t over the monoid
BPOL = "[(qr)*st(st)*=(qr)*qt(st)*]"


def bpol_equation_holds(dfa, pairs, max_checks: int = _limits.IDENTITY_CHECK_INSTANTIATIONS * 10) -> bool:
    """(qr)^ω st (st)^ω = (qr)^ω qt (st)^ω for every (q, s) of ``pairs`` (maps) and all r, t
    of the transition monoid of the minimal ``dfa``, in plain Python; LimitExceeded past
    ``max_checks`` instantiations."""
    monoid = maps_monoid(dfa)
    es = {q: {omega(then(q, r)) for r in monoid} for q in {q for q, _ in pairs}}   # the distinct (qr)^ω
    budget = max_checks
    for q, s in pairs:
        ts = {(then(s, t), then(q, t), omega(then(s, t))) for t in monoid}
        budget -= len(es[q]) * len(ts)
        if budget < 0:
            raise LimitExceeded("instantiations of BPol's equation (verify)", max_checks)
        if any(then(then(e, st), f) != then(then(e, qt), f) for e in es[q] for st, qt, f in ts):
            return False
    return True


def _graph(dfa, plus: bool, max_nodes: int):
    """(nodes, edges, initial): the right Cayley graph of the maps of the minimal ``dfa``
    (node → [(letter, node)]), from the identity map, or from ι = None (ι –a→ a's map) when
    ``plus``."""
    k, n = len(dfa.alphabet), dfa.n_states
    t = [[int(dfa.transitions[q][a]) for a in range(k)] for q in range(n)]
    letters = [tuple(t[q][a] for q in range(n)) for a in range(k)]
    start = None if plus else tuple(range(n))
    edges: dict = {}
    todo = deque([start])
    edges[start] = None
    while todo:
        x = todo.popleft()
        out = []
        for a in range(k):
            y = letters[a] if x is None else then(x, letters[a])
            out.append((a, y))
            if y not in edges:
                edges[y] = None
                if len(edges) > max_nodes:
                    raise LimitExceeded("elements of the transition monoid (verify)", max_nodes)
                todo.append(y)
        edges[x] = out
    return list(edges), edges, start


def cayley_dfa(dfa, word, plus: bool) -> DFA:
    """The DFA of α⁻¹(α(word)) (∩ A⁺ when ``plus``) over the maps of the minimal ``dfa``
    (``word``: letter indices)."""
    dfa = as_dfa(dfa).minimal()
    nodes, edges, start = _graph(dfa, plus, _limits.DEFAULT_LIMIT)
    target = tuple(range(dfa.n_states))
    for a in word:
        target = then(target, tuple(int(dfa.transitions[q][a]) for q in range(dfa.n_states)))
    index = {x: i for i, x in enumerate(nodes)}
    table = [[index[y] for _, y in edges[x]] for x in nodes]
    return DFA(dfa.alphabet, table, index[start], [x == target for x in nodes])


def _components(nodes, edges) -> dict:
    """node → its strongly connected component (the set of nodes reachable both ways)."""
    reach = {}
    for x in nodes:
        seen, todo = {x}, [x]
        while todo:
            for _, y in edges[todo.pop()]:
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        reach[x] = seen
    return {x: frozenset(y for y in reach[x] if x in reach[y]) for x in nodes}


def gr_pair_maps(dfa, plus: bool = False, max_pairs: int = _limits.DEFAULT_LIMIT * 20) -> set:
    """The GR-pairs (GR⁺ when ``plus``) as pairs of maps, by the saturation of the module
    docstring.  LimitExceeded past ``max_pairs`` pairs of nodes."""
    dfa = as_dfa(dfa).minimal()
    nodes, edges, start = _graph(dfa, plus, _limits.DEFAULT_LIMIT)
    comp = _components(nodes, edges)
    # the labelled edges of the two copies: node (x, 1) reversed D̂, (x, 2) D̂; letter (a, ±1)
    out: dict = {(x, c): [] for x in nodes for c in (1, 2)}
    for x in nodes:
        for a, y in edges[x]:
            out[(x, 2)].append(((a, 1), (y, 2)))           # D̂: x –a→ y
            out[(y, 1)].append(((a, -1), (x, 1)))          # reversed: y –a⁻¹→ x
            if y in comp[x]:
                out[(y, 2)].append(((a, -1), (x, 2)))      # D̂: y –a⁻¹→ x inside a component
                out[(x, 1)].append(((a, 1), (y, 1)))       # reversed
    into: dict = {v: [] for v in out}                      # v → [(letter, u)] with u –letter→ v
    for u, es in out.items():
        for lab, v in es:
            into[v].append((lab, u))
    pairs = {(v, v) for v in out} | {((start, 1), (start, 2))}
    left: dict = {}                                        # q → {p : (p, q) a pair}
    right: dict = {}                                       # p → {q : (p, q) a pair}
    todo = deque(pairs)
    for p, q in pairs:
        right.setdefault(p, set()).add(q)
        left.setdefault(q, set()).add(p)

    def add(p, q):
        if (p, q) not in pairs:
            pairs.add((p, q))
            if len(pairs) > max_pairs:
                raise LimitExceeded("pairs of nodes joined by a word reducing to 1 (verify)", max_pairs)
            right.setdefault(p, set()).add(q)
            left.setdefault(q, set()).add(p)
            todo.append((p, q))
    while todo:
        p, q = todo.popleft()
        for (a, sgn), u in into[p]:                        # u –x→ p, (p, q), q –x⁻¹→ v
            for lab, v in out[q]:
                if lab == (a, -sgn):
                    add(u, v)
        for r in list(left.get(p, ())):                    # (r, p), (p, q) → (r, q)
            add(r, q)
        for r in list(right.get(q, ())):                   # (p, q), (q, r) → (p, r)
            add(p, r)
    elems = [x for x in nodes if x is not None]
    return {(x, y) for x in elems for y in elems if ((x, 1), (y, 2)) in pairs} | {(x, x) for x in maps_monoid(dfa)}


def amt_pair_maps(dfa, modulus: int, plus: bool = False, max_states: int = _limits.DEFAULT_LIMIT * 10) -> set:
    """The pairs (q, s) of maps with words u, v of Parikh vectors ψ(u) ≡ ψ(v) mod ``modulus``
    (non-empty words when ``plus``, and the diagonal): a superset of the AMT-pairs (AMT⁺-pairs).
    LimitExceeded past ``max_states`` pairs (map, residues)."""
    dfa = as_dfa(dfa).minimal()
    nodes, edges, start = _graph(dfa, plus, _limits.DEFAULT_LIMIT)
    k, d = len(dfa.alphabet), int(modulus)
    if d < 1:
        raise ValueError("the modulus is a positive integer")
    first = (start, (0,) * k)
    seen, todo = {first}, deque([first])
    while todo:
        x, r = todo.popleft()
        for a, y in edges[x]:
            nxt = (y, tuple((v + (j == a)) % d for j, v in enumerate(r)))
            if nxt not in seen:
                seen.add(nxt)
                if len(seen) > max_states:
                    raise LimitExceeded("pairs (map, Parikh vector mod D) (verify)", max_states)
                todo.append(nxt)
    by_residue: dict = {}
    for x, r in seen:
        if x is not None:
            by_residue.setdefault(r, set()).add(x)
    out = {(x, x) for x in maps_monoid(dfa)}
    for group in by_residue.values():
        out |= {(x, y) for x in group for y in group}
    return out


def pair_maps(dfa, basis: str, plus: bool, certificate: dict | None = None) -> set:
    """The G-pairs (G⁺-pairs) re-derived as maps (module docstring); AMT reads the modulus
    named by ``certificate["pairs"]["modulus"]``."""
    if basis == "MOD":
        return mod_pair_maps(as_dfa(dfa).minimal(), plus=plus)
    if basis == "GR":
        return gr_pair_maps(dfa, plus)
    modulus = ((certificate or {}).get("pairs") or {}).get("modulus")
    if not isinstance(modulus, int) or isinstance(modulus, bool) or modulus < 1:
        raise ValueError("an AMT certificate names its modulus D (a positive integer)")
    return amt_pair_maps(dfa, modulus, plus)


#: the ``theorem`` of a "yes" of BPol(GR) given past the GR-pairs' budget: the syntactic monoid
#: is a block group (Margolis–Pin 1985; Ash 1991), re-checked on the maps here
BLOCK_GROUPS = "block groups"


def idempotent_maps(dfa) -> list:
    """The idempotents of the transition monoid of the minimal ``dfa``, as maps (re-derived)."""
    return sorted(x for x in maps_monoid(as_dfa(dfa).minimal()) if then(x, x) == x)


def block_group_holds(dfa) -> bool:
    """The syntactic monoid of L(dfa), re-derived as maps, is a block group: e·f·e = e and
    f·e·f = f imply e = f for idempotents e, f."""
    E = idempotent_maps(dfa)
    return not any(e != f and then(then(e, f), e) == e and then(then(f, e), f) == f for e in E for f in E)


def bpol_holds(dfa, basis: str, plus: bool, certificate: dict | None = None) -> bool:
    """BPol(G) (BPol(G⁺)) re-decided: the equation on the re-derived pairs; a BPol(GR)
    certificate naming :data:`BLOCK_GROUPS` as its ``theorem``: the block groups re-checked."""
    dfa = as_dfa(dfa).minimal()
    if basis == "GR" and not plus and (certificate or {}).get("theorem") == BLOCK_GROUPS:
        return block_group_holds(dfa)
    return bpol_equation_holds(dfa, pair_maps(dfa, basis, plus, certificate))


def pair_problem(dfa, basis: str, plus: bool, qw, sw, proof, sep: str) -> tuple:
    """(problem or None, what was shown) for the evidence that (q, s) is a pair."""
    name = f"{basis}⁺" if plus else basis
    if basis == "MOD":
        t, p = length_sequence(dfa.minimal())
        n1, n2 = len(qw), len(sw)
        if plus and not (n1 and n2):
            return "for MOD⁺ the words of q and s are non-empty", None
        if not mod_pair_lengths(n1, n2, t, p):
            return (f"the words of q and s (lengths {n1}, {n2}) are not of MOD-inseparable lengths (≡ mod {p} "
                    f"and equal or one ≥ {t}): (q, s) is not shown to be {'an' if name == 'AMT' else 'a'} {name}-pair"), None
        return None, (f"q's and s's words of lengths {n1}, {n2}: ≡ mod {p} and equal or one ≥ {t} (α(A^n) "
                      f"re-derived), so (q, s) is {'an' if name == 'AMT' else 'a'} {name}-pair")
    if not isinstance(proof, dict):
        return f"a \"no\" of BPol({name}) carries the evidence that (q, s) is {'an' if name == 'AMT' else 'a'} {name}-pair (\"pair\")", None
    d1, d2 = cayley_dfa(dfa, qw, plus), cayley_dfa(dfa, sw, plus)

    def w(text):
        return tuple(dfa.alphabet.index(a) for a in split_word(text, commas=sep == ",") if a)
    try:
        if basis == "AMT":
            problem = check_parikh_family(d1, d2, *parikh_family_parts(proof, w))
        else:
            problem = check_group_family(d1, d2, *family_parts(proof, w))
    except (KeyError, TypeError, ValueError) as e:
        return f"the pair's evidence does not read: {e}", None
    where = " ∩ A⁺" if plus else ""
    if problem:
        return f"the evidence that (q, s) is {'an' if name == 'AMT' else 'a'} {name}-pair fails on α⁻¹(q){where}, α⁻¹(s){where}: {problem}", None
    return None, (f"α⁻¹(q){where} and α⁻¹(s){where} are not {basis}-separable (their word family re-checked on "
                  f"the Cayley DFAs): (q, s) is {'an' if name == 'AMT' else 'a'} {name}-pair")


def check_bpol(dfa, answer, sep: str, basis: str, plus: bool = False) -> Check:
    """An answer of BPol(G) (``basis`` G; ``plus``: the same reading on the G⁺-pairs, which
    no registered class uses — the equation on the G⁺-pairs is not BPol(G⁺), §14.8): module
    docstring."""
    dfa = as_dfa(dfa)
    name = f"BPol({basis}⁺)" if plus else f"BPol({basis})"
    return check_pairs_answer(dfa, answer, sep, name, BPOL, basis, plus,
                              lambda cert: bpol_holds(dfa, basis, plus, cert),
                              f"(qr)^ω st (st)^ω = (qr)^ω qt (st)^ω on every {basis}{'⁺' if plus else ''}-pair "
                              "(q, s) and all r, t, the pairs re-derived from the DFA and every instantiation "
                              "re-decided: it holds")


def check_pairs_answer(dfa, answer, sep: str, name: str, identity: str, basis: str, plus: bool, holds,
                       yes_reason: str) -> Check:
    """An answer of a class read on the G-pairs: a "yes" re-decided by ``holds(certificate)``
    (a dict or None; ValueError a refusal), a "no" by :func:`check_pair_witness`."""
    member = answer.get("member")
    if member not in (True, False):
        return Check(False, "the answer is undecided: nothing to check")
    if not member:
        return check_pair_witness(dfa, answer, sep, identity, basis, plus)
    cert = answer.get("certificate")
    try:
        ok = holds(cert if isinstance(cert, dict) else None)
    except ValueError as e:
        return Check(False, f"{name}: {e}")
    if not ok:
        return Check(False, f"{name} fails: re-decided from scratch on the re-derived pairs, the answer \"yes\" is "
                            "wrong")
    return Check(True, f"{name}: {yes_reason}")


def check_pair_witness(dfa, answer, sep: str, identity: str, basis: str, plus: bool = False) -> Check:
    """A "no" read on the pairs: the identity pair of ``identity`` (variables q, s the pair)
    on the DFA's runs, then the evidence that (q, s) is a G-pair (:func:`pair_problem`)."""
    check, words = identity_witness(dfa, answer, sep, identity)
    if words is None:
        return check
    try:
        qw, sw = (tuple(dfa.alphabet.index(a) for a in words.get(x, ())) for x in ("q", "s"))
    except ValueError:
        return Check(False, "the words of q and s use letters outside the alphabet")
    problem, shown = pair_problem(dfa, basis, plus, qw, sw, answer["witness"].get("pair"), sep)
    return Check(False, problem) if problem else Check(True, check.reason + "; " + shown)
