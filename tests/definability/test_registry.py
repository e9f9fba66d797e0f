"""The open registry of classes (definability/contract/classes.py, definability/engine/registry.py): a class
declared in one place and registered in one line is asked, decided and reported by
classify, with its own certificate and witness kinds, and nothing else changes.

The toy class here is FINITE (the finite languages): not a fragment of LTL, decided by the
classical bound (with n states, L is infinite iff it has a word of length n … 2n−1), its
certificate the list of its words, its witness a word of L that pumps."""

from __future__ import annotations

import itertools
import json

import pytest

from attnlogic.automata.regex import regex_to_dfa
from attnlogic.definability.contract.classes import FORMULA, PAIR, LanguageClass
from attnlogic.definability.engine.classify import classify, questions
from attnlogic.definability.contract.procedure import Procedure
from attnlogic.definability.engine.registry import (CLASSES, class_for, language_class, procedure_for,
                                             register, unregister)
from attnlogic.definability.values.results import FragmentResult
from attnlogic.kernel.errors import InputError
from attnlogic.ltl.fragments import LTL_P, LTL_S, Fragment


class Words:
    """The certificate kind of FINITE: the words of the language."""

    def __init__(self, words):
        self.words = tuple(words)

    def to_json(self):
        return ["".join(w) for w in self.words]


class Finite(Procedure):
    family = "finite"

    def handles(self, key) -> bool:
        return key == "FINITE"

    def decide(self, cls, context, results) -> FragmentResult:
        d = context.dfa
        n = d.n_states
        words = [w for m in range(2 * n) for w in itertools.product(d.alphabet, repeat=m)
                 if d.accepts(w)]
        long = [w for w in words if len(w) >= n]
        if long:
            return FragmentResult(cls, False, None, None, f"infinite: {''.join(long[0])} pumps",
                                  certificate=None)
        return FragmentResult(cls, True, None, None, f"finite: {len(words)} words",
                              certificate=Words(words))


def check_finite(dfa, answer, sep=""):
    """FINITE's own answer check (``LanguageClass.check``), independent of its procedure: a
    "yes" is valid when its words are exactly the accepted words of length < n (n states)
    and no word of length n … 2n−1 is accepted (else the language pumps)."""
    from attnlogic.definability.checks.verify import Check

    n, words = dfa.n_states, answer.get("certificate")
    if answer.get("member") is not True or words is None:
        return Check(False, "only a 'yes' with its words is checked")
    short = {sep.join(w) for m in range(n) for w in itertools.product(dfa.alphabet, repeat=m) if dfa.accepts(w)}
    pumps = any(dfa.accepts(w) for m in range(n, 2 * n) for w in itertools.product(dfa.alphabet, repeat=m))
    return Check(short == set(words) and not pumps, f"{len(short)} words, none of length {n} … {2 * n - 1}")


FINITE = LanguageClass("FINITE", Finite(), certificate="words", witness="pumping word",
                       inclusions=(), default=False, check=check_finite, groups=("toy",),
                       parameters="none", summary="the finite languages (a toy class of the tests)")


@pytest.fixture
def finite():
    register(FINITE)
    try:
        yield FINITE
    finally:
        unregister("FINITE")


def test_a_class_registered_in_one_line_is_classified(finite):
    fin = regex_to_dfa("ab|b|aab", "ab")
    inf = regex_to_dfa("(a|b)*b", "ab")
    plain = classify(fin, windows=(2,))
    c = classify(fin, windows=(2,), classes=["FINITE"])
    assert c.fragments == plain.fragments + (FINITE,)
    assert [r.member for r in c.results[:-1]] == [r.member for r in plain.results]
    r = c["FINITE"]
    assert r.member is True and sorted(r.certificate.to_json()) == ["aab", "ab", "b"]
    assert json.loads(json.dumps(c.to_json()))                       # still one JSON object
    assert classify(inf, windows=(), classes=["FINITE"])["FINITE"].member is False
    assert class_for(FINITE) is FINITE and procedure_for(FINITE) is FINITE.procedure
    assert language_class("FINITE") is FINITE


