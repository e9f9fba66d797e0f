"""Re-checking the answers of the subregular classes (SL, SP, RD, GD, LT, LTT, PT) by code
independent of their deciders: nothing here calls a decision procedure, a profile tracker
of :mod:`.profiles` or the semigroup; the answers are read as JSON (what ``classify --json``
prints), so anyone holding the language can check them.

Certificates (membership with order k), each by building its own automaton and comparing it
with the DFA on every reachable pair of states (a product search: they define the same
language iff no reachable pair disagrees on acceptance):

* ``forbidden factors`` (SL_k): the local automaton — its state is the last k − 1 symbols
  of ⋊w read and whether a forbidden factor was seen; it accepts when ⋊w⋉ has none;
* ``forbidden subsequences`` (SP_k): the state is, for each forbidden word, how much of it
  has been matched greedily; it accepts when none is complete;
* profiles (``prefix`` RD_k, ``prefix-suffix`` GD_k, ``factors`` LT_k / LTT_{k,t},
  ``subsequences`` PT_k): the state holds the profile of the word read so far; it accepts
  when the profile of the whole word is one of those listed;
* ``path category`` (LT_k, LTT_{k,t} whose accepted profiles are too many to list): the
  order itself, checked by computing the path category of the de Bruijn graph of order k
  on the DFA's transformations here (:func:`_path_category`; the theorem in
  docs/decision-procedures.md §9) — a proof by that theorem, not by a product.

Witnesses (non-membership; ``in`` words must be in L and ``out`` words not, checked on the
DFA):

* ``pair`` with order k: the two words have equal profiles of the class at k (computed on
  the words directly);
* ``cover`` with order k: every k-factor of ⋊out⋉ (SL) or every subsequence of length ≤ k
  of the out-word (SP) is one of an in-word — a language of the class containing the
  in-words would contain the out-word;
* ``deletion`` (SP, every k): the out-word is a subsequence of the in-word;
* with k null, the pumped family: its instance at K0 is the printed words, every block x
  has the same transformation for x^K0 and x^(K0+step) (so membership is constant along the
  family), and the templates have the shape whose profiles agree at every order once K is
  large: the same parts up to the first block (RD; and after the last block, GD); the same
  set (LT) or multiset (LTT) of pieces between blocks, or one literal x^j beside a block x
  (LTT: counts beyond any threshold); equal after deleting literals beside a block that use
  only the block's letters (PT); the suffix substitution u2·B·r / u1·B·r, u2·B·v2 (SL).
  The printed instance is also checked at the orders its K already reaches (up to
  :data:`CONCRETE_ORDERS`).
"""

from __future__ import annotations

from ...kernel import limits as _limits

from collections import Counter
from dataclasses import dataclass
from typing import Callable
from itertools import product
import numpy as np

from ...automata.sources import as_dfa
from ...kernel.errors import InputError
from ...kernel.words import join_word, split_word
from .verify import Check

__all__ = ["verify_answer", "check_answer", "verify_certificate", "verify_class_witness", "factors", "subsequences",
           "CONCRETE_ORDERS", "ProfileClass", "PROFILE_CLASSES", "profile_class", "AnswerCheck", "CLASS_NAMES"]
#: the printed instance of a family is checked directly at orders k ≤ this (and its K)
CONCRETE_ORDERS = 4
#: the most product states a certificate check explores (kernel/limits.py)
CHECK_STATES = _limits.SUBREGULAR_CHECK_STATES

_S, _E = ("⋊",), ("⋉",)         # markers: tuples, never equal to a letter (a string)


def _split(word: str, sep: str) -> tuple:
    """The letters of a written word of an answer, whose letters are joined by ``sep``."""
    return tuple(split_word(word, commas=sep == ","))


# -- profiles of words, computed directly ------------------------------------------------------
def factors(word: tuple, k: int, t: int = 1) -> frozenset:
    """{(factor, min(count, t))}: the k-factors of ⋊word⋉ (the whole marked word when it is
    shorter than k), markers as the tuples ("⋊",) and ("⋉",)."""
    marked = (_S,) + tuple(word) + (_E,)
    if len(marked) < k:
        return frozenset({(marked, 1)})
    c = Counter(marked[i:i + k] for i in range(len(marked) - k + 1))
    return frozenset((f, min(n, t)) for f, n in c.items())


