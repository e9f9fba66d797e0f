"""The registry of the classes of languages the classifier answers, in the order a
classification asks them (a later class may use an earlier answer through a known
inclusion).

A new class is one module declaring a :class:`~.classes.LanguageClass` (its name, attention
pattern, decision procedure, certificate and witness kinds, inclusions) plus one line in
:data:`CLASSES` below; from outside the package, :func:`register` adds one (and
:func:`unregister` removes it).  docs/architecture.md shows the recipe.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...kernel.errors import InputError
from ..fragments import aperiodic, definite, locally_r_trivial, r_trivial, windows
from ..varieties import dot_depth, fo2
from ..subregular import (fixed_order, generalized_definite, locally_testable, piecewise_testable,
                          reverse_definite, strictly_local, strictly_piecewise, threshold_testable,
                          tier_strictly_local)
from ..contract.classes import LanguageClass
from ..contract.procedure import Procedure

__all__ = ["CLASSES", "PROCEDURES", "GROUPS", "register", "unregister", "language_class",
           "procedure_for", "class_for", "expand", "class_rows"]

CLASSES: list[LanguageClass] = [
    r_trivial.CLASS,          # LTL[P]
    definite.CLASS,           # LTL[Y]
    locally_r_trivial.CLASS,  # LTL[P,Y]
    aperiodic.CLASS,          # LTL[S]
    windows.CLASS,            # LTL[Y<=k], LTL[P,Y<=k], k ≥ 2
    fo2.CLASS,                # FO2[<] = DA (asked by name)
    dot_depth.CLASS,          # DD1, dot-depth one (asked by name)
    # the subregular classes, asked when named (or all by "subregular")
    strictly_local.CLASS,        # SL
    strictly_piecewise.CLASS,    # SP
    reverse_definite.CLASS,      # RD
    generalized_definite.CLASS,  # GD
    locally_testable.CLASS,      # LT
    threshold_testable.CLASS,    # LTT
    piecewise_testable.CLASS,    # PT
    tier_strictly_local.CLASS,   # TSL
]



class _Groups(Mapping):
    """The groups of the registered classes, read from their declarations
    (``LanguageClass.groups``) each time: group name → the names of its classes in the
    order of :data:`CLASSES` (a class registered later joins its groups at once)."""

    def _table(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for c in CLASSES:
            for g in c.groups:
                out.setdefault(g, []).append(c.name)
        return {g: tuple(names) for g, names in out.items()}

    def __getitem__(self, name: str) -> tuple[str, ...]:
        return self._table()[name]

    def __iter__(self):
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __repr__(self) -> str:
        return repr(self._table())


#: names that ask several classes at once (``"subregular"``), derived from the declarations
GROUPS: Mapping[str, tuple[str, ...]] = _Groups()

#: the decision procedures of the built-in classes, in order
PROCEDURES: tuple[Procedure, ...] = tuple(c.procedure for c in CLASSES)


def register(cls: LanguageClass) -> LanguageClass:
    """Add ``cls`` after the registered classes (InputError if its name is taken)."""
    if not isinstance(cls, LanguageClass):
        raise InputError(f"cls: a LanguageClass, got {type(cls).__name__}", parameters=("cls",))
    if any(c.name == cls.name for c in CLASSES) or cls.name in GROUPS:
        raise InputError(f"a class named {cls.name!r} is registered already", parameters=("cls",))
    CLASSES.append(cls)
    return cls


def unregister(name: str) -> None:
    """Remove the class registered under ``name`` (a class added by :func:`register`)."""
    CLASSES[:] = [c for c in CLASSES if c.name != str(name)]


def language_class(name) -> LanguageClass:
    """The registered class of that name, or a declaration itself (registered or not: a
    class built at run time, e.g. from identities), or a subregular class at a fixed order
    (``"SL[2]"``, ``"LTT[2,3]"``, :mod:`.fixed_order`); InputError naming ``classes``
    otherwise."""
    if isinstance(name, LanguageClass):
        return name
    for c in CLASSES:
        if c is name or c.name == str(name):
            return c
    fixed = fixed_order.fixed_order_class(name)     # SL[2], LT[3], LTT[2,3]: built on demand
    if fixed is not None:
        return fixed
    raise InputError(f"no class of languages is registered as {str(name)!r} (registered: "
                     f"{', '.join(c.name for c in CLASSES)})", parameters=("classes",))


def expand(names) -> tuple:
    """The names with each group of :data:`GROUPS` replaced by its classes' names."""
    out: list = []
    for n in names:
        out += list(GROUPS.get(str(n), (n,))) if isinstance(n, str) else [n]
    return tuple(out)


def class_for(key) -> LanguageClass:
    """The first registered class that answers ``key`` (a fragment or a class); a class
    keyed by its declaration answers itself, registered or not."""
    if isinstance(key, LanguageClass) and key.key is None and key.asks is None:
        return key
    for c in CLASSES:
        if c.handles(key):
            return c
    raise InputError(f"no registered class answers {key}")  # pragma: no cover


def procedure_for(key) -> Procedure:
    """The decision procedure of :func:`class_for` ``key``."""
    return class_for(key).procedure


def class_rows() -> list[tuple[str, str, str, str, str, str, str]]:
    """One row per class asked only when named, from its declaration: (name, groups,
    parameters, certificate kind, witness kind, how the census decides it — ``"in bulk"``
    by the compiled kernel or ``"one at a time"`` —, summary): the ``--help`` list and the
    table of docs/architecture.md (tests/definability/test_registry.py compares them)."""
    return [(c.name, ", ".join(c.groups), c.parameters, c.certificate, c.witness,
             "one at a time" if c.bulk is None else "in bulk", c.summary)
            for c in CLASSES if not c.default]