def test_a_default_class_is_asked_by_every_classification():
    cls = LanguageClass("FINITE", Finite(), "words", "pumping word", default=True)
    register(cls)
    try:
        assert questions((2,))[-1] is cls
        assert classify(regex_to_dfa("ab", "ab"), windows=())["FINITE"].member is True
    finally:
        unregister("FINITE")
    assert "FINITE" not in [c.name for c in CLASSES]
    assert questions((2,))[-1] == "LTL[P,Y<=2]"


def test_the_registry_refuses_what_it_cannot_answer(finite):
    with pytest.raises(InputError):
        register(LanguageClass("FINITE", Finite(), "words", "pumping word"))
    with pytest.raises(InputError) as exc:
        classify(regex_to_dfa("ab", "ab"), classes=["NO-SUCH-CLASS"])
    assert exc.value.parameters == ("classes",)


def test_the_ltl_fragments_are_registered_classes():
    names = [c.name for c in CLASSES]
    assert names[:5] == ["LTL[P]", "LTL[Y]", "LTL[P,Y]", "LTL[S]", "LTL[Y<=k], LTL[P,Y<=k]"]
    for key in questions((2, 3)):
        c = class_for(key)
        assert isinstance(key, Fragment) and c.certificate == FORMULA and c.witness == PAIR
        assert c.procedure.handles(key)
    assert class_for(LTL_P).pattern == LTL_P.pattern and str(class_for(LTL_S).pattern) == "masked_hard"
    assert class_for(LTL_S).includes(LTL_P) is not None
    assert class_for(LTL_P).includes(LTL_S) is None


