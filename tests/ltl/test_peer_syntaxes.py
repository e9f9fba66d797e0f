"""The peers' whole syntaxes (``--syntax ltlf2dfa``, ``pylogics``, ``spot``): chains with each
peer's associativity, pylogics' documented examples verbatim (and, where pylogics is
installed, the same languages as pylogics' own parse trees), bad input located with a caret
and exit status 2, and every door over propositions keeping every valuation by default."""

from __future__ import annotations

import itertools
import json

import pytest

from attnlogic.automata.from_formula import formula_to_dfa
from attnlogic.automata.propositions import valuation_letters
from attnlogic.automata.sources import load_language
from attnlogic.cli import main
from attnlogic.kernel.errors import ParseError
from attnlogic.ltl import accepts, parse
from attnlogic.ltl import formula as F
from attnlogic.ltl.foreign import FOREIGN_SYNTAXES, SYNTAXES


#: chains and their grouping, by peer
CHAINS = {
    # ltlf2dfa: -> folds left, U and R nest right (its LTLfImplies / LTLfUntil / LTLfRelease)
    "ltlf2dfa": [
        ("X a -> b -> c", "(X a -> b) -> c"),
        ("a U b U c", "a U (b U c)"),
        ("a R b R c", "a R (b R c)"),
        ("a S b S c", "a S (b S c)"),
        ("a U b R c", "a U (b R c)"),            # R binds tighter than U
        ("a -> b -> c", "(a -> b) -> c"),
    ],
    # Spot: -> and <-> one level nesting right; | < xor < &; U R W M nest right
    "spot": [
        ("a -> b -> c", "a -> (b -> c)"),
        ("a <-> b <-> c", "a <-> (b <-> c)"),
        ("a -> b <-> c", "a -> (b <-> c)"),
        ("a | b xor c & d", "a | (b xor (c & d))"),
        ("a U b W c", "a U (b W c)"),
        ("GFa", "G(F(a))"),
        ("Xa1 & F1", "X(a1) & F1"),               # F followed by a digit is an atom
    ],
    # pylogics: -> nests right (Implies), <-> folds left (Equivalence), W < U < R < M
    "pylogics": [
        ("a -> b -> c", "a -> (b -> c)"),
        ("a >> b", "a -> b"),
        ("a <-> b <-> c", "(a <-> b) <-> c"),
        ("a W b U c", "a W (b U c)"),
        ("a U b R c M d", "a U (b R (c M d))"),
        ("a S b S c", "a S (b S c)"),
    ],
}


@pytest.mark.parametrize("syntax, chain, grouped",
                         [(syntax, c, g) for syntax, rows in CHAINS.items() for c, g in rows])
def test_chains_parse_with_the_peers_associativity(syntax, chain, grouped):
    assert parse(chain, syntax=syntax) is parse(grouped, syntax=syntax)


def test_ltlf2dfa_equivalence_chains_say_all_operands_are_equal():
    f = parse("X a <-> b <-> c", syntax="ltlf2dfa")
    g = parse("(X a & b & c) | (!X a & !b & !c)", syntax="ltlf2dfa")
    letters = valuation_letters(("a", "b", "c"))
    assert formula_to_dfa(f, ["a", "b", "c", "z"]) == formula_to_dfa(g, ["a", "b", "c", "z"])
    assert load_language(formula="X a <-> b <-> c", syntax="ltlf2dfa").dfa.alphabet == letters


def test_next_is_strong_in_ltlf2dfa_and_weak_in_spot_and_pylogics():
    strong, weak = F.Next(F.Atom("a")), F.WeakNext(F.Atom("a"))
    assert parse("X a", syntax="ltlf2dfa") is strong and parse("WX a", syntax="ltlf2dfa") is weak
    assert parse("X(a)", syntax="pylogics") is weak and parse("X[!](a)", syntax="pylogics") is strong
    assert parse("X[!] a", syntax="spot") is strong


def test_spot_words_are_never_empty():
    for text in ("X a", "G a", "!a", "a R b", "true"):
        f = parse(text, syntax="spot")
        assert not accepts(f, []), text
        assert accepts(parse(text, syntax="ltlf2dfa"), []) == (text != "X a"), text   # ltlf2dfa's convention


def test_mixed_case_and_quoted_atoms():
    assert parse("F eNsP", syntax="spot") is F.Eventually(F.Atom("eNsP"))
    assert parse('F "foo bar"', syntax="spot") is F.Eventually(F.Atom("foo bar"))
    assert parse('F "foo bar"', syntax="pylogics") is F.Eventually(F.Atom("foo bar"))
    assert parse("F(eNsP)", syntax="pylogics") is F.Eventually(F.Atom("eNsP"))
    with pytest.raises(ParseError, match="no upper-case letter anywhere"):
        parse("F eNsP", syntax="ltlf2dfa")


