"""The values the decision procedures return: a DFA-level :class:`Verdict`, the answer for
one fragment (:class:`FragmentResult`) and a whole :class:`Classification`.

All are immutable.  A member answer carries a formula of the fragment checked exactly
against the minimal DFA; a non-member answer a :class:`~.witnesses.Witness` whose two words
differ on the language; an undecided answer (``member is None``) says how far it got.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ...kernel.errors import InputError
from ...kernel.words import join_word, separator
from ...ltl.definitions import certificate
from ...ltl.formula import Formula
from ...ltl.printer import to_html
from ...ltl.fragments import Fragment
from .witnesses import Witness
from ...kernel.patterns import AttentionPattern
from attnlogic.kernel.display import Html, code_html, formula_html, html_table, latex_html, show_word

__all__ = ["Verdict", "FragmentResult", "PatternResult", "Classification", "word_text", "fragment_key",
           "UnknownFragment", "SCHEMA"]


#: the version of the JSON of a classification (:meth:`Classification.to_json`): 1 (no
#: ``schema`` key) put every answer under ``fragments``; 2 puts the classes asked by name under
#: ``classes`` (and, deprecated until 3, under ``fragments`` too)
SCHEMA = 2


def word_text(alphabet, word, empty: str = "") -> str:
    """A word of letter indices as text: letters joined directly when every letter is one
    character, with commas otherwise; ``empty`` for ε."""
    return join_word([alphabet[a] for a in word], alphabet) or empty


@dataclass(frozen=True)
class Verdict:
    """Outcome of one DFA-level test: ``member``, the witness when not, the method, the
    violated identity (text, elements as words) and numbers the synthesis needs."""

    member: bool | None
    method: str
    witness: Witness | None = None
    identity: str | None = None
    data: dict = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class FragmentResult:
    """The answer for one fragment (or one registered class of languages, :mod:`.classes`)."""

    fragment: Fragment
    member: bool | None
    formula: Formula | None
    witness: Witness | None
    method: str
    identity: str | None = None
    depth_reached: int | None = None
    #: a member's certificate when it is not a formula (its kind is declared by the class,
    #: :mod:`.classes`); it has ``to_json()`` or is printed as text
    certificate: object = None
    #: an answer settled by a declared inclusion (:mod:`.inclusions`): (the name of the class
    #: whose answer proves it, the chain of inclusions in words, that answer); printed as
    #: ``"carried"`` so that ``verify --class`` re-checks that answer by its own class's check
    #: and the inclusion against the registry (:mod:`.verify_carried`)
    carried: tuple | None = None
    #: a "no": the failing instantiation of the fragment's characterising identity, as words
    #: (:class:`.witnesses.IdentityInstantiation`), when the decider built one; printed as
    #: ``"instantiation"`` so that verify checks it on the DFA's runs
    instantiation: object = None

    def to_json(self, sep: str = "") -> dict:
        cert = None if self.formula is None else certificate(self.formula)
        out = {"member": self.member,
               "formula": None if cert is None else cert.text,
               "definitions": [] if cert is None else [list(p) for p in cert.definitions],
               "witness": None if self.witness is None else self.witness.to_json(sep),
               "method": self.method}
        if self.identity is not None:
            out["identity"] = self.identity
        if self.depth_reached is not None:
            out["depth_reached"] = self.depth_reached
        if self.certificate is not None:
            c = self.certificate
            out["certificate"] = _certificate_json(c, sep)
        if self.instantiation is not None:
            out["instantiation"] = self.instantiation.to_json(sep)
        if self.carried is not None:
            source, chain, answer = self.carried
            out["carried"] = {"from": source, "inclusion": chain, "answer": answer.to_json(sep)}
        return out


def _certificate_json(c, sep: str):
    """A non-formula certificate as JSON: ``to_json(sep)`` (words joined by ``sep``) or
    ``to_json()``, else its text."""
    if not hasattr(c, "to_json"):
        return str(c)
    try:
        return c.to_json(sep)
    except TypeError:
        return c.to_json()


@dataclass(frozen=True)
class PatternResult:
    """Whether transformers with an attention pattern can recognise the language: the
    answer of the fragment the pattern characterises (fixed precision: ``global`` →
    LTL[P], ``local:k`` → LTL[Y<=k], ``hybrid:k`` → LTL[P,Y<=k]; unique hard attention:
    ``masked_hard`` → LTL[S]), with its certificate — a formula when it can, a witness pair
    when it cannot."""

    pattern: object                      # attnlogic.kernel.patterns.AttentionPattern
    result: FragmentResult

    @property
    def can(self) -> bool | None:
        return self.result.member

    def to_json(self, sep: str = "") -> dict:
        return {"pattern": str(self.pattern), "fragment": str(self.result.fragment), "can": self.can,
                **{k: v for k, v in self.result.to_json(sep).items() if k != "member"}}


@dataclass(frozen=True)
class Classification(Mapping):
    """The minimal DFA and one :class:`FragmentResult` per fragment (in output order).

    A read-only mapping from :class:`Fragment` to :class:`FragmentResult`: iterating gives
    the fragments in output order, ``keys()``, ``values()``, ``items()``, ``len()``,
    ``in`` and ``get()`` work as on a dict.  A key is a :class:`Fragment`, its name
    (``"LTL[P,Y<=2]"``), its short name (``"P"``, ``"P,Y"``, ``"Y<=2"``) or the name of an
    attention pattern (``"global"``, ``"local:1"``, ``"hybrid:2"``) — :func:`fragment_key`.
    A key that names no fragment, or one that was not classified, raises
    :class:`UnknownFragment` (a ``KeyError``)."""

    dfa: object
    results: tuple[FragmentResult, ...]
    #: the work of the classification in steps (:mod:`attnlogic.kernel.work`):
    #: ``{"decisions": …, "certificates": …, "allowance": …}`` (None when not counted)
    steps: Mapping | None = field(default=None, compare=False)

    def __getitem__(self, key) -> FragmentResult:
        for r in self.results:           # a class answered under its name (or the key itself)
            if isinstance(key, str) and r.fragment == key or r.fragment is key:
                return r
        fragment = fragment_key(key)
        for r in self.results:
            if r.fragment == fragment:
                return r
        raise UnknownFragment(f"{fragment} was not classified (classified: "
                              f"{', '.join(map(str, self.fragments))})", parameters=("windows",))

    def __iter__(self):
        return iter(self.fragments)

    def __len__(self) -> int:
        return len(self.results)

    def __contains__(self, key) -> bool:
        try:
            self[key]
        except KeyError:
            return False
        return True

    def for_pattern(self, pattern) -> PatternResult:
        """The :class:`PatternResult` of an attention pattern (``"hybrid:1"`` or an
        :class:`~attnlogic.kernel.patterns.AttentionPattern`); KeyError when its fragment was not
        classified (a window that was not asked for)."""

        p = AttentionPattern.parse(pattern)
        return PatternResult(p, self[Fragment.from_pattern(p)])

    @property
    def fragments(self) -> tuple[Fragment, ...]:
        return tuple(r.fragment for r in self.results)

    @property
    def separator(self) -> str:
        """How words are joined in text and JSON: "" for one-character letters, else ","."""
        return separator(self.dfa.alphabet)

    def _repr_html_(self) -> str:
        """A table for notebooks and their HTML export: per fragment its attention pattern,
        the answer, the certificate as text that parses again (whole; definitions one a
        line; :func:`attnlogic.kernel.display.formula_html`) with the formula beside it as
        math rendered in plain HTML (no MathJax: the same offline) over its LaTeX source, or
        the witness words, and the method."""

        sep = self.separator
        rows = []
        for r in self.results:
            mark = {True: "yes", False: "no", None: "?"}[r.member]
            cert, tex = "—", ""
            if r.formula is not None:
                text = certificate(r.formula).text
                cert, tex = formula_html(text), latex_html(r.formula, to_html(r.formula))
            elif r.witness is not None and hasattr(r.witness, "summary"):   # a class's own witness
                cert = r.witness.summary(sep)
            elif r.witness is None and r.certificate is not None:             # a class's own certificate
                cert = str(r.certificate)
            elif r.witness is not None:
                w = r.witness
                depth = ("depth not checked" if w.depth is None
                         else f"no formula of depth ≤ {w.depth} separates them")
                cert = Html(f"{code_html(show_word(sep.join(w.accepted)))} in, "
                            f"{code_html(show_word(sep.join(w.rejected)))} out ({depth})"
                            + ("" if w.family is None else f"; family {code_html(w.family.text(sep))}"))
            pattern = "" if r.fragment.pattern is None else str(r.fragment.pattern)
            rows.append([str(r.fragment), pattern, mark, cert, tex, r.method])
        return html_table(["fragment", "pattern", "member", "certificate (text, reads back)",
                           "formula (rendered; LaTeX source)",
                           "method"], rows,
                          caption=f"minimal DFA: {self.dfa.n_states} states over {{{', '.join(self.dfa.alphabet)}}}",
                          max_rows=len(rows) + 1)

    def _repr_markdown_(self) -> str:
        """A table for front ends that show Markdown but not HTML: membership, certificate or
        witness, and method per fragment (``|`` escaped as Markdown tables need; the HTML
        form, which notebooks and their export prefer, has the text as it reads back)."""
        sep = self.separator

        def cell(text: str, limit: int = 120) -> str:
            text = text if len(text) <= limit else text[:limit - 1] + "…"
            return text.replace("|", "\\|")

        rows = [f"minimal DFA: {self.dfa.n_states} states over {{{', '.join(self.dfa.alphabet)}}}", "",
                "| fragment | member | certificate | method |", "|---|---|---|---|"]
        for r in self.results:
            mark = {True: "yes", False: "no", None: "?"}[r.member]
            if r.formula is not None:
                cert = f"`{cell(str(r.formula))}`"
            elif r.witness is not None and hasattr(r.witness, "summary"):   # a class's own witness
                cert = cell(r.witness.summary(sep))
            elif r.witness is None and r.certificate is not None:             # a class's own certificate
                cert = cell(str(r.certificate))
            elif r.witness is not None:
                w = r.witness
                depth = "unchecked" if w.depth is None else f"no formula of depth ≤ {w.depth} separates them"
                cert = (f"`{sep.join(w.accepted) or 'ε'}` in, `{sep.join(w.rejected) or 'ε'}` out "
                        f"({depth})")
                if w.family is not None:
                    cert += f"; family {cell(w.family.text(sep))}"
            else:
                cert = "—"
            rows.append(f"| {r.fragment} | {mark} | {cert} | {cell(r.method)} |")
        return "\n".join(rows)

    def to_json(self) -> dict:
        """The ``attnlogic classify --json`` object, schema :data:`SCHEMA` (docs/file-formats.md,
        "The JSON of classify"): ``fragments`` the LTL fragments' answers, ``classes`` the
        answers of the classes asked by name (subregular, FO2[<], identities, …); words of
        multi-character letters joined with commas.  Deprecated, for the readers of schema 1
        (which had no ``schema`` key): ``fragments`` also holds the classes' answers, until
        schema 3."""
        sep = self.separator
        fragments = {str(r.fragment): r.to_json(sep) for r in self.results if isinstance(r.fragment, Fragment)}
        classes = {str(r.fragment): r.to_json(sep) for r in self.results if not isinstance(r.fragment, Fragment)}
        return {"schema": SCHEMA, "states": int(self.dfa.n_states), "alphabet": list(self.dfa.alphabet),
                "fragments": {**fragments, **classes}, "classes": classes}


class UnknownFragment(KeyError, InputError):
    """A lookup key that names no fragment, or a fragment that was not classified: a
    ``KeyError`` (so that ``in`` and ``get()`` work as on a dict) and an
    :class:`~attnlogic.kernel.errors.InputError` (one line on the command line)."""

    def __init__(self, message: str, parameters: tuple[str, ...] = ()):
        KeyError.__init__(self, message)
        self.parameters = tuple(parameters)

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def fragment_key(key) -> Fragment:
    """The fragment a lookup key names: a :class:`Fragment`; its name ``"LTL[P,Y<=2]"`` or
    short name ``"P,Y<=2"``, ``"P"``, ``"Y"`` (:meth:`Fragment.parse`); an attention pattern
    or its name ``"global"``, ``"local:k"``, ``"hybrid:k"`` (:meth:`Fragment.from_pattern`).
    :class:`UnknownFragment` for anything else."""

    if isinstance(key, Fragment):
        return key
    if isinstance(key, AttentionPattern):
        return Fragment.from_pattern(key)
    if isinstance(key, str):
        try:
            return Fragment.parse(key)
        except InputError:
            pass
        try:
            return Fragment.from_pattern(key)
        except InputError:
            pass
    raise UnknownFragment(f"{key!r} names no fragment (LTL[P], LTL[Y], LTL[P,Y], LTL[S], "
                          "LTL[Y<=k], LTL[P,Y<=k], their short names P, Y, P,Y, S, Y<=k, P,Y<=k) "
                          "and no attention pattern (global, local:k, hybrid:k, masked_hard)")
