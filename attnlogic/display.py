"""Display helpers shared by the text output and the notebook representations: short words
and small HTML tables.  Pure functions of their arguments; nothing here is computed, only
shown."""

from __future__ import annotations

import html
from typing import Iterable, Sequence

__all__ = ["WORD_DISPLAY_LIMIT", "show_word", "show_factor", "html_table"]

#: longest word shown whole in text output (the JSON output always has the full words)
WORD_DISPLAY_LIMIT = 60


def show_word(word: str, limit: int = WORD_DISPLAY_LIMIT) -> str:
    """A word for text output: ``'abab'``, ``ε`` for the empty word, and past ``limit``
    characters its start and end around the length: ``'abab…abb' (16450 letters)``."""
    if not word:
        return "ε"
    if len(word) <= limit:
        return repr(word)
    half = (limit - 1) // 2
    return f"{word[:half]!r}…{word[-half:]!r} ({len(word)} letters)"


def show_factor(text: str, limit: int = WORD_DISPLAY_LIMIT) -> str:
    """A factor of a printed formula-like text (a pumped family's u, x, v), unquoted: whole up
    to ``limit`` characters, else its start and end around the length, ``aaa…aaa[299]``."""
    if len(text) <= limit:
        return text
    half = (limit - 1) // 2
    return f"{text[:half]}…{text[-half:]}[{len(text)}]"



def html_table(headers: Sequence[str], rows: Iterable[Sequence], caption: str | None = None,
               max_rows: int = 50) -> str:
    """A small HTML table (cells escaped); past ``max_rows`` rows a last row says how many
    more there are."""
    rows = list(rows)
    out = ["<table>"]
    if caption:
        out.append(f"<caption>{html.escape(caption)}</caption>")
    out.append("<tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in headers) + "</tr>")
    for row in rows[:max_rows]:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
    if len(rows) > max_rows:
        out.append(f'<tr><td colspan="{len(headers)}">… {len(rows) - max_rows} more rows</td></tr>')
    out.append("</table>")
    return "".join(out)