def subsequences(word: tuple, k: int) -> frozenset:
    """The subsequences of length ≤ k (as tuples)."""
    out = {()}
    for a in word:
        out |= {s + (a,) for s in out if len(s) < k}
    return frozenset(out)


def prefix_profile(word: tuple, k: int, t=None) -> tuple:
    """RD_k: the first k letters."""
    return word[:k]


def prefix_suffix_profile(word: tuple, k: int, t=None) -> tuple:
    """GD_k: the first and the last k letters."""
    return (word[:k], word[max(0, len(word) - k):] if k else ())


def factor_set_profile(word: tuple, k: int, t=None) -> frozenset:
    """SL_k, LT_k: the k-factors of ⋊word⋉ (no counts)."""
    return factors(word, k)


def factor_count_profile(word: tuple, k: int, t=None) -> frozenset:
    """LTT_{k,t}: the k-factors of ⋊word⋉ with their counts up to t."""
    return factors(word, k, t or 1)


def subsequence_profile(word: tuple, k: int, t=None) -> frozenset:
    """SP_k, PT_k: the subsequences of length ≤ k."""
    return subsequences(word, k)


# -- certificates ---------------------------------------------------------------------------------
def _product_agrees(dfa, start, step, accepts) -> tuple[bool, tuple | None]:
    """Breadth-first over (certificate state, DFA state): (True, None) when acceptance agrees
    everywhere, else (False, a word where they differ)."""
    letters = dfa.alphabet
    T = np.asarray(dfa.transitions)
    node0 = (start, int(dfa.initial))
    parent = {node0: None}
    frontier = [node0]
    while frontier:
        nxt = []
        for node in frontier:
            s, q = node
            if bool(accepts(s)) != bool(dfa.accepting[q]):
                w = []
                while parent[node] is not None:
                    node, a = parent[node]
                    w.append(a)
                return False, tuple(w[::-1])
            for i, a in enumerate(letters):
                child = (step(s, a), int(T[q, i]))
                if child not in parent:
                    if len(parent) >= CHECK_STATES:
                        raise InputError("the certificate's automaton is too large to check here",
                                         parameters=("certificate",))
                    parent[child] = (node, a)
                    nxt.append(child)
        frontier = nxt
    return True, None


def _marked(item, sep: str) -> tuple:
    start, word, end = item[0], item[1], item[2]
    return ((_S,) if start else ()) + _split(word, sep) + ((_E,) if end else ())


def verify_certificate(dfa, name: "str | ProfileClass", cert: dict, sep: str = "") -> Check:
    """Whether the certificate (the JSON ``certificate`` object of an answer of the class
    ``name``: its :class:`ProfileClass` or a built-in's name) defines L(dfa) with its stated
    order; a kind of certificate the class does not declare proves nothing about it."""
    dfa = as_dfa(dfa)
    spec = profile_class(name)
    name = spec.name
    kind = cert.get("kind")
    if kind not in spec.certificates:
        return Check(False, f"a certificate of kind {kind!r} is not one of {name}")
    k = int(cert["k"])
    if kind == "forbidden factors":
        X = {_marked(f, sep) for f in cert["forbidden"]}
        if any(len(f) > k for f in X):
            return Check(False, f"a forbidden factor is longer than k = {k}")

        def step(s, a):
            window, dead = s
            new = window + (a,)
            if len(new) == k:
                return new[1:], dead or new in X
            return new, dead

        def accepts(s):
            window, dead = s
            return not dead and window + (_E,) not in X
        start = step(((), False), _S) if k > 0 else ((), False)
        ok, w = _product_agrees(dfa, start, step, accepts)
        what = f"the local automaton of the {len(X)} forbidden {k}-factors"
    elif kind == "forbidden subsequences":
        X = [_split(f, sep) for f in cert["forbidden"]]
        if any(len(f) > k for f in X):
            return Check(False, f"a forbidden subsequence is longer than k = {k}")

        def step(s, a):
            return tuple(i + 1 if i < len(f) and f[i] == a else i for i, f in zip(s, X))

        def accepts(s):
            return all(i < len(f) for i, f in zip(s, X))
        ok, w = _product_agrees(dfa, tuple(0 for _ in X), step, accepts)
        what = f"the automaton avoiding the {len(X)} forbidden subsequences"
    elif kind in ("prefix", "prefix-suffix", "factors", "subsequences"):
        t = int(cert.get("t", 1))
        if t != 1 and not spec.threshold:
            return Check(False, f"a certificate with a threshold t = {t} is not one of {name}")
        accepted = {_read_profile(kind, p, sep, t) for p in cert["profiles"]}
        ok, w = _profile_product(dfa, kind, k, t, accepted)
        what = f"the automaton of the {len(accepted)} accepted {kind} profiles of order {k}"
    elif kind == "path category":
        t = int(cert.get("t", 1))
        if (t != 1 and not spec.threshold) or k < 1 or t < 1:
            return Check(False, f"a path-category certificate of {name} needs k ≥ 1 and t ≥ 1 "
                                "(t = 1 for a class without a threshold)")
        return _path_category(dfa, k, t, spec.threshold)
    else:
        return Check(False, f"unknown certificate kind {kind!r}")
    if not ok:
        shown = join_word(w, dfa.alphabet)
        return Check(False, f"{what} and the language differ on {shown or 'ε'!r}")
    return Check(True, f"{what} defines exactly the language (product with the DFA, every reachable "
                       "pair agrees)")


