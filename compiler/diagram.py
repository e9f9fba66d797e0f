"""A compiled model's plan as a diagram: layers, heads, feed-forward units and the residual
coordinates they read and write, as Graphviz DOT text.

The residual stream of a :class:`~.plan.Plan` has one coordinate per atom (the embedding)
and one per computed subformula.  The diagram draws

* the embedding: one box per atom coordinate;
* layer ℓ = 1 … L as a cluster holding its attention heads (one node per head, labelled with
  its pattern — ``global``, ``local:k`` — and the subformula it computes, e.g. ``P ψ``) and
  its feed-forward network (one node per coordinate written by its ReLU units, labelled with
  the subformula and the number of units);
* an edge from each coordinate a head or a unit reads (a nonzero coefficient of its
  :class:`~.plan.Affine` input) to that head or unit, and from there to the coordinate it
  writes: every arrow is a real dependency of the weights;
* the readout: an edge from each coordinate with a nonzero readout coefficient.

Coordinates are identified with the node that writes them (atoms: the embedding box), so
an edge from a head or a unit to another reads "its output is an input of".
"""

from __future__ import annotations

from .plan import Plan

__all__ = ["plan_dot"]


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def plan_dot(plan: Plan, max_label: int = 48) -> str:
    """The DOT text of the module docstring (labels longer than ``max_label`` characters are
    shortened with an ellipsis; the full subformula is the node's tooltip)."""

    def short(text: str) -> str:
        return text if len(text) <= max_label else text[: max_label - 1] + "…"

    writer: dict[int, str] = {}
    lines = ["digraph plan {", "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=10];',
             '  edge [color="#555555"];']
    lines.append('  subgraph cluster_embedding { label="embedding"; style=rounded;')
    for i, atom in enumerate(plan.atoms):
        node = f"x{i}"
        writer[i] = node
        lines.append(f"    {node} [shape=box, label={_quote(atom)}];")
    lines.append("  }")
    edges: list[str] = []
    for layer, heads in enumerate(plan.heads, 1):
        lines.append(f'  subgraph cluster_layer{layer} {{ label="layer {layer}"; style=rounded;')
        for j, head in enumerate(heads):
            node = f"h{layer}_{j}"
            name = plan.names[head.out] if head.out < len(plan.names) else head.formula
            lines.append(f"    {node} [shape=ellipse, style=filled, fillcolor=\"#dbe9f6\", "
                         f"label={_quote(f'{head.spec} head' + chr(10) + short(str(head.formula)))}, "
                         f"tooltip={_quote(str(name))}];")
            edges += [f"  {writer[c]} -> {node};" for c, coef in head.arg.terms if coef and c in writer]
            writer[head.out] = node
        units = plan.units[layer - 1] if layer - 1 < len(plan.units) else ()
        by_out: dict[int, list] = {}
        for unit in units:
            by_out.setdefault(unit.out, []).append(unit)
        for out, group in by_out.items():
            node = f"f{layer}_{out}"
            name = plan.names[out] if out < len(plan.names) else f"coordinate {out}"
            lines.append(f"    {node} [shape=box, style=\"rounded,filled\", fillcolor=\"#f6ecd9\", "
                         f"label={_quote(f'FFN ({len(group)} ReLU)' + chr(10) + short(str(name)))}, "
                         f"tooltip={_quote(str(name))}];")
            reads = sorted({c for u in group for c, coef in u.inp.terms if coef and c in writer})
            edges += [f"  {writer[c]} -> {node};" for c in reads]
        for out in by_out:
            writer[out] = f"f{layer}_{out}"
        lines.append("  }")
    lines.append('  readout [shape=doublecircle, label="accept?"];')
    edges += [f"  {writer[c]} -> readout;" for c, coef in plan.readout.terms if coef and c in writer]
    lines += list(dict.fromkeys(edges))
    lines.append("}")
    return "\n".join(lines) + "\n"
