"""``--syntax ltlf2dfa``: PPLTL as ltlf2dfa and pylogics write it, evaluated at the last
position with their empty-trace convention, translated exactly into this logic.

Two independent checks: a direct evaluator of their semantics written here (trace
semantics, every word up to length 5), and ltlf2dfa + MONA themselves on their own test
formulas (skipped without the ``mona`` binary)."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import sys

import pytest

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.kernel.errors import ParseError
from attnlogic.ltl import parse

# their own test formulas (ltlf2dfa tests/test_pltlf.py, the n-ary chains included), and the
# operators of the issue: WY, S, start, tt/ff, && || => <=> ~, any case of true, chains
FORMULAS = [
    "!a | b <-> !(a & !b) <-> a->b", "(a S b S !c)", "a -> b -> c", "a <-> b <-> c", "a <-> b <-> !c",
    "a -> b -> c -> a", "Y a <-> b <-> O c <-> !a",
    "Y a", "(O (a&b)) <-> !(H (!a | !b) )", "a & start", "!(a & !b)", "!(!a | b)", "!(a <-> b)",
    "Y(a & b)", "a S b", "O(a & b)", "H(a | b)", "Y(H faLse)", "Y H a", "HY a", "YHYO H a",
    "YY!(!HHH a)", "WY a", "a S (WY b)", "WY (a S b) && ~start", "H(a => Y b)", "(a <=> Y b) || tt",
    "ff || (a S b)", "TRUE -> WY WY a", "a P b", "start", "!start", "b S (a & WY false)",
]


def _holds(f, w: tuple, i: int) -> bool:
    """Their semantics: f at position i (0-based) of the trace w of letters; i == -1 is the
    empty trace's convention (no position)."""
    kind = f[0]
    if i < 0:
        return _empty(f)
    if kind == "atom":
        return w[i] == f[1]
    if kind == "const":
        return f[1]
    if kind == "start":
        return i == 0
    if kind == "Y":
        return i > 0 and _holds(f[1], w, i - 1)
    if kind == "WY":
        return i == 0 or _holds(f[1], w, i - 1)
    if kind == "O":
        return any(_holds(f[1], w, j) for j in range(i + 1))
    if kind == "H":
        return all(_holds(f[1], w, j) for j in range(i + 1))
    if kind == "S":
        return any(_holds(f[2], w, j) and all(_holds(f[1], w, k) for k in range(j + 1, i + 1))
                   for j in range(i + 1))
    if kind == "P":
        return not _holds(("S", ("!", f[1]), ("!", f[2])), w, i)
    return _boolean(f, w, i)


def _empty(f) -> bool:
    """Their value on the empty trace (measured with ltlf2dfa 2.0 + MONA)."""
    kind = f[0]
    if kind in ("atom", "Y", "O", "S"):
        return False
    if kind in ("start", "WY", "H", "P"):
        return True
    if kind == "const":
        return f[1]
    if kind == "!":
        return not _empty(f[1])
    if kind == "<->n":                    # ltlf2dfa's n-ary equivalence: all operands equal
        return len({_empty(g) for g in f[1]}) == 1
    a, b = _empty(f[1]), _empty(f[2])
    return {"&": a and b, "|": a or b, "->": (not a) or b, "<->": a == b}[kind]


def _boolean(f, w, i):
    kind = f[0]
    if kind == "const":
        return f[1]
    if kind == "!":
        return not _holds(f[1], w, i)
    if kind == "<->n":
        return len({_holds(g, w, i) for g in f[1]}) == 1
    a, b = _holds(f[1], w, i), _holds(f[2], w, i)
    return {"&": a and b, "|": a or b, "->": (not a) or b, "<->": a == b}[kind]


