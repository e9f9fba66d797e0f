"""HOA as the format's specification (HOA v1, adl.github.io/hoaf) writes it: implicit labels,
``Alias:``, state labels, nested comments and white space anywhere — each read as exactly
its language or refused (issue 39).  The files are written by hand in the specification's
and Spot's shapes; the expected languages are built independently, from the valuation each
letter names."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attnlogic.automata.dfa import DFA
from attnlogic.automata.io import from_hoa, read_dfa_text
from attnlogic.automata.propositions import valuation_letters
from attnlogic.cli import main
from attnlogic.kernel.errors import FileFormatError


def _same_language(a: DFA, b: DFA) -> bool:
    return a.alphabet == b.alphabet and a.minimal() == b.minimal()


def _dfa_over(aps, rows, finals, initial=0) -> DFA:
    """The DFA whose row q lists the target of each valuation v (AP j true iff bit j of v)."""
    return DFA(valuation_letters(aps), rows, initial, finals)


# The specification's "State-based Rabin acceptance and implicit labels", with the
# finite-word condition 1 Inf(0) in place of Rabin: state 0 on !a&!b goes to 2, on a&!b
# stays, on b goes to 1; 1 and 2 loop.  Its comments, state names, "{ 0 }" with spaces and
# four edges on one line are the specification's.
SPEC_IMPLICIT = """HOA: v1
States: 3
Start: 0
acc-name: Buchi
Acceptance: 1 Inf(0)
AP: 2 "a" "b"
--BODY--
State: 0 "a U b" { 0 }
  2  /* !a  & !b */
  0  /*  a  & !b */
  1  /* !a  &  b */
  1  /*  a  &  b */
State: 1 { 0 }
  1 1 1 1       /* four transitions on one line */
State: 2 "sink state"
  2 2 2 2
--END--
"""

SPEC_EXPLICIT = """HOA: v1
States: 3
Start: 0
acc-name: Buchi
Acceptance: 1 Inf(0)
AP: 2 "a" "b"
--BODY--
State: 0 {0}
[!0 & !1] 2
[0 & !1] 0
[1] 1
State: 1 {0}
[t] 1
State: 2
[t] 2
--END--
"""


def test_implicit_labels_are_the_valuations_in_order():
    d = from_hoa(SPEC_IMPLICIT)
    want = _dfa_over(["a", "b"], [[2, 0, 1, 1], [1, 1, 1, 1], [2, 2, 2, 2]], [0, 1])
    assert d.alphabet == ("!a&!b", "a&!b", "!a&b", "a&b")
    assert _same_language(d, want) and _same_language(d, from_hoa(SPEC_EXPLICIT))
    assert d.accepts([]) and d.accepts(["a&!b", "!a&b", "!a&!b"]) and not d.accepts(["!a&!b"])


def test_the_ith_implicit_edge_is_the_valuation_with_bits_of_i():
    """Three APs: edge i goes to state i (each a dead end, final iff i is odd); the letter
    printed for the valuation i names exactly the APs whose bit is set in i."""
    body = "State: 0\n" + " ".join(str(i + 1) for i in range(8)) + "\n" + \
           "".join(f"State: {i + 1}{' {0}' if i % 2 else ''}\n" for i in range(8))
    text = ('HOA: v1\nStates: 9\nStart: 0\nAP: 3 "p" "q" "r"\nAcceptance: 1 Inf(0)\n'
            "properties: implicit-labels state-acc\n--BODY--\n" + body + "--END--\n")
    d = from_hoa(text)
    for i, letter in enumerate(d.alphabet):
        true = {lit for lit in letter.split("&") if not lit.startswith("!")}
        assert true == {p for j, p in enumerate("pqr") if (i >> j) & 1}
        assert d.accepts([letter]) == bool(i % 2)


# Spot's `autfilt -Hi` output folded by `fmt` (as in Spot's own tests): header items and
# states share lines, edges with their marks run on
SPOT_FOLDED = """HOA: v1 name: "Fa" States: 2 Start: 0 AP: 1 "a" acc-name: Buchi
Acceptance: 1 Inf(0) properties: implicit-labels trans-acc complete deterministic --BODY--
State: 0 0 1 {0} State: 1 1 {0} 1
{0} --END--"""


def test_spot_implicit_labels_with_edge_marks_folded_by_fmt():
    d = from_hoa(SPOT_FOLDED)
    # accepted iff the last edge is marked: the first a, and every edge after it
    want = DFA(("!a", "a"), [[0, 1], [2, 2], [2, 2]], 0, [1, 2])
    assert _same_language(d, want)
    assert not d.accepts([]) and d.accepts(["!a", "a"]) and not d.accepts(["!a"])


# The specification's "TGBA with explicit labels using aliases", with 1 Inf(0) on the
# edges: a word is accepted iff its last valuation has a
SPEC_ALIASES = """HOA: v1
name: "last letter has a"
States: 1
Start: 0
acc-name: Buchi
Acceptance: 1 Inf(0)
AP: 3 "a" "b" "c"
Alias: @a 0
Alias: @bc 1 & 2
--BODY--
State: 0
[!@a & !@bc] 0
[@a & !@bc]  0 {0}
[!@a & @bc]  0
[@a & @bc]   0 {0}
--END--
"""


def test_aliases_read_as_their_expressions():
    d = from_hoa(SPEC_ALIASES)
    expanded = (SPEC_ALIASES.replace("Alias: @a 0\nAlias: @bc 1 & 2\n", "")
                .replace("@bc", "(1 & 2)").replace("@a", "0"))
    assert _same_language(d, from_hoa(expanded))
    for letter in d.alphabet:
        assert d.accepts(["!a&!b&!c", letter]) == (not letter.startswith("!a"))


def test_aliases_may_use_earlier_aliases_and_come_after_ap():
    """The specification's alias example (@c := @ps|@a2), AP: declared after the aliases."""
    text = ('HOA: v1\nAlias: @a 0\nAlias: @ps 1\nAlias: @a2 2\nAlias: @c @ps|@a2\n'
            'States: 2\nStart: 0\nAcceptance: 1 Inf(0)\nAP: 3 "a" "b" "c"\n--BODY--\n'
            "State: 0\n[@c & !@a] 1\nState: 1 {0}\n--END--\n")
    d = from_hoa(text)
    for v, letter in enumerate(d.alphabet):
        assert d.accepts([letter]) == (bool(v & 0b110) and not v & 1)


