"""Drawing DFAs with matplotlib at networkx layouts (no graphviz needed)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from attnlogic.automata.dfa import DFA
from attnlogic.automata.drawing import LAYOUTS, draw, edge_labels, layout_positions, to_svg
from attnlogic.kernel.errors import InputError, LimitExceeded

pytest.importorskip("matplotlib")


def _random_dfas(count, seed=3):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n, k = int(rng.integers(1, 12)), int(rng.integers(1, 4))
        yield DFA("abc"[:k], rng.integers(0, n, size=(n, k)), int(rng.integers(0, n)), rng.random(n) < 0.5)


def test_edge_labels_are_exactly_the_transition_table():
    for d in _random_dfas(100):
        rebuilt = {}
        for (p, r), text in edge_labels(d).items():
            for a in text.split(","):
                assert (p, a) not in rebuilt
                rebuilt[(p, a)] = r
        assert rebuilt == {(p, a): int(d.transitions[p, i]) for p in range(d.n_states)
                           for i, a in enumerate(d.alphabet)}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_layout_places_every_state_apart_and_is_deterministic(layout):
    for d in _random_dfas(5):
        pos = layout_positions(d, layout)
        assert sorted(pos) == list(range(d.n_states))
        assert all(math.isfinite(x) and math.isfinite(y) for x, y in pos.values())
        points = {(round(x, 6), round(y, 6)) for x, y in pos.values()}
        assert len(points) == d.n_states
        assert layout_positions(d, layout) == pos


def test_bfs_layout_puts_states_in_layers_of_their_distance_from_the_initial_state():
    d = DFA("ab", [[1, 2], [3, 3], [3, 3], [3, 3]], 0, [3])   # distances 0, 1, 1, 2
    pos = layout_positions(d, "bfs")
    assert pos[0][0] < pos[1][0] == pos[2][0] < pos[3][0]


def test_the_drawing_shows_every_state_and_every_edge_label():
    d = DFA("ab", [[1, 0], [1, 2], [1, 0]], 0, [2])            # (a|b)*ab
    ax = draw(d)
    texts = [t.get_text() for t in ax.texts]
    assert {"0", "1", "2"} <= set(texts)
    assert sorted(t for t in texts if t not in {"0", "1", "2", ""}) == sorted(edge_labels(d).values())
    svg = to_svg(d)
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg


def test_refusals_are_one_line_errors():
    d = DFA("a", [[(q + 1) % 300] for q in range(300)], 0, [0])
    with pytest.raises(LimitExceeded, match="states to draw exceeded the limit of 200"):
        draw(d)
    with pytest.raises(InputError, match="layout must be one of"):
        layout_positions(d, "circle")