def _tree(text: str):
    """Their formula as a tuple tree, read by a tiny recursive parser independent of ours."""
    import re

    toks = re.findall(r"<->|<=>|->|=>|&&|\|\||[!~&|()]|[A-Za-z_][A-Za-z0-9_]*", text)
    expanded = []
    for t in toks:
        if re.fullmatch(r"(?:WY|Y|O|H)+", t):
            expanded.extend(re.findall(r"WY|Y|O|H", t))
        else:
            expanded.append({"<=>": "<->", "=>": "->", "&&": "&", "||": "|", "~": "!"}.get(t, t))
    pos = [0]

    def peek():
        return expanded[pos[0]] if pos[0] < len(expanded) else None

    def take():
        pos[0] += 1
        return expanded[pos[0] - 1]

    def level(ops, below):
        def parse_level():
            left = below()
            while peek() in ops:
                op = take()
                left = (op, left, below())
            return left
        return parse_level

    def unary():
        t = take()
        if t in ("!", "Y", "WY", "O", "H"):
            return (t, unary())
        if t == "(":
            inner = iff()
            assert take() == ")"
            return inner
        if t.lower() in ("true", "false") or t in ("tt", "ff"):
            return ("const", t.lower() in ("true", "tt"))
        if t == "start":
            return ("start",)
        return ("atom", t)

    def since():                          # S nests to the right
        left = release()
        if peek() == "S":
            take()
            return ("S", left, since())
        return left

    def iff():                            # <-> chains: all operands equal (ltlf2dfa's code)
        items = [imp()]
        while peek() == "<->":
            take()
            items.append(imp())
        return items[0] if len(items) == 1 else ("<->n", items)

    release = level(("P",), unary)
    conj = level(("&",), since)
    disj = level(("|",), conj)
    imp = level(("->",), disj)            # -> chains fold to the left (ltlf2dfa's code)
    tree = iff()
    assert pos[0] == len(expanded), text
    return tree


LETTERS = ("a", "b", "c")
WORDS = [w for n in range(6) for w in itertools.product(LETTERS, repeat=n)]


@pytest.mark.parametrize("text", FORMULAS)
def test_translation_agrees_with_their_trace_semantics(text):
    ours = parse(text, syntax="ltlf2dfa")
    d = formula_to_dfa(ours, LETTERS, extend=True)
    tree = _tree(text)
    want = [_holds(tree, w, len(w) - 1) for w in WORDS]
    assert d.accepts_many([list(w) for w in WORDS]).tolist() == want, (text, str(ours))


@pytest.mark.parametrize("text, column, words", [
    ("a P b P c", 7, "chain of 'P'"), ("X a & Y b", 7, "mixes past and future"),
    ("a S", 4, "end of the formula"), ("(a", 1, "never closed"), ("a)", 2, "no matching"),
    ("Aa", 1, "no upper-case letter anywhere"), ("eNsP", 1, "no upper-case letter anywhere"),
    ("a $ b", 3, "unexpected '$'"), ("", 1, "empty formula"), ("a >> b", 3, "pylogics' implication"),
    ("a W b", 3, "W and M are Spot's"), ("X[!] a", 2, "ltlf2dfa's X is strong"),
])
def test_malformed_ltlf2dfa_formulas_are_located(text, column, words):
    with pytest.raises(ParseError) as err:
        parse(text, syntax="ltlf2dfa")
    assert err.value.column == column and words in err.value.message


def test_parse_command_prints_the_translation():
    proc = subprocess.run([sys.executable, "-m", "attnlogic", "parse", "--syntax", "ltlf2dfa", "a S b", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    printed = json.loads(proc.stdout)["formula"]
    assert parse(printed) == parse("a S b", syntax="ltlf2dfa")


needs_mona = pytest.mark.skipif(shutil.which("mona") is None, reason="mona is not installed")


@needs_mona
@pytest.mark.oracle
# ltlf2dfa's own parser reads tt and ff as propositions (pylogics' constants for us): left out
@pytest.mark.parametrize("text", [f for f in FORMULAS if "tt" not in f.split() and "ff" not in f.split()])
def test_our_dfa_equals_ltlf2dfa_and_mona(text):
    """Over every valuation of the propositions (the default alphabet), the empty trace
    included: our minimal DFA is MONA's, letter for letter."""
    pytest.importorskip("ltlf2dfa")
    from attnlogic.automata.ppltl import ltlf2dfa_valuations
    from attnlogic.automata.sources import load_language

    props = sorted(parse(text, syntax="ltlf2dfa").atoms)
    ours = load_language(formula=text, syntax="ltlf2dfa", alphabet=None if props else ["z"]).dfa
    assert ours == ltlf2dfa_valuations(text, "ppltl", props, ours.alphabet), text
