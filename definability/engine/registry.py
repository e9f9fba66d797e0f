"""The registry of the classes of languages the classifier answers, in the order a
classification asks them (a later class may use an earlier answer through a known
inclusion).

A new class is one module declaring a :class:`~.classes.LanguageClass` (its name, attention
pattern, decision procedure, certificate and witness kinds, inclusions) plus one line in
:data:`CLASSES` below (a class asked only when named: one line in :data:`NAMED`); from
outside the package, :func:`register` adds one (and :func:`unregister` removes it).
docs/architecture.md shows the recipe.

The classes asked only when named are imported when they are first asked, listed or
grouped (:data:`NAMED`: the name and module of each): a classification that names none of
them loads none of their procedures (``attnlogic classify`` of a small language starts in a
few interpreter starts; tests/cli/test_import_graph.py keeps it so).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, MutableSequence

from ...kernel.errors import InputError
from ..fragments import aperiodic, definite, locally_r_trivial, r_trivial, windows
from ..contract.classes import POSITIVE_PREVARIETY, PREVARIETY, LanguageClass

__all__ = ["CLASSES", "DEFAULT", "NAMED", "default_classes", "registered_now", "PROCEDURES", "GROUPS", "register",
           "unregister", "language_class", "procedure_for", "class_for", "expand", "class_rows", "census_route", "ENCODED_PATTERNS", "encoded_pattern_class", "ASCII_SPELLINGS"]

#: the classes every classification asks, in order
DEFAULT: tuple[LanguageClass, ...] = (
    r_trivial.CLASS,          # LTL[P]
    definite.CLASS,           # LTL[Y]
    locally_r_trivial.CLASS,  # LTL[P,Y]
    aperiodic.CLASS,          # LTL[S]
    windows.CLASS,            # LTL[Y<=k], LTL[P,Y<=k], k ≥ 2
)

#: the classes asked only when named, in order after :data:`DEFAULT`: (name, the module of
#: definability/ that declares it as ``CLASS``), imported when first needed
NAMED: tuple[tuple[str, str], ...] = (
    ("FO2[<]", "varieties.fo2"),                     # FO2[<] = DA
    ("DD1", "varieties.dot_depth"),                  # dot-depth one
    # the subregular classes (or all by "subregular")
    ("SL", "subregular.strictly_local"),
    ("SP", "subregular.strictly_piecewise"),
    ("RD", "subregular.reverse_definite"),
    ("GD", "subregular.generalized_definite"),
    ("LT", "subregular.locally_testable"),
    ("LTT", "subregular.threshold_testable"),
    ("PT", "subregular.piecewise_testable"),
    ("TSL", "subregular.tier_strictly_local"),
    ("TLT", "subregular.tier_locally_testable"),
    ("TLTT", "subregular.tier_threshold_testable"),
    ("TPT", "subregular.tier_piecewise_testable"),
    ("PLT", "varieties.piecewise_local"),
    ("TPLT", "varieties.tier_piecewise_local"),
    ("MTSL", "subregular.multi_tier_strictly_local"),
    # the MOD-enriched fragments: periodic positional encodings (or all by "mod")
    ("LTL[S,MOD]", "fragments.quasi_aperiodic"),
    ("LTL[P,Y,MOD]", "fragments.mod_locally_r_trivial"),
    ("LTL[P,MOD]", "fragments.mod_r_trivial"),
    # the group-based classes, by their identities
    ("GR", "varieties.group_languages"),
    ("AMT", "varieties.alphabet_modulo"),
    ("COM", "varieties.commutative"),
    # the half-levels of the concatenation hierarchies (or all by "hierarchy")
    ("Pol(ST)", "varieties.sigma1"),                 # Σ1[<], MeSCaL's PPT (alias SIGMA1)
    ("Pol2(ST)", "varieties.sigma2"),                # Σ2[<] = Pol(BPol(ST)) (alias SIGMA2)
    ("co-Pol2(ST)", "varieties.pi2"),                # Π2[<], Σ2 of the complement (alias PI2)
    ("Pol(DD)", "varieties.dot_depth_half"),         # dot-depth 1/2
    ("MOD", "varieties.length_modulo"),              # the length classes modulo m
    ("MOD⁺", "varieties.length_modulo_plus"),        # … of the non-empty words, ε apart
    ("GR⁺", "varieties.group_languages_plus"),       # the syntactic semigroup a group (alias GR+)
    ("AMT⁺", "varieties.alphabet_modulo_plus"),      # … a commutative group (alias AMT+)
    # the future unary temporal logics, as the mirrors of the past ones (or all by "future")
    ("FL(ST)", "fragments.future_st"),               # F: rev(L) ∈ LTL[P]
    ("FL(DD)", "fragments.future_dd"),               # F, X: rev(L) ∈ LTL[P,Y]
    ("FL(MOD)", "fragments.future_mod"),             # F, MOD: rev(L) ∈ LTL[P,MOD]
    ("FL(MOD⁺)", "fragments.future_mod_plus"),       # F, X, MOD: rev(L) ∈ LTL[P,Y,MOD] (alias FL(MOD+))
    ("TL(DD)", "varieties.local_da"),                # FO2[<,+1] = LDA (alias FO2[<,+1])
    # the classes over the group bases decided on a G-kernel (or all by "kernels")
    ("PL(AMT)", "varieties.past_amt"),               # the AMT-kernel R-trivial
    ("PL(GR)", "varieties.past_gr"),                 # the GR-kernel (type II) R-trivial
    ("PL(AMT⁺)", "varieties.past_amt_plus"),         # its orbits eKe R-trivial (alias PL(AMT+))
    ("PL(GR⁺)", "varieties.past_gr_plus"),           # (alias PL(GR+))
    ("FL(AMT)", "varieties.future_amt"),             # L-trivial
    ("FL(GR)", "varieties.future_gr"),
    ("FL(AMT⁺)", "varieties.future_amt_plus"),       # (alias FL(AMT+))
    ("FL(GR⁺)", "varieties.future_gr_plus"),         # (alias FL(GR+))
    ("SF(AMT)", "varieties.starfree_amt"),           # aperiodic
    ("SF(GR)", "varieties.starfree_gr"),
    ("TL(MOD)", "varieties.temporal_mod"),           # F, P, MOD: the MOD-kernel in DA
    ("TL(MOD⁺)", "varieties.temporal_mod_plus"),     # F, P, X, Y, MOD: the MOD⁺-orbits in DA (alias TL(MOD+))
    ("BPol(MOD)", "varieties.bpol_mod"),             # level one over MOD: the equation on the MOD-pairs
    ("UPol(MOD⁺)", "varieties.upol_mod_plus"),       # the MOD⁺-orbits trivial (alias UPol(MOD+))
    ("TL(AMT)", "varieties.temporal_amt"),           # F, P over AMT: the AMT-kernel in DA
    ("TL(GR)", "varieties.temporal_gr"),             # F, P over GR: the GR-kernel in DA
    ("TL(AMT⁺)", "varieties.temporal_amt_plus"),     # its orbits eKe in DA (alias TL(AMT+))
    ("TL(GR⁺)", "varieties.temporal_gr_plus"),       # (alias TL(GR+))
    ("UPol(AMT⁺)", "varieties.upol_amt_plus"),       # its orbits eKe trivial (alias UPol(AMT+))
    ("UPol(GR⁺)", "varieties.upol_gr_plus"),         # (alias UPol(GR+))
    ("BPol(AMT)", "varieties.bpol_amt"),             # level one over AMT: the equation on the AMT-pairs
    ("BPol(GR)", "varieties.bpol_gr"),               # level one over GR: on the GR-pairs (free-group closures)
    ("Pol(MOD)", "varieties.pol_mod"),               # level 1/2 over MOD: q^ω s q^ω ≤ q^{ω+1}, MOD-pairs
    ("Pol(AMT)", "varieties.pol_amt"),               # … on the AMT-pairs
    ("Pol(GR)", "varieties.pol_gr"),                 # … on the GR-pairs
    ("Pol(MOD⁺)", "varieties.pol_mod_plus"),         # level 1/2 over MOD⁺: on the MOD⁺-pairs (alias Pol(MOD+))
    ("Pol(AMT⁺)", "varieties.pol_amt_plus"),         # … on the AMT⁺-pairs (alias Pol(AMT+))
    ("Pol(GR⁺)", "varieties.pol_gr_plus"),           # … on the GR⁺-pairs (alias Pol(GR+))
    ("BPol(MOD⁺)", "varieties.bpol_mod_plus"),       # level one over MOD⁺: Place–Zeitoun's equation with idempotents of α(A⁺) (alias BPol(MOD+))
    ("BPol(AMT⁺)", "varieties.bpol_amt_plus"),       # … on the AMT⁺-pairs (alias BPol(AMT+))
    ("BPol(GR⁺)", "varieties.bpol_gr_plus"),         # … on the GR⁺-pairs (alias BPol(GR+))
    # MeSCaL's JOrb(C), the C-orbits J-trivial: PL(C) ∩ FL(C), asked part by part
    ("JOrb(DD)", "fragments.jorb_dd"),
    ("JOrb(MOD)", "fragments.jorb_mod"),
    ("JOrb(MOD⁺)", "fragments.jorb_mod_plus"),       # (alias JOrb(MOD+))
    ("JOrb(AMT)", "varieties.jorb_amt"),
    ("JOrb(AMT⁺)", "varieties.jorb_amt_plus"),       # (alias JOrb(AMT+))
    ("JOrb(GR)", "varieties.jorb_gr"),
    ("JOrb(GR⁺)", "varieties.jorb_gr_plus"),         # (alias JOrb(GR+))
    # level two of the navigational hierarchy over ST: the AT-orbits (or all by "navigational")
    ("PL(AT)", "varieties.past_at"),                 # the AT-orbits R-trivial (alias PL2(ST))
    ("FL(AT)", "varieties.future_at"),               # … L-trivial (alias FL2(ST))
    ("TL(AT)", "varieties.temporal_at"),             # … in DA: FO2[<,Bet] (alias TL2(ST))
    ("JOrb(AT)", "varieties.jorb_at"),               # … J-trivial: PL(AT) ∩ FL(AT)
    # level two of the navigational hierarchy over MOD, AMT, GR: the BPol(G)-orbits, from the Pol(G)-pairs
    # (the insertions of the G-kernel)
    ("PL2(MOD)", "varieties.past2_mod"),             # the orbits R-trivial (alias PL₂(MOD))
    ("FL2(MOD)", "varieties.future2_mod"),           # … L-trivial (alias FL₂(MOD))
    ("TL2(MOD)", "varieties.temporal2_mod"),         # … in DA (alias TL₂(MOD))
    # … over AMT
    ("PL2(AMT)", "varieties.past2_amt"),             # (alias PL₂(AMT))
    ("FL2(AMT)", "varieties.future2_amt"),           # (alias FL₂(AMT))
    ("TL2(AMT)", "varieties.temporal2_amt"),         # (alias TL₂(AMT))
    # … over GR
    ("PL2(GR)", "varieties.past2_gr"),               # (alias PL₂(GR))
    ("FL2(GR)", "varieties.future2_gr"),             # (alias FL₂(GR))
    ("TL2(GR)", "varieties.temporal2_gr"),           # (alias TL₂(GR))
    # … over DD: the BPol(DD)-orbits, from the saturated Pol(DD)-pairs
    ("PL2(DD)", "varieties.past2_dd"),               # (alias PL₂(DD))
    ("FL2(DD)", "varieties.future2_dd"),             # (alias FL₂(DD))
    ("TL2(DD)", "varieties.temporal2_dd"),           # (alias TL₂(DD))
    # … over MOD⁺, AMT⁺, GR⁺: the saturated Pol(G⁺)-pairs, rule 3 on the G⁺-pairs
    ("PL2(MOD⁺)", "varieties.past2_mod_plus"),          # (alias PL₂(MOD⁺), PL2(MOD+))
    ("FL2(MOD⁺)", "varieties.future2_mod_plus"),        # (alias FL₂(MOD⁺), FL2(MOD+))
    ("TL2(MOD⁺)", "varieties.temporal2_mod_plus"),      # (alias TL₂(MOD⁺), TL2(MOD+))
    ("PL2(AMT⁺)", "varieties.past2_amt_plus"),          # (alias PL₂(AMT⁺), PL2(AMT+))
    ("FL2(AMT⁺)", "varieties.future2_amt_plus"),        # (alias FL₂(AMT⁺), FL2(AMT+))
    ("TL2(AMT⁺)", "varieties.temporal2_amt_plus"),      # (alias TL₂(AMT⁺), TL2(AMT+))
    ("PL2(GR⁺)", "varieties.past2_gr_plus"),            # (alias PL₂(GR⁺), PL2(GR+))
    ("FL2(GR⁺)", "varieties.future2_gr_plus"),          # (alias FL₂(GR⁺), FL2(GR+))
    ("TL2(GR⁺)", "varieties.temporal2_gr_plus"),        # (alias TL₂(GR⁺), TL2(GR+))
    # level two of the Straubing–Thérien hierarchy, on the AT-orbits and AT-sets
    ("BPol2(ST)", "varieties.bpol2_st"),             # BΣ2[<] (alias BPol₂(ST))
    ("UPol(BPol2(ST))", "varieties.upol_bpol2_st"),  # its unambiguous closure (alias UBPol2(ST))
    # level 3/2 over the group bases: every BPol(G)-orbit below its idempotent in the syntactic order
    ("Pol2(MOD)", "varieties.pol2_mod"),             # (alias Pol₂(MOD))
    ("Pol2(AMT)", "varieties.pol2_amt"),             # (alias Pol₂(AMT))
    ("Pol2(GR)", "varieties.pol2_gr"),               # (alias Pol₂(GR))
    ("Pol2(DD)", "varieties.pol2_dd"),               # dot-depth 3/2 (alias Pol₂(DD))
    ("co-Pol2(MOD)", "varieties.co_pol2_mod"),       # the complements: every orbit above e (alias co-Pol₂(MOD))
    ("co-Pol2(AMT)", "varieties.co_pol2_amt"),       # (alias co-Pol₂(AMT))
    ("co-Pol2(GR)", "varieties.co_pol2_gr"),         # (alias co-Pol₂(GR))
    ("co-Pol2(DD)", "varieties.co_pol2_dd"),         # (alias co-Pol₂(DD))
    ("UPol(BPol2(MOD))", "varieties.upol_bpol2_mod"),  # … over MOD, on the BPol(MOD)-orbits (alias UBPol2(MOD))
    ("UPol(BPol2(AMT))", "varieties.upol_bpol2_amt"),  # … over AMT (alias UBPol2(AMT))
    ("UPol(BPol2(GR))", "varieties.upol_bpol2_gr"),  # … over GR (alias UBPol2(GR))
    ("UPol(BPol2(DD))", "varieties.upol_bpol2_dd"),  # … over DD (alias UBPol2(DD))
    ("Pol2(MOD⁺)", "varieties.pol2_mod_plus"),      # (alias Pol₂(MOD⁺), Pol2(MOD+))
    ("co-Pol2(MOD⁺)", "varieties.co_pol2_mod_plus"),  # (alias co-Pol₂(MOD⁺), co-Pol2(MOD+))
    ("UPol(BPol2(MOD⁺))", "varieties.upol_bpol2_mod_plus"),  # (alias UBPol2(MOD+))
    ("Pol2(AMT⁺)", "varieties.pol2_amt_plus"),      # (alias Pol₂(AMT⁺), Pol2(AMT+))
    ("co-Pol2(AMT⁺)", "varieties.co_pol2_amt_plus"),  # (alias co-Pol₂(AMT⁺), co-Pol2(AMT+))
    ("UPol(BPol2(AMT⁺))", "varieties.upol_bpol2_amt_plus"),  # (alias UBPol2(AMT+))
    ("Pol2(GR⁺)", "varieties.pol2_gr_plus"),      # (alias Pol₂(GR⁺), Pol2(GR+))
    ("co-Pol2(GR⁺)", "varieties.co_pol2_gr_plus"),  # (alias co-Pol₂(GR⁺), co-Pol2(GR+))
    ("UPol(BPol2(GR⁺))", "varieties.upol_bpol2_gr_plus"),  # (alias UBPol2(GR+))
    # level two itself over the group and ⁺ bases: where two bounds on the BPol(C)-sets meet
    ("BPol2(MOD)", "varieties.bpol2_mod"),           # (alias BPol₂(MOD))
    ("BPol2(AMT)", "varieties.bpol2_amt"),           # (alias BPol₂(AMT))
    ("BPol2(GR)", "varieties.bpol2_gr"),             # (alias BPol₂(GR))
    ("BPol2(DD)", "varieties.bpol2_dd"),             # dot-depth two (alias BPol₂(DD))
    ("BPol2(MOD⁺)", "varieties.bpol2_mod_plus"),     # (alias BPol₂(MOD⁺), BPol2(MOD+))
    ("BPol2(AMT⁺)", "varieties.bpol2_amt_plus"),     # (alias BPol₂(AMT⁺), BPol2(AMT+))
    ("BPol2(GR⁺)", "varieties.bpol2_gr_plus"),       # (alias BPol₂(GR⁺), BPol2(GR+))
)


#: attention patterns with a periodic positional encoding, spelled ``PATTERN+pe`` (``--pattern
#: masked_hard+pe``): the class each one characterises (docs/decision-procedures.md §12)
ENCODED_PATTERNS: dict[str, str] = {
    "masked_hard+pe": "LTL[S,MOD]",
    "hybrid:1+pe": "LTL[P,Y,MOD]",
    "global+pe": "LTL[P,MOD]",
}


def encoded_pattern_class(text: str) -> str | None:
    """The class name of a pattern with a periodic encoding (:data:`ENCODED_PATTERNS`), None
    for a pattern without ``+pe``; InputError for a ``+pe`` pattern no class characterises."""
    text = str(text).strip()
    if not text.endswith("+pe"):
        return None
    if text not in ENCODED_PATTERNS:
        raise InputError(f"no class is registered for the pattern {text!r} with a periodic encoding "
                         f"(those with one: {', '.join(ENCODED_PATTERNS)})", parameters=("patterns",))
    return ENCODED_PATTERNS[text]


def _declared(module: str) -> LanguageClass:
    """The ``CLASS`` declared by the module ``module`` of definability/ (imported now)."""
    return importlib.import_module(f"..{module}", __package__).CLASS


class _Classes(MutableSequence):
    """The registered classes in order, a mutable sequence: :data:`DEFAULT`, then the classes
    of :data:`NAMED` (imported at the first look at the whole sequence: iterating, indexing,
    counting, changing it), then those added by :func:`register`."""

    def __init__(self, default, named):
        self._items = list(default)
        self._pending = tuple(named)

    def _all(self) -> list[LanguageClass]:
        if self._pending:
            declared = [_declared(module) for _, module in self._pending]    # all imported, then inserted
            self._pending = ()
            at = len(DEFAULT)
            self._items[at:at] = declared
        return self._items

    def loaded(self) -> list[LanguageClass]:
        """The classes imported so far (the sequence's prefix), importing nothing."""
        return self._items

    def pending(self, name: str) -> LanguageClass | None:
        """The class of :data:`NAMED` called ``name`` (its module imported now) while the
        whole sequence is not loaded yet; None otherwise."""
        for n, module in self._pending:
            if n == name:
                return _declared(module)
        return None

    def __getitem__(self, i):
        return self._all()[i]

    def __setitem__(self, i, value):
        self._all()[i] = value

    def __delitem__(self, i):
        del self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self):
        return iter(self._all())

    def insert(self, i, value) -> None:
        self._all().insert(i, value)

    def __repr__(self) -> str:
        return repr(self._all())


