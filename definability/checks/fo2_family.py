"""Independent checks of FO2[<] "not separable" proofs: word families n ↦ (w1(n), w2(n)) built
by the rules of docs/decision-procedures.md §11.4b, from the words and the two DFAs alone — no
semigroup or saturation code.

* :func:`fo2_type_sets` — the FO2[<] types of a word computed from the word itself: t₀(p) is
  the letter at p and t_r(p) = (letter(p), {t_{r-1}(q) : q < p}, {t_{r-1}(q) : q > p}).  Two
  words satisfy the same FO2[<] sentences of quantifier rank ≤ n iff they realise the same set
  of types t_{n-1} (n ≥ 1; §11.4b, the normal form); :func:`fo2_equivalent` compares them;
* family expressions: ``("word", w)``, ``("cat", (e1, e2, …))`` and ``("pow", e, E)``, the
  last standing for e(n)^(E·n); :func:`expand` writes the word at n, :func:`expression_text`
  the expression;
* :func:`check_family` — a derivation (steps ``("word", w)``, ``("product", i, j)``,
  ``("da", i, z1, z2, E)``) re-checked: each step refers to earlier ones, the DA step's side
  condition alph(z1) ∪ alph(z2) ⊆ alph(step i) (the same alphabet on both sides), each power's
  E makes the image of its base idempotent on D1 ⊔ D2 (so the image of every member of the
  family is one element, the same for every n), the last pair's images accepted by D1 and
  D2 (which decides membership for every n); then the words themselves at n = 1, 2, 3 (those of
  at most ``EXPANDED_LETTERS`` letters) run on the DFAs, and
  at n = 1, 2 (short words) the two words' FO2 types of rank n compared by brute force.
"""

from __future__ import annotations

from ...automata.dfa import DFA
from ...kernel import limits as _limits

__all__ = ["fo2_type_sets", "fo2_equivalent", "expand", "expression_alphabet", "expression_text",
           "family_expressions", "check_family", "exponent_text", "EXPANDED_LETTERS", "TYPED_LETTERS"]

#: kernel/limits.py (with every default budget)
EXPANDED_LETTERS = _limits.FO2_FAMILY_LETTERS
TYPED_LETTERS = _limits.FO2_TYPED_LETTERS


# ---------------------------------------------------------------------------------------------
# FO2[<] types of words (the oracle)

def fo2_type_sets(words, rank: int) -> list:
    """For each word (letter tuples), the set of its positions' types t_rank, the types
    interned jointly (equal integers ⟺ equal types) so that the sets of different words
    compare.  t₀(p) = the letter at p; t_r(p) = (letter, {t_{r-1}(q): q < p}, {t_{r-1}(q): q > p})."""
    intern: dict = {}
    cur = [[("letter", a) for a in w] for w in words]
    cur = [[intern.setdefault(t, len(intern)) for t in w] for w in cur]
    for _ in range(rank):
        nxt = []
        for w, types in zip(words, cur):
            left, row = set(), []
            lefts = []
            for t in types:
                lefts.append(frozenset(left))
                left.add(t)
            right = set()
            rights = [None] * len(types)
            for i in range(len(types) - 1, -1, -1):
                rights[i] = frozenset(right)
                right.add(types[i])
            for i, a in enumerate(w):
                key = (a, lefts[i], rights[i])
                row.append(intern.setdefault(key, len(intern)))
            nxt.append(row)
        cur = nxt
    return [frozenset(t) for t in cur]


def fo2_equivalent(u, v, n: int) -> bool:
    """Whether u and v satisfy the same FO2[<] sentences of quantifier rank ≤ n (n ≥ 0): the
    same sets of types t_{n-1} (rank 0: always)."""
    if n <= 0:
        return True
    a, b = fo2_type_sets([tuple(u), tuple(v)], n - 1)
    return a == b


# ---------------------------------------------------------------------------------------------
# family expressions

def expand(e, n: int) -> tuple:
    """The word of expression ``e`` at n ≥ 1."""
    kind = e[0]
    if kind == "word":
        return tuple(e[1])
    if kind == "cat":
        return tuple(a for part in e[1] for a in expand(part, n))
    if kind == "pow":
        return expand(e[1], n) * (e[2] * n)
    raise ValueError(f"expression kind {kind!r}")


def expanded_length(e, n: int) -> int:
    kind = e[0]
    if kind == "word":
        return len(e[1])
    if kind == "cat":
        return sum(expanded_length(p, n) for p in e[1])
    return expanded_length(e[1], n) * e[2] * n


def expression_alphabet(e) -> frozenset:
    if e[0] == "word":
        return frozenset(e[1])
    if e[0] == "cat":
        return frozenset().union(*(expression_alphabet(p) for p in e[1]))
    return expression_alphabet(e[1])


def expression_text(e, alphabet, top: bool = True) -> str:
    """The expression as text: words, products by juxtaposition, (…)^(En) for a power."""
    if e[0] == "word":
        return "".join(alphabet[a] for a in e[1]) or ("ε" if top else "")
    if e[0] == "cat":
        parts = [expression_text(p, alphabet, False) for p in e[1]]
        return "·".join(p for p in parts if p) or "ε"
    return f"({expression_text(e[1], alphabet)})^{exponent_text(e[2])}"


