"""Regenerate ``mescal_plus_answers.json``: MeSCaL's answers for level two over DD, MOD⁺, AMT⁺ and
GR⁺ (TL₂, FL₂ and UPol(BPol₂) of each) on languages that tell these classes apart (the census of
``mescal_answers.json`` does not: over its 3-state languages MeSCaL's TL₂(DD) and FL₂(DD) are
exactly the star-free ones, as over every 4-state language over ab).

    python tests/data/mescal/make_mescal_plus_answers.py MESCAL_BINARY            # answers again
    python tests/data/mescal/make_mescal_plus_answers.py MESCAL_BINARY --draw     # languages too

Not run by the tests (they read the JSON).  The languages (``--draw``; about 40 min of CPU):

* ``starfree-random``: for seeds 11 and 12 (Python's ``random``), 500,000 random complete DFAs of
  5–12 states over ab (two draws in three) or abc, successors uniform, each state accepting with
  probability 0.4; their minimal DFAs with at least 5 states, at most 1,500 elements in the
  transition semigroup and aperiodic (star-free), once each; kept when attnlogic's PL₂(DD), FL₂(DD),
  TL₂(DD) or UPol(BPol₂(DD)) answers "no", and the first 300 others of each seed (744 in all);
* ``census4``: the first 1,000 of ``random.Random(2026).sample(N, 2500)``, N the minimal 4-state
  DFAs over ab (census order) that are not star-free.

MeSCaL is driven as in ``make_mescal_answers.py`` (its README): one process per language, the
automaton read with ``open`` and passed through ``union``, then ``membership(C, Y)`` for each
command below.  MeSCaL's parser refuses ``UBPol2(DD)``; ``UPol(BPol(Pol2(DD)))`` is the same class
(BPol(Pol₂(C)) = BPol₂(C)) and MeSCaL names it UPol(BPol₂(DD)).  Its Pol₂(DD) is not asked: its
syntactic order is reversed (mapping.json, "unreliable").
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import sys
import tempfile
from pathlib import Path

import numpy as np

from attnlogic.automata.census import minimal_dfas
from attnlogic.automata.dfa import DFA
from attnlogic.automata.minimize import minimize
from attnlogic.kernel.errors import LimitExceeded
from attnlogic.kernel.limits import Limits

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_mescal_answers import WORKERS, _MEMBER, _segments, answer_all, automaton_json, bits  # noqa: E402

#: MeSCaL's command → the name it prints
COMMANDS = {"TL2(DD)": "TL₂(DD)", "FL2(DD)": "FL₂(DD)", "UPol(BPol(Pol2(DD)))": "UPol(BPol₂(DD))",
            **{f"{t}2({g}P)": f"{t}₂({g}⁺)" for g in ("MOD", "AMT", "GR") for t in ("TL", "FL")},
            **{f"UBPol2({g}P)": f"UPol(BPol₂({g}⁺))" for g in ("MOD", "AMT", "GR")}}
TARGET = Path(__file__).with_name("mescal_plus_answers.json")
_DD = ("PL2(DD)", "FL2(DD)", "TL2(DD)", "UPol(BPol2(DD))")


def _aperiodic(dfa, limits) -> bool:
    from attnlogic.definability.varieties.identities import structure_of
    st = structure_of(dfa, monoid=True, limits=limits)
    ids = np.arange(st.size)
    return bool((st.multiply(st.omega, ids) == st.omega).all())


def draw_starfree(seed: int, tries: int = 500_000, yes: int = 300) -> list[DFA]:
    """The ``starfree-random`` languages of one seed (module docstring)."""
    import attnlogic
    rng, limits = random.Random(seed), Limits(semigroup_elements=1500)
    seen, out, kept_yes = set(), [], 0
    for _ in range(tries):
        n, k = rng.randint(5, 12), rng.choice([2, 2, 3])
        table = [[rng.randrange(n) for _ in range(k)] for _ in range(n)]
        acc = [q for q in range(n) if rng.random() < 0.4]
        d = minimize(DFA(tuple("abc"[:k]), table, 0, acc))
        if d.n_states < 5:
            continue
        try:
            if not _aperiodic(d, limits):
                continue
        except LimitExceeded:
            continue
        key = (d.alphabet, d.transitions.tobytes(), d.accepting.tobytes())
        if key in seen:
            continue
        seen.add(key)
        r = attnlogic.classify(d, windows=(), classes=list(_DD), certificates=False)
        if all(r[c].member for c in _DD):
            if kept_yes >= yes:
                continue
            kept_yes += 1
        out.append(d)
    return out


def draw_census4(count: int = 1000) -> list[DFA]:
    """The ``census4`` languages (module docstring)."""
    limits = Limits()
    other = [d for d in minimal_dfas(4, ("a", "b")) if d.n_states == 4 and not _aperiodic(d, limits)]
    return random.Random(2026).sample(other, 2500)[:count]


def _record(d: DFA, source: str) -> dict:
    return {"source": source, "alphabet": list(d.alphabet), "table": d.transitions.tolist(),
            "accepting": [int(q) for q in np.flatnonzero(d.accepting)]}


def _answers(job):
    binary, rec, workdir, tag = job
    path = os.path.join(workdir, f"{tag}.json")
    Path(path).write_text(json.dumps(automaton_json(DFA(tuple(rec["alphabet"]), rec["table"], 0, rec["accepting"]))))
    asked = [f"membership({c}, Y)" for c in COMMANDS]

    def parse(out):
        found = {}
        for cmd, text in _segments(out):
            m = _MEMBER.search(text)
            if cmd in asked and m:
                found[cmd] = m.group(1) == "belongs"
        return found
    got = answer_all(binary, {"Y": path}, asked, workdir, parse)
    return [got[a] for a in asked]


def main(argv) -> int:
    binary = os.path.abspath(argv[1])
    if "--draw" in argv:
        languages = ([_record(d, "starfree-random") for seed in (11, 12) for d in draw_starfree(seed)]
                     + [_record(d, "census4") for d in draw_census4()])
    else:
        languages = json.loads(TARGET.read_text())["languages"]
    with tempfile.TemporaryDirectory() as workdir, multiprocessing.Pool(WORKERS) as pool:
        rows = pool.map(_answers, [(binary, r, workdir, f"L{i}") for i, r in enumerate(languages)], chunksize=4)
    out = {"provenance": {
        "tool": "MeSCaL (Thomas Place, github.com/thomas-place/mescal), commit 9e52c22e4d7eb97510c9ddff4d386ef6c05d7bba "
                "of 14 June 2025, GPL-3.0, built and patched as README.md says; only its answers are here",
        "made": "2026-12-06", "driver": "tests/data/mescal/make_mescal_plus_answers.py",
        "languages": "744 star-free minimal DFAs (source starfree-random) drawn from random DFAs of 5-12 states over "
                     "ab or abc, then 1,000 minimal 4-state DFAs over ab that are not star-free (source census4); "
                     "README.md says how each was drawn"},
        "commands": {name: c for c, name in COMMANDS.items()},
        "languages": languages,
        "answers": {name: bits(row[i] for row in rows) for i, name in enumerate(COMMANDS.values())}}
    tmp = TARGET.with_suffix(".tmp")
    tmp.write_text(json.dumps(out, ensure_ascii=False, separators=(",", ":")))
    os.replace(tmp, TARGET)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