def _read_profile(kind: str, p, sep: str, t: int):
    if kind == "prefix":
        return _split(p, sep)
    if kind == "prefix-suffix":
        return (_split(p[0], sep), _split(p[1], sep))
    if kind == "subsequences":
        return frozenset(_split(s, sep) for s in p)
    return frozenset((_marked(f, sep), int(f[3]) if len(f) > 3 else 1) for f in p)


def _path_category(dfa, k: int, t: int, threshold: bool = True) -> Check:
    """LTT_{k,t} (LT_k for t = 1) by the path category of the de Bruijn graph of order k,
    computed here on the DFA's transformations (letters acting alike merged): from every
    node x (a word of length k − 1) a breadth-first search over (node, transformation)
    gives the transformations of all walks from x; then on Q·x (the states after x) every closed walk y has y^t = y^(t+1),
    and α·β·γ = γ·β·α for α, γ walks x → y and β a walk y → x (docs/decision-procedures.md
    §9: coterminal walks with the same edges counted up to t are related by these moves)."""
    T = np.asarray(dfa.transitions)
    # letters acting alike are merged (their first kept): L is the inverse image of its
    # restriction under that letter-to-letter map, and both have the same orders
    _, keep = np.unique(T.T, axis=0, return_index=True)
    T = T[:, np.sort(keep)]
    n, m = T.shape
    nodes = list(product(range(m), repeat=k - 1))
    budget = [CHECK_STATES]
    walks = {x: _walks_from(T, x, budget) for x in nodes}
    for x in nodes:
        f = np.arange(n)
        for a in x:
            f = T[f, a]
        R = np.unique(f)
        for y in walks[x].get(x, []):          # (A): y^t = y^(t+1) on Q·x
            g = R
            for _ in range(t):
                g = y[g]
            if not np.array_equal(g, y[g]):
                return Check(False, f"a closed walk at a node has y^{t} ≠ y^{t + 1} on the states "
                                    f"after it: not order ({k}, {t})")
        for y_node, P in walks[x].items():     # (B): α·β·γ = γ·β·α on Q·x
            F = np.stack(P)                    # F[i] = α_i on all states
            if len(P) ** 2 * len(R) > CHECK_STATES:
                raise InputError("the path category is too large to check here",
                                 parameters=("certificate",))
            for be in walks[y_node].get(x, []):
                X = F[:, be[F[:, R]]]           # X[l, i] = γ_l(β(α_i(R)))
                if not np.array_equal(X, X.transpose(1, 0, 2)):
                    return Check(False, "walks α, γ: x → y and β: y → x with α·β·γ ≠ γ·β·α on the "
                                        f"states after x: not order {k}")
    what = f"LTT_{k},{t}" if threshold else f"LT_{k}"
    return Check(True, f"the path category of order {k}, computed here ({CHECK_STATES - budget[0]} classes "
                       f"of walks): closed walks reach y^{t} = y^{t + 1} and α·β·γ = γ·β·α on the states "
                       f"after each node: {what}")


