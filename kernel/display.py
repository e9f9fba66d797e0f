"""Display helpers shared by the text output and the notebook representations: short words
and small HTML tables.  Pure functions of their arguments; nothing here is computed, only
shown."""

from __future__ import annotations

from typing import Iterable, Sequence

__all__ = ["WORD_DISPLAY_LIMIT", "LATEX_LIMIT", "Html", "show_word", "show_factor", "html_table",
           "formula_html", "latex_html", "code_html", "lines_html"]


def _escape(text: str, quote: bool = True) -> str:
    """``html.escape`` (the module loaded when HTML is made, not when a DFA is)."""
    from html import escape

    return escape(text, quote=quote)


#: longest formula text (characters) also shown as LaTeX in notebook tables
LATEX_LIMIT = 300

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



class Html(str):
    """Text that is already HTML: a cell of :func:`html_table` inserted as it is."""


def _cell(c) -> str:
    return c if isinstance(c, Html) else _escape(str(c))


def html_table(headers: Sequence[str], rows: Iterable[Sequence], caption: str | None = None,
               max_rows: int = 50) -> str:
    """A small HTML table (cells escaped, except :class:`Html` ones); past ``max_rows`` rows
    a last row says how many more there are."""
    rows = list(rows)
    out = ["<table>"]
    if caption:
        out.append(f"<caption>{_escape(caption)}</caption>")
    out.append("<tr>" + "".join(f"<th>{_escape(str(h))}</th>" for h in headers) + "</tr>")
    for row in rows[:max_rows]:
        out.append("<tr>" + "".join(f"<td>{_cell(c)}</td>" for c in row) + "</tr>")
    if len(rows) > max_rows:
        out.append(f'<tr><td colspan="{len(headers)}">… {len(rows) - max_rows} more rows</td></tr>')
    out.append("</table>")
    return "".join(out)


def formula_html(text: str) -> Html:
    """A formula in HTML as the text attnlogic reads back — whole, never shortened, the
    definitions of a shared certificate one a line (:func:`attnlogic.ltl.definitions.certificate`)
    — in ``<pre class="attnlogic-formula">``: copied from a notebook or from its HTML export
    and pasted into ``attnlogic.parse`` or the command line, it parses to the same formula.
    MathJax is told to leave it alone (its ``$NAME`` definitions are not math)."""
    return Html('<pre class="attnlogic-formula tex2jax_ignore mathjax_ignore" style="margin:0;'
                f'white-space:pre-wrap">{_escape(text, quote=False)}</pre>')


def latex_html(formula, rendered: str, limit: int = LATEX_LIMIT) -> Html:
    """A formula's math for a notebook table, when its text is at most ``limit`` characters
    (else empty; shown beside :func:`formula_html`, never instead of it): ``rendered``, HTML
    that looks like the LaTeX and needs no MathJax (:func:`attnlogic.ltl.printer.to_html`,
    so a notebook's HTML export reads the same offline), above the LaTeX source as text to
    copy (``formula._repr_latex_()``, the one Jupyter shows; MathJax told to leave it as
    text).  The kernel needs no printer of its own."""
    if len(str(formula)) > limit:
        return Html("")
    tex = _escape(formula._repr_latex_(), quote=False)
    return Html(f'<span class="attnlogic-math" style="white-space:nowrap">{rendered}</span><br>'
                f'<code class="attnlogic-latex tex2jax_ignore mathjax_ignore" style="font-size:75%">{tex}</code>')


def code_html(text: str) -> Html:
    """A short piece of text (a word, a name) in ``<code>``, escaped."""
    return Html(f"<code>{_escape(text, quote=False)}</code>")


def lines_html(lines: Sequence[str], caption: str, formulas: Sequence[str] = ()) -> str:
    """A report's text lines (``name   value``, split at the first run of two or more
    spaces) as a two-column HTML table; a value equal to one of ``formulas`` is shown as
    :func:`formula_html` (text that parses again)."""
    import re

    rows = []
    for line in lines:
        parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        name, value = (parts + [""])[:2]
        rows.append([name, formula_html(value) if value and value in formulas else value])
    return html_table(["", ""], rows, caption=caption, max_rows=len(rows) + 1)
