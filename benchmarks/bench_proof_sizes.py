"""Sizes of the proofs ``classify`` prints (issue 38, "small proofs"): certificate formulas
in nodes and witness pairs in letters, over every minimal DFA of at most ``--states``
states over {a, b} (the census: 1,054 languages at 3 states), with the default options.

For each language the default classification runs once (CPU time measured), then one with
``--class subregular`` (SL, SP, RD, GD, LT, LTT, PT; timed apart; ``--no-classes`` skips
it); for every answer the certificate's size (nodes of the formula tree,
:attr:`Formula.size`) and the witness's length (letters of the two words together; of all
the words of a class's witness) are recorded.  Printed: the count,
mean, median and largest of each, the member answers without a formula, and the
classification's CPU time per language (median, 90th percentile, largest, total) with the
process's peak resident memory.  ``--save FILE`` writes the rows as JSON; ``--before FILE``
(rows saved by a run on another checkout) adds, answer by answer, how many certificates and
witnesses got smaller, larger or stayed, and the two columns side by side.

Run:  .venv/bin/python -m benchmarks.bench_proof_sizes [--states 3] [--save FILE] [--before FILE]
(the "before" of issue 38: the same command with ``--save`` on a checkout of main at
daea292, this file run against that code).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import time

#: languages shown whatever the census: the issue's examples
EXAMPLES = (("contains a", "(a|b)*a(a|b)*", "ab"), ("(b|ab)*", "(b|ab)*", "ab"), ("(aa)*", "(aa)*", "a"))


def _letters(w) -> int:
    """Letters of a witness: its two words, or all the words of a class's witness."""
    if hasattr(w, "ins"):
        return sum(map(len, w.ins)) + sum(map(len, w.outs))
    return len(w.accepted) + len(w.rejected)


def _rows(dfas, classes: bool):
    from attnlogic.definability.engine.classify import classify

    rows = []
    for i, d in enumerate(dfas):
        t = time.process_time()
        c = classify(d)
        seconds = time.process_time() - t
        answers = list(c.results)
        if classes:
            t = time.process_time()
            answers += [r for r in classify(d, classes=("subregular",)).results
                        if hasattr(r.witness, "ins") or r.certificate is not None]
            class_seconds = time.process_time() - t
        for r in answers:
            f, w = r.formula, r.witness
            rows.append({"language": i, "answer": str(r.fragment), "member": r.member,
                         "class": hasattr(w, "ins") or r.certificate is not None,
                         "nodes": None if f is None else f.size,
                         "letters": None if w is None else _letters(w),
                         "cpu": seconds, "cpu classes": class_seconds if classes else None})
    return rows


def _summary(rows) -> dict:
    fragments = [r for r in rows if not r.get("class")]
    nodes = [r["nodes"] for r in fragments if r["nodes"] is not None]
    letters = [r["letters"] for r in fragments if r["letters"] is not None]
    cpu = sorted({r["language"]: r["cpu"] for r in rows}.values())
    out = {"formulas": len(nodes), "nodes mean": statistics.mean(nodes),
           "nodes median": float(statistics.median(nodes)), "nodes max": max(nodes),
           "members without formula": sum(1 for r in fragments if r["member"] and r["nodes"] is None),
           "witnesses": len(letters), "letters mean": statistics.mean(letters),
           "letters median": float(statistics.median(letters)), "letters max": max(letters),
           "cpu median ms": 1e3 * statistics.median(cpu), "cpu p90 ms": 1e3 * cpu[int(0.9 * len(cpu))],
           "cpu max ms": 1e3 * cpu[-1], "cpu total s": sum(cpu)}
    classes = [r["letters"] for r in rows if r.get("class") and r["letters"] is not None]
    if classes:
        cpu = sorted({r["language"]: r["cpu classes"] for r in rows}.values())
        out.update({"class witnesses": len(classes), "class letters mean": statistics.mean(classes),
                    "class letters max": max(classes),
                    "classes cpu median ms": 1e3 * statistics.median(cpu),
                    "classes cpu total s": sum(cpu)})
    return out


def _compare(before, after, key: str) -> str:
    old = {(r["language"], r["answer"]): r[key] for r in before}
    smaller = larger = same = 0
    for r in after:
        b, a = old.get((r["language"], r["answer"])), r[key]
        if a is None or b is None:
            continue
        smaller += a < b
        larger += a > b
        same += a == b
    return f"{smaller} smaller, {larger} larger, {same} unchanged"


def main(argv=None) -> None:
    from attnlogic.automata.census import minimal_dfas
    from attnlogic.automata.sources import load_language
    from attnlogic.definability.engine.classify import classify

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3)
    parser.add_argument("--save", default=None)
    parser.add_argument("--before", default=None)
    parser.add_argument("--no-classes", action="store_true",
                        help="skip the second classification with --class subregular")
    args = parser.parse_args(argv)

    classify(next(iter(minimal_dfas(2, "ab"))))          # imports and first calls, not counted
    rows = _rows(minimal_dfas(args.states, "ab"), not args.no_classes)
    if args.save:
        with open(args.save, "w") as fh:
            json.dump(rows, fh)
    now = _summary(rows)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"census <= {args.states} states over ab: {len({r['language'] for r in rows})} languages, "
          f"{len(rows)} answers (default options); peak RSS {peak:.0f} MB")
    columns = [("now", now)]
    if args.before:
        with open(args.before) as fh:
            before = json.load(fh)
        columns.insert(0, ("before", _summary(before)))
    print(f"{'':>26}" + "".join(f"{name:>12}" for name, _ in columns))
    for key in now:
        print(f"{key:>26}" + "".join(f"{s[key]:>12.2f}" if isinstance(s.get(key), float) else f"{s.get(key, '-'):>12}"
                                    for _, s in columns))
    if args.before:
        print(f"certificates, answer by answer: {_compare(before, rows, 'nodes')}")
        print(f"witnesses, answer by answer:    {_compare(before, rows, 'letters')} "
              "(the classes' witnesses included)")
    print("\nthe issue's examples:")
    for name, regex, alphabet in EXAMPLES:
        c = classify(load_language(regex=regex, alphabet=list(alphabet)).dfa)
        for r in c.results:
            if r.fragment in ("LTL[P]", "LTL[P,Y]"):
                shown = (str(r.formula) if r.formula is not None else
                         f"{''.join(r.witness.accepted)} / {''.join(r.witness.rejected)}"
                         if r.witness is not None else "-")
                print(f"  {name:>12} {str(r.fragment):>9}: {shown}")


if __name__ == "__main__":
    main()
