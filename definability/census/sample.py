"""The questions a census cannot afford in full, estimated on a stratified sample.

The window fragments LTL[Y<=k], LTL[P,Y<=k] and the registered classes are decided one
language at a time; at 5 states over two letters (3,705,306 languages) that is a cluster's
work (docs/census.md gives the command).  (The classes of :mod:`.batch_classes` are not:
``attnlogic census --sample`` counts them on every language and samples only the rest.)  Here the languages are stratified by their
number of states n and their *profile* in the four fragments decided in bulk (LTL[P],
LTL[Y], LTL[P,Y], LTL[S]: :mod:`.batch`), and in each stratum every question is either

* *settled by inclusion* for the whole stratum, exactly: LTL[Y<=k] ⊆ LTL[Y], LTL[P] ⊆
  LTL[P,Y<=k] ⊆ LTL[P,Y], and the inclusions a registered class declares (its
  ``inclusions``: a stratum inside a declared smaller class is "yes"); or
* *sampled*: ``per_stratum`` languages drawn uniformly without replacement (seeded; all of
  them when the stratum is smaller) and classified by :func:`.classify.classify`
  (``certificates=False``).

The estimate of the number of languages in the fragment is the exact part plus
Σ_s N_s·ŷ_s/m_s over the sampled strata (N_s languages, m_s drawn, ŷ_s found "yes"); its
95% interval is the stratified normal interval ±1.96·√(Σ_s N_s²·v_s/m_s·(N_s − m_s)/(N_s − 1))
with v_s = p̃(1 − p̃), p̃ = (ŷ_s + 2)/(m_s + 4) (the Agresti–Coull adjustment, so that a
stratum whose sample is all "yes" or all "no" still contributes its uncertainty), clipped
to the possible range; a stratum drawn whole contributes no variance.  Undecided answers
are estimated the same way.

The strata are counted per shard (:func:`shard_strata`): by the census run that precedes
the sample (``attnlogic census --sample``: :func:`result_strata` of each shard as the run
merges it, from its shard files when it resumes), or by one pass of the bulk kernel
(:func:`count_strata`).  The sample is drawn by position within each stratum in
enumeration order, so it is a function of (request, per_stratum, seed) alone; the per-shard
counts place each drawn position in its shard, and only those shards are generated again
(at 6 states over two letters, 518 of the 14,447).  Each question is decided
within ``request.limits`` (its budgets: an answer beyond them is "undecided", counted and
estimated as such); with a folder, the answers are recorded as they come and a stopped
sample resumes from them.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...automata.census import minimal_dfa_arrays
from ...automata.dfa import DFA
from ...kernel.errors import InputError
from ...kernel.fileio import read_text_capped, write_json_atomic
from ...ltl.fragments import Fragment
from .batch import FRAGMENTS as BULK, classify_tables
from .shards import CensusRequest, census_shards, inclusion_columns
from ..engine.classify import classify
from ..engine.registry import class_for
from ..values.results import fragment_key

__all__ = ["SampleEstimate", "count_strata", "result_strata", "sample_census", "sample_lines",
           "settled_by_inclusion", "shard_strata"]

_NAMES = tuple(str(f) for f in BULK)


def settled_by_inclusion(key, profile: tuple[bool, bool, bool, bool]) -> bool | None:
    """The answer for ``key`` (a window fragment or a registered class) of every language
    whose bulk verdicts (LTL[P], LTL[Y], LTL[P,Y], LTL[S]) are ``profile``, when an
    inclusion decides it; None otherwise."""
    if isinstance(key, Fragment):
        outer, inner = inclusion_columns(key)
        if any(not profile[j] for j in outer):
            return False
        return True if any(profile[j] for j in inner) else None
    cls = class_for(key)
    for smaller, _ in cls.inclusions:
        if smaller in _NAMES and profile[_NAMES.index(smaller)]:
            return True
    return None


@dataclass(frozen=True)
class SampleEstimate:
    """One question over the census: ``exact`` languages settled "yes" by inclusion,
    ``sampled_languages`` in the sampled strata, ``drawn`` of them classified, with ``yes``,
    ``no``, ``undecided`` among those; the estimated number "in" and its 95% interval, the
    estimated number undecided and its interval."""

    key: object
    languages: int
    exact: int
    sampled_languages: int
    drawn: int
    yes: int
    no: int
    undecided: int
    estimate: float
    low: float
    high: float
    undecided_estimate: float
    undecided_low: float
    undecided_high: float

    def to_json(self) -> dict:
        return {"fragment": str(self.key), "languages": self.languages, "exact_yes": self.exact,
                "sampled_languages": self.sampled_languages, "drawn": self.drawn,
                "sample": {"yes": self.yes, "no": self.no, "undecided": self.undecided},
                "estimate": round(self.estimate, 1), "ci95": [round(self.low, 1), round(self.high, 1)],
                "undecided_estimate": round(self.undecided_estimate, 1),
                "undecided_ci95": [round(self.undecided_low, 1), round(self.undecided_high, 1)]}


def _interval(exact: int, parts, lo: int, hi: int) -> tuple[float, float, float]:
    """(estimate, low, high) from the strata ``parts`` = [(N_s, m_s, hits_s)]."""
    est, var = float(exact), 0.0
    for N, m, hits in parts:
        est += N * hits / m
        if m < N:
            pt = (hits + 2) / (m + 4)
            var += N * N * pt * (1 - pt) / m * (N - m) / (N - 1)
    half = 1.96 * math.sqrt(var)
    return est, max(lo, est - half), min(hi, est + half)


def _profiles(request: CensusRequest, shards=None):
    """For each shard (``shards``, default every one of the census), in order: (shard,
    rows, accepting, bulk verdicts)."""
    k = len(request.alphabet)
    for shard in (census_shards(request.max_states, k) if shards is None else shards):
        rows, acc = minimal_dfa_arrays(shard.n, k, shard.prefix)
        yield shard, rows, acc, classify_tables(shard.n, k, rows)


#: a profile (LTL[P], LTL[Y], LTL[P,Y], LTL[S]) as a number: bit j for the j-th fragment
_BITS = np.int64(1) << np.arange(len(BULK), dtype=np.int64)


def _codes(bulk: np.ndarray) -> np.ndarray:
    """The profile of each row of a shard's bulk verdicts (m, 4) as a number (:data:`_BITS`)."""
    return (np.asarray(bulk).astype(bool).astype(np.int64) * _BITS).sum(axis=1)


