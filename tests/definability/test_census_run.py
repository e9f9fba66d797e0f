"""Running a census by shards: shard files written as each finishes, a stopped run resumed
with only the missing shards, another request refused on the same folder, the dataset, the
same tables from every route; the Ray backend (2 local workers, one killed mid-run) gives
the one-process census byte for byte, also when it resumes a stopped run (skipped when Ray
is absent)."""

from __future__ import annotations

import gzip
import json

import numpy as np
import pytest

from attnlogic.cli import main
from attnlogic.definability.census import (Shard, census, census_shards, check_request,
                                           classify_shard)
from attnlogic.definability.census.run import CRASH_ONCE, run_census
from attnlogic.kernel.errors import InputError

#: 4 states over two letters, the four bulk fragments: 8 shards, 57,068 languages, < 1 s
BULK = dict(max_states=4, alphabet="ab", windows=())


class Stop(Exception):
    pass


def stop_after(limit: int, seen: list):
    """An ``on_shard`` that records each shard it is given in ``seen`` and stops the run
    (raises :class:`Stop`) at the ``limit``-th."""
    def on_shard(shard):
        seen.append(shard)
        if len(seen) == limit:
            raise Stop
    return on_shard


def test_shards_are_cut_by_prefix_in_enumeration_order():
    shards = census_shards(4, 2)
    assert [s.n for s in shards] == [1, 2, 3, 4, 4, 4, 4, 4]
    assert [s.prefix for s in shards if s.n == 4] == sorted(s.prefix for s in shards if s.n == 4)
    assert Shard(4, (0, 1)).name == "n4-0.1" and Shard(2).name == "n2"


def test_window_verdicts_do_not_depend_on_the_sharding():
    """Deeper shards than the census's own, each classified with a fresh orbit cache: the
    same verdicts and undecided texts as the size classified whole."""
    from attnlogic.automata.census import shard_prefixes

    request = check_request(2, "abc", windows=(2, 3))
    whole = classify_shard(request, Shard(2))
    parts = [classify_shard(request, Shard(2, p)) for p in shard_prefixes(2, 3, 3)]
    assert len(parts) > 3
    assert np.array_equal(np.concatenate([p.verdicts for p in parts]), whole.verdicts)
    assert np.array_equal(np.concatenate([p.rows for p in parts]), whole.rows)


def test_a_stopped_run_resumes_with_only_the_missing_shards(tmp_path):
    request = check_request(**BULK)
    seen = []
    with pytest.raises(Stop):
        run_census(request, out=tmp_path, on_shard=stop_after(3, seen))
    written = sorted(p.name for p in (tmp_path / "shards").iterdir())
    assert written == sorted(f"{s.name}.npz" for s in seen)          # each written as it ended
    again = []
    resumed = run_census(request, out=tmp_path, on_shard=again.append)
    assert set(again) == set(census_shards(4, 2)) - set(seen)
    whole = census(**BULK, keep_entries=False)
    assert resumed == whole and resumed.lines() == whole.lines()
    assert json.loads((tmp_path / "census.json").read_text()) == whole.to_json()
    nothing = []
    assert run_census(request, out=tmp_path, on_shard=nothing.append) == whole and nothing == []


def test_a_stopped_six_state_run_resumes_where_it_stopped(tmp_path):
    """The six-state census over two letters (14,447 shards) stopped three shards into its
    six-state part, then resumed and stopped again three shards later: the second run
    classifies only shards the first did not write, the next ones in order, and each
    six-state shard's file holds that shard classified alone."""
    request = check_request(6, "ab", windows=())
    shards = census_shards(6, 2)
    six = next(i for i, s in enumerate(shards) if s.n == 6)

    first, second, stages = [], [], []
    with pytest.raises(Stop):
        run_census(request, out=tmp_path, on_shard=stop_after(six + 3, first))
    with pytest.raises(Stop):
        run_census(request, out=tmp_path, on_shard=stop_after(3, second), on_stage=stages.append)
    assert first == list(shards[:six + 3]) and second == list(shards[six + 3:six + 6])
    assert stages[0] == f"classifying {len(shards)} shards ({six + 3} done already, backend local)"
    assert stages[1].startswith(f"{six + 4}/{len(shards)} shards ({shards[six + 3].name} done")
    written = sorted(p.name for p in (tmp_path / "shards").iterdir())
    assert written == sorted(f"{s.name}.npz" for s in shards[:six + 6])
    for s in shards[six:six + 6]:
        assert (tmp_path / "shards" / f"{s.name}.npz").read_bytes() == classify_shard(request, s).to_bytes()
    assert not (tmp_path / "census.json").exists()