def _walks_from(T, start: tuple, budget: list) -> dict:
    """{end node: the transformations of the walks start → end, one per class}: a
    breadth-first search over (node, transformation of all states), the empty walk first."""
    n, m = T.shape
    root = (start, tuple(range(n)))
    seen = {root}
    out: dict = {start: [np.arange(n)]}
    frontier = [root]
    while frontier:
        nxt = []
        for z, f in frontier:
            for a in range(m):
                child = ((z + (a,))[1:], tuple(T[list(f), a].tolist()))
                if child in seen:
                    continue
                budget[0] -= 1
                if budget[0] < 0:
                    raise InputError("the path category is too large to check here",
                                     parameters=("certificate",))
                seen.add(child)
                out.setdefault(child[0], []).append(np.array(child[1]))
                nxt.append(child)
        frontier = nxt
    return out


def _profile_product(dfa, kind: str, k: int, t: int, accepted: set):
    """The product of the profile-tracking automaton (its state: what determines the profile
    of the word read) with the DFA."""
    if kind == "prefix":
        return _product_agrees(dfa, (), lambda s, a: s if len(s) >= k else s + (a,),
                               lambda s: s in accepted)
    if kind == "prefix-suffix":
        def step(s, a):
            pre, suf = s
            return (pre if len(pre) >= k else pre + (a,), (suf + (a,))[max(0, len(suf) + 1 - k):] if k else ())
        return _product_agrees(dfa, ((), ()), step, lambda s: s in accepted)
    if kind == "subsequences":
        def step(s, a):
            return s | frozenset(x + (a,) for x in s if len(x) < k)
        return _product_agrees(dfa, frozenset({()}), step, lambda s: s in accepted)

    # factors: the state is (the last ≤ k−1 symbols of ⋊w, the counts of k-factors so far)
    def add(s, sym):
        window, counts = s
        new = window + (sym,)
        if len(new) < k:
            return new, counts
        c = dict(counts)
        c[new] = min(t, c.get(new, 0) + 1)
        return new[len(new) - k + 1:] if k > 1 else (), frozenset(c.items())

    def accepts(s):
        window, counts = add(s, _E)
        if not counts:
            counts = frozenset({(window, 1)})
        return counts in accepted
    return _product_agrees(dfa, add(((), frozenset()), _S), add, accepts)


# -- witnesses ---------------------------------------------------------------------------------
def _parts(template, blocks, sep):
    return [p if isinstance(p, int) else _split(p, sep) for p in template]


def _word(parts, blocks, K):
    out: tuple = ()
    for p in parts:
        out += blocks[p] * K if isinstance(p, int) else p
    return out


def _transformation(dfa, word):
    T = np.asarray(dfa.transitions)
    x = np.arange(T.shape[0])
    for a in word:
        x = T[x, dfa.alphabet.index(a)]
    return x


def _pieces(parts) -> list | None:
    """The pieces (left block or ⋊, literal, right block or ⋉) of a template, literals
    between blocks merged; None if two blocks are adjacent without a literal (still fine:
    an empty literal)."""
    out, left, lit = [], "⋊", ()
    for p in parts:
        if isinstance(p, int):
            out.append((left, lit, p))
            left, lit = p, ()
        else:
            lit += p
    out.append((left, lit, "⋉"))
    return out


def _strip_absorbed(parts, blocks, subset: bool):
    """Adjacent literals joined, then each literal stripped of what its neighbouring blocks
    absorb: with ``subset`` (PT) the longest prefix after a block (suffix before a block)
    using only the block's letters — a subsequence of length ≤ K of that stretch embeds in
    x^K; else (LTT thresholds) the longest prefix (suffix) that is a power of the block —
    x^K·x^j = x^(K+j) only raises counts beyond any threshold."""
    joined: list = []
    for p in parts:
        if joined and not isinstance(p, int) and not isinstance(joined[-1], int):
            joined[-1] = joined[-1] + p
        else:
            joined.append(p)

    def strip_front(lit, b):
        if subset:
            i = 0
            while i < len(lit) and lit[i] in b:
                i += 1
            return lit[i:]
        while b and lit[:len(b)] == b:
            lit = lit[len(b):]
        return lit

    out = []
    for i, p in enumerate(joined):
        if not isinstance(p, int):
            if i > 0 and isinstance(joined[i - 1], int):
                p = strip_front(p, blocks[joined[i - 1]])
            if i + 1 < len(joined) and isinstance(joined[i + 1], int):
                p = strip_front(p[::-1], blocks[joined[i + 1]][::-1])[::-1]
            if not p:
                continue
        out.append(p)
    return out


