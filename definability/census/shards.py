"""The census's values and shards: :class:`Census` (the DFAs in enumeration order and
their verdicts, counts per fragment, pattern and profile), the requests (:func:`check_request`),
the shards (:func:`census_shards`) and the classification of one shard
(:func:`classify_shard` → :class:`ShardResult`).  :mod:`.census` is the entry point and says
how a census is computed; :mod:`.census_run` runs the shards.
"""

from __future__ import annotations

from ...kernel import limits as _limits

import io
import itertools
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import numpy as np

from ...automata._compiled import available as _compiled_available
from ...automata.census import (canonical_key, canonical_table_count, minimal_dfa_arrays,
                               shard_depth, shard_prefixes)
from ...automata.dfa import DFA
from ...automata.io import dfa_to_dict
from ...kernel.errors import InputError, LimitExceeded
from ...kernel.limits import Limits
from ...kernel.validate import integer
from ...kernel.display import html_table
from ...ltl.fragments import LTL_P, LTL_PY, LTL_S, LTL_Y, Fragment
from .batch import MAX_STATES, classify_tables
from .morphisms import MorphismAnswers
from .batch_classes import CLASSES as BULK_CLASSES
from .batch_classes import EXTENDED, MOD_KERNEL, OVER_GROUPS
from .batch_classes import MAX_STATES as CLASS_MAX_STATES
from .batch_classes import classify_classes
from ..engine.classify import questions
from ..engine.classify import classify as _classify
from ..values.results import UnknownFragment, fragment_key

__all__ = ["Census", "CensusEntry", "CensusRequest", "Shard", "ShardResult",
           "census_shards", "classify_shard", "orbit_images", "representative",
           "DEFAULT_MAX_DFAS", "DEFAULT_MAX_BULK_DFAS", "MAX_MAX_DFAS", "PROGRESS_EVERY",
           "BULK_FRAGMENTS", "bulk_class_column", "tier_base_column"]

#: (CENSUS_DFAS of kernel/limits.py: the default of the Limits field this bounds)
DEFAULT_MAX_DFAS = _limits.CENSUS_DFAS
#: default bound when only the four fragments of the compiled kernel are asked (and the
#: ... (kernel/limits.py, with every default budget)
DEFAULT_MAX_BULK_DFAS = _limits.CENSUS_BULK_DFAS
#: largest ``max_dfas`` accepted: far beyond any census that could finish, and small
#: enough that the refusal itself is decided in milliseconds
MAX_MAX_DFAS = 10 ** 12
#: the progress callback is told every this many DFAs classified one at a time
PROGRESS_EVERY = 500
#: the fragments decided in bulk (:mod:`.batch`), in its column order
BULK_FRAGMENTS = (LTL_P, LTL_Y, LTL_PY, LTL_S)
#: verdict codes in the arrays: in, not in, undecided
YES, NO, UNDECIDED = 1, 0, -1


def _code(member) -> int:
    return UNDECIDED if member is None else (YES if member else NO)


def _member(code: int):
    return None if code == UNDECIDED else code == YES


@dataclass(frozen=True)
class CensusEntry:
    """One language: its minimal DFA, the verdict per fragment (True, False, None for
    undecided; in the census's fragment order) and, for the undecided ones, the method's
    text (how far the procedure got)."""

    dfa: object
    verdicts: tuple[bool | None, ...]
    undecided: tuple[tuple[Fragment, str], ...] = ()

    def to_json(self, fragments) -> dict:
        """``{"states", "dfa", "member"}``: the DFA as in a DFA file (docs/file-formats.md),
        the verdict per fragment name (null: undecided)."""
        return {"states": int(self.dfa.n_states), "dfa": dfa_to_dict(self.dfa),
                "member": {str(f): v for f, v in zip(fragments, self.verdicts)}}