# pylogics' docs/parsing.md, verbatim: parse_pl, parse_ltl, parse_pltl examples
PYLOGICS_EXAMPLES = {
    "pl": ["a", "b", "a & b", "a | b", "a >> b", "a <-> b", "a <-> a", "!(a)", "true | false", "true & false"],
    "ltl": ["tt", "ff", "true", "false", "a", "b", "X(a)", "X[!](b)", "F(a)", "G(b)", "G(a -> b)", "a U b",
            "a R b", "a W b", "a M b"],
    "pltl": ["tt", "ff", "true", "false", "a", "b", "Y(a)", "O(b)", "H(a)", "a S b"],
}


@pytest.mark.parametrize("logic, text", [(k, t) for k, v in PYLOGICS_EXAMPLES.items() for t in v])
def test_pylogics_documented_examples_parse_verbatim(logic, text):
    f = parse(text, syntax="pylogics")
    assert F.is_future(f) == (logic == "ltl" and any(op in text for op in "XFGURWM"))


def _from_pylogics(obj):
    """Our formula of a pylogics parse tree (written here from pylogics' class names;
    n-ary Implies nests right, Equivalence folds left, as pylogics' own semantics)."""
    name = type(obj).__name__
    if name == "Atomic":
        return F.Atom(str(obj.name).strip('"'))
    if name in ("PropositionalTrue", "LogicalTrue", "TrueFormula"):
        return F.TRUE
    if name in ("PropositionalFalse", "LogicalFalse", "FalseFormula"):
        return F.FALSE
    if name == "Not":
        return F.Not(_from_pylogics(obj.argument))
    unary = {"Next": F.Next, "WeakNext": F.WeakNext, "Eventually": F.Eventually, "Always": F.Always,
             "Before": F.Yesterday, "Once": F.Once, "Historically": F.Historically}
    if name in unary:
        return unary[name](_from_pylogics(obj.argument))
    ops = [_from_pylogics(x) for x in obj.operands]
    if name in ("And", "Or"):
        out = ops[0]
        for x in ops[1:]:
            out = (F.And if name == "And" else F.Or)(out, x)
        return out
    if name == "Equivalence":
        out = ops[0]
        for x in ops[1:]:
            out = F.Iff(out, x)
        return out
    build = {"Implies": F.Implies, "Until": F.Until, "Release": F.Release, "Since": None,
             "WeakUntil": lambda x, y: F.Or(F.Until(x, y), F.Always(x)),
             "StrongRelease": lambda x, y: F.Until(y, F.And(x, y))}[name]
    if name == "Since":
        def build(x, y):
            return F.Or(y, F.And(x, F.Since(x, y)))
    out = ops[-1]
    for x in reversed(ops[:-1]):
        out = build(x, out)
    return out


@pytest.mark.parametrize("text", ["X(a) & X[!](b)", "G(a -> b) -> a U b U c", "a W b U c", "a M b R c",
                                  "F(a) <-> G(b) <-> X(c)", "a >> b >> X(c)", "!(a U (b M c))",
                                  'F("x") & G(a_b-c)', "H(a) S b S Y(c)", "O(a) >> H(b) >> c", "a <-> b <-> c"])
def test_same_language_as_pylogics_own_parse_tree(text):
    parsers = pytest.importorskip("pylogics.parsers", reason="pylogics is not installed (pip install pylogics)")
    ours = parse(text, syntax="pylogics")
    if F.is_future(ours):
        tree = _from_pylogics(parsers.parse_ltl(text))
        letters = sorted(tree.atoms | {"z"})
        assert formula_to_dfa(ours, letters) == formula_to_dfa(tree, letters), text
        return
    tree = _from_pylogics(parsers.parse_pltl(text))      # read at the last letter, the empty trace aside
    words = [w for n in range(1, 5) for w in itertools.product(sorted(tree.atoms | {"z"}), repeat=n)]
    assert [accepts(ours, list(w)) for w in words] == [accepts(F.Yesterday(tree), list(w)) for w in words]


@pytest.mark.parametrize("syntax, text, column, words", [
    ("ltlf2dfa", "G(a -> F eNsP)", 10, "no upper-case letter anywhere"),
    ("ltlf2dfa", "a U", 4, "end of the formula"),
    ("spot", "G (a -> F[1..3] b)", 10, "bounded operators"),
    ("spot", "a U U b", 5, "expected a formula"),
    ("pylogics", "Fa", 1, "unknown word 'Fa'"),
    ("pylogics", "end", 1, "does not use it"),
    ("ltlf2dfa", "F a & O b", 7, "mixes past and future"),
])
def test_bad_input_is_located_with_a_caret_and_exit_2(capsys, syntax, text, column, words):
    assert main(["parse", "--syntax", syntax, text]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"attnlogic parse: error: formula, column {column}: ") and words in err[0], err
    assert err[2] == "  " + " " * (column - 1) + "^"


def test_syntax_choices_of_the_command_line_are_the_library_s():
    from attnlogic.commands._common import SYNTAX_CHOICES
    assert SYNTAX_CHOICES == SYNTAXES


