"""Formulas of past-time temporal logic, as immutable, hash-consed value objects.

A formula is a tree built from

* atoms ``a`` (the current letter is ``a``), the constants ``true`` and ``false``;
* modular predicates ``MOD[m,r]`` (the 1-based position i satisfies i ≡ r mod m; the
  readout position N+1 counts too): positional encodings of period m (Li & Cotterell 2026,
  §2.5);
* Boolean connectives ``!``, ``&``, ``|``, ``->``, ``<->``, ``xor``;
* past operators ``P`` (strictly before), ``Y[<=k]`` (within the k strictly earlier
  positions; ``Y`` is ``Y[<=1]``), ``O`` (once, non-strict), ``H`` (historically) and the
  binary ``S`` (strict since);
* future operators of LTLf (:data:`FUTURE`): ``X`` (strong next), ``WX`` (weak next), ``F``,
  ``G``, ``U`` and ``R``, over the letter positions 1 … N.  A formula with a future operator
  is read at position 1 (docs/logic.md, "Future-time LTLf"); other formulas at N+1.

The exact semantics are those of docs/syntax.md; :mod:`attnlogic.ltl.evaluate`
is the reference evaluator.

Design
------
Nodes are *hash-consed*: constructing a node equal to a live one returns that very object.
Structural equality is therefore object identity, hashing is O(1) and nothing here ever
recurses over a formula (formulas 10 000 levels deep are fine).  Size, temporal depth,
height and atoms are computed once, bottom-up, at construction.
"""

from __future__ import annotations

import weakref
from typing import Callable, Iterator

from ..kernel.validate import is_int

__all__ = [
    "Formula", "Atom", "Const", "Mod", "Not", "And", "Or", "Implies", "Iff", "Xor",
    "Past", "Yesterday", "Once", "Historically", "Since",
    "TRUE", "FALSE", "atom", "P", "Y", "O", "H", "S",
    "conj", "disj", "and_", "or_", "not_", "and_all", "or_all", "past_", "yesterday_", "since_",
    "UNARY_TEMPORAL", "BINARY_BOOLEAN", "period",
    "Next", "WeakNext", "Eventually", "Always", "Until", "Release", "FUTURE", "is_future",
]

_TABLE: "weakref.WeakValueDictionary[tuple, Formula]" = weakref.WeakValueDictionary()


