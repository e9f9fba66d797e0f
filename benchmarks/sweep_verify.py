"""Every answer of every class re-checked by ``verify --class`` (a sweep for the referee's gaps).

The languages: every ``--step``-th minimal DFA of the census (``--max-states``, ``--alphabet``),
census order; or, with ``--files GLOB``, the automata in those files (any format
``--dfa`` reads, e.g. MLRegTest's ``.att`` in tests/data/mlregtest); or, with ``--random
SEED:COUNT``, the first COUNT DFAs of that seed of :mod:`benchmarks.bench_every_class`'s sweep
(5–11 states, 2–3 letters: monoids of thousands of elements).  Each is classified with certificates, window 2 and every registered class
(as ``classify --class …`` for each), and each decided answer is re-checked by the request
``verify --class NAME --answer`` runs (:class:`attnlogic.request.VerifyRequest`).  Counted per
class: valid; NOT valid (a fault found in one of our own answers: a bug, listed with the
language); refused (the check stopped at its own bound or a budget: nothing verified, listed
with the bound); and undecided answers (not checked).

Run:  .venv/bin/python -m benchmarks.sweep_verify --step 250
      .venv/bin/python -m benchmarks.sweep_verify --files 'tests/data/mlregtest/*.att'
      .venv/bin/python -m benchmarks.sweep_verify --random 6:10
"""

from __future__ import annotations

import argparse
import collections
import time


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sweep_verify")
    parser.add_argument("--step", type=int, default=250)
    parser.add_argument("--max-states", type=int, default=4)
    parser.add_argument("--alphabet", default="ab")
    parser.add_argument("--files", default="", help="a glob of automaton files instead of the census")
    parser.add_argument("--random", default="", help="SEED:COUNT: bench_every_class's random DFAs instead")
    args = parser.parse_args(argv)
    import glob

    import attnlogic

    from attnlogic.automata.census import minimal_dfas
    from attnlogic.definability.engine.classify import classify
    from attnlogic.definability.engine.registry import CLASSES
    from attnlogic.kernel.errors import LimitExceeded
    from attnlogic.request import Source, VerifyRequest

    names = [c.name for c in CLASSES if c.name != "LTL[Y<=k], LTL[P,Y<=k]"]
    counts: dict = collections.defaultdict(collections.Counter)
    faults, refusals = [], []
    start, languages = time.time(), 0
    if args.random:
        from benchmarks.bench_every_class import random_dfa

        seed, count = (int(x) for x in args.random.split(":"))
        dfas = ((i, random_dfa(seed, i)) for i in range(count))
        where = f"{count} random DFAs of seed {seed}"
    elif args.files:
        files = sorted(glob.glob(args.files))
        dfas = ((i, attnlogic.load_language(dfa=f).dfa) for i, f in enumerate(files))
        where = f"{len(files)} files {args.files}"
    else:
        dfas = ((i, d) for i, d in enumerate(minimal_dfas(args.max_states, tuple(args.alphabet)))
                if i % args.step == 0)
        where = f"every {args.step}th of the census ≤ {args.max_states} states over {args.alphabet}"
    for i, d in dfas:
        languages += 1
        j = classify(d, windows=(2,), classes=names).to_json()
        source = Source(kind="dfa", text=d.to_json(), filename="census.json")
        for name, answer in {**j["fragments"], **j["classes"]}.items():
            if answer.get("member") is None:
                counts[name]["undecided"] += 1
                continue
            try:
                got = VerifyRequest(source, class_name=name, class_answer=answer).answer().result
            except LimitExceeded as exc:
                counts[name]["refused"] += 1
                refusals.append((i, name, str(exc)[:160]))
                continue
            counts[name]["valid" if got.valid else "NOT valid"] += 1
            if not got.valid:
                faults.append((i, name, got.reason[:200]))
    total = collections.Counter()
    for c in counts.values():
        total.update(c)
    print(f"{languages} languages ({where}), {len(names)} classes, {time.time() - start:.0f} s")
    print(f"answers: {total['valid']} valid, {total['NOT valid']} NOT valid, {total['refused']} refused, "
          f"{total['undecided']} undecided")
    for name in sorted(counts, key=lambda n: -(counts[n]["refused"] + counts[n]["NOT valid"])):
        c = counts[name]
        if c["refused"] or c["NOT valid"]:
            print(f"  {name}: {c['valid']} valid, {c['NOT valid']} NOT valid, {c['refused']} refused")
    undecided = {n: c["undecided"] for n, c in counts.items() if c["undecided"]}
    if undecided:
        print("undecided: " + ", ".join(f"{n} {k}" for n, k in sorted(undecided.items(), key=lambda x: -x[1])))
    for i, name, why in faults:
        print(f"NOT valid: #{i} {name}: {why}")
    for i, name, why in refusals[:40]:
        print(f"refused: #{i} {name}: {why}")
    return 1 if faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
