"""The Ray backend: the same records as the local backend, written as each cell ends, and a
grid stopped halfway that finishes only its missing cells.  Skipped when Ray is absent (it is
the optional extra attnlogic[cluster]; CI installs it)."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest

ray = pytest.importorskip("ray")

from attnlogic.experiments.evaluate import EvalConfig  # noqa: E402
from attnlogic.experiments.grid import GridSpec, cell_name, preset, run_grid, strip_timing  # noqa: E402
from attnlogic.experiments.train import TrainConfig  # noqa: E402

TINY = GridSpec("tiny", ("ENDS-A", "STARTS-A", "DYCK-(1,1)"), ("global", "hybrid:1"), (0,), (1e-2,),
                TrainConfig("ENDS-A", d_model=8, n_layers=1, n_heads=2, batch_size=8, steps=3,
                            train_max_length=6, threads=1),
                EvalConfig(test_min=7, test_max=9, samples=4, train_max=6))


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray with 2 CPUs for this module."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    yield
    ray.shutdown()


def test_ray_gives_the_records_of_the_local_backend(local_ray, tmp_path):
    local = run_grid(TINY, tmp_path / "local", progress=False)
    remote = run_grid(TINY, tmp_path / "ray", progress=False, backend="ray")
    assert [strip_timing(r) for r in remote] == [strip_timing(r) for r in local]
    names = sorted(p.name for p in (tmp_path / "ray" / "cells").iterdir())
    assert names == sorted(f"{cell_name(c)}.json" for c in TINY.cells())


class Stop(Exception):
    pass


def test_a_grid_stopped_halfway_resumes_with_only_the_missing_cells(local_ray, tmp_path):
    seen = []

    def stop_after_two(record):
        seen.append(record)
        if len(seen) == 2:
            raise Stop

    with pytest.raises(Stop):
        run_grid(TINY, tmp_path, progress=False, backend="ray", on_cell=stop_after_two)
    written = {p.name: p.read_bytes() for p in (tmp_path / "cells").iterdir()}
    assert len(written) == 2                            # each cell was written when it ended
    again = []
    records = run_grid(TINY, tmp_path, progress=False, backend="ray", on_cell=again.append)
    all_names = {f"{cell_name(c)}.json" for c in TINY.cells()}
    ran = {f"{cell_name(TrainConfig.from_dict(r['train_config']))}.json" for r in again}
    assert ran == all_names - set(written) and len(again) == len(all_names) - 2
    for name, data in written.items():                  # the finished cells were not redone
        assert (tmp_path / "cells" / name).read_bytes() == data
    assert [r["language"] for r in records] == [c.language for c in TINY.cells()]


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ATTNLOGIC_SKIP_QUICK") == "1", reason="ATTNLOGIC_SKIP_QUICK=1")
def test_quick_preset_cells_on_ray_give_the_committed_local_results(local_ray, tmp_path):
    """The committed quick results were computed by the local backend (and all twelve are
    regenerated from it by test_experiments_reproducible); on Ray with 2 CPUs its cells must come
    out the same, bit for bit.  Two of the twelve (one language × the two patterns with a
    window, run at once on the two CPUs; all four languages and three patterns being the local
    test's) keep this test a sixth of the price: Ray's scheduling is the same for every cell."""
    from test_experiments_reproducible import _comparable, committed_quick
    committed = committed_quick()
    spec = replace(preset("quick"), languages=("DYCK-(1,1)",), patterns=("local:1", "hybrid:1"))
    records = run_grid(spec, tmp_path, progress=False, backend="ray")
    expected = {(c["language"], c["pattern"]): c for c in committed["cells"]}
    assert len(records) == 2
    assert [_comparable(r) for r in records] == [_comparable(expected[r["language"], r["pattern"]]) for r in records]
    assert len(list((tmp_path / "cells").glob("*.json"))) == len(spec.cells())
    assert json.loads(next((tmp_path / "cells").iterdir()).read_text())["environment"]["threads"] == 1


def test_ray_backend_without_ray_is_a_clear_error(monkeypatch, tmp_path):
    import builtins

    from attnlogic.kernel.errors import InputError

    real_import = builtins.__import__

    def no_ray(name, *args, **kw):
        if name == "ray":
            raise ImportError("no ray")
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(InputError, match="cluster"):
        run_grid(replace(TINY, languages=("ENDS-A",)), tmp_path, progress=False, backend="ray")
