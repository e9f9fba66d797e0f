"""Regenerate ``mescal_answers.json``: MeSCaL's membership and separation answers on our
languages (README.md beside this file says how MeSCaL was built and patched).

    python tests/data/mescal/make_mescal_answers.py MESCAL_BINARY [OUT_JSON]

Not run by the tests (they read the JSON).  The languages are ours: every minimal complete
DFA with at most 3 states over ``ab`` (attnlogic's census enumeration, 1,054 languages),
100 random DFAs (seed 2026) whose minimal DFA has 4 to 8 states and at most 100 elements
in its transition semigroup, and, for separation,
every ordered pair of census languages with at most 2 states, 400 seeded pairs of 3-state
census languages and 100 pairs of random DFAs of 2 to 5 states.

MeSCaL is driven as its README describes, through its shell on standard input, one
process per language (or pair): each automaton is written as MeSCaL's JSON automaton file,
read with ``open``, passed through ``union(X, X)`` (MeSCaL's ``.minimal`` of an automaton
read from a file is wrong for some inputs; the union is an NFA, which it minimises
correctly), then ``membership(C, Y)`` for every class ``C`` (or ``separation(C, Y1, Y2)``).
The verdict is MeSCaL's closing box: "The recognized language belongs to C." / "… does NOT
belong to C." (membership), "The input languages are C-separable." / "… NOT C-separable."
(separation).  A process that crashes is run again one class at a time; an answer it
still does not give is stored as "x"; a command that runs past ``COMMAND_SECONDS`` is
stopped and stored as "t" (MeSCaL's own ``timeout`` does not reach its membership tests).
"""

from __future__ import annotations

import datetime
import json
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "definability"))
from mescal_referees import semigroup_elements  # noqa: E402

ALPHABET = ("a", "b")
SEED = 2026
N_RANDOM = 100
N_PAIRS_3 = 400
N_RANDOM_PAIRS = 100
#: seconds MeSCaL is given for one command before its answer is recorded as "t"
COMMAND_SECONDS = 20
#: the random DFAs of 4–8 states are kept when their transition semigroup is at most this
MAX_MONOID = 100
#: MeSCaL processes run at once
WORKERS = 2

#: the classes whose membership is asked, as MeSCaL's shell spells them; each answers for
#: the class MeSCaL names in "#### C is equal to the class NAME." (several spellings name one
#: class: only the first of each is kept, by :func:`membership_classes`)
_BASES = ("ST", "DD", "MOD", "MODP", "AMT", "AMTP", "GR", "GRP")
_OPERATORS = ("Pol", "BPol", "UPol", "UBPol", "Pol2", "BPol2", "UBPol2", "FL", "FL2", "PL", "PL2",
              "TL", "TL2", "SF", "JOrb")
CANDIDATES = (("HTGEN", "KNASTAT", "SF", "PPT", "PT", "UL", "AT", "ATT", "LT", "LTT", "JOrb(AT)") + _BASES
              + tuple(f"{o}({b})" for o in _OPERATORS for b in _BASES))
#: the classes whose separation MeSCaL implements (its init_separation; ST is listed by its
#: help but its separation entry is empty)
SEPARATION = ("MOD", "GR", "PPT", "Pol(MOD)", "Pol(GR)")

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_EQUAL = re.compile(r"#### (.+) is equal to the class (.+)\.")
_MEMBER = re.compile(r"The (?:input )?recognized language (does NOT belong|belongs) to (.+?)\.\s*║")
_SEPARABLE = re.compile(r"The input languages are (NOT )?(.+?)-separable\.")
_MONOID = re.compile(r"#### Size of the monoid\s*: (\d+)\.")


def automaton_json(dfa: DFA) -> dict:
    """MeSCaL's JSON automaton file for ``dfa`` (its files.c reader: N_SIZE, L_ALPH, L_TRAN
    as [state, letter index, state], L_INIT, L_FINA)."""
    t = dfa.transitions
    return {"TYPE": "AUTO", "N_SIZE": int(t.shape[0]), "L_ALPH": list(dfa.alphabet),
            "L_TRAN": [[q, a, int(t[q, a])] for q in range(t.shape[0]) for a in range(t.shape[1])],
            "L_INIT": [int(dfa.initial)], "L_FINA": [int(q) for q in np.flatnonzero(dfa.accepting)]}


def record(dfa: DFA, source: str) -> dict:
    """A language as stored: its DFA's transition table (rows = states, columns = letters
    in alphabet order), initial state 0 and accepting states."""
    assert dfa.initial == 0
    return {"source": source, "table": dfa.transitions.tolist(),
            "accepting": [int(q) for q in np.flatnonzero(dfa.accepting)]}


def from_record(rec: dict) -> DFA:
    return DFA(ALPHABET, rec["table"], 0, rec["accepting"])


def complement(dfa: DFA) -> DFA:
    return DFA(dfa.alphabet, dfa.transitions, dfa.initial, ~dfa.accepting)