class Formula:
    """Base class of every formula node.  Do not instantiate directly."""

    __slots__ = ("_key", "_hash", "size", "depth", "height", "atoms", "__weakref__")

    #: operator symbol in the canonical ASCII syntax (set by subclasses)
    symbol: str = "?"
    #: number of formula children
    arity: int = 0

    # -- construction -------------------------------------------------------------
    @classmethod
    def _make(cls, key: tuple, children: tuple["Formula", ...], temporal: bool,
              atoms: frozenset[str] | None = None) -> "Formula":
        full = (cls,) + key
        node = _TABLE.get(full)
        if node is not None:
            return node
        node = object.__new__(cls)
        sa = object.__setattr__
        sa(node, "_key", key)
        sa(node, "_hash", hash(full))
        sa(node, "size", 1 + sum(c.size for c in children))
        sa(node, "depth", (1 if temporal else 0) + max((c.depth for c in children), default=0))
        sa(node, "height", 1 + max((c.height for c in children), default=0))
        if atoms is None:
            atoms = frozenset().union(*(c.atoms for c in children)) if children else frozenset()
        sa(node, "atoms", atoms)
        _TABLE[full] = node
        return node

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:  # hash-consing: structural equality is identity
        return self is other

    def __ne__(self, other) -> bool:
        return self is not other

    def __reduce__(self):
        return (type(self), self._key)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # -- structure ----------------------------------------------------------------
    @property
    def children(self) -> tuple["Formula", ...]:
        """The formula operands, left to right."""
        return tuple(x for x in self._key if isinstance(x, Formula))

    @property
    def is_temporal(self) -> bool:
        return isinstance(self, (Past, Yesterday, Once, Historically, Since) + FUTURE)

    def subformulas(self, enter: "Callable[[Formula], bool] | None" = None) -> list["Formula"]:
        """Every distinct subformula, children before parents (iterative post-order); with
        ``enter``, only below the nodes for which it is true (the others are leaves)."""
        seen: set[int] = set()
        order: list[Formula] = []
        stack: list[tuple[Formula, bool]] = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.append((node, True))
            if enter is not None and not enter(node):
                continue
            for child in reversed(node.children):
                if id(child) not in seen:
                    stack.append((child, False))
        return order

    def __iter__(self) -> Iterator["Formula"]:
        return iter(self.subformulas())

    def map_children(self, children: tuple["Formula", ...]) -> "Formula":
        """The same operator applied to new children (same arity)."""
        raise NotImplementedError

    # -- Python operators for building formulas -------------------------------------
    def __invert__(self) -> "Formula":
        return Not(self)

    def __and__(self, other: "Formula") -> "Formula":
        return And(self, _coerce(other))

    def __rand__(self, other) -> "Formula":
        return And(_coerce(other), self)

    def __or__(self, other: "Formula") -> "Formula":
        return Or(self, _coerce(other))

    def __ror__(self, other) -> "Formula":
        return Or(_coerce(other), self)

    def __xor__(self, other: "Formula") -> "Formula":
        return Xor(self, _coerce(other))

    def __rshift__(self, other: "Formula") -> "Formula":
        return Implies(self, _coerce(other))

    # -- display --------------------------------------------------------------------
    def __str__(self) -> str:
        from .printer import to_text
        return to_text(self)

    def __repr__(self) -> str:
        text = str(self)
        if len(text) > 200:
            text = text[:197] + "..."
        return f"Formula({text!r})"

    def _repr_latex_(self) -> str:
        from .printer import to_latex
        return "$" + to_latex(self) + "$"

    def _repr_pretty_(self, p, cycle) -> None:
        """IPython's plain-text form (the fallback where LaTeX is not rendered): Unicode."""
        from .printer import to_unicode
        text = to_unicode(self)
        p.text(text if len(text) <= 500 else text[:497] + "...")


def _coerce(x) -> Formula:
    if isinstance(x, Formula):
        return x
    if isinstance(x, bool):
        return TRUE if x else FALSE
    if isinstance(x, str):
        return Atom(x)
    raise TypeError(f"cannot use {type(x).__name__} as a formula")


def _check(x, what: str) -> Formula:
    if not isinstance(x, Formula):
        raise TypeError(f"{what} must be a Formula, not {type(x).__name__}")
    return x


class Atom(Formula):
    """``a``: the letter at the current position is ``name`` (false at N+1)."""

    __slots__ = ()
    symbol = "atom"

    def __new__(cls, name: str):
        if not isinstance(name, str) or name == "":
            raise ValueError("an atom is a non-empty string")
        return cls._make((name,), (), False, frozenset((name,)))

    @property
    def name(self) -> str:
        return self._key[0]

    def map_children(self, children):
        return self


class Const(Formula):
    """``true`` or ``false``."""

    __slots__ = ()
    symbol = "const"

    def __new__(cls, value: bool):
        return cls._make((bool(value),), (), False)

    @property
    def value(self) -> bool:
        return self._key[0]

    def map_children(self, children):
        return self


TRUE = Const(True)
FALSE = Const(False)


class Mod(Formula):
    """``MOD[m,r]``: the current (1-based) position i satisfies i ≡ r (mod m); it holds at
    N+1 too when N+1 ≡ r.  A leaf like an atom, but it reads the position, not the letter
    (its ``atoms`` are empty: it names no letter).  ``r`` is kept as its residue in
    0 … m−1, so ``MOD[2,2]`` is ``MOD[2,0]``."""

    __slots__ = ()
    symbol = "MOD"

    def __new__(cls, m: int, r: int):
        for name, x in (("m", m), ("r", r)):
            if not is_int(x):
                raise TypeError(f"the {name} of MOD[m,r] must be an int")
        if m < 1:
            raise ValueError(f"the modulus m of MOD[m,r] must be >= 1, got {m}")
        return cls._make((m, r % m), (), False)

    @property
    def m(self) -> int:
        return self._key[0]

    @property
    def r(self) -> int:
        return self._key[1]

    def holds_at(self, position: int) -> bool:
        """Truth at the 1-based ``position``."""
        return (position - self.r) % self.m == 0

    def map_children(self, children):
        return self


