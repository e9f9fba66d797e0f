"""``verify``'s re-decision of Knast's identity (DD1, PLT, TPLT "yes" answers): its category
form (:func:`attnlogic.definability.checks.verify_knast.verify_knast`) against the
enumeration of every instantiation it replaced
(:func:`attnlogic.definability.checks.verify.enumerated_identity_check`, within
``IDENTITY_CHECK_INSTANTIATIONS``), in the same process, on the groups of DFAs of
``benchmarks.bench_knast`` and on larger dot-depth-one languages.

Columns per group: DFAs, the largest syntactic semigroup, how many each check settled (the
rest refused past its budget), the median and largest time of each, the ratio of the summed
times over the DFAs both settled, and the peak traced memory of the category form on the
group's largest semigroup.  The two verdicts must agree wherever both settle, and the
category form must agree with the decider everywhere (asserted).

Run:  .venv/bin/python -m benchmarks.bench_verify_knast
"""

from __future__ import annotations

import statistics
import time

from benchmarks import time_and_peak
from benchmarks.bench_knast import _groups


def _larger():
    """Dot-depth-one languages with semigroups of hundreds to thousands of elements: ordered
    factors over three and four letters (Boolean combinations of A*u₀A*u₁…A*)."""
    import attnlogic as al

    def any_(letters):
        return "(" + "|".join(letters) + ")*"

    def chain(factors, letters):
        return any_(letters) + any_(letters).join(factors) + any_(letters)

    out = []
    for factors, letters in ((("ab", "bc", "ca"), "abc"), (("ab", "ba", "ab", "ba"), "ab"),
                             (("abc", "cb", "ba"), "abc"), (("ab", "cd", "da"), "abcd"),
                             (("abc", "bca", "cab"), "abc"), (("ab", "bc", "cd", "da"), "abcd")):
        out.append(al.load_language(regex=chain(factors, letters), alphabet=letters).dfa)
    return out


def _timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def main() -> None:
    from attnlogic.definability.checks.verify import enumerated_identity_check
    from attnlogic.definability.checks.verify_knast import KNAST, verify_knast
    from attnlogic.definability.varieties.dot_depth import decide_dot_depth_one
    from attnlogic.definability.varieties.identities import structure_of
    from attnlogic.kernel.errors import LimitExceeded

    print(f"{'group':<32} {'n':>3} {'|S| max':>7} | {'cat ok':>6} {'med':>8} {'max':>8} | {'enum ok':>7} "
          f"{'med':>8} {'max':>8} | {'cat/enum':>8} | {'peak MB':>7}")
    for name, dfas in _groups() + [("dot-depth one, 3-4 letters", _larger())]:
        rows = []
        for d in dfas:
            size = structure_of(d, False).size
            truth = decide_dot_depth_one(d)[0]
            try:
                t_cat, got = _timed(lambda: verify_knast(d))
                assert got.valid == truth, d
            except LimitExceeded:
                t_cat = None
            try:
                t_enum, old = _timed(lambda: enumerated_identity_check(d, KNAST, monoid=False))
                assert old.valid == truth, d
            except LimitExceeded:
                t_enum = None
            rows.append((size, t_cat, t_enum, d))
        big = max((r for r in rows if r[1] is not None), key=lambda r: r[0], default=None)
        peak = time_and_peak(lambda: verify_knast(big[3]))[1] if big else 0

        def stats(i):
            vals = [r[i] for r in rows if r[i] is not None]
            return (len(vals), f"{statistics.median(vals) * 1e3:7.1f}m", f"{max(vals) * 1e3:7.1f}m") \
                if vals else (0, "-", "-")

        both = [r for r in rows if r[1] is not None and r[2] is not None]
        ratio = f"{sum(r[1] for r in both) / sum(r[2] for r in both):8.3f}" if both else "       -"
        c, e = stats(1), stats(2)
        print(f"{name:<32} {len(rows):>3} {max(r[0] for r in rows):>7} | {c[0]:>6} {c[1]:>8} {c[2]:>8} | "
              f"{e[0]:>7} {e[1]:>8} {e[2]:>8} | {ratio} | {peak / 2 ** 20:7.1f}")
    print("cat: the category form (verify_knast); enum: every instantiation enumerated (the check before "
          "it); ok: settled within its budget; times in ms (m); peak: traced memory of cat on the largest "
          "semigroup it settled")


if __name__ == "__main__":
    main()