@dataclass(frozen=True)
class Shard:
    """The minimal DFAs with ``n`` states whose string representation starts with
    ``prefix`` (:func:`~attnlogic.automata.census.shard_prefixes`)."""

    n: int
    prefix: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        """A file name: ``n4`` or ``n5-0.1.1.2``."""
        return f"n{self.n}" + (("-" + ".".join(map(str, self.prefix))) if self.prefix else "")


def census_shards(max_states: int, k: int) -> tuple[Shard, ...]:
    """The shards of a census, in enumeration order: for each size n = 1 … ``max_states``,
    the prefixes of length :func:`~attnlogic.automata.census.shard_depth` (n, k)."""
    return tuple(Shard(n, p) for n in range(1, max_states + 1)
                 for p in shard_prefixes(n, k, shard_depth(n, k)))


@dataclass(frozen=True)
class CensusRequest:
    """What a census asks: the alphabet, the largest size, the window fragments (one pair
    per k in ``windows``), the registered classes named in ``classes``, whether one
    language per orbit is classified (``symmetry``), and the budgets of deciding."""

    alphabet: tuple[str, ...]
    max_states: int
    windows: tuple[int, ...] = (2,)
    classes: tuple[str, ...] = ()
    symmetry: bool = True
    limits: Limits = field(default_factory=Limits)

    @property
    def fragments(self) -> tuple:
        return questions(self.windows, self.classes)

    @property
    def bulk_only(self) -> bool:
        """Whether every fragment asked is decided in bulk (no language one at a time): the
        four of :mod:`.batch`, and the classes of :mod:`.batch_classes` up to its
        ``MAX_STATES``, the tier classes by their base classes' columns there."""
        return _compiled_available() and all(
            f in BULK_FRAGMENTS or ((bulk_class_column(f) is not None or tier_base_column(f) is not None)
                                    and self.max_states <= CLASS_MAX_STATES)
            for f in self.fragments)

    def to_json(self) -> dict:
        """Everything that determines the verdicts (written beside the shards of a run, so
        that a resumed run can check it is the same census)."""
        return {"alphabet": list(self.alphabet), "max_states": self.max_states,
                "windows": list(self.windows), "classes": list(self.classes),
                "symmetry": self.symmetry, "fragments": [str(f) for f in self.fragments],
                "limits": {k: getattr(self.limits, k) for k in self.limits.__dataclass_fields__}}


@dataclass(frozen=True, eq=False)
class ShardResult:
    """A shard classified: ``rows`` (m, n·k) and ``accepting`` (m,) as from
    :func:`~attnlogic.automata.census.minimal_dfa_arrays`, ``verdicts`` (m, fragments) int8
    (1 in, 0 not in, −1 undecided) and ``methods``: (row, fragment index, text) for each
    undecided answer."""

    shard: Shard
    k: int
    rows: np.ndarray
    accepting: np.ndarray
    verdicts: np.ndarray
    methods: tuple[tuple[int, int, str], ...] = ()

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    def dfa(self, i: int, alphabet) -> DFA:
        n = self.shard.n
        table = self.rows[i].astype(np.int64).reshape(n, self.k)
        bits = int(self.accepting[i])
        return DFA._trusted(tuple(alphabet), table, 0,
                            np.array([(bits >> q) & 1 for q in range(n)], dtype=bool))

    def to_bytes(self) -> bytes:
        """The shard as a numpy ``.npz`` archive of plain arrays (no pickle): rows,
        accepting, verdicts and a JSON header (shard, letters, undecided methods)."""
        meta = {"n": self.shard.n, "prefix": list(self.shard.prefix), "k": self.k,
                "methods": [list(m) for m in self.methods]}
        buf = io.BytesIO()
        np.savez_compressed(buf, rows=self.rows, accepting=self.accepting, verdicts=self.verdicts,
                            meta=np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8))
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes, shard: Shard, k: int, fragments: int) -> "ShardResult":
        """Read :meth:`to_bytes`; ValueError unless it is that shard, over k letters, with
        that many fragments."""
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            rows, acc, verdicts = z["rows"], z["accepting"], z["verdicts"]
            meta = json.loads(bytes(z["meta"]).decode("utf-8"))
        if (meta.get("n"), tuple(meta.get("prefix", ())), meta.get("k")) != (shard.n, shard.prefix, k):
            raise ValueError(f"the file holds shard n={meta.get('n')} prefix={meta.get('prefix')}, "
                             f"not {shard.name}")
        m = rows.shape[0]
        if rows.shape != (m, shard.n * k) or acc.shape != (m,) or verdicts.shape != (m, fragments):
            raise ValueError(f"shard {shard.name}: arrays of the wrong shape")
        methods = tuple((int(i), int(f), str(t)) for i, f, t in meta.get("methods", ()))
        return cls(shard, k, rows, acc, verdicts, methods)