def run_mescal(binary: str, files: dict, commands: list[str], workdir: str,
               timeout: float) -> tuple[str, bool]:
    """MeSCaL's shell output (ANSI colours removed, line-buffered so that a killed run
    keeps what it printed) for: each file of ``files`` (variable → path) read and passed through
    ``union``, then ``commands``, then ``exit``; and whether it ran past ``timeout``."""
    lines = []
    for var, path in files.items():
        lines += [f'R{var} = open("{path}")', f"{var} = union(R{var},R{var})"]
    script = "\n".join(lines + commands + ["exit", ""])
    env = dict(os.environ, MESCAL_NO_VIEW="1")
    try:
        proc = subprocess.run(["stdbuf", "-oL", binary], input=script.encode(), capture_output=True,
                              cwd=workdir, env=env, timeout=timeout)
        return _ANSI.sub("", proc.stdout.decode("utf-8", "replace")), False
    except subprocess.TimeoutExpired as e:
        return _ANSI.sub("", (e.stdout or b"").decode("utf-8", "replace")), True


def answer_all(binary, files, asked, workdir, parse) -> dict:
    """Ask MeSCaL every command of ``asked`` (in order, as few processes as it allows, each
    given :data:`COMMAND_SECONDS`): command → its verdict (True/False), "t" when it gave
    none within COMMAND_SECONDS run alone, "x" when it crashed on it twice.  ``parse(output)`` → the
    verdicts found in an output."""
    answers: dict = {}
    remaining = list(asked)
    retried = set()
    while remaining:
        out, timed_out = run_mescal(binary, files, remaining, workdir, COMMAND_SECONDS)
        answers.update(parse(out))
        done = [c for c in remaining if c in answers]
        if len(done) == len(remaining):
            break
        stalled = next(c for c in remaining if c not in answers)
        if timed_out:
            # the process ran out of time in the stalled command: alone, it gets the same time
            out, timed_out = run_mescal(binary, files, [stalled], workdir, COMMAND_SECONDS)
            answers.update(parse(out))
            answers.setdefault(stalled, "t" if timed_out else "x")
        elif stalled in retried:
            answers[stalled] = "x"
        else:
            retried.add(stalled)
        remaining = [c for c in remaining if c not in answers]
    return answers


def _segments(out: str) -> list[tuple[str, str]]:
    """(command, its output) for each prompt ``>>> command`` of the shell's output."""
    parts = out.split(">>> ")
    segs = []
    for p in parts[1:]:
        cmd, _, rest = p.partition("\n")
        segs.append((cmd.strip(), rest))
    return segs


def membership_answers(binary, dfa, commands, workdir, tag) -> tuple[dict, int | None]:
    """command → True / False / None (no verdict), and the size of the syntactic monoid
    MeSCaL computed."""
    path = os.path.join(workdir, f"{tag}.json")
    cpath = os.path.join(workdir, f"{tag}c.json")
    Path(path).write_text(json.dumps(automaton_json(dfa)))
    Path(cpath).write_text(json.dumps(automaton_json(complement(dfa))))
    asked = [f"membership({c}, Y)" for c in commands] + ["membership(PPT, Z)"]
    monoid = []

    def parse(out):
        found = {}
        for cmd, text in _segments(out):
            m = _MEMBER.search(text)
            if cmd in asked and m:
                found[cmd] = m.group(1) == "belongs"
            s = _MONOID.search(text)
            if s and cmd.endswith(", Y)") and not monoid:
                monoid.append(int(s.group(1)))
        return found

    answers = answer_all(binary, {"Y": path, "Z": cpath}, asked, workdir, parse)
    return answers, (monoid[0] if monoid else None)


def separation_answers(binary, d1, d2, workdir, tag) -> dict:
    p1, p2 = os.path.join(workdir, f"{tag}_1.json"), os.path.join(workdir, f"{tag}_2.json")
    Path(p1).write_text(json.dumps(automaton_json(d1)))
    Path(p2).write_text(json.dumps(automaton_json(d2)))
    asked = [f"separation({c}, Y, Z)" for c in SEPARATION]

    def parse(out):
        found = {}
        for cmd, text in _segments(out):
            m = _SEPARABLE.search(text)
            if cmd in asked and m:
                found[cmd] = m.group(1) is None
        return found

    answers = answer_all(binary, {"Y": p1, "Z": p2}, asked, workdir, parse)
    return {c: answers[f"separation({c}, Y, Z)"] for c in SEPARATION}


def membership_classes(binary, workdir) -> list[tuple[str, str]]:
    """(command, MeSCaL's name of the class) for each candidate spelling that MeSCaL
    decides, the first spelling of each class."""
    dfa = next(iter(minimal_dfas(1, ALPHABET)))
    path = os.path.join(workdir, "probe.json")
    Path(path).write_text(json.dumps(automaton_json(dfa)))
    out, _ = run_mescal(binary, {"Y": path}, [f"membership({c}, Y)" for c in CANDIDATES], workdir, 600)
    seen, rows = set(), []
    for cmd, text in _segments(out):
        m, v = _EQUAL.search(text), _MEMBER.search(text)
        if not cmd.startswith("membership(") or m is None or v is None:
            continue
        name = m.group(2)
        if name not in seen:
            seen.add(name)
            rows.append((cmd[len("membership("):-len(", Y)")], name))
    return rows