class _Unary(Formula):
    __slots__ = ()
    arity = 1
    _temporal = False

    def __new__(cls, arg: Formula):
        arg = _check(arg, f"the argument of {cls.__name__}")
        return cls._make((arg,), (arg,), cls._temporal)

    @property
    def arg(self) -> Formula:
        return self._key[0]

    def map_children(self, children):
        (arg,) = children
        return type(self)(arg)


class _Binary(Formula):
    __slots__ = ()
    arity = 2
    _temporal = False

    def __new__(cls, left: Formula, right: Formula):
        left = _check(left, f"the left operand of {cls.__name__}")
        right = _check(right, f"the right operand of {cls.__name__}")
        return cls._make((left, right), (left, right), cls._temporal)

    @property
    def left(self) -> Formula:
        return self._key[0]

    @property
    def right(self) -> Formula:
        return self._key[1]

    def map_children(self, children):
        left, right = children
        return type(self)(left, right)


class Not(_Unary):
    """``!φ``."""
    __slots__ = ()
    symbol = "!"


class And(_Binary):
    """``φ & ψ``."""
    __slots__ = ()
    symbol = "&"


class Or(_Binary):
    """``φ | ψ``."""
    __slots__ = ()
    symbol = "|"


class Implies(_Binary):
    """``φ -> ψ`` (right-associative)."""
    __slots__ = ()
    symbol = "->"


class Iff(_Binary):
    """``φ <-> ψ``."""
    __slots__ = ()
    symbol = "<->"


class Xor(_Binary):
    """``φ xor ψ``."""
    __slots__ = ()
    symbol = "xor"


class Past(_Unary):
    """``P φ``: φ held at some position m < n (strict past)."""
    __slots__ = ()
    symbol = "P"
    _temporal = True


class Once(_Unary):
    """``O φ``: φ held at some position m ≤ n (= φ | P φ)."""
    __slots__ = ()
    symbol = "O"
    _temporal = True


class Historically(_Unary):
    """``H φ``: φ held at every position m ≤ n (= φ & !P !φ)."""
    __slots__ = ()
    symbol = "H"
    _temporal = True


class Yesterday(Formula):
    """``Y[<=k] φ``: φ held at some m with max(1, n−k) ≤ m < n.  ``Y φ`` is k = 1."""

    __slots__ = ()
    arity = 1
    symbol = "Y"

    def __new__(cls, arg: Formula, k: int = 1):
        arg = _check(arg, "the argument of Yesterday")
        if not is_int(k):
            raise TypeError("the window k of Y[<=k] must be an int")
        if k < 1:
            raise ValueError(f"the window k of Y[<=k] must be >= 1, got {k}")
        return cls._make((arg, k), (arg,), True)

    @property
    def arg(self) -> Formula:
        return self._key[0]

    @property
    def k(self) -> int:
        return self._key[1]

    def map_children(self, children):
        (arg,) = children
        return Yesterday(arg, self.k)


class Since(_Binary):
    """``φ S ψ``: ψ at some m < n and φ at every m < j < n (strict since)."""
    __slots__ = ()
    symbol = "S"
    _temporal = True


class Next(_Unary):
    """``X φ`` (strong next, LTLf): n < N and φ at n + 1 (false at the last letter)."""
    __slots__ = ()
    symbol = "X"
    _temporal = True


class WeakNext(_Unary):
    """``WX φ`` (weak next, LTLf): n ≥ N or φ at n + 1 (true at the last letter)."""
    __slots__ = ()
    symbol = "WX"
    _temporal = True


class Eventually(_Unary):
    """``F φ``: φ at some m with n ≤ m ≤ N."""
    __slots__ = ()
    symbol = "F"
    _temporal = True


class Always(_Unary):
    """``G φ``: φ at every m with n ≤ m ≤ N."""
    __slots__ = ()
    symbol = "G"
    _temporal = True