def bulk_class_column(f) -> int | None:
    """The column of :func:`.batch_classes.classify_classes` that decides ``f``, as its
    declaration names it (``LanguageClass.bulk``: one of :data:`.batch_classes.CLASSES`; a
    fixed order such as ``SL[2]`` declares none), or None."""
    column = None if isinstance(f, Fragment) else getattr(f, "bulk", None)
    return None if column is None else BULK_CLASSES.index(column)


def representative(dfa, permutations=None) -> tuple:
    """The first language in enumeration order (string representation, then acceptance as
    a binary number) of the orbit of L(dfa) under renaming letters and complement, as a
    canonical key (rows, acceptance) (:func:`canonical_key`)."""
    def order(key):
        rows, acc = key
        return tuple(q for row in rows for q in row), sum(1 << q for q, x in enumerate(acc) if x)

    return min((key for key, _, _ in orbit_images(dfa, permutations)), key=order)


def classify_shard(request: CensusRequest, shard: Shard, cache: dict | None = None,
                   on_stage=None, morphisms: MorphismAnswers | None = None) -> ShardResult:
    """Classify every language of ``shard`` for ``request.fragments`` (module docstring).
    ``cache`` (a dict, may be shared between shards of one request): the answers of the
    orbit representatives already classified; ``morphisms`` (may be shared likewise): the
    answers of the classes with a declared closure, per syntactic morphism
    (:mod:`.morphisms`).  ``on_stage(text)`` is told the progress every
    :data:`PROGRESS_EVERY` languages classified one at a time."""
    letters = request.alphabet
    k = len(letters)
    fragments = request.fragments
    rows, acc = minimal_dfa_arrays(shard.n, k, shard.prefix)
    m = rows.shape[0]
    verdicts = np.full((m, len(fragments)), UNDECIDED, dtype=np.int8)
    bulk_cols = [(fragments.index(f), j) for j, f in enumerate(BULK_FRAGMENTS) if f in fragments]
    bulk = None
    if _compiled_available() and shard.n <= MAX_STATES and m:
        bulk = classify_tables(shard.n, k, rows)
        for col, j in bulk_cols:
            verdicts[:, col] = bulk[:, j]
    fragment_keys = [f for f in fragments if isinstance(f, Fragment)]
    one_by_one_fragments = [f for f in fragment_keys if bulk is None or f not in BULK_FRAGMENTS]
    classes = tuple(f for f in fragments if not isinstance(f, Fragment))
    class_cols = [(fragments.index(f), bulk_class_column(f)) for f in classes
                  if bulk_class_column(f) is not None]
    tier_cols = [(fragments.index(f), tier_base_column(f)) for f in classes
                 if bulk_class_column(f) is None and tier_base_column(f) is not None]
    if (class_cols or tier_cols) and bulk is not None and shard.n <= CLASS_MAX_STATES:
        extended = any(BULK_CLASSES[j] in EXTENDED for _, j in class_cols)
        mod_kernel = any(BULK_CLASSES[j] in MOD_KERNEL for _, j in class_cols)
        over_groups = any(BULK_CLASSES[j] in OVER_GROUPS for _, j in class_cols)
        own = classify_classes(shard.n, k, rows, acc, bulk, extended, mod_kernel, over_groups)
        for col, j in class_cols:
            verdicts[:, col] = own[:, j]
        for col, verdict in zip((c for c, _ in tier_cols),
                                _tier_verdicts(shard.n, k, rows, acc, own, [j for _, j in tier_cols])):
            verdicts[:, col] = verdict
        classes = tuple(f for f in classes if bulk_class_column(f) is None and tier_base_column(f) is None)
    methods: list[tuple[int, int, str]] = []
    if not one_by_one_fragments and not classes:
        return ShardResult(shard, k, rows, acc, verdicts, ())
    windows = tuple(request.windows)
    permutations = list(itertools.permutations(range(k)))
    cache = {} if cache is None else cache
    morphisms = MorphismAnswers() if morphisms is None else morphisms
    by_morphism = tuple(f for f in classes if f.closure is not None)
    each = tuple(f for f in classes if f.closure is None)
    result = ShardResult(shard, k, rows, acc, verdicts, ())
    window_cols = [(fragments.index(f), inclusion_columns(f)) for f in one_by_one_fragments if _is_window(f)]
    for i in range(m):
        d = result.dfa(i, letters)
        ask = bool(one_by_one_fragments)
        if ask and bulk is not None and len(window_cols) == len(one_by_one_fragments):
            settled = [_settled(cols, bulk[i]) for _, cols in window_cols]
            if None not in settled:               # every window question settled by inclusion
                for (col, _), code in zip(window_cols, settled):
                    verdicts[i, col] = code
                ask = False
        if ask:
            if request.symmetry:
                key = representative(d, permutations)
                answer = cache.get(key)
                if answer is None:
                    rep = DFA._trusted(letters, np.array(key[0], dtype=np.int64).reshape(shard.n, k), 0,
                                       np.array(key[1], dtype=bool))
                    answer = cache[key] = _ask(rep, windows, (), request.limits)
            else:
                answer = _ask(d, windows, (), request.limits)
            for f in fragment_keys:
                member, method = answer[f]
                col = fragments.index(f)
                if bulk is not None and f in BULK_FRAGMENTS:
                    if _code(member) != verdicts[i, col]:     # the kernel against classify
                        raise AssertionError(f"the bulk classifier and classify differ on {f} "
                                             f"for {d.transitions.tolist()}, accepting "
                                             f"{np.flatnonzero(d.accepting).tolist()}")
                    continue
                verdicts[i, col] = _code(member)
                if member is None:
                    methods.append((i, col, method))
        if classes:
            own = _ask(d, (), each, request.limits) if each else {}
            if by_morphism:
                own.update(morphisms.answers(d, by_morphism, request.limits,
                                             lambda dfa, asked: _ask(dfa, (), asked, request.limits)))
            for f in classes:
                member, method = own[f]
                col = fragments.index(f)
                verdicts[i, col] = _code(member)
                if member is None:
                    methods.append((i, col, method))
        if on_stage is not None and (i + 1) % PROGRESS_EVERY == 0:
            on_stage(f"shard {shard.name}: {i + 1} of {m} languages")
    return ShardResult(shard, k, rows, acc, verdicts, tuple(sorted(methods)))