def _profile(code: int) -> tuple[bool, ...]:
    return tuple(bool((code >> j) & 1) for j in range(len(BULK)))


def shard_strata(n: int, bulk: np.ndarray) -> Counter:
    """How many languages of a shard of ``n`` states lie in each stratum (n, profile), from
    its bulk verdicts ``bulk`` (m, 4: LTL[P], LTL[Y], LTL[P,Y], LTL[S]; true or 1: in)."""
    codes, counts = np.unique(_codes(bulk), return_counts=True)
    return Counter({(n, _profile(c)): k for c, k in zip(codes.tolist(), counts.tolist())})


def result_strata(request: CensusRequest, result) -> Counter:
    """:func:`shard_strata` of a classified shard (:class:`.shards.ShardResult` of a census
    whose ``request`` asks the four bulk fragments): what a census run already knows, so
    that the sample needs no pass of its own to count its strata."""
    columns = [request.fragments.index(f) for f in BULK]
    return shard_strata(result.shard.n, result.verdicts[:, columns] == 1)


def count_strata(request: CensusRequest) -> dict:
    """Every shard of the census with :func:`shard_strata` (one pass of the bulk kernel)."""
    return {shard: shard_strata(shard.n, bulk) for shard, _, _, bulk in _profiles(request)}


def _locate(shards, per_shard: dict, chosen: dict) -> dict:
    """The drawn languages by shard: ``chosen[s]`` are positions in stratum s counted over
    the census in enumeration order (``shards``, in order); each is found in the shard
    holding it from the strata counts ``per_shard`` (shard -> Counter) alone.  Returns
    shard -> {s: positions of the drawn ones among the shard's own languages of s}."""
    wanted = {s: sorted(c) for s, c in chosen.items()}
    cursor = dict.fromkeys(wanted, 0)        # the next drawn position not yet placed
    base: Counter = Counter()                # languages of s in the shards before
    out: dict = {}
    for shard in shards:
        for s, count in per_shard[shard].items():
            if s not in wanted:
                continue
            picks, i, start = wanted[s], cursor[s], base[s]
            j = i
            while j < len(picks) and picks[j] < start + count:
                j += 1
            if j > i:
                out.setdefault(shard, {})[s] = [p - start for p in picks[i:j]]
            cursor[s], base[s] = j, start + count
    return out


