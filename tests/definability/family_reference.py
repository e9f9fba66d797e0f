"""The test oracle for the pumped families that ``verify --family`` accepts: each form's
printed bound (docs/decision-procedures.md §4.3a) checked by the literal type recursion of
type_reference.py at the printed exponent and the next ones, every depth ≤ 4 it covers,
and each form's membership claim checked on the DFA."""

from __future__ import annotations

import itertools

from type_reference import same_type_at_end


def check_family(d, fr, data: dict, counts: dict | None = None) -> dict:
    """Check the decomposition ``data`` (the ``family`` of a verify answer: ``form``, its
    words' parts, ``per_depth``) of a pair for the fragment ``fr`` on the DFA ``d``; counts
    (``checked``: exponent-depth pairs the bound covers; ``one deeper fails``: pairs one depth
    past the bound whose types differ, so the check is sharp; ``old bound wrong``: lasso pairs
    the earlier bound M·|p| ≥ |l| + d·k + |p| covered that differ) are added to ``counts``."""
    counts = {"checked": 0, "old bound wrong": 0, "one deeper fails": 0} if counts is None else counts
    k, past, _ = fr.type_sets
    k = k or 0
    form, s = data["form"], data.get("per_depth")
    if form == "lasso":
        l, p, x, y, N = data["prefix"], data["period"], data["tail_in"], data["tail_out"], data["N"]
        assert s == (max(k, len(p)) if past else k)
        for M in range(N, N + 3):
            u, v = l + p * M + x, l + p * M + y
            for depth in range(1, 5):
                equal = same_type_at_end(u, v, k, past, depth)
                if M * len(p) >= depth * s:
                    assert equal, (fr, data, M, depth)
                    counts["checked"] += 1
                elif (M * len(p) >= (depth - 1) * s) and not equal:
                    counts["one deeper fails"] += 1          # the bound is not loose by a depth
                if M * len(p) >= len(l) + depth * k + len(p) and not equal:
                    counts["old bound wrong"] += 1
        for j in range(3):
            M = N + j * data["cycle"]
            assert d.accepts(l + p * M + x) != d.accepts(l + p * M + y)
    elif form == "suffix":
        u1, u2, x, v, K0 = data["prefix_in"], data["prefix_out"], data["factor"], data["suffix"], data["K"]
        assert not past and s == k
        for K in range(K0, K0 + 3):
            for depth in range(1, 5):
                equal = same_type_at_end(u1 + x * K + v, u2 + x * K + v, k, False, depth)
                if K * len(x) >= depth * k:
                    assert equal, (data, K, depth)
                    counts["checked"] += 1
                elif K * len(x) >= (depth - 1) * k and not equal:
                    counts["one deeper fails"] += 1
        for j in range(3):
            K = K0 + j * data["cycle"]
            assert d.accepts(u1 + x * K + v) != d.accepts(u2 + x * K + v)
    elif form == "two periods":
        assert not past and s == k
        l1, p, x, N0 = data["prefix_in"], data["period"], data["tail_in"], data["N"]
        l2, q, y, M0 = data["prefix_out"], data["period_out"], data["tail_out"], data["M"]
        for N, M in itertools.product(range(N0, N0 + 2), range(M0, M0 + 2)):
            for depth in range(1, 5):
                equal = same_type_at_end(l1 + p * N + x, l2 + q * M + y, k, False, depth)
                if N * len(p) >= depth * k and M * len(q) >= depth * k:
                    assert equal, (data, N, M, depth)
                    counts["checked"] += 1
                elif min(N * len(p), M * len(q)) >= (depth - 1) * k and not equal:
                    counts["one deeper fails"] += 1
        for i, j in ((0, 0), (1, 0), (0, 2)):
            assert d.accepts(l1 + p * (N0 + i * data["cycle"]) + x) != \
                d.accepts(l2 + q * (M0 + j * data["cycle_out"]) + y)
    elif form == "aperiodicity":     # membership of u·x^n·v periodic from n = 0, not constant
        t = data["cycle"]
        row = [d.accepts(data["prefix"] + data["factor"] * n + data["suffix"]) for n in range(4 * t + 8)]
        assert t >= 2 and all(row[n] == row[n + t] for n in range(len(row) - t)) and len(set(row)) == 2
        counts["checked"] += 1
    else:                                                  # pragma: no cover
        raise AssertionError(form)
    counts[form] = counts.get(form, 0) + 1
    return counts
