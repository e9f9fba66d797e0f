"""Drawing a DFA with matplotlib at positions from a networkx layout — the route that needs
no graphviz (graphviz's ``dot``, when installed, gives the nicer drawings of
:meth:`~.dfa.DFA._repr_svg_`; without it, notebooks fall back to :func:`to_svg`).

The drawing is the transition graph: one circle per state (a double circle when accepting),
an arrow from the left into the initial state, and one arrow per ordered pair of states
(p, r) with δ(p, a) = r for some letter, labelled with all such letters in alphabet order,
separated by commas.  Loops (p = r) are drawn as small arcs above the state.

Layouts (``layout=``): ``"kamada-kawai"`` (networkx's stress layout: even edge lengths,
readable, but its cost grows quickly: 0.08–0.3 s at 100 states, 15 s at 1,000), ``"spring"``
(force-directed, 0.02 s at 100 states), ``"shell"`` and ``"bfs"`` (states in
breadth-first layers from the initial state, left to right); ``"auto"`` takes kamada-kawai
up to 25 states and spring above (``python -m benchmarks.bench_graphs`` measures both).
Above ``max_states`` (200) a drawing is unreadable and :func:`draw` refuses.
"""

from __future__ import annotations

import io

import numpy as np

from attnlogic.errors import InputError, LimitExceeded

from .dfa import DFA

__all__ = ["LAYOUTS", "MAX_DRAWN_STATES", "edge_labels", "layout_positions", "draw", "to_svg"]

LAYOUTS = ("auto", "kamada-kawai", "spring", "shell", "bfs")
MAX_DRAWN_STATES = 200
_KAMADA_KAWAI_UP_TO = 25


def edge_labels(dfa: DFA) -> dict[tuple[int, int], str]:
    """(p, r) → the letters a with δ(p, a) = r, in alphabet order, joined by commas."""
    labels: dict[tuple[int, int], list[str]] = {}
    T = np.asarray(dfa.transitions)
    for p in range(dfa.n_states):
        for i, a in enumerate(dfa.alphabet):
            labels.setdefault((p, int(T[p, i])), []).append(a)
    return {pr: ",".join(letters) for pr, letters in labels.items()}


def layout_positions(dfa: DFA, layout: str = "auto", seed: int = 0) -> dict[int, tuple[float, float]]:
    """state → (x, y) from a networkx layout of the transition graph (see the module
    docstring); deterministic for a given ``seed``."""
    import networkx as nx

    if layout not in LAYOUTS:
        raise InputError(f"layout must be one of {', '.join(LAYOUTS)}, got {layout!r}",
                         parameters=("layout",))
    g = nx.DiGraph()
    g.add_nodes_from(range(dfa.n_states))
    g.add_edges_from(pr for pr in edge_labels(dfa) if pr[0] != pr[1])
    if layout == "auto":
        layout = "kamada-kawai" if dfa.n_states <= _KAMADA_KAWAI_UP_TO else "spring"
    if dfa.n_states == 1:
        return {0: (0.0, 0.0)}
    if layout == "kamada-kawai":
        # disconnected pieces would drift apart: lay out the undirected graph plus weak links
        pos = nx.kamada_kawai_layout(g.to_undirected())
    elif layout == "spring":
        pos = nx.spring_layout(g, seed=seed)
    elif layout == "shell":
        pos = nx.shell_layout(g)
    else:
        reach = nx.single_source_shortest_path_length(g, int(dfa.initial))
        deepest = max(reach.values(), default=0)
        for q in g.nodes:                       # unreachable states: one layer past the deepest
            g.nodes[q]["layer"] = reach.get(q, deepest + 1)
        pos = nx.multipartite_layout(g, subset_key="layer")
    return {int(q): (float(x), float(y)) for q, (x, y) in pos.items()}


def draw(dfa: DFA, ax=None, layout: str = "auto", seed: int = 0, max_states: int = MAX_DRAWN_STATES):
    """Draw the DFA on a matplotlib ``Axes`` (a new figure when ``ax`` is None) and return the
    Axes.  Refuses above ``max_states`` states (:class:`~attnlogic.errors.LimitExceeded`)."""
    import networkx as nx

    if dfa.n_states > max_states:
        raise LimitExceeded("states to draw", max_states,
                            f"the DFA has {dfa.n_states}; a larger drawing is unreadable",
                            parameters=("max_states",))
    if ax is None:
        from matplotlib.figure import Figure

        side = min(12.0, 3.0 + 0.6 * dfa.n_states ** 0.5 * 2)
        ax = Figure(figsize=(side, side * 0.75)).add_subplot()
    pos = layout_positions(dfa, layout, seed)
    labels = edge_labels(dfa)
    g = nx.DiGraph()
    g.add_nodes_from(range(dfa.n_states))
    g.add_edges_from(labels)
    accepting = [q for q in range(dfa.n_states) if dfa.accepting[q]]
    size = 600
    nx.draw_networkx_nodes(g, pos, ax=ax, node_size=size, node_color="white", edgecolors="black")
    nx.draw_networkx_nodes(g, pos, nodelist=accepting, ax=ax, node_size=size * 0.62, node_color="white",
                           edgecolors="black")
    nx.draw_networkx_labels(g, pos, ax=ax, font_size=9)
    both_ways = {pr for pr in labels if (pr[1], pr[0]) in labels and pr[0] != pr[1]}
    straight = [pr for pr in labels if pr not in both_ways]
    for edges, rad in ((straight, 0.0), (sorted(both_ways), 0.18)):
        if edges:
            nx.draw_networkx_edges(g, pos, edgelist=edges, ax=ax, node_size=size, arrows=True,
                                   arrowstyle="-|>", connectionstyle=f"arc3,rad={rad}")
            nx.draw_networkx_edge_labels(g, pos, edge_labels={pr: labels[pr] for pr in edges}, ax=ax,
                                         font_size=8, connectionstyle=f"arc3,rad={rad}",
                                         bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})
    xs = [p[0] for p in pos.values()]
    span = (max(xs) - min(xs)) or 1.0
    x0, y0 = pos[int(dfa.initial)]
    ax.annotate("", xy=(x0 - 0.04 * span, y0), xytext=(x0 - 0.16 * span, y0),
                arrowprops={"arrowstyle": "-|>", "color": "black"})
    ax.set_axis_off()
    ax.margins(0.12)
    return ax


def to_svg(dfa: DFA, layout: str = "auto", seed: int = 0, max_states: int = MAX_DRAWN_STATES) -> str:
    """The drawing of :func:`draw` as SVG text (matplotlib's SVG backend; no pyplot, no
    display needed)."""
    ax = draw(dfa, layout=layout, seed=seed, max_states=max_states)
    buf = io.StringIO()
    ax.figure.savefig(buf, format="svg", bbox_inches="tight")
    return buf.getvalue()