#: the registered classes, in the order a classification asks them
CLASSES: MutableSequence[LanguageClass] = _Classes(DEFAULT, NAMED)


def _loaded() -> list:
    """The classes of :data:`CLASSES` imported so far (all of a list put in its place)."""
    return CLASSES.loaded() if isinstance(CLASSES, _Classes) else list(CLASSES)


def registered_now() -> tuple:
    """The classes of :data:`CLASSES` imported so far, as a tuple: what answers depend on
    the registry (the chains of :func:`.inclusions.inclusions`) are cached under it."""
    return tuple(_loaded())


def default_classes() -> list[LanguageClass]:
    """The registered classes every classification asks (``default``), in order; the
    classes asked only when named are not imported for it."""
    return [c for c in _loaded() if c.default]      # every class of NAMED is asked only when named


class _Groups(Mapping):
    """The groups of the registered classes, read from their declarations
    (``LanguageClass.groups``) each time: group name → the names of its classes in the
    order of :data:`CLASSES` (a class registered later joins its groups at once)."""

    _cached: tuple = ((), {})

    def _table(self) -> dict[str, tuple[str, ...]]:
        classes = tuple(CLASSES)
        last = self._cached[0]
        if len(classes) == len(last) and all(a is b for a, b in zip(classes, last)):   # unchanged since
            return self._cached[1]
        out: dict[str, list[str]] = {}
        for c in classes:
            for g in c.groups:
                out.setdefault(g, []).append(c.name)
        table = {g: tuple(names) for g, names in out.items()}
        self._cached = (classes, table)
        return table

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

