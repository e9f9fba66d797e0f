"""Fragments of past LTL, as one value type, and the syntactic facts of a formula.

A :class:`Fragment` is a set of temporal operators: ``P`` (strict past), ``Y[<=k]`` for one
window k ≥ 1 (``Y`` = ``Y[<=1]``) and ``S`` (since; LTL[S] is the whole logic).  Its names:

=================  ===============  =========================================================
name               operators        attention pattern (Li & Cotterell 2025, 2026)
=================  ===============  =========================================================
``LTL[P]``         P                ``global`` (strict causal, no positional encoding)
``LTL[Y<=k]``      Y[<=k]           ``local:k``  (``LTL[Y]`` = ``LTL[Y<=1]`` is ``local:1``)
``LTL[P,Y<=k]``    P, Y[<=k]        ``hybrid:k`` (global heads beside k-local heads)
``LTL[S]``         P, Y, S, O, H    ``masked_hard`` (star-free = FO[<]; unique hard attention
                                    under the strict causal mask, Yang, Chiang & Angluin 2024)
=================  ===============  =========================================================

``O φ = φ | P φ`` and ``H φ = φ & !P !φ`` are definable with ``P`` (:func:`attnlogic.ltl.rewrite.core`):
they count as ``P`` for the syntactic fragment of a formula, but a fragment's *formulas*
(:meth:`Fragment.allows`, what certificates are written in) use its base operators only.

Known inclusions (:meth:`Fragment.includes`, each with its reason): every fragment ⊆ LTL[S];
LTL[P] ⊆ LTL[P,Y<=k]; LTL[Y<=k] ⊆ LTL[P,Y<=k]; LTL[Y<=k] ⊆ LTL[Y], LTL[P,Y<=k] ⊆
LTL[P,Y] because ``Y[<=k] φ = Y φ | Y Y φ | … | Y^k φ``; and for every j ≥ k,
LTL[Y<=j] ⊆ LTL[Y<=k] and LTL[P,Y<=j] ⊆ LTL[P,Y<=k] (larger windows are weaker): for j a
multiple of k because ``Y[<=a+b] φ = Y[<=a] (φ | Y[<=b] φ)`` (e.g.
``Y[<=4] φ = Y[<=2] (φ | Y[<=2] φ)``), and for every j by the step
``Y[<=k+1] φ = Y[<=k] true & (Y[<=k] φ | !Y[<=k] !Y[<=k] φ)`` (:meth:`Fragment.rewriting`,
:func:`attnlogic.ltl.rewrite.narrow_windows`); closed under transitivity.

The *syntactic* fragment of φ (:func:`fragment`) is the smallest fragment whose operators φ
uses: ``Y[<=k]`` for several k counts as ``Y`` (each is a disjunction of Y-chains); a formula
without temporal operators is reported in ``LTL[P]`` (it is in every fragment).  Whether a
*language* is in a fragment is semantic and decided by ``attnlogic.definability``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..kernel.errors import InputError
from ..kernel.patterns import AttentionPattern
from ..kernel.validate import is_int
from .formula import Formula, Historically, Mod, Once, Past, Since, Yesterday, is_future
from .formula import Atom
from .rewrite import nest_windows, widen_step

__all__ = ["Fragment", "LTL_P", "LTL_Y", "LTL_PY", "LTL_S", "BASE_FRAGMENTS", "MAX_WINDOW",
           "operators", "windows", "moduli", "fragment", "facts", "Facts"]

#: the largest window a fragment name may carry (Y[<=k] formulas are bounded separately)
MAX_WINDOW = 10**9

_NAME = re.compile(r"(?:LTL\[)?(P|S|(P,)?Y(?:\[?<=(\d+)\]?)?)\]?")
#: the start of an attention pattern's name (:class:`AttentionPattern`): what :meth:`Fragment.named`
#: reads as a pattern, with the pattern's own spelling rules and errors
_PATTERN_WORD = re.compile(r"(global|causal|local|hybrid|masked_hard)\b")


@dataclass(frozen=True, eq=False)
class Fragment:
    """``past``: P allowed; ``window``: the k of the Y[<=k] allowed, or None (no Y);
    ``since``: S allowed (then P and Y are too: LTL[S] is the whole logic).

    A fragment equals another with the same operators and its canonical name as a string
    (``Fragment.parse("P,Y<=1") == "LTL[P,Y]"``), and hashes like that name."""

    past: bool
    window: int | None
    since: bool = False

    def __post_init__(self):
        if self.window is not None and (not is_int(self.window) or not 1 <= self.window <= MAX_WINDOW):
            raise InputError(f"the window k of a fragment must be an integer in 1..{MAX_WINDOW}, "
                             f"got {self.window!r}")
        if self.since and not (self.past and self.window == 1):
            raise InputError("LTL[S] has every operator: Fragment(past=True, window=1, since=True)")
        if not self.past and self.window is None:
            raise InputError("a fragment needs P or Y[<=k] (the Boolean formulas lie in every one)")

    # -- names ----------------------------------------------------------------------------
    @staticmethod
    def parse(text: "str | Fragment") -> "Fragment":
        """``LTL[P]``, ``LTL[Y]``, ``LTL[Y<=k]``, ``LTL[P,Y]``, ``LTL[P,Y<=k]``, ``LTL[S]``;
        the forms without ``LTL[…]`` (``P,Y<=2``) and ``Y[<=k]`` are accepted, ``Y<=1`` is
        ``Y``.  InputError for anything else, a window below 1 included."""
        if isinstance(text, Fragment):
            return text
        t = text.strip().replace(" ", "") if isinstance(text, str) else None
        m = _NAME.fullmatch(t) if t else None
        if m is None or (t.startswith("LTL[") and not t.endswith("]")) or t.count("[") != t.count("]"):
            raise InputError(f"unknown fragment {text!r} (use LTL[P], LTL[Y], LTL[P,Y], LTL[S], "
                             "LTL[Y<=k] or LTL[P,Y<=k])")
        body = m.group(1)
        if body == "S":
            return LTL_S
        if body == "P":
            return LTL_P
        k = m.group(3)
        if k is not None and len(k) > len(str(MAX_WINDOW)):
            raise InputError(f"fragment {text!r}: the window k must be at most {MAX_WINDOW}")
        window = 1 if k is None else int(k)
        if window < 1:
            raise InputError(f"fragment {text!r}: the window k must be at least 1, got {window}")
        return Fragment(bool(m.group(2)), window)

    @property
    def name(self) -> str:
        if self.since:
            return "LTL[S]"
        if self.window is None:
            return "LTL[P]"
        y = "Y" if self.window == 1 else f"Y<={self.window}"
        return f"LTL[P,{y}]" if self.past else f"LTL[{y}]"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Fragment({self.name!r})"

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def __eq__(self, other) -> bool:
        if isinstance(other, Fragment):
            return (self.past, self.window, self.since) == (other.past, other.window, other.since)
        if isinstance(other, str):
            return self.name == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.name)

    # -- operators and formulas -----------------------------------------------------------
    @property
    def operators(self) -> frozenset[str]:
        """The base temporal operators of the fragment: ``P``, ``Y[<=k]`` (``Y`` for k = 1),
        ``S`` (LTL[S] also has O and H)."""
        if self.since:
            return frozenset({"P", "Y", "S", "O", "H"})
        ops = {"P"} if self.past else set()
        if self.window is not None:
            ops.add("Y" if self.window == 1 else f"Y[<={self.window}]")
        return frozenset(ops)

    def allows(self, formula: Formula) -> bool:
        """Syntactic membership: every temporal operator of the formula is a base operator
        of the fragment (``Y`` = ``Y[<=1]`` lies only in the k = 1 fragments; O and H only in
        LTL[S], which allows all; rewrite them with ``core`` first).  A modular predicate
        ``MOD[m,r]`` lies in no fragment (they are logics without numerical predicates)."""
        nodes = formula.subformulas()
        if any(isinstance(g, Mod) for g in nodes):
            return False
        if self.since:
            return True
        for g in nodes:
            if isinstance(g, (Once, Historically)):
                return False
            if isinstance(g, Past):
                if not self.past:
                    return False
            elif isinstance(g, Yesterday):
                if g.k != self.window:
                    return False
            elif isinstance(g, Since):
                return False
        return True

    # -- the order ------------------------------------------------------------------------
    def includes(self, smaller: "Fragment") -> str | None:
        """Why ``smaller`` ⊆ ``self`` is KNOWN (as languages), or None when it is not known
        from the rules of the module docstring (it may still hold, or be false)."""
        small = Fragment.parse(smaller)
        if self.since:
            return "every fragment lies in LTL[S] (past LTL = FO[<] = star-free)"
        if small == self:
            return "the same fragment"
        if small.since or (small.past and not self.past) or self.window is None:
            return None
        if small.window is None:                      # LTL[P] ⊆ LTL[P, …]
            return "P is an operator of the larger fragment"
        if self.window == 1:
            return "Y[<=k] φ = Y φ | Y Y φ | … | Y^k φ, so every Y[<=k] formula is a Y formula"
        if small.window == self.window:
            return "P is an operator of the larger fragment"
        if small.window % self.window == 0:
            return (f"{self.rewriting(small)}: a window of {small.window} is {small.window // self.window} "
                    f"nested windows of {self.window}, so every formula of {small} is rewritten into "
                    f"{self} (attnlogic.ltl.rewrite.narrow_windows)")
        if small.window > self.window:
            steps = small.window - self.window
            how = "" if steps == 1 else (f", applied {steps} times (Y[<=i+1] from Y[<=i] for i = "
                                         f"{self.window} … {small.window - 1})")
            return (f"{self.rewriting(small)}{how}: every formula of {small} is rewritten into "
                    f"{self} (attnlogic.ltl.rewrite.narrow_windows)")
        return None

    def rewriting(self, smaller: "Fragment") -> str | None:
        """The identity that rewrites the windows of ``smaller`` into those of ``self`` when
        ``self.includes(smaller)`` rests on one (``Y[<=4] φ = Y[<=2] (φ | Y[<=2] φ)``), else
        None.  Y[<=a+b] φ = Y[<=a] (φ | Y[<=b] φ): the positions m' < m of the inner window
        with m in the outer one are exactly those of [n−a−b, n)."""
        small = Fragment.parse(smaller)
        if (self.since or small.since or self.window is None or small.window is None
                or small.window <= self.window or (small.past and not self.past)):
            return None
        phi = Atom("φ")
        k = self.window
        if small.window % k == 0:
            lhs, rhs = Yesterday(phi, small.window), nest_windows(Yesterday(phi, small.window), k)
        else:
            lhs, rhs = Yesterday(phi, k + 1), widen_step(phi, k)
        return f"{lhs} = {rhs}".replace('"φ"', "φ")

    def __le__(self, other: "Fragment") -> bool:
        return Fragment.parse(other).includes(self) is not None

    # -- what the rest of the package asks of a fragment -----------------------------------
    # (the only place that reads ``past``/``window``/``since``: the other modules ask these)
    @property
    def type_sets(self) -> tuple[int | None, bool, bool]:
        """``(k, p, s)``: what the depth-d type at a position i collects of the depth-(d−1)
        types before it (:mod:`attnlogic.definability.checks.indistinguishable`): the types of the
        window max(1, i−k) ≤ j < i (``k`` None: no window), the set of all j < i when ``p``
        (P), the since pairs (τ(m), {τ(j) : m < j < i}) over m < i when ``s`` (S, which
        reads every position through its pairs, so it has no window of its own)."""
        return (None if self.since else self.window), self.past, self.since

    @property
    def lookback(self) -> int | None:
        """k when one temporal step reads at most the last k letters (a fragment without P
        and S: a formula of depth d reads only the last d·k letters and whether the word is
        shorter); None when P or S reach the whole past."""
        return None if self.past else self.window

    @property
    def type_degree(self) -> int:
        """The degree in the word length n of one level of the type computation: 2 for
        LTL[S] (the pairs m < i, each with the set between), 1 for the others (a window and
        the set of all earlier types); the length bounds of the checks follow it."""
        return 2 if self.since else 1

    @property
    def types_are_exact(self) -> bool:
        """Whether two positions with equal depth-d types (:attr:`type_sets`) satisfy the same
        formulas of depth ≤ d, and conversely. True without S; for LTL[S] the types that keep
        every since pair are finer than what formulas tell apart (aaaaaa / aaaaa differ in them
        at depth 3, a formula needs depth 6), and separability is decided by the closest-pair
        S-types instead (docs/decision-procedures.md §4.3a)."""
        return not self.since

    @property
    def pumping_arguments(self) -> tuple[str, ...]:
        """The arguments that prove two words indistinguishable at every depth
        (:func:`attnlogic.definability.checks.verify.verify_witness`, docs/decision-procedures.md
        §4.3–4.5), in the order they are tried: ``aperiodicity`` for LTL[S] (star-free =
        aperiodic, Schützenberger and McNaughton–Papert); ``lasso`` for the others, and with
        a bounded :attr:`lookback` also ``suffix`` and ``two periods``."""
        if self.since:
            return ("aperiodicity",)
        return ("lasso",) if self.past else ("lasso", "suffix", "two periods")

    @property
    def rank(self) -> int:
        """A rank that lists fragments from small to large (a fragment known to lie inside
        another never has a larger rank; the windows among themselves tie): LTL[P] 0, LTL[Y<=k] (k ≥ 2) 1, LTL[Y] 2, LTL[P,Y<=k]
        (k ≥ 2) 3, LTL[P,Y] 4, LTL[S] 5."""
        if self.since:
            return 5
        if self.window is None:
            return 0
        return (3 if self.past else 1) + (self.window == 1)

    # -- attention patterns ---------------------------------------------------------------
    @property
    def pattern(self) -> AttentionPattern | None:
        """The attention pattern whose transformers recognise exactly this fragment's
        languages: fixed-precision softmax ``global`` / ``local:k`` / ``hybrid:k`` (Li and
        Cotterell), and for LTL[S] ``masked_hard``, unique hard attention under strict
        causal masking without positional encoding (Yang, Chiang and Angluin 2024)."""
        if self.since:
            return AttentionPattern("masked_hard")
        if self.window is None:
            return AttentionPattern("global")
        return AttentionPattern("hybrid" if self.past else "local", self.window)

    @staticmethod
    def from_pattern(pattern: "str | AttentionPattern") -> "Fragment":
        """``global`` → LTL[P], ``local:k`` → LTL[Y<=k], ``hybrid:k`` → LTL[P,Y<=k],
        ``masked_hard`` → LTL[S]."""
        p = AttentionPattern.parse(pattern)
        if p.kind == "global":
            return LTL_P
        if p.kind == "masked_hard":
            return LTL_S
        if p.kind in ("local", "hybrid"):
            return Fragment(p.kind == "hybrid", p.k)
        raise InputError(f"no fragment of the toolkit is characterised by the {p} pattern "
                         "(the theorems are for strict masks: global, local:k, hybrid:k, masked_hard)")

    @staticmethod
    def named(text: "str | Fragment | AttentionPattern") -> "Fragment":
        """A fragment by its name (:meth:`parse`) or by the attention pattern it characterises
        (:meth:`from_pattern`), the pattern spelt as ``classify --pattern`` reads it
        (:meth:`AttentionPattern.parse`: ``global``, ``local:k``, ``hybrid:k``, ``masked_hard``).
        InputError naming both spellings for anything else."""
        if isinstance(text, (Fragment, AttentionPattern)):
            return text if isinstance(text, Fragment) else Fragment.from_pattern(text)
        try:
            return Fragment.parse(text)
        except InputError as exc:
            if isinstance(text, str) and _PATTERN_WORD.match(text.strip()):
                return Fragment.from_pattern(text)
            if not str(exc).startswith("unknown fragment"):
                raise
            raise InputError(f"unknown fragment {text!r} (use LTL[P], LTL[Y], LTL[P,Y], LTL[S], "
                             "LTL[Y<=k], LTL[P,Y<=k] or an attention pattern: global, local:k, "
                             "hybrid:k, masked_hard)") from None

    @staticmethod
    def windowed(k: int) -> tuple["Fragment", "Fragment"]:
        """(LTL[Y<=k], LTL[P,Y<=k]); for k = 1 these are LTL[Y] and LTL[P,Y]."""
        return Fragment(False, k), Fragment(True, k)


LTL_P = Fragment(True, None)
LTL_Y = Fragment(False, 1)
LTL_PY = Fragment(True, 1)
LTL_S = Fragment(True, 1, True)
#: the four fragments every classification answers, in output order
BASE_FRAGMENTS = (LTL_P, LTL_Y, LTL_PY, LTL_S)


def operators(formula: Formula) -> frozenset[str]:
    """Operator symbols used (``P``, ``Y``, ``Y[<=k]``, ``O``, ``H``, ``S``, ``!``, ``&``, …)."""
    ops = set()
    for node in formula.subformulas():
        if isinstance(node, Yesterday):
            ops.add("Y" if node.k == 1 else f"Y[<={node.k}]")
        elif isinstance(node, Mod):
            ops.add(f"MOD[{node.m}]")
        elif node.symbol not in ("atom", "const"):
            ops.add(node.symbol)
    return frozenset(ops)


def windows(formula: Formula) -> frozenset[int]:
    """The window sizes k of the ``Y[<=k]`` operators used."""
    return frozenset(n.k for n in formula.subformulas() if isinstance(n, Yesterday))


def moduli(formula: Formula) -> tuple[int, ...]:
    """The moduli m of the ``MOD[m,r]`` leaves, sorted."""
    return tuple(sorted({n.m for n in formula.subformulas() if isinstance(n, Mod)}))


def fragment(formula: Formula) -> Fragment:
    """The smallest syntactic fragment (see the module docstring); for a formula with
    modular predicates, the fragment of its temporal operators (the formula is in that
    fragment extended by MOD, see :func:`moduli`).  An LTLf formula (with a future
    operator) lies in no fragment of the past logic: InputError (classify its language)."""
    nodes = formula.subformulas()
    if is_future(formula):
        raise InputError("an LTLf formula (future operators) lies in no fragment of the past-time "
                         "logic: classify its language (attnlogic classify) to know which it defines")
    if any(isinstance(n, Since) for n in nodes):
        return LTL_S
    uses_past = any(isinstance(n, (Past, Once, Historically)) for n in nodes)
    ks = {n.k for n in nodes if isinstance(n, Yesterday)}
    if not ks:
        return LTL_P
    return Fragment(uses_past, ks.pop() if len(ks) == 1 else 1)


@dataclass(frozen=True)
class Facts:
    formula: str
    fragment: "Fragment | None"     # None for an LTLf formula (future operators)
    depth: int
    size: int
    atoms: tuple[str, ...]
    operators: tuple[str, ...]
    moduli: tuple[int, ...] = ()

    @property
    def fragment_text(self) -> str:
        """The fragment's name, with the moduli of the MOD predicates when there are any
        (``LTL[Y<=2] + MOD[2]``); ``LTLf`` for a formula with future operators."""
        if self.fragment is None:
            return "LTLf"
        if not self.moduli:
            return str(self.fragment)
        return str(self.fragment) + " + " + ", ".join(f"MOD[{m}]" for m in self.moduli)

    def to_json(self) -> dict:
        out = {"formula": self.formula, "fragment": self.fragment_text if self.fragment is None
               else str(self.fragment), "depth": self.depth,
               "size": self.size, "atoms": list(self.atoms), "operators": list(self.operators)}
        if self.moduli:
            out["moduli"] = list(self.moduli)
        return out


def facts(formula: Formula) -> Facts:
    """Canonical text, fragment, temporal depth, size (tree nodes), atoms, operators."""
    return Facts(str(formula), None if is_future(formula) else fragment(formula), formula.depth, formula.size,
                 tuple(sorted(formula.atoms)), tuple(sorted(operators(formula))), moduli(formula))
