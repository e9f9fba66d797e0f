"""The Language Toolkit's AT&T files and MLRegTest's language files as DFA sources
(automata/io.py ``from_att``): plebby's ``:writeATT`` transitions files (MLRegTest's
``.att``), LTK's one-file form with a ``* * *`` symbol table, and the refusals (a pleb
program given to the AT&T reader itself, LTK's ``<EPS>`` label, a malformed symbol table)
with field and reason.  Pleb programs are read by automata/pleb.py (tests/automata/test_pleb.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from attnlogic.automata.io import from_att, read_dfa_file
from attnlogic.kernel.errors import FileFormatError

DATA = Path(__file__).parent.parent / "data" / "mlregtest"


def _language(d, n: int) -> set[str]:
    """The words of length ≤ n that the DFA accepts."""
    from itertools import product
    return {"".join(w) for k in range(n + 1) for w in product(d.alphabet, repeat=k) if d.accepts(list(w))}


def test_mlregtest_files_read_exactly():
    files = sorted(DATA.glob("*.att"))
    assert len(files) == 23
    for f in files:
        d = read_dfa_file(str(f), alphabet="abcd")
        assert d.alphabet == ("a", "b", "c", "d")
    # 04.04.SL.2.1.0 is ~\/{<a a>} (its pleb script): the words without the factor aa
    sl = read_dfa_file(str(DATA / "04.04.SL.2.1.0.att"), alphabet="abcd")
    assert _language(sl, 5) == {w for w in _language_all(5) if "aa" not in w}
    # 04.04.Zp.2.1.0: [c]*%||%<c c>, an even number of c
    zp = read_dfa_file(str(DATA / "04.04.Zp.2.1.0.att"), alphabet="abcd")
    assert _language(zp, 5) == {w for w in _language_all(5) if w.count("c") % 2 == 0}


def _language_all(n: int) -> set[str]:
    from itertools import product
    return {"".join(w) for k in range(n + 1) for w in product("abcd", repeat=k)}


def test_ltk_one_file_form_with_symbol_tables():
    # LTK's exportATT: transitions, '* * *', input symbols, '* * *', output symbols; the
    # numeric symbols 1 and 2 are written as their tags 1 and 2, 'x' as itself
    text = "0\t1\t1\t1\n1\t0\t2\t2\n0\t0\tx\tx\n1\n* * *\n<EPS>\t0\n1\t1\n2\t2\nx\t3\n* * *\n<EPS>\t0\n1\t1\n2\t2\nx\t3\n"
    d = from_att(text, "ltk.att")
    assert set(d.alphabet) == {"1", "2", "x"}
    assert d.accepts(["1"]) and d.accepts(["x", "1"]) and not d.accepts(["1", "2"])
    # a tag mapped to a different symbol
    d2 = from_att("0\t1\t5\t5\n1\n* * *\n<EPS>\t0\nstop\t5\n", "ltk.att")
    assert d2.alphabet == ("stop",) and d2.accepts(["stop"])


@pytest.mark.parametrize("text, field, reason", [
    ("0\t1\t<EPS>\t<EPS>\n1\n", "line 1", "epsilon"),
    ("0\t1\ta\ta\n1\n* * *\n<EPS>\t0\na\n", "line 5", "symbol-table line"),
    (":import \"syms04.plebby\"\n~\\/{<a a>}\n", "(file)", "pleb program"),
    ("= x <a b>\n", "(file)", "pleb program"),
])
def test_refusals_name_field_and_reason(text, field, reason):
    with pytest.raises(FileFormatError) as err:
        from_att(text, "f.att")
    assert err.value.field == field and reason in err.value.reason


def test_att_file_on_the_command_line(capsys):
    from attnlogic.cli import main
    assert main(["dfa", "--dfa", str(DATA / "04.04.SL.2.1.0.att"), "--alphabet", "abcd"]) == 0
    assert '"alphabet": ["a", "b", "c", "d"]' in capsys.readouterr().out
