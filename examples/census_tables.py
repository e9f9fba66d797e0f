"""The tables of docs/census.md, regenerated from the current code.

``python examples/census_tables.py`` runs the census of every minimal DFA with at most 4
states over two letters and at most 3 states over three (window 2), times each, checks the
certificate of every "yes" (below), and writes docs/census.md (keeping, as they are, the
sections from the heading KEEP on: the large census, measured by the commands quoted there);
``python examples/census_tables.py OUT --census 2:ab`` writes the tables of other censuses
(N:LETTERS, repeatable) to OUT instead.  The counts are those of
``attnlogic census --max-states N --alphabet LETTERS``.

The certificate check: one language per orbit (renaming the letters, complement) is
classified again with certificates (``classify(..., certificates=True)``); its verdicts
must equal the census's; each "yes" formula is carried to every language of the orbit
(atoms renamed, negated for the complement) and checked there by ``verify_formula`` (the
formula's own DFA, equivalence), so every "yes" of the census has a checked certificate.
``--jobs J`` spreads the classifications over J processes.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

from attnlogic.definability.census import census, orbit_images
from attnlogic.kernel.fileio import write_text_atomic
from attnlogic.kernel.limits import Limits

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ("4:ab", "3:abc")
#: the heading from which docs/census.md is kept as it is (the large census: its own
#: recorded commands, quoted there)
KEEP = "## The large census"

INTRO = """\
# A census of the small regular languages

Every regular language whose minimal complete DFA has at most N states, over two letters
(N ≤ 4) and over three (N ≤ 3), classified in every fragment the toolkit decides:
LTL[P] (global attention), LTL[Y] (1-local), LTL[P,Y] (hybrid:1), LTL[S] (star-free, no
attention pattern), LTL[Y<=2] (local:2) and LTL[P,Y<=2] (hybrid:2), at the N+1 readout
(docs/logic.md).  One minimal DFA per language, up to isomorphism: the breadth-first
canonical transition tables (string representations) with an acceptance vector that leaves
no two states equivalent, generated in order by one compiled kernel (`automata/census.py`).
The larger censuses — at most 5 states over two letters, 4 over three — are at the end
(the large census).

The tables are written by the recorded command

    python examples/census_tables.py

which runs `attnlogic census --max-states 4 --alphabet ab` and
`attnlogic census --max-states 3 --alphabet abc` (the same library function,
`attnlogic.definability.census.census`) on the current code.

How the verdicts are obtained and checked:

* LTL[P], LTL[Y], LTL[P,Y], LTL[S] are decided in bulk by a compiled kernel
  (`definability/batch.py`: the classifier's own DFA tests, on thousands of DFAs at once),
  whose verdicts equal `classify`'s on every language of at most 4 states over two letters
  (`python -m benchmarks.bench_census --compare`);
* the window questions are settled by inclusion where one settles them (LTL[Y<=k] ⊆ LTL[Y],
  LTL[P] ⊆ LTL[P,Y<=k] ⊆ LTL[P,Y]), the others by `classify(..., certificates=False)`:
  the decision procedures of docs/decision-procedures.md, unchanged, stop at the verdict
  (no formula is synthesised, no witness attested);
* one language per orbit under renaming the letters and complement is classified, and its
  verdicts copied to the orbit (every fragment is closed under both);
* the tests (tests/definability/test_language_census.py) check the languages against a
  brute-force enumeration written there (every transition table, minimality by Moore
  refinement, canonical form by breadth-first relabelling), every LTL[P], LTL[Y], LTL[P,Y],
  LTL[S] verdict for N ≤ 3 over two letters against the semigroup identities (R-trivial
  (xy)^ω x = (xy)^ω, definite y x^ω = x^ω, eSe R-trivial for every idempotent e,
  aperiodic x^(ω+1) = x^ω) on a transition semigroup computed there, and every window
  verdict by the inclusions, by `verify` on the type automaton's formula (yes) or on the
  witness pair at every depth (no);
* the recorded command also checks the certificate of every "yes" of the two censuses
  below: one language per orbit is classified again with certificates, its verdicts are
  compared with the census's, and each certificate, as printed (shared definitions
  included), is carried to every language of its orbit (letters renamed, negated for the
  complement) and checked there by `verify_formula` (the formula's own DFA, equivalence);
  the table after each census gives the counts.

A language counted in a row is in that fragment (proved); "undecided" answers are listed
with their DFA and how far the procedure got (typically: no formula of depth ≤ 2, the
depth-3 type automaton past its 50,000 states, no lasso witness found, and neither
occurrence form of docs/decision-procedures.md §4.6 holding at the depths tried).

The command prints the same tables as text (`--json` for the counts, the profiles and the
undecided DFAs; `--each` adds every DFA with its verdicts):
"""


def _markdown(c, seconds: float, cpu: float) -> list[str]:
    sizes = c.sizes
    out = [f"## {len(c.alphabet)} letters ({', '.join(c.alphabet)}), at most {c.max_states} states",
           "", f"{c.total()} languages; measured by the command above: {seconds:.0f} s wall clock, "
           f"{cpu:.0f} s of CPU ({platform.machine()}, Python {platform.python_version()}, one "
           "process).", "",
           "Languages in each fragment, by the number n of states of the minimal DFA:", "",
           "| fragment | attention pattern | " + " | ".join(f"n = {n}" for n in sizes)
           + " | all | undecided |",
           "|---|---|" + "---:|" * (len(sizes) + 2),
           "| languages | | " + " | ".join(str(c.total(n)) for n in sizes) + f" | {c.total()} | |"]
    for f in c.fragments:
        pattern = "—" if f.pattern is None else f"`{f.pattern}`"
        out.append(f"| {f} | {pattern} | " + " | ".join(str(c.count(f, True, n)) for n in sizes)
                   + f" | {c.count(f, True)} | {c.count(f, None)} |")
    out += ["", "Profiles: the set of fragments a language is proved to lie in.", "",
            "| languages | fragments |", "|---:|---|"]
    for fragments, count in c.profiles():
        out.append(f"| {count} | {', '.join(str(f) for f in fragments) or '(none)'} |")
    undecided = c.undecided()
    out += ["", f"Undecided: {len(undecided)}."]
    groups: dict = {}                     # (fragment, method) → transition table → accepting sets
    for e, f, method in undecided:
        d = e.dfa
        rows = str([[int(q) for q in row] for row in d.transitions])
        acc = str([q for q in range(d.n_states) if d.accepting[q]])
        groups.setdefault((str(f), method), {}).setdefault(rows, []).append(acc)
    for (f, method), tables in groups.items():
        count = sum(len(v) for v in tables.values())
        out += ["", f"{f}, {count} languages — {method}; the DFAs as transition table (row q: "
                f"the successors of q by {', '.join(c.alphabet)}; initial state 0) and the "
                "accepting sets:", ""]
        out += [f"* `{rows}`: " + ", ".join(f"`{a}`" for a in accs) for rows, accs in tables.items()]
    return out + [""]


def _classify_certified(payload):
    """Classify one DFA (transition table, accepting list, letters) with certificates: the
    verdicts and the "yes" formulas' texts per fragment."""
    from attnlogic.automata.dfa import DFA
    from attnlogic.definability.engine.classify import classify
    from attnlogic.ltl.definitions import certificate

    table, acc, letters = payload
    d = DFA(tuple(letters), [tuple(r) for r in table], 0, acc)
    # every "yes" is to carry its certificate: a certificate budget that never binds here
    # (the default one leaves some formulas of 3- and 4-state languages unbuilt)
    c = classify(d, windows=(2,), minimal=True, limits=Limits(search_budget=0, certificate_factor=10 ** 6))
    return [(str(r.fragment), r.member, None if r.formula is None else certificate(r.formula).text)
            for r in c.results]


def check_certificates(c, jobs: int = 1, on_stage=None) -> dict:
    """Every "yes" of the census ``c`` with a certificate checked on its own language (module
    docstring).  Returns counts per fragment: yes answers, checked certificates, missing
    ones, and verdict disagreements with the census (both must be 0)."""
    from attnlogic.automata.census import canonical_key
    from attnlogic.ltl import parse
    from attnlogic.ltl.formula import Atom, Not
    from attnlogic.ltl.rewrite import transform
    from attnlogic.definability.checks.verify import verify_formula

    by_key = {canonical_key(e.dfa.transitions, e.dfa.accepting): e for e in c.entries}
    reps, covered = [], set()
    for key, e in by_key.items():
        if key in covered:
            continue
        letters = e.dfa.alphabet
        orbit = {k: ({letters[perm[j]]: letters[j] for j in range(len(letters))}, flip)
                 for k, perm, flip in orbit_images(e.dfa)}
        covered.update(orbit)
        reps.append((e, orbit))
    payloads = [([[int(r) for r in row] for row in e.dfa.transitions], [bool(x) for x in e.dfa.accepting],
                 list(e.dfa.alphabet)) for e, _ in reps]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(jobs) as pool:
            answers = pool.map(_classify_certified, payloads, chunksize=16)
            answers = list(answers)
    else:
        answers = [_classify_certified(p) for p in payloads]
    names = [str(f) for f in c.fragments]
    counts = {f: {"yes": 0, "checked": 0, "missing": 0, "disagree": 0} for f in names}
    for n, ((e, orbit), answer) in enumerate(zip(reps, answers), 1):
        for key, (rename, flip) in orbit.items():
            target = by_key[key]
            for fname, member, text in answer:
                i = names.index(fname)
                if target.verdicts[i] != member:
                    counts[fname]["disagree"] += 1
                if member is not True:
                    continue
                counts[fname]["yes"] += 1
                if text is None:
                    counts[fname]["missing"] += 1
                    continue
                f = transform(parse(text), lambda x: Atom(rename[x.name]) if isinstance(x, Atom) else x)
                if flip:
                    f = Not(f)
                if verify_formula(target.dfa, fname, f).valid:
                    counts[fname]["checked"] += 1
        if on_stage is not None and n % 500 == 0:
            on_stage(f"certificates: {n} of {len(reps)} orbits checked")
    return counts


def _certificate_lines(counts) -> list[str]:
    out = ["", "Certificates of the \"yes\" answers, checked by the command above (one classification "
           "with certificates per orbit, each formula carried to every language of its orbit and "
           "checked there by `verify_formula`, the formula's own DFA; verdicts compared with the "
           "census's):", "",
           "| fragment | yes | certificate checked | without certificate | verdicts differing |",
           "|---|---:|---:|---:|---:|"]
    for f, n in counts.items():
        out.append(f"| {f} | {n['yes']} | {n['checked']} | {n['missing']} | {n['disagree']} |")
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "census.md"))
    parser.add_argument("--census", action="append", metavar="N:LETTERS",
                        help="a census to tabulate (repeatable; default 4:ab and 3:abc)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the certificate check")
    args = parser.parse_args(argv)
    small = census(2, "ab")
    lines = INTRO.splitlines() + ["", "```console", "$ attnlogic census --max-states 2 --alphabet ab"]
    lines += small.lines() + ["```", ""]
    for spec in args.census or DEFAULT:
        n, letters = spec.split(":")
        start, start_cpu = time.perf_counter(), time.process_time()
        c = census(int(n), letters, on_stage=lambda text, spec=spec: print(f"{spec}: {text}", flush=True))
        seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        lines += _markdown(c, seconds, cpu)
        print(f"{spec}: {c.total()} languages in {seconds:.1f} s ({cpu:.1f} s of CPU)", flush=True)
        start = time.perf_counter()
        counts = check_certificates(c, args.jobs, lambda text, spec=spec: print(f"{spec}: {text}", flush=True))
        lines += _certificate_lines(counts) + [
            "", f"(certificate check: {time.perf_counter() - start:.0f} s wall clock, {args.jobs} "
            f"process{'es' if args.jobs > 1 else ''})", ""]
        bad = {f: n for f, n in counts.items() if n["missing"] or n["disagree"] or n["checked"] != n["yes"]}
        print(f"{spec}: certificates {counts}", flush=True)
        if bad:
            raise SystemExit(f"{spec}: certificate check failed: {bad}")
    out = Path(args.out)
    kept = out.read_text(encoding="utf-8").split(KEEP, 1) if out.exists() else []
    if len(kept) == 2:                  # the large census's sections, measured by other commands
        lines += ["", KEEP + kept[1].rstrip()]
    write_text_atomic(out, "\n".join(lines).rstrip() + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