# -- every door over propositions keeps every valuation ---------------------------------------
_BOTH = {"ltlf2dfa": "F(a & b)", "pylogics": "F(a & b)", "spot": "F(a & b)"}
_BOTH_PAST = {"ltlf2dfa": "O(a & b)", "pylogics": "O(a & b)"}


@pytest.mark.parametrize("syntax, text", list(_BOTH.items()) + list(_BOTH_PAST.items()))
def test_every_valuation_is_a_letter_by_default(syntax, text):
    lang = load_language(formula=text, syntax=syntax)
    assert lang.dfa.alphabet == valuation_letters(("a", "b")) and lang.notices == ()
    assert lang.dfa.accepts(["a&b"]) and not lang.dfa.accepts(["a&!b", "!a&b"])


@pytest.mark.parametrize("syntax", FOREIGN_SYNTAXES)
def test_the_commands_keep_every_valuation_and_one_hot_names_what_it_drops(capsys, syntax):
    text = _BOTH[syntax]
    assert main(["dfa", "--syntax", syntax, text]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["alphabet"] == list(valuation_letters(("a", "b"))) and out.err == ""
    assert main(["classify", "--syntax", syntax, text, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["alphabet"] == list(valuation_letters(("a", "b")))
    assert main(["eval", "--syntax", syntax, text, "a&b", "a,b"]) == 0
    assert capsys.readouterr().out.split() == ["a&b", "accept", "a,b", "reject"]
    assert main(["dfa", "--syntax", syntax, text, "--one-hot"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["alphabet"] == ["a", "b"]
    assert "2 valuation(s)" in out.err and "!a&!b, a&b" in out.err


_HOA = ('HOA: v1\nStates: 2\nStart: 0\nAP: 2 "a" "b"\nAcceptance: 1 Inf(0)\n--BODY--\nState: 0\n'
        '[!0&!1] 0\n[0&!1] 0\n[!0&1] 0\n[0&1] 1\nState: 1 {0}\n[t] 1\n--END--\n')


def test_the_doors_over_propositions_agree_on_one_language(tmp_path):
    """'Some position has a and b': a HOA file, LTLf in each tool's syntax and PPLTL, all
    read by default over the four valuations, are one minimal DFA."""
    path = tmp_path / "both.hoa"
    path.write_text(_HOA)
    want = load_language(dfa=str(path)).dfa
    assert want.alphabet == valuation_letters(("a", "b"))
    for syntax, text in list(_BOTH.items()) + list(_BOTH_PAST.items()):
        assert load_language(formula=text, syntax=syntax).dfa == want, (syntax, text)


def test_simplify_is_refused_where_atoms_are_propositions(capsys):
    assert main(["parse", "--syntax", "ltlf2dfa", "O(a & b)", "--simplify"]) == 2
    assert "propositions, which may hold together" in capsys.readouterr().err


def test_an_ltlf_language_is_classified_from_its_dfa():
    from attnlogic import classify
    lang = load_language(formula="F a", syntax="spot")
    assert lang.formula is None and lang.dfa.alphabet == ("!a", "a")
    result = classify(lang.dfa)
    assert result["LTL[P]"].member and result["LTL[P]"].formula is not None


def test_check_without_a_model_does_not_read_another_syntax_as_ours(capsys):
    assert main(["check", "--syntax", "ltlf2dfa", "a S b"]) == 2
    assert "compile it first" in capsys.readouterr().err


def test_the_compiler_refuses_an_ltlf_formula_and_names_the_way_through_its_language():
    pytest.importorskip("torch")
    from attnlogic.compiler import compile_formula
    from attnlogic.kernel.errors import InputError
    with pytest.raises(InputError, match="compiled through its language"):
        compile_formula(parse("F a", syntax="spot"), ["!a", "a"])


@pytest.mark.parametrize("text", ['F "foo bar" & G b', 'F "!x"', "F(a-b)"])
def test_a_proposition_that_cannot_name_a_valuation_is_refused_not_misread(text):
    from attnlogic.kernel.errors import InputError
    syntax = "pylogics" if "a-b" in text else "spot"
    with pytest.raises(InputError, match="cannot name a valuation letter"):
        load_language(formula=text, syntax=syntax)
    one_hot = load_language(formula=text, syntax=syntax, one_hot=True)
    assert one_hot.notices and set(one_hot.dfa.alphabet) == parse(text, syntax=syntax).atoms


def test_a_formula_without_propositions_needs_its_letters():
    from attnlogic.kernel.errors import InputError
    with pytest.raises(InputError, match="names no proposition"):
        load_language(formula="X true", syntax="ltlf2dfa")
    d = load_language(formula="X true", syntax="ltlf2dfa", alphabet=["z"]).dfa
    assert [d.accepts(["z"] * n) for n in range(3)] == [False, False, True]


@pytest.mark.parametrize("syntax, text", [("ltlf2dfa", "X true"), ("spot", 'F "foo bar"')])
def test_parse_prints_a_formula_whose_letters_are_not_yet_known(capsys, syntax, text):
    assert main(["parse", "--syntax", syntax, text, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["fragment"] == "LTLf"