def test_the_command_line_asks_a_registered_class(finite, capsys):
    from attnlogic.cli import main

    assert main(["classify", "--regex", "ab|b", "--alphabet", "ab", "--class", "FINITE",
                 "--search-budget", "0", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "FINITE" in json.dumps(out) and '"certificate": ["b", "ab"]' in json.dumps(out, ensure_ascii=False)
    assert main(["classify", "P a", "--class", "NO-SUCH-CLASS", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "[command line: --class]" in err[0]


def test_the_census_asks_a_registered_class(finite):
    """The census picks up a class registered in one line, with no other edit: every
    language of at most 2 states over {a, b} answered for FINITE, and the answer agrees with
    an independent test (a language of at most 2 states is infinite iff it has a word of
    length 4 or 5: its accepted lengths are eventually periodic with period ≤ 2 from 2 on)."""
    from attnlogic.definability.census import census

    c = census(2, "ab", windows=(), classes=["FINITE"])
    col = list(c.fragments).index(FINITE)
    assert c.entries and all(e.verdicts[col] is not None for e in c.entries)
    for e in c.entries:
        infinite = any(e.dfa.accepts(w) for m in (4, 5) for w in itertools.product("ab", repeat=m))
        assert e.verdicts[col] is (not infinite), e.dfa
    assert c.count(FINITE, True) == sum(e.verdicts[col] is True for e in c.entries) > 0


def test_verify_checks_a_registered_class_by_its_declared_check(finite, capsys, tmp_path):
    """``verify --class NAME --answer FILE`` runs the ``check`` the class declares: no edit of
    the command for a new class; a tampered answer is refused; a class without a check is
    one line naming --class."""
    from attnlogic.cli import main

    assert main(["classify", "--regex", "ab|b", "--alphabet", "ab", "--class", "FINITE",
                 "--search-budget", "0", "--json", "--no-progress"]) == 0
    answer = tmp_path / "answer.json"
    answer.write_text(capsys.readouterr().out)
    argv = ["verify", "--regex", "ab|b", "--alphabet", "ab", "--class", "FINITE", "--answer", str(answer), "--json"]
    assert main(argv) == 0 and json.loads(capsys.readouterr().out)["valid"] is True
    tampered = json.loads(answer.read_text())
    tampered["classes"]["FINITE"]["certificate"] = ["b"]
    answer.write_text(json.dumps(tampered))
    assert main(argv) == 2 and "differ" in capsys.readouterr().err     # and its deprecated copy not
    del tampered["fragments"]["FINITE"]
    answer.write_text(json.dumps(tampered))
    assert main(argv) == 1 and json.loads(capsys.readouterr().out)["valid"] is False
    # an LTL fragment's answer is checked too (its formula, or the instantiation a "no" carries)
    assert main(["verify", "--regex", "ab|b", "--alphabet", "ab", "--class", "LTL[P]", "--answer", str(answer)]) == 0
    capsys.readouterr()
    from dataclasses import replace
    register(replace(FINITE, name="BARE", check=None, groups=()))
    try:
        bare = tmp_path / "bare.json"
        bare.write_text(json.dumps({"member": True}))
        assert main(["verify", "--regex", "ab|b", "--alphabet", "ab", "--class", "BARE", "--answer",
                     str(bare)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "no answer check of its own" in err[0] and "--class" in err[0]
    finally:
        unregister("BARE")


def test_everything_about_a_class_is_read_from_its_declaration(finite, capsys):
    """One declaration, nothing else edited: its group asks it (``--class toy``), the
    ``--help`` of classify and census lists it with its help line and group, the page lists
    it, the census asks it one language at a time (it names no column of the bulk kernel), and
    its answers carry no order (``parameters="none"``)."""
    from attnlogic.cli import build_parser, main
    from attnlogic.definability.census import check_request
    from attnlogic.definability.census.shards import bulk_class_column
    from attnlogic.definability.engine.registry import GROUPS, class_rows, expand
    from attnlogic.web.jobs import optional_classes

    assert GROUPS["toy"] == ("FINITE",) and expand(["toy"]) == ("FINITE",)
    assert "FINITE" not in GROUPS["subregular"]
    fin = regex_to_dfa("ab|b", "ab")
    assert classify(fin, windows=(), classes=["toy"])["FINITE"].member is True
    assert main(["classify", "--regex", "ab|b", "--alphabet", "ab", "--class", "toy",
                 "--search-budget", "0", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["fragments"]["FINITE"]["member"] is True and "least k" not in json.dumps(out)
    assert ("FINITE", "toy", "none", "words", "pumping word", "one at a time",
            "the finite languages (a toy class of the tests)") in class_rows()
    sub = next(a for a in build_parser()._actions if a.__class__.__name__ == "_SubParsersAction")
    for command in ("classify", "census"):
        text = " ".join(sub.choices[command].format_help().split())
        assert "or toy for FINITE" in text or "or toy for all of them" in text, command
        assert "FINITE = the finite languages (a toy class of the tests)" in text, command
    assert "FINITE" in optional_classes()
    assert bulk_class_column(FINITE) is None
    assert not check_request(2, "ab", windows=(), classes=("toy",)).bulk_only


def test_the_subregular_group_and_the_bulk_columns_are_the_declarations():
    """``--class subregular`` is every class declaring the group, TSL included (it was
    missing while the group was a list typed beside the registry), and each class of the
    group that the bulk kernel decides names its column (its own, or for PLT = dot-depth
    one DD1's); the tier classes beyond TSL are asked one language at a time."""
    from attnlogic.definability.census.batch_classes import CLASSES as KERNEL
    from attnlogic.definability.census.shards import bulk_class_column
    from attnlogic.definability.engine.registry import GROUPS

    group = GROUPS["subregular"]
    assert group == tuple(c.name for c in CLASSES if "subregular" in c.groups)
    assert "TSL" in group and "FO2[<]" in group and "DD1" in group
    assert [str(q) for q in questions((), ["subregular"])] == [str(q) for q in questions(())] + list(group)
    for name in group:
        c = language_class(name)
        if name in KERNEL:
            assert KERNEL[bulk_class_column(c)] == name
        elif c.bulk is not None:
            assert KERNEL[bulk_class_column(c)] == c.bulk
        else:
            assert bulk_class_column(c) is None
    assert language_class("PLT").bulk == "DD1" and language_class("TLT").bulk is None
    assert bulk_class_column(language_class("SL[2]")) is None     # a fixed order: one at a time


# -- a class without an order, through the subregular procedure -------------------------------------
class Missing:
    """The certificate kind of COFINITE: the words outside the language."""

    def __init__(self, words):
        self.words = tuple(words)

    def to_json(self, sep=""):
        return {"kind": "missing words", "words": [sep.join(w) for w in self.words]}

    def text(self, sep=""):
        return "every word but " + (", ".join(sep.join(w) or "ε" for w in self.words) or "none")


def decide_cofinite(dfa, limits=None, certificates=True, context=None):
    """COFINITE by the bound of FINITE on the complement: no rejected word of length n … 2n−1."""
    from attnlogic.definability.subregular import ClassAnswer

    n = dfa.n_states
    out = [w for m in range(2 * n) for w in itertools.product(dfa.alphabet, repeat=m) if not dfa.accepts(w)]
    if any(len(w) >= n for w in out):
        return ClassAnswer(False, "co-infinite: a rejected word pumps")
    return ClassAnswer(True, f"cofinite: {len(out)} words missing", None,
                       Missing(out) if certificates else None)


def check_cofinite(dfa, answer, sep=""):
    """Independent of ``decide_cofinite``: the certificate's words are exactly the rejected
    words up to length n − 1, and none of length n … 2n − 1 is rejected."""
    from attnlogic.definability.checks.verify import Check

    cert = answer.get("certificate") or {}
    n = dfa.n_states
    short = {sep.join(w) for m in range(n) for w in itertools.product(dfa.alphabet, repeat=m)
             if not dfa.accepts(w)}
    pumps = any(not dfa.accepts(w) for m in range(n, 2 * n) for w in itertools.product(dfa.alphabet, repeat=m))
    ok = cert.get("kind") == "missing words" and set(cert.get("words", ())) == short and not pumps
    return Check(ok, f"{len(short)} words missing, none of length {n} … {2 * n - 1}")


def _verify_refuses_tampered(main, capsys, argv, answer, name, field, value):
    """``verify --answer`` accepts the classify answer in the file ``answer`` and refuses it
    once the certificate's ``field`` of the class ``name`` is ``value`` (under the key
    "classes" and the old key "fragments")."""
    assert main(["verify", *argv, "--answer", str(answer), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True
    tampered = json.loads(answer.read_text())
    tampered["classes"][name]["certificate"][field] = value
    tampered["fragments"][name] = tampered["classes"][name]
    answer.write_text(json.dumps(tampered))
    assert main(["verify", *argv, "--answer", str(answer), "--json"]) == 1
    capsys.readouterr()


def test_a_class_without_an_order_prints_no_least_k(capsys, tmp_path):
    """A class declared with ``parameters="none"`` answered by the subregular procedure
    (its answer re-checked by its declared check): neither its text nor its JSON speaks of
    k; ``verify --class`` runs its check and refuses a tampered certificate."""
    from attnlogic.cli import main
    from attnlogic.definability.subregular import ClassProcedure

    calls = []

    def declared_check(dfa, answer, sep=""):        # the declaration's check, seen being run
        calls.append(dict(answer))
        return check_cofinite(dfa, answer, sep)

    cls = LanguageClass("COFINITE", ClassProcedure("cofinite", decide_cofinite), "missing words", "none",
                        default=False, check=declared_check, parameters="none",
                        summary="the cofinite languages (a toy class of the tests)")
    register(cls)
    try:
        r = classify(regex_to_dfa("(a|b)(a|b)(a|b)*|b", "ab"), windows=(), classes=["COFINITE"])["COFINITE"]
        assert [a["certificate"]["kind"] for a in calls] == ["missing words"]   # classify's re-check ran it
        assert r.member is True and r.certificate.to_json() == {"kind": "missing words", "words": ["", "a"]}
        assert "k" not in r.certificate.text() and "k" not in r.certificate.to_json()
        assert classify(regex_to_dfa("(a|b)*b", "ab"), windows=(), classes=["COFINITE"])["COFINITE"].member is False
        argv = ["--regex", "(a|b)(a|b)(a|b)*|b", "--alphabet", "ab", "--class", "COFINITE"]
        assert main(["classify", *argv, "--no-progress"]) == 0
        text = capsys.readouterr().out
        assert "every word but ε, a" in text and "least k" not in text
        assert main(["classify", *argv, "--json", "--no-progress"]) == 0
        answer = tmp_path / "answer.json"
        answer.write_text(capsys.readouterr().out)
        assert '"k"' not in json.dumps(json.loads(answer.read_text())["fragments"]["COFINITE"])
        calls.clear()
        _verify_refuses_tampered(main, capsys, argv, answer, "COFINITE", "words", [""])
        assert calls[0]["member"] is True
    finally:
        unregister("COFINITE")


def test_a_class_of_the_subregular_procedure_without_a_check_is_refused():
    """Its answers could not be re-checked before they are printed: no fallback by name."""
    from attnlogic.definability.subregular import ClassProcedure

    register(LanguageClass("COFINITE", ClassProcedure("cofinite", decide_cofinite), "missing words", "none",
                           default=False, parameters="none"))
    try:
        with pytest.raises(InputError, match="declares no check"):
            classify(regex_to_dfa("(a|b)(a|b)(a|b)*|b", "ab"), windows=(), classes=["COFINITE"])
    finally:
        unregister("COFINITE")


def _letters(word, k, t=None):
    """ALPH's profile: the set of letters of the word (its order k plays no part)."""
    return frozenset(word)


def test_a_class_declared_by_its_profile_is_checked_by_its_declaration(capsys, tmp_path):
    """ALPH (the alphabet-testable languages: membership depends only on the set of letters;
    PT at order 1, whose decider answers it) registered at run time with the check of its
    own :class:`ProfileClass` declaration: verify_subregular checks its answers by the
    declared profile and kinds (no branch on its name), classify's re-check and ``verify
    --class`` run it, and a tampered or undeclared kind of answer is refused."""
    from attnlogic.cli import main
    from attnlogic.definability.checks.verify_subregular import (AnswerCheck, ProfileClass, subsequence_shape,
                                                          verify_answer)

    seen = []

    def profile(word, k, t=None):
        seen.append(word)
        return _letters(word, k)

    spec = ProfileClass("ALPH", profile, ("subsequences",), ("pair",), subsequence_shape, copies=True)
    cls = LanguageClass("ALPH", language_class("PT[1]").procedure, "profiles", "pair", default=False,
                        check=AnswerCheck(spec, 1), parameters="k",
                        summary="alphabet-testable (a toy class of the tests)")
    register(cls)
    try:
        yes = classify(regex_to_dfa("(a|b)*a(a|b)*", "ab"), windows=(), classes=["ALPH"])["ALPH"]
        no = regex_to_dfa("(a|b)*ab", "ab")
        r = classify(no, windows=(), classes=["ALPH"])["ALPH"]
        assert yes.member is True and r.member is False and seen       # its pair checked by its profile
        pair = r.to_json("")
        assert verify_answer(no, spec, pair, "", 1).valid
        w = pair["witness"]
        assert no.accepts(w["in"][0]) and not no.accepts(w["out"][0])
        assert _letters(w["in"][0], 1) == _letters(w["out"][0], 1)        # what the check proved
        cover = {**pair, "witness": {**pair["witness"], "kind": "cover"}}
        assert not verify_answer(no, spec, cover, "", 1).valid        # a kind ALPH does not declare
        argv = ["--regex", "(a|b)*a(a|b)*", "--alphabet", "ab", "--class", "ALPH"]
        assert main(["classify", *argv, "--json", "--no-progress", "--search-budget", "0"]) == 0
        answer = tmp_path / "answer.json"
        answer.write_text(capsys.readouterr().out)
        _verify_refuses_tampered(main, capsys, argv, answer, "ALPH", "profiles", [])
    finally:
        unregister("ALPH")


def test_the_docs_table_of_the_classes_is_their_declarations():
    """docs/architecture.md's table of the classes asked by name is ``class_rows()`` row for
    row (regenerate it from the registry when a declaration changes)."""
    from pathlib import Path

    from attnlogic.definability.engine.registry import class_rows

    text = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text(encoding="utf-8")
    head = "| class | groups | parameters | certificate | witness | census | what it is |"
    lines = list(itertools.takewhile(lambda line: line.startswith("| "),
                                     text[text.index(head):].splitlines()[2:]))
    assert [tuple(cell.strip() for cell in line[2:-2].split(" | ")) for line in lines] == class_rows()


def test_the_classes_asked_only_when_named_are_declared_as_listed_and_loaded_lazily():
    """registry.NAMED names each class as its module declares it (asked only when named), and
    in a fresh interpreter a classification that names none imports none of those modules;
    naming one returns the very declaration the full list holds, in the order DEFAULT,
    then NAMED."""
    import importlib
    import subprocess
    import sys

    from attnlogic.definability.engine import registry

    for name, module in registry.NAMED:
        cls = importlib.import_module(f"attnlogic.definability.{module}").CLASS
        assert cls.name == name and not cls.default, (name, module)
    assert all(c.default for c in registry.DEFAULT)
    assert [c.name for c in registry.CLASSES][:len(registry.DEFAULT) + len(registry.NAMED)] == \
        [c.name for c in registry.DEFAULT] + [n for n, _ in registry.NAMED]
    code = ("import sys\n"
            "from attnlogic.automata.regex import regex_to_dfa\n"
            "from attnlogic.definability import registry\n"
            "from attnlogic.definability.classify import classify\n"
            "r = classify(regex_to_dfa('(a|b)*ab', 'ab'))\n"
            "mods = [f'attnlogic.definability.{m}' for _, m in registry.NAMED]\n"
            "print(sum(m in sys.modules for m in mods), r['LTL[Y]'].member)\n"
            "sl = registry.language_class('SL')\n"
            "print(sum(m in sys.modules for m in mods), sl is next(c for c in registry.CLASSES if c.name == 'SL'),\n"
            "      sum(m in sys.modules for m in mods) == len(mods))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, second = out.stdout.splitlines()
    assert first.split() == ["0", "True"]
    assert second.split() == ["1", "True", "True"]


@pytest.mark.parametrize("regex", ["a(a|b)*", "(ab)*", "(a|b)*aa(a|b)*", "b*a(a|b)*"])
def test_verify_class_takes_the_window_fragments_answers(tmp_path, capsys, regex):
    """``verify --class 'LTL[Y<=2]'`` (and LTL[P,Y<=2]) checks classify's answer for the
    window fragment — its formula, or its witness pair by its family — where the name was
    refused as no registered class (the registry has LTL[Y<=k]); the flipped verdict is
    refused."""
    from attnlogic.cli import main

    assert main(["classify", "--regex", regex, "--alphabet", "ab", "--json", "--no-progress"]) == 0
    answers = json.loads(capsys.readouterr().out)["fragments"]
    for name in ("LTL[Y<=2]", "LTL[P,Y<=2]"):
        answer = answers[name]
        assert isinstance(answer["member"], bool)
        argv = ["verify", "--regex", regex, "--alphabet", "ab", "--class", name, "--answer"]
        path = tmp_path / "answer.json"
        path.write_text(json.dumps(answer))
        assert main(argv + [str(path)]) == 0, capsys.readouterr()
        path.write_text(json.dumps({**answer, "member": not answer["member"]}))
        assert main(argv + [str(path)]) == 1
        capsys.readouterr()