def random_dfas(rng, count, lo, hi, min_minimal, max_monoid=None) -> list[DFA]:
    """``count`` minimal DFAs of random complete DFAs with ``lo`` … ``hi`` states (uniform
    successors, each state accepting with probability 1/2), keeping those whose minimal
    DFA has at least ``min_minimal`` states and, if given, at most ``max_monoid`` elements
    in its transition semigroup (half of the 4–8-state ones have more: those are outside
    nearly every class and slow the comparison, without telling anything)."""
    out = []
    while len(out) < count:
        n = int(rng.integers(lo, hi + 1))
        table = rng.integers(0, n, size=(n, len(ALPHABET)))
        acc = rng.random(n) < 0.5
        m = minimize(DFA(ALPHABET, table, 0, acc))
        if m.transitions.shape[0] >= min_minimal and (max_monoid is None or len(semigroup_elements(m)) <= max_monoid):
            out.append(m)
    return out


def _membership_job(job):
    binary, rec, commands, workdir, tag = job
    return membership_answers(binary, from_record(rec), commands, workdir, tag)


def _separation_job(job):
    binary, r1, r2, workdir, tag = job
    return separation_answers(binary, from_record(r1), from_record(r2), workdir, tag)


def bits(values) -> str:
    """One character per answer: 1 (member / separable), 0 (not), t (no answer within
    COMMAND_SECONDS), x (MeSCaL crashed on it, twice)."""
    return "".join(v if isinstance(v, str) else "1" if v else "0" for v in values)


def main(argv) -> int:
    binary = os.path.abspath(argv[1])
    target = Path(argv[2]) if len(argv) > 2 else Path(__file__).with_name("mescal_answers.json")
    rng = np.random.default_rng(SEED)
    census = list(minimal_dfas(3, ALPHABET))
    random_langs = random_dfas(rng, N_RANDOM, 4, 8, 4, MAX_MONOID)
    languages = [record(d, "census") for d in census] + [record(d, "random") for d in random_langs]
    # separation pairs: indices into languages (pair languages appended)
    small = [i for i, d in enumerate(census) if d.transitions.shape[0] <= 2]
    three = [i for i, d in enumerate(census) if d.transitions.shape[0] == 3]
    pairs = [(i, j) for i in small for j in small]
    for _ in range(N_PAIRS_3):
        i, j = rng.choice(three, size=2, replace=False)
        pairs.append((int(i), int(j)))
    pair_langs = random_dfas(rng, 2 * N_RANDOM_PAIRS, 2, 5, 1)
    base = len(languages)
    languages += [record(d, "pair") for d in pair_langs]
    pairs += [(base + 2 * i, base + 2 * i + 1) for i in range(N_RANDOM_PAIRS)]

    with tempfile.TemporaryDirectory() as workdir:
        classes = membership_classes(binary, workdir)
        commands = [c for c, _ in classes]
        columns = {name: [] for _, name in classes}
        co_ppt, monoids = [], []
        jobs = [(binary, rec, commands, workdir, f"L{idx}") for idx, rec in enumerate(languages[:base])]
        with multiprocessing.Pool(WORKERS) as pool:
            results = pool.imap(_membership_job, jobs, chunksize=4)
            for idx, (answers, monoid) in enumerate(results):
                for c, name in classes:
                    columns[name].append(answers[f"membership({c}, Y)"])
                co_ppt.append(answers["membership(PPT, Z)"])
                monoids.append(monoid)
                if idx % 100 == 0:
                    print(f"membership {idx}/{base}", file=sys.stderr, flush=True)
            sep_columns = {c: [] for c in SEPARATION}
            jobs = [(binary, languages[i], languages[j], workdir, f"P{n}") for n, (i, j) in enumerate(pairs)]
            for n, ans in enumerate(pool.imap(_separation_job, jobs, chunksize=4)):
                for c in SEPARATION:
                    sep_columns[c].append(ans[c])
                if n % 100 == 0:
                    print(f"separation {n}/{len(pairs)}", file=sys.stderr, flush=True)

    data = {
        "provenance": {
            "tool": "MeSCaL (Thomas Place), github.com/thomas-place/mescal",
            "commit": "9e52c22e4d7eb97510c9ddff4d386ef6c05d7bba",
            "generated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
            "driver": "tests/data/mescal/make_mescal_answers.py (this folder's README.md)",
            "command_seconds": COMMAND_SECONDS,
        },
        "alphabet": list(ALPHABET),
        "languages": languages,
        "membership": {
            "languages": base,
            "commands": {name: c for c, name in classes},
            "answers": {name: bits(v) for name, v in columns.items()},
            "complement_PPT": bits(co_ppt),
            "monoid_size": monoids,
        },
        "separation": {
            "pairs": [list(p) for p in pairs],
            "answers": {c: bits(v) for c, v in sep_columns.items()},
        },
    }
    tmp = target.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    tmp.replace(target)
    print(f"{target}: {base} languages × {len(classes)} classes, {len(pairs)} pairs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