def _journal_path(out, per_stratum: int, seed: int):
    return Path(out) / f"sample-m{per_stratum}-seed{seed}.json"


def _read_journal(path, identity: dict) -> dict:
    """The answers recorded by a stopped sample (``shard:row`` -> verdicts), or {}."""
    if not path.exists():
        return {}
    width = len(identity["questions"])
    try:
        obj = json.loads(read_text_capped(path, 1 << 26))
        answers = obj["answers"]
        same = obj["sample"] == identity
        if same and not (isinstance(answers, dict) and all(
                isinstance(v, list) and len(v) == width and all(x in (-1, 0, 1) and isinstance(x, int) for x in v)
                for v in answers.values())):
            raise ValueError(f"answers: each a list of {width} verdicts -1, 0 or 1")
    except (ValueError, OSError, KeyError, TypeError) as exc:
        raise InputError(f"out: {path}: not a census sample ({exc}); delete it to draw again",
                         parameters=("out",)) from None
    if not same:
        raise InputError(f"out: {path} holds the sample of another request; use another folder",
                         parameters=("out",))
    return answers


def _verdict(member) -> int:
    return -1 if member is None else int(bool(member))


def sample_census(request: CensusRequest, per_stratum: int = 200, seed: int = 0,
                  on_stage=None, strata: dict | None = None, out=None,
                  journal_every: int = 20) -> list[SampleEstimate]:
    """Estimates for every question of ``request`` beyond the four bulk fragments (module
    docstring), from ``per_stratum`` languages per open stratum.

    ``strata``: shard -> :func:`shard_strata` for every shard of the census in shard order
    (as a census run counts them, :func:`result_strata`); None: counted here by one pass of
    the bulk kernel.  Only the shards holding a drawn language are generated again.
    ``out``: a folder where the answers are recorded as they come
    (``sample-m<per_stratum>-seed<seed>.json``, written atomically every ``journal_every``
    answers), so that a stopped sample resumes with the languages not yet classified; the
    sample drawn, and so the estimates, are the same whether or not it stopped."""
    keys = [f for f in request.fragments if f not in BULK]
    letters = request.alphabet
    shards = census_shards(request.max_states, len(letters))
    per_shard = count_strata(request) if strata is None else strata
    if set(per_shard) != set(shards):
        raise ValueError("sample_census: strata must count every shard of the census")
    sizes: Counter = Counter()
    for counts in per_shard.values():
        sizes.update(counts)
    strata_sorted = sorted(sizes)
    rng = np.random.default_rng(seed)
    open_strata = [s for s in strata_sorted
                   if any(settled_by_inclusion(f, s[1]) is None for f in keys)]
    chosen = {s: np.sort(rng.choice(sizes[s], size=min(per_stratum, sizes[s]), replace=False)).tolist()
              for s in open_strata}
    located = _locate(shards, per_shard, chosen)
    identity = {"request": request.to_json(), "per_stratum": per_stratum, "seed": seed,
                "questions": [str(f) for f in keys]}
    path = None if out is None else _journal_path(out, per_stratum, seed)
    recorded = {} if path is None else _read_journal(path, identity)
    answers: dict = {s: [] for s in open_strata}
    windows = tuple(request.windows)
    classes = tuple(request.classes)
    total = sum(len(c) for c in chosen.values())
    done = fresh = 0

    def save():
        if path is not None:
            write_json_atomic(path, {"sample": identity, "answers": recorded}, indent=None)

    if on_stage is not None and recorded:
        on_stage(f"sample: {len(recorded)} of {total} answers recorded in {path}")
    for shard, rows, acc, bulk in _profiles(request, [s for s in shards if s in located]):
        n = shard.n
        codes = _codes(bulk)
        picked = []                           # (row, stratum), in enumeration order
        for s, positions in located[shard].items():
            rows_of_s = np.flatnonzero(codes == _codes(np.array([s[1]]))[0])
            picked += [(int(rows_of_s[p]), s) for p in positions]
        for i, s in sorted(picked):
            name = f"{shard.name}:{i}"
            if name not in recorded:
                bits = int(acc[i])
                d = DFA._trusted(letters, rows[i].astype(np.int64).reshape(n, len(letters)), 0,
                                 np.array([(bits >> q) & 1 for q in range(n)], dtype=bool))
                c = classify(d, windows=windows, minimal=True, certificates=False,
                             limits=request.limits, classes=classes)
                got = {r.fragment: r.member for r in c.results}
                recorded[name] = [_verdict(got[f]) for f in keys]
                fresh += 1
                if fresh % journal_every == 0:
                    save()
            answers[s].append(tuple(None if x < 0 else x == 1 for x in recorded[name]))
            done += 1
            if on_stage is not None and done % 50 == 0:
                on_stage(f"sample: {done} of {total} languages classified")
    if fresh:
        save()
    out_estimates = []
    languages = sum(sizes.values())
    for j, f in enumerate(keys):
        exact = 0
        sampled = drawn = yes = no = und = 0
        parts_yes, parts_und = [], []
        for s in strata_sorted:
            settled = settled_by_inclusion(f, s[1])
            if settled is not None:
                exact += sizes[s] if settled else 0
                continue
            got = [a[j] for a in answers[s]]
            m = len(got)
            y_, n_, u_ = got.count(True), got.count(False), got.count(None)
            sampled += sizes[s]
            drawn += m
            yes, no, und = yes + y_, no + n_, und + u_
            parts_yes.append((sizes[s], m, y_))
            parts_und.append((sizes[s], m, u_))
        est, lo, hi = _interval(exact, parts_yes, exact, exact + sampled)
        uest, ulo, uhi = _interval(0, parts_und, 0, sampled)
        out_estimates.append(SampleEstimate(fragment_key(f) if isinstance(f, Fragment) else f, languages,
                                            exact, sampled, drawn, yes, no, und, est, lo, hi, uest, ulo, uhi))
    return out_estimates


def sample_lines(estimates: list[SampleEstimate], per_stratum: int, seed: int) -> list[str]:
    """The estimates as a text table."""
    out = [f"estimated on a stratified sample ({per_stratum} languages per open stratum, "
           f"seed {seed}; strata: number of states × profile in LTL[P], LTL[Y], LTL[P,Y], LTL[S]):",
           f"{'fragment':<12} {'exact yes':>9} {'sampled':>9} {'drawn':>6} {'yes':>5} {'no':>5} "
           f"{'undec':>5} {'estimate':>10} {'95% interval':>23} {'undecided (95%)':>22}"]
    for e in estimates:
        out.append(f"{str(e.key):<12} {e.exact:>9} {e.sampled_languages:>9} {e.drawn:>6} {e.yes:>5} "
                   f"{e.no:>5} {e.undecided:>5} {e.estimate:>10.0f} "
                   f"{f'[{e.low:.0f}, {e.high:.0f}]':>23} "
                   f"{f'{e.undecided_estimate:.0f} [{e.undecided_low:.0f}, {e.undecided_high:.0f}]':>22}")
    return out