def __getattr__(name: str):
    """``PROCEDURES``: the decision procedures of the built-in classes, in order (every
    module of :data:`NAMED` imported)."""
    if name == "PROCEDURES":
        return tuple(c.procedure for c in (*DEFAULT, *(_declared(m) for _, m in NAMED)))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


#: names typed without their Unicode letters (``--class MOD+``), and other names of a class
#: (UPol(DD) = GD: its DD-orbits eS¹e are trivial iff S is locally trivial, docs/decision-procedures.md §13.7;
#: MeSCaL's level two over ST, PL₂(ST) …, is decided on the AT-orbits, §14.11)
ASCII_SPELLINGS = {"MOD+": "MOD⁺", "GR+": "GR⁺", "AMT+": "AMT⁺", "FL(MOD+)": "FL(MOD⁺)", "FO2[<,+1]": "TL(DD)", "TL(MOD+)": "TL(MOD⁺)",
                   "UPol(MOD+)": "UPol(MOD⁺)", "UPol(DD)": "GD", "FO2[<,Bet]": "TL(AT)",
                   "BPol₂(ST)": "BPol2(ST)", "UPol(BPol₂(ST))": "UPol(BPol2(ST))", "UBPol2(ST)": "UPol(BPol2(ST))",
                   "UBPol₂(ST)": "UPol(BPol2(ST))",
                   **{f"{t}{two}(ST)": f"{t}(AT)" for t in ("PL", "FL", "TL") for two in ("2", "₂")},
                   **{f"{t}₂({g})": f"{t}2({g})" for t in ("PL", "FL", "TL", "Pol") for g in ("MOD", "AMT", "GR", "DD")},
                   "Pol₂(ST)": "Pol2(ST)", "co-Pol₂(ST)": "co-Pol2(ST)",
                   **{f"co-Pol₂({g})": f"co-Pol2({g})" for g in ("MOD", "AMT", "GR", "DD")},
                   **{f"BPol₂({g})": f"BPol2({g})" for g in ("MOD", "AMT", "GR", "DD")},
                   **{form.format(g): f"UPol(BPol2({g}))" for form in ("UPol(BPol₂({}))", "UBPol2({})", "UBPol₂({})")
                      for g in ("MOD", "AMT", "GR", "DD")},
                   **{f"{t}({g}+)": f"{t}({g}⁺)" for t in ("PL", "FL", "TL", "UPol") for g in ("AMT", "GR")},
                   **{f"{t}({g}+)": f"{t}({g}⁺)" for t in ("Pol", "BPol", "JOrb") for g in ("MOD", "AMT", "GR")},
                   # level two over G⁺: MeSCaL's spellings (TL₂(MOD⁺), UPol(BPol₂(GR⁺)), UBPol2(GR+) …)
                   **{f"{t}{two}({g}{plus})": f"{t}2({g}⁺)" for t in ("PL", "FL", "TL", "Pol", "co-Pol", "BPol")
                      for two in ("2", "₂") for plus in ("⁺", "+") for g in ("MOD", "AMT", "GR")
                      if (two, plus) != ("2", "⁺")},
                   **{form.format(g): f"UPol(BPol2({g}⁺))" for g in ("MOD", "AMT", "GR")
                      for form in ("UPol(BPol₂({}⁺))", "UPol(BPol2({}+))", "UPol(BPol₂({}+))", "UBPol2({}+)",
                                   "UBPol2({}⁺)", "UBPol₂({}⁺)")}}