def _first_blocks_agree(ins, outs) -> tuple | None:
    """(template in, template out, their block positions) when both pump a block and agree up
    to and including their first block; None otherwise."""
    a, b = ins[0], outs[0]
    if not any(isinstance(p, int) for p in a) or not any(isinstance(p, int) for p in b):
        return None
    ia = [i for i, p in enumerate(a) if isinstance(p, int)]
    ib = [i for i, p in enumerate(b) if isinstance(p, int)]
    return (a, b, ia, ib) if a[:ia[0] + 1] == b[:ib[0] + 1] else None


def prefix_shape(ins, outs, blocks) -> str | None:
    """RD: the family's words start with the same parts up to a pumped block."""
    if _first_blocks_agree(ins, outs) is None:
        return None
    return "both words start with the same parts up to and including a pumped block"


def prefix_suffix_shape(ins, outs, blocks) -> str | None:
    """GD: … and end with the same parts after their last pumped block."""
    agree = _first_blocks_agree(ins, outs)
    if agree is None:
        return None
    a, b, ia, ib = agree
    if a[ia[-1]:] != b[ib[-1]:]:
        return None
    return "both words start and end with the same parts around pumped blocks"


def factor_set_shape(ins, outs, blocks) -> str | None:
    """LT: the same set of pieces between pumped blocks."""
    if set(_pieces(ins[0])) == set(_pieces(outs[0])):
        return "the same set of pieces between pumped blocks (k-factors agree once K|x| ≥ k − 1)"
    return None


def factor_count_shape(ins, outs, blocks) -> str | None:
    """LTT: the same multiset of pieces, or words differing by powers of a block beside it."""
    if Counter(_pieces(ins[0])) == Counter(_pieces(outs[0])):
        return "the same multiset of pieces between pumped blocks (k-factor counts agree)"
    if _equal_absorbed(ins, outs, blocks, subset=False):
        return ("the words differ by powers of a block beside it: the counts of k-factors "
                "agree up to any threshold once K is large")
    return None


def subsequence_shape(ins, outs, blocks) -> str | None:
    """PT: the words differ only by letters beside a pumped block that occur in it."""
    if _equal_absorbed(ins, outs, blocks, subset=True):
        return ("the words differ only by letters beside a pumped block that occur in it: the "
                "same subsequences of length ≤ K")
    return None


def _equal_absorbed(ins, outs, blocks, subset: bool) -> bool:
    """Whether the in- and out-templates are equal once each literal is stripped of what
    its neighbouring blocks absorb (:func:`_strip_absorbed`)."""
    return _strip_absorbed(ins[0], blocks, subset) == _strip_absorbed(outs[0], blocks, subset)


def suffix_substitution_shape(ins, outs, blocks) -> str | None:
    """SL: out = u2·B·r, in = u1·B·r and u2·B·v2 (suffix substitution closure)."""
    if len(ins) != 2 or len(outs) != 1:
        return None

    def split(t):
        idx = [i for i, p in enumerate(t) if isinstance(p, int)]
        return (t[:idx[0]], t[idx[0]], t[idx[0] + 1:]) if len(idx) == 1 else None
    o, i1, i2 = split(outs[0]), split(ins[0]), split(ins[1])
    if None in (o, i1, i2) or not (o[1] == i1[1] == i2[1]):
        return None
    if o[0] == i2[0] and o[2] == i1[2]:
        return ("suffix substitution: out = u2·B·r, in = u1·B·r and u2·B·v2 with B = x^K, so "
                "every k-factor of ⋊out⋉ lies in ⋊u2·B or B·r⋉ once K|x| ≥ k − 1")
    return None


def no_shape(ins, outs, blocks) -> None:
    """A class whose non-membership at every order is never shown by a pumped family."""
    return None


@dataclass(frozen=True)
class ProfileClass:
    """A class decided by profiles of order k, as the checks here need it: its declaration
    for this module (``AnswerCheck(ProfileClass(...))`` is then the ``check`` of its
    :class:`~.classes.LanguageClass`; the built-in ones are :data:`PROFILE_CLASSES`).

    ``name``: printed; ``profile(word, k, t)``: the profile of a word at order k (equal
    profiles: no language of the class at order k tells the words apart; with one, a
    language is in the class iff it is a union of profile classes); ``certificates``: the
    kinds of certificate that prove membership (of this module: ``forbidden factors``,
    ``forbidden subsequences``, ``prefix``, ``prefix-suffix``, ``factors``,
    ``subsequences``, ``path category``); ``witnesses``: the kinds of witness that prove
    non-membership (``pair``: equal profiles; ``cover``: every profile item of the out-word
    occurs in an in-word, for a class closed under that, ``items`` naming them;
    ``deletion``: the out-word a subsequence of the in-word); ``threshold``: whether its
    orders carry a threshold t (LTT); ``shape(ins, outs, blocks)``: why a pumped family's
    words have equal profiles at every order once K is large (None: no reason), and
    ``copies``: the order a family's instance reaches counts copies of its block (PT),
    not letters."""

    name: str
    profile: Callable
    certificates: tuple[str, ...]
    witnesses: tuple[str, ...] = ("pair",)
    shape: Callable = no_shape
    threshold: bool = False
    copies: bool = False
    items: str = ""

    def __str__(self) -> str:
        return self.name


