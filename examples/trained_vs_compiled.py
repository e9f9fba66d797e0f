"""Trained against compiled: the same attention pattern, learned by gradient descent or written down.

For each quick language this script
* compiles a formula of LTL[P,Y] that defines it (``attnlogic.compiler``) into exact
  transformer weights, and
* trains a small hybrid:1 transformer on lengths ≤ 20 (the ``--quick`` recipe).
It then evaluates both models on the same random, adversarial and periodic test sets, at
lengths 21 to --test-max. It prints a Markdown table, or JSON with --json.

    python examples/trained_vs_compiled.py [--test-max 200] [--steps 300] [--json]

The formulas are those of Li & Cotterell (NeurIPS 2025, arXiv 2505.23623) for these languages:
* ENDS-A = Y a;
* STARTS-A = P(a ∧ ¬P⊤);
* LT-2 = P(b ∧ Y a);
* (ab)* = ¬P⊤ ∨ (P(a ∧ ¬P⊤) ∧ Y b ∧ ¬P(a ∧ Y a) ∧ ¬P(b ∧ Y b)).

Each compiled model is checked against the language's DFA, so the script refuses to report a
formula that does not define its language.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from dataclasses import replace

from attnlogic.experiments.data import LanguageData
from attnlogic.experiments.evaluate import EvalConfig, evaluate_model
from attnlogic.experiments.grid import PRESETS
from attnlogic.experiments.languages import get_language
from attnlogic.experiments.train import train

FORMULAS = {
    "ENDS-A": "Y a",
    "STARTS-A": "P(a & !P true)",
    "LT-2": "P(b & Y a)",
    "DYCK-(1,1)": "!P true | (P(a & !P true) & Y b & !P(a & Y a) & !P(b & Y b))",
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--test-max", type=int, default=200)
    ap.add_argument("--steps", type=int, default=PRESETS["quick"].template.steps)
    ap.add_argument("--samples", type=int, default=64)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from attnlogic.compiler import compile_formula

    template = replace(PRESETS["quick"].template, steps=args.steps)
    ev = EvalConfig(test_min=21, test_max=args.test_max, samples=args.samples, train_max=20)
    rows = []
    for name, formula in FORMULAS.items():
        spec = get_language(name)
        data = LanguageData(spec, args.test_max)
        compiled = compile_formula(formula, alphabet=list(spec.alphabet))
        if tuple(compiled.vocab.alphabet) != spec.alphabet:
            raise SystemExit(f"{name}: compiled alphabet {compiled.vocab.alphabet} differs from {spec.alphabet}")
        for n in range(7):     # the formula must define the language: check it on every short word
            for w in itertools.product(spec.alphabet, repeat=n):
                if compiled.accepts(w) != data.dfa.accepts(w):
                    raise SystemExit(f"{name}: the formula {formula!r} disagrees with the DFA on {''.join(w)!r}")
        trained = train(replace(template, language=name, pattern="hybrid:1"), data=data, progress=False).model
        for label, model in (("compiled", compiled.model), ("trained hybrid:1", trained)):
            sets = evaluate_model(model, data, ev)
            rows.append({"language": name, "model": label, "formula": formula if label == "compiled" else None,
                         **{f"{k}_accuracy": v.accuracy for k, v in sets.items()},
                         "longest_perfect_length": sets["random"].longest_perfect_length,
                         "parameters": sum(p.numel() for p in model.parameters())})
        print(f"{name} done", file=sys.stderr)
    if args.json:
        print(json.dumps({"results": rows}))
        return 0
    print(f"Test lengths 21–{args.test_max}, {args.samples} words per length.\n")
    print("| language | model | random | adversarial | periodic | N* | parameters |")
    print("|---|---|---|---|---|---|---|")
    fmt = lambda x: "–" if x is None else f"{100 * x:.1f}"  # noqa: E731
    for r in rows:
        print(f"| {r['language']} | {r['model']} | {fmt(r['random_accuracy'])} | {fmt(r['adversarial_accuracy'])} "
              f"| {fmt(r['periodic_accuracy'])} | {r['longest_perfect_length']} | {r['parameters']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