class Until(_Binary):
    """``φ U ψ``: ψ at some m with n ≤ m ≤ N and φ at every n ≤ j < m."""
    __slots__ = ()
    symbol = "U"
    _temporal = True


class Release(_Binary):
    """``φ R ψ`` = ``!(!φ U !ψ)``: ψ holds up to and including the first φ, or up to N."""
    __slots__ = ()
    symbol = "R"
    _temporal = True


UNARY_TEMPORAL = (Past, Yesterday, Once, Historically)
#: the future-time (LTLf) operators
FUTURE = (Next, WeakNext, Eventually, Always, Until, Release)


def is_future(formula: Formula) -> bool:
    """Whether ``formula`` has a future operator (it is then read at position 1)."""
    return any(isinstance(g, FUTURE) for g in formula.subformulas())
BINARY_BOOLEAN = (And, Or, Implies, Iff, Xor)


def period(formula: Formula) -> int:
    """The least common multiple of the moduli m of the ``MOD[m,r]`` leaves (1 when there
    are none): the truth of every leaf at position i depends on the letter and i mod period."""
    import math
    out = 1
    for node in formula.subformulas():
        if isinstance(node, Mod):
            out = math.lcm(out, node.m)
    return out


# -- short constructors ---------------------------------------------------------------
def atom(name: str) -> Atom:
    return Atom(name)


def P(f) -> Formula:
    return Past(_coerce(f))


def Y(f, k: int = 1) -> Formula:
    return Yesterday(_coerce(f), k)


def O(f) -> Formula:  # noqa: E743 - the operator's name
    return Once(_coerce(f))


def H(f) -> Formula:
    return Historically(_coerce(f))


def S(left, right) -> Formula:
    return Since(_coerce(left), _coerce(right))


def not_(a: Formula) -> Formula:
    """¬a with constants folded and double negation removed."""
    if a is TRUE:
        return FALSE
    if a is FALSE:
        return TRUE
    if isinstance(a, Not):
        return a.arg
    return Not(a)


def and_(a: Formula, b: Formula) -> Formula:
    """a ∧ b with constants folded (true is the unit, false absorbs) and a ∧ a = a."""
    if a is FALSE or b is FALSE:
        return FALSE
    if a is TRUE:
        return b
    if b is TRUE or a is b:
        return a
    return And(a, b)


def or_(a: Formula, b: Formula) -> Formula:
    """a ∨ b with constants folded (false is the unit, true absorbs) and a ∨ a = a."""
    if a is TRUE or b is TRUE:
        return TRUE
    if a is FALSE:
        return b
    if b is FALSE or a is b:
        return a
    return Or(a, b)


def and_all(items) -> Formula:
    """⋀ items, left to right with :func:`and_` (constants folded); ``true`` when empty."""
    out = TRUE
    for f in items:
        out = and_(out, f)
    return out


def or_all(items) -> Formula:
    """⋁ items, left to right with :func:`or_` (constants folded); ``false`` when empty."""
    out = FALSE
    for f in items:
        out = or_(out, f)
    return out


def past_(a: Formula) -> Formula:
    """P a, folded: P false = false."""
    return FALSE if a is FALSE else Past(a)


def yesterday_(a: Formula) -> Formula:
    """Y a, folded: Y false = false."""
    return FALSE if a is FALSE else Yesterday(a, 1)


def since_(a: Formula, b: Formula) -> Formula:
    """a S b, folded: a S false = false, false S b = Y b, true S b = P b."""
    if b is FALSE:
        return FALSE
    if a is FALSE:
        return yesterday_(b)
    if a is TRUE:
        return past_(b)
    return Since(a, b)


def conj(items) -> Formula:
    """Left-nested conjunction of the items; ``true`` when empty."""
    result = None
    for f in items:
        f = _coerce(f)
        result = f if result is None else And(result, f)
    return TRUE if result is None else result


def disj(items) -> Formula:
    """Left-nested disjunction of the items; ``false`` when empty."""
    result = None
    for f in items:
        f = _coerce(f)
        result = f if result is None else Or(result, f)
    return FALSE if result is None else result