#: the subregular classes checked here, each by its declaration
PROFILE_CLASSES: dict[str, ProfileClass] = {c.name: c for c in (
    ProfileClass("SL", factor_set_profile, ("forbidden factors",), ("cover",), suffix_substitution_shape,
                 items="{k}-factors of ⋊w⋉"),
    ProfileClass("SP", subsequence_profile, ("forbidden subsequences",), ("cover", "deletion"),
                 items="subsequences of length ≤ {k}"),
    ProfileClass("RD", prefix_profile, ("prefix",), shape=prefix_shape),
    ProfileClass("GD", prefix_suffix_profile, ("prefix-suffix",), shape=prefix_suffix_shape),
    # SL_k ⊆ LT_k ⊆ LTT_{k,t} and SP_k ⊆ PT_k: the smaller class's certificate proves membership
    ProfileClass("LT", factor_set_profile, ("factors", "path category", "forbidden factors"), shape=factor_set_shape),
    ProfileClass("LTT", factor_count_profile, ("factors", "path category", "forbidden factors"),
                 shape=factor_count_shape, threshold=True),
    ProfileClass("PT", subsequence_profile, ("subsequences", "forbidden subsequences"), shape=subsequence_shape,
                 copies=True),
)}


def profile_class(cls: "str | ProfileClass") -> ProfileClass:
    """The :class:`ProfileClass` itself, or the built-in one of that name
    (:data:`PROFILE_CLASSES`); InputError naming ``name`` otherwise."""
    if isinstance(cls, ProfileClass):
        return cls
    found = PROFILE_CLASSES.get(str(cls))
    if found is None:
        raise InputError(f"no subregular class {cls!r} checked by profiles (one of {', '.join(PROFILE_CLASSES)}, "
                         "or a ProfileClass)", parameters=("name",))
    return found


def verify_class_witness(dfa, name: "str | ProfileClass", wit: dict, sep: str = "") -> Check:
    """Whether ``wit`` (the JSON ``witness`` object of an answer of the class ``name``: its
    :class:`ProfileClass` or a built-in's name) proves that L(dfa) is not in the class (at
    its order ``k``; at every order when ``k`` is null)."""
    dfa = as_dfa(dfa)
    spec = profile_class(name)
    name = spec.name
    kind = wit.get("kind")
    ins = [_split(w, sep) for w in wit.get("in", [])]
    outs = [_split(w, sep) for w in wit.get("out", [])]
    for w in ins + outs:
        bad = [a for a in w if a not in dfa.alphabet]
        if bad:
            return Check(False, f"the word has letters {sorted(set(bad))} outside the alphabet")
    if not ins or not outs:
        return Check(False, "a witness needs words in and out of the language")
    if not all(dfa.accepts(w) for w in ins) or any(dfa.accepts(w) for w in outs):
        return Check(False, "an in-word is outside the language or an out-word inside it")
    k = wit.get("k")
    t = wit.get("t")
    if kind not in spec.witnesses:
        return Check(False, f"a witness of kind {kind!r} proves nothing about {name}")
    if kind == "deletion":
        if not _is_subsequence(outs[0], ins[0]):
            return Check(False, "the out-word is not a subsequence of the in-word")
        return Check(True, "the out-word is a subsequence of the in-word, which is in the language: "
                           "not closed under subsequences, so not SP_k for any k")
    if k is not None:
        return _at_order(spec, kind, ins, outs, int(k), t)
    fam = wit.get("family")
    if not fam:
        return Check(False, "a witness for every order needs its pumped family")
    blocks = [_split(b, sep) for b in fam["blocks"]]
    tin = [_parts(p, blocks, sep) for p in fam["in"]]
    tout = [_parts(p, blocks, sep) for p in fam["out"]]
    K0, step = int(fam["start"]), int(fam["step"])
    if K0 < 1 or step < 1 or not all(blocks):
        return Check(False, "the family needs K0 ≥ 1, step ≥ 1 and non-empty blocks")
    if [_word(p, blocks, K0) for p in tin] != ins or [_word(p, blocks, K0) for p in tout] != outs:
        return Check(False, "the printed words are not the family's instance at K0")
    for b in blocks:
        if not np.array_equal(_transformation(dfa, b * K0), _transformation(dfa, b * (K0 + step))):
            return Check(False, f"the block {''.join(b)!r} acts differently at K0 and K0 + step")
    why = spec.shape(tin, tout, blocks)
    if why is None:
        return Check(False, f"the family's templates have no shape that makes their profiles agree in {name}")
    # the printed instance, at the orders its K already reaches
    # (conservative: one copy of the block to spare, for the threshold shape x^K / x^(K+j))
    reach = (K0 - 1) * (1 if spec.copies else min(len(b) for b in blocks))
    for kk in range(1, min(CONCRETE_ORDERS, reach) + 1):
        c = _at_order(spec, kind, ins, outs, kk, 1)
        if not c.valid:
            return Check(False, f"the instance at K0 fails at order {kk}: {c.reason}")
    return Check(True, f"every block has the same transformation at K = {K0} and {K0 + step}, so each "
                       f"word's membership is constant along the family; {why}: not {name} for any k")


