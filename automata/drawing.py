"""Drawing a DFA with matplotlib at positions from a networkx layout — the route that needs
no graphviz (graphviz's ``dot``, when installed, gives the nicer drawings of
:meth:`~.dfa.DFA._repr_svg_`; without it, notebooks fall back to :func:`to_svg`).

The drawing is the transition graph: one circle per state (a double circle when accepting),
an arrow from the left into the initial state, and one arrow per ordered pair of states
(p, r) with δ(p, a) = r for some letter, labelled with all such letters in alphabet order,
separated by commas.  Loops (p = r) are drawn as arcs above the state, labelled above them.

Legible up to 50 states: the figure grows with the number of states (4·√n inches wide, so
that states keep about a centimetre or more apart at the layout's spacing; fonts stay at
8–9 points), and in a notebook the drawing is shown at its own size in a scrolling box
(:func:`svg_html`), never shrunk to the cell's width.  graphviz's drawings
(:func:`graphviz_svg`) are laid out left to right, or top to bottom when that is narrower
than a wide left-to-right one.

Layouts (``layout=``): ``"kamada-kawai"`` (networkx's stress layout: even edge lengths,
readable, but its cost grows quickly: 0.08–0.3 s at 100 states, 15 s at 1,000), ``"spring"``
(force-directed, 0.02 s at 100 states), ``"shell"`` and ``"bfs"`` (states in
breadth-first layers from the initial state, left to right); ``"auto"`` takes kamada-kawai
up to 60 states (spring put states of a 32-state DFA on top of each other) and spring above (``python -m benchmarks.bench_graphs`` measures both).
Above ``max_states`` (200) a drawing is unreadable and :func:`draw` refuses.
"""

from __future__ import annotations

import io

import numpy as np

from attnlogic.kernel.errors import InputError, LimitExceeded

from .dfa import DFA

__all__ = ["LAYOUTS", "MAX_DRAWN_STATES", "edge_labels", "layout_positions", "draw", "to_svg",
           "graphviz_svg", "svg_html", "svg_size"]

LAYOUTS = ("auto", "kamada-kawai", "spring", "shell", "bfs")
MAX_DRAWN_STATES = 200
_KAMADA_KAWAI_UP_TO = 60
#: graphviz: a left-to-right drawing wider than this (points) is redrawn top to bottom
MAX_WIDE_POINTS = 1000
#: matplotlib: node marker area (points²) and the figure width per √states (inches)
NODE_SIZE = 600
INCHES_PER_ROOT_STATE = 4.0


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
    Axes.  Refuses above ``max_states`` states (:class:`~attnlogic.kernel.errors.LimitExceeded`)."""
    import networkx as nx

    if dfa.n_states > max_states:
        raise LimitExceeded("states to draw", max_states,
                            f"the DFA has {dfa.n_states}; a larger drawing is unreadable",
                            parameters=("max_states",))
    if ax is None:
        from matplotlib.figure import Figure

        side = max(4.5, INCHES_PER_ROOT_STATE * dfa.n_states ** 0.5)
        ax = Figure(figsize=(side, side * 0.75)).add_subplot()
    pos = layout_positions(dfa, layout, seed)
    labels = edge_labels(dfa)
    g = nx.DiGraph()
    g.add_nodes_from(range(dfa.n_states))
    g.add_edges_from(labels)
    accepting = [q for q in range(dfa.n_states) if dfa.accepting[q]]
    size = NODE_SIZE
    nx.draw_networkx_nodes(g, pos, ax=ax, node_size=size, node_color="white", edgecolors="black")
    nx.draw_networkx_nodes(g, pos, nodelist=accepting, ax=ax, node_size=size * 0.62, node_color="white",
                           edgecolors="black")
    nx.draw_networkx_labels(g, pos, ax=ax, font_size=9)
    both_ways = {pr for pr in labels if (pr[1], pr[0]) in labels and pr[0] != pr[1]}
    straight = [pr for pr in labels if pr not in both_ways and pr[0] != pr[1]]
    for edges, rad in ((straight, 0.0), (sorted(both_ways), 0.18)):
        if edges:
            nx.draw_networkx_edges(g, pos, edgelist=edges, ax=ax, node_size=size, arrows=True,
                                   arrowstyle="-|>", connectionstyle=f"arc3,rad={rad}")
            nx.draw_networkx_edge_labels(g, pos, edge_labels={pr: labels[pr] for pr in edges}, ax=ax,
                                         font_size=8, connectionstyle=f"arc3,rad={rad}",
                                         bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})
    radius = (size / 3.14159) ** 0.5                   # the marker's radius in points
    for (p, r), text in labels.items():
        if p == r:                                     # a loop: an arc above the state
            x, y = pos[p]
            loop = ax.annotate("", xy=(x, y), xytext=(x, y), annotation_clip=False,
                        arrowprops={"arrowstyle": "-|>", "color": "black", "shrinkA": radius * 0.55,
                                    "shrinkB": radius * 0.55, "patchA": None, "patchB": None,
                                    "connectionstyle": f"arc,angleA=120,angleB=60,armA={radius * 2.2:.1f},"
                                                       f"armB={radius * 2.2:.1f},rad={radius * 0.7:.1f}"})
            loop.arrow_patch.set_gid(f"loop-{p}")          # the SVG element's id
            ax.annotate(text, xy=(x, y), xytext=(0, radius * 2.7), textcoords="offset points", ha="center",
                        va="bottom", fontsize=8, annotation_clip=False,
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


def svg_size(svg: str) -> tuple[float, float] | None:
    """(width, height) in points of an SVG's root element (``pt`` or unitless), or None."""
    import re

    m = re.search(r'<svg[^>]*?\swidth="([0-9.]+)(pt|px)?"[^>]*?\sheight="([0-9.]+)(pt|px)?"', svg, re.S)
    if m is None:
        return None
    scale = 0.75 if m.group(2) == "px" else 1.0
    return float(m.group(1)) * scale, float(m.group(3)) * scale


def graphviz_svg(dot_text: str, timeout: float = 30.0) -> str | None:
    """graphviz's SVG of a DOT text (None without ``dot`` or when it fails): left to right,
    or top to bottom when the left-to-right drawing is wider than :data:`MAX_WIDE_POINTS`
    and the other is narrower."""
    import shutil
    import subprocess

    if shutil.which("dot") is None:
        return None

    def run(text):
        try:
            proc = subprocess.run(["dot", "-Tsvg"], input=text, capture_output=True, text=True, timeout=timeout)
        except (OSError, subprocess.SubprocessError):
            return None
        return proc.stdout if proc.returncode == 0 else None

    svg = run(dot_text)
    size = None if svg is None else svg_size(svg)
    if size is not None and size[0] > MAX_WIDE_POINTS and "rankdir=LR" in dot_text:
        tall = run(dot_text.replace("rankdir=LR", "rankdir=TB", 1))
        tall_size = None if tall is None else svg_size(tall)
        if tall_size is not None and tall_size[0] < size[0]:
            svg = tall
    return svg


def svg_html(svg: str, max_height: str = "80vh") -> str:
    """An SVG for a notebook's HTML: at its own size (``max-width:none``: never shrunk to the
    cell's width, so that its text stays legible) in a box that scrolls when it is larger."""
    start = svg.find("<svg")
    svg = svg[start:] if start >= 0 else svg
    svg = svg.replace("<svg", '<svg style="max-width:none;height:auto"', 1)
    return f'<div style="overflow:auto;max-height:{max_height}">{svg}</div>'
