"""Extraction of the automaton a model computes (issue 44): queries, time and peak memory per
extraction, and whether the extracted DFA is exactly the source's minimal DFA.

Models: compiled models of a seeded sample of the census languages with at most
``--max-states`` states over {a, b} that a compilable fragment defines (classified over
LTL[P], LTL[Y], LTL[P,Y], LTL[S]; the certificate :func:`attnlogic.pipeline.choose_certificate`
picks, compiled by :func:`attnlogic.compile_formula`), compiled models of the suite's LT-2 and
DYCK-(1,1), and a numpy model of the parity of a's (not star-free, so not compiled).

For each model, ours (:func:`attnlogic.testing.extract.extract_dfa`: L* with Rivest–Schapire
counterexample processing, batched and memoised membership) and, where AALpy is installed
(``pip install 'attnlogic[extract-peers]'``), AALpy's ``run_Lstar`` (Rivest–Schapire too, its
own cache) on the same oracles: membership by a fresh :class:`ModelOracle` (AALpy asks one
word at a time, its outputs after every letter), equivalence by the same
:class:`CheckEquivalence`.  Columns: ``exact`` (the extracted DFA is the source's minimal
DFA), ``mq`` (membership queries the learner asked: distinct words for ours, the queries
reaching the model's SUL for AALpy), ``runs`` (forward passes: calls of the model),
``words`` (words run through the model), ``s`` (wall seconds of an untraced run) and ``MB``
(peak traced Python/numpy memory of a second, traced run; torch's own buffers are not
traced).

    python -m benchmarks.bench_extract [--sample 20] [--max-states 4] [--seed 0] [--no-peer] [--no-memory]

The issue's 200 census languages: ``--sample 200 --no-peer --no-memory`` (exactness; about
ten minutes on a shared core).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from . import time_and_peak

#: the equivalence queries' words, per round (small: the sample is many models)
WORDS = dict(exhaustive_length=6, max_length=20, long_length=100, long_count=4)


class Counted:
    """A model that counts its calls (forward passes)."""

    def __init__(self, model):
        self.model, self.calls = model, 0

    def __call__(self, tokens):
        self.calls += 1
        return self.model(tokens)


def parity(tokens):
    is_a = (np.asarray(tokens) == 0).astype(np.int64)
    return np.where((np.cumsum(is_a, axis=1) - is_a) % 2 == 0, 1.0, -1.0)


def cases(sample: int, max_states: int, seed: int):
    """(name, callable model, its adapter options, the source's minimal DFA)."""
    import attnlogic as al
    from attnlogic.automata.census import minimal_dfas
    from attnlogic.pipeline import choose_certificate

    rng = np.random.default_rng(seed)
    pool = list(minimal_dfas(max_states, "ab"))
    order = rng.permutation(len(pool))
    out, tried = [], 0
    for i in order:
        if len(out) >= sample:
            break
        d = pool[int(i)]
        tried += 1
        chosen, _ = choose_certificate(al.classify(d, windows=(), minimal=True))
        if chosen is None:
            continue
        out.append((f"census #{int(i)} ({d.n_states}s, {chosen.fragment})",
                    al.compile_formula(chosen.formula, "ab"), d.minimal()))
    print(f"census sample: {len(out)} compilable languages of {tried} drawn from {len(pool)} "
          f"(at most {max_states} states over {{a, b}})")
    for name, regex, alphabet, formula in (("LT-2", "(a|b|c)*ab(a|b|c)*", "abc", "P (b & Y a)"),
                                           ("DYCK-(1,1)", "(ab)*", "ab",
                                            "H (a -> !Y a) & H (b -> Y a) & (Y b | !Y (a | !a))")):
        out.append((name, al.compile_formula(formula, alphabet), al.load_language(regex=regex, alphabet=alphabet)
                    .dfa.minimal()))
    out.append(("PARITY (numpy)", parity, al.regex_to_dfa("(b*ab*a)*b*", "ab").minimal()))
    return out


def _net(model):
    """The callable and the adapter's options of a compiled model or a numpy model."""
    from attnlogic.testing.adapter import unwrap_model

    net, letters = unwrap_model(model)
    if letters is None:
        return net, {"tensors": "numpy"}
    return net, {"token_ids": {a: i for i, a in enumerate(letters)}, "eos": len(letters), "pad": len(letters)}


def ours(model, alphabet):
    from attnlogic.testing.extract import extract_dfa

    net, options = _net(model)
    counted = Counted(net)
    x = extract_dfa(counted, alphabet=alphabet, **options, **WORDS)
    return x.dfa if x.complete else None, x.queries, counted.calls, x.model_words


def peer(model, alphabet):
    """AALpy's L* on the same oracles."""
    from aalpy.base import SUL, Oracle
    from aalpy.learning_algs import run_Lstar

    from attnlogic.automata.convert import from_aalpy
    from attnlogic.testing import Adapter
    from attnlogic.testing.extract import CheckEquivalence, ModelOracle

    net, options = _net(model)
    counted = Counted(net)
    letters = tuple(alphabet)
    oracle = ModelOracle(counted, Adapter(letters, **options), max_queries=10 ** 9, deadline=None, room=None)

    class ModelSUL(SUL):
        def query(self, word):               # every prefix's answer from one model call
            self.num_queries += 1
            coded = tuple(letters.index(a) for a in word)
            d = oracle.decisions([coded])[0]
            return [bool(d[0])] if not word else [bool(x) for x in d[1:]]

        def pre(self):
            pass

        def post(self):
            pass

        def step(self, letter):
            raise NotImplementedError

    equivalence = CheckEquivalence(oracle, **WORDS)

    class Equivalence(Oracle):
        def find_cex(self, hypothesis):
            w = equivalence(from_aalpy(hypothesis, letters))
            return None if w is None else tuple(letters[a] for a in w)

    sul = ModelSUL()
    learned = run_Lstar(list(letters), sul, Equivalence(list(letters), sul), automaton_type="dfa",
                        cex_processing="rs", print_level=0)
    return from_aalpy(learned, letters).minimal(), sul.num_queries, counted.calls, oracle.words


def _mb(peak: int) -> str:
    return "-" if not peak else f"{peak / 2 ** 20:.1f}"


def _untraced(fn):
    """(seconds, peak: 0 = not measured, result) of one run."""
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, 0, out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, default=20)
    ap.add_argument("--max-states", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-peer", action="store_true")
    ap.add_argument("--no-memory", action="store_true", help="one untraced run per extraction (MB not measured)")
    args = ap.parse_args(argv)
    measure = _untraced if args.no_memory else time_and_peak
    try:
        import aalpy  # noqa: F401
        have_peer = not args.no_peer
    except ImportError:
        have_peer = False
        print("AALpy is not installed (pip install 'attnlogic[extract-peers]'): ours only")
    t0 = time.perf_counter()
    rows = cases(args.sample, args.max_states, args.seed)
    print(f"models built in {time.perf_counter() - t0:.1f} s; equivalence words per round: {WORDS}\n")
    head = f"{'model':<34} {'n':>2} | {'exact':>5} {'mq':>5} {'runs':>5} {'words':>6} {'s':>6} {'MB':>6}"
    if have_peer:
        head += f" | {'AALpy':>5} {'mq':>5} {'runs':>5} {'words':>6} {'s':>6} {'MB':>6} | runs ratio"
    print(head)
    totals = {"ours": [0, 0, 0.0], "peer": [0, 0, 0.0]}
    exact = {"ours": 0, "peer": 0}
    for name, model, source in rows:
        alphabet = source.alphabet
        s, peak, (dfa, mq, calls, words) = measure(lambda: ours(model, alphabet))
        ok = dfa is not None and dfa == source
        exact["ours"] += ok
        totals["ours"][0] += calls
        totals["ours"][1] += words
        totals["ours"][2] += s
        line = (f"{name:<34} {source.n_states:>2} | {'yes' if ok else 'NO':>5} {mq:>5} {calls:>5} {words:>6} "
                f"{s:>6.2f} {_mb(peak):>6}")
        if have_peer:
            ps, ppeak, (pdfa, pmq, pcalls, pwords) = measure(lambda: peer(model, alphabet))
            pok = pdfa == source
            exact["peer"] += pok
            totals["peer"][0] += pcalls
            totals["peer"][1] += pwords
            totals["peer"][2] += ps
            line += (f" | {'yes' if pok else 'NO':>5} {pmq:>5} {pcalls:>5} {pwords:>6} {ps:>6.2f} "
                     f"{_mb(ppeak):>6} | {pcalls / max(1, calls):>6.2f}")
        print(line)
        sys.stdout.flush()
    n = len(rows)
    o = totals["ours"]
    print(f"\nours: {exact['ours']}/{n} exact; {o[0]} forward passes, {o[1]} words, {o[2]:.1f} s in all")
    if have_peer:
        p = totals["peer"]
        print(f"AALpy L*: {exact['peer']}/{n} exact; {p[0]} forward passes, {p[1]} words, {p[2]:.1f} s in all; "
              f"forward passes AALpy/ours = {p[0] / max(1, o[0]):.2f}, time AALpy/ours = {p[2] / max(1e-9, o[2]):.2f}")
    return 0 if exact["ours"] == n else 1


if __name__ == "__main__":
    sys.exit(main())