def _is_subsequence(small, big) -> bool:
    it = iter(big)
    return all(any(a == b for b in it) for a in small)


def _at_order(spec: ProfileClass, kind, ins, outs, k: int, t) -> Check:
    name = spec.name
    if kind == "pair":
        a, b = (spec.profile(w, k, t) for w in (ins[0], outs[0]))
        if a != b:
            return Check(False, f"the two words have different {name} profiles of order {k}")
        return Check(True, f"one word in, one out, with equal {name} profiles of order {k}"
                           + (f" (counts up to {t})" if t else "") + f": not {name}_{k}"
                           + (f",{t}" if spec.threshold and t else ""))
    # cover: the class is closed under it (a language containing the in-words contains the out-word)
    have = set().union(*(spec.profile(w, k, None) for w in ins))
    need = spec.profile(outs[0], k, None)
    what = spec.items.format(k=k)
    if not need <= have:
        return Check(False, f"some {what} of the out-word occurs in no in-word")
    return Check(True, f"every one of the {what} of the out-word occurs in an in-word: not {name}_{k}")


@dataclass(frozen=True)
class AnswerCheck:
    """The ``check`` of a subregular class's declaration (:class:`~.classes.LanguageClass`):
    :func:`verify_answer` for the class ``name`` (its :class:`ProfileClass`, or the name of a
    built-in one: SL, SP, RD, GD, LT, LTT, PT), at the fixed ``order`` k (and ``threshold`` t
    for LTT) when the class is one order (``SL[2]``)."""

    name: "str | ProfileClass"
    order: "int | None" = None
    threshold: "int | None" = None

    def __call__(self, dfa, answer: dict, sep: str = "") -> Check:
        return verify_answer(dfa, self.name, answer, sep, self.order, self.threshold)


def verify_answer(dfa, name: "str | ProfileClass", answer: dict, sep: str = "", order: "int | None" = None,
                  threshold: "int | None" = None) -> Check:
    """Check a class's answer as ``classify --json`` prints it (its ``certificate`` with the
    witness ``below`` k, or its ``witness``), or a bare witness object; with ``order`` (and
    ``threshold``) the class at that one order; its verdict ``member`` against what the
    parts prove (:func:`check_answer`)."""
    dfa = as_dfa(dfa)
    spec = profile_class(name)
    name = spec.name
    return check_answer(answer, lambda cert: verify_certificate(dfa, spec, cert, sep),
                        lambda wit: verify_class_witness(dfa, spec, wit, sep),
                        f"{name}[{order}{'' if threshold is None else f',{threshold}'}]"
                        if order is not None else name, order, threshold)


def _orders(obj: dict) -> "tuple[int | None, int]":
    k = obj.get("k")
    return (None if k is None else int(k)), int(obj.get("t") or 1)