def language_class(name) -> LanguageClass:
    """The registered class of that name, or a declaration itself (registered or not: a
    class built at run time, e.g. from identities), or a subregular class at a fixed order
    (``"SL[2]"``, ``"LTT[2,3]"``, :mod:`.fixed_order`); InputError naming ``classes``
    otherwise."""
    if isinstance(name, LanguageClass):
        return name
    name = ASCII_SPELLINGS.get(str(name).strip(), name)
    for c in _loaded():
        if c is name or c.name == str(name):
            return c
    named = CLASSES.pending(str(name)) if isinstance(CLASSES, _Classes) else None
    if named is not None:                           # its module only, imported now
        return named
    from ..subregular import fixed_order

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
    for classes in (_loaded(), CLASSES):            # those imported (a prefix of all) first
        for c in classes:
            if c.handles(key):
                return c
    raise InputError(f"no registered class answers {key}")  # pragma: no cover


def procedure_for(key) -> Procedure:
    """The decision procedure of :func:`class_for` ``key``."""
    return class_for(key).procedure


def class_rows() -> list[tuple[str, str, str, str, str, str, str]]:
    """One row per class asked only when named, from its declaration: (name, groups,
    parameters, certificate kind, witness kind, how the census decides it — ``"in bulk"``
    by the compiled kernel, ``"per morphism"`` (a prevariety: once per syntactic morphism),
    ``"per ordered morphism"`` (a positive prevariety) or ``"one at a time"``
    (:mod:`..census.morphisms`) —, summary): the ``--help`` list and the table of
    docs/architecture.md (tests/definability/test_registry.py compares them)."""
    return [(c.name, ", ".join(c.groups), c.parameters, c.certificate, c.witness, census_route(c), c.summary)
            for c in CLASSES if not c.default]


def census_route(c: LanguageClass) -> str:
    """How the census decides the class ``c`` (:func:`class_rows`)."""
    if c.bulk is not None:
        return "in bulk"
    return {PREVARIETY: "per morphism", POSITIVE_PREVARIETY: "per ordered morphism"}.get(c.closure, "one at a time")
