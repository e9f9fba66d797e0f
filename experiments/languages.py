"""The languages of the length-generalisation experiments.

Names, regexes, alphabets and descriptions are those of the built-in catalogue
(:data:`attnlogic.suite.SUITE`, docs/languages.md), read from it; CNT = aⁿbⁿ is not regular
and is the experiments' own.  ``SOURCE_KINDS`` (``<kind>:<text>`` names a language that is
not built in) is that of :mod:`attnlogic.automata.sources`.  Every language is handed to the
samplers as a DFA: a regular one through :func:`attnlogic.automata.regex.regex_to_dfa`, CNT as
the finite language {aⁿbⁿ : n ≤ max_n}, which equals aⁿbⁿ on every length ≤ 2·max_n.

``adversarial`` names how Li & Cotterell (NeurIPS 2025, §E.1.2) build negatives (see
:mod:`attnlogic.experiments.adversarial`):

* ``"flip"``: a positive with one symbol substituted so that it is rejected;
* ``"exactly-one:<f>"``: positives contain exactly one occurrence of the factor f, negatives
  are such positives with one symbol substituted (which removes the occurrence);
* ``"counter"``: aⁿ⁺¹bⁿ⁻¹ and aⁿ⁻¹bⁿ⁺¹ (one a too many/few at the same length);
* ``"random"``: the language's complement itself is the adversarial set (PARITY, LAST,
  FIRST, PT-2 in the paper: "odd number of b", "does not end/begin with b", "lacks ab").

For ENDS-A, ENDS-AB, STARTS-A and RDP-S (Li & Cotterell 2026, not in the 2025 table) we use
``"flip"``: our choice.

``periodic`` lists the theory's families of pairs: u(st)^r s v / u(st)^r v (the R-trivial
identity (xy)^ω x = (xy)^ω, against LTL[P]; with s = a, t = b^{k−1} the k-periodic pair
(ab^{k−1})^r a / (ab^{k−1})^r, against LTL[P, Y≤k] for k ≥ 2) and x t^r / y t^r (a long common
suffix, against LTL[Y≤k]); for the two languages outside LTL[P,Y] also the locally-R-trivial
pair with growing idempotent blocks (the shape of the witness ``attnlogic classify`` reports:
e = c^ω for RDP-S, e = (ab)^ω for DYCK-(1,2)).
Whether each word is in the language is decided by the DFA, never assumed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..automata.dfa import DFA
from .adversarial import Family, local_r_trivial_family as _lrt, r_trivial_family as _rt, suffix_family as _sx
from ..automata.sources import SOURCE_KINDS, load_language
from ..kernel.errors import AttnlogicError, InputError
from ..suite import SUITE
from ..automata.regex import regex_to_dfa
from ..automata.io import dfa_from_json, dfa_to_json

__all__ = ["LanguageSpec", "LANGUAGES", "TABLE1", "LOCAL_GRID", "QUICK", "PE_LANGUAGES", "SOURCE_KINDS",
           "get_language", "counter_dfa", "source_language_name", "display_name", "split_language_list"]


@dataclass(frozen=True)
class LanguageSpec:
    """A named language: alphabet, regex (None for CNT), how to build adversarial negatives,
    and the periodic pair families that the theory uses against it."""

    name: str
    alphabet: tuple[str, ...]
    regex: str | None
    description: str
    adversarial: str = "flip"
    periodic: tuple[Family, ...] = ()

    source: str | None = None    # a source language (``regex:…``, ``formula:…``, ``dfa:…``): its name

    def dfa(self, max_length: int = 0) -> DFA:
        """The language's minimal DFA (for CNT: exact on lengths ≤ ``max_length``)."""
        if self.source is not None:
            return _source_dfa(self.source)
        if self.regex is None:
            return counter_dfa(max(1, (max_length + 1) // 2))
        return _regex_dfa(self.regex, self.alphabet)


@lru_cache(maxsize=None)
def _regex_dfa(regex: str, alphabet: tuple[str, ...]) -> DFA:

    return regex_to_dfa(regex, alphabet=list(alphabet))


@lru_cache(maxsize=8)
def counter_dfa(max_n: int) -> DFA:
    """{aⁿbⁿ : 0 ≤ n ≤ max_n} over {a, b}.

    States 0 … max_n: i a's read and no b yet; state max_n + 1 + j (j = 0 … max_n − 1):
    j b's still missing; the last state is the sink.  Accepting: 0 (the empty word) and
    "0 b's missing".
    """
    def missing(j: int) -> int:
        return max_n + 1 + j

    sink = 2 * max_n + 1
    rows = [[1 if max_n >= 1 else sink, sink]]
    rows += [[i + 1 if i < max_n else sink, missing(i - 1)] for i in range(1, max_n + 1)]
    rows += [[sink, missing(j - 1) if j >= 1 else sink] for j in range(max_n)]
    rows.append([sink, sink])
    return DFA(("a", "b"), rows, 0, [0, missing(0)])


#: what the experiments add to the built-in catalogue (:data:`attnlogic.suite.SUITE`, where
#: each language's alphabet, regex and description live): how negatives are built and the
#: periodic pair families, by name
_EXPERIMENT: dict[str, tuple[str, tuple[Family, ...]]] = {
    "PARITY": ("random", ()),
    "DYCK-(1,2)": ("flip", (_rt("a", "a", "b", "bb"), _lrt("ab", "a", "b"))),
    "DYCK-(1,1)": ("flip", (_rt("a", "b", "a", "b"),)),
    "LT-2": ("exactly-one:ab", (_rt("", "a", "c", "b"),)),
    "RDP-1": ("flip", (_rt("", "a", "y", "x"),)),
    "RDP-S": ("flip", (_rt("", "a", "b", "c"), _lrt("c", "a", "b"))),
    "LAST": ("random", (_rt("", "b", "a", ""),)),
    "PT-2": ("random", ()),
    "LT-1": ("exactly-one:a", ()),
    "LDP-1": ("flip", ()),
    "LDP-2": ("flip", ()),
    "FIRST": ("random", (_sx("b", "a", "a"),)),
    "ENDS-A": ("flip", (_rt("", "a", "b", ""), _rt("", "a", "bbb", ""))),
    "ENDS-AB": ("flip", (_rt("a", "b", "a", "b"),)),
    "STARTS-A": ("flip", (_sx("a", "c", "b"),)),
}

#: CNT (not regular, so not in the catalogue), then the catalogue's languages in its order
LANGUAGES: dict[str, LanguageSpec] = {
    "CNT": LanguageSpec("CNT", ("a", "b"), None, "aⁿbⁿ", "counter"),
    **{lang.name: LanguageSpec(lang.name, lang.alphabet, lang.regex, lang.description,
                               *_EXPERIMENT[lang.name]) for lang in SUITE},
}

#: Table 1 of Li & Cotterell (NeurIPS 2025), in the paper's order
TABLE1 = ("CNT", "PARITY", "DYCK-(1,2)", "DYCK-(1,1)", "LT-2", "RDP-1", "LAST", "PT-2", "LT-1",
          "LDP-1", "LDP-2", "FIRST")
#: the eight languages of Li & Cotterell (2026) (docs/languages.md): two in
#: LTL[Y], two in LTL[P], two in LTL[P,Y] only, and two outside LTL[P,Y]; for "a
#: right-deterministic polynomial" outside LTL[P,Y] we take RDP-S = Σ*ac* (RDP-1 of the 2025
#: paper is in LTL[P,Y], as the classifier proves)
LOCAL_GRID = ("ENDS-A", "ENDS-AB", "STARTS-A", "PT-2", "DYCK-(1,1)", "LT-2", "RDP-S", "DYCK-(1,2)")
#: the four languages of ``attnlogic experiment --quick``
QUICK = ("ENDS-A", "STARTS-A", "LT-2", "DYCK-(1,1)")


#: the languages of the positional-encoding sweep (``--preset pe``): one per fragment of the
#: theory's table (LTL[Y], LTL[P], LTL[P,Y] twice)
PE_LANGUAGES = ("ENDS-A", "STARTS-A", "LT-2", "DYCK-(1,1)")



def source_language_name(kind: str, text: str, alphabet=None) -> str:
    """The name of a source language, e.g. ``regex:(a|b)*aba(a|b)*@a,b``.

    The name is the whole definition (so a run's configuration alone rebuilds its language, in
    any process): ``regex:R`` or ``formula:F``, followed by ``@`` and the comma-separated
    alphabet when one is given; ``dfa:J`` with J the DFA as one line of JSON (its alphabet
    inside).  Raises :class:`InputError` when the source does not parse."""
    if kind not in SOURCE_KINDS:
        raise InputError(f"source kind must be one of {SOURCE_KINDS}, got {kind!r}")
    if kind == "dfa":

        text = dfa_to_json(dfa_from_json(text).minimal())
        name = f"dfa:{text}"
    else:
        if alphabet is not None and any(("," in a or "@" in a or not a) for a in alphabet):
            raise InputError(f"alphabet letters must be non-empty and contain no ',' or '@', got {list(alphabet)}")
        name = f"{kind}:{text}" + (f"@{','.join(alphabet)}" if alphabet is not None else "")
    get_language(name)          # parses the source, so that errors surface here
    return name


def _parse_source_name(name: str) -> tuple[str, str, tuple[str, ...] | None]:
    kind, _, rest = name.partition(":")
    if kind == "dfa":
        return kind, rest, None
    text, at, letters = rest.rpartition("@")
    if not at:
        return kind, rest, None
    return kind, text, tuple(letters.split(","))


@lru_cache(maxsize=64)
def _source_dfa(name: str) -> DFA:
    """The minimal DFA of a source language name (see :func:`source_language_name`), read by
    :func:`attnlogic.automata.sources.load_language`."""

    kind, text, alphabet = _parse_source_name(name)
    letters = list(alphabet) if alphabet else None
    try:
        if kind == "dfa":
            return load_language(dfa=dfa_from_json(text, "language")).dfa
        return load_language(**{kind: text}, alphabet=letters).dfa
    except (AttnlogicError, ValueError) as exc:
        raise InputError(f"language {kind} {text!r}: {str(exc).splitlines()[0]}") from None


@lru_cache(maxsize=64)
def _source_spec(name: str) -> LanguageSpec:
    kind, text, _ = _parse_source_name(name)
    dfa = _source_dfa(name)
    return LanguageSpec(name, tuple(dfa.alphabet), None, f"{kind} {text if kind != 'dfa' else '(JSON)'}",
                        "flip", (), source=name)


def display_name(name: str) -> str:
    """A short label for tables and plots: the name itself, except a DFA source's JSON is
    replaced by its size and a digest (``dfa[3 states, 1a2b3c4d]``)."""
    if not name.startswith("dfa:"):
        return name
    import hashlib

    digest = hashlib.sha256(name.encode()).hexdigest()[:8]
    return f"dfa[{_source_dfa(name).n_states} states, {digest}]"


def split_language_list(text: str) -> tuple[str, ...]:
    """Comma-separated language names, a comma inside brackets not separating:
    ``"DYCK-(1,1),LT-2"`` → ``("DYCK-(1,1)", "LT-2")``."""
    items, depth, current = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        if ch == "," and depth == 0:
            items.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    items.append("".join(current).strip())
    return tuple(i for i in items if i)


def get_language(name: str) -> LanguageSpec:
    """A built-in language by name, or a source language by its name (``regex:…``,
    ``formula:…``, ``dfa:…``, see :func:`source_language_name`): labels from its minimal DFA,
    adversarial negatives by one substituted symbol (``flip``), no periodic families."""
    if name.partition(":")[0] in SOURCE_KINDS:
        return _source_spec(name)
    try:
        return LANGUAGES[name]
    except KeyError:
        raise InputError(f"unknown language {name!r}; known: {', '.join(LANGUAGES)} "
                         "(or regex:R, formula:F, dfa:JSON)") from None