def tier_base_column(f) -> int | None:
    """For a tier-based class decided by its base class on the letters that act
    (``LanguageClass.tier_base``: TLT, TLTT, TPT, TPLT), the column of
    :func:`.batch_classes.classify_classes` of its base class (LT, LTT, PT, DD1), or None."""
    base = None if isinstance(f, Fragment) else getattr(f, "tier_base", None)
    return None if base is None else BULK_CLASSES.index(base)


def _tier_verdicts(n: int, k: int, rows, acc, own, columns) -> list:
    """The verdicts of tier-based classes (their base classes' ``columns`` of ``own``, the
    kernel's verdicts on these DFAs) for every minimal DFA of ``rows``: L is in the tier class
    iff L ∩ T₁* is in the base class over T₁, T₁ the letters that act
    (docs/decision-procedures.md §10a).  Where every letter acts (or none: L is ∅ or Σ*,
    in every class) that is the base verdict itself; elsewhere the kernel decides the DFAs
    restricted to T₁ (still minimal, every state reached), grouped by T₁."""
    m = rows.shape[0]
    table = np.asarray(rows).reshape(m, n, k)
    acts = (table != np.arange(n)[None, :, None]).any(axis=1)
    out = [np.array(own[:, j]) for j in columns]
    some = acts.any(axis=1) & ~acts.all(axis=1)
    for pattern in np.unique(acts[some], axis=0):
        idx = np.flatnonzero(some & (acts == pattern).all(axis=1))
        letters = np.flatnonzero(pattern)
        sub = np.ascontiguousarray(table[idx][:, :, letters].reshape(len(idx), n * len(letters)), dtype=rows.dtype)
        verdicts = classify_classes(n, len(letters), sub, np.ascontiguousarray(acc[idx]), extended=False)
        for v, j in zip(out, columns):
            v[idx] = verdicts[:, j]
    return out