def test_state_labels_label_every_edge_leaving_the_state():
    text = ('HOA: v1\nStates: 2\nStart: 0\nAP: 1 "a"\nAcceptance: 1 Inf(0)\n--BODY--\n'
            "State: [0] 0\n1\nState: [!0] 1 {0}\n1\n--END--\n")
    explicit = ('HOA: v1\nStates: 2\nStart: 0\nAP: 1 "a"\nAcceptance: 1 Inf(0)\n--BODY--\n'
                "State: 0\n[0] 1\nState: 1 {0}\n[!0] 1\n--END--\n")
    assert _same_language(from_hoa(text), from_hoa(explicit))
    assert from_hoa(text).accepts(["a", "!a", "!a"]) and not from_hoa(text).accepts(["a", "a"])


def test_nested_comments_and_strings_with_comment_marks():
    text = SPEC_EXPLICIT.replace("States: 3", 'States: /* a /* nested */ comment */ 3').replace(
        "State: 2", 'State: 2 "a /* not a comment"')
    assert _same_language(from_hoa(text), from_hoa(SPEC_EXPLICIT))
    assert _same_language(read_dfa_text("\ufeff" + SPEC_EXPLICIT), from_hoa(SPEC_EXPLICIT))   # a BOM


@pytest.mark.parametrize("edit, field, words", [
    # implicit labels: exactly 2^a unlabelled edges, never mixed with labelled ones
    ((SPEC_IMPLICIT, "  1 1 1 1 ", "  1 1 1 "), "--BODY-- line", "need exactly 2^2 = 4"),
    ((SPEC_IMPLICIT, "  2 2 2 2", "  [t] 2 2 2 2"), "--BODY-- line", "implicit labels"),
    ((SPEC_EXPLICIT, "[t] 2", "[t] 2\n2"), "--BODY-- line", "implicit labels"),
    # aliases: defined once, before use, and every alias named in a label defined
    ((SPEC_ALIASES, "Alias: @bc 1 & 2", "Alias: @bc 1 & 2\nAlias: @a 1"), "Alias", "defined twice"),
    ((SPEC_ALIASES, "Alias: @a 0\nAlias: @bc 1 & 2", "Alias: @bc @a & 2\nAlias: @a 0"), "Alias",
     "@a is not defined"),
    ((SPEC_ALIASES, "[@a & @bc]", "[@a & @cb]"), "--BODY-- line", "@cb is not defined"),
    ((SPEC_ALIASES, "Alias: @a 0", "Alias: @a 3"), "Alias", "names AP 3"),
    ((SPEC_ALIASES, "Alias: @a 0", "Alias: @a 0 &"), "Alias", "cannot read guard"),
    # state labels: the edges of a labelled state have none of their own
    ((SPEC_EXPLICIT, "State: 1 {0}\n[t] 1", "State: [t] 1 {0}\n[t] 1"), "--BODY-- line", "has a label"),
    # what would change the language: other acceptance, alternation, unknown Upper-case items
    ((SPEC_IMPLICIT, "Acceptance: 1 Inf(0)", "Acceptance: 2 (Fin(0) & Inf(1))"), "Acceptance",
     "only '1 Inf(0)'"),
    ((SPEC_IMPLICIT, "Acceptance: 1 Inf(0)\n", ""), "Acceptance", "missing"),
    ((SPEC_EXPLICIT, "[t] 2", "[t] 2 & 1"), "--BODY-- line", "alternating"),
    ((SPEC_EXPLICIT, "Start: 0", "Start: 0 & 1"), "Start", "several initial states"),
    ((SPEC_EXPLICIT, "Start: 0", "Start: 0\nStart: 1"), "Start", "several initial states"),
    ((SPEC_EXPLICIT, "AP:", "Guarantee: 1\nAP:"), "Guarantee", "upper-case"),
    ((SPEC_EXPLICIT, "States: 3", "States: 3\nStates: 3"), "States", "given twice"),
    ((SPEC_EXPLICIT, "HOA: v1", "HOA: v2"), "HOA", "only v1"),
    ((SPEC_EXPLICIT, "State: 2\n", "State: 1\n"), "--BODY-- line", "listed twice"),
    ((SPEC_EXPLICIT, "[t] 2\n", "[t] 2 --ABORT--\n"), "--BODY-- line", "aborted"),
    ((SPEC_EXPLICIT, "States: 3", "States: /* open"), "line", "never closed"),
    ((SPEC_EXPLICIT, "[0 & !1] 0", "[" + "(" * 101 + "0" + ")" * 101 + "] 0"), "--BODY-- line",
     "nested deeper than 100"),
])
def test_what_cannot_be_read_exactly_is_refused(edit, field, words):
    text, old, new = edit
    assert old in text
    with pytest.raises(FileFormatError) as err:
        from_hoa(text.replace(old, new, 1))
    assert err.value.field.startswith(field) and words in str(err.value), str(err.value)


