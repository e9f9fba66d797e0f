"""The stratified sample of a census (definability/census/sample.py): its strata counted by
the census run (no pass of its own) give the same sample as its own pass; the drawn
languages are those a plain walk over every language picks (only the shards holding one
are generated again); a sample stopped mid-way resumes from its recorded answers, asks only
the others, and gives the estimates of an uninterrupted one; a record of another sample is
refused.  4 states over two letters, 3 languages per stratum: a few seconds of CPU."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import numpy as np
import pytest

from attnlogic.automata.census import minimal_dfa_arrays
from attnlogic.definability.census import census_shards, check_request
from attnlogic.definability.census import sample as sample_module
from attnlogic.definability.census.batch import classify_tables
from attnlogic.definability.census.run import run_census
from attnlogic.definability.census.sample import count_strata, result_strata, sample_census
from attnlogic.kernel.errors import InputError

REQUEST = check_request(4, "ab", windows=(2,))
PER_STRATUM, SEED = 3, 5
REAL_CLASSIFY = sample_module.classify


class Stop(Exception):
    pass


def recording_classify(seen: list, stop_after: int | None = None):
    """``classify`` that records each DFA asked (its table and accepting states) and raises
    :class:`Stop` at the ``stop_after``-th call."""
    def classify(d, **kw):
        if stop_after is not None and len(seen) == stop_after:
            raise Stop
        seen.append((np.asarray(d.transitions).tolist(), np.flatnonzero(d.accepting).tolist()))
        return REAL_CLASSIFY(d, **kw)
    return classify


@cache
def drawn_by_a_plain_walk() -> tuple:
    """The languages the sample must draw, found without per-shard counts: every language
    of the census in enumeration order with its stratum (size, bulk profile), the same
    seeded choice of positions per open stratum, the languages at those positions."""
    langs, strata = [], []
    for shard in census_shards(4, 2):
        rows, acc = minimal_dfa_arrays(shard.n, 2, shard.prefix)
        bulk = classify_tables(shard.n, 2, rows).astype(bool)
        for i in range(len(rows)):
            langs.append((rows[i].reshape(shard.n, 2).tolist(),
                          [q for q in range(shard.n) if (int(acc[i]) >> q) & 1]))
            strata.append((shard.n, tuple(bulk[i].tolist())))
    sizes = Counter(strata)
    rng = np.random.default_rng(SEED)
    keys = [f for f in REQUEST.fragments if f not in sample_module.BULK]
    chosen = {}
    for s in sorted(sizes):
        if any(sample_module.settled_by_inclusion(f, s[1]) is None for f in keys):
            chosen[s] = set(rng.choice(sizes[s], size=min(PER_STRATUM, sizes[s]), replace=False).tolist())
    position: Counter = Counter()
    out = []
    for lang, s in zip(langs, strata):
        if s in chosen and position[s] in chosen[s]:
            out.append(lang)
        position[s] += 1
    return tuple(out)


def test_the_strata_of_the_census_run_draw_the_languages_a_plain_walk_draws(monkeypatch):
    run_strata: dict = {}
    bulk_request = check_request(4, "ab", windows=())
    run_census(bulk_request, on_result=lambda r: run_strata.__setitem__(r.shard, result_strata(bulk_request, r)))
    assert run_strata == count_strata(REQUEST)
    expected = drawn_by_a_plain_walk()
    assert len(expected) > 20
    seen: list = []
    monkeypatch.setattr(sample_module, "classify", recording_classify(seen))
    from_run = sample_census(REQUEST, PER_STRATUM, SEED, strata=run_strata)
    assert sorted(seen) == sorted(expected)
    seen.clear()
    assert sample_census(REQUEST, PER_STRATUM, SEED) == from_run
    assert sorted(seen) == sorted(expected)
    with pytest.raises(ValueError):
        sample_census(REQUEST, PER_STRATUM, SEED, strata={s: c for s, c in list(run_strata.items())[1:]})


def test_a_stopped_sample_resumes_from_its_answers(monkeypatch, tmp_path):
    whole = sample_census(REQUEST, PER_STRATUM, SEED)
    first: list = []
    monkeypatch.setattr(sample_module, "classify", recording_classify(first, stop_after=7))
    with pytest.raises(Stop):
        sample_census(REQUEST, PER_STRATUM, SEED, out=tmp_path, journal_every=2)
    assert len(first) == 7                      # 6 of them recorded (every 2 answers)
    rest: list = []
    monkeypatch.setattr(sample_module, "classify", recording_classify(rest))
    assert sample_census(REQUEST, PER_STRATUM, SEED, out=tmp_path) == whole
    assert len(rest) == len(drawn_by_a_plain_walk()) - 6
    assert not set(map(repr, rest)) & set(map(repr, first[:6]))
    again: list = []
    monkeypatch.setattr(sample_module, "classify", recording_classify(again))
    assert sample_census(REQUEST, PER_STRATUM, SEED, out=tmp_path) == whole
    assert again == []                          # every answer recorded
    other = check_request(4, "ab", windows=(1,))
    with pytest.raises(InputError, match="another request"):
        sample_census(other, PER_STRATUM, SEED, out=tmp_path)
    journal = tmp_path / "sample-m3-seed5.json"
    obj = json.loads(journal.read_text())
    obj["answers"][next(iter(obj["answers"]))] = [1, 2]
    journal.write_text(json.dumps(obj))
    with pytest.raises(InputError, match="not a census sample"):
        sample_census(REQUEST, PER_STRATUM, SEED, out=tmp_path)
