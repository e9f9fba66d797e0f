"""Reading back every format we write and what neighbouring tools write: format detection,
HOA with Spot-style labels, DOT, MONA DOT, AT&T/OpenFst text, standard input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings

from attnlogic.automata.dfa import DFA
from attnlogic.automata.io import (detect_format, dfa_to_json, from_att, from_dot, from_hoa,
                                   read_dfa_text, to_dot, to_hoa)
from attnlogic.automata.operations import equivalent
from attnlogic.automata.regex import regex_to_dfa
from attnlogic.automata.sources import load_language
from attnlogic.automata.strategies import dfas
from attnlogic.kernel.errors import FileFormatError

ENDS_AB = regex_to_dfa("(a|b)*ab")

# Σ*ab over the APs a, b, written by hand the way Spot prints labels: a letter is the
# valuation with exactly its AP true, so [!0] is the letter b and [0&!1] the letter a
SPOT_ENDS_AB = """HOA: v1
name: "ends with ab"
States: 3
Start: 0
AP: 2 "a" "b"
acc-name: Buchi
Acceptance: 1 Inf(0)
properties: trans-labels explicit-labels state-acc
--BODY--
State: 0 "start"
[0&!1] 1
[!0] 0
State: 1
[0 | (0 & 1)] 1  /* a */
[1] 2
State: 2 {0}
[t & 0] 1
[!0&1] 0
--END--
"""


@settings(max_examples=60, deadline=None)
@given(dfas(max_states=6, max_letters=3))
def test_every_written_format_reads_back_to_the_same_language(d):
    for text in (dfa_to_json(d), to_hoa(d), to_dot(d)):
        back = read_dfa_text(text)
        assert back.alphabet == d.alphabet and back.minimal() == d.minimal()


def test_detection_by_content():
    assert [detect_format(t) for t in (dfa_to_json(ENDS_AB), to_hoa(ENDS_AB), to_dot(ENDS_AB),
                                       "digraph MONA_DFA {\n init -> 1;\n}", "0 1 a\n1\n")] == \
           ["json", "hoa", "dot", "mona-dot", "att"]


def test_spot_style_hoa_is_read_over_valuations_by_default_and_one_hot_when_asked():
    # over valuations, state 1's [0 | (0 & 1)] and [1] are both taken by a&b: refused,
    # naming the line, never read as a smaller language
    with pytest.raises(FileFormatError, match="two transitions on letter 'a&b'"):
        from_hoa(SPOT_ENDS_AB)
    one_hot = from_hoa(SPOT_ENDS_AB, one_hot=True)
    assert one_hot.alphabet == ("a", "b") and equivalent(one_hot, ENDS_AB)
    assert one_hot.accepts("bab") and not one_hot.accepts("aba") and not one_hot.accepts("")


# "some position had a and b both true", as Spot would write it over the APs a, b
SPOT_BOTH = """HOA: v1
States: 2
Start: 0
AP: 2 "a" "b"
acc-name: Buchi
Acceptance: 1 Inf(0)
properties: trans-labels explicit-labels state-acc deterministic
--BODY--
State: 0
[!0&!1] 0
[0&!1] 0
[!0&1] 0
[0&1] 1
State: 1 {0}
[t] 1
--END--
"""


def test_hoa_over_two_propositions_keeps_all_four_valuations():
    d = from_hoa(SPOT_BOTH)
    assert d.alphabet == ("!a&!b", "a&!b", "!a&b", "a&b")
    assert d.accepts(["a&!b", "a&b", "!a&!b"]) and not d.accepts(["a&!b", "!a&b", "!a&!b"])
    assert d.minimal().n_states == 2
    # the one-hot reading would lose the [!0&!1] and [0&1] edges: refused, naming the line
    with pytest.raises(FileFormatError, match="line 3.*would be lost|would be lost") as err:
        from_hoa(SPOT_BOTH, one_hot=True)
    assert "[!0&!1]" in str(err.value)
    # formulas over the valuation letters may use the propositions as atoms
    lang = load_language(formula="P (a & b) | (a & b)", alphabet=d.alphabet)
    assert lang.dfa == load_language(dfa=d).dfa
    assert load_language(formula='Y "a&b"', alphabet=d.alphabet).dfa.accepts(["a&b"])


def test_hoa_transition_based_acceptance_accepts_by_the_last_edge():
    text = SPOT_ENDS_AB.replace("State: 2 {0}", "State: 2").replace("[1] 2", "[1] 2 {0}")
    d = from_hoa(text, one_hot=True)
    assert equivalent(d, ENDS_AB) and not d.accepts("")
    with pytest.raises(FileFormatError, match="both states and edges"):
        from_hoa(text.replace("State: 1", "State: 1 {0}"), one_hot=True)


@pytest.mark.parametrize("edit, field, words", [
    (("[!0] 0", "[!0] 0\n[t] 2"), "--BODY-- line", "two transitions"),
    (("[1] 2", "[1] 2 {1}"), "--BODY-- line", "is not 0"),
    (("[1] 2", "1 2"), "--BODY-- line", "implicit labels"),
    (("Start: 0", "Start: 0 & 1"), "Start", "several initial states"),
    (("--BODY--", ""), "--BODY--", "missing"),
    (("--END--", ""), "--END--", "missing"),
    (("[1] 2", "[7] 2"), "--BODY-- line", "names AP 7"),
    (("States: 3", "States: 99999999999999"), "States", "more than"),
    (("States: 3", "States: 2"), "--BODY-- line", "out of range"),
    (("Acceptance: 1 Inf(0)", "Acceptance: 2 Inf(0)&Inf(1)"), "Acceptance", "only '1 Inf(0)'"),
])
def test_hoa_refusals_name_the_place(edit, field, words):
    with pytest.raises(FileFormatError) as err:
        from_hoa(SPOT_ENDS_AB.replace(*edit))
    assert err.value.field.startswith(field) and words in str(err.value)


def test_dot_from_elsewhere_without_the_alphabet_comment():
    text = """digraph g {
      s [shape=point];
      q0; q1; q2 [shape=doublecircle];
      s -> q0;
      q0 -> q1 [label="a"]; q0 -> q0 [label="b"];
      q1 -> q1 [label="a"]; q1 -> q2 [label="b"];
      q2 -> q1 [label="a"]; q2 -> q0 [label="b"];
    }"""
    assert equivalent(from_dot(text), ENDS_AB)
    # an alphabet with an extra letter: it goes to the rejecting sink
    d = from_dot(text, alphabet=("a", "b", "c"))
    assert d.accepts("ab") and not d.accepts("cab") and not d.accepts("abc")


def test_att_text_acceptor_transducer_weights_and_partial():
    arcs = "0\t1\ta\n0\t0\tb\n1\t1\ta\n1\t2\tb\n2\t1\ta\n2\t0\tb\n2\n"
    assert equivalent(from_att(arcs), ENDS_AB)
    transducer = "0 1 a a 0.5\n0 0 b b\n1 1 a a\n1 2 b b\n2 1 a a\n2 0 b b\n2 0.25\n"
    assert equivalent(from_att(transducer), ENDS_AB)
    partial = from_att("0 1 a\n1 2 b\n2\n")      # exactly the word ab
    assert partial.accepts("ab") and not partial.accepts("aab") and not partial.accepts("")
    assert not from_att("0 1 a\n1 Infinity\n").accepts("a")    # tropical zero: not final
    numeric = from_att("0 1 1\n1 1 2\n1\n")
    assert numeric.alphabet == ("1", "2") and numeric.accepts(("1", "2", "2"))


@pytest.mark.parametrize("text, words", [
    ("0 1 <eps>\n1\n", "epsilon"), ("0 1 0\n0 1 1\n1\n", "epsilon"),
    ("0 1 a b\n1\n", "transducer"), ("0 1 a\n0 2 a\n1\n", "two transitions"),
    ("hello world\n", "not a DFA in JSON, HOA, DOT or AT&T text"),
])
def test_att_refusals(text, words):
    with pytest.raises(FileFormatError, match=words):
        from_att(text)


def test_a_bare_pleb_expression_is_refused_with_the_way_to_read_it():
    """A pleb expression without a command or assignment line is no AT&T text: refused (exit
    2), saying how pleb is read; an AT&T-looking mistake gets no such hint."""
    with pytest.raises(FileFormatError, match=r"\.pleb or \.plebby"):
        from_att("~\\/{</a /b>, </b /a>}\n")
    with pytest.raises(FileFormatError) as err:
        from_att("hello world\n")
    assert "pleb" not in str(err.value)
    out = _cli("dfa", "--dfa", "-", stdin="~\\/{</a /b>, </b /a>}\n")
    assert out.returncode == 2 and ".plebby" in out.stderr and "Traceback" not in out.stderr
    # and the same expression with an assignment line is read as its language, a* ∪ b*
    ok = _cli("dfa", "--dfa", "-", stdin="=x ~\\/{</a /b>, </b /a>}\nx\n")
    assert ok.returncode == 0, ok.stderr
    d = read_dfa_text(ok.stdout)
    assert [d.accepts(w) for w in ("", "aaa", "bb", "ab", "bba")] == [True, True, True, False, False]


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "attnlogic", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


@pytest.mark.parametrize("fmt", ["hoa", "graphml"])
def test_hoa_and_graphml_through_stdin_classify_like_the_json_route(fmt):
    other = _cli("dfa", "--regex", "(a|b)*ab", "--format", fmt)
    js = _cli("dfa", "--regex", "(a|b)*ab", "--format", "json")
    via_other = _cli("classify", "--dfa", "-", "--json", stdin=other.stdout)
    via_json = _cli("classify", "--dfa", "-", "--json", stdin=js.stdout)
    assert via_other.returncode == via_json.returncode == 0, via_other.stderr
    assert json.loads(via_other.stdout) == json.loads(via_json.stdout)


def test_malformed_graphml_is_one_line_and_exit_2():
    bad = _cli("classify", "--dfa", "-", stdin="<graphml><graph><node id='0'></graph>")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip().count("\n") == 0 and "field 'graphml'" in bad.stderr


def test_hand_written_spot_hoa_classifies_right(tmp_path):
    path = tmp_path / "ends_ab.hoa"
    path.write_text(SPOT_ENDS_AB)
    proc = _cli("classify", "--dfa", str(path), "--json", "--one-hot")
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    want = json.loads(_cli("classify", "--regex", "(a|b)*ab", "--json").stdout)
    assert got == want
    assert got["fragments"]["LTL[Y]"]["member"] is True and got["fragments"]["LTL[P]"]["member"] is False


def test_a_bad_file_in_any_format_is_one_line_exit_2(tmp_path):
    path = tmp_path / "bad.hoa"
    path.write_text(SPOT_ENDS_AB.replace("[1] 2", "[1] 7"))
    proc = _cli("classify", "--dfa", str(path))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "out of range" in proc.stderr, proc.stderr


def test_load_language_reads_a_dot_file(tmp_path):
    path = tmp_path / "l.dot"
    path.write_text(to_dot(DFA(["a", "b"], [[1, 0], [1, 1]], 0, [1])))
    lang = load_language(dfa=str(path))
    assert equivalent(lang.dfa, regex_to_dfa("b*a(a|b)*"))


from hypothesis import strategies as st  # noqa: E402

from attnlogic.kernel.errors import InputError  # noqa: E402

_PIECES = st.sampled_from(["HOA: v1\n", "States: 2\n", "Start: 0\n", 'AP: 1 "a"\n', "--BODY--\n",
                           "State: 0 {0}\n", "State: 1\n", "[0] 1\n", "[!0&t] 0\n", "[0|(] 1\n", "--END--\n",
                           "digraph g {\n", "__start -> 0;\n", '0 -> 1 [label="a"];\n', "1 [shape=doublecircle];\n",
                           "}\n", "init -> 1;\n", '1 -> 1 [label="~a"];\n', "0 1 a\n", "1\n", "1 Infinity\n",
                           "0 1 a b 0.5\n", "² 1 a\n", "{", "null", "\n", "   ", "0 9 <eps>\n"])


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(_PIECES, max_size=14).map("".join)))
def test_any_text_is_a_dfa_or_one_clear_error(text):
    try:
        d = read_dfa_text(text)
    except InputError as exc:          # FileFormatError is an InputError: one line
        assert "\n" not in str(exc)
    else:
        assert isinstance(d, DFA) and d.n_states >= 1