def test_one_hot_refuses_implicit_labels_it_would_lose():
    with pytest.raises(FileFormatError, match="implicit label 0 .* would be lost"):
        from_hoa(SPEC_IMPLICIT, one_hot=True)


def test_the_command_line_reads_them_and_refuses_in_one_line(tmp_path, capsys):
    good, bad = tmp_path / "implicit.hoa", tmp_path / "bad.hoa"
    good.write_text(SPEC_IMPLICIT)
    bad.write_text(SPEC_ALIASES.replace("[@a & @bc]", "[@a & @cb]"))
    assert main(["dfa", "--dfa", str(good)]) == 0
    assert read_dfa_text(capsys.readouterr().out) == from_hoa(SPEC_IMPLICIT).minimal()
    assert main(["dfa", "--dfa", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"attnlogic dfa: error: {bad}: field '--BODY-- line 6': the alias @cb is not defined")


def _spaced(tokens: list[str], rng: random.Random) -> str:
    """The tokens joined by random white space and comments (the format allows both between
    any two tokens)."""
    out = []
    for tok in tokens:
        out.append(tok)
        out.append(rng.choice([" ", "\n", "  ", "\t", " /* c */ ", "/*/* n */*/", "\n\n"]))
    return "".join(out)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2), st.integers(1, 4), st.randoms(use_true_random=False), st.booleans())
def test_random_automata_written_implicitly_or_with_aliases_read_back(n_aps, n, rng, implicit):
    """A random DFA over the valuations of 1-2 APs, written by this test with implicit labels or
    with an alias per AP (and its negation), in random layouts: read back as itself."""
    aps = ["p", "q"][:n_aps]
    k = 2 ** n_aps
    rows = [[rng.randrange(n) for _ in range(k)] for _ in range(n)]
    finals = [q for q in range(n) if rng.random() < 0.5]
    tokens = ["HOA:", "v1", "States:", str(n), "Start:", "0", "AP:", str(n_aps), *[f'"{p}"' for p in aps],
              "Acceptance:", "1", "Inf(0)"]
    if not implicit:
        for j in range(n_aps):
            tokens += ["Alias:", f"@x{j}", str(j), "Alias:", f"@n{j}", "!", f"@x{j}"]
    tokens.append("--BODY--")
    for q in range(n):
        tokens += ["State:", str(q)] + (["{0}"] if q in finals else [])
        for v in range(k):
            if not implicit:
                lits = [f"@x{j}" if (v >> j) & 1 else f"@n{j}" for j in range(n_aps)]
                tokens += ["[" + " & ".join(lits) + "]"]
            tokens.append(str(rows[q][v]))
    tokens.append("--END--")
    d = from_hoa(_spaced(tokens, rng))
    assert _same_language(d, _dfa_over(aps, rows, finals))