def _is_window(f) -> bool:
    """A fragment the bulk does not answer (LTL[Y<=k], LTL[P,Y<=k], k ≥ 2)."""
    return isinstance(f, Fragment) and f not in BULK_FRAGMENTS


def inclusion_columns(f: Fragment) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(outer, inner)``: the indices in :data:`BULK_FRAGMENTS` of the bulk fragments known
    to contain ``f`` and of those known to lie inside it (:meth:`Fragment.includes`): a "no"
    of an outer one, or a "yes" of an inner one, settles ``f`` (for LTL[Y<=k]: outer LTL[Y],
    LTL[P,Y], LTL[S]; for LTL[P,Y<=k]: outer LTL[P,Y], LTL[S], inner LTL[P])."""
    outer = tuple(j for j, b in enumerate(BULK_FRAGMENTS) if b != f and b.includes(f) is not None)
    inner = tuple(j for j, b in enumerate(BULK_FRAGMENTS) if b != f and f.includes(b) is not None)
    return outer, inner


def _settled(columns, bulk_row) -> int | None:
    """The verdict of a window fragment with these :func:`inclusion_columns` when the bulk
    verdicts (LTL[P], LTL[Y], LTL[P,Y], LTL[S]) settle it by inclusion, as the window
    procedure itself settles it first; None when open."""
    outer, inner = columns
    if any(int(bulk_row[j]) == NO for j in outer):
        return NO
    if any(int(bulk_row[j]) == YES for j in inner):
        return YES
    return None


def _ask(dfa, windows, classes, limits) -> dict:
    """{key: (member, method)} from :func:`.classify.classify` without certificates."""
    c = _classify(dfa, windows=windows, minimal=True, certificates=False, limits=limits,
                  classes=classes)
    return {r.fragment: (r.member, r.method) for r in c.results}


@dataclass(frozen=True)
class Census:
    """Every minimal DFA with 1 … ``max_states`` states over ``alphabet`` with its verdicts
    for ``fragments``, as counts: ``languages[n − 1]`` the languages of n states,
    ``tallies[f][n − 1]`` = (in, not in, undecided) for fragment f, ``profile_counts`` the
    profiles (a tuple of in/not-in per fragment, undecided counted as not in) with their
    counts, ``undecided_answers`` every (language, fragment, method) left undecided; and
    ``entries``, every language with its verdicts in enumeration order, when kept (None
    otherwise: a census of millions of languages is held as counts)."""

    alphabet: tuple[str, ...]
    max_states: int
    fragments: tuple
    languages: tuple[int, ...]
    tallies: tuple[tuple[tuple[int, int, int], ...], ...]
    profile_counts: tuple[tuple[tuple[bool, ...], int], ...]
    undecided_answers: tuple[tuple[CensusEntry, object, str], ...]
    entries: tuple[CensusEntry, ...] | None = None

    @classmethod
    def merge(cls, request: CensusRequest, results: Iterable[ShardResult],
              keep_entries: bool = True) -> "Census":
        """The census of ``request`` from its shards' results, taken in shard order (the
        caller's order must be :func:`census_shards`'); ``keep_entries``: also every
        language as a :class:`CensusEntry`."""
        fragments = request.fragments
        F = len(fragments)
        sizes = request.max_states
        tallies = np.zeros((F, sizes, 3), dtype=np.int64)
        languages = [0] * sizes
        profiles: Counter = Counter()
        undecided: list = []
        entries: list = [] if keep_entries else None
        for r in results:
            n = r.shard.n
            v = r.verdicts
            languages[n - 1] += len(r)
            if len(r):
                tallies[:, n - 1, 0] += (v == YES).sum(axis=0)
                tallies[:, n - 1, 1] += (v == NO).sum(axis=0)
                tallies[:, n - 1, 2] += (v == UNDECIDED).sum(axis=0)
                # one row of flags per profile (any number of fragments: no bit mask to overflow)
                keys, counts = np.unique(v == YES, axis=0, return_counts=True)
                for key, count in zip(keys.tolist(), counts.tolist()):
                    profiles[tuple(key)] += count
            by_row: dict[int, list] = {}
            for i, f, text in r.methods:
                by_row.setdefault(i, []).append((fragments[f], text))
            if keep_entries:
                for i in range(len(r)):
                    entries.append(CensusEntry(r.dfa(i, request.alphabet),
                                               tuple(_member(int(x)) for x in v[i]),
                                               tuple(by_row.get(i, ()))))
            for i, pairs in sorted(by_row.items()):
                e = (entries[len(entries) - len(r) + i] if keep_entries else
                     CensusEntry(r.dfa(i, request.alphabet), tuple(_member(int(x)) for x in v[i]),
                                 tuple(pairs)))
                for f, text in pairs:
                    undecided.append((e, f, text))
        prof = [(tuple(bool(x) for x in key), count) for key, count in profiles.items()]
        prof.sort(key=lambda kv: (-kv[1], sum(kv[0]), [j for j in range(F) if kv[0][j]]))
        return cls(tuple(request.alphabet), sizes, fragments, tuple(languages),
                   tuple(tuple(tuple(int(x) for x in tallies[f, n]) for n in range(sizes))
                         for f in range(F)),
                   tuple(prof), tuple(undecided), None if entries is None else tuple(entries))

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(range(1, self.max_states + 1))

    def total(self, states: int | None = None) -> int:
        """The number of languages (with a minimal DFA of exactly ``states`` states)."""
        return sum(self.languages) if states is None else self.languages[states - 1]

    def count(self, fragment, verdict: bool | None = True, states: int | None = None) -> int:
        """How many languages (of ``states`` states, or all) have ``verdict`` for ``fragment``
        (a fragment, its name or short name, an attention pattern or its name: as
        ``Classification[...]``)."""
        i = self._index(fragment)
        j = 2 if verdict is None else (0 if verdict else 1)
        rows = self.tallies[i]
        return sum(r[j] for r in rows) if states is None else rows[states - 1][j]

    def _index(self, key) -> int:
        """The position of the fragment ``key`` names (looked up as in a
        :class:`~.results.Classification`: :func:`~.results.fragment_key`)."""
        for i, f in enumerate(self.fragments):
            if not isinstance(f, Fragment) and (f is key or str(f) == str(key)):
                return i
        fragment = fragment_key(key)
        try:
            return self.fragments.index(fragment)
        except ValueError:
            raise UnknownFragment(f"{fragment} is not in the census (its fragments: "
                                  f"{', '.join(map(str, self.fragments))})", parameters=("windows",)) from None

    def profiles(self) -> list[tuple[tuple, int]]:
        """The profiles — the set of fragments a language lies in (undecided counted as not
        proved in) — with their counts, most frequent first (then by the profile's order)."""
        return [(tuple(f for f, x in zip(self.fragments, mask) if x), count)
                for mask, count in self.profile_counts]

    def undecided(self) -> list[tuple[CensusEntry, object, str]]:
        """Every (language, fragment, method) left undecided, in enumeration order."""
        return list(self.undecided_answers)

    def __repr__(self) -> str:
        return (f"Census({self.total()} languages with at most {self.max_states} states over "
                f"{{{', '.join(self.alphabet)}}}, {len(self.fragments)} fragments)")

    def _repr_html_(self) -> str:
        """For notebooks: per fragment its attention pattern and how many languages are in
        it, not in it, undecided; then the most frequent profiles."""
        rows = [[str(f), "" if f.pattern is None else str(f.pattern), self.count(f, True),
                 self.count(f, False), self.count(f, None)] for f in self.fragments]
        table = html_table(["fragment", "pattern", "yes", "no", "undecided"], rows,
                           caption=f"census: {self.total()} languages with at most {self.max_states} "
                                   f"states over {{{', '.join(self.alphabet)}}}", max_rows=len(rows) + 1)
        profiles = html_table(["profile (fragments the language is in)", "languages"],
                              [[", ".join(map(str, p)) or "none", c] for p, c in self.profiles()],
                              caption="profiles", max_rows=12)
        return table + profiles

    def lines(self) -> list[str]:
        """The text tables of the census (what ``attnlogic census`` prints): counts per
        fragment and number of states, the profiles, the undecided answers."""
        sizes = self.sizes
        head = ["fragment", "pattern"] + [f"n={n}" for n in sizes] + ["all"]
        rows = [["languages", ""] + [str(self.total(n)) for n in sizes] + [str(self.total())]]
        for f in self.fragments:
            cells = [str(self.count(f, True, n)) for n in sizes] + [str(self.count(f, True))]
            undecided = self.count(f, None)
            if undecided:
                cells[-1] += f" (+{undecided} undecided)"
            rows.append([str(f), "—" if f.pattern is None else str(f.pattern)] + cells)
        widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]

        def line(r):
            return "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()

        out = [f"minimal DFAs with at most {self.max_states} states over {{{', '.join(self.alphabet)}}}: "
               f"{self.total()} languages; languages in each fragment, by number of states n",
               line(head)] + [line(r) for r in rows]
        out += ["", "profiles (the fragments a language lies in):"]
        for fragments, count in self.profiles():
            out.append(f"  {count:>7}  {', '.join(str(f) for f in fragments) or '(none)'}")
        undecided = self.undecided()
        out += ["", f"undecided: {len(undecided)}"]
        for e, f, method in undecided:
            d = e.dfa
            table = [[int(q) for q in row] for row in d.transitions]
            acc = [q for q in range(d.n_states) if d.accepting[q]]
            out.append(f"  {f}: transitions {table} (row q: the successors of q by "
                       f"{', '.join(d.alphabet)}), initial 0, accepting {acc}: {method}")
        return out

    def to_json(self, each: bool = False) -> dict:
        """Counts per fragment (with its attention pattern) and number of states, the
        profiles, the undecided answers (DFA and fragment) and, with ``each``, every DFA with
        its verdicts."""
        sizes = self.sizes

        def by_size(fragment, verdict):
            return {str(n): self.count(fragment, verdict, n) for n in sizes}

        out = {"alphabet": list(self.alphabet), "max_states": self.max_states,
               "fragments": [str(f) for f in self.fragments],
               "languages": {str(n): self.total(n) for n in sizes},
               "counts": {str(f): {"pattern": None if f.pattern is None else str(f.pattern),
                                   "yes": by_size(f, True), "no": by_size(f, False),
                                   "undecided": by_size(f, None)}
                          for f in self.fragments},
               "patterns": {str(f.pattern): {"fragment": str(f), "can": by_size(f, True),
                                             "cannot": by_size(f, False),
                                             "undecided": by_size(f, None)}
                            for f in self.fragments if f.pattern is not None},
               "profiles": [{"fragments": [str(f) for f in p], "languages": c}
                            for p, c in self.profiles()],
               "undecided": [{**e.to_json(self.fragments), "fragment": str(f), "method": m}
                             for e, f, m in self.undecided()]}
        if each:
            if self.entries is None:
                raise InputError("each: this census kept no entries (keep_entries=False)",
                                 parameters=("each",))
            out["dfas"] = [e.to_json(self.fragments) for e in self.entries]
        return out