def test_a_partial_run_merges_the_shards_it_has(tmp_path, capsys):
    """``--partial`` on the folder of a stopped run: the counts of the shards written, no
    shard classified, nothing written; the run then resumes to the whole census."""
    request = check_request(**BULK)
    seen = []
    with pytest.raises(Stop):
        run_census(request, out=tmp_path, on_shard=stop_after(6, seen))
    files = sorted((tmp_path / "shards").iterdir())
    ran = []
    part = run_census(request, out=tmp_path, partial=True, on_shard=ran.append)
    assert ran == [] and sorted((tmp_path / "shards").iterdir()) == files
    assert not (tmp_path / "census.json").exists()
    assert part.total() == sum(len(classify_shard(request, s)) for s in seen)
    assert part.total(4) == sum(len(classify_shard(request, s)) for s in seen if s.n == 4) < 56014
    args = ["census", "-n", "4", "-a", "ab", "--no-windows", "--no-progress", "--out", str(tmp_path)]
    assert main(args + ["--partial", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["languages"]["4"] == part.total(4)
    assert "partial: 6 of 8 shards merged" in out.err
    assert main(args) == 0 and "56014" in capsys.readouterr().out
    assert main(["census", "-n", "2", "-a", "ab", "--partial"]) == 2


def test_another_request_on_the_same_folder_is_refused(tmp_path):
    run_census(check_request(2, "ab", windows=()), out=tmp_path)
    with pytest.raises(InputError, match="another request"):
        run_census(check_request(2, "ab", windows=(2,)), out=tmp_path)
    (tmp_path / "shards" / "n2.npz").write_bytes(b"not a shard")
    with pytest.raises(InputError, match="n2.npz"):
        run_census(check_request(2, "ab", windows=()), out=tmp_path)


def test_entries_kept_or_not_the_same_census():
    kept = census(2, "abc")
    counts = census(2, "abc", keep_entries=False)
    assert kept.lines() == counts.lines() and kept.to_json() == counts.to_json()
    assert counts.entries is None and len(kept.entries) == 114


def test_cli_out_resume_dataset_and_check_counts(tmp_path, capsys):
    args = ["census", "-n", "3", "-a", "ab", "--no-windows", "--no-progress", "--check-counts"]
    assert main(args + ["--dataset", str(tmp_path / "d.jsonl.gz")]) == 0
    first = capsys.readouterr().out
    assert "  n=3: 1028  equal" in first.splitlines()
    assert main(args + ["--out", str(tmp_path / "run")]) == 0
    assert capsys.readouterr().out == first
    assert main(args + ["--out", str(tmp_path / "run"), "--dataset", str(tmp_path / "d2.jsonl.gz")]) == 0
    assert capsys.readouterr().out == first                              # all shards read back
    assert (tmp_path / "d2.jsonl.gz").read_bytes() == (tmp_path / "d.jsonl.gz").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []
    with gzip.open(tmp_path / "d.jsonl.gz", "rt") as fh:
        rows = [json.loads(line) for line in fh]
    assert len(rows) == 1054
    # the documented query: the 3-state languages in LTL[P,Y] and not in LTL[P]
    picked = [r for r in rows if r["states"] == 3 and r["LTL[P,Y]"] and not r["LTL[P]"]]
    assert len(picked) == 144 - 60
    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.engine.classify import classify

    r = picked[0]
    c = classify(DFA(["a", "b"], r["transitions"], 0, r["accepting"]), windows=(), certificates=False)
    assert c["LTL[P,Y]"].member and not c["LTL[P]"].member


def test_cli_refusals(tmp_path, capsys):
    base = ["census", "-n", "2", "-a", "ab", "--no-progress"]
    for extra in (["--no-windows", "--window", "3"], ["--address", "auto"], ["--jobs", "2"],
                  ["--each"], ["-n", "7", "--no-windows"], ["--sample", "0"]):
        assert main(base + extra) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, (extra, err)


def test_ray_with_a_killed_worker_equals_one_process(tmp_path, monkeypatch):
    """2 local workers; the first task kills its worker (``os._exit``), Ray runs it again;
    the merged census, its tables and its shard files equal those of one process (the four
    fragments and the subregular classes, all in bulk)."""
    pytest.importorskip("ray")
    monkeypatch.setenv(CRASH_ONCE, str(tmp_path / "crashed"))
    request = check_request(3, "ab", windows=(), classes=("subregular",))   # 3 shards, in bulk
    local = run_census(request, out=tmp_path / "local")
    stopped = []
    with pytest.raises(Stop):                # a partial run, resumed and merged by Ray
        run_census(request, out=tmp_path / "ray", on_shard=stop_after(1, stopped))
    ran = []
    remote = run_census(request, out=tmp_path / "ray", backend="ray", jobs=2, on_shard=ran.append)
    assert sorted(s.name for s in ran) == sorted(s.name for s in census_shards(3, 2)[1:])
    assert (tmp_path / "crashed").exists()                       # a worker did die
    assert remote == local and remote.lines() == local.lines()
    for p in (tmp_path / "local" / "shards").iterdir():
        assert (tmp_path / "ray" / "shards" / p.name).read_bytes() == p.read_bytes()
    assert ((tmp_path / "ray" / "census.json").read_bytes()
            == (tmp_path / "local" / "census.json").read_bytes())


def test_the_stratified_sample_drawn_whole_is_the_census_and_its_interval_holds_it():
    from attnlogic.definability.census.sample import sample_census

    request = check_request(3, "ab", windows=(2,))
    full = census(3, "ab", keep_entries=False)
    whole = sample_census(request, per_stratum=10 ** 6)
    for e in whole:
        assert e.low == e.estimate == e.high == full.count(e.key, True)
        assert e.drawn == e.sampled_languages and e.undecided == 0
    for seed in (0, 1):
        for e in sample_census(request, per_stratum=12, seed=seed):
            assert e.drawn < e.sampled_languages
            assert e.low <= full.count(e.key, True) <= e.high, (seed, e)


def test_the_profiles_agree_with_the_counts_for_more_than_64_fragments():
    """Every class with a declared closure and the subregular ones (more fragments than a 64-bit
    mask holds): each fragment's "yes" count is the sum of the profiles that hold it, and the
    profiles count every language once."""
    from attnlogic.definability.engine.registry import CLASSES

    named = tuple(c.name for c in CLASSES if not c.default and (c.closure is not None or c.bulk is not None))
    c = census(2, "ab", windows=(), classes=named)
    assert len(c.fragments) > 64
    assert sum(count for _, count in c.profile_counts) == c.total()
    for j, f in enumerate(c.fragments):
        assert sum(count for flags, count in c.profile_counts if flags[j]) == c.count(f), f