def exponent_text(E: int) -> str:
    return "n" if E == 1 else f"({E}n)"


def family_expressions(steps) -> list:
    """The pair of expressions of every step (None for a malformed step): ``word`` (w, w),
    ``product`` (e1 f1, e2 f2) of steps i, j, ``da`` ((e1)^(En) z1 (e1)^(En), (e2)^(En) z2 (e2)^(En))."""
    out: list = []
    for step in steps:
        kind = step[0]
        try:
            if kind == "word":
                w = ("word", tuple(step[1]))
                out.append((w, w))
            elif kind == "product":
                (a1, a2), (b1, b2) = out[_earlier(step[1], out)], out[_earlier(step[2], out)]
                out.append((("cat", (a1, b1)), ("cat", (a2, b2))))
            elif kind == "da":
                e1, e2 = out[_earlier(step[1], out)]
                E = int(step[4])
                if E < 1:
                    raise ValueError("E < 1")
                out.append((("cat", (("pow", e1, E), ("word", tuple(step[2])), ("pow", e1, E))),
                            ("cat", (("pow", e2, E), ("word", tuple(step[3])), ("pow", e2, E)))))
            else:
                raise ValueError(kind)
        except (ValueError, TypeError, IndexError):
            return []
    return out


def _earlier(i, done) -> int:
    i = int(i)
    if not 0 <= i < len(done) or done[i] is None:
        raise IndexError(i)
    return i


# ---------------------------------------------------------------------------------------------
# images on D1 ⊔ D2 (maps of states), by composition

def _letter_maps(d1: DFA, d2: DFA) -> list:
    n1 = d1.n_states
    return [tuple(int(x) for x in d1.transitions[:, a]) + tuple(int(x) + n1 for x in d2.transitions[:, a])
            for a in range(d1.transitions.shape[1])]


def _compose(f, g) -> tuple:
    return tuple(g[x] for x in f)


def _image(e, letters, size: int, memo: dict):
    """The map of e(n) on D1 ⊔ D2, the same for every n ≥ 1, or None when a power's E does
    not make its base's map idempotent (then the image could depend on n)."""
    key = id(e)
    if key in memo:
        return memo[key][1]
    if e[0] == "word":
        f = tuple(range(size))
        for a in e[1]:
            if not 0 <= a < len(letters):
                f = None
                break
            f = _compose(f, letters[a])
    elif e[0] == "cat":
        f = tuple(range(size))
        for p in e[1]:
            g = _image(p, letters, size, memo)
            if g is None:
                f = None
                break
            f = _compose(f, g)
    else:
        g = _image(e[1], letters, size, memo)
        f = None
        if g is not None:
            h = g
            for _ in range(e[2] - 1):
                h = _compose(h, g)
            f = h if _compose(h, h) == h else None
    memo[key] = (e, f)
    return f


def _run(d: DFA, word) -> bool:
    q = d.initial
    for a in word:
        q = int(d.transitions[q, a])
    return bool(d.accepting[q])


def check_family(steps, d1: DFA, d2: DFA) -> tuple[bool, str]:
    """(valid, reason) for a derivation of an FO2[<] family whose last pair has its left member
    in L1 and its right member in L2 for every n ≥ 1 (module docstring)."""
    pairs = family_expressions(steps)
    if not steps or len(pairs) != len(steps):
        return False, "a step is malformed or refers to a later step"
    m = d1.transitions.shape[1]
    for step, (e1, e2) in zip(steps, pairs):
        if step[0] == "da":
            base = pairs[int(step[1])]
            b1, b2 = expression_alphabet(base[0]), expression_alphabet(base[1])
            z = frozenset(step[2]) | frozenset(step[3])
            if b1 != b2 or not z <= b1 or not b1:
                return False, "a DA step's side condition fails: alph(z1) ∪ alph(z2) ⊆ alph(u1) = alph(u2) ≠ ∅"
        if any(not 0 <= a < m for a in expression_alphabet(e1) | expression_alphabet(e2)):
            return False, "a letter out of the alphabet"
    letters = _letter_maps(d1, d2)
    size = d1.n_states + d2.n_states
    memo: dict = {}
    f1, f2 = (_image(e, letters, size, memo) for e in pairs[-1])
    if f1 is None or f2 is None:
        return False, "a power's exponent does not make its base idempotent on D1 ⊔ D2"
    if not d1.accepting[f1[int(d1.initial)]] or not d2.accepting[f2[d1.n_states + int(d2.initial)] - d1.n_states]:
        return False, "the family's images are not in L1 × L2"
    e1, e2 = pairs[-1]
    for n in (1, 2, 3):
        if max(expanded_length(e1, n), expanded_length(e2, n)) > EXPANDED_LETTERS:
            break                                  # the images above decide membership for every n
        u, v = expand(e1, n), expand(e2, n)
        if not _run(d1, u) or not _run(d2, v):
            return False, f"at n = {n} the words are not in L1 and L2"
        if n <= 2 and max(len(u), len(v)) <= TYPED_LETTERS and not fo2_equivalent(u, v, n):
            return False, f"at n = {n} the words have different FO2 types of rank {n}"
    return True, ("every step's side conditions and the images on D1 ⊔ D2 checked, and the words at n = 1, 2, 3 "
                  f"of at most {EXPANDED_LETTERS} letters")
