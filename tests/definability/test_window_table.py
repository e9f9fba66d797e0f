"""The window table of docs/decision-procedures.md §6.1, every row re-derived: inclusions
from Fragment.includes (their rewritings are checked in tests/ltl/test_window_rewriting.py),
separations by `separate`, with both certificates re-checked by the independent code of
definability/verify.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.definability.separation.separations import WINDOW_TABLE_FRAGMENTS, inclusion, separation
from attnlogic.definability.checks.verify import verify_formula, verify_witness
from attnlogic.ltl import parse

DOC = Path(__file__).resolve().parents[2] / "docs" / "decision-procedures.md"


def _rows():
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("| A | B | answer | certificate |"):]
    table = table[:table.index("\n\n")]
    rows = []
    for line in table.splitlines()[2:]:
        a, b, answer, cert = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        rows.append((a, b, answer, cert.replace("\\|", "|")))
    return rows


ROWS = _rows()


def test_the_table_has_every_ordered_pair():
    pairs = {(a, b) for a, b, _, _ in ROWS}
    want = {(a, b) for a in WINDOW_TABLE_FRAGMENTS for b in WINDOW_TABLE_FRAGMENTS if a != b}
    assert pairs == want and len(ROWS) == len(want) == 72
    assert ("LTL[Y<=4]", "LTL[Y<=2]", "⊆", "`Y[<=4] φ = Y[<=2] (φ | Y[<=2] φ)`") in ROWS


@pytest.mark.parametrize("a,b,answer,cert", ROWS, ids=[f"{a}-{b}" for a, b, _, _ in ROWS])
def test_row(a, b, answer, cert):
    inc = inclusion(a, b)
    if answer == "⊆":
        assert inc is not None
        assert cert.strip("`") in ((inc.rewriting or ""), inc.reason)
        return
    assert answer == "⊄" and inc is None
    s = separation(a, b)
    m = re.fullmatch(r"`(.*)`: `(.*)` in, `(.*)` out \((every depth|depth ≤ (\d+))\)", cert)
    assert m is not None, cert
    w = s.witness_result.witness
    assert (s.entry.formula, "".join(w.accepted), "".join(w.rejected)) == m.groups()[:3]
    d = formula_to_dfa(parse(s.entry.formula), list(s.entry.alphabet))
    f = s.formula_certificate.formula
    assert f is not None and verify_formula(d, a, f).valid
    check = verify_witness(d, b, w.accepted, w.rejected, w.depth)
    assert check.valid, check.reason
