"""Every star-free language of the census (minimal DFAs of at most 3 states over ab)
compiled into a masked hard-attention model (``compile --pattern masked_hard``: B-RASP
heads from the LTL[S] certificate), checked against its DFA on every prefix of long words
(float32), and its proof (testing/model_proof.py) re-checked from the saved files.

    python -m benchmarks star_free_census                       # words of 10^5 letters
    STAR_FREE_LENGTH=1000 python -m benchmarks star_free_census # quicker

Prints the counts (star-free languages, compiled, agreeing, proofs valid, proofs at every
length), the largest model, the time and the peak resident memory.
"""

from __future__ import annotations

import os
import resource
import tempfile
import time
from pathlib import Path


def main() -> None:
    from attnlogic.automata.sources import Language
    from attnlogic.definability.census import census
    from attnlogic.pipeline import compile_language
    from attnlogic.testing.model_proof import verify_saved_model

    length = int(os.environ.get("STAR_FREE_LENGTH", "100000"))
    samples = int(os.environ.get("STAR_FREE_SAMPLES", "3"))
    t0 = time.perf_counter()
    c = census(3, "ab")
    i = c.fragments.index(next(f for f in c.fragments if str(f) == "LTL[S]"))
    star_free = [e for e in c.entries if e.verdicts[i]]
    compiled = agree = valid = every = 0
    words = decisions = 0
    largest = (0, 0, "")
    failures = []
    with tempfile.TemporaryDirectory() as d:
        for n, e in enumerate(star_free):
            lang = Language(e.dfa, "dfa", "<DFA object>")
            try:
                r = compile_language(lang, pattern="masked_hard", check_length=length, check_samples=samples)
            except Exception as exc:          # noqa: BLE001 — counted and printed
                failures.append(f"#{n}: {type(exc).__name__}: {exc}")
                continue
            compiled += 1
            agree += bool(r.check.agrees)
            words += r.check.words
            decisions += r.check.decisions
            if not r.check.agrees:
                failures.append(f"#{n}: disagrees on {r.check.counterexample_text!r}")
            path = Path(d) / f"m{n}.safetensors"
            r.compiled.save(path)
            p = verify_saved_model(path)
            valid += p.valid
            every += p.valid and p.length is None
            if not p.valid:
                failures.append(f"#{n}: proof: {p.reason}")
            largest = max(largest, (r.compiled.layers, r.compiled.heads, r.compiled.formula))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"census <= 3 states over ab: {len(c.entries)} languages, {len(star_free)} star-free")
    print(f"compiled {compiled}, agree with the DFA {agree} (every prefix of {words} words, {decisions} "
          f"prefixes, {samples} words of {length} letters each plus the short words, float32)")
    print(f"proofs valid {valid}, at every length {every}")
    print(f"largest model: {largest[0]} layers, {largest[1]} heads ({largest[2][:80]})")
    print(f"time {time.perf_counter() - t0:.1f} s, peak RSS {peak:.0f} MB")
    for line in failures[:20]:
        print("  " + line)


if __name__ == "__main__":
    main()