def check_answer(answer: dict, certificate, witness, name: str = "the class",
                 order: "int | None" = None, threshold: "int | None" = None) -> Check:
    """An answer of a class checked part by part: its ``certificate`` by ``certificate(cert)``
    (a certificate object without ``kind`` was not built: its pair below k stands alone), the
    witness below k, its ``witness``, or the answer itself when it is a bare witness, each by
    ``witness(wit)``; valid when every part is (the first failing part otherwise) and the
    verdict ``member`` (when the answer states one) is the one its parts prove:

    * ``member: true`` is refused unless a built certificate (one with a ``kind``) checks: a
      witness, or the pair below k of an answer whose certificate was not built, proves only
      what L is *not*, never that it is a member (so nothing else is read as a proof of
      membership); and, for a class at one ``order`` k (threshold t), when its certificate's
      order exceeds it;
    * ``member: false`` is refused when its certificate checks (and, at one order, is of
      order ≤ k, t: the hierarchies are monotone), when it has no witness, or when the witness
      proves less than non-membership: a witness at order k′ proves only "not in the class at
      order k′", which settles the class at one order k when k′ ≥ k (and t′ ≥ t) and the whole
      class never (that needs ``k`` null: a pumped family, or a deletion)."""
    checks = []
    cert = answer.get("certificate")
    if cert:
        if cert.get("kind") is not None:
            checks.append(certificate(cert))
        elif cert.get("below"):
            checks.append(Check(True, "no certificate was built (the order k is stated, not proved "
                                      "here)"))
        else:
            checks.append(Check(False, "no certificate was built and no witness given: nothing to "
                                       "check"))
        if cert.get("below"):
            checks.append(witness(cert["below"]))
    wits = []
    if answer.get("witness"):
        wits.append(answer["witness"])
    if "kind" in answer and "in" in answer:
        wits.append(answer)
    wit_checks = [witness(w) for w in wits]
    checks += wit_checks
    if not checks:
        return Check(False, "nothing to check: no certificate and no witness")
    bad = [c for c in checks if not c.valid]
    if bad:
        return bad[0]
    verdict = answer.get("member")
    if not (verdict is None or isinstance(verdict, bool)):
        return Check(False, f"'member' is {verdict!r}: it must be true, false or null")
    if verdict is True:
        if not cert or cert.get("kind") is None:
            return Check(False, f"the answer says member of {name}, but it carries no certificate of "
                                "membership (none was built: classify with certificates builds one); a "
                                "witness or the pair below k proves only what L is not")
        for w in wits:
            k, t = _orders(w)
            if k is None or (order is not None and k >= order and t >= (threshold or 1)):
                return Check(False, f"the answer says member of {name}, but its witness checks and proves "
                                    f"the opposite: {wit_checks[wits.index(w)].reason}")
        if order is not None:
            k, t = _orders(cert)
            if k is None or k > order or t > (threshold or 1):
                return Check(False, f"the answer says member of {name}, but its certificate is of order "
                                    f"k = {k}" + (f", t = {t}" if threshold else "") + ", beyond the class's")
    elif verdict is False:
        if cert and cert.get("kind") is not None:
            k, t = _orders(cert)
            if order is None or (k is not None and k <= order and t <= (threshold or 1)):
                return Check(False, f"the answer says not a member of {name}, but its certificate checks "
                                    f"and proves membership: {checks[0].reason}")
        if not wits:
            return Check(False, f"the answer says not a member of {name}, but it has no witness")
        for w, c in zip(wits, wit_checks):
            k, t = _orders(w)
            if w.get("kind") == "deletion":          # SP: not closed under deletion, every k
                continue
            if order is None and k is not None:
                return Check(False, f"the answer says not a member of {name}, but its witness proves "
                                    f"only that L is not of order {k}: {c.reason}")
            if order is not None and k is not None and (k < order or t < (threshold or 1)):
                return Check(False, f"the answer says not a member of {name}, but its witness is at "
                                    f"order {k}" + (f", t = {t}" if threshold else "") + ", below the class's")
    return Check(True, "; ".join(c.reason for c in checks)
                 + ("" if verdict is None else f"; the verdict ({'member' if verdict else 'not a member'})"
                                               " is the one they prove"))


#: deprecated (kept for old imports): the names of the built-in classes checked here; a class's
#: check is its declaration's (:class:`ProfileClass`, :data:`PROFILE_CLASSES`)
CLASS_NAMES = tuple(PROFILE_CLASSES)
