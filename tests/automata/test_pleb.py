"""The pleb interpreter (automata/pleb.py) and the operations it evaluates with
(automata/rational.py).

* MLRegTest's programs (tests/data/mlregtest/*.plebby) read as exactly the automata plebby
  wrote from them (the ``.att`` files beside them): an independent cross-check of the whole
  interpreter, one or more programs per class;
* every operator of pleb(5) against a membership oracle written here: Python's ``re`` for
  factors, and the operators' definitions on words (splits, subsets of positions,
  projections) for the rest, on every word up to length 6 over two letters (5 over three);
* random programs read as the Language Toolkit's own reader (LTK 1.3's readPleb) reads
  them, and scripts with each command as plebby 1.3 runs them: tests/data/pleb holds their
  automata (README there);
* bad programs: a ParseError naming the line and column, exit 2 from the command line.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from attnlogic.automata import rational
from attnlogic.automata.dfa import DFA
from attnlogic.automata.io import read_dfa_file, read_dfa_text
from attnlogic.automata.operations import equivalent
from attnlogic.automata.pleb import read_pleb
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.kernel.errors import AttnlogicError, InputError, LimitExceeded, ParseError

DATA = Path(__file__).parent.parent / "data" / "mlregtest"
SYMS = "= a {/a}\n= b {/b}\n= c {/c}\n"


# -- MLRegTest ---------------------------------------------------------------------------
def _programs():
    return sorted(p for p in DATA.glob("*.plebby") if not p.name.startswith("syms"))


def test_every_shipped_program_has_its_automaton():
    names = {p.name.split(".")[2] for p in _programs()}
    assert {"SL", "SP", "LT", "LTT", "PT", "PLT", "SF", "Zp", "Reg", "TSL", "TLT", "TLTT",
            "TPLT"} <= names
    for p in _programs():
        assert p.with_suffix(".att").is_file(), p


@pytest.mark.parametrize("program", _programs(), ids=lambda p: p.stem)
def test_mlregtest_program_is_the_automaton_plebby_wrote(program):
    d = read_dfa_file(str(program))
    assert d.alphabet == ("a", "b", "c", "d")          # syms04's universe
    written = read_dfa_file(str(program.with_suffix(".att")), alphabet=d.alphabet)
    assert equivalent(d, written)
    assert d == written.minimal()


def test_the_command_line_reads_a_program(capsys):
    from attnlogic.cli import main
    program = str(DATA / "04.04.SL.2.1.0.plebby")
    assert main(["dfa", "--dfa", program]) == 0
    out = capsys.readouterr().out
    assert main(["dfa", "--dfa", str(DATA / "04.04.SL.2.1.0.att"), "--alphabet", "abcd"]) == 0
    assert capsys.readouterr().out == out
    assert main(["classify", "--dfa", str(DATA / "04.04.Zp.2.1.0.plebby"), "--class", "SL"]) == 0
    assert "SL" in capsys.readouterr().out


# -- the oracle --------------------------------------------------------------------------
def _words(letters: str, n: int):
    for k in range(n + 1):
        for w in itertools.product(letters, repeat=k):
            yield "".join(w)


def rx(pattern: str):
    """A factor or other regular set written as a Python regex (full match)."""
    r = re.compile(pattern)
    return lambda w: r.fullmatch(w) is not None


def NOT(p):
    return lambda w: not p(w)


def AND(*ps):
    return lambda w: all(p(w) for p in ps)


def OR(*ps):
    return lambda w: any(p(w) for p in ps)


def CAT(p, q):
    return lambda w: any(p(w[:i]) and q(w[i:]) for i in range(len(w) + 1))


def STAR(p):
    @lru_cache(maxsize=None)
    def s(w):
        return w == "" or any(p(w[:i]) and s(w[i:]) for i in range(1, len(w) + 1))
    return s


def _subsets(n):
    return itertools.product((False, True), repeat=n)


def SHUFFLE(p, q):
    def s(w):
        for pick in _subsets(len(w)):
            u = "".join(x for x, t in zip(w, pick) if t)
            v = "".join(x for x, t in zip(w, pick) if not t)
            if p(u) and q(v):
                return True
        return False
    return s


def INFILTRATE(p, q):
    def s(w):
        for role in itertools.product((1, 2, 3), repeat=len(w)):     # 3: read by both words
            u = "".join(x for x, r in zip(w, role) if r & 1)
            v = "".join(x for x, r in zip(w, role) if r & 2)
            if p(u) and q(v):
                return True
        return False
    return s


def UP(p):
    return lambda w: any(p("".join(x for x, t in zip(w, pick) if t)) for pick in _subsets(len(w)))


def _insertions(w: str, letters: str, most: int):
    out = {w}
    for _ in range(most):
        out |= {v[:i] + x + v[i:] for v in out for i in range(len(v) + 1) for x in letters}
    return out


def DOWN(p, letters):
    # the operands below need at most two letters inserted to reach a word of theirs
    return lambda w: any(p(v) for v in _insertions(w, letters, 2))


def REV(p):
    return lambda w: p(w[::-1])


def TIER(tier, p):
    return lambda w: p("".join(x for x in w if x in tier))


def NEUTRAL(neutral, p, letters):
    """Some word of p has w's letters outside ``neutral`` in the same order (letters of
    ``neutral`` deleted from w and at most one inserted in each gap)."""
    def s(w):
        skeleton = [x for x in w if x not in neutral]
        for fill in itertools.product([""] + list(neutral), repeat=len(skeleton) + 1):
            v = fill[0] + "".join(x + f for x, f in zip(skeleton, fill[1:]))
            if p(v):
                return True
        return False
    return s


def LQUOT(finite, q):
    return lambda w: any(q(x + w) for x in finite)


def RQUOT(p, finite):
    return lambda w: any(p(w + x) for x in finite)


def fin_lquot(xs, ys):
    """{w : xw ∈ ys for some x ∈ xs}, for finite sets of words."""
    return {y[len(x):] for x in xs for y in ys if y.startswith(x)}


def fin_rquot(ys, xs):
    """{w : wx ∈ ys for some x ∈ xs}, for finite sets of words."""
    return {y[:len(y) - len(x)] for x in xs for y in ys if y.endswith(x)}


def OVERLAY(p, q, letters):
    """plebby's strict-order overlay: w has a prefix in p, and w = u·v with u a non-empty
    prefix of a word of p (two letters at most to complete it, enough below) and v in q."""
    def prefix_of_p(u):
        return any(p(u + "".join(x)) for k in range(3) for x in itertools.product(letters, repeat=k))
    return lambda w: (any(p(w[:i]) for i in range(len(w) + 1))
                      and any(prefix_of_p(w[:i]) and q(w[i:]) for i in range(1, len(w) + 1)))


ANY = rx(".*")
EPS = rx("")

# (program after SYMS, oracle, letters of the universe)
AB = "ab"
CASES = [
    # factors: adjacency, precedence, anchors, sets
    ("<a b>", rx(".*ab.*"), AB),
    ("%|<a b>", rx("ab.*"), AB),
    ("|%<a>", rx(".*a"), AB),
    ("%||%<a b>", rx("ab"), AB),
    ("%||%<>", EPS, AB),
    ("<>", ANY, AB),
    ("<a, b>", rx(".*a.*b.*"), AB),
    ("<a b, a>", rx(".*ab.*a.*"), AB),
    ("%|<a, b b>", rx("a.*bb.*"), AB),
    ("|%<a, b>", rx(".*a.*b"), AB),
    ("%||%<a, b>", rx("a.*b"), AB),
    ("<a, , b>", rx(".*a.*b.*"), AB),
    ("<{a, b} [a, {a, b}]>", rx(".*[ab]a.*"), AB),
    ("<[a, b]>", rx("(?!)"), AB),
    ("<(a, c) b>", rx(".*[ac]b.*"), "abc"),
    ("</a /b>", rx(".*ab.*"), AB),
    (".<<a>, %|<b>, <a>>", rx(".*aba.*"), AB),
    (".<%|<a b>, <a, b>>", rx("aba.*b.*"), AB),
    ("..<%|<a>, <b b>>", rx("a.*bb.*"), AB),
    ("..<%|<a>, |%<b>>", rx("a.*b.*"), AB),          # plebby drops the tail anchor here
    ("= f <a b>\n..<f, f>", rx(".*ab.*ab.*"), AB),
    # Boolean operators (n-ary, both brackets, empty)
    ("/\\{<a>, ~<b>}", AND(rx(".*a.*"), NOT(rx(".*b.*"))), AB),
    ("\\/(%|<a>, |%<b>)", OR(rx("a.*"), rx(".*b")), AB),
    ("/\\{}", ANY, AB),
    ("\\/{}", rx("(?!)"), AB),
    ("!<a a>", NOT(rx(".*aa.*")), AB),
    ("~~<a a>", rx(".*aa.*"), AB),
    ("/\\{<a>, <b>, ~<c>}", AND(rx(".*a.*"), rx(".*b.*"), NOT(rx(".*c.*"))), "abc"),
    # concatenations, iteration
    ("@(%||%<a>, <b>)", CAT(rx("a"), rx(".*b.*")), AB),
    ("@()", EPS, AB),
    ("@(%||%<a>)", rx("a"), AB),
    ("@@(%||%<a>, %||%<b>, %||%<a>)", rx("a.*b.*a"), AB),
    ("*%||%<a b>", STAR(rx("ab")), AB),
    ("*\\/{}", EPS, AB),
    ("+%||%<a b>", CAT(rx("ab"), STAR(rx("ab"))), AB),
    ("*@(%||%<a>, ~<c>)", STAR(CAT(rx("a"), NOT(rx(".*c.*")))), "abc"),
    # reversal, closures
    ("-%|<a b>", REV(rx("ab.*")), AB),
    ("^%||%<a b>", UP(rx("ab")), AB),
    ("^%||%<a, b>", UP(rx("a.*b")), AB),
    ("$%||%<a b>", DOWN(rx("ab"), AB), AB),
    ("$%|<a b>", DOWN(rx("ab.*"), AB), AB),
    ("$\\/{%||%<a b a>, %||%<b b>}", DOWN(rx("aba|bb"), AB), AB),
    # products
    ("|_|_|(%||%<a b>, %||%<a>)", SHUFFLE(rx("ab"), rx("a")), AB),
    ("|_|_|(*%||%<a b>, %||%<b b>)", SHUFFLE(STAR(rx("ab")), rx("bb")), AB),
    ("|_|_|()", EPS, AB),
    (".^.(%||%<a b>, %||%<a>)", INFILTRATE(rx("ab"), rx("a")), AB),
    (".^.(%||%<a b>, %||%<b a>)", INFILTRATE(rx("ab"), rx("ba")), AB),
    (".^.(*%||%<a>, %||%<a b>)", INFILTRATE(STAR(rx("a")), rx("ab")), AB),
    # quotients
    ("\\\\(%||%<a>, <a b>)", LQUOT({"a"}, rx(".*ab.*")), AB),
    ("\\\\(\\/{%||%<a>, %||%<b a>}, %|<a b>)", LQUOT({"a", "ba"}, rx("ab.*")), AB),
    ("\\\\(%||%<a>, %||%<a b>, <b a>)", LQUOT(fin_lquot({"a"}, {"ab"}), rx(".*ba.*")), AB),
    ("\\\\(%||%<a>, %||%<b>, <b a>)", LQUOT(fin_lquot({"a"}, {"b"}), rx(".*ba.*")), AB),
    ("//(<a b>, %||%<b>)", RQUOT(rx(".*ab.*"), {"b"}), AB),
    ("//(|%<a b>, \\/{%||%<b>, %||%<a b>})", RQUOT(rx(".*ab"), {"b", "ab"}), AB),
    ("//(<a b>, %||%<a b>, %||%<b>)", RQUOT(rx(".*ab.*"), fin_rquot({"ab"}, {"b"})), AB),
    ("//(<a b>, %||%<a b>, %||%<a>)", RQUOT(rx(".*ab.*"), fin_rquot({"ab"}, {"a"})), AB),
    ("\\\\()", EPS, AB),
    # strictly ordered overlay
    (".@.(<a>, <b>)", OVERLAY(rx(".*a.*"), OVERLAY(rx(".*b.*"), EPS, AB), AB), AB),
    (".@.(%|<a b>, <b a>)", OVERLAY(rx("ab.*"), OVERLAY(rx(".*ba.*"), EPS, AB), AB), AB),
    (".@.(%||%<a b>)", OVERLAY(rx("ab"), EPS, AB), AB),
    (".@.()", EPS, AB),
    # tiers and neutral symbols
    ("[a] %||%<a a>", TIER("a", rx("aa")), AB),
    ("[a, b] ~<a a>", TIER("ab", NOT(rx(".*aa.*"))), "abc"),
    ("[{a, b}, c] %|<a>", TIER("abc", rx("a.*")), "abc"),
    ("[/a]!%||%<>", rx(".*a.*"), AB),                     # pleb(5)'s example
    ("|b| %||%<a a>", NEUTRAL("b", rx("aa"), AB), AB),
    ("|c| /\\{%|<a>, ~<a a>, ~<c c>}", NEUTRAL("c", AND(rx("a.*"), NOT(rx(".*(aa|cc).*"))), "abc"),
     "abc"),
    ("|c| <a c b>", NEUTRAL("c", rx(".*acb.*"), "abc"), "abc"),
    # a symbol made neutral that the operand does not mention is inserted, never deleted
    # (plebby): the operand's words here are c+, and none survives without its c's
    ("|c| /\\{~<a>, ~<b>, ~%||%<>}", rx("(?!)"), "abc"),
    ("|c| /\\{%|<a>, ~<a a>}", TIER("ab", AND(rx("a.*"), NOT(rx(".*aa.*")))), "abc"),
    # plebby's {ε} of an empty product and its ∅ of \/{} name no symbol, not even "any other":
    # complement and closures leave every symbol rejected (LTK 1.3 answers the same)
    ("^@()", EPS, AB),
    ("~@()", rx("(?!)"), AB),
    ("~\\/{}", EPS, AB),
    ("/\\{~@(), <a>}", rx("(?!)"), AB),
    ("|b| ~@()", rx("(?!)"), AB),
    # Unicode spellings
    ("⋀{⟨a⟩, ¬⟨b⟩}", AND(rx(".*a.*"), NOT(rx(".*b.*"))), AB),
    ("⋁{⋊⟨a⟩, ⋉⟨b⟩}", OR(rx("a.*"), rx(".*b")), AB),
    ("∙(⋊⋉⟨a⟩, ⟨b⟩)", CAT(rx("a"), rx(".*b.*")), AB),
    ("∗⋊⋉⟨a b⟩", STAR(rx("ab")), AB),
    ("⇄⋊⟨a b⟩", REV(rx("ab.*")), AB),
    ("↑⋊⋉⟨a b⟩", UP(rx("ab")), AB),
    ("↓⋊⋉⟨a b⟩", DOWN(rx("ab"), AB), AB),
    ("⧢(⋊⋉⟨a⟩, ⋊⋉⟨b⟩)", SHUFFLE(rx("a"), rx("b")), AB),
    ("⇑(⋊⋉⟨a⟩, ⋊⋉⟨a⟩)", INFILTRATE(rx("a"), rx("a")), AB),
    ("‥⟨⋊⟨a⟩, ⟨b⟩⟩", rx("a.*b.*"), AB),
    ("≝ x ⟨a⟩\n∩{x, ∪{⟨b⟩}}", AND(rx(".*a.*"), rx(".*b.*")), AB),
    # variables, it, universe, comments
    ("= x <a>\n= y ~x\n= x <b>\ny", NOT(rx(".*a.*")), AB),
    ("<a>\n~it", NOT(rx(".*a.*")), AB),
    ("= s {/c}\n~<a> # c is in the universe\n", NOT(rx(".*a.*")), "abc"),
    ("= ab {a, b}\n= both {[ab, a]}\n<both>", rx(".*a.*"), AB),
    ("= u {universe}\n%|<u>", rx(".+"), "abc"),
]


def _check(program: str, oracle, letters: str):
    syms = SYMS if "c" in letters else SYMS.replace("= c {/c}\n", "")
    d = read_pleb(syms + program, script=False)
    universe = tuple(sorted(set(letters)))
    assert d.alphabet == universe, (program, d.alphabet)
    n = 6 if len(letters) == 2 else 5
    wrong = [w for w in _words(letters, n) if d.accepts(list(w)) != oracle(w)]
    assert not wrong, (program, wrong[:5])


@pytest.mark.parametrize("program, oracle, letters", CASES, ids=[c[0] for c in CASES])
def test_operator_against_the_oracle(program, oracle, letters):
    _check(program, oracle, letters)


def test_a_program_with_c_unused_has_the_two_letter_universe():
    # SYMS binds c, so the universe of every case has c unless the case removes it: the
    # two-letter cases are read without that line
    d = read_pleb("= a {/a}\n= b {/b}\n<a b>", script=False)
    assert d.alphabet == ("a", "b")
    d3 = read_pleb(SYMS + "<a b>", script=False)
    assert d3.alphabet == ("a", "b", "c")
    assert not equivalent(d3, read_pleb(SYMS + "<a b c>", script=False))


# -- the operations alone, against regexes ----------------------------------------------------
def test_rational_operations_against_regexes():
    A = ("a", "b")
    L = regex_to_dfa("a(a|b)*", A)
    M = regex_to_dfa("(a|b)*b", A)
    assert equivalent(rational.concatenation(L, M), regex_to_dfa("a(a|b)*b", A))
    assert equivalent(rational.star(regex_to_dfa("ab", A)), regex_to_dfa("(ab)*", A))
    assert equivalent(rational.reverse(L), regex_to_dfa("(a|b)*a", A))
    assert equivalent(rational.prefixes(regex_to_dfa("ab", A)), regex_to_dfa("()|a|ab", A))
    assert equivalent(rational.left_quotient(regex_to_dfa("a", A), regex_to_dfa("ab*", A)),
                      regex_to_dfa("b*", A))
    assert equivalent(rational.right_quotient(regex_to_dfa("ab*", A), regex_to_dfa("b", A)),
                      regex_to_dfa("ab*", A))
    assert equivalent(rational.right_quotient(regex_to_dfa("ab", A), regex_to_dfa("a", A)),
                      rational.empty(A))
    assert equivalent(rational.sequence(A, [None, {"a"}, None]), regex_to_dfa("(a|b)*a(a|b)*", A))
    assert equivalent(rational.tier_preimage(regex_to_dfa("aa", A), {"a"}), regex_to_dfa("b*ab*ab*", A))


# -- refusals ------------------------------------------------------------------------------
@pytest.mark.parametrize("text, line, column, reason", [
    ("= a {/a}\n<a\n", 2, 3, "expected '>'"),
    ("= a {/a}\n<a b>\n", 2, 4, "undefined symbol set 'b'"),
    ("<x>\n", 1, 2, "undefined symbol set 'x'"),
    ("= a {/a}\n~y\n", 2, 2, "undefined variable 'y'"),
    ("= a {/a}\n= e a\n", 2, 5, "a symbol set, not an expression"),
    ("= a {/a}\n= g ~<a>\n.<g, <a>>\n", 3, 3, "'g' is not a factor"),
    ("= a {/a}\n/\\{<a>, <a>\n", 2, 12, "expected '}' to close '{'"),
    ("= a {/a}\n<a> }\n", 2, 5, "expected"),
    ("= a {/a}\n% |<a>\n", 2, 1, "expected"),
    ("= a {/a}\n= = <a>\n", 2, 3, "expected a name"),
    ("= a {/a}\n</1>\n", 2, 3, "symbol"),
])
def test_bad_programs_name_line_and_column(text, line, column, reason):
    with pytest.raises(ParseError) as err:
        read_pleb(text, "prog.pleb", script=False)
    assert err.value.kind == f"pleb prog.pleb, line {line}"
    assert err.value.column == column and reason in err.value.message, (err.value.column, err.value.message)
    assert "^" in err.value.details()[1]


@pytest.mark.parametrize("text, line, reason", [
    (":readATT x.att _ _\n</a>\n", 1, "no such file"),
    (":readJeff x.jeff\n</a>\n", 1, ":readJeff"),
    (":frobnicate\n</a>\n", 1, "unknown"),
    (":import\n</a>\n", 1, "one file name"),
    ("</a>\n:import \"absent.plebby\"\n", 2, "no such file"),
    ("</a>\n:unset it\n", None, "no bare expression"),
    ("= a {/a}\n", None, "no bare expression"),
])
def test_bad_scripts(text, line, reason, tmp_path):
    with pytest.raises(InputError) as err:
        read_pleb(text, "s.plebby", tmp_path)
    assert reason in str(err.value)
    if line is not None:
        assert err.value.kind == f"pleb s.plebby, line {line}"


def test_imports_are_relative_to_the_program_and_cycles_refused(tmp_path):
    # plebby reads every file name relative to its working directory: here, the folder of
    # the program read, also inside an imported file
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "syms.plebby").write_text("= a {/a}\n= b {/b}\n:read \"lib/more.pleb\"\n")
    (tmp_path / "lib" / "more.pleb").write_text("# a program: statements over lines\n= c\n {/c}\n")
    main = tmp_path / "main.plebby"
    main.write_text(":import \"lib/syms.plebby\"\n<a c>\n:writeATT o.att _ _ it\n:isSL it\n")
    d = read_dfa_file(str(main))
    assert d.alphabet == ("a", "b", "c") and d.accepts(list("bac")) and not d.accepts(list("ca"))
    assert not (tmp_path / "o.att").exists()           # :writeATT writes nothing here
    (tmp_path / "loop.plebby").write_text(":import \"loop.plebby\"\n</a>\n")
    with pytest.raises(ParseError) as err:
        read_dfa_file(str(tmp_path / "loop.plebby"))
    assert "cycle" in err.value.message


def test_standard_input_is_read_as_a_script():
    d = read_dfa_text("= a {/a}\n= b {/b}\n~<a a>\n", "<stdin>")
    assert d.alphabet == ("a", "b") and not d.accepts(["a", "a"]) and d.accepts(["a", "b", "a"])


def test_text_without_a_folder_reads_no_file(tmp_path):
    # what the web page does with an upload: text, no folder; an import is refused, and an
    # output command is skipped (nothing written)
    (tmp_path / "syms.plebby").write_text("= a {/a}\n")
    text = f":import \"{tmp_path / 'syms.plebby'}\"\n<a>\n"
    with pytest.raises(ParseError) as err:
        read_dfa_text(text, "upload")
    assert "without a folder" in err.value.message
    assert read_dfa_text(text, "upload", folder=str(tmp_path)).alphabet == ("a",)
    read_dfa_text(f"= a {{/a}}\n<a>\n:writeATT \"{tmp_path / 'w.att'}\" _ _ it\n", "upload")
    assert not (tmp_path / "w.att").exists()


def test_standard_input_imports_from_the_working_directory(tmp_path, monkeypatch):
    import io
    import sys
    (tmp_path / "syms.plebby").write_text("= a {/a}\n= b {/b}\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(":import \"syms.plebby\"\n~<a b>\n"))
    d = read_dfa_file("-")
    assert d.alphabet == ("a", "b") and not d.accepts(["a", "b"])


def test_alphabet_beyond_the_universe():
    # read over a larger alphabet, a symbol the program never names behaves as plebby
    # treats a symbol added to the universe later: like every other unnamed symbol
    d = read_pleb("= a {/a}\n~<a a>\n", alphabet=("b", "a"))
    assert d.alphabet == ("b", "a") and d.accepts(["b", "a"]) and not d.accepts(["a", "a"])
    with pytest.raises(InputError) as err:
        read_pleb("= a {/a}\n= b {/b}\n~<a a>\n", alphabet=("a",))
    assert "'b'" in str(err.value)


@pytest.mark.parametrize("text", ["= a {/a}\n<a\n", ":nope\n", ":import \"none.plebby\"\n", "= a {/a}\n"])
def test_command_line_refusals_exit_2(text, tmp_path, capsys):
    from attnlogic.cli import main
    f = tmp_path / "bad.plebby"
    f.write_text(text)
    assert main(["dfa", "--dfa", str(f)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "error:" in err and "bad.plebby" in err


def test_deep_nesting_is_refused_and_shared_variables_are_evaluated_once():
    with pytest.raises(ParseError) as err:
        read_pleb("= a {/a}\n" + "~" * 5000 + "<a>", script=False)
    assert "nested deeper" in err.value.message and err.value.kind.endswith("line 2")
    for deep in ("/\\{" * 200 + "<a>", "|a|" * 200 + "<a>", "<" + "{" * 200 + "a", "[a]" * 200 + "<a>",
                 "~$^-*+" * 40 + "<a>", ".<" * 200 + "<a>"):
        with pytest.raises(ParseError) as err:
            read_pleb("= a {/a}\n" + deep, script=False)
        assert "nested deeper" in err.value.message
    with pytest.raises(ParseError) as err:
        read_pleb("= a {/a}\n= x <a>\n" + "= x ~x\n" * 400 + "x", script=False)
    assert "variables" in err.value.message
    # x doubles in size 45 times as a tree (2^45 leaves); as the DAG it is, it is read at once
    d = read_pleb("= a {/a}\n= x <a>\n" + "= x /\\{x, x}\n" * 45 + "x", script=False)
    assert equivalent(d, read_pleb("= a {/a}\n<a>", script=False))


PLEB_SYNTAX = (list("<>{}()[]|,/~!*+-^$.@%#=\n ab") + ["/a", "/b", "%|", "|%", "%||%", "/\\", "\\/",
               "@@", "|_|_|", ".^.", "\\\\", "//", ".@.", ".<", "..<", "⟨", "⟩", "⋊", "it", "universe",
               ":import x", ":writeATT f _ _ it", ":reset", "= a {/a}\n", "= b {/b}\n"])


def _never_crashes(text: str, script: bool) -> None:
    try:
        d = read_pleb(text, "fuzz", script=script, state_limit=5_000)
    except ParseError as err:
        line = err.text
        assert 1 <= err.column <= len(line) + 1, (text, err)
        assert err.details()[1].strip() == "^"
        return
    except (InputError, LimitExceeded):
        return
    assert d.minimal() == d


def test_fuzzed_programs_read_or_are_refused(tmp_path, monkeypatch):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    monkeypatch.chdir(tmp_path)              # ':import x' finds no file there

    @settings(max_examples=3_000, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.sampled_from(PLEB_SYNTAX), max_size=25).map("".join), st.booleans())
    def run(text, script):
        _never_crashes(text, script)

    run()


def test_universe_assignment_restrict_restore_and_ground():
    head = "= a {/a}\n= b {/b}\n= c {/c}\n= x /\\{<a b>, ~<c>}\n= universe {a, b}\n"
    # without :restrict the universe is {a, b} and x's symbols: c stays
    d = read_pleb(head + "x\n")
    assert d.alphabet == ("a", "b", "c") and d.accepts(list("ab")) and not d.accepts(list("abc"))
    # :restrict removes c from x: <c> is over an empty set, so ~<c> is everything
    d = read_pleb(head + ":restrict\nx\n")
    assert equivalent(d, regex_to_dfa("(a|b)*ab(a|b)*", ("a", "b")))
    # a universe set smaller, then recomputed from the bindings
    assert read_pleb("= a {/a}\n= b {/b}\n= universe {a}\n<a>\n").alphabet == ("a",)
    assert read_pleb("= a {/a}\n= b {/b}\n= universe {a}\n:restoreUniverse\n<a>\n").alphabet == ("a", "b")
    # :ground fixes x's language over {a}: the b added later is in none of its words;
    # :compile changes no language
    tail = "= b {/b}\nx\n"
    grounded = read_pleb("= a {/a}\n= x ~<a>\n:ground\n" + tail)
    compiled = read_pleb("= a {/a}\n= x ~<a>\n:compile\n" + tail)
    assert grounded.alphabet == compiled.alphabet == ("a", "b")
    assert equivalent(grounded, regex_to_dfa("()", ("a", "b")))
    assert equivalent(compiled, regex_to_dfa("b*", ("a", "b")))
    # a grounded automaton under :restrict loses the letters outside the universe
    d = read_pleb("= a {/a}\n= b {/b}\n= x <a, b>\n:ground\n= universe {b}\n:restrict\nx\n")
    assert d.alphabet == ("b",) and equivalent(d, rational.empty(("b",)))


@pytest.mark.parametrize("att", sorted(DATA.glob("*.att")), ids=lambda p: p.stem)
def test_readatt_reads_what_the_att_reader_reads(att, tmp_path):
    # plebby's :readATT (automata/pleb.py's own reading of LTK's semantics) against
    # automata/io.py's from_att, on the files plebby wrote
    script = tmp_path / "r.plebby"
    script.write_text(f':readATT "{att}" _ _\n')
    d = read_dfa_file(str(script))
    assert equivalent(d, read_dfa_file(str(att), alphabet=d.alphabet))


def test_readatt_projections_epsilons_tables_and_nondeterminism(tmp_path):
    from attnlogic.automata.pleb import read_att_projection
    ab = ("a", "b")
    # a transducer: a:x then b:y, or an epsilon arc; the input and the output projections
    fst = "0\t1\ta\tx\n1\t2\tb\ty\n0\t2\t0\t0\n2\n"
    assert equivalent(read_att_projection(fst), regex_to_dfa("ab|()", ab))
    assert equivalent(read_att_projection(fst, output=True), regex_to_dfa("xy|()", ("x", "y")))
    # numeric tags through the input table, whose epsilon is <EPS> and whose c is on no arc;
    # a final weight (even Infinity) keeps a state final, as in plebby
    table = "<EPS>\t0\na\t1\nb\t2\nc\t3\n"
    d = read_att_projection("0\t1\t1\t1\n1\t2\t2\t2\n1\t1\t<EPS>\t<EPS>\n2\tInfinity\n", table)
    assert equivalent(d, regex_to_dfa("ab", ("a", "b", "c")))
    # nondeterminism: a to 1 (b loops) or to 2; both final
    d = read_att_projection("0\t1\ta\ta\n0\t2\ta\ta\n1\t1\tb\tb\n1\n2\n")
    assert equivalent(d, regex_to_dfa("ab*", ab))
    # in a script: files relative to the program, '_' for no table; it is then an automaton
    # over its own letters: a symbol named later is in none of its words
    (tmp_path / "t.att").write_text("0\t1\t1\t1\n1\n")
    (tmp_path / "i.syms").write_text("<EPS>\t0\na\t1\n")
    (tmp_path / "s.plebby").write_text(':readATT t.att i.syms _\n= b {/b}\n\\/{it, %||%<b>}\n')
    d = read_dfa_file(str(tmp_path / "s.plebby"))
    assert equivalent(d, regex_to_dfa("a|b", ab))
    (tmp_path / "bad.plebby").write_text(":readATT t.att\n")
    with pytest.raises(ParseError) as err:
        read_dfa_file(str(tmp_path / "bad.plebby"))
    assert "three file names" in err.value.message


def test_load_language_reads_a_program_over_a_given_alphabet():
    from attnlogic.automata.sources import load_language
    program = str(DATA / "04.04.SP.2.1.0.plebby")                  # ~\/{<a,b>,<c,d>}
    lang = load_language(dfa=program)
    assert lang.dfa.alphabet == ("a", "b", "c", "d") and lang.kind == "dfa"
    wider = load_language(dfa=program, alphabet="edcba")
    assert wider.dfa.alphabet == ("e", "d", "c", "b", "a")
    assert wider.dfa.accepts(list("eba")) and not wider.dfa.accepts(list("aeb"))


# -- the Language Toolkit's own answers ----------------------------------------------------------
LTK_ANSWERS = Path(__file__).parent.parent / "data" / "pleb" / "ltk_answers.jsonl"


def _ltk_dfa(lines: list[str], alphabet: tuple) -> DFA:
    """The DFA of an automaton as LtkDump.hs prints it (initial/final/arc lines, ε arcs and
    several initial states allowed): the subset construction, written here."""
    initial, final, arcs, eps = set(), set(), {}, {}
    for line in lines[1:]:
        f = line.split(" ")
        if f[0] == "initial":
            initial.add(f[1])
        elif f[0] == "final":
            final.add(f[1])
        elif f[2] == "eps":
            eps.setdefault(f[1], set()).add(f[3])
        else:
            arcs.setdefault((f[1], f[2][len("sym:"):]), set()).add(f[3])

    def close(states):
        seen, stack = set(states), list(states)
        while stack:
            for r in eps.get(stack.pop(), ()):
                if r not in seen:
                    seen.add(r)
                    stack.append(r)
        return frozenset(seen)

    order = [close(initial)]
    index = {order[0]: 0}
    rows = []
    for S in order:                                  # the list grows as subsets are found
        row = []
        for a in alphabet:
            T = close({r for q in S for r in arcs.get((q, a), ())})
            if T not in index:
                index[T] = len(order)
                order.append(T)
            row.append(index[T])
        rows.append(row)
    return DFA(alphabet, rows, 0, [i for i, S in enumerate(order) if S & final])


def test_random_programs_read_as_the_language_toolkit_reads_them():
    records = [json.loads(line) for line in LTK_ANSWERS.read_text(encoding="utf-8").splitlines()]
    assert len(records) >= 200
    refused = 0
    for r in records:
        if r["ltk"][0].startswith("error"):
            refused += 1
            with pytest.raises(AttnlogicError):
                read_pleb(r["program"], script=False)
            continue
        ours = read_pleb(r["program"], script=False)
        alphabet = tuple(r["ltk"][0].split(" ")[1:])
        assert ours.alphabet == alphabet, r["program"]
        theirs = _ltk_dfa(r["ltk"], alphabet)
        assert equivalent(ours, theirs), r["program"]
    assert 0 < refused < len(records) // 4


def _written_by_plebby(text: str, alphabet: tuple) -> DFA:
    """The automaton plebby's :writeATT wrote (no symbol tables), over ``alphabet``: its
    arcs read as LTK reads them; a letter on no arc leads nowhere; a file without arcs is
    {ε} or ∅ (plebby's exporter numbers the one initial state 0)."""
    from attnlogic.automata.pleb import read_att_projection
    if not any(len(line.split()) >= 3 for line in text.splitlines()):
        finals = {line.split()[0] for line in text.splitlines() if line.split()}
        return (rational.epsilon if "0" in finals else rational.empty)(alphabet)
    d = read_att_projection(text)
    n = d.n_states
    rows = [[int(d.transitions[q][d.alphabet.index(a)]) if a in d.alphabet else n for a in alphabet]
            for q in range(n)] + [[n] * len(alphabet)]
    return DFA(alphabet, rows, d.initial, [int(q) for q in range(n) if d.accepting[q]])


@pytest.mark.parametrize("script", sorted((LTK_ANSWERS.parent / "scripts").glob("*.plebby"))
                         + sorted((LTK_ANSWERS.parent / "ltk_examples").glob("*.plebby")), ids=lambda p: p.stem)
def test_scripts_read_as_plebby_reads_them(script):
    # each plebby command that changes the bindings, and LTK's own example scripts (stress
    # patterns: a universe set and restricted, imports from plebFiles/), against what
    # plebby 1.3 wrote
    ours = read_dfa_file(str(script))
    assert equivalent(ours, _written_by_plebby(script.with_suffix(".att").read_text(), ours.alphabet))


def test_nested_compound_factors_have_the_flattened_meaning():
    # pleb(5)'s grammar nests .<…> and ..<…>; the meaning is that of plebby's evaluator on
    # such a tree: the blocks joined in order, only the outermost first head anchor kept
    nested = read_pleb(SYMS + "..<.<%|<a>, <b>>, <c>>", script=False)
    flat = read_pleb(SYMS + "..<%|<a b>, <c>>", script=False)
    assert equivalent(nested, flat) and equivalent(flat, regex_to_dfa("ab(a|b|c)*c(a|b|c)*", ("a", "b", "c")))
