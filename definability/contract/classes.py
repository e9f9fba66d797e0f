"""What a class of languages is to the classifier: a declaration, made in one module.

A :class:`LanguageClass` declares everything the rest of the package needs to know about a
class of regular languages: its ``name`` (how it is printed and looked up), the attention
``pattern`` it characterises (None if none), the :class:`~.procedure.Procedure` that decides
it on a minimal DFA, the kind of ``certificate`` a "yes" carries and of ``witness`` a "no"
carries, and the known ``inclusions`` (other classes inside it, each with its reason).  The
declaration lives in the module of its decision procedure and is registered with one line
in :mod:`.registry` (or, from outside the package, with :func:`.registry.register`);
:func:`~.classify.classify` asks every registered class (or those named), runs each one's
procedure, and gives each answer to the stages that its kinds call for: a
:data:`FORMULA` certificate is checked exactly and made smaller (:mod:`.certificates`), a
:data:`PAIR` witness of an LTL fragment is attested by the independent type computation
(:mod:`.attest`).  Nothing else in the package looks at which class it is.

The LTL fragments are classes whose answers are keyed by their
:class:`~attnlogic.ltl.fragments.Fragment` (``key``); LTL[Y<=k] and LTL[P,Y<=k] form one
parametrised declaration (``asks``: the fragments asked for the windows of a
classification).  A class that is not a fragment of LTL (a subregular class: locally
testable, piecewise testable, …) is keyed by its declaration itself, answers under its
name, and carries its own kinds of certificate and witness (``FragmentResult.certificate``
holds a certificate that is not a formula).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ...ltl.fragments import Fragment
from ...kernel.patterns import AttentionPattern
from .procedure import Procedure

__all__ = ["LanguageClass", "FORMULA", "PAIR", "PARAMETERS", "PREVARIETY", "POSITIVE_PREVARIETY", "CLOSURES"]

#: certificate kind: a formula of the fragment defining the language, checked exactly against
#: the DFA before it is printed (and made smaller where a search allows)
FORMULA = "formula"
#: witness kind: two words, one in the language and one not, that no formula of the fragment
#: of the stated temporal depth separates (checked by the independent type computation)
PAIR = "pair"
#: what a class's answers may be indexed by: an order k, an order and a threshold t, a tier
#: and an order (and a threshold), or nothing (a class without k: its answers never say "least k")
PARAMETERS = ("k", "k,t", "tier,k", "tier,k,t", "none")
#: closure: a class closed under Boolean operations and quotients u⁻¹Lv⁻¹ (Place–Zeitoun's
#: prevariety; it holds ∅ and A*).  Its membership is a property of the syntactic morphism
#: α : A* → M alone: a language K recognised by α is a union of classes α⁻¹(m), and
#: α⁻¹(α(w)) = ⋂ {u⁻¹Lv⁻¹ : uwv ∈ L} ∩ ⋂ {A* ∖ u⁻¹Lv⁻¹ : uwv ∉ L}, finitely many quotients
#: of L — so two languages with isomorphic syntactic morphisms are both in or both out.
PREVARIETY = "prevariety"
#: closure: a class closed under ∪, ∩ and quotients (a positive prevariety; it holds ∅ and
#: A*).  Its membership is a property of the *ordered* syntactic morphism: a language K
#: recognised by α whose accepted set is a down-set of L's syntactic order (as K's own
#: accepted set is, when the two orders are equal) is a union of the sets
#: α⁻¹(↓α(w)) = ⋂ {u⁻¹Lv⁻¹ : uwv ∈ L} (:mod:`..algebra.syntactic_order`: s ≤ t iff
#: xty ∈ L ⇒ xsy ∈ L) — positive combinations of quotients of L.
POSITIVE_PREVARIETY = "positive prevariety"
#: what ``closure`` may say (None: nothing declared; the census asks the class language by language)
CLOSURES = (PREVARIETY, POSITIVE_PREVARIETY)


@dataclass(frozen=True, eq=False)
class LanguageClass:
    """A class of languages the classifier answers (module docstring).

    ``name``: printed and looked up (``"LTL[P]"``); ``procedure``: decides it;
    ``certificate`` / ``witness``: the kinds of a "yes" and a "no" (:data:`FORMULA`,
    :data:`PAIR`, or a kind of the class's own, described in its module); ``pattern``: the
    attention pattern it characterises; ``inclusions``: ``(smaller, reason)`` pairs, each a
    class known to lie inside this one; ``key``: what its answers are keyed by (an LTL
    :class:`Fragment`; None: the declaration itself); ``asks``: for a parametrised family,
    the keys asked for the windows of a classification (None: ``(key,)`` always);
    ``default``: asked by every classification (False: only when named); ``check``: re-checks
    an answer of the class as ``classify --json`` prints it, by code independent of its
    procedure, ``check(dfa, answer, sep) -> Check`` (``verify --class NAME --answer FILE``;
    None: the class has no such check of its own — an LTL fragment's formulas and witnesses
    are re-checked by :mod:`.verify`); ``groups``: the names of the groups that ask it with
    others (``--class subregular``: :data:`.registry.GROUPS` is derived from these);
    ``bulk``: the column of the compiled census kernel
    (:data:`.batch_classes.CLASSES`) that decides it for thousands of small DFAs at once
    (None: the census asks it one language at a time); ``tier_base``: for a tier-based class
    decided by its base class on the letters that act, the kernel column of the base class —
    its verdict wherever every letter acts (the tier is then Σ), so that the census asks the
    class one language at a time only where a letter is neutral; ``parameters``: what its answers
    are indexed by (:data:`PARAMETERS`: ``"k"`` an order, ``"k,t"`` an order and a
    threshold, ``"tier,k"`` a tier and an order, ``"tier,k,t"`` a tier, an order and a
    threshold, ``"none"``: an answer carries no order,
    so no "least k"); ``closure``: :data:`PREVARIETY` or :data:`POSITIVE_PREVARIETY` where the
    class is known to be one (its membership is then a property of the (ordered) syntactic
    morphism, and the census asks it once per morphism: :mod:`..census.morphisms`), None where
    nothing is declared; ``summary``: its one-line description (the ``--help`` list and the
    docs table, :func:`.registry.class_rows`)."""

    name: str
    procedure: Procedure
    certificate: str
    witness: str
    pattern: AttentionPattern | None = None
    inclusions: tuple[tuple[str, str], ...] = ()
    key: object = None
    asks: Callable[[tuple[int, ...]], tuple] | None = field(default=None, repr=False)
    default: bool = True
    check: Callable | None = field(default=None, repr=False)
    groups: tuple[str, ...] = ()
    bulk: str | None = None
    tier_base: str | None = None
    parameters: str = "none"
    summary: str = ""
    closure: str | None = None

    def __post_init__(self):
        if self.parameters not in PARAMETERS:
            raise ValueError(f"parameters: one of {', '.join(PARAMETERS)}, got {self.parameters!r}")
        if self.closure is not None and self.closure not in CLOSURES:
            raise ValueError(f"closure: one of {', '.join(CLOSURES)} or None, got {self.closure!r}")
        object.__setattr__(self, "groups", tuple(self.groups))

    def keys(self, windows: tuple[int, ...]) -> tuple:
        """The answers this declaration gives in a classification with these windows."""
        if self.asks is not None:
            return tuple(self.asks(tuple(windows)))
        return (self if self.key is None else self.key,)

    def handles(self, key) -> bool:
        """Whether ``key`` (a fragment or a class) is answered by this declaration."""
        if self.key is None and self.asks is None:
            return key is self
        return isinstance(key, Fragment) and self.procedure.handles(key)

    def includes(self, smaller) -> str | None:
        """Why ``smaller`` (a class, fragment or name) lies inside this class, when declared
        (for an LTL fragment, also by the rules of :meth:`Fragment.includes`); None
        otherwise."""
        if isinstance(self.key, Fragment):
            try:
                reason = self.key.includes(smaller)
            except (ValueError, TypeError):        # not a fragment's name
                reason = None
            if reason is not None:
                return reason
        for name, reason in self.inclusions:
            if name == str(smaller):
                return reason
        return None

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def __eq__(self, other) -> bool:
        if isinstance(other, LanguageClass):
            return self is other
        if isinstance(other, str):
            return other == self.name
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.name)