def orbit_images(dfa, permutations=None):
    """(canonical key, perm, complemented) for the minimal DFA of σ(L) and of its complement,
    for every renaming σ of the letters (``permutations`` of the column indices; None: all),
    L = L(dfa).  Column j of the image reads as column perm[j] of ``dfa``, so a formula of L
    becomes one of the image by renaming the atom of letter perm[j] to letter j (and
    negating it for the complement)."""
    t = [[int(r) for r in row] for row in dfa.transitions]
    acc = [bool(x) for x in dfa.accepting]
    if permutations is None:
        permutations = itertools.permutations(range(len(dfa.alphabet)))
    for perm in permutations:
        table = [[row[i] for i in perm] for row in t]
        yield canonical_key(table, acc), tuple(perm), False
        yield canonical_key(table, [not x for x in acc]), tuple(perm), True


def check_request(max_states: int, alphabet: Sequence[str], windows=(2,), classes=(),
                  max_depth: int | None = None, limit: int | None = None,
                  max_dfas: int | None = None, symmetry: bool = True,
                  limits: Limits | None = None) -> CensusRequest:
    """The request of :func:`census`, validated (InputError naming the parameter), and its
    size decided before anything is enumerated: LimitExceeded (``max_dfas``) when the upper
    bound on the number of DFAs, summed size by size, passes ``max_dfas`` (default
    :data:`DEFAULT_MAX_BULK_DFAS` when only the bulk fragments are asked, else
    :data:`DEFAULT_MAX_DFAS`)."""
    integer("max_states", max_states, 1, what="a number of states")
    limits = Limits.of(limits, limit=limit, max_depth=max_depth)
    letters = tuple(alphabet)
    if not letters:
        raise InputError("alphabet: a census needs at least one letter", parameters=("alphabet",))
    if len(set(letters)) != len(letters):
        raise InputError(f"alphabet: duplicate letter in {list(letters)}", parameters=("alphabet",))
    request = CensusRequest(letters, int(max_states), tuple(windows), tuple(str(c) for c in classes),
                            bool(symmetry), limits)
    request.fragments                                  # validates windows and classes
    if max_dfas is None:
        max_dfas = DEFAULT_MAX_BULK_DFAS if request.bulk_only else DEFAULT_MAX_DFAS
    integer("max_dfas", max_dfas, 1, MAX_MAX_DFAS, what="a number of DFAs")
    bound, upto = 0, 0          # the bound, summed size by size until it exceeds max_dfas
    while upto < max_states and bound <= max_dfas:
        upto += 1
        bound += canonical_table_count(upto, len(letters)) << upto
    if bound > max_dfas:        # decided before any DFA is built, at the first size that passes
        raise LimitExceeded("DFAs in the census", max_dfas,
                            f"up to {bound} DFAs with at most {upto} states over {len(letters)} letters "
                            f"already (max_states is {max_states}); lower max_states or raise max_dfas",
                            ("max_dfas", "max_states"))
    if max_states > 16:
        raise InputError(f"max_states: at most 16 states, got {max_states}", parameters=("max_states",))
    return request
