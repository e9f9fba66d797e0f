"""Formulas written with shared definitions: ``$NAME := formula`` lines, then the formula.

A formula is a DAG (hash-consed nodes, :mod:`.formula`); printed as a tree, a subformula
used k times is written k times, so a certificate with a few hundred distinct subformulas
can unfold into 10^4 or more tree nodes.  The shared form names the repeated subformulas::

    $d1 := Y a | b
    $d2 := P $d1 & !Y $d1
    $d2 | Y[<=2] $d2

Each definition line uses only names defined on earlier lines; the last line is the
formula.  Lines may also be separated by ``;`` (handy on a command line).  A name is ``$``
followed by letters, digits or ``_``.  The text denotes exactly the formula obtained by
substituting every name by its definition (as a DAG: nothing is copied), so
``parse(text)`` is the same hash-consed object as the formula that was printed.

:func:`share` chooses the names (deterministically): a non-leaf subformula is named when
it is referenced at least twice in the DAG and its printed size, counting each name as
one node, is at least :data:`MIN_SHARED_SIZE`.  :func:`certificate` prints a formula as a
tree when the tree is small (:data:`TREE_PRINT_LIMIT` nodes) or no larger than
:data:`TREE_FACTOR` times the shared form, and with definitions otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from attnlogic.kernel.errors import ParseError

from .formula import Atom, Const, Formula, Mod
from .render import STYLES as _STYLES, TREE_TEXT_LIMIT as _PRINTER_TREE_TEXT_LIMIT, render_all as _render_all

__all__ = ["Certificate", "share", "certificate", "to_text_shared", "parse_program", "split_lines",
           "has_definitions", "dag_size", "order_key", "TREE_TEXT_LIMIT", "NAME", "MIN_SHARED_SIZE", "TREE_PRINT_LIMIT",
           "TREE_FACTOR"]

#: a definition name: ``$`` then letters, digits or ``_``
NAME = re.compile(r"\$[A-Za-z0-9_]+")
_DEFINITION = re.compile(r"\s*(\$[A-Za-z0-9_]+)\s*:=")
_LEAVES = (Atom, Const, Mod)
#: a quoted atom (skipped whole) or a line separator
_SEPARATOR = re.compile(r'"(?:\\.|[^"\\])*"?|[\n;]')

#: a repeated subformula is named when its shared printed size is at least this
MIN_SHARED_SIZE = 3
#: formulas of at most this many tree nodes are printed as trees
TREE_PRINT_LIMIT = 120
#: ... and so are larger ones whose tree is at most this many times the shared form
TREE_FACTOR = 2


@dataclass(frozen=True)
class Certificate:
    """A formula and how it is printed: ``definitions`` ((name, text) pairs, each text
    using only earlier names; empty for a tree) and ``body`` (the last line)."""

    formula: Formula
    definitions: tuple[tuple[str, str], ...]
    body: str
    define: str = "{name} := {text}"      # how a definition line is written (the dialect's)

    @property
    def text(self) -> str:
        """The whole text: one line per definition, then the body."""
        return "\n".join([self.define.replace("{name}", n).replace("{text}", t) for n, t in self.definitions]
                         + [self.body])

    @property
    def printed_size(self) -> int:
        """Nodes written down: each name counts as one node where it is used."""
        return _printed_sizes(self.formula, _named(self.formula))[1]

    def to_json(self) -> dict:
        return {"formula": self.text, "definitions": [list(p) for p in self.definitions]}


#: :func:`order_key` compares formulas of at most this many tree nodes by their tree text
#: (the printer's limit: beyond it ``str`` gives the shared form)
TREE_TEXT_LIMIT = _PRINTER_TREE_TEXT_LIMIT


def order_key(formula: Formula) -> tuple[int, str]:
    """A deterministic total order on formulas: tree size, then text.  The text is the tree
    text up to :data:`TREE_TEXT_LIMIT` nodes and the shared form beyond (its length is
    linear in the DAG, while the tree text of a DAG may be exponentially long); as the
    choice depends on the size only, formulas of equal size are compared by one kind of
    text, and distinct formulas have distinct texts of either kind."""
    if formula.size <= TREE_TEXT_LIMIT:
        return formula.size, str(formula)
    return formula.size, share(formula).text


def dag_size(formula: Formula) -> int:
    """The number of distinct subformulas (the size of the DAG)."""
    return len(formula.subformulas())


def _references(formula: Formula) -> dict[int, int]:
    refs: dict[int, int] = {}
    for node in formula.subformulas():
        for c in node.children:
            refs[id(c)] = refs.get(id(c), 0) + 1
    return refs


def _named(formula: Formula) -> list[Formula]:
    """The subformulas to name, children before parents (see the module docstring)."""
    refs = _references(formula)
    size: dict[int, int] = {}
    named: list[Formula] = []
    named_ids: set[int] = set()
    for node in formula.subformulas():
        size[id(node)] = 1 + sum(1 if id(c) in named_ids else size[id(c)] for c in node.children)
        if (node is not formula and not isinstance(node, _LEAVES) and refs.get(id(node), 0) >= 2
                and size[id(node)] >= MIN_SHARED_SIZE):
            named.append(node)
            named_ids.add(id(node))
    return named


def _printed_sizes(formula: Formula, named: list[Formula]) -> tuple[int, int]:
    """(tree size, nodes written in the shared form)."""
    ids = {id(n) for n in named}
    size: dict[int, int] = {}
    for node in formula.subformulas():
        size[id(node)] = 1 + sum(1 if id(c) in ids else size[id(c)] for c in node.children)
    return formula.size, size[id(formula)] + sum(size[id(n)] for n in named)


def share(formula: Formula, prefix: str = "d", style: dict | None = None) -> Certificate:
    """The shared form of ``formula`` (names ``$<prefix>1``, ``$<prefix>2``, … in order of
    definition), whatever its size, in one pass linear in its printed size.  ``style``: a
    dialect of :mod:`.printer` (default text)."""

    named = _named(formula)
    style = _STYLES["text"] if style is None else style
    names = {id(n): style["name"].replace("{p}", prefix).replace("{i}", str(i))
             for i, n in enumerate(named, 1)}
    texts = _render_all(formula, style, names)
    defs = tuple((names[id(n)], texts[id(n)][0]) for n in named)
    return Certificate(formula, defs, texts[id(formula)][0], style["define"])


def certificate(formula: Formula) -> Certificate:
    """The printed certificate: a tree when small (see the module docstring), else shared."""
    if formula.size <= TREE_PRINT_LIMIT:
        return Certificate(formula, (), str(formula))
    shared = share(formula)
    if not shared.definitions or formula.size <= TREE_FACTOR * shared.printed_size:
        return Certificate(formula, (), str(formula))
    return shared


def to_text_shared(formula: Formula) -> str:
    """The text of :func:`certificate` (definitions included when it has them)."""
    return certificate(formula).text


# -- reading -----------------------------------------------------------------------------------
def split_lines(text: str) -> list[tuple[int, str]]:
    """The lines of a program as (offset in ``text``, line), split at newlines and at ``;``
    outside quoted atoms."""
    out: list[tuple[int, str]] = []
    start = 0
    for m in _SEPARATOR.finditer(text):
        if m.group(0) in ("\n", ";"):
            out.append((start, text[start:m.start()]))
            start = m.end()
    out.append((start, text[start:]))
    return out


def has_definitions(text: str) -> bool:
    """Whether some line of ``text`` is a definition ``$NAME := …``."""
    return ":=" in text and any(_DEFINITION.match(line) for _, line in split_lines(text))


def parse_program(text: str, parse_line) -> Certificate:
    """Read definitions and the formula; ``parse_line(line, names)`` parses one line with
    the names defined so far (the parser's job).  Errors carry the column in ``text``."""
    names: dict[str, Formula] = {}
    defs: list[tuple[str, str]] = []
    body: tuple[int, str] | None = None
    for offset, line in split_lines(text):
        if line.strip() == "":
            continue
        if body is not None:
            raise ParseError("formula", text, body[0] + 1,
                             "only the last line may be the formula; every earlier line is a "
                             "definition '$NAME := formula'")
        m = _DEFINITION.match(line)
        if m is None:
            body = (offset, line)
            continue
        name = m.group(1)
        if name in names:
            raise ParseError("formula", text, offset + m.start(1) + 1,
                             f"{name} is defined twice")
        rest = line[m.end():]
        if rest.strip() == "":
            raise ParseError("formula", text, offset + m.end() + 1,
                             f"empty definition of {name}")
        names[name] = _parse_at(text, offset + m.end(), rest, names, parse_line)
        defs.append((name, rest.strip()))
    if body is None:
        raise ParseError("formula", text, len(text) + 1,
                         "the definitions are not followed by a formula (the last line)")
    formula = _parse_at(text, body[0], body[1], names, parse_line)
    return Certificate(formula, tuple(defs), body[1].strip())


def _parse_at(text: str, offset: int, line: str, names: dict, parse_line) -> Formula:
    try:
        return parse_line(line, dict(names))
    except ParseError as exc:
        raise ParseError("formula", text, offset + exc.column, exc.message) from None
