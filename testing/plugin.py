"""The pytest plugin of attnlogic (entry point ``pytest11: attnlogic``; installed with the
package, active in every pytest run).

* fixture ``assert_recognises`` — :func:`attnlogic.testing.assert_recognises`;
* option ``--attnlogic-seed N`` — the seed of the word sources (default 0), so a failure can
  be replayed with other random words;
* a failed ``assert_recognises`` reports the shortest counterexample, the model's answer and
  the language's, in one line, without the library's traceback.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("attnlogic")
    group.addoption("--attnlogic-seed", type=int, default=0, metavar="N",
                    help="seed of attnlogic's word sources in assert_recognises (default 0)")


@pytest.fixture
def assert_recognises(request):
    """``assert_recognises(model, regex=..., alphabet=..., readout=...)``: see
    :func:`attnlogic.testing.assert_recognises` (the seed is ``--attnlogic-seed``)."""
    from attnlogic.testing.recognition import assert_recognises as check

    seed = request.config.getoption("attnlogic_seed")

    def run(model, **options):
        __tracebackhide__ = True
        options.setdefault("seed", seed)
        return check(model, **options)

    return run


def pytest_configure(config):
    config.addinivalue_line("markers", "attnlogic: a property test of a model against a language")
