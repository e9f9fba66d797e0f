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

Two passes over the census's shards (:func:`.census.census_shards`): the first counts the
strata, the second draws the sample by position in enumeration order, so the sample is a
function of (request, per_stratum, seed) alone.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from ...automata.census import minimal_dfa_arrays
from ...automata.dfa import DFA
from ...ltl.fragments import Fragment
from .batch import FRAGMENTS as BULK, classify_tables
from .shards import CensusRequest, census_shards, inclusion_columns
from ..engine.classify import classify
from ..engine.registry import class_for
from ..values.results import fragment_key

__all__ = ["SampleEstimate", "sample_census", "sample_lines", "settled_by_inclusion"]

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


def _profiles(request: CensusRequest):
    """For each shard, in order: (shard, rows, bulk verdicts)."""
    k = len(request.alphabet)
    for shard in census_shards(request.max_states, k):
        rows, acc = minimal_dfa_arrays(shard.n, k, shard.prefix)
        yield shard, rows, acc, classify_tables(shard.n, k, rows)


def sample_census(request: CensusRequest, per_stratum: int = 200, seed: int = 0,
                  on_stage=None) -> list[SampleEstimate]:
    """Estimates for every question of ``request`` beyond the four bulk fragments (module
    docstring), from ``per_stratum`` languages per open stratum."""
    keys = [f for f in request.fragments if f not in BULK]
    letters = request.alphabet
    sizes: Counter = Counter()
    for shard, rows, _, bulk in _profiles(request):
        for prof, count in Counter(map(tuple, bulk.astype(bool).tolist())).items():
            sizes[(shard.n, prof)] += count
    strata = sorted(sizes)
    rng = np.random.default_rng(seed)
    open_strata = [s for s in strata
                   if any(settled_by_inclusion(f, s[1]) is None for f in keys)]
    chosen = {s: set(np.sort(rng.choice(sizes[s], size=min(per_stratum, sizes[s]), replace=False)).tolist())
              for s in open_strata}
    answers: dict = {s: [] for s in open_strata}
    seen: Counter = Counter()
    windows = tuple(request.windows)
    classes = tuple(request.classes)
    done = 0
    total = sum(len(c) for c in chosen.values())
    for shard, rows, acc, bulk in _profiles(request):
        n = shard.n
        for i, prof in enumerate(map(tuple, bulk.astype(bool).tolist())):
            s = (n, prof)
            j = seen[s]
            seen[s] += 1
            if s not in chosen or j not in chosen[s]:
                continue
            bits = int(acc[i])
            d = DFA._trusted(letters, rows[i].astype(np.int64).reshape(n, len(letters)), 0,
                             np.array([(bits >> q) & 1 for q in range(n)], dtype=bool))
            c = classify(d, windows=windows, minimal=True, certificates=False,
                         limits=request.limits, classes=classes)
            got = {r.fragment: r.member for r in c.results}
            answers[s].append(tuple(got[f] for f in keys))
            done += 1
            if on_stage is not None and done % 50 == 0:
                on_stage(f"sample: {done} of {total} languages classified")
    out = []
    languages = sum(sizes.values())
    for j, f in enumerate(keys):
        exact = 0
        sampled = drawn = yes = no = und = 0
        parts_yes, parts_und = [], []
        for s in strata:
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
        out.append(SampleEstimate(fragment_key(f) if isinstance(f, Fragment) else f, languages, exact,
                                  sampled, drawn, yes, no, und, est, lo, hi, uest, ulo, uhi))
    return out


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