def test_edges_sharing_a_letter_must_agree_on_target_and_mark():
    """Two edges of a state taken by one valuation: the same target (and mark) is one
    transition; another target, or the same target marked differently (a run accepted and
    a run not), is a nondeterministic automaton, refused at the later edge."""
    head = ('HOA: v1\nStates: 2\nStart: 0\nAP: 2 "a" "b"\nAcceptance: 1 Inf(0)\n--BODY--\n'
            "State: 0\n[0] 1 {0}\n")
    tail = "State: 1\n[t] 1\n--END--\n"
    same = from_hoa(head + "[0 & 1] 1 {0}\n[!0] 0\n" + tail)
    assert same.accepts(["a&b"]) and not same.accepts(["!a&b"])
    for clash in ("[1] 1\n", "[1] 0 {0}\n"):
        with pytest.raises(FileFormatError) as err:
            from_hoa(head + clash + tail)
        assert err.value.field == "--BODY-- line 4" and "two transitions on letter 'a&b'" in str(err.value)


# The specification's examples that are written with `Acceptance: 1 Inf(0)` already, verbatim
SPEC_WRING = """HOA: v1
name: "GFa"
States: 2
Start: 0
Start: 1
acc-name: Buchi
Acceptance: 1 Inf(0)
AP: 1 "a"
--BODY--
State: [0] 0 {0}
  0 1
State: [!0] 1
  0 1
--END--
"""

SPEC_TRANSITION_BUCHI = """HOA: v1
States: 3
Start: 0
acc-name: Buchi
Acceptance: 1 Inf(0)
AP: 1 "a"
--BODY--
State: 0
 [0] 1
 [!0]  2
State: 1  /* former state 0 */
 [0] 1 {0}
 [!0] 2 {0}
State: 2  /* former state 1 */
 [0] 1
 [!0] 2
--END--
"""

SPEC_MIXED = """HOA: v1
name: "GFa | G(b <-> Xa)"
Start: 0
acc-name: Buchi
Acceptance: 1 Inf(0)
AP: 2 "a" "b"
properties: explicit-labels trans-labels
--BODY--
State: 0
 [t] 1
 [1] 2
 [!1] 3
State: 1 "GFa"
 [0] 1 {0}
 [!0] 1
State: 2 "a & G(b <-> Xa)" {0}
 [0&1] 2
 [0&!1] 3
State: 3 "!a & G(b <-> Xa)" {0}
 [!0&1] 2
 [!0&!1] 3
--END--
"""


def test_the_specifications_own_inf0_examples():
    """Its transition-based Büchi automaton is deterministic: read with the finite-word
    convention, a word is accepted iff its last edge leaves state 1, i.e. iff it has two
    letters or more and its last but one is a (checked on every word up to length 5).
    Its Wring-style automaton (two Start: lines, state labels) and its automaton mixing
    state and edge marks (and nondeterministic at state 0) are refused."""
    import itertools

    d = from_hoa(SPEC_TRANSITION_BUCHI)
    assert d.alphabet == ("!a", "a")
    for n in range(6):
        for w in itertools.product(d.alphabet, repeat=n):
            assert d.accepts(list(w)) == (n >= 2 and w[-2] == "a"), w
    with pytest.raises(FileFormatError, match="several initial states"):
        from_hoa(SPEC_WRING)
    with pytest.raises(FileFormatError, match="two transitions|both states and edges"):
        from_hoa(SPEC_MIXED)
    with pytest.raises(FileFormatError, match="two transitions"):     # trans-acc variant: [t] 1, [1] 2
        from_hoa(SPEC_MIXED.replace(" {0}\n [0&1] 2\n [0&!1] 3", "\n [0&1] 2 {0}\n [0&!1] 3 {0}")
                 .replace(" {0}\n [!0&1] 2\n [!0&!1] 3", "\n [!0&1] 2 {0}\n [!0&!1] 3 {0}"))
