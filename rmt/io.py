"""File output for the rmt experiments: atomic writers (from :mod:`attnlogic.kernel.fileio`) and
Markdown tables."""

from __future__ import annotations

from attnlogic.kernel.fileio import save_figure_atomic, write_json_atomic, write_text_atomic  # noqa: F401


def markdown_table(headers: list[str], rows: list[list]) -> str:
    """A GitHub-style Markdown table; floats printed with 4 significant digits."""
    def fmt(v):
        if v is None:
            return "—"
        if isinstance(v, float):
            return f"{v:.4g}"
        return str(v)

    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(fmt(v) for v in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
